"""The losses' Python-side facts, one registry (``LOSSES``): for each loss its
name (scikit-learn's), the code the compiled loop takes, the criterion its
weak learners minimise, H⁰, the link to probabilities, the numpy loss value
(the learning curves) and a label and a one-line description.

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

__all__ = ["EXPONENTIAL", "EXP_SURROGATE", "LEAST_SQUARES", "LOG_LOSS", "LOSSES", "Loss",
           "SQUARED_ERROR", "CRITERIA"]

# The weak learners' criteria between the residuals ỹ and a learner's
# outputs h (codes of the compiled loop): the 2020 paper's exponential
# surrogate (1/n) Σ sw exp(−ỹ h), or the 2019 preprint's least squares
# (1/n) Σ sw (ỹ − h)² (its Eqs. 4–7).
EXP_SURROGATE = 0
LEAST_SQUARES = 1


@dataclass(frozen=True)
class Loss:
    """One loss of labels y in {−1, +1} at scores H."""
    name: str                   # scikit-learn's name, the estimators' ``loss=``
    code: int                   # the compiled loop's code (rows of CRITERIA)
    criterion: int              # EXP_SURROGATE or LEAST_SQUARES
    label: str                  # axis titles: "Exponential loss"
    description: str            # one line
    terms: Callable             # (y, H) -> the loss of each sample
    init: Callable              # (y, sw) -> H⁰, the best constant score
    link: Callable              # H -> P(y = +1)
    fit_targets: Callable       # (y, H) -> (w, ỹ): the curvatures and residuals of _losses.residuals

    def init_score(self, y, sw):
        """H⁰ for labels y in {−1, +1} with sample weights sw."""
        return float(self.init(np.asarray(y, dtype=np.float64),
                               np.asarray(sw, dtype=np.float64)))

    def probability(self, H):
        """P(y = +1) from the scores H."""
        return self.link(np.asarray(H, dtype=np.float64))

    def residuals(self, y, H):
        """(w, ỹ) at the scores H: the residuals ỹ the next weak learner fits and the
        curvatures w its step divides by, as the compiled loop computes them
        (:func:`gbrff._engine._losses.residuals`; the exponential loss: w = exp(−yH), ỹ = y w)."""
        return self.fit_targets(np.asarray(y, dtype=np.float64), np.asarray(H, dtype=np.float64))

    def mean(self, H, y, sw=None):
        """The (weighted) mean loss of the scores H on labels y."""
        t = self.terms(np.asarray(y, dtype=np.float64), np.asarray(H, dtype=np.float64))
        return float(np.mean(t) if sw is None else np.sum(sw * t) / np.sum(sw))


def _log_ratio(y, sw):
    """ln(Σ sw (1 + y) / Σ sw (1 − y)): the log-odds of the weighted labels."""
    return np.log(np.sum(sw * (1.0 + y)) / np.sum(sw * (1.0 - y)))


def _with_residuals(w, y):
    """(w, y w): the exponential loss's weights are its curvatures, and ỹ = y w."""
    return w, y * w


LOSSES = {loss.name: loss for loss in (
    Loss("exponential", 0, EXP_SURROGATE, "Exponential loss",
         "the 2020 paper's exp(−yH): H⁰ = ½ log-odds, ỹ = y exp(−yH), closed-form α, "
         "P = σ(2H)",
         terms=lambda y, H: np.exp(-y * H),
         init=lambda y, sw: 0.5 * _log_ratio(y, sw),
         link=lambda H: expit(2.0 * H),
         fit_targets=lambda y, H: _with_residuals(np.exp(np.clip(-y * H, -745.0, 709.0)), y)),
    Loss("log_loss", 1, EXP_SURROGATE, "Log loss",
         "binomial deviance ln(1 + exp(−yH)): H⁰ = log-odds, ỹ = y σ(−yH), one Newton "
         "step α, P = σ(H)",
         terms=lambda y, H: -log_expit(y * H),
         init=_log_ratio,
         link=expit,
         fit_targets=lambda y, H: (expit(-y * H) * expit(y * H), y * expit(-y * H))),
    Loss("squared_error", 2, LEAST_SQUARES, "Squared error",
         "the 2019 preprint's (y − H)²: H⁰ = ȳ, ỹ = y − H, learners fitted by least "
         "squares, α = Σỹh / Σh², P = clip((1 + H)/2, 0, 1)",
         terms=lambda y, H: (y - H) ** 2,
         init=lambda y, sw: np.sum(sw * y) / np.sum(sw),
         link=lambda H: np.clip(0.5 * (1.0 + H), 0.0, 1.0),
         fit_targets=lambda y, H: (np.ones_like(H), y - H)),
)}

EXPONENTIAL = LOSSES["exponential"].code
LOG_LOSS = LOSSES["log_loss"].code
SQUARED_ERROR = LOSSES["squared_error"].code
# the criterion of each loss code, read by the compiled loop
CRITERIA = np.array([loss.criterion for loss in sorted(LOSSES.values(), key=lambda l: l.code)],
                    dtype=np.int64)
