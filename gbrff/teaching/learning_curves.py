"""Test accuracy against the number of training examples (the GBRFF paper's Fig. 5, live on a toy split):
the menu's estimator beside the app's LightGBM reference, refitted on growing subsets."""

import numpy as np

from .menu import lightgbm_reference, make_estimator

__all__ = ["SIZES", "REPEATS", "learning_curve"]

#: The subsets' sizes below the whole training part.
SIZES = (10, 20, 40, 80, 160, 320, 640, 1280)  # the subsets' sizes below the whole training part
#: Random orders of the training points.
REPEATS = 3


def learning_curve(params, data):
    """Both models on the first n training points of ``REPEATS`` random orders.

    The orders have the seeds ``seed + r``. A subset of one class gets the
    first point of the other one.

    Parameters
    ----------
    params : tuple
        The menu's ``(algo, T, gamma, lam, K, beta, lr, seed)``, as
        :func:`~gbrff.teaching.menu.make_estimator` takes them.
    data : tuple
        The split ``(X_tr, X_te, y_tr, y_te)`` (:func:`~gbrff.teaching.toy.toy_split`).

    Returns
    -------
    sizes : list of int
        :data:`SIZES` below the training size, then the training size.
    scores : dict of str to ndarray
        ``{algo: (len(sizes), REPEATS), "LGBM": ...}``: test accuracies.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.learning_curves import learning_curve
    >>> sizes, scores = learning_curve(("GBRFF2", 10, 0.5, 0.0, 5, 1.0, 1.0, 0), data)
    >>> sizes, scores["GBRFF2"].shape
    ([10, 20, 40, 70], (4, 3))
    """
    algo, T, gamma, lam, K, beta, lr, seed = params
    X_tr, X_te, y_tr, y_te = data
    sizes = [s for s in SIZES if s < len(y_tr)] + [len(y_tr)]
    scores = {algo: np.zeros((len(sizes), REPEATS)), "LGBM": np.zeros((len(sizes), REPEATS))}
    for r in range(REPEATS):
        order = np.random.RandomState(seed + r).permutation(len(y_tr))
        for i, s in enumerate(sizes):
            idx = order[:s]
            if len(np.unique(y_tr[idx])) < 2:
                idx = np.concatenate([idx, [np.flatnonzero(y_tr != y_tr[idx[0]])[0]]])
            m = make_estimator(algo, T, gamma, lam, K, beta, lr, seed + r).fit(X_tr[idx], y_tr[idx])
            scores[algo][i, r] = m.score(X_te, y_te)
            scores["LGBM"][i, r] = lightgbm_reference().fit(X_tr[idx], y_tr[idx]).score(X_te, y_te)
    return sizes, scores
