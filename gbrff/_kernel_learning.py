"""Fourier kernel learning's σ fit (Băzăvan, Li, Sminchisescu, ECCV 2012), in the core.

The learnable random Fourier map ψ_σ, the ridge solve of its weights, the
objective of RFF-SKL and its L-BFGS-B loop over the scales σ: what the
classifiers of :mod:`gbrff.baselines._kernel_learning_classifiers` wrap, and
what GBRFF2's per-feature bandwidths (``feature_bandwidths="fkl"``,
:mod:`gbrff._feature_map`) learn with (:func:`feature_scales`). Plain
numpy/scipy state, no estimator.

The D frequencies are γ_i = σ ⊙ h(ω_i) (Eq. 3): the uniform draws ω_i and the
phases b_i are drawn once, h is the kernel's quantile function (Table 1) and
only the block scales σ (one per group of input features, Eq. 4) change. The
map is

    ψ_σ(x) = s ⊙ cos(Γᵀ x + 2π b),   Γ = diag(σ_g(f)) H,  H[f, i] = h(ω_{i,f}),

with s = √(2/D) (Eq. 2), or √(2/D_j) on the columns of channel j for the
concatenated per-channel maps of RFF-MKL (Eq. 13, where H is block-diagonal).

Passes over the samples go by chunks of rows (memory O(chunk·D + D²), the
paper's O(Nd + d²)): Z = X Γ is a BLAS product, the cosines and sines one
numba pass (:func:`gbrff._engine._fourier_features.fourier_cos_sin`, on gbrff's
vectorisable sin/cos when the arguments allow it); the features are kept
between the passes of one σ when they fit in ``cache_bytes``.
"""

import math

import numpy as np
from scipy import linalg, optimize
from scipy.special import ndtri
from sklearn.preprocessing import LabelBinarizer
from sklearn.utils import check_random_state

from ._blas import one_blas_thread
from . import _engine   # its compiled names load numba on first use (a fit), not on import

__all__ = ["KERNELS", "FourierMap", "blas_threads", "draw_map", "feature_scales", "learn_sigma",
           "log_transform", "quantile", "resolve_groups", "ridge_solve", "skl_objective"]

#: Table 1's kernels whose quantile is linear in σ: name -> h(ω), ω ~ U(0, 1).
KERNELS = ("gaussian", "skewed_chi2", "skewed_intersection")

_EPS = 1e-12  # ω is kept in [ε, 1 − ε]: h(0) and h(1) are infinite


def quantile(kernel, omega):
    """h(ω) of Table 1 (the quantile of the kernel's spectral density at σ = 1).

    - ``"gaussian"``: √2 erf⁻¹(2ω − 1), the standard normal quantile
      (kernel exp(−σ²δ²/2) per dimension: σ scales the frequencies, as in
      the paper's Table 1 and Eq. 3, so the kernel's width is 1/σ where its
      printed form e^{−δ²/(2σ²)} calls σ the width);
    - ``"skewed_chi2"``: (2/π) log(tan(πω/2)), the hyperbolic secant
      quantile (kernel sech(σδ) on δ = log(x + c) − log(y + c));
    - ``"skewed_intersection"``: tan(π(ω − ½)), the Cauchy quantile
      (kernel exp(−σ|δ|) on the same δ).
    """
    omega = np.clip(np.asarray(omega, dtype=np.float64), _EPS, 1.0 - _EPS)
    if kernel == "gaussian":
        return ndtri(omega)
    if kernel == "skewed_chi2":
        return (2.0 / math.pi) * np.log(np.tan(0.5 * math.pi * omega))
    if kernel == "skewed_intersection":
        return np.tan(math.pi * (omega - 0.5))
    raise ValueError(f"unknown kernel {kernel!r}; valid: {', '.join(KERNELS)}")


def log_transform(X, kernel, c, who):
    """log(X + c) for the skewed kernels (histogram features, X ≥ 0); X for the Gaussian."""
    if kernel == "gaussian":
        return X
    if X.size and X.min() < 0:
        raise ValueError(
            f"{who}: kernel={kernel!r} acts on log(x + c) of non-negative (histogram) features; "
            f"X has negative values (min {X.min():.4g}). Use kernel='gaussian' for signed or "
            f"standardised features.")
    return np.log(X + c)


def resolve_groups(groups, n_features, who):
    """Each input feature's block index (0..r−1) and r, from ``groups``.

    ``None`` or ``"ard"``: one block (one σ) per feature; ``"isotropic"``: one
    block for all; an array-like of ``n_features`` labels: features with the
    same label share a block (blocks numbered in order of first appearance).
    """
    if groups is None or (isinstance(groups, str) and groups == "ard"):
        return np.arange(n_features, dtype=np.intp), n_features
    if isinstance(groups, str) and groups == "isotropic":
        return np.zeros(n_features, dtype=np.intp), 1
    if isinstance(groups, str):
        raise ValueError(f"{who}: groups must be None, 'ard', 'isotropic' or one label per feature; "
                         f"got {groups!r}")
    labels = np.asarray(groups)
    if labels.ndim != 1 or labels.shape[0] != n_features:
        raise ValueError(f"{who}: groups must give one label per input feature ({n_features}); "
                         f"got shape {labels.shape}")
    _, first, index = np.unique(labels, return_index=True, return_inverse=True)
    order = np.argsort(np.argsort(first))  # blocks numbered by first appearance
    return order[index].astype(np.intp), int(len(first))


class FourierMap:
    """ψ_σ on a fixed data matrix: features, Gram products and the σ-gradient.

    Parameters
    ----------
    H : ndarray (d, D)
        h(ω_{i,f}) (zeros where a frequency ignores a feature, for RFF-MKL).
    phase : ndarray (D,)
        2π b_i.
    scale : ndarray (D,)
        √(2/D) (or √(2/D_j) per channel).
    feat_group : ndarray (d,) of int
        Block of each input feature.
    n_groups : int
        r, the number of blocks (length of σ).
    """

    def __init__(self, H, phase, scale, feat_group, n_groups, chunk_bytes=1 << 25,
                 cache_bytes=1 << 28):
        self.H = np.ascontiguousarray(H, dtype=np.float64)
        self.phase = np.ascontiguousarray(phase, dtype=np.float64)
        self.scale = np.ascontiguousarray(scale, dtype=np.float64)
        self.feat_group = np.asarray(feat_group, dtype=np.intp)
        self.n_groups = int(n_groups)
        self.chunk_bytes = chunk_bytes
        self.cache_bytes = cache_bytes
        self._cache_key = None
        self._cache = None

    @property
    def n_components(self):
        return self.H.shape[1]

    def frequencies(self, sigma):
        """Γ = diag(σ per feature) H, shape (d, D): the frequencies γ_i as columns."""
        return self.H * np.asarray(sigma, dtype=np.float64)[self.feat_group][:, None]

    def _rows(self, n):
        step = max(1, int(self.chunk_bytes // (8 * max(1, self.n_components))))
        return [slice(a, min(n, a + step)) for a in range(0, n, step)]

    def _chunk(self, X, G, with_sin):
        Z = X @ G  # BLAS
        fast = bool(Z.size == 0 or np.abs(Z).max() + 2 * math.pi < _engine.FAST_TRIG_LIMIT)
        S = np.empty_like(Z) if with_sin else np.empty((0, 0))
        _engine.fourier_cos_sin(Z, self.phase, self.scale, S, fast)
        return Z, (S if with_sin else None)

    def transform(self, X, sigma):
        """ψ_σ(X), shape (n, D)."""
        G = self.frequencies(sigma)
        out = np.empty((X.shape[0], self.n_components))
        for rows in self._rows(X.shape[0]):
            out[rows] = self._chunk(X[rows], G, False)[0]
        return out

    def chunks(self, X, sigma, with_sin=False):
        """Yield (rows, Φ[rows], S[rows] or None) — from the cache when it holds this σ."""
        sigma = np.asarray(sigma, dtype=np.float64)
        key = (id(X), X.shape, sigma.tobytes())
        if self._cache_key == key and (not with_sin or self._cache[0][2] is not None):
            yield from self._cache
            return
        G = self.frequencies(sigma)
        keep = 2 * 8 * X.shape[0] * self.n_components <= self.cache_bytes
        stored = []
        for rows in self._rows(X.shape[0]):
            C, S = self._chunk(X[rows], G, with_sin or keep)
            if keep:
                stored.append((rows, C, S))
            yield rows, C, S
        if keep:
            self._cache_key, self._cache = key, stored

    def gram(self, X, Y, sigma):
        """ΦᵀΦ (D, D), ΦᵀY (D, m) and the column sums of Φ (D,) in one pass."""
        D = self.n_components
        A = np.zeros((D, D))
        B = np.zeros((D, Y.shape[1]))
        colsum = np.zeros(D)
        for rows, C, _ in self.chunks(X, sigma):
            A += C.T @ C
            B += C.T @ Y[rows]
            colsum += C.sum(axis=0)
        return A, B, colsum

    def outputs_and_contraction(self, X, sigma, w, c, y, loss_grad):
        """One pass: the loss's derivative g = loss_grad(Φw + c, y) per sample,
        and the σ-gradient of Σ_i g_i (Φ w)_i (Eq. 11 contracted with w):

            ∂/∂σ_j = −Σ_{f ∈ block j} Σ_k H[f, k] w_k Σ_i x_{i,f} g_i S[i, k]

        — a (d, D) product (X ∘ g)ᵀ S, O(N D d), no D×D derivative matrices.

        ``loss_grad(u, y)`` returns (loss values summed, derivative per sample).
        Returns (loss, grad_sigma (r,), g (n,)).
        """
        d, D = self.H.shape
        M = np.zeros((d, D))
        loss = 0.0
        g_all = np.empty(X.shape[0])
        for rows, C, S in self.chunks(X, sigma, with_sin=True):
            u = C @ w + c
            value, g = loss_grad(u, y[rows])
            loss += value
            g_all[rows] = g
            M += (X[rows] * g[:, None]).T @ S
        per_feature = -(self.H * M) @ w
        grad = np.bincount(self.feat_group, weights=per_feature, minlength=self.n_groups)
        return loss, grad, g_all


# ------------------------------------------------------------------ the σ fit

#: Below this many flops per pass (N·D²), BLAS runs on one thread: on small
#: products threads only contend (a 300 × 300 Cholesky took 80x longer with
#: two threads on a busy two-core machine).
SMALL_WORK = 5e8


def blas_threads(work):
    """A context limiting BLAS to one thread when ``work`` (flops) is small, else a no-op."""
    if work >= SMALL_WORK:
        return _NoLimit()
    return one_blas_thread()


class _NoLimit:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


def ridge_solve(A, B, colsum, n, y_mean, reg_lambda):
    """w, c minimising ½‖Φw + c − y‖² + (λ/2)‖w‖² (c not penalised), from ΦᵀΦ, ΦᵀY, Σ_i Φ_i.

    (A_c + λI) W = B_c with the centred A_c = ΦᵀΦ − n μμᵀ, B_c = ΦᵀY − n μ ȳᵀ
    (μ the mean feature vector): a Cholesky factorisation and solve (LAPACK
    potrf/potrs); c = ȳ − μᵀW. Returns W (D, m), c (m,).
    """
    mu = colsum / n
    Ac = A - n * np.outer(mu, mu)
    Ac[np.diag_indices_from(Ac)] += reg_lambda
    Bc = B - n * np.outer(mu, y_mean)
    try:
        W = linalg.cho_solve(linalg.cho_factor(Ac, lower=True, check_finite=False), Bc,
                             check_finite=False)
    except linalg.LinAlgError:  # λ below round-off of a rank-deficient Gram matrix
        W = linalg.lstsq(Ac, Bc, check_finite=False)[0]
    return W, y_mean - mu @ W


def _square(u, y):
    r = u - y
    return 0.5 * float(r @ r), r


def skl_objective(fmap, X, y, sigma, reg_lambda, rho):
    """RFF-SKL's f(σ) = min_w ½‖ψ_σ(X)ᵀw + c − y‖² + (λ/2)‖w‖² + ρ‖σ‖² and its gradient.

    w (and the intercept c) are the exact minimisers for this σ (Eq. 10), so
    by the envelope theorem ∂f/∂σ_j = Σ_i r_i ∂(ψ_σ(x_i)ᵀw)/∂σ_j + 2ρσ_j with
    r the residuals (Eqs. 11–12's ∂w/∂σ terms cancel). Returns (f, grad, w, c).
    """
    n = X.shape[0]
    A, B, colsum = fmap.gram(X, y[:, None], sigma)
    W, c = ridge_solve(A, B, colsum, n, np.array([y.mean()]), reg_lambda)
    w, c = W[:, 0], float(c[0])
    loss, grad, _ = fmap.outputs_and_contraction(X, sigma, w, c, y, _square)
    f = loss + 0.5 * reg_lambda * float(w @ w) + rho * float(sigma @ sigma)
    return f, grad + 2.0 * rho * sigma, w, c


def draw_map(kernel, n_features, n_components, rng, channels=None):
    """H = h(ω) (d, D) for uniform ω, and the phases 2πb, b ~ U(0, 1), drawn
    from ``rng`` in that order; with ``channels`` (the block of each feature
    and of each column, for RFF-MKL) each column uses one channel's features only."""
    omega = rng.uniform(size=(n_features, n_components))
    H = quantile(kernel, omega)
    if channels is not None:
        H = np.where(channels[0][:, None] == channels[1][None, :], H, 0.0)
    phase = 2.0 * np.pi * rng.uniform(size=n_components)
    return H, phase


def learn_sigma(fmap, X, y, sigma0, reg_lambda, rho, max_iter, tol):
    """RFF-SKL's σ for one problem (targets ``y``): L-BFGS-B (σ ≥ 0) from
    ``sigma0`` on f(σ) / N (:func:`skl_objective`), at most ``max_iter``
    iterations to the projected-gradient tolerance ``tol``. Returns (σ, iterations)."""
    n = X.shape[0]

    def fun(s):
        f, g, _, _ = skl_objective(fmap, X, y, s, reg_lambda, rho)
        return f / n, g / n

    res = optimize.minimize(fun, sigma0, jac=True, method="L-BFGS-B",
                            bounds=[(0.0, None)] * fmap.n_groups,
                            options={"maxiter": int(max_iter), "gtol": float(tol)})
    return np.asarray(res.x, dtype=np.float64), res.nit


def feature_scales(X, y, seed, n_components=100, reg_lambda=1.0, max_iter=100, tol=1e-6):
    """The per-feature σ_j that RFF-SKL (Gaussian kernel, one block per
    feature, σ from √(2/d), ρ = 0) learns on X (float64, C order) and the
    labels y, as the root mean square over its one-vs-rest problems (±1
    targets, one problem for two classes): ``RFFSKLClassifier(n_components,
    reg_lambda=reg_lambda, max_iter=max_iter, tol=tol, random_state=seed)
    .fit(X, y).sigma_``'s, bit for bit, without the weights w."""
    Y = LabelBinarizer(neg_label=-1, pos_label=1).fit_transform(y).astype(np.float64)
    n, d = X.shape
    with blas_threads(n * float(n_components) ** 2):
        H, phase = draw_map("gaussian", d, n_components, check_random_state(seed))
        scale = np.full(n_components, np.sqrt(2.0 / n_components))
        fmap = FourierMap(H, phase, scale, np.arange(d, dtype=np.intp), d)
        sigma0 = np.full(d, np.sqrt(2.0 / d))
        sigma = np.array([learn_sigma(fmap, X, Y[:, k].copy(), sigma0, float(reg_lambda), 0.0,
                                      max_iter, tol)[0] for k in range(Y.shape[1])])
    return np.sqrt(np.mean(sigma**2, axis=0))
