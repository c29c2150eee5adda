"""GFC: greedy feature construction by functional gradient descent (Oglic & Gärtner, 2016)."""

from numbers import Integral, Real

import numpy as np
from scipy.linalg import solve
from scipy.optimize import minimize
from sklearn.base import BaseEstimator
from sklearn.utils import check_random_state
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.validation import check_is_fitted, validate_data

from ._base import BinaryClassifierMixin, FeatureSVMMixin
from .._blas import one_blas_thread
from .._engine import FAST_TRIG_LIMIT, ridge_wave_objective

__all__ = ["GFCClassifier"]


def _waves(X, W):
    """Fourier ridge-wave features [cos(X Wᵀ), sin(X Wᵀ)], shape (n, 2m)."""
    Z = X @ W.T
    return np.hstack([np.cos(Z), np.sin(Z)])


def _objective(w, X, residual, reg, x_norm):
    """(loss, gradient) of the ridge-wave fit for L-BFGS; fast sin/cos when |ω·x| is provably small."""
    loss, grad = ridge_wave_objective(w, X, residual, reg, x_norm * np.linalg.norm(w) < FAST_TRIG_LIMIT)[:2]
    return loss, grad


class GFCClassifier(FeatureSVMMixin, BinaryClassifierMixin, BaseEstimator):
    """Greedily constructed Fourier features fitted to the squared-loss residual, then a linear SVM.

    Implements greedy feature construction of Oglic and Gärtner, "Greedy
    Feature Construction" (NIPS 2016), with the Fourier ridge-wave
    dictionary {x ↦ cos(ω·x), sin(ω·x)}, as the GBRFF paper (section 4.1,
    [8]) runs it, for labels y ∈ {-1, +1}:

    1. f_0 = mean(y);
    2. for k = 1..m: the residual r = y − f_{k−1}(x) is the negative
       functional gradient of the squared loss / 2; the new feature's
       spectrum ω_k is the one whose ridge wave c + a cos(ω·x) + b sin(ω·x)
       best fits r by regularised least squares (the inner (a, b, c) in
       closed form, ω by L-BFGS from ω ~ N(0, s²I), s = ``init_scale``);
       then f_k is the ridge regression (penalty ``reg_lambda``) of y on all
       constructed features [cos(ω_j·x), sin(ω_j·x)], j ≤ k (a full refit,
       as in the paper's Algorithm 1);
    3. a linear SVM with parameter C is learned on the final 2m features
       (the GBRFF paper's use of GFC).

    Parameters
    ----------
    n_components : int, default=100
        m, the number of constructed spectra (2m features: a cosine and a sine each).
    C : float, default=1.0
        Regularisation parameter of the final linear SVM.
    reg_lambda : float, default=1e-3
        Ridge penalty of the refits and of the new wave's amplitudes.
    init_scale : float or "auto", default="auto"
        Standard deviation of the random initial spectrum; "auto" is
        1 / sqrt(n_features).
    max_iter_feature : int, default=100
        L-BFGS iterations per constructed feature.
    max_iter : int, default=10000
        Iteration cap of the linear SVM solver.
    random_state : int, RandomState instance or None, default=None
        Draws the initial spectra.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    n_features_in_ : int
    spectra_ : ndarray of shape (n_components, n_features)
        The learned ω_k.
    train_mse_ : ndarray of shape (n_components,)
        Mean squared error of the ridge refit f_k on the training set.
    n_iter_ : int
        Iterations run by the linear SVM solver.
    svm_ : LinearSVC
        The linear SVM on the constructed features.

    Notes
    -----
    The objective and gradient of each ω search are one fused pass over the
    data in :func:`gbrff._engine._baselines.ridge_wave_objective` (numba).
    The linear SVM is :class:`~sklearn.svm.LinearSVC` (liblinear, squared
    hinge); the features are used as constructed (bounded in [-1, 1]).
    Oglic and Gärtner also tune the ridge penalty and the initial
    spectrum's scale by hyper-parameter optimisation; here they are fixed
    parameters (the GBRFF protocol tunes only C).

    Examples
    --------
    >>> from gbrff.datasets import make_toy
    >>> from gbrff.baselines import GFCClassifier
    >>> X, y = make_toy("moons", n_samples=200, random_state=0)
    >>> GFCClassifier(n_components=20, random_state=0).fit(X, y).score(X, y) > 0.9
    True
    """

    _parameter_constraints = {
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "C": [Interval(Real, 0, None, closed="neither")],
        "reg_lambda": [Interval(Real, 0, None, closed="left")],
        "init_scale": [StrOptions({"auto"}), Interval(Real, 0, None, closed="neither")],
        "max_iter_feature": [Interval(Integral, 1, None, closed="left")],
        "max_iter": [Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, n_components=100, C=1.0, reg_lambda=1e-3, init_scale="auto",
                 max_iter_feature=100, max_iter=10000, random_state=None):
        self.n_components = n_components
        self.C = C
        self.reg_lambda = reg_lambda
        self.init_scale = init_scale
        self.max_iter_feature = max_iter_feature
        self.max_iter = max_iter
        self.random_state = random_state

    def fit(self, X, y):
        """Construct the features greedily, then fit the linear SVM.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data.
        y : array-like of shape (n_samples,)
            Labels of two classes.

        Returns
        -------
        self : GFCClassifier
            The fitted estimator.
        """
        self._validate_params()
        X, y_pm = self._validate_fit_data(X, y)
        # L-BFGS-B's small dense algebra is 20-50x slower with threaded BLAS on a busy machine
        with one_blas_thread():
            return self._fit(X, y_pm)

    def _fit(self, X, y_pm):
        n, d = X.shape
        scale = 1.0 / np.sqrt(d) if self.init_scale == "auto" else float(self.init_scale)
        rng = check_random_state(self.random_state)
        m = self.n_components
        reg = float(self.reg_lambda)
        spectra = np.empty((m, d))
        # centred features (their means absorb the intercept), kept with their Gram matrix
        Phi = np.empty((n, 2 * m))
        gram = np.empty((2 * m, 2 * m))
        y_mean = y_pm.mean()
        yc = y_pm - y_mean
        residual = yc.copy()
        mse = np.empty(m)
        x_norm = np.sqrt((X * X).sum(axis=1).max())  # bounds |ω·x| for the fast sin/cos
        for k in range(m):
            w0 = rng.normal(0.0, scale, size=d)
            result = minimize(
                _objective, w0, args=(X, residual, reg, x_norm), jac=True, method="L-BFGS-B",
                options={"maxiter": self.max_iter_feature},
            )
            spectra[k] = result.x
            new = _waves(X, result.x[None, :])
            new -= new.mean(axis=0)
            cols = slice(2 * k, 2 * k + 2)
            Phi[:, cols] = new
            cross = Phi[:, : 2 * k + 2].T @ new
            gram[: 2 * k + 2, cols] = cross
            gram[cols, : 2 * k + 2] = cross.T
            size = 2 * k + 2
            lhs = gram[:size, :size] / n + (reg + 1e-12) * np.eye(size)
            coef = solve(lhs, Phi[:, :size].T @ yc / n, assume_a="pos")
            residual = yc - Phi[:, :size] @ coef
            mse[k] = float(np.mean(residual**2))
        self.spectra_ = spectra
        self.train_mse_ = mse
        self._fit_svm(_waves(X, spectra), y_pm)
        return self

    def compute_features(self, X):
        """The constructed representation [cos(ω_k·x), sin(ω_k·x)].

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        features : ndarray of shape (n_samples, 2 * n_components)
            The cosines of every learned spectrum, then their sines.
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        return _waves(X, self.spectra_)
