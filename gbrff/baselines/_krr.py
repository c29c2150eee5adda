"""KRR-GD: kernel ridge regression with gradient descent on the kernel's scales (Chapelle et al. 2002).

The exact-kernel rival of RFF-SKL in Băzăvan, Li, Sminchisescu (ECCV 2012,
Table 3, Fig. 1): the same objective with the Gaussian ARD kernel itself in
place of its random Fourier approximation, O(N³) time and O(N²) memory. Used
for the scaling comparison; it refuses sizes whose kernel matrices would not
fit in memory.
"""

import os
from numbers import Integral, Real

import numpy as np
from scipy import linalg, optimize
from sklearn.metrics.pairwise import rbf_kernel
from sklearn.utils._param_validation import Interval, StrOptions
from sklearn.utils.validation import validate_data

from .._kernel_learning import blas_threads
from ._kernel_learning_classifiers import _FourierClassifierBase

__all__ = ["KRRGDClassifier", "krr_objective", "available_memory"]

_MATRICES = 3  # N×N float64 arrays alive at once: K, the factor of K_c + λI, a temporary


def available_memory():
    """Bytes of memory available now (MemAvailable of /proc/meminfo, else physical memory)."""
    try:
        with open("/proc/meminfo") as fh:
            for line in fh:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_AVPHYS_PAGES")
    except (ValueError, OSError, AttributeError):  # pragma: no cover
        return 8 << 30


def _kernel(A, B, sigma_feat):
    """Gaussian ARD kernel exp(−½ Σ_f σ_f² (a_f − b_f)²)."""
    return rbf_kernel(A * sigma_feat, B * sigma_feat, gamma=0.5)


def krr_objective(X, y, sigma, feat_group, reg_lambda, rho):
    """f(σ) = min_{h, c} ½‖h(X) + c − y‖² + (λ/2)‖h‖² + ρ‖σ‖² = (λ/2) y_cᵀ(K_c + λI)⁻¹y_c + ρ‖σ‖²,
    and its gradient.

    K_c = HKH is the centred kernel matrix, y_c the centred targets,
    α = (K_c + λI)⁻¹y_c (centred, so αᵀ ∂K_c α = αᵀ ∂K α). With
    ∂K/∂σ_j = −σ_j K ∘ Σ_{f ∈ j}(x_f − x_f')²,

        ∂f/∂σ_j = λ σ_j Σ_{f ∈ j} [(x_f² ∘ α)ᵀKα − (x_f ∘ α)ᵀK(x_f ∘ α)] + 2ρσ_j,

    one N × (d + 1) product with K. Returns (f, grad, α, c, K).
    """
    n, d = X.shape
    K = _kernel(X, X, sigma[feat_group])
    mean_row = K.mean(axis=0)
    Kc = K - mean_row[None, :] - mean_row[:, None] + mean_row.mean()
    Kc[np.diag_indices_from(Kc)] += reg_lambda
    yc = y - y.mean()
    alpha = linalg.cho_solve(linalg.cho_factor(Kc, lower=True, overwrite_a=True, check_finite=False),
                             yc, check_finite=False)
    del Kc
    P = np.column_stack([alpha, X * alpha[:, None]])
    KP = K @ P
    Ka = KP[:, 0]
    per_feature = (X * X * (alpha * Ka)[:, None]).sum(axis=0) - (X * alpha[:, None] * KP[:, 1:]).sum(axis=0)
    grad = reg_lambda * sigma * np.bincount(feat_group, weights=per_feature, minlength=len(sigma))
    f = 0.5 * reg_lambda * float(yc @ alpha) + rho * float(sigma @ sigma)
    c = y.mean() - Ka.mean()
    return f, grad + 2.0 * rho * sigma, alpha, c, K


class KRRGDClassifier(_FourierClassifierBase):
    """Kernel ridge regression whose Gaussian ARD scales are learned by gradient descent (KRR-GD).

    For each one-vs-rest problem (targets ±1) minimises, over σ ≥ 0 by
    L-BFGS-B, the exact-kernel version of RFF-SKL's objective
    (:func:`krr_objective`): the limit of :class:`RFFSKLClassifier` as D → ∞.
    Time O(N³) per evaluation, memory O(N²): ``fit`` refuses, before
    allocating, a training set whose N × N matrices would exceed
    ``max_memory_gb``.

    Parameters
    ----------
    sigma : float or "auto", default="auto"
        Start of σ ("auto": √(2/d), the RBF kernel exp(−‖δ‖²/d)).
    groups : None, "ard", "isotropic" or array-like, default=None
        Blocks of features sharing a σ, as :class:`RFFSKLClassifier`.
    reg_lambda : float, default=1.0
        λ > 0.
    rho : float, default=0.0
        ρ ≥ 0 of ρ‖σ‖².
    learn_sigma : bool, default=True
        False keeps σ at its start (plain kernel ridge regression).
    max_iter : int, default=50
        L-BFGS-B iterations per problem.
    tol : float, default=1e-6
        L-BFGS-B's projected-gradient tolerance.
    max_memory_gb : float or None, default=None
        Memory the kernel matrices may take; None: half the memory available at ``fit``.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_groups_ : ndarray of shape (n_features,)
        The block (index into σ) of each input feature.
    n_groups_ : int
        The number of blocks.
    sigma_ : ndarray of shape (n_problems, n_groups)
        The learned σ of each one-vs-rest problem.
    intercept_ : ndarray of shape (n_problems,)
        The unpenalised intercept of each problem.
    n_iter_ : ndarray of shape (n_problems,)
        L-BFGS-B iterations.
    objective_ : ndarray of shape (n_problems,)
        The objective at the returned σ.
    dual_coef_ : ndarray of shape (n_problems, n_samples)
        α of each problem.
    X_fit_ : ndarray of shape (n_samples, n_features)
        The training data, which the kernel of a prediction needs.

    See Also
    --------
    RFFSKLClassifier : The same objective on D random features.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff.baselines import KRRGDClassifier
    >>> X, y = make_moons(200, noise=0.15, random_state=0)
    >>> KRRGDClassifier().fit(X, y).score(X, y) > 0.95
    True
    """

    kernel = "gaussian"
    skew_c = 1.0

    _parameter_constraints = {
        "sigma": [StrOptions({"auto"}), Interval(Real, 0, None, closed="neither")],
        "groups": [None, "array-like", StrOptions({"ard", "isotropic"})],
        "reg_lambda": [Interval(Real, 0, None, closed="neither")],
        "rho": [Interval(Real, 0, None, closed="left")],
        "learn_sigma": ["boolean"],
        "max_iter": [Interval(Integral, 0, None, closed="left")],
        "tol": [Interval(Real, 0, None, closed="left")],
        "max_memory_gb": [None, Interval(Real, 0, None, closed="neither")],
    }

    def __init__(self, sigma="auto", groups=None, reg_lambda=1.0, rho=0.0, learn_sigma=True, max_iter=50,
                 tol=1e-6, max_memory_gb=None):
        self.sigma = sigma
        self.groups = groups
        self.reg_lambda = reg_lambda
        self.rho = rho
        self.learn_sigma = learn_sigma
        self.max_iter = max_iter
        self.tol = tol
        self.max_memory_gb = max_memory_gb

    def _check_memory(self, n):
        need = _MATRICES * 8.0 * n * n
        limit = (self.max_memory_gb * 1e9 if self.max_memory_gb is not None
                 else 0.5 * available_memory())
        if need > limit:
            raise ValueError(
                f"KRRGDClassifier: {n} training examples need {_MATRICES} kernel matrices of "
                f"{n} x {n} ({need / 1e9:.3g} GB); the limit is {limit / 1e9:.3g} GB "
                f"({'max_memory_gb' if self.max_memory_gb is not None else 'half the available memory'}). "
                f"The exact kernel cannot be learned at this size: use RFFSKLClassifier (memory O(N D)).")

    def fit(self, X, y):
        """Learn σ and the dual coefficients of each one-vs-rest problem.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data.
        y : array-like of shape (n_samples,)
            Labels of two or more classes.

        Returns
        -------
        self : KRRGDClassifier
            The fitted estimator.

        Raises
        ------
        ValueError
            When the kernel matrices would not fit in ``max_memory_gb``.
        """
        self._validate_params()
        X, _ = validate_data(self, X, y, dtype=np.float64, order="C")
        self._check_memory(X.shape[0])
        U, Y = self._prepare(X, y)
        with blas_threads(float(U.shape[0]) ** 3):
            return self._fit(U, Y)

    def _fit(self, U, Y):
        n, d = U.shape
        sigma0 = np.full(self.n_groups_, float(self.sigma) if self.sigma != "auto" else np.sqrt(2.0 / d))
        lam, rho = float(self.reg_lambda), float(self.rho)
        out = {k: [] for k in ("sigma", "alpha", "c", "f", "it")}
        for k in range(Y.shape[1]):
            y_k = Y[:, k].copy()
            s, nit = sigma0, 0
            if self.learn_sigma:
                def fun(s):
                    f, g = krr_objective(U, y_k, s, self.feature_groups_, lam, rho)[:2]
                    return f / n, g / n

                res = optimize.minimize(fun, sigma0, jac=True, method="L-BFGS-B",
                                        bounds=[(0.0, None)] * self.n_groups_,
                                        options={"maxiter": int(self.max_iter), "gtol": float(self.tol)})
                s, nit = np.asarray(res.x, dtype=np.float64), res.nit
            f, _, alpha, c, _ = krr_objective(U, y_k, s, self.feature_groups_, lam, rho)
            for key, v in zip(("sigma", "alpha", "c", "f", "it"), (s, alpha, c, f, nit)):
                out[key].append(v)
        self.sigma_ = np.array(out["sigma"])
        self.dual_coef_ = np.array(out["alpha"])
        self.intercept_ = np.array(out["c"], dtype=np.float64)
        self.objective_ = np.array(out["f"])
        self.n_iter_ = np.array(out["it"], dtype=int)
        self.X_fit_ = U
        return self

    def _scores(self, U):
        return np.column_stack([_kernel(U, self.X_fit_, s[self.feature_groups_]) @ a + c
                                for s, a, c in zip(self.sigma_, self.dual_coef_, self.intercept_)])

