"""The playground's fits: the menu's estimator and the LightGBM reference, with what their pictures read.

:func:`fit_run` fits :func:`gbrff.teaching.menu.make_estimator` once and
keeps with it its grid over the plane, the points the expansion acts on, its
final vote on the grid and its accuracy and loss after every iteration, and
the fit's wall-clock time; :func:`fit_reference` does the same for
:func:`~gbrff.teaching.menu.lightgbm_reference` and :func:`reference_surface`
draws LightGBM's p(+1) on GBRFF's scale; :func:`run_frames` gives what the
player shows of a fit at each iteration. With ``task="regression"`` (a real
target: :data:`gbrff.datasets.REGRESSION_PROBLEMS`) they fit the regressors
of :mod:`gbrff.teaching.regression` instead, read RMSE and R², and the
surface is the predicted value itself. No Streamlit: the page caches these
calls.
"""

import time

import numpy as np
from sklearn.base import is_regressor

from .expansions import (acts_on_plane, band_limited, boosting_weights, learner_thumbnails, make_grid, model_space,
                         staged_curves, staged_scores, strip_learners)
from .menu import lightgbm_reference, make_estimator
from .regression import (lightgbm_regressor, make_regressor, r2, rmse, staged_regression_curves,
                         value_range)

__all__ = ["TASKS", "fit_run", "run_frames", "fit_reference", "reference_surface", "warm_reference"]

#: The playground's tasks: labels in {-1, +1}, or a real target.
TASKS = ("classification", "regression")


def _is_regression(task):
    if task not in TASKS:
        raise ValueError(f"unknown task {task!r}; the playground has {', '.join(TASKS)}")
    return task == "regression"


def fit_run(params, data, grid=100, include=None, task="classification"):
    """Fit the menu's estimator once; keep the grid, curves and timing with the model.

    Parameters
    ----------
    params : tuple
        The menu's ``(algo, T, gamma, lam, K, beta, lr, seed)``, as
        :func:`~gbrff.teaching.menu.make_estimator` takes them.
    data : tuple
        The split ``(X_tr, X_te, y_tr, y_te)`` (:func:`~gbrff.teaching.toy.toy_split`).
    grid : int, default=100
        Points per axis of the grid over the plane.
    include : array-like of shape (k, 2) or None, default=None
        More points the grid covers (a drawn set's fixed plane:
        :func:`~gbrff.teaching.drawing.plane_corners`).
    task : {"classification", "regression"}, default="classification"
        ``"regression"``: ``params`` name a regressor
        (:func:`gbrff.teaching.regression.make_regressor`; GBRFF2+ has none)
        and ``y`` is real.

    Returns
    -------
    dict
        ``model``, ``expansion``, ``fit_time`` (s), the ``grid × grid`` grid
        ``xs``, ``ys``, ``G`` over all the points (and ``include``), ``plane`` (whether the
        expansion acts on the plane itself), ``Z_G``, ``Z_tr`` and ``Z_te``
        (grid, training and test points as the expansion sees them),
        ``drawn`` (the expansion as the picture's cells show it), ``final``
        (its H on the grid at T, computed when first read: a page whose
        player computes the grid itself reads it only in a section opened
        later), ``task`` and the ``train`` and ``test``
        curves (:func:`~gbrff.teaching.expansions.staged_curves`). For a
        regression, ``drawn`` is the expansion itself (the picture's values
        are the regressor's ``staged_predict`` at the grid's points, not cell
        means: a surface read as values, beside points of the same colour
        scale), the curves are
        :func:`~gbrff.teaching.regression.staged_regression_curves`' (``rmse``,
        ``r2``, ``loss``), ``range`` is the colour range of the targets
        (:func:`~gbrff.teaching.regression.value_range`) and ``size_reference``
        the residual the pictures draw largest (the training points' largest
        ``|y − H⁰|``: :func:`~gbrff.teaching.regression.residual_sizes`).

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.fits import fit_run
    >>> run = fit_run(("GBRFF2", 10, 0.5, 0.0, 5, 1.0, 1.0, 0), data, grid=20)
    >>> run["plane"], run["final"].shape, len(run["test"]["accuracy"])
    (True, (400,), 11)
    >>> from gbrff.datasets import make_toy
    >>> X, y = make_toy("gaussians", 100, random_state=0)
    >>> run = fit_run(("GBRFF2", 10, 2.0, 0.0, 1, None, 1.0, 0), (X[:70], X[70:], y[:70], y[70:]), grid=20,
    ...               task="regression")
    >>> type(run["model"]).__name__, run["drawn"] is run["expansion"], sorted(run["test"])
    ('GBRFF2Regressor', True, ['loss', 'r2', 'rmse'])
    """
    regression = _is_regression(task)
    algo, T, gamma, lam, K, beta, lr, seed = params
    X_tr, X_te, y_tr, y_te = data
    model = (make_regressor if regression else make_estimator)(algo, T, gamma, lam, K, beta, lr, seed)
    t0 = time.perf_counter()
    model.fit(X_tr, y_tr)
    fit_time = time.perf_counter() - t0
    expansion = model.expansion_
    xs, ys, G = make_grid(np.vstack([X_tr, X_te]), n=grid, include=include)
    # the expansion acts on z(x): the plane itself, or (GBRFF2+) the standardised x beside its ranks
    plane = acts_on_plane(model)
    Z_G, Z_tr, Z_te = (G, X_tr, X_te) if plane else (model_space(model, P) for P in (G, X_tr, X_te))
    drawn = band_limited(expansion, xs[1] - xs[0], ys[1] - ys[0]) if plane and not regression else expansion
    curves = staged_regression_curves if regression else staged_curves
    run = _Run(model=model, expansion=expansion, fit_time=fit_time, xs=xs, ys=ys, G=G, plane=plane, Z_G=Z_G,
               Z_tr=Z_tr, Z_te=Z_te, drawn=drawn, task=task, T=T, train=curves(expansion, Z_tr, y_tr),
               test=curves(expansion, Z_te, y_te))
    if regression:  # the pictures' colour range, and the residual drawn largest: |y − H⁰| of the training points
        run["range"] = value_range(y_tr, y_te)
        run["size_reference"] = float(np.abs(np.asarray(y_tr, dtype=np.float64) - expansion.init_score).max())
    return run


class _Run(dict):
    """:func:`fit_run`'s result: a dict whose ``final`` (H on the grid at T) is computed when first read."""

    def __missing__(self, key):
        if key != "final":
            raise KeyError(key)
        value = self["final"] = staged_scores(self["drawn"], self["Z_G"], [self["T"]])[0]
        return value


def run_frames(run, stages, y_train, strip=6, y_test=None, grid_stages=None):
    """What the player shows of :func:`fit_run`'s ``run`` at each iteration of ``stages``.

    Parameters
    ----------
    run : dict
        What :func:`fit_run` returned.
    stages : sequence of int
        The iterations shown.
    y_train : ndarray
        The training labels.
    strip : int, default=6
        The weak learners of the strip (the last ``strip`` at each stage).
    y_test : ndarray or None, default=None
        The test targets, for a regression's ``test_residuals``.
    grid_stages : sequence of int or None, default=None
        The iterations whose H is computed on the grid (``H``'s rows); None:
        ``stages``. A player that computes the frames' grids from the model
        itself needs only the first (``stages[:1]``): the others would cost
        the server a pass over the grid an iteration for nothing.

    Returns
    -------
    dict
        ``H`` (the vote on the grid, each cell's mean where the expansion acts
        on the plane: waves finer than a cell fade instead of aliasing into
        speckles; GBRFF2+'s H is sampled at the cell centres through z),
        ``weights`` (the training points' boosting weights before each
        learner), ``stop`` (the iteration of smallest test loss) and the strip
        of weak learners: ``learners`` (their numbers), ``thumbnails`` and
        ``alphas``. A regression run adds the residuals y − ŷ of the model
        itself (float64, one row per stage): ``residuals`` of the training
        points at H^t (the picture's point sizes), ``learner_residuals`` at
        H^{t−1} (what the learner of t fits) and, with ``y_test``,
        ``test_residuals`` at H^t.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.fits import fit_run, run_frames
    >>> run = fit_run(("GBRFF2", 10, 0.5, 0.0, 5, 1.0, 1.0, 0), data, grid=20)
    >>> frames = run_frames(run, [1, 5, 10], data[2], strip=2)
    >>> frames["H"].shape, frames["learners"]
    ((3, 400), [1, 4, 5, 9, 10])
    """
    e = run["expansion"]
    learners = strip_learners(stages, strip)
    space = None if run["plane"] else (lambda P: model_space(run["model"], P))
    frames = {"H": staged_scores(run["drawn"], run["Z_G"], stages if grid_stages is None else grid_stages),
              "weights": boosting_weights(e, run["Z_tr"], y_train, stages),
              "stop": int(np.argmin(run["test"]["loss"])),
              "learners": learners,
              "thumbnails": learner_thumbnails(e, run["xs"], run["ys"], learners, space=space),
              "alphas": e.alphas[np.asarray(learners, dtype=int) - 1]}
    if run.get("task") == "regression":
        y_train = np.asarray(y_train, dtype=np.float64)
        frames["residuals"] = y_train - _staged_values(e, run["Z_tr"], stages)
        frames["learner_residuals"] = y_train - _staged_values(e, run["Z_tr"], [max(int(t) - 1, 0) for t in stages])
        if y_test is not None:
            frames["test_residuals"] = np.asarray(y_test, dtype=np.float64) - _staged_values(e, run["Z_te"], stages)
    return frames


def _staged_values(expansion, Z, stages):
    """H^t(Z) in float64 for each t of ``stages`` (t = 0: H⁰), one row each."""
    rows = [np.full(len(Z), float(expansion.init_score))] + list(expansion.staged_decision_function(Z))
    return np.array([rows[min(int(t), len(rows) - 1)] for t in stages])


def warm_reference():
    """Load LightGBM's library with one tiny fit.

    LightGBM's first fit in a process loads its library (~150 ms): do it
    once, so that the fit time shown is a warm one, as GBRFF's (its engine is
    compiled once too).

    Returns
    -------
    bool
        True.

    Examples
    --------
    >>> from gbrff.teaching.fits import warm_reference
    >>> warm_reference()
    True
    """
    X = np.random.RandomState(0).normal(size=(40, 2))
    lightgbm_reference().set_params(n_estimators=2).fit(X, X[:, 0] > 0)
    return True


def fit_reference(data, task="classification"):
    """Fit the app's LightGBM on the split ``data``.

    Call :func:`warm_reference` once before, for a warm time.

    Parameters
    ----------
    data : tuple
        The split ``(X_tr, X_te, y_tr, y_te)``.
    task : {"classification", "regression"}, default="classification"
        ``"regression"``: LightGBM's regressor
        (:func:`gbrff.teaching.regression.lightgbm_regressor`).

    Returns
    -------
    dict
        ``model``, ``fit_time`` (s), ``test_acc``, ``train_acc``; for a
        regression ``test_rmse``, ``train_rmse``, ``test_r2``, ``train_r2``
        and the residuals y − ŷ, ``train_residuals`` and ``test_residuals``.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.fits import fit_reference
    >>> sorted(fit_reference(data))
    ['fit_time', 'model', 'test_acc', 'train_acc']
    """
    X_tr, X_te, y_tr, y_te = data
    regression = _is_regression(task)
    model = lightgbm_regressor() if regression else lightgbm_reference()
    t0 = time.perf_counter()
    model.fit(X_tr, y_tr)
    fit_time = time.perf_counter() - t0
    if regression:
        p_tr, p_te = model.predict(X_tr), model.predict(X_te)
        return {"model": model, "fit_time": fit_time, "test_rmse": rmse(y_te, p_te), "train_rmse": rmse(y_tr, p_tr),
                "test_r2": r2(y_te, p_te), "train_r2": r2(y_tr, p_tr),
                "train_residuals": np.asarray(y_tr, dtype=np.float64) - p_tr,
                "test_residuals": np.asarray(y_te, dtype=np.float64) - p_te}
    return {"model": model, "fit_time": fit_time,
            "test_acc": float(model.score(X_te, y_te)), "train_acc": float(model.score(X_tr, y_tr))}


def reference_surface(model, G):
    """A fitted classifier's p(+1) on the points ``G``, as a vote on GBRFF's scale; a
    regressor's prediction.

    H = ½ log(p / (1 − p)), p clipped to [10⁻⁶, 1 − 10⁻⁶]: the vote whose
    link gives p back. A regressor's H is its ``predict``, the predicted value.

    Parameters
    ----------
    model : fitted classifier or regressor
        A classifier with ``predict_proba`` and the class 1 among its
        ``classes_``, or a regressor.
    G : ndarray of shape (m, 2)
        The points.

    Returns
    -------
    ndarray of shape (m,)
        H at each point.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.fits import fit_reference, reference_surface
    >>> model = fit_reference(data)["model"]
    >>> reference_surface(model, data[1][:3]).shape
    (3,)
    """
    if is_regressor(model):
        return np.asarray(model.predict(G), dtype=np.float64)
    p = np.clip(model.predict_proba(G)[:, list(model.classes_).index(1)], 1e-6, 1 - 1e-6)
    return 0.5 * np.log(p / (1 - p))
