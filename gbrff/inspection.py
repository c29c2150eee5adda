"""Look inside a boosting run: the objectives a weak learner minimises.

These functions evaluate the paper's objectives on given data, residuals and
frequencies, for pictures and teaching (the loss landscape of Fig. 1, the
curve over the phase b); they never fit anything. They are vectorised numpy,
exact, and meant for grids of a few thousand points.

``X`` is taken in the space the frequencies ω act on: for an estimator
fitted with ``standardize=True`` (the default), the standardised features
``(X - est.mean_) / est.scale_``; :func:`residuals` takes the raw ``X`` the
estimator itself is given.
"""

import numpy as np
from sklearn.utils.validation import check_is_fitted

from ._boosting import LOSSES

__all__ = ["bias_objective", "landmark_objective", "residuals"]


def _stable_mean_exp(U, log):
    """mean(exp(U), axis=-1), or its log, computed without overflow."""
    m = np.max(U, axis=-1, keepdims=True)
    m = np.where(np.isfinite(m), m, 0.0)
    logf = m[..., 0] + np.log(np.mean(np.exp(U - m), axis=-1))
    return logf if log else np.exp(logf)


def bias_objective(X, y_tilde, omega, b, log=False):
    """GBRFF2's objective over the phase (line 6 of Algorithm 3).

    f(b) = (1/n) Σ_i exp(-ỹ_i cos(ω·x_i − b)) for every value in ``b``.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The points, in the space ω acts on.
    y_tilde : array-like of shape (n,)
        The residuals ỹ = y exp(-y H) of the iteration.
    omega : array-like of shape (d,)
        The frequency ω.
    b : float or array-like of shape (m,)
        The phases to evaluate.
    log : bool, default=False
        Return ln f instead of f (finite even where f overflows float64).

    Returns
    -------
    f : ndarray of shape (m,) or float
        f at each phase (a float for a scalar ``b``).

    See Also
    --------
    residuals : The ỹ of an iteration of a fitted model.
    landmark_objective : GBRFF1's objective over the landmark.

    Examples
    --------
    At the start (H = 0, ỹ = y), the loss over five phases of one frequency:

    >>> import numpy as np
    >>> from sklearn.datasets import make_moons
    >>> from gbrff.inspection import bias_objective
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> y_tilde = 2.0 * y - 1
    >>> bias_objective(X, y_tilde, [1.0, 2.0], np.linspace(-np.pi, np.pi, 5)).round(3)
    array([1.525, 1.084, 1.04 , 1.416, 1.525])
    """
    X = np.asarray(X, dtype=float)
    z = X @ np.asarray(omega, dtype=float)
    b_arr = np.atleast_1d(np.asarray(b, dtype=float))
    U = -np.asarray(y_tilde, dtype=float)[None, :] * np.cos(z[None, :] - b_arr[:, None])
    out = _stable_mean_exp(U, log)
    return out if np.ndim(b) else float(out[0])


def landmark_objective(X, y_tilde, omegas, landmarks, log=False, chunk=512):
    """GBRFF1's landmark objective (Eq. 9; with K = 1, the landscape of Fig. 1).

    f(x) = (1/n) Σ_i exp(-ỹ_i (1/K) Σ_j cos(ω_j·(x − x_i))) for every row x of
    ``landmarks``.

    Parameters
    ----------
    X : array-like of shape (n, d)
        The points, in the space ω acts on.
    y_tilde : array-like of shape (n,)
        The residuals ỹ of the iteration.
    omegas : array-like of shape (K, d) or (d,)
        The K frequencies of the iteration ((d,) for K = 1).
    landmarks : array-like of shape (m, d)
        The landmark positions to evaluate.
    log : bool, default=False
        Return ln f instead of f.
    chunk : int, default=512
        Landmarks evaluated at once (bounds the memory, m × n per chunk).

    Returns
    -------
    f : ndarray of shape (m,)
        f at each landmark.

    See Also
    --------
    bias_objective : GBRFF2's objective over the phase.

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import make_moons
    >>> from gbrff.inspection import landmark_objective
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> landmark_objective(X, 2.0 * y - 1, [[1.0, 2.0]], [[0.0, 0.0], [1.0, 0.0]]).round(3)
    array([1.04 , 1.251])
    """
    X = np.asarray(X, dtype=float)
    Om = np.atleast_2d(np.asarray(omegas, dtype=float))
    L = np.atleast_2d(np.asarray(landmarks, dtype=float))
    yt = np.asarray(y_tilde, dtype=float)
    zx = X @ Om.T                                   # (n, K)
    zl = L @ Om.T                                   # (m, K)
    out = np.empty(L.shape[0])
    for s in range(0, L.shape[0], chunk):
        # cos(ω_j·(x − x_i)) averaged over j: (m_chunk, n)
        A = np.cos(zl[s:s + chunk, None, :] - zx[None, :, :]).mean(axis=2)
        out[s:s + chunk] = _stable_mean_exp(-yt[None, :] * A, log)
    return out


def residuals(model, X, y, t):
    """Weights and residuals at the start of iteration ``t`` (0-based).

    They are computed as the engine computes them for the model's loss at H^t,
    the score after ``t`` iterations of the fitted binary ``model`` (H^0 for
    t = 0): for the exponential loss (the paper's) w = exp(-y H^t) and ỹ = y w;
    for log_loss ỹ = y σ(−y H^t) and w = p (1 − p); for squared_error
    ỹ = y − H^t, w = 1.

    Parameters
    ----------
    model : fitted GBRFF estimator
        A binary model (``GBRFF2Classifier``, ``GBRFF1Classifier``, ...).
    X : array-like of shape (n, d)
        The raw points the estimator itself is given.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    t : int
        The iteration, 0 .. ``n_estimators_``.

    Returns
    -------
    w : ndarray of shape (n,)
        The weights (the loss's curvatures).
    y_tilde : ndarray of shape (n,)
        The residuals ỹ the learner of iteration t fits.

    Raises
    ------
    ValueError
        If ``y`` holds other labels, ``t`` is out of range, or the model has
        more than two classes.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.inspection import residuals
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
    >>> w, y_tilde = residuals(clf, X, y, 3)
    >>> w.shape, bool((y_tilde == y * w).all())
    ((200,), True)
    """
    check_is_fitted(model)
    y = np.asarray(y, dtype=float)
    if not np.all(np.isin(y, (-1.0, 1.0))):
        raise ValueError("y must hold labels in {-1, +1}.")
    n_iter = int(np.ravel(model.n_estimators_)[0]) if hasattr(model, "n_estimators_") else len(model.alphas_)
    if not 0 <= t <= n_iter:
        raise ValueError("t must be between 0 and %d, got %r." % (n_iter, t))
    if t == 0:
        H = np.full(np.asarray(X).shape[0], float(model.init_score_))
    else:
        for i, H in enumerate(model.staged_decision_function(X)):
            if i == t - 1:
                break
    H = np.asarray(H, dtype=float)
    if H.ndim != 1:
        raise ValueError("residuals() needs a binary model.")
    return LOSSES[getattr(model, "loss", "exponential")].residuals(y, H)
