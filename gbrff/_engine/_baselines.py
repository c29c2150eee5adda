"""numba kernels of the comparison methods PBRFF and GFC: arrays in, arrays out.

Each kernel is compiled once (``cache=True``, under the engine's one cache
stamp, :func:`gbrff._aot.ensure_fresh_jit_cache`), is single-threaded and
draws no randomness; the estimators (:mod:`gbrff.baselines`) draw every random
number in Python from their ``random_state``. ``tests/engine/test_baseline_kernels.py``
checks each kernel against a plain numpy twin.

Notation as in the GBRFF paper: ω (frequencies), x^p (a landmark), K random
features per landmark, n_L landmarks.
"""

import math

import numpy as np
from numba import njit

from ._elementary import FAST_TRIG_LIMIT, fcos, fsincos

__all__ = ["fast_trig_ok", "landmark_alignment", "landmark_features", "ridge_wave_objective"]


def fast_trig_ok(X, W, offsets):
    """Whether every |X W − offsets| is provably below FAST_TRIG_LIMIT (Cauchy–Schwarz bound)."""
    if X.size == 0 or W.size == 0:
        return True
    bound = np.sqrt((X * X).sum(axis=1).max()) * np.sqrt((W * W).sum(axis=0).max()) + np.abs(offsets).max()
    return bool(bound < FAST_TRIG_LIMIT)


_CHUNK = 512  # rows per BLAS block: Z = X[block] @ W stays in cache


@njit(cache=True)
def landmark_alignment(X, y, W, offsets, fast=False):
    """Label-weighted sums of the landmark random features.

    Parameters
    ----------
    X : ndarray (n, d), C-contiguous
    y : ndarray (n,), values in {-1, +1}
    W : ndarray (d, n_L * K), C-contiguous; column p*K + k is ω_pk
    offsets : ndarray (n_L * K,), ω_pk · x^p for the landmark x^p of the column
    fast : bool
        Use the vectorisable cosine of :mod:`._elementary`; only valid when every
        |ω_pk · x_i − ω_pk · x^p| < FAST_TRIG_LIMIT (see :func:`fast_trig_ok`).

    Returns
    -------
    S : ndarray (n_L * K,), ``S[p*K + k] = Σ_i y_i cos(ω_pk · x_i − ω_pk · x^p)``
    """
    n = X.shape[0]
    m = W.shape[1]
    S = np.zeros(m)
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        Z = np.dot(X[start:stop], W)  # BLAS
        for i in range(stop - start):
            yi = y[start + i]
            if fast:
                for col in range(m):
                    S[col] += yi * fcos(Z[i, col] - offsets[col])
            else:
                for col in range(m):
                    S[col] += yi * math.cos(Z[i, col] - offsets[col])
    return S


@njit(cache=True)
def landmark_features(X, W, offsets, weights, n_components, fast=False):
    """PBRFF representation: one feature per landmark, Equation (2) of the paper.

    ``X``, ``W`` and ``offsets`` as in :func:`landmark_alignment`; ``weights``
    (n_L * K,) holds the pseudo-posterior q_pk; ``n_components`` is K;
    ``fast`` as in :func:`landmark_alignment`.

    Returns
    -------
    F : ndarray (n, n_L), ``F[i, p] = Σ_k q_pk cos(ω_pk · x_i − ω_pk · x^p)``
    """
    n = X.shape[0]
    n_l = W.shape[1] // n_components
    F = np.zeros((n, n_l))
    for start in range(0, n, _CHUNK):
        stop = min(n, start + _CHUNK)
        Z = np.dot(X[start:stop], W)  # BLAS
        for i in range(stop - start):
            for p in range(n_l):
                acc = 0.0
                base = p * n_components
                if fast:
                    for k in range(n_components):
                        acc += weights[base + k] * fcos(Z[i, base + k] - offsets[base + k])
                else:
                    for k in range(n_components):
                        acc += weights[base + k] * math.cos(Z[i, base + k] - offsets[base + k])
                F[start + i, p] = acc
    return F


@njit(cache=True)
def _solve_spd3(G, v):
    """Solve the symmetric positive definite 3×3 system G x = v by Cholesky."""
    l00 = math.sqrt(G[0, 0])
    l10 = G[1, 0] / l00
    l20 = G[2, 0] / l00
    l11 = math.sqrt(max(G[1, 1] - l10 * l10, 1e-300))
    l21 = (G[2, 1] - l20 * l10) / l11
    l22 = math.sqrt(max(G[2, 2] - l20 * l20 - l21 * l21, 1e-300))
    z0 = v[0] / l00
    z1 = (v[1] - l10 * z0) / l11
    z2 = (v[2] - l20 * z0 - l21 * z1) / l22
    x2 = z2 / l22
    x1 = (z1 - l21 * x2) / l11
    x0 = (z0 - l10 * x1 - l20 * x2) / l00
    return x0, x1, x2


@njit(cache=True)
def ridge_wave_objective(w, X, r, reg, fast=False):
    """GFC's feature-selection objective and its gradient in ω (variable projection).

    For the ridge wave x ↦ c + a cos(ω·x) + b sin(ω·x) fitted to the residual
    ``r`` by regularised least squares (penalty ``reg`` on a and b, not on the
    constant c), returns

    ``L(ω) = min_{a,b,c} (1/n) Σ_i (r_i − c − a cos(ω·x_i) − b sin(ω·x_i))² + reg (a² + b²)``

    with its gradient (by the envelope theorem the inner minimiser is held
    fixed): ``∂L/∂ω = (2/n) Σ_i e_i (a sin(ω·x_i) − b cos(ω·x_i)) x_i``, where
    e_i is the fit's residual. Also returns (c, a, b). ``fast`` uses
    :mod:`._elementary`'s sin/cos, valid when every |ω·x_i| < FAST_TRIG_LIMIT.
    """
    n, d = X.shape
    cz = np.empty(n)
    sz = np.empty(n)
    # normal equations of the 3-parameter least squares, order (c, a, b)
    G = np.zeros((3, 3))
    v = np.zeros(3)
    for i in range(n):
        z = 0.0
        for j in range(d):
            z += w[j] * X[i, j]
        if fast:
            s_, c_ = fsincos(z)
        else:
            c_ = math.cos(z)
            s_ = math.sin(z)
        cz[i] = c_
        sz[i] = s_
        G[0, 0] += 1.0
        G[0, 1] += c_
        G[0, 2] += s_
        G[1, 1] += c_ * c_
        G[1, 2] += c_ * s_
        G[2, 2] += s_ * s_
        v[0] += r[i]
        v[1] += c_ * r[i]
        v[2] += s_ * r[i]
    G[1, 0] = G[0, 1]
    G[2, 0] = G[0, 2]
    G[2, 1] = G[1, 2]
    for a_ in range(3):
        v[a_] /= n
        for b_ in range(3):
            G[a_, b_] /= n
    G[1, 1] += reg + 1e-12
    G[2, 2] += reg + 1e-12
    G[0, 0] += 1e-12
    c0, a, b = _solve_spd3(G, v)
    loss = 0.0
    grad = np.zeros(d)
    for i in range(n):
        e = r[i] - c0 - a * cz[i] - b * sz[i]
        loss += e * e
        g = 2.0 * e * (a * sz[i] - b * cz[i]) / n
        for j in range(d):
            grad[j] += g * X[i, j]
    loss = loss / n + reg * (a * a + b * b)
    return loss, grad, c0, a, b
