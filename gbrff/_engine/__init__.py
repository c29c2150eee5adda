"""The compiled engine of gbrff (numba), a package of short modules by role.

- :mod:`._elementary` — vectorisable exp, expm1, sin/cos and ``fma``;
- :mod:`._reductions` — sums, dot products, X @ v and X.T @ g;
- :mod:`._losses` — the loss axis: residuals, steps, loss values;
- :mod:`._bias` — GBRFF2's global search for the phase b;
- :mod:`._lbfgs` — the L-BFGS pieces of both weak-learner fits;
- :mod:`._learners` — the weak learners' fits (omega, landmark, q);
- :mod:`._loop` — the one boosting loop (``boost``);
- :mod:`._predict` — staged sums of cosines.

This module is the engine's one public face: :mod:`gbrff._boosting`, the
ahead-of-time build (:mod:`gbrff._aot_build`, whose entry points are
declared in :data:`gbrff._aot.ENTRY_POINTS`) and the baselines import from here.
"""

from ._elementary import fcos, fexp, fexpm1_shift, fma, fsincos
from ._losses import EXPONENTIAL, LOG_LOSS, SQUARED_ERROR
from ._loop import COSINE, LANDMARK, boost
from ._predict import staged_cosine_sums
from ._reductions import back_project, blas_dot, matvec, matvec_t, project

__all__ = ["COSINE", "EXPONENTIAL", "LANDMARK", "LOG_LOSS", "SQUARED_ERROR", "back_project",
           "blas_dot", "boost", "fcos", "fexp", "fexpm1_shift", "fma", "fsincos", "matvec",
           "matvec_t", "project", "staged_cosine_sums"]
