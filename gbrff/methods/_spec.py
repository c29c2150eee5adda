"""``MethodSpec``: what the registry knows of one method."""

from dataclasses import dataclass
from typing import Callable

from sklearn.base import BaseEstimator

__all__ = ["MethodSpec"]


@dataclass(frozen=True)
class MethodSpec:
    """One comparison method: how to build it, which grid the paper searches, how it is shown.

    ``label`` is the method's name in running text (``name`` when empty),
    ``color`` its colour in every figure, ``in_paper`` whether it is a
    column of the paper's Table 2. ``make_default(random_state)`` builds the
    estimator as a user gets it, at its own defaults (one thread and the
    seed aside), for the out-of-the-box experiment; None when ``make(100,
    random_state)`` is that already (``make`` may set options for the
    paper's protocol, as GBRFF's ``standardize=False``).
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
