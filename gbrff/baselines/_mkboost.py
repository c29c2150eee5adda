"""MKBoost: multiple kernel boosting (Xia & Hoi, TKDE 2013), deterministic variant."""

from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator
from sklearn.metrics.pairwise import polynomial_kernel, rbf_kernel
from sklearn.utils._param_validation import Interval
from sklearn.utils.validation import _check_sample_weight

from ._base import BinaryClassifierMixin, SolveCountMixin, StagedScoresMixin
from ._libsvm import fit_precomputed

__all__ = ["MKBoostClassifier", "DEFAULT_KERNELS"]

#: The 2019 preprint's dictionary (as Xia & Hoi's): 14 RBF kernels
#: exp(-γ‖x − x'‖²), γ ∈ 2^{-6..7}, and 3 polynomial kernels (xᵀx')^d, d ∈ {1, 2, 3}.
DEFAULT_KERNELS = tuple(("rbf", 2.0**e) for e in range(-6, 8)) + tuple(("poly", d) for d in (1, 2, 3))

#: The floor of a weighted error: a perfect weak learner gets a large, finite α.
_EPS = 1e-10


def _gram(kernel, A, B):
    """k(A, B) for one kernel of the dictionary: ("rbf", γ) or ("poly", degree)."""
    kind, value = kernel
    if kind == "rbf":
        return rbf_kernel(A, B, gamma=float(value))
    if kind == "poly":  # (a·b)^d: no offset, no scaling, as the preprint writes it
        return polynomial_kernel(A, B, degree=int(value), gamma=1.0, coef0=0.0)
    raise ValueError(f"unknown kernel {kernel!r}: ('rbf', gamma) or ('poly', degree)")


class MKBoostClassifier(SolveCountMixin, StagedScoresMixin, BinaryClassifierMixin, BaseEstimator):
    """AdaBoost whose weak learner each round is the best of several kernel SVMs.

    The deterministic variant of MKBoost (Xia and Hoi, "MKBoost: A Framework
    of Multiple Kernel Boosting", IEEE TKDE 25(7), 2013), as the 2019 GBRFF
    preprint runs it, for labels y ∈ {-1, +1}:

    1. D_1 = 1/n (times the sample weights, normalised);
    2. for t = 1..T: fit one SVM with parameter C per kernel of the
       dictionary on the whole training set under the weights D_t (libsvm's
       per-sample weights, D_t scaled to sum to the total sample weight,
       n without sample weights, so that C keeps its meaning and a weight
       acts as a number of copies); keep the one of smallest weighted error
       ε_t = Σ D_t [h(x) ≠ y]; if ε_t ≥ ½ stop (the round is not kept); clip
       ε_t at 1e-10 (a perfect learner gets a large finite weight);
       α_t = ½ ln((1 − ε_t)/ε_t); D_{t+1} ∝ D_t exp(−α_t y h_t(x)). When
       ε_t = 0 that factor is the same for every sample, D_{t+1} = D_t, and
       every later round would refit the same SVMs and keep the same one:
       it is repeated for the remaining rounds instead of refitted (the
       model T rounds would give, for the cost of one);
    3. predict sign(Σ_t α_t h_t(x)).

    The dictionary's Gram matrices on the training set are computed once per
    fit and shared by every round (``SVC(kernel="precomputed")``).

    Parameters
    ----------
    n_estimators : int, default=200
        T, the maximal number of boosting rounds (200 in the preprint).
    C : float, default=1.0
        Regularisation parameter of every SVM (the preprint searches 10^{-5..3}).
    kernels : tuple, default=DEFAULT_KERNELS
        The dictionary: ("rbf", γ) for exp(−γ‖x − x'‖²), ("poly", d) for (xᵀx')^d.
    max_iter : int, default=100_000
        Iteration cap of each libsvm solve (-1: none). The preprint states
        none; without one, C = 10³ on the boosting weights makes single solves
        run for minutes (a heart fit took 31 minutes against 5 s capped) and
        the capped fits of the 2019 protocol score the same (see
        ``results/README.md``, "MKBoost's iteration cap"). A fit that hits the cap says so
        in one ``ConvergenceWarning`` and in ``n_solves_capped_``.
    random_state : int, RandomState instance or None, default=None
        Unused (the deterministic variant draws nothing); kept for the protocol.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    n_features_in_ : int
    estimators_ : list of (kernel_index, support_vectors, dual_coef, intercept)
        The selected SVM of each kept round.
    estimator_weights_ : ndarray of shape (n_rounds,)
        α_t.
    estimator_errors_ : ndarray of shape (n_rounds,)
        ε_t of each kept round (before clipping).
    kernels_ : list
        The kernel of each kept round.
    n_iter_ : int
        Rounds kept (< n_estimators when a round had ε ≥ ½).
    n_solves_ : int
        libsvm solves of the fit (one per kernel and fitted round: a repeated
        perfect round costs none).
    n_solves_capped_ : int
        Those of them stopped by ``max_iter``.
    prior_ : float
        +1 or −1, the weighted majority: the prediction when no round was kept.

    Examples
    --------
    >>> from gbrff.datasets import make_toy
    >>> from gbrff.baselines import MKBoostClassifier
    >>> X, y = make_toy("moons", n_samples=200, random_state=0)
    >>> MKBoostClassifier(n_estimators=5).fit(X, y).score(X, y) > 0.9
    True
    """

    _parameter_constraints = {
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "C": [Interval(Real, 0, None, closed="neither")],
        "kernels": [tuple, list],
        "max_iter": [Interval(Integral, -1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, n_estimators=200, C=1.0, kernels=DEFAULT_KERNELS, max_iter=100_000,
                 random_state=None):
        self.n_estimators = n_estimators
        self.C = C
        self.kernels = kernels
        self.max_iter = max_iter
        self.random_state = random_state

    def fit(self, X, y, sample_weight=None):
        """Boost kernel SVMs with AdaBoost's weights.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data.
        y : array-like of shape (n_samples,)
            Labels of two classes.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative initial weights D_1 (normalised).

        Returns
        -------
        self : MKBoostClassifier
            The fitted estimator.
        """
        self._validate_params()
        X, y_pm = self._validate_fit_data(X, y)
        kernels = [tuple(k) for k in self.kernels]
        if not kernels:
            raise ValueError("the kernel dictionary is empty: give at least one kernel")
        for k in kernels:
            _gram(k, X[:1], X[:1])  # a clear error for a malformed kernel, before any work
        sw = _check_sample_weight(sample_weight, X, dtype=np.float64, ensure_non_negative=True)
        if not (np.sum(sw[y_pm > 0]) > 0 and np.sum(sw[y_pm < 0]) > 0):
            raise ValueError("Each class needs a positive total sample_weight.")
        total = float(sw.sum())   # D_t * total: libsvm's per-sample C factors, 1 a row unweighted
        self.prior_ = 1.0 if np.sum(sw * y_pm) > 0 else -1.0
        grams = [_gram(k, X, X) for k in kernels]  # once per training set
        D = sw / sw.sum()
        self.estimators_, self.kernels_, alphas, errors = [], [], [], []
        self.n_solves_ = self.n_solves_capped_ = 0
        for _ in range(self.n_estimators):
            best = None
            for k, gram in enumerate(grams):
                weak = self._fit_weak(gram, y_pm, D * total)
                if weak is None:
                    continue
                err = float(np.sum(D[weak[-1] != y_pm]))
                if best is None or err < best[0]:
                    best = (err, k) + weak
            if best is None or best[0] >= 0.5 - 1e-12:   # no better than chance (to rounding)
                break
            err, k, support, dual, intercept, pred = best
            alpha = 0.5 * np.log((1.0 - max(err, _EPS)) / max(err, _EPS))
            self.estimators_.append((k, X[support].copy(), dual, intercept))
            self.kernels_.append(kernels[k])
            alphas.append(alpha)
            errors.append(err)
            if err == 0.0:
                # every factor exp(−α y h) is e^{−α}: D_{t+1} = D_t, so each later
                # round would refit the same SVMs and keep this one; repeat it
                # (refitting would cost T − t rounds of solves for the same model)
                repeats = self.n_estimators - len(alphas)
                self.estimators_ += [self.estimators_[-1]] * repeats
                self.kernels_ += [kernels[k]] * repeats
                alphas += [alpha] * repeats
                errors += [err] * repeats
                break
            D = D * np.exp(-alpha * y_pm * pred)
            D = D / D.sum()
        self.estimator_weights_ = np.asarray(alphas, dtype=np.float64)
        self.estimator_errors_ = np.asarray(errors, dtype=np.float64)
        self.n_iter_ = len(alphas)
        self._report_capped_solves()
        return self

    def _fit_weak(self, gram, y, weights):
        """One SVM on the precomputed ``gram`` with per-sample ``weights``; returns
        (support indices, dual coefficients, intercept, ±1 predictions on the
        training set), or None when libsvm has no sample of positive weight of
        both classes to fit."""
        if not (np.any(weights[y > 0] > 0) and np.any(weights[y < 0] > 0)):
            return None
        # rows of zero weight are left out here: libsvm drops them itself, which
        # misaligns the rows of a precomputed Gram matrix with its columns
        keep = np.flatnonzero(weights > 0)
        sub = gram if keep.size == len(y) else gram[np.ix_(keep, keep)]
        dual, intercept, sv, n_iter = fit_precomputed("svc", sub, y[keep], self.C, sample_weight=weights[keep],
                                                      max_iter=self.max_iter, return_n_iter=True)
        self._count_solve(n_iter)
        support = keep[sv]
        score = gram[:, support] @ dual + intercept
        return support, dual, intercept, np.where(score > 0, 1.0, -1.0)

    def _init_score(self):
        return 0.0  # the stages are Σ_{s ≤ t} α_s h_s(X)

    def _decision_init(self):
        # decision_function: the weighted majority's sign, times 1e-12, decides
        # where Σ_t α_t h_t(X) = 0 (everywhere when no round was kept)
        return 1e-12 * self.prior_

    def _weak_predictions(self, X):
        kernels = [tuple(k) for k in self.kernels]
        last, h = None, None
        for weak, alpha in zip(self.estimators_, self.estimator_weights_):
            if weak is not last:  # a repeated perfect round is predicted once
                k, support_vectors, dual, intercept = weak
                score = _gram(kernels[k], X, support_vectors) @ dual + intercept
                last, h = weak, np.where(score > 0, 1.0, -1.0)
            yield alpha * h
