"""The loss axis compiled: residuals, steps, losses, and the criterion of
each loss's weak learners (``criterion``). The codes and the Python-side
facts (H⁰, links, names) are :mod:`.loss_registry`'s registry.

The exponential loss of the paper keeps its own fused kernels (whose numbers
the committed results depend on); log_loss, squared_error and huber go
through :func:`residuals`, :func:`newton_step` (huber: :func:`huber_step`)
and :func:`loss_value`. The boosting loop calls :func:`residuals`,
:func:`_step`, :func:`_advance` and :func:`loss_value` with the loss's code
and, for huber, its scale δ (the α-quantile of |y − H| that
:func:`residuals` sets at each iteration; 0 for the other losses)."""

import math

import numpy as np
from numba import njit, prange

from ._elementary import fexp, fsincos
from .loss_registry import CRITERIA, EXPONENTIAL, HUBER, LOG_LOSS, SQUARED_ERROR  # noqa: F401
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
def _loss_term(loss, y, H, delta):
    """One sample's loss at the score H, label y in {-1, +1} (or a real
    target); ``delta``: huber's scale (unused by the others)."""
    if loss == EXPONENTIAL:
        return math.exp(-y * H)
    if loss == LOG_LOSS:
        return _softplus(-y * H)          # ln(1 + exp(-y H))
    if loss == SQUARED_ERROR:
        r = y - H
        return r * r                      # (y - H)^2
    if loss == HUBER:
        a = abs(y - H)
        if a <= delta:
            return a * a                  # (y - H)^2 within delta
        return delta * (2.0 * a - delta)  # linear beyond, with matching value and slope
    return math.nan                       # a loss of the registry without its branch here


@njit(cache=True)
def huber_delta(y, H, sw, alpha, buf):
    """huber's delta at the scores H: the lower weighted alpha-quantile of
    |y - H| (the smallest |y_i - H_i| whose cumulative weight in increasing
    order reaches alpha sum sw, as scikit-learn's ``_weighted_percentile``;
    rows of weight 0 never count). buf (n) gets |y - H|."""
    n = y.shape[0]
    total = 0.0
    for i in range(n):
        buf[i] = abs(y[i] - H[i])
        total += sw[i]
    order = np.argsort(buf)       # quicksort: ties of equal values, any order, same value
    target = alpha * total
    cum = 0.0
    last = 0.0
    for k in range(n):
        i = order[k]
        if sw[i] > 0.0:
            cum += sw[i]
            last = buf[i]
            if cum >= target:
                return last
    return last


@njit(cache=True)
def residuals(loss, y, H, sw, w, yt, quantile):
    """The residuals yt (the paper's ỹ: the negative gradient of the loss
    in H, which the weak learner fits) and the curvatures w (its second
    derivative, which the Newton step for alpha divides by); returns
    (train loss, shift, delta), the first two as :func:`exp_weights`, which
    is the exponential loss's case (there w = exp(-y H), yt = y w).

    log_loss, ln(1 + exp(-y H)): yt = y sigma(-y H) (= y01 - p), w = p (1 - p);
    squared_error, (y - H)^2: yt = y - H (half its negative gradient, the
    preprint's Algorithm 1, whose step alpha needs no other factor), w = 1;
    huber: delta is the ``quantile`` of |y - H| (:func:`huber_delta`),
    yt = y - H clipped to [-delta, delta] (half its negative gradient),
    w = 1 within delta, 0 beyond. delta is 0.0 for the other losses.
    ``shift`` > 0 when exp(|yt|) could overflow in the weak-learner searches
    (the same rule as the exponential loss's: |yt| > 600)."""
    if loss == EXPONENTIAL:
        tl, shift = exp_weights(y, H, sw, w, yt)
        return tl, shift, 0.0
    n = y.shape[0]
    R = 0.0
    total = 0.0
    delta = huber_delta(y, H, sw, quantile, w) if loss == HUBER else 0.0
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
        elif loss == HUBER:
            r = y[i] - H[i]
            yt[i] = min(max(r, -delta), delta)
            w[i] = 1.0 if abs(r) <= delta else 0.0
        else:                           # a loss of the registry without its branch here
            yt[i] = math.nan
            w[i] = math.nan
        total += sw[i] * _loss_term(loss, y[i], H[i], delta)
        if sw[i] > 0.0 and abs(yt[i]) > R:
            R = abs(yt[i])
    shift = 0.0 if R <= _SHIFT_START else R - _SHIFT_START
    return total / n, shift, delta


@njit(cache=True)
def unit_residuals(yt, sw, out):
    """out = yt / s, s = sqrt(sum sw yt^2 / sum sw) the residuals' weighted root
    mean square (out = yt where s is 0): the residuals at unit scale, which the
    regressors' weak learners fit, so that every iteration's fit is that of
    the first whatever the residuals' size (the landmark's Eq. 5 and q's Eq. 7
    compare ỹ with cosines of amplitude one). Returns the ``shift`` of out
    (:func:`residuals`' rule)."""
    n = yt.shape[0]
    num = 0.0
    den = 0.0
    for i in range(n):
        num += sw[i] * yt[i] * yt[i]
        den += sw[i]
    inv = 1.0 / math.sqrt(num / den) if num > 0.0 and den > 0.0 else 1.0
    if not math.isfinite(inv):
        inv = 1.0
    R = 0.0
    for i in range(n):
        out[i] = yt[i] * inv
        if sw[i] > 0.0 and abs(out[i]) > R:
            R = abs(out[i])
    return 0.0 if R <= _SHIFT_START else R - _SHIFT_START


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
def _huber_slope(y, H, sw, h, delta, a):
    """(g, c) along h at the step a: g = sum sw psi(y - H - a h) h, psi the
    clip to [-delta, delta] (minus half the derivative of huber's loss in a,
    non-increasing in a), and c = sum sw h^2 over the samples within delta
    (minus half the derivative of g, where it has one)."""
    g = 0.0
    c = 0.0
    for i in range(y.shape[0]):
        r = y[i] - H[i] - a * h[i]
        if r > delta:
            g += sw[i] * delta * h[i]
        elif r < -delta:
            g -= sw[i] * delta * h[i]
        else:
            g += sw[i] * r * h[i]
            c += sw[i] * h[i] * h[i]
    return g, c


@njit(cache=True)
def huber_step(y, H, sw, h, delta):
    """The exact line minimum alpha = argmin_a sum sw huber_delta(y - H - a h)
    (the paper's Algorithm 1, line 5): the root of :func:`_huber_slope`'s g,
    continuous and non-increasing in a (the loss is convex and
    differentiable), by Newton steps kept inside a bracket [lo, hi] with
    g(lo) >= 0 >= g(hi), bisecting when a Newton step would leave it; exact
    where no sample crosses delta between two steps (the loss is quadratic
    there). 0 if h vanishes on every sample or delta is 0."""
    scale = 0.0
    for i in range(y.shape[0]):
        scale += sw[i] * abs(h[i])
    if not (scale > 0.0) or not (delta > 0.0):
        return 0.0
    g0, c0 = _huber_slope(y, H, sw, h, delta, 0.0)
    if g0 == 0.0:
        return 0.0
    sign = 1.0 if g0 > 0.0 else -1.0
    # the far end of the bracket: |a| at which every sample is beyond delta
    # on the side that makes sign * g <= 0 (g -> -sign delta sum sw |h|)
    far = 0.0
    for i in range(y.shape[0]):
        if sw[i] > 0.0 and h[i] != 0.0:
            far = max(far, (abs(y[i] - H[i]) + delta) / abs(h[i]))
    lo = 0.0                      # sign * g(sign * lo) >= 0
    hi = far                      # sign * g(sign * hi) <= 0
    t = 0.0
    g = g0 * sign
    c = c0
    for _ in range(100):
        nt = t + g / c if c > 0.0 else 0.5 * (lo + hi)
        if not (lo < nt < hi):
            nt = 0.5 * (lo + hi)
        if nt == t:
            break
        t = nt
        g, c = _huber_slope(y, H, sw, h, delta, sign * t)
        g *= sign
        if g == 0.0:
            break
        if g > 0.0:
            lo = t
        else:
            hi = t
        if hi - lo <= 1e-15 * hi:
            break
    return sign * t


@njit(cache=True)
def loss_value(loss, y, H, sw, buf, delta):
    """Weighted mean loss at the scores H (the validation loss of early
    stopping; huber with the scale ``delta`` of the training residuals);
    NaN for no samples."""
    if loss == EXPONENTIAL:
        return exp_loss(y, H, sw, buf)
    n = y.shape[0]
    if n == 0:
        return np.nan
    for i in range(n):
        buf[i] = sw[i] * _loss_term(loss, y[i], H[i], delta)
    return bsum(buf) / bsum(sw)


@njit(cache=True)
def _step(loss, y, H, w, yt, sw, h, buf, delta):
    """The step alpha along h for ``loss`` (before the learning rate), from
    the scores H and the residuals, curvatures and scale delta there."""
    if loss == EXPONENTIAL:
        return step_size(y, w, sw, h, buf)
    if loss == HUBER:
        return huber_step(y, H, sw, h, delta)
    return newton_step(yt, w, sw, h)


@njit(cache=True)
def _advance(loss, y, sw, a, h, H, w, yt, quantile):
    """H += a h, then the residuals at the new scores (:func:`residuals`)."""
    if loss == EXPONENTIAL:
        tl, shift = _update_scores(y, sw, a, h, H, w, yt)
        return tl, shift, 0.0
    for i in range(y.shape[0]):
        H[i] += a * h[i]
    return residuals(loss, y, H, sw, w, yt, quantile)
