"""The compiled engine of gbrff (numba), a package of short modules by role.

- :mod:`.loss_registry` — the losses' Python-side facts (the ``LOSSES`` registry:
  codes, criteria, H⁰, links, numpy loss values), pure numpy;
- :mod:`.blocks` — the fixed blocks of samples every pass goes by, pure Python;
- :mod:`._elementary` — vectorisable exp, expm1, sin/cos and ``fma``;
- :mod:`._simd` — a 4-lane float64 vector type, the hand-vectorised dot products;
- :mod:`._reductions` — sums by blocks, dot products, X @ v and X.T @ g,
  in parallel over the blocks;
- :mod:`._losses` — the loss axis compiled: residuals, steps, loss values;
- :mod:`._bias` — GBRFF2's global search for the phase b;
- :mod:`._lbfgs` — the one L-BFGS driver of every weak-learner fit;
- :mod:`._learners` — the weak learners' objectives (omega, landmark, q);
- :mod:`._loop` — the one boosting loop (``boost``);
- :mod:`._predict` — staged sums of cosines;
- :mod:`._rows` — the passes over every row of many-row fits: k cosines added
  to every row's score in one pass over the data (stochastic boosting), the
  ranks [X, F(X)] of ``quantile_features``;
- :mod:`._baselines` — the kernels of the comparison methods PBRFF and GFC;
- :mod:`._fourier_features` — the random Fourier features of Fourier kernel
  learning (cosines and sines).

Every kernel cached on disk (``cache=True``) lives in this package, so that
one stamp of its sources (:func:`gbrff._aot.ensure_fresh_jit_cache`) keeps
the whole cache in step with them.

This module is the engine's one public face: :mod:`gbrff._boosting`, the
ahead-of-time build (:mod:`gbrff._aot_build`, whose entry points are
declared in :data:`gbrff._aot.ENTRY_POINTS`) and the baselines import from here.
The compiled names are imported on first use (PEP 562), so that the registry
of :mod:`.loss_registry` can be read without importing numba.
"""

from importlib import import_module

from .._aot import ensure_fresh_jit_cache

# before numba loads any cached function: a cache made from other sources goes
ensure_fresh_jit_cache()

from .loss_registry import EXPONENTIAL, LOG_LOSS, LOSSES, SQUARED_ERROR  # noqa: E402

# compiled name (and the limit of the fast sin/cos) -> its module
_COMPILED = {
    "FAST_TRIG_LIMIT": "._elementary",
    "fcos": "._elementary", "fexp": "._elementary", "fexpm1_shift": "._elementary",
    "fma": "._elementary", "fsincos": "._elementary",
    "COSINE": "._loop", "LANDMARK": "._loop", "boost": "._loop",
    "staged_cosine_sums": "._predict",
    "cosine_sums": "._rows", "rank_columns": "._rows",
    "back_project": "._reductions", "blas_dot": "._reductions", "matvec": "._reductions",
    "matvec_t": "._reductions", "project": "._reductions",
    "fast_trig_ok": "._baselines", "landmark_alignment": "._baselines",
    "landmark_features": "._baselines", "ridge_wave_objective": "._baselines",
    "fourier_cos_sin": "._fourier_features",
}

__all__ = sorted(["EXPONENTIAL", "LOG_LOSS", "LOSSES", "SQUARED_ERROR", *_COMPILED])


def __getattr__(name):
    if name in _COMPILED:
        value = getattr(import_module(_COMPILED[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__():
    return __all__
