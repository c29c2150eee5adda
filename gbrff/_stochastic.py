"""Stochastic boosting of GBRFF2's cosine learner: each weak learner fitted on a sample of rows.

Friedman's stochastic gradient boosting (Computational Statistics & Data
Analysis, 2002) fits each weak learner on a random fraction of the training
rows; LightGBM's gradient-based one-side sampling (GOSS; Ke et al., NIPS 2017)
keeps the rows of largest residual and a random share of the others, these
weighted up so that the sample's sums estimate the whole data's. Here the
weak learner is GBRFF2's (Gautheron et al., ECML-PKDD 2020, Algorithm 3): on
the sample, the residuals ỹ, the global phase b, the L-BFGS refinement of ω and
the step α, by the compiled loop itself (one iteration a call,
:func:`gbrff._boosting` ``boost``); the score H then moves on every row,
each iteration or, with the step taken on the sample or a holdout
(``step_rows``), 16 iterations at a time in one compiled pass over a
row-major float32 copy of the data (:func:`gbrff._engine._rows.cosine_sums`):
on 10⁶ rows, an iteration then costs about what a fit on its sample does.
Several frequencies may be drawn an iteration (``n_candidates``): each gets
its phase b and step α on the sample without refinement, and the one of
lowest loss is refined.

This module, like :mod:`gbrff._boosting`, knows nothing of scikit-learn. The
draws come from ``rng`` (a ``RandomState``) iteration by iteration: the
frequencies, then a seed of the iteration's rows, so that a fit continued
from its :class:`gbrff._boosting.Continuation` (a warm start) draws what one
longer fit draws.
"""

import contextlib
import math
import numbers

import numpy as np

from . import _aot
from ._blas import one_blas_thread
from ._boosting import (LEARNERS, TRAIN_DTYPE, Continuation, Expansion, _prepare, _standardized_rows,
                        check_loss, early_stopping_memory, engine_for, initial_score)
from ._engine.loss_registry import HUBER_ALPHA, LOSSES

__all__ = ["SAMPLING_METHODS", "STEP_ROWS", "fit_stochastic", "holdout_rows", "sample_rows",
           "sample_size"]

#: How the rows of an iteration are drawn: "uniform" (stochastic gradient
#: boosting), "goss" (gradient-based one-side sampling: the half of the sample
#: with the largest |ỹ| sw, the other half drawn from the remaining rows).
SAMPLING_METHODS = ("uniform", "goss")


def sample_size(n, subsample):
    """The rows of an iteration's sample: ⌈subsample n⌉ for a share in (0, 1]
    (a float, or the integer 1), ``subsample`` rows for an integer above one;
    at least 2, at most n."""
    if isinstance(subsample, numbers.Integral) and not isinstance(subsample, bool) and subsample > 1:
        return int(min(n, max(2, subsample)))
    return int(min(n, max(2, math.ceil(subsample * n))))


def sample_rows(gen, n, m, sampling_method="uniform", magnitude=None):
    """The rows of one iteration (sorted indices) and their weight factors.

    Parameters
    ----------
    gen : numpy.random.Generator
        The iteration's generator.
    n, m : int
        Rows in all, rows drawn (m <= n).
    sampling_method : {"uniform", "goss"}
        "uniform": m rows without replacement, factors None (each row keeps
        its weight). "goss": the k = ⌈m / 2⌉ rows of largest ``magnitude``
        (ties broken by index), then m − k of the other n − k uniformly;
        factors (m,): m / n for the first, (m / n)(n − k)/(m − k) for the
        others, so that the sample's weighted mean of any per-row quantity
        estimates the whole data's mean (unbiased over the draws).
    magnitude : ndarray of shape (n,), optional
        |ỹ| sw of every row (GOSS only).

    Returns
    -------
    rows : ndarray of int64, shape (m,), increasing
    factors : ndarray of shape (m,) or None
    """
    if m >= n:
        return np.arange(n), None
    if sampling_method == "uniform":
        return np.sort(gen.choice(n, m, replace=False)), None
    k = (m + 1) // 2
    top = np.sort(np.argpartition(-magnitude, k - 1)[:k])
    outside = np.ones(n, dtype=bool)
    outside[top] = False
    rest = np.flatnonzero(outside)
    drawn = rest[np.sort(gen.choice(rest.shape[0], m - k, replace=False))]
    rows = np.concatenate([top, drawn])
    order = np.argsort(rows, kind="stable")
    factors = np.empty(m)
    factors[:k] = m / n
    factors[k:] = (m / n) * (n - k) / (m - k)
    return rows[order], factors[order]


def holdout_rows(gen, n, k, rows, taken=None):
    """k rows (sorted) drawn uniformly without replacement among the n − len(rows)
    rows outside ``rows``: row indices drawn from ``gen`` with replacement, those
    in ``rows`` or seen before dropped, the first k kept (in the order drawn: a
    uniform draw without replacement), more drawn while fewer. ``taken``, a
    boolean scratch of n False values (left so), spares its allocation. No
    pass over the n rows: the cost is that of the k draws."""
    if taken is None:
        taken = np.zeros(n, dtype=bool)
    if k > n - rows.shape[0]:
        raise ValueError(f"cannot draw {k} rows outside {rows.shape[0]} of {n}")
    taken[rows] = True
    picked = []
    want = k
    try:
        while want > 0:
            draw = gen.integers(0, n, size=want + want // 4 + 16)
            draw = draw[~taken[draw]]
            _, first = np.unique(draw, return_index=True)
            new = draw[np.sort(first)][:want]
            taken[new] = True
            picked.append(new)
            want -= new.shape[0]
    finally:
        taken[rows] = False
        for p in picked:
            taken[p] = False
    return np.sort(np.concatenate(picked))


def _row_major(X, standardization=None, block_bytes=1 << 23):
    """X (n, d) as the stochastic fit reads it: float32, row-major (a sample's
    rows are a few cache lines each), standardised with ``standardization``
    a block of rows at a time: the values of the compiled loop's
    :func:`gbrff._boosting._transposed`, in the other layout."""
    X = np.asarray(X)
    n, d = X.shape
    out = np.empty((n, d), dtype=TRAIN_DTYPE)
    rows = max(1, block_bytes // max(1, d * X.itemsize))
    for i in range(0, n, rows):
        block = X[i:i + rows]
        out[i:i + rows] = block if standardization is None else _standardized_rows(block, standardization)
    return out


def _cosines(kernels, XR, omega, b):
    """cos(ω·x − b) on every row x of XR (n, d) float32, in float64: the
    compiled full-row pass (:func:`gbrff._engine._rows.cosine_sums`, the
    projection accumulated in float32 as the engine's float32 copy of the data)."""
    h = np.empty(XR.shape[0])
    _add_cosines(kernels, XR, omega.reshape(1, -1), np.array([b], dtype=np.float64),
                 np.ones(1), h, accumulate=False)
    return h


def _add_cosines(kernels, XR, W, phases, coefs, out, accumulate=True):
    """out (+)= Σ_c coefs[c] cos(W[c]·x − phases[c]) on every row of XR, one compiled pass."""
    _aot.call(kernels, "cosine_sums", X=XR, W=np.ascontiguousarray(W, dtype=np.float64),
              phases=np.ascontiguousarray(phases, dtype=np.float64),
              coefs=np.ascontiguousarray(coefs, dtype=np.float64), out=out,
              accumulate=int(bool(accumulate)))


def line_step(entry, y, H, sw, h):
    """The step α along h from the scores H, before the learning rate, as the
    compiled loop takes it (:mod:`gbrff._engine._losses`): the exponential
    loss's closed form ½ ln(Σ sw w (1 + y h) / Σ sw w (1 − y h)), w = exp(−yH)
    (the paper's, its sums floored at 1e-12 Σ sw w), else one Newton step
    Σ sw ỹ h / Σ sw w h² (w the curvatures, ỹ the residuals at H; 0 where it
    is not finite)."""
    if entry.name == "exponential":
        a = -y * H
        w = sw * np.exp(a - a.max())            # α is scale free: no overflow
        W = float(np.sum(w))
        S = float(np.dot(w, y * h))
        eps = 1e-12 * W
        num, den = max(W + S, 0.0) + eps, max(W - S, 0.0) + eps
        return 0.5 * math.log(num / den) if num > 0.0 and den > 0.0 else 0.0
    w, yt = entry.residuals(y, H)
    num = float(np.dot(sw * yt, h))
    den = float(np.dot(sw * w, h * h))
    step = num / den if den > 0.0 else 0.0
    return step if math.isfinite(step) else 0.0


#: With ``step_rows`` "sample" or "holdout", every row's score takes the new cosines this
#: many at a time: one pass over the data (:func:`_add_cosines`) for
#: REFRESH iterations. 16: at 10⁶ rows × 40 columns a pass costs ~15 ms for
#: one cosine (reading the data) and ~50 ms for 16 (~3 ms a cosine).
REFRESH = 16

#: Where the step α is taken: on every row ("all", each iteration a pass over
#: the data); on the iteration's sample ("sample", in-bag, as Friedman's
#: stochastic gradient boosting and LightGBM take it); or on as many other
#: rows, drawn uniformly outside the sample ("holdout": the cosine was fitted
#: on the sample, so an in-bag step overrates it; rows it was not fitted on
#: estimate the step on every row without bias). With "sample" and "holdout"
#: the scores of every row follow REFRESH iterations at a time.
STEP_ROWS = ("all", "sample", "holdout")


def fit_stochastic(X, y, sw, *, loss="exponential", n_estimators, gamma, reg_lambda=0.0,
                   learning_rate=1.0, n_optim_steps=10, rng, subsample=1.0,
                   sampling_method="uniform", n_candidates=1, step_rows="all", validation=None,
                   n_iter_no_change=None, tol=1e-4, omegas=None, n_threads=1,
                   standardization=None, start=None, return_scores=False):
    """Boost GBRFF2's cosine learner, each iteration on a sample of the rows.

    The arguments are :func:`gbrff._boosting.fit_gbrff2`'s, and:

    subsample : float in (0, 1] or int > 1
        The share of the rows each weak learner is fitted on, or their
        number (:func:`sample_size`).
    sampling_method : {"uniform", "goss"}
        How they are drawn (:func:`sample_rows`).
    n_candidates : int >= 1
        Frequencies drawn an iteration; the one whose learner (phase b and
        step α, before refinement) leaves the lowest loss on the sample is
        refined and kept.
    step_rows : {"all", "sample", "holdout"}
        Where the step α is taken (:data:`STEP_ROWS`).

    Each iteration draws its ``n_candidates`` frequencies ω ~ N(0, 2γ)^d from
    ``rng`` (``omegas`` (T, n_candidates, d), if given, replaces them), then
    a seed for its rows; fits the learner on the rows (the compiled loop's
    iteration: residuals at H, b, L-BFGS on ω). With ``step_rows="all"`` it
    takes the step α on every row (:func:`line_step`, times
    ``learning_rate``) and adds α cos(ω·x − b) to H on every row, one
    compiled pass (:func:`_cosines`). With ``"sample"`` the compiled loop's
    own step on the sample is kept; with ``"holdout"`` the step is
    :func:`line_step` on ``m`` other rows (:func:`holdout_rows`: drawn
    uniformly outside the sample, from the same generator, after it; their exact scores as the
    sample's; ``train_loss`` is then their loss, out of bag). Either way
    every row's H takes the cosines
    :data:`REFRESH` at a time (the sample's scores, H at the last refresh
    plus the cosines since, are exact; GOSS ranks the rows by their
    residuals at the last refresh). The validation rows' scores follow every
    iteration. With every row in the sample (m = n) the iteration is the
    compiled loop's, bit for bit. ``train_loss`` is the loss on each
    iteration's sample after its step (scikit-learn's ``train_score_`` of a
    subsample: the in-bag loss); ``val_loss`` and early stopping are
    :func:`gbrff._boosting.fit`'s. Returns what :func:`gbrff._boosting.fit`
    returns."""
    check_loss("cosine", loss)
    if sampling_method not in SAMPLING_METHODS:
        raise ValueError(f"sampling_method must be one of {SAMPLING_METHODS}, got {sampling_method!r}")
    if step_rows not in STEP_ROWS:
        raise ValueError(f"step_rows must be one of {STEP_ROWS}, got {step_rows!r}")
    n, d = X.shape
    C = int(n_candidates)
    T = int(n_estimators)
    m = sample_size(n, subsample)
    if m < n:   # the rows row-major (gathered each iteration), no column-major copy
        _, y, sw, _, _, _ = _prepare(np.empty((n, 0), dtype=TRAIN_DTYPE), y, sw, None)
        XR, XT = _row_major(X, standardization), None
    else:
        XT, y, sw, _, _, _ = _prepare(X, y, sw, None, standardization)
    if validation is None:
        XvR, yv, swv = np.empty((0, d), dtype=TRAIN_DTYPE), np.empty(0), np.empty(0)
    else:
        XvR = _row_major(validation[0], standardization)
        yv, swv = (np.ascontiguousarray(a, dtype=np.float64) for a in validation[1:])
    if start is None:
        init = initial_score(y, sw, loss)
        H = np.full(n, init)
        Hv = np.full(yv.shape[0], init)
        best, since = np.inf, 0
    else:
        init = float(start.init_score)
        H = np.array(start.scores, dtype=np.float64)
        Hv = np.array(start.validation_scores, dtype=np.float64)
        best, since = early_stopping_memory(start.val_loss, tol)
    out_omegas = np.zeros((T, 1, d))
    phases = np.zeros((T, 1))
    q = np.ones((T, 1))
    alphas = np.zeros(T)
    train_loss = np.zeros(T)
    val_loss = np.full(T, np.nan)
    kernels, _ = engine_for(m, n_threads)
    rows_kernels, _ = engine_for(n, n_threads)     # the passes over every row
    patience = int(n_iter_no_change or 0) if yv.shape[0] else 0
    entry = LOSSES[loss]
    no_val = (np.empty((d, 0), dtype=TRAIN_DTYPE), np.empty(0), np.empty(0), np.empty(0), np.empty(0))
    scale = math.sqrt(2.0 * gamma)
    taken = np.zeros(n, dtype=bool)     # scratch of holdout_rows
    deferred = step_rows != "all" and m < n
    holdout = step_rows == "holdout" and m < n
    m_step = min(m, n - m)          # the holdout's rows
    pending = []                    # iterations whose cosines every row's H has yet to take

    def one_iteration(XTs, ys, sws, Hs, om, n_steps, ph, al, tl):
        return _aot.call(
            kernels, "boost", XT=XTs, y=ys, sw=sws, H=Hs, omegas=om, phases=ph,
            qs=np.ones((1, 1)), landmarks=np.zeros((1, d)), alphas=al, train_loss=tl,
            learner=LEARNERS["cosine"], loss=entry.code, n_steps=n_steps,
            reg_lambda=float(reg_lambda), beta=1.0, learning_rate=float(learning_rate),
            XvT=no_val[0], yv=no_val[1], swv=no_val[2], Hv=no_val[3], val_loss=no_val[4],
            n_iter_no_change=0, tol=float(tol), quantile=HUBER_ALPHA, scale_free=0)

    def current_scores(rows, XRr):
        """H on ``rows`` (XRr, those rows of XR): H at the last refresh and the cosines since."""
        Hr = H[rows]
        if pending:
            _add_cosines(kernels, XRr, out_omegas[pending, 0], phases[pending, 0], alphas[pending], Hr)
        return Hr

    def refresh():
        """Every row's H takes the pending iterations' cosines (one pass)."""
        if pending:
            _add_cosines(rows_kernels, XR, out_omegas[pending, 0], phases[pending, 0],
                         alphas[pending], H)
            pending.clear()

    blas = one_blas_thread() if n_threads == 1 else contextlib.nullcontext()
    n_iter = 0
    magnitude = None
    with blas:
        for t in range(T):
            if patience and since >= patience:
                break
            draws = (rng.standard_normal((C, d)) * scale if omegas is None
                     else np.asarray(omegas[t], dtype=np.float64).reshape(C, d))
            gen = np.random.default_rng(rng.randint(np.iinfo(np.int32).max))
            if sampling_method == "goss" and m < n and (magnitude is None or not pending):
                magnitude = np.abs(entry.residuals(y, H)[1]) * sw    # H as of the last refresh
            rows, factors = sample_rows(gen, n, m, sampling_method, magnitude)
            if m < n:
                XRs = XR[rows]
                XTs = np.ascontiguousarray(XRs.T)
            else:
                XTs = XT
            ys = np.ascontiguousarray(y[rows])
            sws = sw[rows] if factors is None else sw[rows] * factors
            Hs = H if m == n else current_scores(rows, XRs)   # m = n: the compiled iteration moves H
            if holdout and m_step > 0:
                step_at = holdout_rows(gen, n, m_step, rows, taken)
                XRh = XR[step_at]
                Hh = current_scores(step_at, XRh)
            best_c = 0
            if C > 1:
                losses = np.empty(C)
                for c in range(C):
                    tl = np.zeros(1)
                    one_iteration(XTs, ys, sws, Hs.copy(), draws[c].reshape(1, 1, d).copy(), 0,
                                  np.zeros((1, 1)), np.zeros(1), tl)
                    losses[c] = tl[0]
                best_c = int(np.argmin(losses))
            out_omegas[t, 0] = draws[best_c]
            one_iteration(XTs, ys, sws, Hs, out_omegas[t:t + 1], int(n_optim_steps),
                          phases[t:t + 1], alphas[t:t + 1], train_loss[t:t + 1])
            omega, b = out_omegas[t, 0], phases[t, 0]
            if holdout and m_step > 0:
                # the step where the cosine was not fitted: an unbiased estimate of every row's
                yh, swh = y[step_at], sw[step_at]
                h = _cosines(kernels, XRh, omega, b)
                alphas[t] = learning_rate * line_step(entry, yh, Hh, swh, h)
                train_loss[t] = entry.mean(Hh + alphas[t] * h, yh, swh)
            if deferred:
                pending.append(t)
                if len(pending) == REFRESH:
                    refresh()
            elif m < n:
                # the step on every row: a sample's step would follow its own noise
                h = _cosines(rows_kernels, XR, omega, b)
                alphas[t] = learning_rate * line_step(entry, y, H, sw, h)
                H += alphas[t] * h
                train_loss[t] = entry.mean(H[rows], ys, sws)
            n_iter = t + 1
            if yv.shape[0]:
                _add_cosines(rows_kernels, XvR, out_omegas[t:t + 1, 0], phases[t:t + 1, 0],
                             alphas[t:t + 1], Hv)
                val_loss[t] = entry.mean(Hv, yv, swv)
                if val_loss[t] < best - tol:
                    best, since = float(val_loss[t]), 0
                else:
                    since += 1
        refresh()
    cut = slice(0, n_iter)
    model = Expansion("cosine", loss, init, out_omegas[cut], phases[cut], q[cut], alphas[cut],
                      None, train_loss[cut], val_loss[cut] if yv.shape[0] else np.empty(0))
    if not return_scores:
        return model
    history = np.empty(0) if start is None else np.asarray(start.val_loss)
    return model, Continuation(init, H, Hv, np.concatenate([history, model.val_loss]))
