"""Numbers a fitted expansion gives the teaching app's pictures (numpy only: no Streamlit, no files).

A fitted model is read through its :class:`gbrff.Expansion`
(``estimator.expansion_``): the initial score H⁰, the steps α, the
frequencies ω, phases and weights q of every weak learner, and its landmarks
when the learner has them. What differs between learners comes from those
arrays, not from the estimator's class. Nothing here learns anything: grids,
staged scores and curves, boosting weights, band limits and thumbnails, which
:mod:`gbrff.viz` then draws (the landmark a learner's phase stands for is
drawn there: :func:`gbrff.viz.learners.learner_landmark`).
"""

from dataclasses import replace

import numpy as np

from .._boosting import LOSSES

__all__ = [
    "make_grid",
    "model_space",
    "acts_on_plane",
    "feature_columns",
    "staged_scores",
    "staged_curves",
    "boosting_weights",
    "band_limited",
    "grid_expansion",
    "learner_thumbnails",
    "thumbnail_expansion",
    "strip_learners",
    "exp_loss",
    "accuracy",
    "vote_from_proba",
]


def make_grid(X, n=100, pad=0.15, include=None):
    """A regular ``n × n`` grid covering the 2-D points ``X`` (and ``include``).

    Parameters
    ----------
    X : array-like of shape (m, 2)
        The points to cover (only the first two columns are read).
    n : int, default=100
        Points per axis.
    pad : float, default=0.15
        Margin on each side, as a share of the points' span.
    include : array-like of shape (k, 2) or None, default=None
        More points to cover (landmarks, say).

    Returns
    -------
    xs : ndarray of shape (n,)
        The grid's abscissas.
    ys : ndarray of shape (n,)
        Its ordinates.
    G : ndarray of shape (n * n, 2)
        The grid points in row-major order, so that ``values.reshape(n, n)``
        is indexed ``[y, x]`` as a Plotly heatmap expects.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.expansions import make_grid
    >>> xs, ys, G = make_grid(np.array([[0.0, 0.0], [1.0, 2.0]]), n=3, pad=0.0)
    >>> xs, ys, G.shape
    (array([0. , 0.5, 1. ]), array([0., 1., 2.]), (9, 2))
    """
    pts = np.asarray(X, dtype=np.float64)[:, :2]
    if include is not None:
        pts = np.vstack([pts, np.atleast_2d(np.asarray(include, dtype=np.float64))[:, :2]])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = np.maximum(hi - lo, 1e-9)
    lo, hi = lo - pad * span, hi + pad * span
    xs = np.linspace(lo[0], hi[0], n)
    ys = np.linspace(lo[1], hi[1], n)
    gx, gy = np.meshgrid(xs, ys)
    return xs, ys, np.column_stack([gx.ravel(), gy.ravel()])


def acts_on_plane(estimator):
    """Whether the fitted ``estimator``'s expansions act on its input X itself.

    True with ``standardize=False`` and no ``quantile_features``: then ω is a
    direction of the plane and each cosine a straight wave in it. False when
    they act on another space, z(x) (standardised features, the ranks F(x)
    beside them): a weak learner cos(ω·z(x) − b) is still a function of the
    plane point x, but no longer a straight wave of direction ω.

    Parameters
    ----------
    estimator : fitted GBRFF estimator
        The model.

    Returns
    -------
    bool
        True when the expansions act on X.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import acts_on_plane
    >>> acts_on_plane(est), acts_on_plane(GBRFF2Classifier(n_estimators=2).fit(X, y))
    (True, False)
    """
    return getattr(estimator, "mean_", None) is None and getattr(estimator, "quantile_knots_", None) is None


def model_space(estimator, X):
    """The points ``z(X)`` the fitted ``estimator``'s expansions act on.

    They are formed by the estimator's own feature map as its predictions
    form them: the ranks F(x) beside x with ``quantile_features``, then the
    standardisation with ``standardize``; ``X`` itself (as float64) for a
    model with neither. So ``expansion.staged_decision_function(
    model_space(est, X))`` is the estimator's ``staged_decision_function(X)``,
    and a grid of the plane goes through ``model_space`` before any expansion
    is evaluated on it.

    Parameters
    ----------
    estimator : fitted GBRFF estimator
        The model.
    X : array-like of shape (n, n_features)
        Points in the estimator's input units.

    Returns
    -------
    Z : ndarray of shape (n, d)
        The points as the expansions see them (float64, C order).

    Examples
    --------
    >>> import numpy as np
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import model_space
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> est = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
    >>> Z = model_space(est, X)
    >>> bool(np.allclose(est.expansion_.decision_function(Z), est.decision_function(X)))
    True
    """
    X = np.ascontiguousarray(X, dtype=np.float64)
    # the estimator's own fitted map, not a copy of it: one definition of z(x)
    return np.ascontiguousarray(estimator.feature_map_.transform(X), dtype=np.float64)


def feature_columns(estimator, names=("x₁", "x₂")):
    """The columns a fitted GBRFF2 estimator's ω act on, one row each, for a table.

    Parameters
    ----------
    estimator : fitted GBRFF2Classifier
        A binary model.
    names : sequence of str, default=("x₁", "x₂")
        The features' names.

    Returns
    -------
    dict of list
        Equal-length lists: ``column`` (the names given for the features,
        then ``F(name)`` for their ranks with ``quantile_features``),
        ``bandwidth`` (γ s_j², the variance of ω_j's prior is twice it; s_j = 1
        without per-feature bandwidths) and ``rms_omega`` (root mean square of
        the learned ω_tj over the iterations: how fast the weak learners vary
        along the column, per standard deviation of it with ``standardize``).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import feature_columns
    >>> columns = feature_columns(est)
    >>> columns["column"], columns["bandwidth"]
    (['x₁', 'x₂'], [0.5, 0.5])
    """
    W = np.asarray(estimator.expansion_.omegas, dtype=np.float64)[:, 0, :]
    n = len(names)
    cols = list(names) + [f"F({c})" for c in names] if W.shape[1] == 2 * n else list(names)[:W.shape[1]]
    s = getattr(estimator, "bandwidth_scales_", None)
    s = np.ones(W.shape[1]) if s is None else np.asarray(s, dtype=np.float64)
    return {"column": cols, "bandwidth": (float(estimator.gamma_) * s ** 2).tolist(),
            "rms_omega": np.sqrt(np.mean(W ** 2, axis=0)).tolist()}


def staged_scores(expansion, X, stages):
    """Decision function ``H^t(X)`` for each ``t`` in ``stages``.

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion`.
    X : array-like of shape (n, d)
        Points in the space the expansion acts on.
    stages : sequence of int
        Iterations, in any order: ``t = 0`` is the constant initial score
        ``H^0``; ``t = T`` is the fitted model (larger ``t`` too).

    Returns
    -------
    ndarray of shape (len(stages), n), float32
        One row per stage.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import staged_scores
    >>> staged_scores(expansion, X[:2], [0, 10]).round(2)
    array([[ 0.  ,  0.  ],
           [-1.75,  2.87]], dtype=float32)
    """
    stages = [int(s) for s in stages]
    order = np.argsort(stages, kind="stable")
    out = np.empty((len(stages), len(X)), dtype=np.float32)
    H = np.full(len(X), float(expansion.init_score))
    k = 0
    # t = 0 entries first
    while k < len(order) and stages[order[k]] <= 0:
        out[order[k]] = H
        k += 1
    if k < len(order):
        for t, H in enumerate(expansion.staged_decision_function(X), start=1):
            while k < len(order) and stages[order[k]] <= t:
                out[order[k]] = H
                k += 1
            if k == len(order):
                break
        while k < len(order):  # stages beyond T: the final model
            out[order[k]] = H
            k += 1
    return out


def exp_loss(H, y):
    """Mean exponential loss ``(1/n) Σ exp(-y_i H(x_i))`` (the paper's Eq. 5).

    Parameters
    ----------
    H : array-like of shape (n,)
        Scores.
    y : array-like of shape (n,)
        Labels in {-1, +1}.

    Returns
    -------
    float
        The mean loss.

    Examples
    --------
    >>> from gbrff.teaching.expansions import exp_loss
    >>> exp_loss([0.0, 0.0], [1, -1])
    1.0
    """
    return LOSSES["exponential"].mean(H, y)


def vote_from_proba(p, eps=1e-4):
    """The vote H whose exponential-loss link gives back the probability ``p``.

    H = ½ log(p / (1 − p)), the inverse of 1/(1 + e^{−2H}), with p clipped to
    [eps, 1 − eps]: another model's p(+1) drawn on GBRFF's colour scale.

    Parameters
    ----------
    p : array-like
        Probabilities of the class +1.
    eps : float, default=1e-4
        The clip, which keeps H finite.

    Returns
    -------
    ndarray
        H, of the shape of ``p``.

    Examples
    --------
    >>> from gbrff.teaching.expansions import vote_from_proba
    >>> vote_from_proba([0.5, 0.9]).round(3)
    array([0.   , 1.099])
    """
    p = np.clip(np.asarray(p, dtype=np.float64), eps, 1.0 - eps)
    return 0.5 * np.log(p / (1.0 - p))


def accuracy(H, y):
    """Share of points with ``sign(H) == y`` (``H = 0`` counts as +1).

    Parameters
    ----------
    H : array-like of shape (n,)
        Scores.
    y : array-like of shape (n,)
        Labels in {-1, +1}.

    Returns
    -------
    float
        The accuracy in [0, 1].

    Examples
    --------
    >>> from gbrff.teaching.expansions import accuracy
    >>> accuracy([0.5, -1.0, 0.0, -2.0], [1, -1, 1, 1])
    0.75
    """
    return float(np.mean(np.where(np.asarray(H) >= 0, 1, -1) == np.asarray(y)))


def staged_curves(expansion, X, y):
    """Accuracy and the model's own loss after every iteration ``t = 0 … T``.

    The loss is the one the expansion was fitted with (``expansion.loss``),
    its mean as the loss registry (:data:`gbrff.LOSSES`) defines it.

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion`.
    X : array-like of shape (n, d)
        Points in the space the expansion acts on.
    y : array-like of shape (n,)
        Labels in {-1, +1}.

    Returns
    -------
    dict
        ``accuracy`` and ``loss``, arrays of length ``T + 1`` (index 0 is H⁰).

    Raises
    ------
    ValueError
        For a loss the registry does not know.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import staged_curves
    >>> curves = staged_curves(expansion, X, y)
    >>> len(curves["accuracy"]), round(float(curves["accuracy"][-1]), 2)
    (11, 0.94)
    >>> curves["loss"][[0, -1]].round(3)
    array([1.   , 0.296])
    """
    try:
        loss_of = LOSSES[expansion.loss].mean
    except KeyError:
        raise ValueError(f"no loss curve for loss={expansion.loss!r}; "
                         f"known: {', '.join(LOSSES)}") from None
    y = np.asarray(y)
    H0 = np.full(len(X), float(expansion.init_score))
    acc, loss = [accuracy(H0, y)], [loss_of(H0, y)]
    for H in expansion.staged_decision_function(X):
        acc.append(accuracy(H, y))
        loss.append(loss_of(H, y))
    return {"accuracy": np.array(acc), "loss": np.array(loss)}


def boosting_weights(expansion, X, y, stages):
    """How much each point counts for the learner of each iteration of ``stages``.

    The sizes ``|ỹ_i|`` of the residuals the learner of iteration t fits,
    from ``H^{t−1}`` (``H⁰`` for ``t ≤ 1``; :func:`gbrff.inspection.residuals`
    gives them one ``t`` at a time): for the exponential loss the boosting
    weights ``w_i = exp(−y_i H^{t−1}(x_i))``, for log_loss ``σ(−y_i
    H^{t−1}(x_i))``, for the least-squares model of the 2019 GBRFF
    (``squared_error``, which weighs every point alike) ``|y_i − H^{t−1}(x_i)|``.

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion`.
    X : array-like of shape (n, d)
        Points in the space the expansion acts on.
    y : array-like of shape (n,)
        Labels in {-1, +1}.
    stages : sequence of int
        Iterations t (learners are numbered 1 … T).

    Returns
    -------
    ndarray of shape (len(stages), n)
        The weights, one row per stage.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import boosting_weights
    >>> boosting_weights(expansion, X[:3], y[:3], [1, 5]).round(3)
    array([[1.   , 1.   , 1.   ],
           [0.216, 0.209, 2.09 ]])
    """
    before = staged_scores(expansion, X, [max(int(t) - 1, 0) for t in stages])
    return np.abs(LOSSES[expansion.loss].residuals(y, before)[1])


def band_limited(expansion, dx, dy):
    """The expansion as a picture of ``dx × dy`` cells shows it: every cosine averaged over a cell.

    The mean of ``cos(ω·x − b)`` over a box of sides ``dx × dy`` centred on
    ``x`` is ``s · cos(ω·x − b)`` with ``s = sinc(ω₁dx/2) · sinc(ω₂dy/2)``
    (``sinc u = sin u / u``), exactly. So this returns the expansion with each
    cosine's weight ``q`` multiplied by its ``s`` (and, for single cosines,
    whose score reads ``α`` alone, ``α`` too): sampled on the grid, it gives
    each cell the average of the score over the cell instead of one sample of
    it. Frequencies finer than the cells (``‖ω‖`` of tens on a 100-cell grid)
    then fade to their mean instead of aliasing into speckles and moiré,
    while waves several cells long keep nearly all their amplitude (``s ≥
    0.9`` up to ``|ω₁| dx ≈ 1.1``). Only for pictures: accuracies and losses
    use the model itself.

    Parameters
    ----------
    expansion : Expansion
        A fitted 2-D :class:`gbrff.Expansion`.
    dx, dy : float
        The cells' sides.

    Returns
    -------
    Expansion
        The band-limited expansion (the same frequencies and phases).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import band_limited
    >>> drawn = band_limited(expansion, 0.05, 0.05)
    >>> (drawn.alphas / expansion.alphas)[:3].round(4)
    array([0.9997, 0.9993, 0.9995])
    """
    om = np.asarray(expansion.omegas, dtype=np.float64)
    s = np.sinc(om[..., 0] * dx / (2 * np.pi))
    if om.shape[-1] > 1:
        s = s * np.sinc(om[..., 1] * dy / (2 * np.pi))
    alphas = expansion.alphas * s[:, 0] if expansion.n_components == 1 else expansion.alphas
    return replace(expansion, q=expansion.q * s, alphas=alphas)


def grid_expansion(expansion, Z_G, nx, ny, tol=1e-12):
    """The expansion and a grid as a browser needs them to compute ``H^t`` on the grid itself.

    When each grid point is the sum of a part of its column and a part of its
    row, ``z = zx[j] + zy[i]`` (the plane; a map acting on each coordinate
    alone, as a standardisation and the ranks F(x) do),
    ``ω·z − b = ω·zx[j] + (ω·zy[i] − b)``: the browser forms ``nx + ny``
    products per cosine instead of ``nx · ny``.

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion`.
    Z_G : array-like of shape (ny * nx, d)
        The grid's points (row-major, as :func:`make_grid`) as the expansion
        sees them: the plane's points, or their ``z(x)`` (:func:`model_space`).
    nx, ny : int
        The grid's columns and rows.
    tol : float, default=1e-12
        How close (relative to the points' size) to such a sum the points must be.

    Returns
    -------
    dict or None
        ``init`` (H⁰), the flat cosine sum of :meth:`gbrff.Expansion.components`
        (``W`` (M, d), ``phases`` (M,), ``coefs`` (M,), ``group`` cosines an
        iteration), ``q`` (T, K: the weak learners' own weights,
        ``h_t = Σ_k q_tk cos(…)`` as :meth:`gbrff.Expansion.weak_learner`),
        ``zx`` (nx, d) and ``zy`` (ny, d); None when the points are not such a
        sum, e.g. a map that mixes the coordinates.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import grid_expansion, make_grid
    >>> xs, ys, G = make_grid(X, n=50)
    >>> parts = grid_expansion(expansion, G, 50, 50)
    >>> parts["W"].shape, parts["zx"].shape, parts["zy"].shape
    ((10, 2), (50, 2), (50, 2))
    """
    Z = np.asarray(Z_G, dtype=np.float64).reshape(ny, nx, -1)
    zx = Z[0] - Z[0, :1]
    zy = Z[:, 0].copy()
    if np.abs(zy[:, None, :] + zx[None, :, :] - Z).max() > tol * max(1.0, float(np.abs(Z).max())):
        return None
    W, phases, coefs, group = expansion.components()
    return {"init": float(expansion.init_score), "W": np.ascontiguousarray(W, dtype=np.float64),
            "phases": np.ascontiguousarray(phases, dtype=np.float64),
            "coefs": np.ascontiguousarray(coefs, dtype=np.float64), "group": int(group),
            "q": np.ascontiguousarray(expansion.q, dtype=np.float64).reshape(expansion.n_iter, -1), "zx": zx, "zy": zy}


def strip_learners(stages, n=6):
    """The weak learners a strip of the last ``n`` shows at any iteration of ``stages``.

    Parameters
    ----------
    stages : iterable of int
        The iterations t the player shows.
    n : int, default=6
        The learners of the strip: ``t − n + 1 … t``.

    Returns
    -------
    list of int
        Every learner shown at some stage (numbered ``1 … T``), sorted,
        without repeats.

    Examples
    --------
    >>> from gbrff.teaching.expansions import strip_learners
    >>> strip_learners([3, 10], n=4)
    [1, 2, 3, 7, 8, 9, 10]
    """
    out = set()
    for t in stages:
        out.update(range(max(1, int(t) - n + 1), int(t) + 1))
    return sorted(out)


def _thumbnail_grid(expansion, xs, ys, n, space):
    """(the expansion a thumbnail draws, the points it is evaluated at) on the ``n × n`` grid
    spanning ``xs × ys``: each cosine's mean over a cell, or, with ``space``, the expansion
    itself at the cell centres mapped through ``space``."""
    gx = np.linspace(xs[0], xs[-1], n)
    gy = np.linspace(ys[0], ys[-1], n)
    mx, my = np.meshgrid(gx, gy)
    G = np.column_stack([mx.ravel(), my.ravel()])
    if space is None:
        return band_limited(expansion, gx[1] - gx[0], gy[1] - gy[0]), G
    return expansion, space(G)


def learner_thumbnails(expansion, xs, ys, learners, n=32, space=None):
    """Small pictures of the weak learners ``learners``.

    Each is ``h_t`` on an ``n × n`` grid spanning ``xs × ys``, each cell the
    mean over the cell (:func:`band_limited`), clipped to [−1, 1] and sent in
    hundredths.

    Parameters
    ----------
    expansion : Expansion
        A fitted 2-D :class:`gbrff.Expansion`.
    xs, ys : ndarray
        The span of the picture (their first and last values are read).
    learners : sequence of int
        The learners, numbered ``1 … T``.
    n : int, default=32
        Cells per axis.
    space : callable or None, default=None
        A map of plane points to the points the expansion acts on (e.g.
        ``lambda G: model_space(est, G)``); then ``h_t(z(x))`` is sampled at
        the cell centres (no band limit: a cosine of z(x) is no plane wave
        whose cell mean has a closed form).

    Returns
    -------
    ndarray of shape (len(learners), n * n), int8
        One picture a row (rows of the picture: y upwards).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import learner_thumbnails, make_grid
    >>> xs, ys, G = make_grid(X)
    >>> pictures = learner_thumbnails(expansion, xs, ys, [1, 2], n=8)
    >>> pictures.shape, pictures.dtype
    ((2, 64), dtype('int8'))
    """
    drawn, G = _thumbnail_grid(expansion, xs, ys, n, space)
    idx = np.asarray(learners, dtype=np.intp) - 1
    out = np.zeros((len(idx), n * n), dtype=np.int8)
    K, d = drawn.omegas.shape[1:]
    step = max(1, 4096 // K)  # learners at a time: all their cosines in one product (a few MB)
    for a in range(0, len(idx), step):
        i = idx[a:a + step]
        W = drawn.omegas[i].reshape(len(i) * K, d)
        C = np.cos(G @ W.T - drawn.phases[i].reshape(len(i) * K)).reshape(len(G), len(i), K)
        h = np.einsum("gik,ik->ig", C, drawn.q[i])  # h_t = Σ_k q_k cos(ω_k·x − b_k), as Expansion.weak_learner
        out[a:a + len(i)] = np.rint(100 * np.clip(h, -1, 1))
    return out


def thumbnail_expansion(expansion, xs, ys, n=32, space=None):
    """:func:`learner_thumbnails`' pictures as a browser computes them.

    :func:`grid_expansion` of the expansion the thumbnails draw (each
    cosine's mean over a thumbnail's cell, or, with ``space``, sampled at the
    cell centres through it) on their ``n × n`` grid. Its ``W`` and
    ``phases`` are the expansion's own (a band limit scales only the weights).

    Parameters
    ----------
    expansion : Expansion
        A fitted 2-D :class:`gbrff.Expansion`.
    xs, ys : ndarray
        The span of the pictures.
    n : int, default=32
        Cells per axis.
    space : callable or None, default=None
        As in :func:`learner_thumbnails`.

    Returns
    -------
    dict or None
        As :func:`grid_expansion`; None when the grid's points are not
        separable.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> expansion = est.expansion_
    >>> from gbrff.teaching.expansions import make_grid, thumbnail_expansion
    >>> xs, ys, G = make_grid(X)
    >>> thumbnail_expansion(expansion, xs, ys, n=8)["zx"].shape
    (8, 2)
    """
    drawn, G = _thumbnail_grid(expansion, xs, ys, n, space)
    return grid_expansion(drawn, G, n, n)
