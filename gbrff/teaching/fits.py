"""The playground's fits: the menu's estimator and the LightGBM reference, with what their pictures read.

:func:`fit_run` fits :func:`gbrff.teaching.menu.make_estimator` once and
keeps with it its grid over the plane, the points the expansion acts on, its
final vote on the grid and its accuracy and loss after every iteration, and
the fit's wall-clock time; :func:`fit_reference` does the same for
:func:`~gbrff.teaching.menu.lightgbm_reference` and :func:`reference_surface`
draws LightGBM's p(+1) on GBRFF's scale; :func:`run_frames` gives what the
player shows of a fit at each iteration. No Streamlit: the page caches
these calls.
"""

import time

import numpy as np

from .expansions import (acts_on_plane, band_limited, boosting_weights, learner_thumbnails, make_grid, model_space,
                         staged_curves, staged_scores, strip_learners)
from .menu import lightgbm_reference, make_estimator

__all__ = ["fit_run", "run_frames", "fit_reference", "reference_surface", "warm_reference"]


def fit_run(params, data, grid=100, include=None):
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

    Returns
    -------
    dict
        ``model``, ``expansion``, ``fit_time`` (s), the ``grid × grid`` grid
        ``xs``, ``ys``, ``G`` over all the points (and ``include``), ``plane`` (whether the
        expansion acts on the plane itself), ``Z_G`` and ``Z_tr`` (grid and
        training points as the expansion sees them), ``drawn`` (the expansion
        as the picture's cells show it), ``final`` (its H on the grid at T)
        and the ``train`` and ``test`` curves (:func:`~gbrff.teaching.expansions.staged_curves`).

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.fits import fit_run
    >>> run = fit_run(("GBRFF2", 10, 0.5, 0.0, 5, 1.0, 1.0, 0), data, grid=20)
    >>> run["plane"], run["final"].shape, len(run["test"]["accuracy"])
    (True, (400,), 11)
    """
    algo, T, gamma, lam, K, beta, lr, seed = params
    X_tr, X_te, y_tr, y_te = data
    model = make_estimator(algo, T, gamma, lam, K, beta, lr, seed)
    t0 = time.perf_counter()
    model.fit(X_tr, y_tr)
    fit_time = time.perf_counter() - t0
    expansion = model.expansion_
    xs, ys, G = make_grid(np.vstack([X_tr, X_te]), n=grid, include=include)
    # the expansion acts on z(x): the plane itself, or (GBRFF2+) the standardised x beside its ranks
    plane = acts_on_plane(model)
    Z_G, Z_tr, Z_te = (G, X_tr, X_te) if plane else (model_space(model, P) for P in (G, X_tr, X_te))
    drawn = band_limited(expansion, xs[1] - xs[0], ys[1] - ys[0]) if plane else expansion
    return {"model": model, "expansion": expansion, "fit_time": fit_time, "xs": xs, "ys": ys, "G": G,
            "plane": plane, "Z_G": Z_G, "Z_tr": Z_tr, "drawn": drawn,
            "final": staged_scores(drawn, Z_G, [T])[0],
            "train": staged_curves(expansion, Z_tr, y_tr),
            "test": staged_curves(expansion, Z_te, y_te)}


def run_frames(run, stages, y_train, strip=6):
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

    Returns
    -------
    dict
        ``H`` (the vote on the grid, each cell's mean where the expansion acts
        on the plane: waves finer than a cell fade instead of aliasing into
        speckles; GBRFF2+'s H is sampled at the cell centres through z),
        ``weights`` (the training points' boosting weights before each
        learner), ``stop`` (the iteration of smallest test loss) and the strip
        of weak learners: ``learners`` (their numbers), ``thumbnails`` and
        ``alphas``.

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
    return {"H": staged_scores(run["drawn"], run["Z_G"], stages),
            "weights": boosting_weights(e, run["Z_tr"], y_train, stages),
            "stop": int(np.argmin(run["test"]["loss"])),
            "learners": learners,
            "thumbnails": learner_thumbnails(e, run["xs"], run["ys"], learners, space=space),
            "alphas": e.alphas[np.asarray(learners, dtype=int) - 1]}


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


def fit_reference(data):
    """Fit the app's LightGBM on the split ``data``.

    Call :func:`warm_reference` once before, for a warm time.

    Parameters
    ----------
    data : tuple
        The split ``(X_tr, X_te, y_tr, y_te)``.

    Returns
    -------
    dict
        ``model``, ``fit_time`` (s), ``test_acc``, ``train_acc``.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.fits import fit_reference
    >>> sorted(fit_reference(data))
    ['fit_time', 'model', 'test_acc', 'train_acc']
    """
    X_tr, X_te, y_tr, y_te = data
    model = lightgbm_reference()
    t0 = time.perf_counter()
    model.fit(X_tr, y_tr)
    fit_time = time.perf_counter() - t0
    return {"model": model, "fit_time": fit_time,
            "test_acc": float(model.score(X_te, y_te)), "train_acc": float(model.score(X_tr, y_tr))}


def reference_surface(model, G):
    """A fitted classifier's p(+1) on the points ``G``, as a vote on GBRFF's scale.

    H = ½ log(p / (1 − p)), p clipped to [10⁻⁶, 1 − 10⁻⁶]: the vote whose
    link gives p back.

    Parameters
    ----------
    model : fitted classifier
        A model with ``predict_proba`` and the class 1 among its ``classes_``.
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
    p = np.clip(model.predict_proba(G)[:, list(model.classes_).index(1)], 1e-6, 1 - 1e-6)
    return 0.5 * np.log(p / (1 - p))
