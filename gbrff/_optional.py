"""Optional dependencies: clear errors naming the extra that installs them.

``pip install gbrff`` brings the engine, the estimators, the RFF baselines and
the data loaders. The other parts need the extras declared in
``pyproject.toml``: ``[experiments]`` (pandas, LightGBM, Plotly: the runner,
its reports and :mod:`gbrff.viz`), ``[dask]`` (``--backend dask``),
``[xgboost]`` (the XGB baseline) and ``[onnx]`` (the ONNX export,
:mod:`gbrff._onnx`); the app's packages come with the checkout's
``requirements.txt`` (there is no ``[app]`` extra). A module
of such a part imported without its extra raises a
:class:`ModuleNotFoundError` (an :class:`ImportError`) that says which extra
to install, instead of a bare ``No module named 'pandas'``.

A command, ``python -m gbrff.experiments ...``, says the same in one line
``gbrff: error: ...`` and exits with code 2 (a command line's mistake), with
no traceback: while Python imports the packages of the module it is asked to
run, ``sys.argv[0]`` is ``"-m"`` (see :func:`_command`), and an extra found
missing then ends the process so; a ``__main__`` runs its command through
:func:`run_command`, which does the same for what the command imports later.
"""

import importlib
import importlib.util
import sys
import warnings

__all__ = ["import_optional", "require", "run_command", "when_imported"]


def _message(part, missing, extras):
    extras = (extras,) if isinstance(extras, str) else tuple(extras)
    how = " or ".join(f"pip install 'gbrff[{e}]'" for e in extras)
    return f"{part} needs {', '.join(missing)}, which is not installed; install it with {how}"


def _command():
    """The module that ``python -m MODULE`` is importing to run, or None.

    Python sets ``sys.argv[0]`` to ``"-m"`` while it locates and imports the
    module and its packages (the documented behaviour of ``-m``), and to the
    module's file once its code runs. The module's name is then the argument
    of ``-m`` in ``sys.orig_argv``: what precedes the user's arguments ends
    with ``-m MODULE`` (``-m`` possibly grouped with other flags, ``-Im``) or
    with ``-mMODULE``.
    """
    if sys.argv[:1] != ["-m"]:
        return None
    orig = list(getattr(sys, "orig_argv", ()))
    head = orig[:len(orig) - (len(sys.argv) - 1)]
    if len(head) >= 3 and head[-2][:1] == "-" and head[-2][1:2] != "-" and head[-2].endswith("m"):
        return head[-1]
    if len(head) >= 2 and head[-1][:1] == "-" and head[-1][1:2] != "-" and "m" in head[-1]:
        return head[-1][head[-1].index("m") + 1:] or None
    return None


def _missing(part, missing, extras):
    """The error of a part without its extra; under ``python -m gbrff....``, while the command
    is being imported, its one line and exit code 2 instead."""
    message = _message(part, missing, extras)
    module = _command() or ""
    if module == "gbrff" or module.startswith("gbrff."):
        print(f"gbrff: error: {message}", file=sys.stderr)
        raise SystemExit(2)
    exc = ModuleNotFoundError(message, name=missing[0])
    exc.gbrff_extras = (extras,) if isinstance(extras, str) else tuple(extras)
    return exc


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
        raise _missing(part, missing, extras)


def import_optional(module, part, extras):
    """Import and return ``module``; if it is not installed, raise an error
    naming the extra(s) of gbrff that install it (see :func:`require`)."""
    try:
        return importlib.import_module(module)
    except ModuleNotFoundError as exc:
        top = module.split(".")[0]
        if exc.name not in (module, top):      # the package is there but broken: not ours to explain
            raise
        raise _missing(part, [top], extras) from exc


def run_command(module, argv=None):
    """Run ``module.main(argv)`` for ``python -m gbrff.X`` and return its exit code; a
    module it imports without its extra (:func:`require`, :func:`import_optional`) is
    the command's one line ``gbrff: error: ...`` and exit code 2, not a traceback."""
    try:
        main = importlib.import_module(module).main
    except ModuleNotFoundError as exc:
        if not getattr(exc, "gbrff_extras", None):
            raise
        print(f"gbrff: error: {exc}", file=sys.stderr)
        return 2
    return main(argv)


class _Loader:
    """A module's own loader (every other attribute is its), that calls
    ``callback(module)`` once the module has run."""

    def __init__(self, loader, callback):
        self._loader, self._callback = loader, callback

    def __getattr__(self, name):
        return getattr(self._loader, name)

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        self._loader.exec_module(module)
        _call(self._callback, module)


class _WhenImported:
    """Finds nothing itself: at the import of ``name``, steps aside and wraps
    the loader that the other finders give (once). Plain classes (the import
    system asks for the methods only): no importlib.abc at gbrff's import."""

    def __init__(self, name, callback):
        self.name, self.callback = name, callback

    def find_spec(self, fullname, path, target=None):
        if fullname != self.name:
            return None
        if self in sys.meta_path:
            sys.meta_path.remove(self)
        spec = importlib.util.find_spec(fullname)
        if spec is not None and spec.loader is not None and hasattr(spec.loader, "exec_module"):
            spec.loader = _Loader(spec.loader, self.callback)
        return spec


def _call(callback, module):
    try:
        callback(module)
    except Exception as exc:  # noqa: BLE001 (a failed hook must not break the package it waited for)
        warnings.warn(f"gbrff could not hook into {module.__name__}: {type(exc).__name__}: "
                      f"{exc}", RuntimeWarning, stacklevel=2)


def when_imported(name, callback):
    """Call ``callback(module)`` when the top-level package ``name`` has been
    imported: now if it already is, else just after its import (a finder on
    ``sys.meta_path`` that does nothing until then), without importing it.
    gbrff registers its skl2onnx converters so (:mod:`gbrff._onnx`): importing
    gbrff does not import skl2onnx, and ``skl2onnx.to_onnx`` knows gbrff's
    estimators whichever of the two is imported first. A callback that raises
    is a RuntimeWarning, not an error of the import."""
    if name in sys.modules:
        _call(callback, sys.modules[name])
    elif not any(isinstance(f, _WhenImported) and f.name == name and f.callback is callback
                 for f in sys.meta_path):
        sys.meta_path.insert(0, _WhenImported(name, callback))
