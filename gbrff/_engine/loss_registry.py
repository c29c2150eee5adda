"""The losses' Python-side facts, one registry (``LOSSES``): for each loss its
name (scikit-learn's), the code the compiled loop takes, the criterion its
weak learners minimise, the tasks it serves (classification, regression),
H⁰, the link to probabilities (classification), the numpy loss value (the
learning curves) and a label and a one-line description.

Everything else a loss decides is compiled, in :mod:`._losses` (residuals,
curvatures, step, loss value, overflow handling) — the one other place a new
loss touches. The estimators' validation, :mod:`gbrff._boosting` and the
figures read this registry. Pure numpy: importing it does not import numba
(the ahead-of-time engine loads without it).
"""

from dataclasses import dataclass
from typing import Callable

import numpy as np
from scipy.special import expit, log_expit

__all__ = ["CLASSIFICATION", "CRITERIA", "EXPONENTIAL", "EXP_SURROGATE", "HUBER",
           "LEAST_SQUARES", "LOG_LOSS", "LOSSES", "Loss", "REGRESSION", "SQUARED_ERROR",
           "huber_delta", "losses_for", "weighted_quantile"]

# The weak learners' criteria between the residuals ỹ and a learner's
# outputs h (codes of the compiled loop): the 2020 paper's exponential
# surrogate (1/n) Σ sw exp(−ỹ h), or the 2019 preprint's least squares
# (1/n) Σ sw (ỹ − h)² (its Eqs. 4–7).
EXP_SURROGATE = 0
LEAST_SQUARES = 1

# The tasks a loss serves: labels y in {−1, +1} (a classifier's binary
# problems, probabilities through the loss's link) or real targets y (a
# regressor's, predicting H itself).
CLASSIFICATION = "classification"
REGRESSION = "regression"

#: huber's default quantile α of |y − H| that sets its δ (scikit-learn's GradientBoostingRegressor's)
HUBER_ALPHA = 0.9


@dataclass(frozen=True)
class Loss:
    """One loss of labels y in {−1, +1} (classification) or real targets y
    (regression) at scores H."""
    name: str                   # scikit-learn's name, the estimators' ``loss=``
    code: int                   # the compiled loop's code (rows of CRITERIA)
    criterion: int              # EXP_SURROGATE or LEAST_SQUARES
    label: str                  # axis titles: "Exponential loss"
    description: str            # one line
    terms: Callable             # (y, H[, δ]) -> the loss of each sample (huber's δ: at H by default)
    init: Callable              # (y, sw) -> H⁰, the best constant score
    link: Callable              # H -> P(y = +1); None for a loss of regression only
    fit_targets: Callable       # (y, H[, δ]) -> (w, ỹ): the curvatures and residuals of _losses.residuals
    tasks: frozenset = frozenset({CLASSIFICATION})   # the estimators that take it
    scaled: bool = False        # True: the loss has a scale δ, set from the residuals (huber)

    def init_score(self, y, sw):
        """H⁰ for labels y in {−1, +1} (or real targets) with sample weights sw."""
        return float(self.init(np.asarray(y, dtype=np.float64),
                               np.asarray(sw, dtype=np.float64)))

    def probability(self, H):
        """P(y = +1) from the scores H (a classification loss's link)."""
        if self.link is None:
            raise ValueError(f"loss={self.name!r} is a regression loss: it has no "
                             "probabilities (its prediction is H itself)")
        return self.link(np.asarray(H, dtype=np.float64))

    def delta(self, y, H, sw=None, alpha=HUBER_ALPHA):
        """The loss's scale δ at the scores H: for huber, the weighted α-quantile of
        |y − H| (:func:`huber_delta`, as the compiled loop sets it at each
        iteration); 0.0 for a loss without scale."""
        if not self.scaled:
            return 0.0
        y = np.asarray(y, dtype=np.float64)
        return huber_delta(y, np.asarray(H, dtype=np.float64),
                           np.ones_like(y) if sw is None else np.asarray(sw, dtype=np.float64),
                           alpha)

    def residuals(self, y, H, sw=None, alpha=HUBER_ALPHA):
        """(w, ỹ) at the scores H: the residuals ỹ the next weak learner fits and the
        curvatures w its step divides by, as the compiled loop computes them
        (:func:`gbrff._engine._losses.residuals`; the exponential loss: w = exp(−yH), ỹ = y w).
        ``sw`` and ``alpha`` set huber's δ (:meth:`delta`); the others ignore them."""
        y, H = np.asarray(y, dtype=np.float64), np.asarray(H, dtype=np.float64)
        return self.fit_targets(y, H, self.delta(y, H, sw, alpha))

    def mean(self, H, y, sw=None, alpha=HUBER_ALPHA):
        """The (weighted) mean loss of the scores H on labels (or targets) y;
        huber's δ is :meth:`delta` at these scores (the training loss's; the
        engine's validation loss takes the training residuals' δ)."""
        y, H = np.asarray(y, dtype=np.float64), np.asarray(H, dtype=np.float64)
        t = self.terms(y, H, self.delta(y, H, sw, alpha))
        return float(np.mean(t) if sw is None else np.sum(sw * t) / np.sum(sw))


def _log_ratio(y, sw):
    """ln(Σ sw (1 + y) / Σ sw (1 − y)): the log-odds of the weighted labels."""
    return np.log(np.sum(sw * (1.0 + y)) / np.sum(sw * (1.0 - y)))


def _with_residuals(w, y):
    """(w, y w): the exponential loss's weights are its curvatures, and ỹ = y w."""
    return w, y * w


def weighted_quantile(values, sw, q):
    """The lower weighted q-quantile of ``values``: the smallest value whose
    cumulative weight (in increasing order) reaches q Σ sw, as scikit-learn's
    ``_weighted_percentile``; rows of weight 0 never count. q = 0.5 is the
    weighted median."""
    values = np.asarray(values, dtype=np.float64)
    sw = np.asarray(sw, dtype=np.float64)
    keep = sw > 0
    values, sw = values[keep], sw[keep]
    order = np.argsort(values, kind="stable")
    cum = np.cumsum(sw[order])
    k = min(int(np.searchsorted(cum, q * cum[-1], side="left")), cum.shape[0] - 1)
    return float(values[order[k]])


def huber_delta(y, H, sw, alpha=HUBER_ALPHA):
    """huber's δ at the scores H: the weighted α-quantile of |y − H| (as
    scikit-learn's GradientBoostingRegressor(loss="huber", alpha=α) sets it
    at each iteration)."""
    return weighted_quantile(np.abs(np.asarray(y) - np.asarray(H)), sw, alpha)


def _huber_terms(y, H, delta=None):
    """(y − H)² inside |y − H| ≤ δ, δ(2|y − H| − δ) outside: squared_error's
    (y − H)² with linear tails (twice scikit-learn's huber, as squared_error
    here is twice its half squared error); δ by default :func:`huber_delta`
    at H (unit weights, α = 0.9)."""
    if delta is None:
        delta = huber_delta(y, H, np.ones(np.shape(y)))
    a = np.abs(y - H)
    return np.where(a <= delta, a * a, delta * (2.0 * a - delta))


def _huber_targets(y, H, delta=None):
    """(w, ỹ): ỹ = y − H clipped to [−δ, δ] (half the negative gradient, as
    squared_error's), w = 1 inside |y − H| ≤ δ, 0 outside (its curvature);
    δ by default as :func:`_huber_terms`'."""
    if delta is None:
        delta = huber_delta(y, H, np.ones(np.shape(y)))
    r = y - H
    return (np.abs(r) <= delta).astype(np.float64), np.clip(r, -delta, delta)


LOSSES = {loss.name: loss for loss in (
    Loss("exponential", 0, EXP_SURROGATE, "Exponential loss",
         "the 2020 paper's exp(−yH): H⁰ = ½ log-odds, ỹ = y exp(−yH), closed-form α, "
         "P = σ(2H)",
         terms=lambda y, H, _=None: np.exp(-y * H),
         init=lambda y, sw: 0.5 * _log_ratio(y, sw),
         link=lambda H: expit(2.0 * H),
         fit_targets=lambda y, H, _=None: _with_residuals(np.exp(np.clip(-y * H, -745.0, 709.0)), y)),
    Loss("log_loss", 1, EXP_SURROGATE, "Log loss",
         "binomial deviance ln(1 + exp(−yH)): H⁰ = log-odds, ỹ = y σ(−yH), one Newton "
         "step α, P = σ(H)",
         terms=lambda y, H, _=None: -log_expit(y * H),
         init=_log_ratio,
         link=expit,
         fit_targets=lambda y, H, _=None: (expit(-y * H) * expit(y * H), y * expit(-y * H))),
    Loss("squared_error", 2, LEAST_SQUARES, "Squared error",
         "the 2019 preprint's (y − H)²: H⁰ = ȳ, ỹ = y − H, learners fitted by least "
         "squares, α = Σỹh / Σh²; classification P = clip((1 + H)/2, 0, 1), regression H",
         terms=lambda y, H, _=None: (y - H) ** 2,
         init=lambda y, sw: np.sum(sw * y) / np.sum(sw),
         link=lambda H: np.clip(0.5 * (1.0 + H), 0.0, 1.0),
         fit_targets=lambda y, H, _=None: (np.ones_like(H), y - H),
         tasks=frozenset({CLASSIFICATION, REGRESSION})),
    Loss("huber", 3, LEAST_SQUARES, "Huber loss",
         "(y − H)² within δ, linear beyond, δ the α-quantile of |y − H| at each iteration: "
         "H⁰ = the weighted median, ỹ = y − H clipped to ±δ, learners fitted by least "
         "squares, α the exact line minimum; regression only",
         terms=_huber_terms,
         init=lambda y, sw: weighted_quantile(y, sw, 0.5),
         link=None,
         fit_targets=_huber_targets,
         tasks=frozenset({REGRESSION}), scaled=True),
)}

EXPONENTIAL = LOSSES["exponential"].code
LOG_LOSS = LOSSES["log_loss"].code
SQUARED_ERROR = LOSSES["squared_error"].code
HUBER = LOSSES["huber"].code
# the criterion of each loss code, read by the compiled loop
CRITERIA = np.array([loss.criterion for loss in sorted(LOSSES.values(), key=lambda l: l.code)],
                    dtype=np.int64)


def losses_for(task):
    """The names of the losses that serve ``task`` (CLASSIFICATION or REGRESSION)."""
    return tuple(name for name, loss in LOSSES.items() if task in loss.tasks)
