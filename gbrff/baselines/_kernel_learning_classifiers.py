"""Fourier Kernel Learning (Băzăvan, Li, Sminchisescu, ECCV 2012) as scikit-learn classifiers.

- :class:`RFFSKLClassifier` (RFF-SKL, §3.3): random Fourier features whose
  block scales σ are learned with the linear weights w (Eq. 9): w in closed
  form for each σ (Eq. 10, a D×D ridge solve), σ by L-BFGS-B;
- :class:`RFFSQLSKLClassifier` (RFF-SQL-SKL): the same with σ fixed — random
  features + ridge, the floor a learned kernel must beat;
- :class:`RFFMKLClassifier` (RFF-MKL, §3.4, Eq. 19): one block of random
  features per channel, a group-lasso penalty λ Σ_j ‖w_j‖₂ solved by proximal
  gradient along a path of λ, square loss or ε-IGLL; optionally σ learned too.

The map, its σ-gradient, the ridge solve and the σ fit are in the core,
:mod:`gbrff._kernel_learning` (GBRFF2's per-feature bandwidths learn with them).
Classification is one-vs-rest regression on ±1 targets (one σ per class when
σ is learned).
"""

from numbers import Integral, Real

import numpy as np
from scipy import optimize
from scipy.special import expit
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.preprocessing import LabelBinarizer
from sklearn.utils import check_random_state
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .._kernel_learning import (KERNELS, FourierMap, _square, blas_threads, draw_map, learn_sigma,
                                log_transform, resolve_groups, ridge_solve, skl_objective)

__all__ = ["RFFSKLClassifier", "RFFSQLSKLClassifier", "RFFMKLClassifier", "simplex_projection"]


# ------------------------------------------------------------------ shared pieces

def simplex_projection(V):
    """Euclidean projection of each row of V onto the probability simplex."""
    V = np.asarray(V, dtype=np.float64)
    n, k = V.shape
    U = -np.sort(-V, axis=1)
    css = np.cumsum(U, axis=1) - 1.0
    ind = np.arange(1, k + 1)
    cond = U - css / ind > 0
    rho = k - 1 - np.argmax(cond[:, ::-1], axis=1)
    theta = css[np.arange(n), rho] / (rho + 1)
    return np.maximum(V - theta[:, None], 0.0)


class _FourierClassifierBase(ClassifierMixin, BaseEstimator):
    """Validation, the draws, one-vs-rest targets, decision/predict/predict_proba."""

    _common_constraints = {
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "kernel": [StrOptions(set(KERNELS))],
        "sigma": [StrOptions({"auto"}), Interval(Real, 0, None, closed="neither")],
        "groups": [None, "array-like", StrOptions({"ard", "isotropic"})],
        "skew_c": [Interval(Real, 0, None, closed="neither")],
        "random_state": ["random_state"],
    }

    def _prepare(self, X, y):
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        self._binarizer = LabelBinarizer(neg_label=-1, pos_label=1)
        Y = self._binarizer.fit_transform(y).astype(np.float64)
        self.classes_ = self._binarizer.classes_
        if len(self.classes_) < 2:
            raise ValueError(f"{type(self).__name__} needs examples of at least 2 classes; "
                             f"got 1 class: {self.classes_.tolist()}")
        U = log_transform(X, self.kernel, self.skew_c, type(self).__name__)
        self.feature_groups_, self.n_groups_ = resolve_groups(self.groups, X.shape[1],
                                                              type(self).__name__)
        return U, Y

    def _sigma0(self, n_features):
        if self.sigma != "auto":
            return float(self.sigma)
        # Gaussian: the RBF kernel exp(-||δ||²/d) (γ = 1/d, GBRFF's default);
        # skewed kernels: a product of d factors, each exp(-|δ|/d)-like
        return np.sqrt(2.0 / n_features) if self.kernel == "gaussian" else 1.0 / n_features

    def _input(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        return log_transform(X, self.kernel, self.skew_c, type(self).__name__)

    def decision_function(self, X):
        """The one-vs-rest regression outputs f_k(x) = ψ_σk(x)ᵀw_k + c_k.

        Each f_k is a least-squares estimate of 2 P(y = k | x) − 1 (targets ±1).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        scores : ndarray of shape (n_samples,) or (n_samples, n_classes)
            For two classes one column (> 0 means ``classes_[1]``), else one
            per class.
        """
        U = self._input(X)
        width = (self.coef_ if hasattr(self, "coef_") else self.dual_coef_).shape[1]
        with blas_threads(float(U.shape[0]) * width * max(1, U.shape[1])):
            scores = self._scores(U)
        return scores[:, 0] if len(self.classes_) == 2 else scores

    def predict(self, X):
        """Predict class labels from the scores.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            ``classes_[1]`` where the score is > 0 (two classes), else the
            class of highest score.
        """
        scores = self.decision_function(X)
        if scores.ndim == 1:
            return self.classes_[(scores > 0).astype(np.intp)]
        return self.classes_[np.argmax(scores, axis=1)]

    def predict_proba(self, X):
        """Class probabilities from the least-squares scores.

        The scores f_k estimate 2 P(y = k | x) − 1, so p = (1 + f)/2 is
        projected onto the probability simplex (the nearest probability vector
        in Euclidean distance; for two classes, p(classes_[1]) = (1 + f)/2
        clipped to [0, 1]). No calibration is fitted: the probabilities are as
        good as the regression; the most probable class is the predicted one.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``; each row sums to one.
        """
        scores = self.decision_function(X)
        if scores.ndim == 1:
            p1 = np.clip(0.5 * (1.0 + scores), 0.0, 1.0)
            return np.column_stack([1.0 - p1, p1])
        return simplex_projection(0.5 * (1.0 + scores))

    def _draw(self, n_features, n_components, rng, channels=None):
        """H = h(ω) (d, D) and the phases 2πb (:func:`gbrff._kernel_learning.draw_map`)."""
        return draw_map(self.kernel, n_features, n_components, rng, channels)


# ------------------------------------------------------------------ RFF-SKL / RFF-SQL-SKL

_SKL_DOC_PARAMS = """
    n_components : int, default=100
        D, the number of random Fourier features.
    kernel : {"gaussian", "skewed_chi2", "skewed_intersection"}, default="gaussian"
        The kernel of Table 1 (its quantile h). The skewed kernels act on
        log(x + ``skew_c``) and need non-negative (histogram) features.
    sigma : float or "auto", default="auto"
        σ, the frequency scale of every block (the start of L-BFGS when σ is
        learned). "auto": √(2/d) for the Gaussian (the RBF kernel
        exp(−‖x − x'‖²/d), γ = 1/d), 1/d for the skewed kernels.
    groups : None, "ard", "isotropic" or array-like of shape (n_features,), default=None
        The blocks x_j of Eq. 4, one σ_j each: None/"ard" one per input
        feature, "isotropic" one for all, or one label per feature.
    reg_lambda : float, default=1.0
        λ > 0 of the ridge penalty (λ/2)‖w‖² (see Notes)."""


class RFFSKLClassifier(_FourierClassifierBase):
    __doc__ = """Single kernel learning in the Fourier domain (RFF-SKL, Băzăvan et al. 2012, §3.3).

    For each one-vs-rest problem (targets ±1) minimises over the block scales σ

        f(σ) = min_{w, c} ½‖ψ_σ(X)ᵀw + c − y‖² + (λ/2)‖w‖² + ρ‖σ‖²,

    ψ_σ(x) = √(2/D) cos(Σ_j σ_j h(ω_{i,j})ᵀx_j + 2πb_i) (Eq. 4), with w in
    closed form for each σ (Eq. 10) and σ by L-BFGS-B (σ ≥ 0) on the exact
    gradient of the envelope theorem (see :func:`skl_objective`), O(N D d)
    per evaluation.

    Parameters
    ----------""" + _SKL_DOC_PARAMS + """
    rho : float, default=0.0
        ρ ≥ 0 of the penalty ρ‖σ‖².
    learn_sigma : bool, default=True
        False keeps σ at its start: exactly :class:`RFFSQLSKLClassifier`.
    max_iter : int, default=100
        L-BFGS-B iterations per class.
    tol : float, default=1e-6
        L-BFGS-B's projected-gradient tolerance (on f / N).
    skew_c : float, default=1.0
        c > 0 of the skewed kernels.
    random_state : int, RandomState instance or None, default=None
        Seeds ω and b.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_groups_ : ndarray of shape (n_features,)
        The block (index into σ) of each input feature.
    n_groups_ : int
        r, the number of blocks.
    sigma_ : ndarray of shape (n_problems, n_groups)
        The learned σ of each one-vs-rest problem (one problem for two classes).
    omega_quantiles_ : ndarray of shape (n_features, n_components)
        h(ω_i) as columns: the frequencies at σ = 1.
    phase_ : ndarray of shape (n_components,)
        2π b_i.
    coef_ : ndarray of shape (n_problems, n_components)
        w of each problem.
    intercept_ : ndarray of shape (n_problems,)
        The unpenalised intercept c of each problem.
    objective_ : ndarray of shape (n_problems,)
        f at the returned σ.
    n_iter_ : ndarray of shape (n_problems,)
        L-BFGS-B iterations.

    See Also
    --------
    RFFSQLSKLClassifier : The same features with σ fixed.
    RFFMKLClassifier : One kernel per feature, a sparse sum of them.
    KRRGDClassifier : The exact-kernel limit (D → ∞).

    Notes
    -----
    Eq. 9 of the paper writes λ‖w‖² but Eq. 10 solves with λI, i.e. for
    (λ/2)‖w‖²; one λ is used in both here, so that w_σ is the exact
    minimiser and the envelope theorem gives the gradient. An unpenalised
    intercept c is fitted with w (centred ridge); the paper has none.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff.baselines import RFFSKLClassifier
    >>> X, y = make_moons(300, noise=0.15, random_state=0)
    >>> clf = RFFSKLClassifier(n_components=100, random_state=0).fit(X, y)
    >>> clf.score(X, y) > 0.95
    True
    >>> clf.sigma_.shape
    (1, 2)
    """

    _parameter_constraints = {
        **_FourierClassifierBase._common_constraints,
        "reg_lambda": [Interval(Real, 0, None, closed="neither")],
        "rho": [Interval(Real, 0, None, closed="left")],
        "learn_sigma": ["boolean"],
        "max_iter": [Interval(Integral, 0, None, closed="left")],
        "tol": [Interval(Real, 0, None, closed="left")],
    }

    def __init__(self, n_components=100, kernel="gaussian", sigma="auto", groups=None, reg_lambda=1.0,
                 rho=0.0, learn_sigma=True, max_iter=100, tol=1e-6, skew_c=1.0, random_state=None):
        self.n_components = n_components
        self.kernel = kernel
        self.sigma = sigma
        self.groups = groups
        self.reg_lambda = reg_lambda
        self.rho = rho
        self.learn_sigma = learn_sigma
        self.max_iter = max_iter
        self.tol = tol
        self.skew_c = skew_c
        self.random_state = random_state

    def _learns(self):
        return bool(self.learn_sigma)

    def fit(self, X, y):
        """Draw ω and b, then learn σ (unless fixed) and w for each one-vs-rest problem.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data (non-negative for the skewed kernels).
        y : array-like of shape (n_samples,)
            Labels of two or more classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        self._validate_params()
        U, Y = self._prepare(X, y)
        with blas_threads(U.shape[0] * float(self.n_components) ** 2):
            return self._fit(U, Y)

    def _fit(self, U, Y):
        n, d = U.shape
        rng = check_random_state(self.random_state)
        self.omega_quantiles_, self.phase_ = self._draw(d, self.n_components, rng)
        scale = np.full(self.n_components, np.sqrt(2.0 / self.n_components))
        fmap = FourierMap(self.omega_quantiles_, self.phase_, scale, self.feature_groups_, self.n_groups_)
        sigma0 = np.full(self.n_groups_, self._sigma0(d))
        lam, rho = float(self.reg_lambda), float(getattr(self, "rho", 0.0))
        if not self._learns():  # one Gram matrix, every class's right-hand side
            A, B, colsum = fmap.gram(U, Y, sigma0)
            W, c = ridge_solve(A, B, colsum, n, Y.mean(axis=0), lam)
            self.coef_, self.intercept_ = W.T.copy(), np.asarray(c, dtype=np.float64)
            self.sigma_ = np.tile(sigma0, (Y.shape[1], 1))
            resid = fmap.transform(U, sigma0) @ W + c - Y
            self.objective_ = (0.5 * (resid * resid).sum(axis=0) + 0.5 * lam * (W * W).sum(axis=0)
                               + rho * float(sigma0 @ sigma0))
            self.n_iter_ = np.zeros(Y.shape[1], dtype=int)
            return self
        sigmas, coefs, icepts, objs, iters = [], [], [], [], []
        for k in range(Y.shape[1]):
            y_k = Y[:, k].copy()
            s, nit = learn_sigma(fmap, U, y_k, sigma0, lam, rho, self.max_iter, self.tol)
            f, _, w, c = skl_objective(fmap, U, y_k, s, lam, rho)
            sigmas.append(s), coefs.append(w), icepts.append(c), objs.append(f), iters.append(nit)
        self.sigma_ = np.array(sigmas)
        self.coef_ = np.array(coefs)
        self.intercept_ = np.array(icepts, dtype=np.float64)
        self.objective_ = np.array(objs)
        self.n_iter_ = np.array(iters, dtype=int)
        return self

    def _map(self):
        scale = np.full(self.n_components, np.sqrt(2.0 / self.n_components))
        return FourierMap(self.omega_quantiles_, self.phase_, scale, self.feature_groups_, self.n_groups_)

    def _scores(self, U):
        fmap = self._map()
        if np.all(self.sigma_ == self.sigma_[0]):
            return fmap.transform(U, self.sigma_[0]) @ self.coef_.T + self.intercept_
        return np.column_stack([fmap.transform(U, s) @ w + c
                                for s, w, c in zip(self.sigma_, self.coef_, self.intercept_)])

    def frequencies(self, problem=0):
        """The learned spectrum: the frequencies γ_i = σ ⊙ h(ω_i) of one problem.

        Parameters
        ----------
        problem : int, default=0
            The one-vs-rest problem (0 for two classes).

        Returns
        -------
        frequencies : ndarray of shape (n_features, n_components)
            One frequency a column.

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff.baselines import RFFSKLClassifier
        >>> X, y = make_moons(200, noise=0.15, random_state=0)
        >>> RFFSKLClassifier(n_components=50, random_state=0).fit(X, y).frequencies().shape
        (2, 50)
        """
        check_is_fitted(self)
        return self._map().frequencies(self.sigma_[problem])


class RFFSQLSKLClassifier(RFFSKLClassifier):
    __doc__ = """Random Fourier features with σ fixed, ridge weights (RFF-SQL-SKL, Băzăvan et al. 2012).

    The square-loss, ℓ2-regularised model of :class:`RFFSKLClassifier` with
    only w learned (Eq. 10, one Cholesky solve for every class): the floor a
    learned kernel must beat. Equal, bit for bit, to
    ``RFFSKLClassifier(learn_sigma=False)`` with the same parameters.

    Parameters
    ----------""" + _SKL_DOC_PARAMS + """
    skew_c : float, default=1.0
        c > 0 of the skewed kernels.
    random_state : int, RandomState instance or None, default=None
        Seeds ω and b.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_groups_ : ndarray of shape (n_features,)
        The block (index into σ) of each input feature.
    n_groups_ : int
        r, the number of blocks.
    sigma_ : ndarray of shape (n_problems, n_groups)
        The fixed σ, one row per one-vs-rest problem.
    omega_quantiles_ : ndarray of shape (n_features, n_components)
        h(ω_i) as columns: the frequencies at σ = 1.
    phase_ : ndarray of shape (n_components,)
        2π b_i.
    coef_ : ndarray of shape (n_problems, n_components)
        w of each problem.
    intercept_ : ndarray of shape (n_problems,)
        The unpenalised intercept c of each problem.
    objective_ : ndarray of shape (n_problems,)
        The ridge objective at the fixed σ.
    n_iter_ : ndarray of shape (n_problems,)
        Zeros: nothing is iterated.

    See Also
    --------
    RFFSKLClassifier : The same model with σ learned.

    Notes
    -----
    As in :class:`RFFSKLClassifier`: the penalty is (λ/2)‖w‖², the one
    Eq. 10 of the paper solves with (its Eq. 9 writes λ‖w‖²), and an
    unpenalised intercept c is fitted with w.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff.baselines import RFFSQLSKLClassifier
    >>> X, y = make_moons(300, noise=0.15, random_state=0)
    >>> RFFSQLSKLClassifier(random_state=0).fit(X, y).score(X, y) > 0.9
    True
    """

    _parameter_constraints = {
        **_FourierClassifierBase._common_constraints,
        "reg_lambda": [Interval(Real, 0, None, closed="neither")],
    }

    def __init__(self, n_components=100, kernel="gaussian", sigma="auto", groups=None, reg_lambda=1.0,
                 skew_c=1.0, random_state=None):
        self.n_components = n_components
        self.kernel = kernel
        self.sigma = sigma
        self.groups = groups
        self.reg_lambda = reg_lambda
        self.skew_c = skew_c
        self.random_state = random_state

    def _learns(self):
        return False


# ------------------------------------------------------------------ RFF-MKL

def _eigll(gamma, epsilon):
    """The ε-insensitive γ-logistic loss (ε-IGLL) of §3.4, summed, and its derivative in u = ȳ.

    l(u, y) = (1/γ)[log(1 + e^{γ(u − y − ε)}) + log(1 + e^{γ(y − u − ε)}) − 2 log(1 + e^{−γε})];
    dl/du = expit(γ(u − y − ε)) − expit(γ(y − u − ε)) (the γ of Eq. 20 cancels the 1/γ).
    """
    const = 2.0 * np.logaddexp(0.0, -gamma * epsilon)

    def loss(u, y):
        r = u - y
        a, b = gamma * (r - epsilon), gamma * (-r - epsilon)
        value = (np.logaddexp(0.0, a) + np.logaddexp(0.0, b) - const).sum() / gamma
        return float(value), expit(a) - expit(b)

    return loss


def _best_constant(loss, y):
    """argmin_c Σ_i l(c, y_i) (the intercept at w = 0), by bisection on the monotone derivative."""
    lo, hi = float(y.min()) - 1.0, float(y.max()) + 1.0
    for _ in range(60):
        mid = 0.5 * (lo + hi)
        if loss(np.full(y.shape, mid), y)[1].sum() > 0:
            hi = mid
        else:
            lo = mid
    return 0.5 * (lo + hi)


def group_soft_threshold(W, threshold):
    """The proximal operator of threshold · Σ_j ‖w_j‖₂ on the rows w_j of W (r, m)."""
    norms = np.sqrt((W * W).sum(axis=1))
    factor = np.maximum(0.0, 1.0 - threshold / np.maximum(norms, 1e-300))
    return W * factor[:, None]


def group_lasso_path(Phi, y, n_channels, loss, lambdas, w0=None, c0=0.0, max_iter=200, tol=1e-4):
    """Proximal gradient (FISTA with backtracking and restarts) for Eq. 19 along ``lambdas``.

    Minimises Σ_i l(Φ_i w + c, y_i) + λ Σ_j ‖w_j‖₂ for each λ in turn (warm
    starts), the columns of Φ grouped by channel in ``n_channels`` equal
    contiguous blocks; c is not penalised. Returns (W (n_lambdas, D), c (n_lambdas,),
    iterations (n_lambdas,)).
    """
    n, D = Phi.shape
    m = D // n_channels
    w = np.zeros(D) if w0 is None else w0.copy()
    c = float(c0)
    # step 1/L from a power iteration on [Φ, 1]ᵀ[Φ, 1] (backtracking corrects it)
    v = np.ones(D + 1) / np.sqrt(D + 1)
    for _ in range(20):
        u = Phi @ v[:D] + v[D]
        v = np.append(Phi.T @ u, u.sum())
        norm = np.linalg.norm(v)
        v /= max(norm, 1e-300)
    curvature = 1.0 if loss.__name__ == "_square" else getattr(loss, "curvature", 1.0)
    step0 = 1.0 / max(norm * curvature, 1e-12)
    Ws, cs, iters = [], [], []
    for lam in lambdas:
        step = step0
        zw, zc, t = w.copy(), c, 1.0
        F_prev = np.inf
        it = 0
        for it in range(1, max_iter + 1):
            Fz, g = loss(Phi @ zw + zc, y)
            gw, gc = Phi.T @ g, g.sum()
            while True:
                w_new = group_soft_threshold((zw - step * gw).reshape(n_channels, m), step * lam).ravel()
                c_new = zc - step * gc
                dw, dc = w_new - zw, c_new - zc
                F_new = loss(Phi @ w_new + c_new, y)[0]
                if F_new <= Fz + gw @ dw + gc * dc + (dw @ dw + dc * dc) / (2 * step) + 1e-12 * abs(Fz):
                    break
                step *= 0.5
            obj = F_new + lam * np.sqrt((w_new.reshape(n_channels, m) ** 2).sum(axis=1)).sum()
            change = np.sqrt(((w_new - w) ** 2).sum() + (c_new - c) ** 2)
            size = max(1.0, np.sqrt(w_new @ w_new + c_new * c_new))
            if obj > F_prev:  # restart the momentum
                t, zw, zc = 1.0, w.copy(), c
                F_prev = np.inf
                continue
            t_next = 0.5 * (1.0 + np.sqrt(1.0 + 4.0 * t * t))
            zw = w_new + ((t - 1.0) / t_next) * (w_new - w)
            zc = c_new + ((t - 1.0) / t_next) * (c_new - c)
            w, c, t, F_prev = w_new, c_new, t_next, obj
            if change <= tol * size:
                break
        Ws.append(w.copy()), cs.append(c), iters.append(it)
    return np.array(Ws), np.array(cs), np.array(iters)


class RFFMKLClassifier(_FourierClassifierBase):
    """Multiple kernel learning in the Fourier domain (RFF-MKL, Băzăvan et al. 2012, §3.4).

    Each channel j (an input feature, or a user-given group of features) gets
    its own ``n_components`` random Fourier features ψ_σj(x_j) (Eq. 13); the
    concatenated map approximates the sum of the channels' kernels. For each
    one-vs-rest problem (targets ±1) the weights solve Eq. 19,

        min_{w, c} Σ_i l(ψ_σ(x_i)ᵀw + c, y_i) + λ Σ_j ‖w_j‖₂,

    by proximal gradient (FISTA, group soft-thresholding), along a path of λ
    from λ_max (no channel selected) down to ``reg_lambda`` · λ_max with warm
    starts. A channel with w_j = 0 is not used: ``selected_`` says which
    features the kernel uses. With ``learn_sigma=True`` the channels' scales
    σ are learned too (the joint model: alternately L-BFGS-B on σ with w
    fixed, and the proximal gradient on w at the final λ).

    Parameters
    ----------
    n_components : int, default=20
        Random features per channel (D_j; the map has n_channels × D_j).
    kernel : {"gaussian", "skewed_chi2", "skewed_intersection"}, default="gaussian"
        The kernel of each channel, as in :class:`RFFSKLClassifier`.
    sigma : float or "auto", default="auto"
        σ of every channel ("auto": √2 for the Gaussian — each channel's
        kernel exp(−δ²) on standardised data —, 1 for the skewed kernels).
    groups : None, "ard" or array-like of shape (n_features,), default=None
        The channels: one per input feature (None/"ard"), or one label per feature.
    loss : {"squared_error", "eigll"}, default="squared_error"
        ½(u − y)², or the ε-insensitive γ-logistic loss of §3.4.
    epsilon : float, default=0.1
        ε of the ε-IGLL.
    loss_gamma : float, default=5.0
        γ of the ε-IGLL.
    reg_lambda : float, default=0.1
        The last λ of the path, as a fraction of λ_max (in (0, 1]).
    n_lambdas : int, default=10
        Points of the path (geometric from λ_max).
    learn_sigma : bool, default=False
        Learn σ jointly (alternating with w).
    rho : float, default=0.0
        ρ of ρ‖σ‖² (with ``learn_sigma``).
    sigma_rounds : int, default=5
        Alternations σ / w of the joint model.
    max_iter : int, default=200
        Proximal-gradient iterations per λ.
    tol : float, default=1e-4
        Relative change of (w, c) that stops them.
    skew_c : float, default=1.0
        c > 0 of the skewed kernels.
    random_state : int, RandomState instance or None, default=None
        Seeds ω and b.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_groups_ : ndarray of shape (n_features,)
        The channel of each input feature.
    n_groups_ : int
        The number of channels.
    sigma_ : ndarray of shape (n_problems, n_groups)
        σ of each channel, per one-vs-rest problem.
    coef_ : ndarray of shape (n_problems, n_groups * n_components)
        w, channel by channel.
    intercept_ : ndarray of shape (n_problems,)
        The unpenalised intercept c of each problem.
    lambdas_ : ndarray of shape (n_problems, n_lambdas)
        The regularisation path.
    path_norms_ : ndarray of shape (n_problems, n_lambdas, n_groups)
        ‖w_j‖₂ of each channel along the path.
    channel_norms_ : ndarray of shape (n_problems, n_groups)
        ‖w_j‖₂ at the final λ.
    selected_ : ndarray of bool, shape (n_problems, n_groups)
        Channels with w_j ≠ 0.
    n_iter_ : ndarray of shape (n_problems,)
        Proximal-gradient iterations, all λ.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.baselines import RFFMKLClassifier
    >>> rng = np.random.default_rng(0)
    >>> X = rng.standard_normal((300, 4))
    >>> y = (X[:, 0] ** 2 + X[:, 1] ** 2 > 1.4).astype(int)   # features 2, 3: noise
    >>> clf = RFFMKLClassifier(reg_lambda=0.1, random_state=0).fit(X, y)
    >>> clf.selected_[0, :2]      # the two informative features are used
    array([ True,  True])
    """

    _parameter_constraints = {
        **_FourierClassifierBase._common_constraints,
        "loss": [StrOptions({"squared_error", "eigll"})],
        "epsilon": [Interval(Real, 0, None, closed="left")],
        "loss_gamma": [Interval(Real, 0, None, closed="neither")],
        "reg_lambda": [Interval(Real, 0, 1, closed="right")],
        "n_lambdas": [Interval(Integral, 1, None, closed="left")],
        "learn_sigma": ["boolean"],
        "rho": [Interval(Real, 0, None, closed="left")],
        "sigma_rounds": [Interval(Integral, 1, None, closed="left")],
        "max_iter": [Interval(Integral, 1, None, closed="left")],
        "tol": [Interval(Real, 0, None, closed="left")],
    }

    def __init__(self, n_components=20, kernel="gaussian", sigma="auto", groups=None,
                 loss="squared_error", epsilon=0.1, loss_gamma=5.0, reg_lambda=0.1, n_lambdas=10,
                 learn_sigma=False, rho=0.0, sigma_rounds=5, max_iter=200, tol=1e-4, skew_c=1.0,
                 random_state=None):
        self.n_components = n_components
        self.kernel = kernel
        self.sigma = sigma
        self.groups = groups
        self.loss = loss
        self.epsilon = epsilon
        self.loss_gamma = loss_gamma
        self.reg_lambda = reg_lambda
        self.n_lambdas = n_lambdas
        self.learn_sigma = learn_sigma
        self.rho = rho
        self.sigma_rounds = sigma_rounds
        self.max_iter = max_iter
        self.tol = tol
        self.skew_c = skew_c
        self.random_state = random_state

    def _sigma0(self, n_features):
        if self.sigma != "auto":
            return float(self.sigma)
        return np.sqrt(2.0) if self.kernel == "gaussian" else 1.0

    def _loss(self):
        if self.loss == "squared_error":
            return _square
        f = _eigll(float(self.loss_gamma), float(self.epsilon))
        f.curvature = 0.5 * float(self.loss_gamma)
        return f

    def _map(self):
        m = self.n_components
        scale = np.full(self.n_groups_ * m, np.sqrt(2.0 / m))
        return FourierMap(self.omega_quantiles_, self.phase_, scale, self.feature_groups_, self.n_groups_)

    def fit(self, X, y):
        """Draw each channel's features, then follow the λ path (and learn σ if asked).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data (non-negative for the skewed kernels).
        y : array-like of shape (n_samples,)
            Labels of two or more classes.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        self._validate_params()
        U, Y = self._prepare(X, y)
        with blas_threads(U.shape[0] * float(self.n_groups_ * self.n_components) ** 2):
            return self._fit(U, Y)

    def _fit(self, U, Y):
        n, d = U.shape
        r, m = self.n_groups_, self.n_components
        rng = check_random_state(self.random_state)
        columns = np.repeat(np.arange(r), m)
        self.omega_quantiles_, self.phase_ = self._draw(d, r * m, rng, (self.feature_groups_, columns))
        fmap = self._map()
        loss = self._loss()
        sigma0 = np.full(r, self._sigma0(d))
        Phi0 = fmap.transform(U, sigma0)
        out = {k: [] for k in ("sigma", "coef", "icept", "lambdas", "norms", "iters")}
        for k in range(Y.shape[1]):
            y_k = Y[:, k].copy()
            c0 = _best_constant(loss, y_k)
            g0 = loss(np.full(n, c0), y_k)[1]
            lam_max = max(float(np.sqrt(((Phi0.T @ g0).reshape(r, m) ** 2).sum(axis=1)).max()), 1e-12)
            lambdas = lam_max * np.geomspace(1.0, float(self.reg_lambda), int(self.n_lambdas))
            W, cs, iters = group_lasso_path(Phi0, y_k, r, loss, lambdas, c0=c0,
                                            max_iter=self.max_iter, tol=self.tol)
            sigma, w, c, n_iter = sigma0.copy(), W[-1], cs[-1], int(iters.sum())
            if self.learn_sigma:
                rho = float(self.rho)
                for _ in range(int(self.sigma_rounds)):
                    def fun(s, w=w, c=c):
                        value, grad, _ = fmap.outputs_and_contraction(U, s, w, c, y_k, loss)
                        return (value + rho * s @ s) / n, (grad + 2 * rho * s) / n

                    sigma = optimize.minimize(fun, sigma, jac=True, method="L-BFGS-B",
                                              bounds=[(0.0, None)] * r, options={"maxiter": 20}).x
                    Wj, cj, it = group_lasso_path(fmap.transform(U, sigma), y_k, r, loss, lambdas[-1:],
                                                  w0=w, c0=c, max_iter=self.max_iter, tol=self.tol)
                    w, c, n_iter = Wj[-1], cj[-1], n_iter + int(it.sum())
                    W[-1] = w
            out["sigma"].append(sigma), out["coef"].append(w), out["icept"].append(c)
            out["lambdas"].append(lambdas), out["iters"].append(n_iter)
            out["norms"].append(np.sqrt((W.reshape(len(lambdas), r, m) ** 2).sum(axis=2)))
        self.sigma_ = np.array(out["sigma"])
        self.coef_ = np.array(out["coef"])
        self.intercept_ = np.array(out["icept"], dtype=np.float64)
        self.lambdas_ = np.array(out["lambdas"])
        self.path_norms_ = np.array(out["norms"])
        self.channel_norms_ = np.sqrt((self.coef_.reshape(len(self.coef_), r, m) ** 2).sum(axis=2))
        self.selected_ = self.channel_norms_ > 0
        self.n_iter_ = np.array(out["iters"], dtype=int)
        return self

    def _scores(self, U):
        fmap = self._map()
        return np.column_stack([fmap.transform(U, s) @ w + c
                                for s, w, c in zip(self.sigma_, self.coef_, self.intercept_)])

    def selected_features(self, problem=None):
        """The input features of the selected channels.

        Parameters
        ----------
        problem : int or None, default=None
            One one-vs-rest problem's index, or None for the channels any
            problem selected.

        Returns
        -------
        ndarray
            The features' names when fitted on a DataFrame, else their indices.

        Examples
        --------
        >>> import numpy as np
        >>> from gbrff.baselines import RFFMKLClassifier
        >>> rng = np.random.default_rng(0)
        >>> X = rng.standard_normal((300, 4))
        >>> y = (X[:, 0] ** 2 + X[:, 1] ** 2 > 1.4).astype(int)
        >>> RFFMKLClassifier(random_state=0).fit(X, y).selected_features()[:2]
        array([0, 1])
        """
        check_is_fitted(self)
        keep = self.selected_.any(axis=0) if problem is None else self.selected_[problem]
        idx = np.flatnonzero(keep[self.feature_groups_])
        names = getattr(self, "feature_names_in_", None)
        return names[idx] if names is not None else idx
