"""The boosting loop of GBRFF1 and GBRFF2, any loss, on plain arrays.

This module knows nothing of scikit-learn: it takes validated float arrays,
labels in {-1, +1} and a numpy ``Generator``, draws the random frequencies
(and random landmarks) up front, and hands each whole boosting run to one
compiled call of :mod:`gbrff._engine` (``boost``), whatever the weak
learner and the loss: both are axes, integer codes of that one loop. The estimators in :mod:`gbrff._estimators` wrap it.
"""

import os
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import numpy as np

from . import _aot
from ._engine.blocks import n_blocks
from ._engine.loss_registry import HUBER_ALPHA, LOSSES

# the compiled entry points: ahead of time if built for these sources and this
# CPU (no numba import, no first-dispatch cost), else numba's JIT; same models.
# The ahead-of-time module is serial (numba's pycc cannot link threads): a fit
# on more than one thread runs the JIT engine, whose blocks give the same bits.
_aot_kernels, _reason = _aot.load()
if _aot_kernels is None:
    from . import _engine as _kernels
    ENGINE = "jit: " + _reason
else:
    _kernels = _aot_kernels
    ENGINE = "aot: " + _reason


def max_threads():
    """Threads this process may use: NUMBA_NUM_THREADS if set (joblib's
    workers set it to their share of the cores), else every core available."""
    from joblib import cpu_count

    cap = cpu_count()
    try:
        cap = min(cap, int(os.environ["NUMBA_NUM_THREADS"]))
    except (KeyError, ValueError):
        pass
    return max(1, cap)


def openmp_default_threads():
    """The threads OpenMP code that does not choose would use here, as LightGBM's
    and HistGradientBoosting's default: a ``threadpoolctl.threadpool_limits``
    in force on the loaded OpenMP runtime (libgomp), else ``OMP_NUM_THREADS``;
    None when neither says."""
    import ctypes

    try:  # only a runtime already loaded (by numba's OpenMP layer, LightGBM, ...): never load one
        return max(1, int(ctypes.CDLL("libgomp.so.1", mode=os.RTLD_NOLOAD | os.RTLD_LAZY).omp_get_max_threads()))
    except (OSError, AttributeError):
        pass
    try:
        return max(1, int(os.environ["OMP_NUM_THREADS"].split(",")[0]))
    except (KeyError, ValueError):
        return None


def resolve_threads(n_jobs):
    """The threads of a fit for the estimators' ``n_jobs``: None means the
    default of OpenMP code, as LightGBM, XGBoost and scikit-learn's
    HistGradientBoosting use it (every core, or fewer under
    ``OMP_NUM_THREADS`` or a ``threadpoolctl`` limit; the model does not
    depend on it), -1 every core, -k all but k - 1 (joblib's convention),
    k > 0 at most k; never more than :func:`max_threads`."""
    cap = max_threads()
    if n_jobs is None:
        return min(cap, openmp_default_threads() or cap)
    from joblib import cpu_count

    # joblib's convention, counted here: joblib.effective_n_jobs says "setting
    # n_jobs=1" about its own loky workers inside a multiprocessing worker
    wanted = int(n_jobs) if n_jobs > 0 else cpu_count() + 1 + int(n_jobs)
    return max(1, min(wanted, cap))


# numba's OpenMP thread pool does not survive fork(): a child forked after the
# parent ran the threaded engine (multiprocessing's "fork" start method, the
# default on Linux before Python 3.14) would stop at its first parallel
# region. Such a child runs its fits on one thread, in the serial ahead-of-time
# engine: the same models, as for any n_jobs.
_FORK = {"threads_started": False, "unsafe": False}


def _after_fork_in_child():
    if _FORK["threads_started"]:
        _FORK["unsafe"] = True


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


def serial_engine_available():
    """Whether the ahead-of-time (serial, GIL-free) engine is loaded: fits
    may then run in Python threads (one-vs-rest classes)."""
    return _aot_kernels is not None


def engine_for(n, n_threads):
    """(kernels, threads) for a fit on n samples with at most ``n_threads``:
    the ahead-of-time module when one thread is enough (fewer than two
    blocks, or n_threads 1) or must do (a process forked after threads ran),
    else the JIT engine on that many threads."""
    threads = max(1, min(int(n_threads), n_blocks(n)))
    if _FORK["unsafe"] and _aot_kernels is None:
        raise RuntimeError(
            "this process was forked after its parent ran gbrff's threaded engine, whose OpenMP "
            "threads do not survive fork(), and the serial ahead-of-time engine is not built "
            f"here ({_reason}); start worker processes with the 'spawn' or 'forkserver' "
            "method (multiprocessing.get_context('spawn'); joblib's default loky is safe), or "
            "build it: python -m gbrff._aot_build")
    if (threads == 1 or _FORK["unsafe"]) and _aot_kernels is not None:
        return _aot_kernels, 1
    import numba

    from . import _engine

    numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
    _FORK["threads_started"] = True
    return _engine, threads

__all__ = ["ENGINE", "Continuation", "Expansion", "LEARNERS", "LOSSES", "check_loss",
           "concatenate", "fit", "fit_gbrff1", "fit_gbrff2", "initial_score", "probability",
           "staged_scores"]


@dataclass
class Expansion:
    """A fitted binary GBRFF model, whatever its loss and weak learner.

    H(x) = init_score + Σ_t alphas[t] h_t(x), with
    h_t(x) = Σ_k q[t, k] cos(omegas[t, k]·x − phases[t, k]).

    The single-cosine learner of GBRFF2 has K = 1, q = 1 and phases = b; the
    landmark learners of GBRFF1 have K cosines cos(ω·(landmark − x)), so
    phases[t, k] = omegas[t, k]·landmarks[t]. ``alphas`` include the
    learning rate. This is the one object that the estimators, the figures,
    the app, the JSON export and the tests read. An estimator's expansions
    act on the points it fits on, z(x) (the standardised features with
    ``standardize=True``), not on x.

    Parameters
    ----------
    learner : {"cosine", "landmark", "random_landmark"}
        The weak learner: "cosine" (GBRFF2), "landmark" (GBRFF1) or
        "random_landmark" (the 2019 preprint's "GBRFF Random").
    loss : {"exponential", "log_loss", "squared_error"}
        The loss boosted (a key of :data:`gbrff.LOSSES`).
    init_score : float
        H⁰, the constant score before the first iteration.
    omegas : ndarray of shape (T, K, d)
        The frequencies.
    phases : ndarray of shape (T, K)
        The phases of the cosines.
    q : ndarray of shape (T, K)
        The weights of the K cosines of an iteration.
    alphas : ndarray of shape (T,)
        The steps, learning rate included.
    landmarks : ndarray of shape (T, d) or None, default=None
        The landmarks of the landmark learners, else None.
    train_loss : ndarray of shape (T,), default=empty
        The training loss after each iteration.
    val_loss : ndarray of shape (T,), default=empty
        The validation loss after each iteration (empty without early stopping).

    Attributes
    ----------
    n_iter : int
        T, the number of iterations.
    n_components : int
        K, the cosines of one weak learner.
    n_features : int
        d, the number of features the frequencies act on.

    See Also
    --------
    gbrff.GBRFF2Classifier.expansion_ : The expansion of a fitted binary estimator.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> clf = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> e = clf.expansion_
    >>> e.learner, e.loss, e.n_iter, e.n_components, e.n_features
    ('cosine', 'exponential', 10, 1, 2)
    >>> e.decision_function(X[:3]).round(3)
    array([-2.127,  2.57 ,  0.658])
    """
    learner: str                # "cosine" (GBRFF2), "landmark" (GBRFF1) or "random_landmark"
    loss: str                   # "exponential", "log_loss", "squared_error" or "huber"
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
        """The number T of iterations."""
        return self.alphas.shape[0]

    @property
    def n_components(self):
        """The number K of cosines of one weak learner."""
        return self.omegas.shape[1]

    @property
    def n_features(self):
        """The number d of features the frequencies act on."""
        return self.omegas.shape[2]

    def weak_learner(self, t, X):
        """The weak learner h_t on the rows of X, without its step α.

        Parameters
        ----------
        t : int
            The iteration, 0 .. ``n_iter`` - 1.
        X : array-like of shape (n, d)
            Points in the space the expansion acts on.

        Returns
        -------
        h : ndarray of shape (n,)
            Σ_k q[t, k] cos(omegas[t, k]·x − phases[t, k]) for each row x.
        """
        X = np.asarray(X, dtype=np.float64)
        return np.cos(X @ self.omegas[t].T - self.phases[t]) @ self.q[t]

    def truncated(self, n_iter):
        """The expansion of the first ``n_iter`` iterations.

        Parameters
        ----------
        n_iter : int
            Number of iterations kept.

        Returns
        -------
        Expansion
            The model after ``n_iter`` iterations (its arrays are views of
            this one's).
        """
        cut = slice(0, n_iter)
        return Expansion(self.learner, self.loss, self.init_score, self.omegas[cut],
                         self.phases[cut], self.q[cut], self.alphas[cut],
                         None if self.landmarks is None else self.landmarks[cut],
                         self.train_loss[cut], self.val_loss[cut])

    def components(self):
        """The flat cosine sum used to predict.

        H = init_score + Σ_i coefs[i] cos(W[i]·x − phases[i]).

        Returns
        -------
        W : ndarray of shape (T * K, d)
            Every frequency, iteration by iteration.
        phases : ndarray of shape (T * K,)
            Their phases.
        coefs : ndarray of shape (T * K,)
            α_t q[t, k] of each cosine (α_t alone for K = 1).
        K : int
            The cosines of one iteration.
        """
        T, K, d = self.omegas.shape
        coefs = self.alphas if K == 1 else (self.alphas[:, None] * self.q).reshape(T * K)
        return self.omegas.reshape(T * K, d), self.phases.reshape(T * K), coefs, K

    def decision_function(self, X, n_threads=1):
        """H(X) after the last iteration.

        Parameters
        ----------
        X : array-like of shape (n, d)
            Points in the space the expansion acts on.
        n_threads : int, default=1
            Threads for large inputs; the scores do not depend on it.

        Returns
        -------
        scores : ndarray of shape (n,)
            H(x) for each row x.
        """
        return final_scores(self, X, n_threads)

    def staged_decision_function(self, X):
        """H(X) after each iteration, as a generator.

        Parameters
        ----------
        X : array-like of shape (n, d)
            Points in the space the expansion acts on.

        Returns
        -------
        generator of ndarray of shape (n,)
            H after iterations 1, 2, ..., ``n_iter``, each a fresh array.
        """
        return staged_scores(self, X)

    def to_dict(self):
        """The expansion as plain lists and numbers (JSON-ready).

        Returns
        -------
        dict
            ``learner``, ``loss``, ``init_score`` and the arrays (``omegas``,
            ``phases``, ``q``, ``alphas``, ``landmarks``, ``train_loss``,
            ``val_loss``) as nested lists; ``landmarks`` None when absent.

        See Also
        --------
        from_dict : The expansion of such a dict.
        """
        out = {"learner": self.learner, "loss": self.loss, "init_score": float(self.init_score)}
        for name in ("omegas", "phases", "q", "alphas", "landmarks", "train_loss", "val_loss"):
            value = getattr(self, name)
            out[name] = None if value is None else np.asarray(value).tolist()
        return out

    @classmethod
    def from_dict(cls, d):
        """The expansion of :meth:`to_dict`'s dict, with the same bits.

        Parameters
        ----------
        d : dict
            What :meth:`to_dict` returned (or its JSON text read back);
            ``landmarks``, ``train_loss`` and ``val_loss`` may be left out,
            and a null inside a list reads as NaN.

        Returns
        -------
        Expansion
            The expansion, its arrays float64.

        Raises
        ------
        KeyError
            For a missing key.
        """
        missing = [k for k in ("learner", "loss", "init_score", "omegas", "phases", "q", "alphas")
                   if k not in d]
        if missing:
            raise KeyError(missing[0])
        arrays = {k: (None if d.get(k) is None else np.asarray(d[k], dtype=np.float64))
                  for k in ("omegas", "phases", "q", "alphas", "landmarks", "train_loss",
                            "val_loss")}
        for k in ("train_loss", "val_loss"):  # left out: empty, as the dataclass's default
            if arrays[k] is None:
                arrays[k] = np.empty(0)
        T = arrays["alphas"].shape[0]
        if arrays["omegas"].size == 0:
            arrays["omegas"] = arrays["omegas"].reshape(T, 0, 0)
        return cls(d["learner"], d["loss"], float(d["init_score"]), **arrays)


# The loss axis: LOSSES (gbrff._engine.loss_registry), name (scikit-learn's) -> the
# loss's facts: the code the compiled loop takes, H^0, the link, the values.
# The weak-learner axis: name -> the code of the compiled loop's learner.
LEARNERS = {"cosine": 0, "landmark": 1, "random_landmark": 1}
# The losses each learner can take. Every learner fits the residuals of any
# loss (see :func:`fit`); a learner that cannot take a loss is left out here
# and :func:`check_loss` refuses it with a ValueError.
LEARNER_LOSSES = {learner: tuple(LOSSES) for learner in LEARNERS}


def _entry(loss):
    """The registry entry of ``loss``; ValueError for an unknown name."""
    if loss not in LOSSES:
        raise ValueError(f"loss must be one of {sorted(LOSSES)}, got {loss!r}")
    return LOSSES[loss]


def check_loss(learner, loss):
    """Raise ValueError if ``learner`` cannot be boosted with ``loss``."""
    _entry(loss)
    if loss not in LEARNER_LOSSES[learner]:
        raise ValueError(f"the {learner} weak learner cannot be boosted with loss={loss!r}; "
                         f"it takes {', '.join(LEARNER_LOSSES[learner])}")


def initial_score(y, sw, loss="exponential"):
    """H^0, the constant score that minimises ``loss`` (its registry entry's)."""
    return _entry(loss).init_score(y, sw)


def probability(loss, H):
    """P(y = +1) from the scores H through the link of ``loss`` (its registry entry's)."""
    return _entry(loss).probability(H)


# The training data are held transposed and in float32 during a fit: the two
# passes over X that each L-BFGS step needs are memory-bound, and float32
# halves their cost. Products and sums are formed in float64 from the rounded
# features (relative rounding 6e-8, far below any statistical effect).
TRAIN_DTYPE = np.float32


def _standardized_rows(X, standardization):
    """(X - mean) / scale in X's dtype (``standardization`` = (mean, scale) in
    X's dtype): the arithmetic of the estimators' ``standardize``."""
    mean, scale = standardization
    Z = X - mean
    Z /= scale
    return Z


def _transposed(X, standardization=None, block_bytes=1 << 23):
    """X (n, d) as the engine reads it: float32, (d, n) C-contiguous. With
    ``standardization`` = (mean, scale), of (X - mean) / scale, formed a block
    of rows at a time into the one float32 array (the same bits as
    standardising all of X in its dtype first, without that copy)."""
    if standardization is None:
        # cast first, then transpose: numpy's casting strided copy is ~3x slower
        return np.ascontiguousarray(np.asarray(X, dtype=TRAIN_DTYPE).T)
    X = np.asarray(X)
    n, d = X.shape
    XT = np.empty((d, n), dtype=TRAIN_DTYPE)
    rows = max(1, block_bytes // max(1, d * X.itemsize))
    for i in range(0, n, rows):
        XT[:, i:i + rows] = _standardized_rows(X[i:i + rows], standardization).T
    return XT


def _prepare(X, y, sw, validation, standardization=None):
    XT = _transposed(X, standardization)
    y = np.ascontiguousarray(y, dtype=np.float64)
    sw = np.ascontiguousarray(sw, dtype=np.float64)
    scale = sw.shape[0] / sw.sum()              # mean weight one
    if not 0.0 < scale < np.inf:                # weights whose sum leaves float64's range
        sw = sw / sw.max()
        scale = sw.shape[0] / sw.sum()
    if scale != 1.0:                            # (unit weights: no second copy)
        sw = sw * scale
    if validation is None:
        d = X.shape[1]
        return XT, y, sw, np.empty((d, 0), dtype=TRAIN_DTYPE), np.empty(0), np.empty(0)
    Xv, yv, swv = validation
    return (XT, y, sw, _transposed(Xv, standardization),
            np.ascontiguousarray(yv, dtype=np.float64), np.ascontiguousarray(swv, dtype=np.float64))


@dataclass
class Continuation:
    """Where a fit stopped, as much as continuing it needs to give the numbers
    of one longer fit (a warm start): H⁰, the engine's scores H on the
    training rows and on the validation rows (as the compiled loop left them,
    which prediction does not reproduce to the last bit), and the validation
    losses so far (the memory of early stopping)."""
    init_score: float
    scores: np.ndarray
    validation_scores: np.ndarray
    val_loss: np.ndarray


def early_stopping_memory(val_loss, tol):
    """(best, iterations since it improved by ``tol``) after the validation
    losses ``val_loss``: the compiled loop's ``_early_stopping`` replayed, with
    its arithmetic (IEEE float64, ``val < best - tol``)."""
    best, since = np.inf, 0
    for v in np.asarray(val_loss, dtype=np.float64):
        if v < best - tol:
            best, since = float(v), 0
        else:
            since += 1
    return best, since


def concatenate(first, then):
    """The expansion of ``first``'s iterations followed by ``then``'s (same
    learner, loss and K; ``first``'s H⁰): a continued fit."""
    def cat(a, b):
        return None if a is None else np.concatenate([a, b])

    return Expansion(first.learner, first.loss, first.init_score,
                     np.concatenate([first.omegas, then.omegas]),
                     np.concatenate([first.phases, then.phases]), np.concatenate([first.q, then.q]),
                     np.concatenate([first.alphas, then.alphas]), cat(first.landmarks, then.landmarks),
                     np.concatenate([first.train_loss, then.train_loss]),
                     np.concatenate([first.val_loss, then.val_loss]))


def fit(X, y, sw, *, learner, loss="exponential", n_estimators, n_components=1, gamma,
        reg_lambda=0.0, beta=1.0, learning_rate=1.0, n_optim_steps=10, rng, validation=None,
        n_iter_no_change=None, tol=1e-4, omegas=None, n_threads=1, standardization=None,
        quantile=HUBER_ALPHA, scale_free=False, start=None, return_scores=False):
    """Boost ``learner`` with ``loss`` on X (n, d), y in {-1, +1} (a
    classification loss) or real targets y (a regression loss, see
    ``LOSSES[loss].tasks``), sample weights sw, on at most ``n_threads``
    threads (the same model for any number).

    learner "cosine" (GBRFF2): one cosine cos(omega . x - b) an iteration,
    omega drawn from N(0, 2 gamma)^d and refined by ``n_optim_steps`` L-BFGS
    steps (penalty ``reg_lambda``), b global. "landmark" (GBRFF1): K =
    ``n_components`` cosines around a landmark learned by ``n_optim_steps``
    L-BFGS steps from the origin, weighted by the pseudo-posterior q of
    inverse temperature ``beta``. "random_landmark" (the preprint's "GBRFF Random"):
    the same with a landmark drawn from the training points (positive
    weight), without descent.

    Each iteration fits the weak learner to the residuals ỹ of the loss by
    the loss's criterion (``LOSSES[loss].criterion``). The exponential
    surrogate (1/n) Σ sw exp(-ỹ h) (exponential, log_loss): as in Friedman's
    gradient boosting, the loss only sets what the learner fits (ỹ, its
    negative gradient) and how far the ensemble moves along it (alpha), so
    the global b search, the L-BFGS refinements and q are the paper's. Least
    squares (squared_error, the preprint's Algorithm 1): ỹ = y - H, omega
    by variable projection with b = atan2(a2, a1) of the best
    a1 cos z + a2 sin z (GBRFF2), the landmark by Eq. 5 and q by Eq. 7
    (GBRFF1), alpha = Σỹh/Σh² (Eq. 8). log_loss: ỹ = y sigma(-y H) and one
    Newton step alpha = Σ ỹ h / Σ p (1 - p) h². huber (regression): ỹ = y - H
    clipped to ±δ, δ the ``quantile`` of |y - H| at each iteration, the
    least-squares learners, alpha the exact line minimum of the loss.

    ``scale_free`` (the regressors): each weak learner fits ỹ divided by its
    weighted root mean square, GBRFF1's landmark with a free amplitude (the
    joint fit of line 4 of the preprint's Algorithm 1, which its Eq. 5 fixes
    at one) and q by Eq. 7 on ỹ oriented by that amplitude's sign, so that
    every iteration's fit is that of a first one whatever the size the
    residuals have come down to, and a landmark of negative residuals is
    found as one of positive residuals; alpha is taken on ỹ itself. False
    (the classifiers): the papers' learners on ỹ as it is.

    ``omegas`` ((T, d) for the cosine, (T, K, d) else) may be given to
    replace the draws (the tests feed the same draws to a reference). The
    draws come first from ``rng``, then the random landmarks.

    ``standardization`` = (mean, scale), arrays (d,) in X's dtype: the model
    is fit on (X - mean) / scale (its landmarks and validation too), formed
    inside the engine's one float32 copy of X, not as a copy of its own.

    ``start`` (a :class:`Continuation`) continues a fit for ``n_estimators``
    more iterations from its scores: the compiled loop's state between two
    iterations is H (and the validation scores), from which it recomputes
    the residuals with the arithmetic of an iteration's end, so that,
    with ``rng`` in the state the first fit left it (its ω drawn up front),
    the iterations added are bit for bit those of one longer fit. Early
    stopping's memory (the best validation loss, the iterations since) is
    replayed from ``start.val_loss``; the loop, which starts it afresh, is
    then run a stretch at a time, each at most as long as the iterations
    left before a stop, without a stop of its own, and stopped here. A
    ``start`` whose memory already says stop adds no iteration (one longer
    fit would have stopped there). The expansion returned holds the new
    iterations only (H⁰ the start's: :func:`concatenate` appends them);
    ``return_scores`` also returns the :class:`Continuation` at its end."""
    check_loss(learner, loss)
    n, d = X.shape
    K = 1 if learner == "cosine" else n_components
    if omegas is None:
        omegas = rng.standard_normal((n_estimators, K, d) if K > 1 or learner != "cosine"
                                     else (n_estimators, d)) * np.sqrt(2.0 * gamma)
    omegas = np.ascontiguousarray(omegas, dtype=np.float64).copy()
    T = omegas.shape[0]
    omegas = omegas.reshape(T, K, d)
    XT, y, sw, XvT, yv, swv = _prepare(X, y, sw, validation, standardization)
    landmarks = np.zeros((T, d))
    n_steps = int(n_optim_steps)
    if learner == "random_landmark":
        idx = rng.choice(np.flatnonzero(sw > 0), size=T)
        rows = np.asarray(X)[idx]
        if standardization is not None:
            rows = _standardized_rows(rows, standardization)
        landmarks = np.ascontiguousarray(rows, dtype=np.float64)
        n_steps = 0
    if start is None:
        init = initial_score(y, sw, loss)
        H = np.full(n, init)
        Hv = np.full(yv.shape[0], init)
    else:
        init = float(start.init_score)
        H = np.array(start.scores, dtype=np.float64)
        Hv = np.array(start.validation_scores, dtype=np.float64)
        if H.shape != (n,) or Hv.shape != (yv.shape[0],):  # scores of other rows would be silent garbage
            raise ValueError(f"cannot continue: the saved scores cover {H.shape[0]} training and {Hv.shape[0]} "
                             f"validation rows, this fit has {n} and {yv.shape[0]}")
    phases = np.zeros((T, K))
    q = np.zeros((T, K))
    alphas = np.zeros(T)
    train_loss = np.zeros(T)
    val_loss = np.full(T, np.nan)
    kernels, _ = engine_for(n, n_threads)
    patience = int(n_iter_no_change or 0) if yv.shape[0] else 0

    def run(t0, t1, stop_after):
        """Iterations t0 .. t1 - 1 in one compiled call (views of the arrays,
        written in place); the number run."""
        cut = slice(t0, t1)
        return t0 + _aot.call(
            kernels, "boost", XT=XT, y=y, sw=sw, H=H, omegas=omegas[cut], phases=phases[cut],
            qs=q[cut], landmarks=landmarks[cut], alphas=alphas[cut], train_loss=train_loss[cut],
            learner=LEARNERS[learner], loss=LOSSES[loss].code, n_steps=n_steps,
            reg_lambda=float(reg_lambda), beta=float(beta), learning_rate=float(learning_rate),
            XvT=XvT, yv=yv, swv=swv, Hv=Hv, val_loss=val_loss[cut],
            n_iter_no_change=stop_after, tol=float(tol), quantile=float(quantile),
            scale_free=int(bool(scale_free)))

    if start is None or patience == 0:
        n_iter = run(0, T, patience) if T else 0
    else:
        best, since = early_stopping_memory(start.val_loss, tol)
        n_iter = 0
        while n_iter < T and since < patience:
            t1 = run(n_iter, min(T, n_iter + patience - since), 0)
            for t in range(n_iter, t1):
                if val_loss[t] < best - tol:
                    best, since = float(val_loss[t]), 0
                else:
                    since += 1
                if since >= patience:
                    t1 = t + 1
                    break
            n_iter = t1
    cut = slice(0, n_iter)
    landmarks_out = None
    if learner == "cosine":
        q = np.ones((T, 1))
    else:
        landmarks_out = landmarks[cut]
        # cos(w.(l - x)) = cos(w.x - w.l)
        phases = np.einsum("tkd,td->tk", omegas, landmarks)
    model = Expansion(learner, loss, init, omegas[cut], phases[cut], q[cut], alphas[cut],
                      landmarks_out, train_loss[cut],
                      val_loss[cut] if yv.shape[0] else np.empty(0))
    if not return_scores:
        return model
    history = np.empty(0) if start is None else np.asarray(start.val_loss)
    return model, Continuation(init, H, Hv, np.concatenate([history, model.val_loss]))


def fit_gbrff2(X, y, sw, *, n_estimators, gamma, reg_lambda, learning_rate, n_optim_steps,
               rng, validation=None, n_iter_no_change=None, tol=1e-4, omegas=None,
               loss="exponential", n_threads=1, standardization=None, quantile=HUBER_ALPHA,
               scale_free=False, start=None, return_scores=False):
    """Fit GBRFF2 (:func:`fit` with the cosine learner); ``omegas`` is (T, d)."""
    return fit(X, y, sw, learner="cosine", loss=loss, n_estimators=n_estimators, gamma=gamma,
               reg_lambda=reg_lambda, learning_rate=learning_rate, n_optim_steps=n_optim_steps,
               rng=rng, validation=validation, n_iter_no_change=n_iter_no_change, tol=tol,
               omegas=omegas, n_threads=n_threads, standardization=standardization,
               quantile=quantile, scale_free=scale_free, start=start,
               return_scores=return_scores)


def fit_gbrff1(X, y, sw, *, n_estimators, n_components, gamma, beta, learning_rate,
               n_optim_steps, rng, validation=None, n_iter_no_change=None, tol=1e-4,
               omegas=None, loss="exponential", landmarks="learn", n_threads=1,
               standardization=None, quantile=HUBER_ALPHA, scale_free=False, start=None,
               return_scores=False):
    """Fit GBRFF1 (:func:`fit` with the landmark learner, ``landmarks="learn"``,
    or the random-landmark one, ``"random"``); ``omegas`` is (T, K, d)."""
    learner = {"learn": "landmark", "random": "random_landmark"}[landmarks]
    return fit(X, y, sw, learner=learner, loss=loss, n_estimators=n_estimators,
               n_components=n_components, gamma=gamma, beta=beta,
               learning_rate=learning_rate, n_optim_steps=n_optim_steps, rng=rng,
               validation=validation, n_iter_no_change=n_iter_no_change, tol=tol,
               omegas=omegas, n_threads=n_threads, standardization=standardization,
               quantile=quantile, scale_free=scale_free, start=start,
               return_scores=return_scores)


def _row_chunks(n, chunk):
    """Slices of at most ``chunk`` rows covering range(n) (one empty slice for n = 0)."""
    return [slice(a, min(n, a + chunk)) for a in range(0, n, chunk)] or [slice(0, 0)]


def _row_reader(X, standardization=None, tile=2048):
    """A function rows -> X[rows] as the prediction kernel reads it: float64,
    C-contiguous. With ``standardization`` = (mean, scale) in X's dtype, the
    rows are (X[rows] - mean) / scale in X's dtype first, then widened: the
    bits of :func:`_standardized_rows` on all of X (elementwise arithmetic),
    without that copy. Scoring reads X through it a chunk of rows at a time.

    mean and scale are repeated over ``tile`` rows once, and the rows
    standardised ``tile`` at a time, so that numpy's loops run contiguous
    over tile x d values in cache (against a broadcast (d,) operand they run
    d values at a time, several times slower)."""
    if standardization is None:
        return lambda rows: np.ascontiguousarray(X[rows], dtype=np.float64)
    d = X.shape[1]
    mean, scale = (np.ascontiguousarray(np.broadcast_to(a, (tile, d)), dtype=X.dtype)
                   for a in standardization)
    buf = None if X.dtype == np.float64 else np.empty((tile, d), dtype=X.dtype)

    def read(rows):
        start, stop = rows.start, rows.stop
        out = np.empty((stop - start, d))
        for a in range(start, stop, tile):
            k = min(stop - a, tile)
            z = out[a - start:a - start + k] if buf is None else buf[:k]
            np.subtract(X[a:a + k], mean[:k], out=z)
            np.divide(z, scale[:k], out=z)
            if buf is not None:
                out[a - start:a - start + k] = z
        return out

    return read


def staged_scores(model, X, max_block_bytes=1 << 25, standardization=None, chunk=1 << 12):
    """Yield H after each iteration of ``model`` on X (n, d), as fresh arrays.

    Computed a block of iterations at a time in compiled code, each block
    starting from the previous block's scores (so the total work is that of
    one full prediction), a chunk of at most ``chunk`` rows at a time, each
    standardised with ``standardization`` (see :func:`final_scores`) and
    widened to float64 as it is scored (again for each block of iterations
    when there are several, rather than a float64 copy of X beside them). An
    X the kernel can read as it is (float64, C order, no standardisation) is
    scored in one piece."""
    X = np.asarray(X)
    n = X.shape[0]
    W, phases, coefs, group = model.components()
    T = model.n_iter
    H = np.full(n, float(model.init_score))
    block = int(max(1, min(T, max_block_bytes // max(8 * n, 1))))
    if standardization is None and X.dtype == np.float64 and X.flags.c_contiguous:
        chunk = max(n, 1)             # read as it is: no copy to bound, one call a block
    chunks = _row_chunks(n, chunk)
    read = _row_reader(X, standardization)
    # one chunk: widened (and standardised) once for every block of iterations
    whole = read(chunks[0]) if len(chunks) == 1 else None
    for t0 in range(0, T, block):
        t1 = min(T, t0 + block)
        out = np.empty((t1 - t0, n))
        sl = slice(t0 * group, t1 * group)
        Wb, pb, cb = (np.ascontiguousarray(a[sl]) for a in (W, phases, coefs))
        stages = np.arange(1, t1 - t0 + 1)
        for rows in chunks:
            Xr = whole if whole is not None else read(rows)
            part = out if whole is not None else np.empty((t1 - t0, Xr.shape[0]))
            _aot.call(_kernels, "staged_cosine_sums", X=Xr, W=Wb, phases=pb, coefs=cb,
                      group=group, init=np.ascontiguousarray(H[rows]), stages=stages, out=part)
            if part is not out:
                out[:, rows] = part
        H = out[-1]
        for row in out:
            yield row


def final_scores(model, X, n_threads=1, chunk=1 << 16, standardization=None):
    """H after the last iteration of ``model`` on X (n, d).

    Rows are scored in chunks of at most ``chunk`` rows, in ``n_threads``
    threads when there is enough work (the kernel releases the GIL); rows are
    independent, so the result is the same for any number of threads. Each
    chunk is standardised with ``standardization`` = (mean, scale) in X's
    dtype, if given, and widened to float64 as it is scored: a float32 or
    raw X is never copied as a whole (:func:`_row_reader`)."""
    return final_scores_many([model], X, n_threads, chunk, standardization)[0]


def final_scores_many(models, X, n_threads=1, chunk=1 << 16, standardization=None):
    """:func:`final_scores` of several models on the same X, (len(models), n):
    each chunk of rows is standardised and widened once for all of them (the
    one-vs-rest classes)."""
    X = np.asarray(X)
    n = X.shape[0]
    parts = [[np.ascontiguousarray(a) if isinstance(a, np.ndarray) else a
              for a in m.components()] for m in models]
    out = np.empty((len(models), n))
    stages = [np.array([m.n_iter]) for m in models]
    inits = [float(m.init_score) for m in models]

    read = _row_reader(X, standardization)

    def score(rows):
        Xr = read(rows)
        for k, (W, phases, coefs, group) in enumerate(parts):
            _aot.call(_kernels, "staged_cosine_sums", X=Xr, W=W, phases=phases, coefs=coefs,
                      group=group, init=np.full(Xr.shape[0], inits[k]), stages=stages[k],
                      out=out[k:k + 1, rows])

    chunks = _row_chunks(n, chunk)
    work = n * max(sum(m.n_iter for m in models), 1)
    if n_threads > 1 and work >= 2_000_000 and len(chunks) > 1:
        with ThreadPoolExecutor(min(n_threads, len(chunks))) as pool:
            list(pool.map(score, chunks))
    else:
        for rows in chunks:
            score(rows)
    return out
