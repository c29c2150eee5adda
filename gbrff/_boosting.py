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

__all__ = ["ENGINE", "Expansion", "fit_gbrff2", "fit_gbrff1", "initial_score",
           "staged_scores"]


@dataclass
class Expansion:
    """A fitted binary GBRFF model, whatever its loss and weak learner.

    H(x) = init_score + sum_t alphas[t] h_t(x), with
    h_t(x) = sum_k q[t, k] cos(omegas[t, k] . x - phases[t, k]).

    The single-cosine learner of GBRFF2 has K = 1, q = 1 and phases = b; the
    landmark learners of GBRFF1 have K cosines cos(omega . (landmark - x)), so
    phases[t, k] = omegas[t, k] . landmarks[t]. ``alphas`` include the
    learning rate. This is the one object that the estimators, the figures,
    the app, the JSON export and the tests read.
    """
    learner: str                # "cosine" (GBRFF2) or "landmark" (GBRFF1)
    loss: str                   # "exponential"
    init_score: float           # H^0
    omegas: np.ndarray          # (T, K, d) frequencies
    phases: np.ndarray          # (T, K)
    q: np.ndarray               # (T, K) weights of the K cosines of an iteration
    alphas: np.ndarray          # (T,) steps
    landmarks: np.ndarray = None   # (T, d) for the landmark learners, else None
    train_loss: np.ndarray = field(default_factory=lambda: np.empty(0))   # (T,)
    val_loss: np.ndarray = field(default_factory=lambda: np.empty(0))     # (T,) or empty

    @property
    def n_iter(self):
        return self.alphas.shape[0]

    @property
    def n_components(self):
        """K, the cosines of one weak learner."""
        return self.omegas.shape[1]

    @property
    def n_features(self):
        return self.omegas.shape[2]

    def weak_learner(self, t, X):
        """h_t on the rows of X (n, d), t = 0 .. n_iter - 1 (without alpha)."""
        X = np.asarray(X, dtype=np.float64)
        return np.cos(X @ self.omegas[t].T - self.phases[t]) @ self.q[t]

    def truncated(self, n_iter):
        """The expansion of the first ``n_iter`` iterations."""
        cut = slice(0, n_iter)
        return Expansion(self.learner, self.loss, self.init_score, self.omegas[cut],
                         self.phases[cut], self.q[cut], self.alphas[cut],
                         None if self.landmarks is None else self.landmarks[cut],
                         self.train_loss[cut], self.val_loss[cut])

    def components(self):
        """(W, phases, coefs, K) of the flat cosine sum used to predict:
        H = init_score + sum_i coefs[i] cos(W[i] . x - phases[i])."""
        T, K, d = self.omegas.shape
        coefs = self.alphas if K == 1 else (self.alphas[:, None] * self.q).reshape(T * K)
        return self.omegas.reshape(T * K, d), self.phases.reshape(T * K), coefs, K

    def decision_function(self, X, n_threads=1):
        """H(X) after the last iteration."""
        return final_scores(self, X, n_threads)

    def staged_decision_function(self, X):
        """Yield H(X) after each iteration."""
        return staged_scores(self, X)

    def to_dict(self):
        """Plain lists and numbers (JSON-ready); :meth:`from_dict` inverts it."""
        out = {"learner": self.learner, "loss": self.loss, "init_score": float(self.init_score)}
        for name in ("omegas", "phases", "q", "alphas", "landmarks", "train_loss", "val_loss"):
            value = getattr(self, name)
            out[name] = None if value is None else np.asarray(value).tolist()
        return out

    @classmethod
    def from_dict(cls, d):
        arrays = {k: (None if d.get(k) is None else np.asarray(d[k], dtype=np.float64))
                  for k in ("omegas", "phases", "q", "alphas", "landmarks", "train_loss",
                            "val_loss")}
        T = arrays["alphas"].shape[0]
        if arrays["omegas"].size == 0:
            arrays["omegas"] = arrays["omegas"].reshape(T, 0, 0)
        return cls(d["learner"], d["loss"], float(d["init_score"]), **arrays)


def _cosine_expansion(init, omegas, biases, alphas, train_loss, val_loss):
    T, d = omegas.shape
    return Expansion("cosine", "exponential", init, omegas.reshape(T, 1, d),
                     biases.reshape(T, 1), np.ones((T, 1)), alphas, None, train_loss, val_loss)


def _landmark_expansion(init, omegas, landmarks, q, alphas, train_loss, val_loss):
    # cos(w.(l - x)) = cos(w.x - w.l)
    phases = np.einsum("tkd,td->tk", omegas, landmarks)
    return Expansion("landmark", "exponential", init, omegas, phases, q, alphas, landmarks,
                     train_loss, val_loss)


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
    return _cosine_expansion(init, omegas[:n_iter], biases[:n_iter], alphas[:n_iter],
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
    return _landmark_expansion(init, omegas[:n_iter], landmarks[:n_iter], q[:n_iter],
                               alphas[:n_iter], train_loss[:n_iter],
                               val_loss[:n_iter] if yv.shape[0] else np.empty(0))


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
