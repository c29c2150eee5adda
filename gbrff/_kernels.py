"""Compiled kernels of the GBRFF engine (numba, ``cache=True``).

Pure functions, arrays in and arrays out, no scikit-learn. The training data
are stored *transposed*, ``XT`` of shape (d, n), so that the two products a
boosting step needs, ``z = X @ omega`` and ``X.T @ g``, stream over contiguous
memory and vectorise (AVX2) without any reordering of floating-point sums.

The objective of every weak-learner search is the exponential loss between
the residuals ``yt`` (the paper's ỹ) and the weak learner's outputs::

    F = (1/n) sum_i sw_i exp(-yt_i h_i)

computed, in these kernels, as ``(1/n) sum_i sw_i phi(-yt_i h_i)`` where
``phi`` is ``expm1`` (so F - 1, free of cancellation when the residuals are
tiny, as late in boosting on separable data), or ``exp(. - shift)`` when the
residuals are so large that exp would overflow. Both differ from the paper's
F by an additive or a positive multiplicative constant: the argmin, which is
all that is used, is the paper's.

Reductions are written with eight independent accumulators (``_sum``,
``_dot``), which keeps them fast without ``fastmath`` (whose reassociation
would break the rounding tricks of :mod:`gbrff._fastmath`) and keeps every
result bit-for-bit reproducible.
"""

import math

import numpy as np
from numba import njit

from ._fastmath import fma, fexp, fexpm1_shift, fexpm1_shift_lp, fsincos, fsincos_lp

# exponents above this would overflow exp() in a sum of many terms: shift
_SHIFT_START = 600.0

# Stopping rules of the L-BFGS refinements: those of scipy's L-BFGS-B with the
# settings of the authors' code (fmin_l_bfgs_b(..., maxiter=10): pgtol=1e-5,
# factr=1e7), applied to the paper's objective values.
_PGTOL = 1e-5
_FTOL = 1e7 * 2.220446049250313e-16


@njit(cache=True)
def _converged(f_old, f_new, grad, shift):
    """scipy L-BFGS-B's tests on the paper's objective. With shift == 0, f is
    f_paper - 1; with shift > 0 (residuals whose exp overflows), f is
    ln f_paper, so that a relative decrease of f_paper is a decrease of f
    and the gradient test, on a gradient of astronomic size, never holds."""
    if shift > 0.0:
        return math.isfinite(f_old) and f_old - f_new <= _FTOL
    gmax = 0.0
    for k in range(grad.shape[0]):
        gmax = max(gmax, abs(grad[k]))
    if gmax <= _PGTOL:
        return True
    if not math.isfinite(f_old):
        return False
    scale = max(abs(f_old + 1.0), abs(f_new + 1.0), 1.0)
    return f_old - f_new <= _FTOL * scale


# --------------------------------------------------------------------------
# reductions and products
# --------------------------------------------------------------------------
@njit(cache=True)
def _sum(a):
    n = a.shape[0]
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = 0.0
    m = n - n % 8
    for i in range(0, m, 8):
        s0 += a[i]
        s1 += a[i + 1]
        s2 += a[i + 2]
        s3 += a[i + 3]
        s4 += a[i + 4]
        s5 += a[i + 5]
        s6 += a[i + 6]
        s7 += a[i + 7]
    r = 0.0
    for i in range(m, n):
        r += a[i]
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) + r


@njit(cache=True)
def _dot(a, b):
    n = a.shape[0]
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = 0.0
    m = n - n % 8
    for i in range(0, m, 8):
        s0 += a[i] * b[i]
        s1 += a[i + 1] * b[i + 1]
        s2 += a[i + 2] * b[i + 2]
        s3 += a[i + 3] * b[i + 3]
        s4 += a[i + 4] * b[i + 4]
        s5 += a[i + 5] * b[i + 5]
        s6 += a[i + 6] * b[i + 6]
        s7 += a[i + 7] * b[i + 7]
    r = 0.0
    for i in range(m, n):
        r += a[i] * b[i]
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) + r


# The small products of the L-BFGS steps and of the GBRFF1 landmark (vectors
# of length d, K x d matrices) were once np.dot and @, i.e. calls into scipy's
# OpenBLAS, which picks its kernels by CPU at run time: on AVX-512 cores it
# sums in another order than on Haswell/Zen cores, so a seed gave other
# models on other machines. The three functions below compute them bit for
# bit as OpenBLAS's Haswell/Zen kernels (ddot, dgemv_t, dgemv_n), the machine
# the committed results were computed on, on every CPU: the fused
# multiply-adds are explicit (``fma``), every other operation is in the
# kernels' order. tests/test_engine_blas.py compares them with scipy's BLAS
# run with OPENBLAS_CORETYPE=Haswell.
@njit(cache=True)
def blas_dot(x, y):
    """x . y (ddot): 16 fused lanes over the first n & -16 terms (four
    256-bit accumulators, folded high half onto low, pairwise, then the two
    lanes), then the remainder in order without fusing."""
    n = x.shape[0]
    n1 = n & -16
    dot = 0.0
    if n1:
        a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
        a8 = a9 = a10 = a11 = a12 = a13 = a14 = a15 = 0.0
        for i in range(0, n1, 16):
            a0 = fma(x[i], y[i], a0)
            a1 = fma(x[i + 1], y[i + 1], a1)
            a2 = fma(x[i + 2], y[i + 2], a2)
            a3 = fma(x[i + 3], y[i + 3], a3)
            a4 = fma(x[i + 4], y[i + 4], a4)
            a5 = fma(x[i + 5], y[i + 5], a5)
            a6 = fma(x[i + 6], y[i + 6], a6)
            a7 = fma(x[i + 7], y[i + 7], a7)
            a8 = fma(x[i + 8], y[i + 8], a8)
            a9 = fma(x[i + 9], y[i + 9], a9)
            a10 = fma(x[i + 10], y[i + 10], a10)
            a11 = fma(x[i + 11], y[i + 11], a11)
            a12 = fma(x[i + 12], y[i + 12], a12)
            a13 = fma(x[i + 13], y[i + 13], a13)
            a14 = fma(x[i + 14], y[i + 14], a14)
            a15 = fma(x[i + 15], y[i + 15], a15)
        lo = ((a0 + a2) + (a4 + a6)) + ((a8 + a10) + (a12 + a14))
        hi = ((a1 + a3) + (a5 + a7)) + ((a9 + a11) + (a13 + a15))
        dot = lo + hi
    for i in range(n1, n):
        dot += y[i] * x[i]
    return dot


@njit(cache=True)
def matvec(A, x, out):
    """out = A @ x for a C-ordered A (K, d) (dgemv_t): rows of A in groups of
    four (fused, 4 lanes), then a pair (2 lanes), then one (4 lanes, not
    fused), over the first d & -4 columns; the last d & 3 columns fused as
    gcc compiles y += a0 x0 + a1 x1 + a2 x2."""
    K, d = A.shape
    d3 = d & 3
    d4 = d - d3
    k4 = K & -4
    for j in range(K):
        a = A[j]
        acc = 0.0
        if d4 > 0:
            s0 = s1 = s2 = s3 = 0.0
            if j < k4:
                for i in range(0, d4, 4):
                    s0 = fma(a[i], x[i], s0)
                    s1 = fma(a[i + 1], x[i + 1], s1)
                    s2 = fma(a[i + 2], x[i + 2], s2)
                    s3 = fma(a[i + 3], x[i + 3], s3)
                acc = (s0 + s2) + (s1 + s3)
            elif (K & 2) and j < k4 + 2:
                for i in range(0, d4, 2):
                    s0 += a[i] * x[i]
                    s1 += a[i + 1] * x[i + 1]
                acc = s0 + s1
            else:
                for i in range(0, d4, 4):
                    s0 += a[i] * x[i]
                    s1 += a[i + 1] * x[i + 1]
                    s2 += a[i + 2] * x[i + 2]
                    s3 += a[i + 3] * x[i + 3]
                acc = (s0 + s2) + (s1 + s3)
        if d3 == 1:
            acc = fma(a[d4], x[d4], acc)
        elif d3 > 1:
            p = fma(a[d4], x[d4], a[d4 + 1] * x[d4 + 1])
            if d3 == 3:
                p = fma(a[d4 + 2], x[d4 + 2], p)
            acc = acc + p
        out[j] = acc


@njit(cache=True)
def matvec_t(A, g, out):
    """out = A.T @ g for a C-ordered A (K, d) (dgemv_n): rows of A in groups
    of four, then a pair, then one, each added into out over its first d & -4
    entries; the last d & 3 entries summed over the rows of A in order (in
    pairs when d is 2 or 3, in fours when d is 1)."""
    K, d = A.shape
    d3 = d & 3
    d4 = d - d3
    k4 = K & -4
    for r in range(d):
        out[r] = 0.0
    if d4 > 0:
        for c in range(0, k4, 4):
            a0 = A[c]
            a1 = A[c + 1]
            a2 = A[c + 2]
            a3 = A[c + 3]
            for r in range(d4):
                t0 = fma(a2[r], g[c + 2], a0[r] * g[c])
                t1 = fma(a3[r], g[c + 3], a1[r] * g[c + 1])
                out[r] += t0 + t1
        c = k4
        if K & 2:
            for r in range(d4):
                out[r] += A[c, r] * g[c] + A[c + 1, r] * g[c + 1]
            c += 2
        if K & 1:
            for r in range(d4):
                out[r] += A[c, r] * g[c]
    for r in range(d4, d):
        t = 0.0
        if d == 1:
            for c in range(0, k4, 4):
                t += ((A[c, r] * g[c] + A[c + 1, r] * g[c + 1]) + A[c + 2, r] * g[c + 2]) \
                    + A[c + 3, r] * g[c + 3]
            for c in range(k4, K):
                t += A[c, r] * g[c]
        elif d <= 3:
            for c in range(0, k4, 4):
                t += A[c, r] * g[c] + A[c + 1, r] * g[c + 1]
                t += A[c + 2, r] * g[c + 2] + A[c + 3, r] * g[c + 3]
            for c in range(k4, K):
                t += A[c, r] * g[c]
        else:
            for c in range(K):
                t += A[c, r] * g[c]
        out[r] = out[r] + t


_BLOCK = 2048   # samples a block: the block's slice of z or g stays in L1


@njit(cache=True)
def _project_block(XT, v, s0, s1, o):
    """o = (X @ v)[s0:s1]: four features at a time (one load and one store
    of ``o`` per four products)."""
    d = XT.shape[0]
    m = s1 - s0
    for i in range(m):
        o[i] = 0.0
    k = 0
    while k + 4 <= d:
        v0 = v[k]
        v1 = v[k + 1]
        v2 = v[k + 2]
        v3 = v[k + 3]
        r0 = XT[k, s0:s1]
        r1 = XT[k + 1, s0:s1]
        r2 = XT[k + 2, s0:s1]
        r3 = XT[k + 3, s0:s1]
        for i in range(m):
            o[i] = (o[i] + v0 * r0[i] + v1 * r1[i]) + (v2 * r2[i] + v3 * r3[i])
        k += 4
    while k < d:
        vk = v[k]
        r0 = XT[k, s0:s1]
        for i in range(m):
            o[i] += vk * r0[i]
        k += 1


@njit(cache=True)
def project(XT, v, out):
    """out = X @ v for the transposed data XT (d, n), by blocks of samples
    (the block of ``out`` stays in L1)."""
    n = XT.shape[1]
    for s0 in range(0, n, _BLOCK):
        s1 = min(s0 + _BLOCK, n)
        _project_block(XT, v, s0, s1, out[s0:s1])
    return out


# Reassociation lets LLVM vectorise this reduction; it is safe here (no
# rounding tricks inside) and still deterministic: the compiled order of the
# sums is fixed.
@njit(cache=True, fastmath={"reassoc", "contract"})
def _dot_fast(row, g):
    s = 0.0
    for i in range(row.shape[0]):
        s += row[i] * g[i]
    return s


@njit(cache=True, fastmath={"reassoc", "contract"})
def _dot4_fast(r0, r1, r2, r3, g):
    """Four dot products with g in one pass over g."""
    s0 = 0.0
    s1 = 0.0
    s2 = 0.0
    s3 = 0.0
    for i in range(g.shape[0]):
        gi = g[i]
        s0 += r0[i] * gi
        s1 += r1[i] * gi
        s2 += r2[i] * gi
        s3 += r3[i] * gi
    return s0, s1, s2, s3


@njit(cache=True)
def _back_project_block(XT, s0, s1, gb, out):
    """out += X[s0:s1].T @ gb, four features at a time."""
    d = XT.shape[0]
    k = 0
    while k + 4 <= d:
        a0, a1, a2, a3 = _dot4_fast(XT[k, s0:s1], XT[k + 1, s0:s1], XT[k + 2, s0:s1],
                                    XT[k + 3, s0:s1], gb)
        out[k] += a0
        out[k + 1] += a1
        out[k + 2] += a2
        out[k + 3] += a3
        k += 4
    while k < d:
        out[k] += _dot_fast(XT[k, s0:s1], gb)
        k += 1


@njit(cache=True)
def back_project(XT, g, out):
    """out = X.T @ g for the transposed data XT (d, n), by blocks of samples
    (the block of g stays in L1 for all d rows)."""
    n = XT.shape[1]
    for k in range(XT.shape[0]):
        out[k] = 0.0
    for s0 in range(0, n, _BLOCK):
        s1 = min(s0 + _BLOCK, n)
        _back_project_block(XT, s0, s1, g[s0:s1], out)
    return out


# --------------------------------------------------------------------------
# weights, alpha, losses
# --------------------------------------------------------------------------
@njit(cache=True)
def exp_weights(y, H, sw, w, yt):
    """w_i = exp(-y_i H_i), yt_i = y_i w_i; returns (loss, shift) where loss
    is the weighted mean of w (the exponential loss) and ``shift`` > 0 says
    that exp(yt) could overflow: the weak-learner searches then minimise the
    logarithm of their objectives (same argmin), with the largest exponent
    factored out of every sum."""
    n = y.shape[0]
    for i in range(n):
        wi = fexp(-y[i] * H[i])
        w[i] = wi
        yt[i] = y[i] * wi
    return _loss_and_shift(sw, w)


@njit(cache=True)
def _max_weight(sw, w):
    """The largest w among the samples of positive weight sw (0 if none)."""
    R = 0.0
    for i in range(w.shape[0]):
        if sw[i] > 0.0 and w[i] > R:
            R = w[i]
    return R


@njit(cache=True)
def _loss_and_shift(sw, w):
    """(loss, shift) of :func:`exp_weights` from the weights w."""
    R = _max_weight(sw, w)
    loss = _dot(sw, w) / w.shape[0]
    shift = 0.0 if R <= _SHIFT_START else R - _SHIFT_START
    return loss, shift


@njit(cache=True)
def _update_scores(y, sw, a, h, H, w, yt):
    """H += a h, then :func:`exp_weights` (the same numbers, one pass less)."""
    for i in range(y.shape[0]):
        Hi = H[i] + a * h[i]
        H[i] = Hi
        wi = fexp(-y[i] * Hi)
        w[i] = wi
        yt[i] = y[i] * wi
    return _loss_and_shift(sw, w)


@njit(cache=True)
def step_size(y, w, sw, h, buf):
    """The paper's alpha = 1/2 ln(sum w(1 + y h) / sum w(1 - y h)).

    Computed on weights rescaled by their maximum (alpha is scale free), with
    a floor of 1e-12 * sum(w) on both sums: a weak learner that is perfect on
    the training set gets a large but finite alpha (at most ~14.5) instead of
    inf."""
    n = y.shape[0]
    wmax = _max_weight(sw, w)
    if wmax <= 0.0:
        return 0.0
    inv = 1.0 / wmax
    for i in range(n):
        buf[i] = sw[i] * w[i] * inv
    W = _sum(buf)
    for i in range(n):
        buf[i] *= y[i] * h[i]
    return _alpha_from_sums(W, _sum(buf))


@njit(cache=True)
def _cosine_and_step(y, w, sw, z, b, h, buf, buf2):
    """h = cos(z - b) and :func:`step_size` for it in one pass (the same numbers)."""
    n = y.shape[0]
    wmax = _max_weight(sw, w)
    inv = 1.0 / wmax if wmax > 0.0 else 0.0
    for i in range(n):
        hi = fsincos(z[i] - b)[1]
        h[i] = hi
        bi = sw[i] * w[i] * inv
        buf[i] = bi
        buf2[i] = bi * (y[i] * hi)
    if wmax <= 0.0:
        return 0.0
    return _alpha_from_sums(_sum(buf), _sum(buf2))


@njit(cache=True)
def _alpha_from_sums(W, S):
    """alpha = 1/2 ln((W + S) / (W - S)) with the floor of :func:`step_size`."""
    eps = 1e-12 * W
    num = max(W + S, 0.0) + eps
    den = max(W - S, 0.0) + eps
    if num <= 0.0 or den <= 0.0:
        return 0.0
    return 0.5 * math.log(num / den)


@njit(cache=True)
def exp_loss(y, H, sw, buf):
    n = y.shape[0]
    if n == 0:
        return np.nan
    for i in range(n):
        buf[i] = sw[i] * fexp(-y[i] * H[i])
    return _sum(buf) / _sum(sw)


# --------------------------------------------------------------------------
# the loss axis: residuals, steps and loss values of the other losses
# --------------------------------------------------------------------------
# The codes the boosting loop takes (gbrff._boosting.LOSSES maps the names).
# The exponential loss of the paper keeps its own kernels above (exp_weights,
# step_size, _cosine_and_step, _update_scores, exp_loss), whose numbers the
# committed results depend on; the others go through the functions below.
EXPONENTIAL = 0
LOG_LOSS = 1
SQUARED_ERROR = 2


@njit(cache=True)
def _softplus(u):
    """ln(1 + e^u), without overflow for any u."""
    if u > 0.0:
        return u + math.log1p(math.exp(-u))
    return math.log1p(math.exp(u))


@njit(cache=True)
def _loss_term(loss, y, H):
    """One sample's loss at the score H, label y in {-1, +1}."""
    if loss == EXPONENTIAL:
        return math.exp(-y * H)
    if loss == LOG_LOSS:
        return _softplus(-y * H)          # ln(1 + exp(-y H))
    r = y - H
    return r * r                          # (y - H)^2


@njit(cache=True)
def residuals(loss, y, H, sw, w, yt):
    """The residuals yt (the paper's ỹ: the negative gradient of the loss
    in H, which the weak learner fits) and the curvatures w (its second
    derivative, which the Newton step for alpha divides by); returns
    (train loss, shift) as :func:`exp_weights`, which is the exponential
    loss's case (there w = exp(-y H), yt = y w).

    log_loss, ln(1 + exp(-y H)): yt = y sigma(-y H) (= y01 - p), w = p (1 - p);
    squared_error, (y - H)^2 / 2: yt = y - H, w = 1.
    ``shift`` > 0 when exp(|yt|) could overflow in the weak-learner searches
    (the same rule as the exponential loss's: |yt| > 600)."""
    if loss == EXPONENTIAL:
        return exp_weights(y, H, sw, w, yt)
    n = y.shape[0]
    R = 0.0
    total = 0.0
    for i in range(n):
        if loss == LOG_LOSS:
            m = y[i] * H[i]
            if m >= 0.0:
                e = math.exp(-m)
                s = e / (1.0 + e)           # sigma(-m)
            else:
                s = 1.0 / (1.0 + math.exp(m))
            yt[i] = y[i] * s
            w[i] = s * (1.0 - s)
        else:
            yt[i] = y[i] - H[i]
            w[i] = 1.0
        total += sw[i] * _loss_term(loss, y[i], H[i])
        if sw[i] > 0.0 and abs(yt[i]) > R:
            R = abs(yt[i])
    shift = 0.0 if R <= _SHIFT_START else R - _SHIFT_START
    return total / n, shift


@njit(cache=True)
def newton_step(yt, w, sw, h):
    """alpha = sum sw yt h / sum sw w h^2: one Newton step of the loss along
    h from the current scores (w, yt from :func:`residuals`). For
    squared_error (w = 1) it is the exact line minimum, the preprint's
    Eq. (8); for log_loss, Friedman's LogitBoost step. 0 if h vanishes on
    every sample."""
    num = 0.0
    den = 0.0
    for i in range(yt.shape[0]):
        num += sw[i] * yt[i] * h[i]
        den += sw[i] * w[i] * h[i] * h[i]
    if not (den > 0.0) or not math.isfinite(num / den):
        return 0.0
    return num / den


@njit(cache=True)
def loss_value(loss, y, H, sw, buf):
    """Weighted mean loss at the scores H (the validation loss of early
    stopping); NaN for no samples."""
    if loss == EXPONENTIAL:
        return exp_loss(y, H, sw, buf)
    n = y.shape[0]
    if n == 0:
        return np.nan
    for i in range(n):
        buf[i] = sw[i] * _loss_term(loss, y[i], H[i])
    return _sum(buf) / _sum(sw)


@njit(cache=True)
def _step(loss, y, w, yt, sw, h, buf):
    """The step alpha along h for ``loss`` (before the learning rate)."""
    if loss == EXPONENTIAL:
        return step_size(y, w, sw, h, buf)
    return newton_step(yt, w, sw, h)


@njit(cache=True)
def _advance(loss, y, sw, a, h, H, w, yt):
    """H += a h, then the residuals at the new scores."""
    if loss == EXPONENTIAL:
        return _update_scores(y, sw, a, h, H, w, yt)
    for i in range(y.shape[0]):
        H[i] += a * h[i]
    return residuals(loss, y, H, sw, w, yt)


# --------------------------------------------------------------------------
# GBRFF2: the global search for b
# --------------------------------------------------------------------------
# Residuals up to _TIER_YT[-1] go through the Fourier series, in tiers by size,
# each with the harmonics it needs: I_{K+1}(y) / I_0(y) < 6e-15 at the tier's
# largest y (0.5: K = 10; 1: 12 -> 1.6e-14 of a term ~1; 2: 16; 4: 20;
# 16: 35 -> 2e-14), and the lengths of the two Bessel series of
# _fourier_coefficients for it (the last tier: relative truncation < 1e-17 at
# y^2/4 = 64 needs 20 and 29 terms). Exactly five tiers: best_bias unrolls
# them. The last tier holds the few large residuals of late iterations
# (~1 % of the samples at T = 100): through the series they cost ~0.1 us
# each once, instead of one exp per scan point and Newton step each.
_N_HARM = 35
_TIER_YT = np.array([0.5, 1.0, 2.0, 4.0, 16.0])
_TIER_K = np.array([10, 12, 16, 20, 35])
_TIER_NHI = np.array([5, 6, 8, 10, 22])
_TIER_N0 = np.array([8, 11, 13, 21, 34])


@njit(cache=True, fastmath={"contract"})
def _fourier_coefficients(p, q, yt, sw, shift, small, K, n_hi, n_0, A, B):
    """Add to A, B (unnormalised) the Fourier coefficients of the residuals
    indexed by ``small``: with K harmonics,
    sum_small sw phi(-yt cos(z - b)) = A[0] + sum_k A[k] cos(kb) + B[k] sin(kb)
    up to the truncation error I_{K+1}(|yt|) / I_0(|yt|) (n_hi and n_0 are the
    lengths of the two series below; best_bias's tiers choose all three).

    Jacobi-Anger: exp(-y cos t) = I_0(y) + 2 sum_k I_k(-y) cos(kt), with the
    modified Bessel functions written I_k(x) = (x/2)^k J_k(x),
    J_k(x) = sum_m (x^2/4)^m / (m! (m+k)!), computed by the (all-positive,
    hence stable) backward recurrence J_{k-1} = k J_k + (x^2/4) J_{k+1}
    from J_K and J_{K+1} (Horner forms of their series) multiplied by 2 sw:
    the recurrence is linear, so every J_k comes out weighted.
    Then 2 I_k(-y) cos(k(z - b)) = 2 J_k Re[t^k e^{-ikb}] with
    t = -(y/2) e^{iz} = -(p + i q)/2; two harmonics a pass over the block."""
    inv_fact = np.empty(K + 3)
    inv_fact[0] = 1.0
    for k in range(1, K + 3):
        inv_fact[k] = inv_fact[k - 1] / k
    # ratios of consecutive series terms, without divisions in the loop
    ratio_hi = np.empty((2, n_hi + 1))
    for j in range(2):
        for m in range(1, n_hi + 1):
            ratio_hi[j, m] = 1.0 / (m * (m + K + j))
    ratio_0 = np.empty(n_0 + 1)
    for m in range(2, n_0 + 1):
        ratio_0[m] = 1.0 / (m * m)
    blk = 128
    J = np.empty((K + 2, blk))
    j0m1 = np.empty(blk)
    vr = np.empty(blk)
    vi = np.empty(blk)
    tr = np.empty(blk)
    ti = np.empty(blk)
    ww = np.empty(blk)
    tmp = np.empty(blk)
    x2qb = np.empty(blk)
    accA = np.zeros((K + 1, blk))
    accB = np.zeros((K + 1, blk))
    m_idx = small.shape[0]
    for s0 in range(0, m_idx, blk):
        s1 = min(s0 + blk, m_idx)
        nb = s1 - s0
        for r in range(nb):
            i = small[s0 + r]
            x2qb[r] = 0.25 * yt[i] * yt[i]
            tr[r] = -0.5 * p[i]
            ti[r] = -0.5 * q[i]
            vr[r] = 1.0
            vi[r] = 0.0
            ww[r] = sw[i]
        # J_{K+1}, J_K by their series (n_hi terms: see _TIER_NHI),
        # J_0 - 1 by its own series, free of cancellation; samples innermost
        for j in range(2):
            for r in range(nb):
                tmp[r] = 1.0
            for m in range(n_hi, 0, -1):
                c = ratio_hi[j, m]
                for r in range(nb):
                    tmp[r] = 1.0 + x2qb[r] * c * tmp[r]
            for r in range(nb):
                J[K + j, r] = 2.0 * ww[r] * inv_fact[K + j] * tmp[r]
        for r in range(nb):
            tmp[r] = 1.0
        for m in range(n_0, 1, -1):
            c = ratio_0[m]
            for r in range(nb):
                tmp[r] = 1.0 + x2qb[r] * c * tmp[r]
        for r in range(nb):
            j0m1[r] = x2qb[r] * tmp[r]
        for kk in range(K, 0, -1):
            for r in range(nb):
                J[kk - 1, r] = kk * J[kk, r] + x2qb[r] * J[kk + 1, r]
        # per-lane accumulators (a vectorised add a harmonic and sample),
        # summed over the lanes once at the end: fixed order, deterministic
        for r in range(nb):
            accA[0, r] += ww[r] * (j0m1[r] if shift == 0.0 else j0m1[r] + 1.0)
        kk = 1
        while kk + 1 <= K:
            for r in range(nb):
                a = vr[r] * tr[r] - vi[r] * ti[r]
                c = vr[r] * ti[r] + vi[r] * tr[r]
                a2 = a * tr[r] - c * ti[r]
                c2 = a * ti[r] + c * tr[r]
                vr[r] = a2
                vi[r] = c2
                accA[kk, r] += J[kk, r] * a
                accB[kk, r] += J[kk, r] * c
                accA[kk + 1, r] += J[kk + 1, r] * a2
                accB[kk + 1, r] += J[kk + 1, r] * c2
            kk += 2
        if kk == K:
            for r in range(nb):
                a = vr[r] * tr[r] - vi[r] * ti[r]
                c = vr[r] * ti[r] + vi[r] * tr[r]
                accA[kk, r] += J[kk, r] * a
                accB[kk, r] += J[kk, r] * c
    for kk in range(K + 1):
        A[kk] += _sum(accA[kk])
        B[kk] += _sum(accB[kk])


@njit(cache=True)
def _series_terms(A, B, b):
    """(F, F', F'') of the Fourier series at b; cos(kb), sin(kb) by rotation."""
    s1, c1 = fsincos(b)
    ck = 1.0
    sk = 0.0
    f = A[0]
    g = 0.0
    h = 0.0
    for k in range(1, A.shape[0]):
        ck, sk = ck * c1 - sk * s1, sk * c1 + ck * s1
        v = A[k] * ck + B[k] * sk
        f += v
        g += k * (B[k] * ck - A[k] * sk)
        h -= k * k * v
    return f, g, h


@njit(cache=True)
def _direct_terms(p, q, sw, shift, b, n_total):
    """(F, F', F'') of (1/n_total) sum sw phi(-(p cos b + q sin b)) summed
    directly (the residuals too large for the series)."""
    sb, cb = fsincos(b)
    f = 0.0
    g = 0.0
    h = 0.0
    for i in range(p.shape[0]):
        a = p[i] * cb + q[i] * sb          # yt cos(z - b)
        s = p[i] * sb - q[i] * cb          # -yt sin(z - b)
        phi, e = fexpm1_shift(-a, shift)
        we = sw[i] * e
        f += sw[i] * phi
        g += we * s
        h += we * (s * s + a)
    return f / n_total, g / n_total, h / n_total


@njit(cache=True)
def _log_bias_terms(A, B, pl, ql, wl, b, n_total, has_series):
    """(G, G', G'') with G = ln F, for residuals so large that F overflows:
    the series part (absolute values, |yt| <= _TIER_YT[-1]) plus the large residuals,
    all scaled by exp(-M) with M the largest exponent at this b."""
    sb, cb = fsincos(b)
    mb = -np.inf
    for i in range(pl.shape[0]):
        mb = max(mb, -(pl[i] * cb + ql[i] * sb))
    M = max(mb, 0.0) if has_series else mb
    f = 0.0
    g = 0.0
    h = 0.0
    if has_series:
        fs, gs, hs = _series_terms(A, B, b)
        sc = math.exp(-M)
        f = fs * sc
        g = gs * sc
        h = hs * sc
    for i in range(pl.shape[0]):
        a = pl[i] * cb + ql[i] * sb
        s = pl[i] * sb - ql[i] * cb
        e = wl[i] * math.exp(-a - M) / n_total
        f += e
        g += e * s
        h += e * (s * s + a)
    g1 = g / f
    return math.log(f) + M, g1, h / f - g1 * g1


@njit(cache=True)
def _bias_terms(A, B, pl, ql, wl, shift, b, n_total, has_series, want_derivatives, buf):
    """(F, F', F'') of the objective over b (``shift == 0``), or of its
    logarithm (``shift > 0``: residuals large enough to overflow exp)."""
    if shift > 0.0:
        return _log_bias_terms(A, B, pl, ql, wl, b, n_total, has_series)
    if not want_derivatives:
        f = _series_terms(A, B, b)[0]
        if pl.shape[0] > 0:
            sb, cb = fsincos(b)
            m = pl.shape[0]
            for i in range(m):
                buf[i] = wl[i] * fexpm1_shift(-(pl[i] * cb + ql[i] * sb), 0.0)[0]
            f += _sum(buf[:m]) / n_total
        return f, 0.0, 0.0
    f, g, h = _series_terms(A, B, b)
    if pl.shape[0] > 0:
        f2, g2, h2 = _direct_terms(pl, ql, wl, 0.0, b, n_total)
        f += f2
        g += g2
        h += h2
    return f, g, h


@njit(cache=True)
def best_bias(z, yt, sw, shift, p, q, buf):
    """Global minimiser over [-pi, pi] of F(b) = (1/n) sum sw exp(-yt cos(z - b)).

    F is split exactly into the residuals with |yt| <= 16, whose sum is a
    trigonometric polynomial of degree <= 35 to ~1e-14 relative (its
    coefficients come from one pass over them, :func:`_fourier_coefficients`,
    with the samples' sin z, cos z to 1e-8),
    and the few larger residuals, summed directly. F is scanned on an even
    grid fine enough for the largest residual (4 points a period of its
    highest significant harmonic, at least 128 points), then the three best
    local minima of the scan are polished by safeguarded Newton steps within
    their grid cells, and the best polished point wins.
    Returns (b, number of scan points)."""
    n = z.shape[0]
    n_tiers = _TIER_YT.shape[0]
    # one vectorised pass: p, q, each sample's tier (-1: weight 0,
    # n_tiers: too large for the series) and the tiers' sizes (integer sums)
    tier = np.empty(n, dtype=np.int64)
    c0 = 0
    c1 = 0
    c2 = 0
    c3 = 0
    c4 = 0
    for i in range(n):
        s, c = fsincos_lp(z[i])
        p[i] = yt[i] * c
        q[i] = yt[i] * s
        a = abs(yt[i])
        j = ((a > _TIER_YT[0]) + (a > _TIER_YT[1]) + (a > _TIER_YT[2])
             + (a > _TIER_YT[3]) + (a > _TIER_YT[4]))
        j = j if sw[i] > 0.0 else -1
        tier[i] = j
        c0 += j == 0
        c1 += j == 1
        c2 += j == 2
        c3 += j == 3
        c4 += j == 4
    # each tier's sample indices, compacted without branches: every index is
    # written to all five lists and only its own tier's position advances
    # (one spare slot a list takes the other writes)
    i0 = np.empty(c0 + 1, dtype=np.int64)
    i1 = np.empty(c1 + 1, dtype=np.int64)
    i2 = np.empty(c2 + 1, dtype=np.int64)
    i3 = np.empty(c3 + 1, dtype=np.int64)
    i4 = np.empty(c4 + 1, dtype=np.int64)
    k0 = 0
    k1 = 0
    k2 = 0
    k3 = 0
    k4 = 0
    for i in range(n):
        j = tier[i]
        i0[k0] = i
        k0 += j == 0
        i1[k1] = i
        k1 += j == 1
        i2[k2] = i
        k2 += j == 2
        i3[k3] = i
        k3 += j == 3
        i4[k4] = i
        k4 += j == 4
    # the largest residual (it sets the scan's resolution): in the last tier
    # or among the large ones
    R = 0.0
    for k in range(c4):
        R = max(R, abs(yt[i4[k]]))
    n_large = 0
    for i in range(n):
        if tier[i] == n_tiers:
            n_large += 1
            R = max(R, abs(yt[i]))
    pl = np.empty(n_large)
    ql = np.empty(n_large)
    wl = np.empty(n_large)
    if n_large > 0:
        jl = 0
        for i in range(n):
            if tier[i] == n_tiers:
                pl[jl] = p[i]
                ql[jl] = q[i]
                wl[jl] = sw[i]
                jl += 1
    A = np.zeros(_N_HARM + 1)
    B = np.zeros(_N_HARM + 1)
    # shift > 0: absolute values of the series (combined with the large
    # residuals in the log domain by _bias_terms); else expm1 form
    tiers = (i0[:c0], i1[:c1], i2[:c2], i3[:c3], i4[:c4])
    for j in range(n_tiers):
        if tiers[j].shape[0] > 0:
            _fourier_coefficients(p, q, yt, sw, shift, tiers[j], _TIER_K[j], _TIER_NHI[j],
                                  _TIER_N0[j], A, B)
    for k in range(_N_HARM + 1):
        A[k] /= n
        B[k] /= n
    has_series = c0 + c1 + c2 + c3 + c4 > 0
    M = 128
    if R > _TIER_YT[3]:
        M = min(max(128, 4 * int(math.ceil(R + 3.0 * R ** (1.0 / 3.0))) + 64), 2048)
    step = 2.0 * math.pi / M
    F = np.empty(M)
    for m in range(M):
        F[m] = _bias_terms(A, B, pl, ql, wl, shift, -math.pi + m * step, n, has_series,
                           False, buf)[0]
    cand = np.empty(M, dtype=np.int64)
    nc = 0
    for m in range(M):
        if F[m] <= F[(m - 1) % M] and F[m] <= F[(m + 1) % M]:
            cand[nc] = m
            nc += 1
    vals = np.empty(nc)
    for j in range(nc):
        vals[j] = F[cand[j]]
    order = np.argsort(vals, kind="mergesort")
    best_b = -math.pi + cand[order[0]] * step
    best_f = vals[order[0]]
    for jj in range(min(3, nc)):
        b0 = -math.pi + cand[order[jj]] * step
        lo = b0 - step
        hi = b0 + step
        b = b0
        for _ in range(40):
            f, g, h = _bias_terms(A, B, pl, ql, wl, shift, b, n, has_series, True, buf)
            if f < best_f:
                best_f = f
                best_b = b
            if g > 0.0:
                hi = min(hi, b)
            else:
                lo = max(lo, b)
            nb = b - g / h if h > 0.0 else 0.5 * (lo + hi)
            if not (lo < nb < hi):
                nb = 0.5 * (lo + hi)
            if abs(nb - b) <= 1e-12 or hi - lo <= 1e-12:
                break
            b = nb
    best_b = best_b - 2.0 * math.pi * math.floor((best_b + math.pi) / (2.0 * math.pi))
    return best_b, M


# --------------------------------------------------------------------------
# L-BFGS pieces shared by the omega refinement and the landmark descent
# --------------------------------------------------------------------------
@njit(cache=True)
def _lbfgs_direction(grad, S, Y, rho, n_hist, head, direction, alpha_buf):
    """Two-loop recursion: direction = -H grad with the stored pairs."""
    m = S.shape[0]
    for k in range(grad.shape[0]):
        direction[k] = -grad[k]
    # newest to oldest
    for j in range(n_hist):
        idx = (head - 1 - j) % m
        a = rho[idx] * blas_dot(S[idx], direction)
        alpha_buf[idx] = a
        for k in range(direction.shape[0]):
            direction[k] -= a * Y[idx, k]
    if n_hist > 0:
        idx = (head - 1) % m
        gamma = blas_dot(S[idx], Y[idx]) / blas_dot(Y[idx], Y[idx])
        for k in range(direction.shape[0]):
            direction[k] *= gamma
    for j in range(n_hist - 1, -1, -1):
        idx = (head - 1 - j) % m
        bcoef = rho[idx] * blas_dot(Y[idx], direction)
        for k in range(direction.shape[0]):
            direction[k] += S[idx, k] * (alpha_buf[idx] - bcoef)


@njit(cache=True)
def _descent_direction(grad, S, Y, rho, n_hist, head, direction, abuf):
    """The L-BFGS direction, or the steepest descent when it is not a descent
    direction (the history is then dropped). Returns (slope, n_hist); a slope
    that is not negative (zero or non-finite gradient) means: stop."""
    gnorm2 = blas_dot(grad, grad)
    if not (gnorm2 > 0.0) or not math.isfinite(gnorm2):
        return 0.0, n_hist
    _lbfgs_direction(grad, S, Y, rho, n_hist, head, direction, abuf)
    slope = blas_dot(grad, direction)
    if not (slope < 0.0):
        for k in range(grad.shape[0]):
            direction[k] = -grad[k]
        return -gnorm2, 0
    return slope, n_hist


@njit(cache=True)
def _backtrack(step, slope, f, ft):
    """Next trial step after a failed Armijo test: the minimiser of the
    quadratic through f, the slope and ft, kept within [0.1, 0.5] of the step."""
    denom = 2.0 * (ft - f - step * slope)
    ns = -slope * step * step / denom if denom > 0.0 else 0.5 * step
    return min(max(ns, 0.1 * step), 0.5 * step)


@njit(cache=True)
def _lbfgs_store(s_vec, y_vec, S, Y, rho, n_hist, head):
    """Store a curvature pair if s.y > 0 (relative test); returns (n_hist, head)."""
    sy = blas_dot(s_vec, y_vec)
    if sy > 1e-12 * math.sqrt(blas_dot(s_vec, s_vec) * blas_dot(y_vec, y_vec)) and sy > 0.0:
        S[head] = s_vec
        Y[head] = y_vec
        rho[head] = 1.0 / sy
        head = (head + 1) % S.shape[0]
        n_hist = min(n_hist + 1, S.shape[0])
    return n_hist, head


# --------------------------------------------------------------------------
# GBRFF2: refinement of omega
# --------------------------------------------------------------------------
@njit(cache=True)
def _omega_loss_terms(z, yt, sw, shift, b, g, lbuf, curv, want_curv):
    """Data part of the omega objective at projections z; its derivative with
    respect to each z_i is written to g and, if ``want_curv``, its second
    derivative to curv. Returns the data loss."""
    n = z.shape[0]
    inv_n = 1.0 / n
    if want_curv:
        for i in range(n):
            s, c = fsincos(z[i] - b)
            phi, e = fexpm1_shift(-yt[i] * c, shift)
            lbuf[i] = sw[i] * phi
            we = sw[i] * yt[i] * e * inv_n
            g[i] = we * s
            curv[i] = we * (c + yt[i] * s * s)
    else:
        for i in range(n):
            s, c = fsincos(z[i] - b)
            phi, e = fexpm1_shift(-yt[i] * c, shift)
            lbuf[i] = sw[i] * phi
            g[i] = sw[i] * yt[i] * s * e * inv_n
    return _sum(lbuf) / n


@njit(cache=True)
def _omega_objective(z, yt, sw, shift, b, lam, om_sq, g, lbuf, curv, want_curv):
    """The omega objective and its per-sample derivatives g.

    shift == 0: f = lam |omega|^2 + (1/n) sum sw expm1(-yt cos(z - b)), and
    d f / d omega = X.T g + 2 lam omega. shift > 0 (exp would overflow):
    f = ln(lam |omega|^2 + (1/n) sum sw exp(-yt cos(z - b))), the same argmin,
    computed with the largest exponent factored out, and
    d f / d omega = X.T g + 2 lam omega kappa. Returns (f, kappa)."""
    if shift == 0.0:
        f = _omega_loss_terms(z, yt, sw, 0.0, b, g, lbuf, curv, want_curv) + lam * om_sq
        return f, 1.0
    n = z.shape[0]
    m = -np.inf
    for i in range(n):
        s, c = fsincos(z[i] - b)
        u = -yt[i] * c
        lbuf[i] = u
        g[i] = s
        if sw[i] > 0.0 and u > m:
            m = u
    for i in range(n):
        e = math.exp(lbuf[i] - m) if sw[i] > 0.0 else 0.0
        g[i] = sw[i] * yt[i] * g[i] * e
        lbuf[i] = sw[i] * e
    D = _sum(lbuf) / n + lam * om_sq * math.exp(-m)
    inv = 1.0 / (n * D)
    for i in range(n):
        g[i] *= inv
    return m + math.log(D), math.exp(-m) / D


@njit(cache=True)
def _omega_first_terms(p, q, yt, sw, b, g, lbuf, curv):
    """:func:`_omega_loss_terms` (shift 0, with curvature) at the projections
    z whose ``p = yt cos z`` and ``q = yt sin z`` the b search has computed:
    yt cos(z - b) = p cos b + q sin b and yt sin(z - b) = q cos b - p sin b,
    so no sine or cosine per sample. g may be p's array (read before written)."""
    n = p.shape[0]
    inv_n = 1.0 / n
    sb, cb = fsincos(b)
    for i in range(n):
        a = p[i] * cb + q[i] * sb
        s = q[i] * cb - p[i] * sb
        phi, e = fexpm1_shift_lp(-a, 0.0)
        lbuf[i] = sw[i] * phi
        we = sw[i] * e * inv_n
        g[i] = we * s
        curv[i] = we * (a + s * s)
    return _sum(lbuf) / n


@njit(cache=True)
def _omega_trial(z, u, step, yt, sw, shift, b, lam, om_sq, g, zt, lbuf):
    """The omega objective at the trial projections zt = z + step * u
    (written to zt) and its per-sample derivatives g, in one pass when
    shift == 0. Returns (f, kappa) as :func:`_omega_objective`."""
    n = z.shape[0]
    if shift != 0.0:
        for i in range(n):
            zt[i] = z[i] + step * u[i]
        return _omega_objective(zt, yt, sw, shift, b, lam, om_sq, g, lbuf, lbuf, False)
    inv_n = 1.0 / n
    for i in range(n):
        t = z[i] + step * u[i]
        zt[i] = t
        s, c = fsincos_lp(t - b)
        phi, e = fexpm1_shift_lp(-yt[i] * c, 0.0)
        lbuf[i] = sw[i] * phi
        g[i] = sw[i] * yt[i] * s * e * inv_n
    return _sum(lbuf) / n + lam * om_sq, 1.0


@njit(cache=True)
def refine_omega(XT, yt, sw, shift, b, lam, omega, z, n_steps, work_n, work_n2, work_n3, work_n4,
                 have_pq=False):
    """Minimise lam ||omega||^2 + (1/n) sum sw exp(-yt cos(omega.x - b)) over
    omega with at most ``n_steps`` L-BFGS iterations from the given omega
    (modified in place). ``z`` holds X @ omega on entry and on exit.

    The line search moves along z + s * (X @ direction), so a trial step costs
    no pass over X; an iteration costs two (X @ direction and X.T @ g), each
    at the arithmetic peak of the machine. ``have_pq``: work_n and work_n2 hold yt cos z and
    yt sin z on entry (the b search's), which spares the first evaluation
    its sines and cosines. Returns (objective, number of evaluations)."""
    d = omega.shape[0]
    m = 10
    S = np.zeros((m, d))
    Y = np.zeros((m, d))
    rho = np.zeros(m)
    abuf = np.zeros(m)
    n_hist = 0
    head = 0
    g_i = work_n          # per-sample derivative at the current point
    u = work_n2           # X @ direction
    zt = work_n3          # trial projections
    lbuf = work_n4        # loss terms
    z_out = z
    grad = np.empty(d)
    gnew = np.empty(d)
    direction = np.empty(d)
    otrial = np.empty(d)
    # the first step is a Newton step along the steepest descent, with the
    # curvature of the objective along it (one extra reduction, no extra pass
    # over X), capped at scipy's first step (a move of unit length); later
    # steps are L-BFGS's unit steps
    if have_pq and shift == 0.0:
        f = _omega_first_terms(g_i, u, yt, sw, b, g_i, lbuf, zt) + lam * blas_dot(omega, omega)
        kappa = 1.0
    else:
        f, kappa = _omega_objective(z, yt, sw, shift, b, lam, blas_dot(omega, omega), g_i, lbuf,
                                    zt, shift == 0.0)
    n_eval = 1
    back_project(XT, g_i, grad)
    for k in range(d):
        grad[k] += 2.0 * lam * kappa * omega[k]
    if _converged(np.inf, f, grad, shift):
        return f, n_eval
    for it in range(n_steps):
        slope, n_hist = _descent_direction(grad, S, Y, rho, n_hist, head, direction, abuf)
        if not (slope < 0.0):
            break
        have_u = False
        step = 1.0
        if n_hist == 0:
            step = 1.0 / math.sqrt(blas_dot(direction, direction))
            if it == 0 and shift == 0.0:
                project(XT, direction, u)
                have_u = True
                cv = 0.0
                for i in range(u.shape[0]):
                    cv += zt[i] * u[i] * u[i]
                cv += 2.0 * lam * blas_dot(direction, direction)
                if cv > 0.0 and math.isfinite(cv):
                    # never longer than scipy's first step (unit length)
                    step = min(-slope / cv, step)
        accepted = False
        ft = 0.0
        kt = 1.0
        for _ls in range(30):
            for k in range(d):
                otrial[k] = omega[k] + step * direction[k]
            if not have_u:
                project(XT, direction, u)
            ft, kt = _omega_trial(z, u, step, yt, sw, shift, b, lam, blas_dot(otrial, otrial),
                                  g_i, zt, lbuf)
            have_u = True
            n_eval += 1
            if ft <= f + 1e-4 * step * slope:
                accepted = True
                break
            step = _backtrack(step, slope, f, ft)
        if not accepted:
            # z, omega, f are unchanged
            break
        z, zt = zt, z          # the trial's projections become the current ones
        omega[:] = otrial
        if it == n_steps - 1:
            # the gradient at the last point would only feed a next step
            f = ft
            break
        back_project(XT, g_i, gnew)
        for k in range(d):
            gnew[k] += 2.0 * lam * kt * omega[k]
        n_hist, head = _lbfgs_store(step * direction, gnew - grad, S, Y, rho, n_hist, head)
        grad[:] = gnew
        f_old = f
        f = ft
        if _converged(f_old, f, grad, shift):
            break
    if z is not z_out:
        z_out[:] = z
    return f, n_eval


@njit(cache=True)
def _early_stopping(val, best, since_best, tol):
    """Track the best validation loss: (best, iterations since it improved by tol)."""
    if val < best - tol:
        return val, 0
    return best, since_best + 1


# --------------------------------------------------------------------------
# GBRFF1: landmark descent, q weights
# --------------------------------------------------------------------------
@njit(cache=True)
def _landmark_terms(C, S, a, yt, sw, shift, want_grad, G, buf, hbuf):
    """Landmark objective through a = Omega @ x (K,):
    f = (1/n) sum sw expm1(-yt (1/K) sum_j cos(a_j - Z_ji)) (shift == 0) or
    the log of (1/n) sum sw exp(...) (shift > 0, exp would overflow), with
    cos(a_j - Z_ji) = cos a_j C_ji + sin a_j S_ji; G_j = df/da_j."""
    K, n = C.shape
    inv_k = 1.0 / K
    ca = np.empty(K)
    sa = np.empty(K)
    for j in range(K):
        s_, c_ = fsincos(a[j])
        ca[j] = c_ * inv_k
        sa[j] = s_ * inv_k
    for i in range(n):
        hbuf[i] = 0.0
    for j in range(K):
        cj = ca[j]
        sj = sa[j]
        Cj = C[j]
        Sj = S[j]
        for i in range(n):
            hbuf[i] += cj * Cj[i] + sj * Sj[i]
    if shift > 0.0:
        # exp would overflow: f is the log of the paper's objective (same argmin)
        mx = -np.inf
        for i in range(n):
            if sw[i] > 0.0:
                mx = max(mx, -yt[i] * hbuf[i])
        for i in range(n):
            buf[i] = sw[i] * math.exp(-yt[i] * hbuf[i] - mx) if sw[i] > 0.0 else 0.0
        D = _sum(buf) / n
        f = mx + math.log(D)
        scale = 1.0 / (n * D)
    else:
        for i in range(n):
            buf[i] = sw[i] * fexpm1_shift(-yt[i] * hbuf[i], 0.0)[0]
        f = _sum(buf) / n
        mx = 0.0
        scale = 1.0 / n
    if want_grad:
        for i in range(n):
            buf[i] = sw[i] * yt[i] * fexp(-yt[i] * hbuf[i] - mx) * scale if sw[i] > 0.0 else 0.0
        # d/da_j of -yt (1/K) cos(a_j - Z) = yt (1/K) sin(a_j - Z)
        # sin(a_j - Z) = sin a_j C - cos a_j S
        for j in range(K):
            G[j] = sa[j] * _dot(buf, C[j]) - ca[j] * _dot(buf, S[j])
    return f


@njit(cache=True)
def landmark_descent(C, S, Om, yt, sw, shift, n_steps, x, buf, hbuf):
    """At most ``n_steps`` L-BFGS iterations on the landmark x (d,) from its
    given value (the paper starts at the origin), minimising the GBRFF1
    landmark objective. Om (K, d) are the frequencies."""
    K, d = Om.shape
    m = 10
    Sm = np.zeros((m, d))
    Ym = np.zeros((m, d))
    rho = np.zeros(m)
    abuf = np.zeros(m)
    n_hist = 0
    head = 0
    a = np.empty(K)
    matvec(Om, x, a)
    G = np.empty(K)
    f = _landmark_terms(C, S, a, yt, sw, shift, True, G, buf, hbuf)
    grad = np.empty(d)
    matvec_t(Om, G, grad)
    gnew = np.empty(d)
    ua = np.empty(K)
    direction = np.empty(d)
    at = np.empty(K)
    if _converged(np.inf, f, grad, shift):
        return f
    for it in range(n_steps):
        slope, n_hist = _descent_direction(grad, Sm, Ym, rho, n_hist, head, direction, abuf)
        if not (slope < 0.0):
            break
        step = 1.0
        if n_hist == 0:
            step = 1.0 / math.sqrt(blas_dot(direction, direction))
        matvec(Om, direction, ua)
        accepted = False
        ft = 0.0
        for _ls in range(30):
            for j in range(K):
                at[j] = a[j] + step * ua[j]
            ft = _landmark_terms(C, S, at, yt, sw, shift, False, G, buf, hbuf)
            if ft <= f + 1e-4 * step * slope:
                accepted = True
                break
            step = _backtrack(step, slope, f, ft)
        if not accepted:
            break
        for k in range(d):
            x[k] += step * direction[k]
        a[:] = at
        f_old = f
        f = _landmark_terms(C, S, a, yt, sw, shift, True, G, buf, hbuf)
        matvec_t(Om, G, gnew)
        n_hist, head = _lbfgs_store(step * direction, gnew - grad, Sm, Ym, rho, n_hist, head)
        grad, gnew = gnew, grad
        if _converged(f_old, f, grad, shift):
            break
    return f


@njit(cache=True)
def rff_weights(C, S, a, yt, sw, shift, beta, q, buf):
    """The paper's Eq. (10): q_j proportional to
    exp(-beta sqrt(n) (1/n) sum_i exp(-yt_i cos(a_j - Z_ji))), normalised
    to sum to one (computed as a softmax, so it never overflows; with
    residuals whose exp overflows, the losses are compared by their logs)."""
    K, n = C.shape
    L = np.empty(K)
    for j in range(K):
        s_, c_ = fsincos(a[j])
        Cj = C[j]
        Sj = S[j]
        if shift > 0.0:
            mx = -np.inf
            for i in range(n):
                if sw[i] > 0.0:
                    mx = max(mx, -yt[i] * (c_ * Cj[i] + s_ * Sj[i]))
            for i in range(n):
                u = -yt[i] * (c_ * Cj[i] + s_ * Sj[i])
                buf[i] = sw[i] * math.exp(u - mx) if sw[i] > 0.0 else 0.0
            L[j] = mx + math.log(_sum(buf) / n)           # ln of the loss
        else:
            for i in range(n):
                buf[i] = sw[i] * fexpm1_shift(-yt[i] * (c_ * Cj[i] + s_ * Sj[i]), 0.0)[0]
            L[j] = _sum(buf) / n                          # loss - 1
    lmin = L.min()
    n_pos = 0                 # the paper's n: samples with a positive weight
    for i in range(n):
        if sw[i] > 0.0:
            n_pos += 1
    tot = 0.0
    for j in range(K):
        diff = L[j] - lmin
        if diff <= 0.0:
            e = 0.0
        elif shift > 0.0:
            # beta sqrt(n) (loss_j - loss_min) = beta sqrt(n) loss_min expm1(diff)
            le = math.log(beta * math.sqrt(n_pos)) + lmin + math.log(math.expm1(diff)) if beta > 0.0 else -np.inf
            e = math.exp(min(le, 700.0))
        else:
            e = beta * math.sqrt(n_pos) * diff
        q[j] = math.exp(-e)
        tot += q[j]
    for j in range(K):
        q[j] /= tot


# --------------------------------------------------------------------------
# the boosting loop, for every weak learner and loss
# --------------------------------------------------------------------------
COSINE = 0      # one cosine, learned omega, global b (GBRFF2)
LANDMARK = 1    # K cosines around a landmark, q weights (GBRFF1, random landmarks)


@njit(cache=True, nogil=True)
def boost(XT, y, sw, H, omegas, phases, qs, landmarks, alphas, train_loss,
          learner, loss, n_steps, reg_lambda, beta, learning_rate,
          XvT, yv, swv, Hv, val_loss, n_iter_no_change, tol):
    """Run ``omegas.shape[0]`` boosting iterations (the paper's Algorithms 2
    and 3, and the preprint's Algorithm 1 for other losses).

    Each iteration computes the residuals yt of ``loss`` (EXPONENTIAL,
    LOG_LOSS, SQUARED_ERROR) at the scores H, fits the weak learner to them,
    takes the loss's step alpha (times ``learning_rate``) and adds alpha h to H.

    learner COSINE (GBRFF2): omegas (T, 1, d) hold the draws
    omega ~ N(0, 2 gamma)^d on entry and the refined frequencies on exit
    (``n_steps`` L-BFGS steps with penalty ``reg_lambda``); phases[:, 0] gets
    the global b, qs[:, 0] = 1. learner LANDMARK (GBRFF1): omegas (T, K, d)
    are the draws; landmarks (T, d) hold the starting points on entry (the
    paper's origin, or training points for the random-landmark learner, run
    with n_steps = 0) and the landmarks after ``n_steps`` L-BFGS steps on
    exit; qs (T, K) get the pseudo-posterior of temperature ``beta``
    (phases is not written). H (n,) holds H^0 on entry and the final scores
    on exit; alphas, train_loss (T,) are written. With a non-empty
    validation set (XvT, yv, swv, Hv), val_loss is written and the loop
    stops after ``n_iter_no_change`` iterations without a decrease of the
    validation loss by more than ``tol`` (n_iter_no_change <= 0: never).
    Returns the number of iterations run."""
    d, n = XT.shape
    T, K, _ = omegas.shape
    w = np.empty(n)
    yt = np.empty(n)
    z = np.empty(n)
    p = np.empty(n)
    qb = np.empty(n)
    buf = np.empty(n)
    hbuf = np.empty(n)
    h = np.empty(n)
    nK = K if learner == LANDMARK else 0
    Cm = np.empty((nK, n))
    Sm = np.empty((nK, n))
    nv = yv.shape[0]
    zv = np.empty(nv)
    bufv = np.empty(nv)
    best_val = np.inf
    since_best = 0
    tl, shift = residuals(loss, y, H, sw, w, yt)
    for t in range(T):
        if learner == COSINE:
            omega = omegas[t, 0]
            project(XT, omega, z)
            b = best_bias(z, yt, sw, shift, p, qb, buf)[0]
            if n_steps > 0:
                refine_omega(XT, yt, sw, shift, b, reg_lambda, omega, z, n_steps, p, qb, buf,
                             h, True)
            if loss == EXPONENTIAL:
                al = learning_rate * _cosine_and_step(y, w, sw, z, b, h, p, qb)
            else:
                for i in range(n):
                    h[i] = fsincos(z[i] - b)[1]
                al = learning_rate * newton_step(yt, w, sw, h)
            phases[t, 0] = b
            qs[t, 0] = 1.0
        else:
            Om = np.ascontiguousarray(omegas[t])
            for j in range(K):
                project(XT, Om[j], z)
                for i in range(n):
                    s_, c_ = fsincos(z[i])
                    Cm[j, i] = c_
                    Sm[j, i] = s_
            x = landmarks[t]
            if n_steps > 0:
                landmark_descent(Cm, Sm, Om, yt, sw, shift, n_steps, x, buf, hbuf)
            a = np.empty(K)
            matvec(Om, x, a)
            q = qs[t]
            rff_weights(Cm, Sm, a, yt, sw, shift, beta, q, buf)
            for i in range(n):
                h[i] = 0.0
            for j in range(K):
                s_, c_ = fsincos(a[j])
                cq = c_ * q[j]
                sq = s_ * q[j]
                Cj = Cm[j]
                Sj = Sm[j]
                for i in range(n):
                    h[i] += cq * Cj[i] + sq * Sj[i]
            al = learning_rate * _step(loss, y, w, yt, sw, h, buf)
        alphas[t] = al
        tl, shift = _advance(loss, y, sw, al, h, H, w, yt)
        train_loss[t] = tl
        if nv > 0:
            if learner == COSINE:
                project(XvT, omegas[t, 0], zv)
                b = phases[t, 0]
                for i in range(nv):
                    Hv[i] += al * fsincos(zv[i] - b)[1]
            else:
                Om = omegas[t]
                x = landmarks[t]
                q = qs[t]
                a = np.empty(K)
                matvec(np.ascontiguousarray(Om), x, a)
                for j in range(K):
                    project(XvT, Om[j], zv)
                    for i in range(nv):
                        Hv[i] += al * q[j] * fsincos(a[j] - zv[i])[1]
            val_loss[t] = loss_value(loss, yv, Hv, swv, bufv)
            best_val, since_best = _early_stopping(val_loss[t], best_val, since_best, tol)
            if 0 < n_iter_no_change <= since_best:
                return t + 1
    return T



# --------------------------------------------------------------------------
# prediction: sums of cosines, staged
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
