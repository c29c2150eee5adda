"""The loss axis compiled: residuals, steps, losses, and the criterion of
each loss's weak learners (``criterion``). The codes and the Python-side
facts (H⁰, links, names) are :mod:`.loss_registry`'s registry.

The exponential loss of the paper keeps its own fused kernels (whose numbers
the committed results depend on); log_loss and squared_error go through
:func:`residuals`, :func:`newton_step` and :func:`loss_value`. The boosting
loop calls :func:`residuals`, :func:`_step`, :func:`_advance` and
:func:`loss_value` with the loss's code."""

import math

import numpy as np
from numba import njit, prange

from ._elementary import fexp, fsincos
from .loss_registry import CRITERIA, EXPONENTIAL, LOG_LOSS, SQUARED_ERROR  # noqa: F401
from ._reductions import PARALLEL, _sum, bdot, block_bounds, bsum, combine, n_blocks


# exponents above this would overflow exp() in a sum of many terms: shift
_SHIFT_START = 600.0


@njit(cache=True, parallel=PARALLEL)
def exp_weights(y, H, sw, w, yt):
    """w_i = exp(-y_i H_i), yt_i = y_i w_i; returns (loss, shift) where loss
    is the weighted mean of w (the exponential loss) and ``shift`` > 0 says
    that exp(yt) could overflow: the weak-learner searches then minimise the
    logarithm of their objectives (same argmin), with the largest exponent
    factored out of every sum."""
    n = y.shape[0]
    for blk in prange(n_blocks(n)):
        s0, s1 = block_bounds(blk, n)
        _weights_block(y[s0:s1], H[s0:s1], w[s0:s1], yt[s0:s1])
    return _loss_and_shift(sw, w)


@njit(cache=True)
def _weights_block(y, H, w, yt):
    """w = exp(-y H), yt = y w over one block (arrays sliced to it)."""
    for i in range(y.shape[0]):
        wi = fexp(-y[i] * H[i])
        w[i] = wi
        yt[i] = y[i] * wi


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
    loss = bdot(sw, w) / w.shape[0]
    shift = 0.0 if R <= _SHIFT_START else R - _SHIFT_START
    return loss, shift


@njit(cache=True, parallel=PARALLEL)
def _update_scores(y, sw, a, h, H, w, yt):
    """H += a h, then :func:`exp_weights` (the same numbers, one pass less)."""
    n = y.shape[0]
    for blk in prange(n_blocks(n)):
        s0, s1 = block_bounds(blk, n)
        yb = y[s0:s1]
        Hb = H[s0:s1]
        hb = h[s0:s1]
        wb = w[s0:s1]
        ytb = yt[s0:s1]
        for i in range(s1 - s0):
            Hi = Hb[i] + a * hb[i]
            Hb[i] = Hi
            wi = fexp(-yb[i] * Hi)
            wb[i] = wi
            ytb[i] = yb[i] * wi
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
    W = bsum(buf)
    for i in range(n):
        buf[i] *= y[i] * h[i]
    return _alpha_from_sums(W, bsum(buf))


@njit(cache=True, parallel=PARALLEL)
def _cosine_and_step(y, w, sw, z, b, h, buf, buf2):
    """h = cos(z - b) and :func:`step_size` for it in one pass (the same numbers)."""
    n = y.shape[0]
    wmax = _max_weight(sw, w)
    inv = 1.0 / wmax if wmax > 0.0 else 0.0
    nb = n_blocks(n)
    parts = np.empty((2, nb))
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        zb = z[s0:s1]
        hb = h[s0:s1]
        swb = sw[s0:s1]
        wb = w[s0:s1]
        yb = y[s0:s1]
        b1 = buf[s0:s1]
        b2 = buf2[s0:s1]
        for i in range(s1 - s0):
            hi = fsincos(zb[i] - b)[1]
            hb[i] = hi
            bi = swb[i] * wb[i] * inv
            b1[i] = bi
            b2[i] = bi * (yb[i] * hi)
        parts[0, blk] = _sum(b1)
        parts[1, blk] = _sum(b2)
    if wmax <= 0.0:
        return 0.0
    return _alpha_from_sums(combine(parts[0]), combine(parts[1]))


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
    return bsum(buf) / bsum(sw)


# --------------------------------------------------------------------------
# the loss axis: residuals, steps and loss values of the other losses
# --------------------------------------------------------------------------
# The exponential loss of the paper keeps its own kernels above (exp_weights,
# step_size, _cosine_and_step, _update_scores, exp_loss), whose numbers the
# committed results depend on; the others go through the functions below.
# The codes EXPONENTIAL, LOG_LOSS, SQUARED_ERROR are the registry's.


@njit(cache=True)
def criterion(loss):
    """The criterion (EXP_SURROGATE or LEAST_SQUARES of :mod:`.loss_registry`) by
    which the weak learners fit the residuals of ``loss``."""
    return CRITERIA[loss]


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
    if loss == SQUARED_ERROR:
        r = y - H
        return r * r                      # (y - H)^2
    return math.nan                       # a loss of the registry without its branch here


@njit(cache=True)
def residuals(loss, y, H, sw, w, yt):
    """The residuals yt (the paper's ỹ: the negative gradient of the loss
    in H, which the weak learner fits) and the curvatures w (its second
    derivative, which the Newton step for alpha divides by); returns
    (train loss, shift) as :func:`exp_weights`, which is the exponential
    loss's case (there w = exp(-y H), yt = y w).

    log_loss, ln(1 + exp(-y H)): yt = y sigma(-y H) (= y01 - p), w = p (1 - p);
    squared_error, (y - H)^2: yt = y - H (half its negative gradient, the
    preprint's Algorithm 1, whose step alpha needs no other factor), w = 1.
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
        elif loss == SQUARED_ERROR:
            yt[i] = y[i] - H[i]
            w[i] = 1.0
        else:                           # a loss of the registry without its branch here
            yt[i] = math.nan
            w[i] = math.nan
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
    return bsum(buf) / bsum(sw)


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
