"""Optional dependencies: clear errors naming the extra that installs them.

``pip install gbrff`` brings the engine, the estimators, the RFF baselines and
the data loaders. The other parts need the extras declared in
``pyproject.toml``: ``[experiments]`` (pandas, LightGBM, Plotly: the runner
and its reports), ``[app]`` (Streamlit, Plotly, pandas, LightGBM),
``[dask]`` (``--backend dask``) and ``[xgboost]`` (the XGB baseline). A module
of such a part imported without its extra raises a
:class:`ModuleNotFoundError` (an :class:`ImportError`) that says which extra
to install, instead of a bare ``No module named 'pandas'``.
"""

import importlib
import importlib.util

__all__ = ["import_optional", "require"]


def _message(part, missing, extras):
    extras = (extras,) if isinstance(extras, str) else tuple(extras)
    how = " or ".join(f"pip install 'gbrff[{e}]'" for e in extras)
    return f"{part} needs {', '.join(missing)}, which is not installed; install it with {how}"


def require(part, extras, *modules):
    """Raise if one of the top-level ``modules`` is not installed.

    Parameters
    ----------
    part : str
        What needs them, for the message (e.g. ``"gbrff.experiments"``).
    extras : str or tuple of str
        The extra(s) of gbrff that install them.
    *modules : str
        Top-level module names; found without importing them.

    Raises
    ------
    ModuleNotFoundError
        Naming the missing modules and ``pip install 'gbrff[extra]'``.
    """
    missing = [m for m in modules if importlib.util.find_spec(m) is None]
    if missing:
        raise ModuleNotFoundError(_message(part, missing, extras), name=missing[0])


def import_optional(module, part, extras):
    """Import and return ``module``; if it is not installed, raise an error
    naming the extra(s) of gbrff that install it (see :func:`require`)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        top = module.split(".")[0]
        if exc.name not in (module, top):      # the package is there but broken: not ours to explain
            raise
        raise ModuleNotFoundError(_message(part, [top], extras), name=top) from exc
