"""The engine's entry points compiled ahead of time, with the JIT as fallback.

A fresh process that fits with the numba JIT pays, before any arithmetic,
numba's import (~0.25 s) and its first dispatch (the typing and lowering
registries, ~0.3 s, then the on-disk cache). The set-up command
(``pip install -e .``, through ``setup.py``) therefore also compiles the
entry points of :mod:`gbrff._engine` declared in ``ENTRY_POINTS`` (``boost``,
``staged_cosine_sums``) into an extension module, ``gbrff/_aot_kernels``,
with numba's ahead-of-time compiler, for this machine's CPU: the same numba,
the same LLVM, the same CPU name and features as the JIT. pycc cannot link
numba's threads, so the build compiles the engine serially (its block loops
``prange`` as ``range``, the same arithmetic): fits on one thread use it,
fits on several use the JIT, with bit-identical models (tests check it). Loading it does
not import numba (only llvmlite's binding, ~0.05 s, to check the CPU).

The extension is used only when its build record (``_aot_kernels.json``)
matches: the SHA-256 of the kernel sources it was compiled from, the CPU it
was compiled for, and the version of LLVM's binding (numba pins it).
Otherwise (sources edited since, a copy on another CPU, no C compiler at
install, ``GBRFF_ENGINE=jit``) the engine falls back to the JIT kernels,
which give the same models. ``gbrff._boosting.ENGINE`` says which is in use
and why.

The build is :mod:`gbrff._aot_build` (by hand, after editing the kernels:
``python -m gbrff._aot_build``).
"""

import hashlib
import json
import os
import warnings
from pathlib import Path

import numpy as np

_HERE = Path(__file__).resolve().parent
MODULE_NAME = "_aot_kernels"
RECORD = MODULE_NAME + ".json"
# what the compiled code depends on: a change to any of these invalidates it
ENGINE_PACKAGE = "_engine"


def kernel_sources(folder=_HERE):
    """The engine package's modules (paths relative to ``folder``), sorted."""
    return tuple(sorted(p.relative_to(folder).as_posix()
                        for p in (Path(folder) / ENGINE_PACKAGE).glob("*.py")))


KERNEL_SOURCES = kernel_sources()

# The exported entry points: name -> argument types (numba notation), in order,
# and the return type. The loader checks every call's arrays against these
# (dtype, dimensions, C order): compiled ahead of time, the functions do not.
_F4_2 = "float32[:, ::1]"
_F8_1 = "float64[::1]"
_F8_2 = "float64[:, ::1]"
_F8_3 = "float64[:, :, ::1]"
_I8_1 = "int64[::1]"
# Each entry point is declared here once, by its named arguments: the
# ahead-of-time build exports these signatures, the loader checks every call
# against them, and :mod:`gbrff._boosting` calls the entry points by name
# (``call(kernels, "boost", XT=..., ...)``), in whichever engine.
ENTRY_POINTS = {
    "boost": ("int64", (
        ("XT", _F4_2), ("y", _F8_1), ("sw", _F8_1), ("H", _F8_1), ("omegas", _F8_3),
        ("phases", _F8_2), ("qs", _F8_2), ("landmarks", _F8_2), ("alphas", _F8_1),
        ("train_loss", _F8_1), ("learner", "int64"), ("loss", "int64"), ("n_steps", "int64"),
        ("reg_lambda", "float64"), ("beta", "float64"), ("learning_rate", "float64"),
        ("XvT", _F4_2), ("yv", _F8_1), ("swv", _F8_1), ("Hv", _F8_1), ("val_loss", _F8_1),
        ("n_iter_no_change", "int64"), ("tol", "float64"), ("quantile", "float64"),
        ("scale_free", "int64"))),
    "staged_cosine_sums": (_F8_2, (
        ("X", _F8_2), ("W", _F8_2), ("phases", _F8_1), ("coefs", _F8_1), ("group", "int64"),
        ("init", _F8_1), ("stages", _I8_1), ("out", _F8_2))),
    "cosine_sums": ("int64", (
        ("X", _F4_2), ("W", _F8_2), ("phases", _F8_1), ("coefs", _F8_1), ("out", _F8_1),
        ("accumulate", "int64"))),
    "rank_columns": ("int64", (
        ("X", _F8_2), ("values", _F8_1), ("levels", _F8_1), ("offsets", _I8_1), ("out", _F8_2))),
}
# name -> (return type, argument types in order): what the build exports
EXPORTS = {name: (ret, tuple(t for _, t in args)) for name, (ret, args) in ENTRY_POINTS.items()}


def call(kernels, name, **kwargs):
    """Call the entry point ``name`` of ``kernels`` (the compiled module or
    :mod:`gbrff._engine`) with its arguments by name, in the declared order."""
    names = [a for a, _ in ENTRY_POINTS[name][1]]
    if set(kwargs) != set(names):
        missing = sorted(set(names) - set(kwargs))
        extra = sorted(set(kwargs) - set(names))
        raise TypeError(f"{name}: missing arguments {missing}, unknown {extra}")
    return getattr(kernels, name)(*(kwargs[a] for a in names))


def sources_digest(folder=_HERE):
    """SHA-256 over the kernel sources the compiled module is built from."""
    h = hashlib.sha256()
    for name in kernel_sources(folder):
        h.update(name.encode())
        h.update((Path(folder) / name).read_bytes())
    return h.hexdigest()


def clear_jit_cache(package_dir=_HERE):
    """Delete numba's on-disk cache of the engine (``_engine/__pycache__``'s
    index and data files); returns how many files. numba checks only the
    file that defines a cached function, so after an edit of, say,
    ``_bias.py`` the cached ``boost`` of ``_loop.py`` would still run the
    former code in every threaded fit."""
    removed = 0
    for f in (Path(package_dir) / ENGINE_PACKAGE / "__pycache__").glob("*.nb[ic]"):
        f.unlink(missing_ok=True)
        removed += 1
    return removed


#: The digest of the kernel sources the JIT's on-disk cache was made from, beside it.
JIT_STAMP = "gbrff-sources.sha256"


def ensure_fresh_jit_cache(package_dir=_HERE):
    """Clear the engine's JIT cache if the kernel sources changed since it was
    made (:func:`clear_jit_cache`), so that no edit of one engine file leaves a
    cached function of another running the former code; returns how many files
    went. Run when :mod:`gbrff._engine` is imported, before numba loads any of
    its cache (~1 ms: the sources' digest). A cache numba keeps elsewhere
    (``NUMBA_CACHE_DIR``, or its user-wide folder when the package's is
    read-only) is not checked: there the sources change only by a new
    install, which rewrites every file and so invalidates every entry."""
    cache = Path(package_dir) / ENGINE_PACKAGE / "__pycache__"
    digest = sources_digest(package_dir)
    try:
        if (cache / JIT_STAMP).read_text() == digest:
            return 0
    except OSError:
        pass
    removed = clear_jit_cache(package_dir)
    try:
        cache.mkdir(exist_ok=True)
        tmp = cache / f"{JIT_STAMP}.{os.getpid()}"
        tmp.write_text(digest)
        os.replace(tmp, cache / JIT_STAMP)
    except OSError:  # a read-only install: numba caches elsewhere
        pass
    return removed


def host_cpu():
    """(name, features) of this CPU as LLVM, hence numba's JIT, sees it."""
    import llvmlite.binding as ll

    return ll.get_host_cpu_name(), ll.get_host_cpu_features().flatten()


def llvmlite_version():
    """llvmlite's version (its top package is light; the binding loads LLVM)."""
    import llvmlite

    return llvmlite.__version__


def cpuinfo_digest():
    """SHA-256 of this CPU's identity and flags in /proc/cpuinfo (Linux), or None.

    Recorded at build time beside LLVM's view of the CPU: when it matches, the
    loader skips importing llvmlite (~0.05 s of a cold start)."""
    try:
        with open("/proc/cpuinfo") as fh:
            text = fh.read().split("\n\n")[0]
    except OSError:
        return None
    keep = ("vendor_id", "cpu family", "model", "model name", "stepping", "flags")
    lines = [line for line in text.splitlines() if line.split(":")[0].strip() in keep]
    return hashlib.sha256("\n".join(lines).encode()).hexdigest() if lines else None


# ---------------------------------------------------------------------------
# loading
# ---------------------------------------------------------------------------
def _array_spec(text):
    """'float64[:, ::1]' -> (dtype, ndim) of a C-contiguous array, or None for a scalar."""
    if "[" not in text:
        return None
    dtype, dims = text.split("[")
    return np.dtype(dtype), dims.count(",") + 1


class _Checked:
    """An ahead-of-time compiled function behind a check of its arrays."""

    def __init__(self, name, func, arg_types):
        self.__name__ = name
        self._func = func
        self._specs = [_array_spec(a) for a in arg_types]

    def __call__(self, *args):
        if len(args) != len(self._specs):
            raise TypeError(f"{self.__name__} takes {len(self._specs)} arguments, got {len(args)}")
        for k, (a, spec) in enumerate(zip(args, self._specs)):
            if spec is None:
                continue
            dtype, ndim = spec
            if not (isinstance(a, np.ndarray) and a.dtype == dtype and a.ndim == ndim
                    and a.flags.c_contiguous and a.flags.aligned):
                raise TypeError(
                    f"{self.__name__}: argument {k} must be a C-contiguous {ndim}-d {dtype} "
                    f"array, got {type(a).__name__} "
                    f"{getattr(a, 'dtype', '')} {getattr(a, 'shape', '')}")
        return self._func(*args)


class _Kernels:
    """The namespace the boosting loops call: the checked compiled functions."""

    def __init__(self, module):
        for name, (_, arg_types) in EXPORTS.items():
            setattr(self, name, _Checked(name, getattr(module, name), arg_types))


def load(folder=_HERE):
    """(kernels namespace or None, reason): the compiled module if usable.

    ``folder`` holds the build record and the kernel sources it is checked
    against (the package; the tests pass a copy)."""
    asked = os.environ.get("GBRFF_ENGINE", "").strip().lower()
    if asked == "jit":
        return None, "GBRFF_ENGINE=jit"
    if asked not in ("", "aot"):
        warnings.warn(f"GBRFF_ENGINE={os.environ['GBRFF_ENGINE']!r} is not a known engine "
                      "(jit: numba's JIT; unset or aot: the compiled engine where it is "
                      "usable); ignored", RuntimeWarning, stacklevel=2)
    record_path = Path(folder) / RECORD
    if not record_path.exists():
        return None, "not built (no C compiler at install, or installed without setup.py)"
    try:
        record = json.loads(record_path.read_text())
        if record.get("sources_sha256") != sources_digest(folder):
            return None, "kernel sources changed since the build (rebuild: python -m gbrff._aot_build)"
        digest = cpuinfo_digest()
        if digest is None or digest != record.get("cpuinfo_sha256"):
            # not the CPU the record describes in /proc/cpuinfo terms: ask LLVM
            if [record.get("cpu_name"), record.get("cpu_features")] != list(host_cpu()):
                return None, "built for another CPU"
        if record.get("llvmlite") != llvmlite_version():
            return None, "built with another numba/llvmlite (rebuild: python -m gbrff._aot_build)"
        from . import _aot_kernels as module
    except (ImportError, OSError, ValueError) as exc:
        return None, f"not loadable ({exc})"
    return _Kernels(module), f"ahead-of-time compiled for {record['cpu_name']}"
