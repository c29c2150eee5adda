"""``get_method``: a method's :class:`MethodSpec` by its name, wherever it is listed."""

from ._paper_methods import METHODS
from ._thesis_methods import THESIS_METHODS

__all__ = ["get_method"]


def get_method(name):
    """Return the :class:`MethodSpec` called ``name``.

    Parameters
    ----------
    name : str
        A method of :data:`METHODS` (e.g. "GBRFF2") or of the random-features
        thesis (:data:`gbrff.methods.THESIS_METHODS`, e.g. "LogReg+RFF").

    Returns
    -------
    MethodSpec
        The method's constructor, grid, reference, label and colour.

    Raises
    ------
    ValueError
        Unknown name; the message lists the valid ones.

    Examples
    --------
    >>> from gbrff.methods import get_method
    >>> spec = get_method("GBRFF1")
    >>> spec.label, spec.in_paper
    ('GBRFF1', True)
    """
    try:
        return METHODS[name] if name in METHODS else THESIS_METHODS[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown method {name!r}; valid names: {', '.join(METHODS)}, "
                         f"and the thesis's: {', '.join(THESIS_METHODS)}") from None
