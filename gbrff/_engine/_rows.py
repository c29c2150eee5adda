"""The full-row pass of stochastic boosting: cosines added to the scores of every row.

When each weak learner is fitted on a sample of the rows
(:mod:`gbrff._stochastic`), the work left on *all* n rows is the new
cosines' values cos(ω·x − b) and the update of the scores H. On many rows
that pass reads the whole float32 copy of the data (n × d × 4 bytes, 160 MB
at 10⁶ rows × 40 columns) for a handful of flops per byte: it is bound by
memory, not arithmetic. :func:`cosine_sums` therefore adds k cosines in one
pass, a tile of rows at a time (the tile, transposed into a buffer, stays in
cache while the k projections are formed), so that k iterations read the
data once. The data are row-major (n, d): a sample of rows, gathered every
iteration, then reads a few whole cache lines a row, where the column-major
copy of the compiled loop would read a line for every value.

The projection ω·x is accumulated in float32, over the d columns in order
(the engine's copy of X is float32 already: its rounding, 6e-8 relative, is
the same order), vectorised across rows only; no ``fastmath``, so the bits
do not depend on the CPU's vector width. The phase, the cosine
(:func:`._elementary.fsincos`) and the sums are float64.
"""

import numpy as np
from numba import njit, prange

from ._elementary import fsincos
from ._reductions import PARALLEL

#: Rows of a tile: 256 rows × 40 float32 columns is 40 KB, in the L1/L2 cache
#: while the k projections of the tile are formed.
TILE = 256


@njit(cache=True, inline="always")
def _tile(X, W, phases, coefs, s0, s1, xt, z, acc):
    """acc[:s1 - s0] = Σ_c coefs[c] cos(W[c]·x_i − phases[c]) for the rows
    s0 .. s1 - 1 of X (n, d) float32; xt a float32 buffer (d, TILE) for the
    tile transposed, z a float32 buffer of TILE values."""
    d = X.shape[1]
    m = s1 - s0
    for i in range(m):
        for j in range(d):
            xt[j, i] = X[s0 + i, j]
    for i in range(m):
        acc[i] = 0.0
    for c in range(W.shape[0]):
        for i in range(m):
            z[i] = 0.0
        for j in range(d):
            w = np.float32(W[c, j])
            x = xt[j]
            for i in range(m):
                z[i] += w * x[i]
        a = coefs[c]
        p = phases[c]
        for i in range(m):
            acc[i] += a * fsincos(np.float64(z[i]) - p)[1]


@njit(cache=True, nogil=True, parallel=PARALLEL)
def cosine_sums(X, W, phases, coefs, out, accumulate):
    """Σ_c coefs[c] cos(W[c]·x − phases[c]) on every row x of X (n, d)
    float32, into ``out`` (n,): added to it with ``accumulate`` (H += …),
    written over it without (h = …). W (k, d), phases and coefs (k,) float64.
    One pass over X for the k cosines, a tile of :data:`TILE` rows at a
    time, tiles in parallel (each row's value is the same for any number of
    threads). Returns the number of rows."""
    n, d = X.shape
    n_tiles = (n + TILE - 1) // TILE
    for t in prange(n_tiles):
        s0 = t * TILE
        s1 = min(n, s0 + TILE)
        xt = np.empty((d, TILE), dtype=np.float32)
        z = np.empty(TILE, dtype=np.float32)
        acc = np.empty(TILE)
        _tile(X, W, phases, coefs, s0, s1, xt, z, acc)
        if accumulate:
            for i in range(s1 - s0):
                out[s0 + i] += acc[i]
        else:
            for i in range(s1 - s0):
                out[s0 + i] = acc[i]
    return n


@njit(cache=True, nogil=True, parallel=PARALLEL)
def rank_columns(X, values, levels, offsets, out):
    """[X, F(X)] of ``quantile_features``, transposed: out[j, i] = X[i, j] and
    out[d + j, i] = F_j(X[i, j]) for X (n, d) float64, F_j piecewise linear
    through the knots values[offsets[j]:offsets[j + 1]] (increasing) and
    levels[...], constant beyond its ends; out (2d, n) is a column-major
    (n, 2d) array transposed, the copy the estimators fit on. numpy's
    ``np.interp`` arithmetic, value for value: the knot interval found by
    bisection (x in [u_k, u_{k+1})), the slope of the interval, then
    slope (x − u_k) + l_k (x at the last knot: its level). Tiles of rows in
    parallel; returns the number of rows."""
    n, d = X.shape
    n_tiles = (n + TILE - 1) // TILE
    for t in prange(n_tiles):
        s0 = t * TILE
        s1 = min(n, s0 + TILE)
        for j in range(d):
            r = d + j
            a = offsets[j]
            k = offsets[j + 1] - a
            u = values[a:a + k]
            f = levels[a:a + k]
            lo_u = u[0]
            hi_u = u[k - 1]
            for i in range(s0, s1):
                x = X[i, j]
                out[j, i] = x
                if x < lo_u:
                    out[r, i] = f[0]
                elif x >= hi_u:             # beyond the last knot, or on it: its level
                    out[r, i] = f[k - 1]
                else:
                    lo = 0
                    hi = k - 1          # u[lo] <= x < u[hi]
                    while hi - lo > 1:
                        mid = (lo + hi) >> 1
                        if u[mid] <= x:
                            lo = mid
                        else:
                            hi = mid
                    slope = (f[lo + 1] - f[lo]) / (u[lo + 1] - u[lo])
                    out[r, i] = slope * (x - u[lo]) + f[lo]
    return n
