"""Prediction: staged sums of cosines of a fitted ensemble."""

import numpy as np
from numba import njit

from ._elementary import fsincos
from ._reductions import _project_block


# --------------------------------------------------------------------------
@njit(cache=True, nogil=True)
def staged_cosine_sums(X, W, phases, coefs, group, init, stages, out):
    """Scores of a fitted ensemble after given numbers of iterations.

    The ensemble is H(x) = init(x) + sum_m coefs[m] cos(W[m] . x - phases[m]),
    with components ordered by iteration, ``group`` components an iteration;
    ``init`` (n,) are the scores before the first component. ``stages``
    (sorted numbers of iterations, 0 for init) select the rows of ``out``
    (len(stages), n) to fill. X is (n, d), C-contiguous."""
    n = X.shape[0]
    M = W.shape[0]
    n_stage = stages.shape[0]
    chunk = 256
    d = X.shape[1]
    XcT = np.empty((d, chunk))
    zm = np.empty(chunk)
    for start in range(0, n, chunk):
        stop = min(start + chunk, n)
        rows = stop - start
        for r in range(rows):                 # the chunk, transposed
            for k in range(d):
                XcT[k, r] = X[start + r, k]
        acc = init[start:stop].copy()
        s_idx = 0
        while s_idx < n_stage and stages[s_idx] == 0:
            out[s_idx, start:stop] = acc
            s_idx += 1
        for m in range(M):
            cm = coefs[m]
            ph = phases[m]
            # no BLAS call (no threads), vectorised over rows
            _project_block(XcT, W[m], 0, rows, zm)
            for r in range(rows):
                acc[r] += cm * fsincos(zm[r] - ph)[1]
            if (m + 1) % group == 0:
                it = (m + 1) // group
                while s_idx < n_stage and stages[s_idx] == it:
                    out[s_idx, start:stop] = acc
                    s_idx += 1
    return out
