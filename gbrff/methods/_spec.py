"""``MethodSpec``: what the registry knows of one method."""

from dataclasses import dataclass
from typing import Callable

from sklearn.base import BaseEstimator

__all__ = ["MethodSpec"]


@dataclass(frozen=True)
class MethodSpec:
    """One comparison method: how to build it, which grid the paper searches, how it is shown.

    Parameters
    ----------
    name : str
        The method's key in the registry (``"GBRFF2"``, ``"LGBM"``, ...).
    make : callable
        ``make(n_iter, random_state)``: the estimator as the paper's protocol
        runs it (it may set options of that protocol, as GBRFF's
        ``standardize=False``, and one thread).
    grid : callable
        ``grid(n_features)``: the hyper-parameter grid the paper searches
        (a dict, or a list of dicts, as ``GridSearchCV`` takes it).
    reference : str
        The paper the method comes from.
    label : str, default=""
        The method's name in running text; ``name`` when empty.
    color : str, default="#17becf"
        Its colour in every figure.
    in_paper : bool, default=True
        Whether it is a column of the GBRFF paper's Table 2.
    make_default : callable or None, default=None
        ``make_default(random_state)`` builds the estimator as a user gets it,
        at its own defaults (one thread and the seed aside), for the
        out-of-the-box experiment; None when ``make(100, random_state)`` is
        that already.
    preprint_grid : callable or None, default=None
        The 2019 preprint's protocol (its section 5): the grid it searches
        (``n_features -> grid``); None: not in it.
    preprint_fixed : tuple, default=()
        The parameters the preprint's protocol fixes, as (name, value) pairs.

    See Also
    --------
    get_method : The spec of a name.

    Examples
    --------
    >>> from gbrff.methods import get_method
    >>> spec = get_method("GBRFF2")
    >>> spec.make(10, 0)
    GBRFF2Classifier(n_estimators=10, n_jobs=1, random_state=0, standardize=False)
    >>> sorted(spec.grid(2))
    ['gamma', 'reg_lambda']
    """

    name: str
    make: Callable[..., BaseEstimator]
    grid: Callable[[int], "dict | list[dict]"]
    reference: str
    label: str = ""
    color: str = "#17becf"
    in_paper: bool = True
    make_default: "Callable[..., BaseEstimator] | None" = None
    #: the 2019 preprint's protocol (its section 5): the grid it searches
    #: (``n_features -> grid``) and the parameters it fixes; None: not in it
    preprint_grid: Callable[[int], "dict | list[dict]"] | None = None
    preprint_fixed: tuple = ()

    def __post_init__(self):
        if not self.label:
            object.__setattr__(self, "label", self.name)
