"""The boosting loops of GBRFF1 and GBRFF2 on plain arrays.

This module knows nothing of scikit-learn: it takes validated float arrays,
labels in {-1, +1} and a numpy ``Generator``, draws the random frequencies
up front, and hands each whole boosting run to one compiled call of
:mod:`gbrff._kernels`. The estimators in :mod:`gbrff._estimators` wrap it.
"""

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from . import _aot

# the compiled entry points: ahead of time if built for these sources and this
# CPU (no numba import, no first-dispatch cost), else numba's JIT; same models
_kernels, _reason = _aot.load()
if _kernels is None:
    from . import _kernels
    ENGINE = "jit: " + _reason
else:
    ENGINE = "aot: " + _reason

__all__ = ["ENGINE", "GBRFF2Model", "GBRFF1Model", "fit_gbrff2", "fit_gbrff1", "initial_score",
           "staged_scores"]


@dataclass
class GBRFF2Model:
    """A fitted binary GBRFF2: H(x) = init_score + sum_t alphas[t] cos(omegas[t].x - biases[t])."""
    init_score: float
    omegas: np.ndarray          # (T, d)
    biases: np.ndarray          # (T,)
    alphas: np.ndarray          # (T,)
    train_loss: np.ndarray      # (T,)
    val_loss: np.ndarray = field(default_factory=lambda: np.empty(0))

    @property
    def n_iter(self):
        return self.alphas.shape[0]

    def components(self):
        """(W, phases, coefs, group) of the cosine expansion used to predict."""
        return self.omegas, self.biases, self.alphas, 1


@dataclass
class GBRFF1Model:
    """A fitted binary GBRFF1:
    H(x) = init_score + sum_t alphas[t] sum_j q[t, j] cos(omegas[t, j].(landmarks[t] - x))."""
    init_score: float
    omegas: np.ndarray          # (T, K, d)
    landmarks: np.ndarray       # (T, d)
    q: np.ndarray               # (T, K)
    alphas: np.ndarray          # (T,)
    train_loss: np.ndarray      # (T,)
    val_loss: np.ndarray = field(default_factory=lambda: np.empty(0))

    @property
    def n_iter(self):
        return self.alphas.shape[0]

    def components(self):
        T, K, d = self.omegas.shape
        W = self.omegas.reshape(T * K, d)
        # cos(w.(l - x)) = cos(w.x - w.l)
        phases = np.einsum("tkd,td->tk", self.omegas, self.landmarks).reshape(T * K)
        coefs = (self.alphas[:, None] * self.q).reshape(T * K)
        return W, phases, coefs, K


def initial_score(y, sw):
    """H^0 = 1/2 ln(sum sw (1 + y) / sum sw (1 - y)) (the paper's Eq. 6)."""
    pos = float(np.sum(sw * (1.0 + y)))
    neg = float(np.sum(sw * (1.0 - y)))
    return 0.5 * np.log(pos / neg)


# The training data are held transposed and in float32 during a fit: the two
# passes over X that each L-BFGS step needs are memory-bound, and float32
# halves their cost. Products and sums are formed in float64 from the rounded
# features (relative rounding 6e-8, far below any statistical effect).
TRAIN_DTYPE = np.float32


def _transposed(X):
    # cast first, then transpose: numpy's casting strided copy is ~3x slower
    return np.ascontiguousarray(np.asarray(X, dtype=TRAIN_DTYPE).T)


def _prepare(X, y, sw, validation):
    XT = _transposed(X)
    y = np.ascontiguousarray(y, dtype=np.float64)
    sw = np.ascontiguousarray(sw, dtype=np.float64)
    sw = sw * (sw.shape[0] / sw.sum())          # mean weight one
    if validation is None:
        d = X.shape[1]
        return XT, y, sw, np.empty((d, 0), dtype=TRAIN_DTYPE), np.empty(0), np.empty(0)
    Xv, yv, swv = validation
    return (XT, y, sw, _transposed(Xv),
            np.ascontiguousarray(yv, dtype=np.float64), np.ascontiguousarray(swv, dtype=np.float64))


def fit_gbrff2(X, y, sw, *, n_estimators, gamma, reg_lambda, learning_rate, n_optim_steps,
               rng, validation=None, n_iter_no_change=None, tol=1e-4, omegas=None):
    """Fit GBRFF2 on X (n, d), y in {-1, +1}, sample weights sw.

    ``omegas`` (T, d) may be given to replace the draws from N(0, 2 gamma)^d
    (the tests use this to feed the same draws to a reference)."""
    n, d = X.shape
    if omegas is None:
        omegas = rng.standard_normal((n_estimators, d)) * np.sqrt(2.0 * gamma)
    omegas = np.ascontiguousarray(omegas, dtype=np.float64).copy()
    XT, y, sw, XvT, yv, swv = _prepare(X, y, sw, validation)
    init = initial_score(y, sw)
    H = np.full(n, init)
    Hv = np.full(yv.shape[0], init)
    T = omegas.shape[0]
    biases = np.zeros(T)
    alphas = np.zeros(T)
    train_loss = np.zeros(T)
    val_loss = np.full(T, np.nan)
    n_iter = _kernels.gbrff2_boost(
        XT, y, sw, H, omegas, biases, alphas, train_loss, int(n_optim_steps),
        float(reg_lambda), float(learning_rate), XvT, yv, swv, Hv, val_loss,
        int(n_iter_no_change or 0), float(tol))
    return GBRFF2Model(init, omegas[:n_iter], biases[:n_iter], alphas[:n_iter],
                       train_loss[:n_iter], val_loss[:n_iter] if yv.shape[0] else np.empty(0))


def fit_gbrff1(X, y, sw, *, n_estimators, n_components, gamma, beta, learning_rate,
               n_optim_steps, rng, validation=None, n_iter_no_change=None, tol=1e-4,
               omegas=None):
    """Fit GBRFF1 on X (n, d), y in {-1, +1}, sample weights sw.

    ``omegas`` (T, K, d) may be given to replace the draws."""
    n, d = X.shape
    if omegas is None:
        omegas = rng.standard_normal((n_estimators, n_components, d)) * np.sqrt(2.0 * gamma)
    omegas = np.ascontiguousarray(omegas, dtype=np.float64).copy()
    XT, y, sw, XvT, yv, swv = _prepare(X, y, sw, validation)
    init = initial_score(y, sw)
    H = np.full(n, init)
    Hv = np.full(yv.shape[0], init)
    T, K, _ = omegas.shape
    landmarks = np.zeros((T, d))
    q = np.zeros((T, K))
    alphas = np.zeros(T)
    train_loss = np.zeros(T)
    val_loss = np.full(T, np.nan)
    n_iter = _kernels.gbrff1_boost(
        XT, y, sw, H, omegas, landmarks, q, alphas, train_loss, int(n_optim_steps),
        float(beta), float(learning_rate), XvT, yv, swv, Hv, val_loss,
        int(n_iter_no_change or 0), float(tol))
    return GBRFF1Model(init, omegas[:n_iter], landmarks[:n_iter], q[:n_iter], alphas[:n_iter],
                       train_loss[:n_iter], val_loss[:n_iter] if yv.shape[0] else np.empty(0))


def staged_scores(model, X, max_block_bytes=1 << 25):
    """Yield H after each iteration of ``model`` on X (n, d), as fresh arrays.

    Computed a block of iterations at a time in compiled code, each block
    starting from the previous block's scores (so the total work is that of
    one full prediction)."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    n = X.shape[0]
    W, phases, coefs, group = model.components()
    T = model.n_iter
    H = np.full(n, float(model.init_score))
    block = int(max(1, min(T, max_block_bytes // max(8 * n, 1))))
    for t0 in range(0, T, block):
        t1 = min(T, t0 + block)
        out = np.empty((t1 - t0, n))
        sl = slice(t0 * group, t1 * group)
        _kernels.staged_cosine_sums(
            X, np.ascontiguousarray(W[sl]), np.ascontiguousarray(phases[sl]),
            np.ascontiguousarray(coefs[sl]), group, H, np.arange(1, t1 - t0 + 1), out)
        H = out[-1]
        for row in out:
            yield row


def final_scores(model, X, n_threads=1):
    """H after the last iteration of ``model`` on X (n, d).

    With ``n_threads`` > 1 and enough rows, row blocks are scored in threads
    (the kernel releases the GIL); rows are independent, so the result is the
    same for any number of threads."""
    X = np.ascontiguousarray(X, dtype=np.float64)
    n = X.shape[0]
    W, phases, coefs, group = (np.ascontiguousarray(a) if isinstance(a, np.ndarray) else a
                               for a in model.components())
    out = np.empty((1, n))
    H0 = np.full(n, float(model.init_score))
    stages = np.array([model.n_iter])

    def score(rows):
        _kernels.staged_cosine_sums(X[rows], W, phases, coefs, group, H0[rows], stages,
                                    out[:, rows])

    work = n * max(model.n_iter, 1)
    if n_threads > 1 and work >= 2_000_000:
        bounds = np.linspace(0, n, n_threads + 1).astype(int)
        with ThreadPoolExecutor(n_threads) as pool:
            list(pool.map(score, [slice(a, b) for a, b in zip(bounds[:-1], bounds[1:])]))
    else:
        score(slice(0, n))
    return out[0]
