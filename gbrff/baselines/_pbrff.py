"""PBRFF: landmark-based pseudo-Bayesian random Fourier features (Letarte et al., 2019)."""

from numbers import Integral, Real

import numpy as np
from scipy.special import logsumexp
from sklearn.base import BaseEstimator
from sklearn.utils import check_random_state
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.validation import check_is_fitted, validate_data

from .._gamma import GAMMA_RULES, resolve_gamma
from ._base import BinaryClassifierMixin, FeatureSVMMixin
from .._blas import one_blas_thread
from .._engine import fast_trig_ok, landmark_alignment, landmark_features

__all__ = ["PBRFFClassifier"]


class PBRFFClassifier(FeatureSVMMixin, BinaryClassifierMixin, BaseEstimator):
    """Landmark-based RFF representation with PAC-Bayesian weights, then a linear SVM.

    Implements the landmark-based method of Letarte, Morvant and Germain,
    "Pseudo-Bayesian Learning with Kernel Fourier Transform as Prior"
    (AISTATS 2019), as the GBRFF paper (section 4.1, [6]) runs it:

    1. draw ``n_landmarks`` landmarks (x^p, y^p) from the training set, with
       replacement;
    2. for each landmark draw K = ``n_components`` frequencies
       ω_pk ~ N(0, 2γ)^d, the Fourier transform of the RBF kernel
       exp(-γ‖δ‖²) (the prior);
    3. score each ω_pk by its empirical linear loss on the landmark's
       similarity task, L̂_pk = 1/2 − 1/(2(n−1)) Σ_{i ≠ p} y_i y^p cos(ω_pk·(x_i − x^p))
       (the landmark itself is left out of the sum);
    4. weight the K features by the pseudo-posterior
       q_pk ∝ exp(−β √n L̂_pk) (Equation (4) of the GBRFF paper), normalised
       over k;
    5. map x to the n_L features Σ_k q_pk cos(ω_pk·(x − x^p)) (Equation (2))
       and learn a linear SVM with parameter C on them.

    Parameters
    ----------
    n_landmarks : int, default=100
        n_L, the number of landmarks, i.e. of constructed features.
    n_components : int, default=10
        K, the number of random Fourier features per landmark.
    gamma : float, "auto" or "quantile", default="auto"
        RBF parameter γ of the prior; "auto" is 1 / n_features; "quantile"
        the random-features thesis's rule (:func:`gbrff.quantile_gamma`),
        its value in ``gamma_``.
    beta : float, default=1.0
        β ≥ 0, the pseudo-posterior's inverse temperature (β = 0 gives uniform q, i.e.
        plain RFF per landmark).
    C : float, default=1.0
        Regularisation parameter of the linear SVM.
    max_iter : int, default=10000
        Iteration cap of the linear SVM solver.
    random_state : int, RandomState instance or None, default=None
        Draws the landmarks and the frequencies.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    n_features_in_ : int
    gamma_ : float
        The γ the frequencies were drawn with (``gamma`` resolved).
    landmarks_ : ndarray of shape (n_landmarks, n_features)
    omegas_ : ndarray of shape (n_landmarks, n_components, n_features)
    q_ : ndarray of shape (n_landmarks, n_components)
        Pseudo-posterior weights; each row sums to 1.
    n_iter_ : int
        Iterations run by the linear SVM solver.
    svm_ : LinearSVC
        The linear SVM on the landmark features.

    Notes
    -----
    The linear SVM is scikit-learn's :class:`~sklearn.svm.LinearSVC`
    (liblinear, squared hinge loss, L2 penalty, intercept), so that the
    paper's protocol (many fits, up to 31 647 training examples) stays
    tractable; Letarte et al. and the GBRFF authors used a linear-kernel SVC
    with the hinge loss. The hot loops (the n × n_L × K cosines) run in
    :mod:`gbrff._engine._baselines`, with gbrff's vectorisable cosine when
    the arguments are provably small enough for it, and single-threaded
    BLAS (the protocol runs one fit per core).

    Examples
    --------
    >>> from gbrff.datasets import make_toy
    >>> from gbrff.baselines import PBRFFClassifier
    >>> X, y = make_toy("moons", n_samples=200, random_state=0)
    >>> clf = PBRFFClassifier(random_state=0).fit(X, y)
    >>> clf.score(X, y) > 0.9
    True
    """

    _parameter_constraints = {
        "n_landmarks": [Interval(Integral, 1, None, closed="left")],
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "gamma": [StrOptions({"auto", *GAMMA_RULES}), Interval(Real, 0, None, closed="neither")],
        "beta": [Interval(Real, 0, None, closed="left")],
        "C": [Interval(Real, 0, None, closed="neither")],
        "max_iter": [Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, n_landmarks=100, n_components=10, gamma="auto", beta=1.0, C=1.0,
                 max_iter=10000, random_state=None):
        self.n_landmarks = n_landmarks
        self.n_components = n_components
        self.gamma = gamma
        self.beta = beta
        self.C = C
        self.max_iter = max_iter
        self.random_state = random_state

    def _packed(self):
        """Frequencies as a (d, n_L*K) matrix and the matching offsets ω·x^p."""
        n_l, k, d = self.omegas_.shape
        W = np.ascontiguousarray(self.omegas_.reshape(n_l * k, d).T)
        offsets = np.einsum("pkd,pd->pk", self.omegas_, self.landmarks_).ravel()
        return W, offsets

    def fit(self, X, y):
        """Draw the landmarks and frequencies, weight them, fit the linear SVM.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data.
        y : array-like of shape (n_samples,)
            Labels of two classes.

        Returns
        -------
        self : PBRFFClassifier
            The fitted estimator.
        """
        self._validate_params()
        X, y_pm = self._validate_fit_data(X, y)
        n, d = X.shape
        rng = check_random_state(self.random_state)
        self.gamma_ = gamma = 1.0 / d if self.gamma == "auto" else resolve_gamma(self.gamma, X, rng)
        idx = rng.randint(0, n, size=self.n_landmarks)
        self.landmarks_ = X[idx].copy()
        self.omegas_ = rng.normal(0.0, np.sqrt(2.0 * gamma), size=(self.n_landmarks, self.n_components, d))
        W, offsets = self._packed()
        fast = fast_trig_ok(X, W, offsets)
        with one_blas_thread():  # small GEMMs: threads only contend
            sums = landmark_alignment(X, y_pm, W, offsets, fast)
        sums = sums.reshape(self.n_landmarks, self.n_components)
        # leave the landmark's own term (y^p y^p cos 0 = 1) out of its loss
        agreement = (y_pm[idx][:, None] * sums - 1.0) / max(n - 1, 1)
        loss = 0.5 - 0.5 * agreement
        log_q = -self.beta * np.sqrt(n) * loss
        self.q_ = np.exp(log_q - logsumexp(log_q, axis=1, keepdims=True))
        with one_blas_thread():
            features = landmark_features(X, W, offsets, self.q_.ravel(), self.n_components, fast)
        self._fit_svm(features, y_pm)
        return self

    def compute_features(self, X):
        """The landmark representation of Equation (2).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        features : ndarray of shape (n_samples, n_landmarks)
            Σ_k q_pk cos(ω_pk·(x − x^p)) for each landmark p.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        W, offsets = self._packed()
        fast = fast_trig_ok(X, W, offsets)
        with one_blas_thread():
            return landmark_features(X, W, offsets, self.q_.ravel(), self.n_components, fast)
