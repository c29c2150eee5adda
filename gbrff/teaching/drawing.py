"""Draw your own data: the playground's drawing area, the set it starts from, and when a drawn set can be fitted.

A student clicks points of either class onto the playground's picture
(``data=draw``); the picture's plane stays the same whatever they draw (a
grid fixed by :func:`plane_corners`, not by the points), so that a click
lands where it was aimed and the next picture does not move. The points live
in the square ``[-HALF_WIDTH, HALF_WIDTH]²``, the toy problems' scale. No
Streamlit: the page's URL codec and its state are in ``appkit/_drawing.py``.
"""

import numpy as np

__all__ = ["HALF_WIDTH", "MIN_PER_CLASS", "plane_corners", "seed_points", "too_few"]

#: The drawing area is the square [−HALF_WIDTH, HALF_WIDTH]² (the toy problems lie in about ±2.5).
HALF_WIDTH = 2.5
#: Points of each class a drawn set needs before a model is fitted: one to learn from, one to test on.
MIN_PER_CLASS = 2


def plane_corners():
    """Two opposite corners of the drawing area: with them among the points to cover,
    :func:`gbrff.teaching.expansions.make_grid` gives the same grid for every drawn set.

    Returns
    -------
    ndarray of shape (2, 2)
        ``[[−HALF_WIDTH, −HALF_WIDTH], [HALF_WIDTH, HALF_WIDTH]]``.

    Examples
    --------
    >>> from gbrff.teaching.drawing import plane_corners
    >>> from gbrff.teaching.expansions import make_grid
    >>> xs, ys, G = make_grid([[0.0, 0.1], [0.5, 0.2]], n=5, include=plane_corners())
    >>> xs[[0, -1]], ys[[0, -1]]
    (array([-3.25,  3.25]), array([-3.25,  3.25]))
    """
    return np.array([[-HALF_WIDTH, -HALF_WIDTH], [HALF_WIDTH, HALF_WIDTH]])


def seed_points():
    """The drawn set the playground starts from: two small groups a student can add to (16 points).

    Class −1 on the left, class +1 on the right, every point on the 0.02 grid
    of the app's drawing codec, so that the set survives a link exactly.

    Returns
    -------
    X : ndarray of shape (16, 2), float64
        The points.
    y : ndarray of shape (16,), int64
        Their labels: eight −1, then eight +1.

    Examples
    --------
    >>> from gbrff.teaching.drawing import seed_points
    >>> X, y = seed_points()
    >>> X.shape, y.tolist().count(-1), float(X[y == -1, 0].max()) < 0 < float(X[y == 1, 0].min())
    ((16, 2), 8, True)
    """
    ring = np.array([[0.0, 0.0], [0.5, 0.3], [-0.4, 0.5], [0.3, -0.5], [-0.5, -0.3], [0.8, -0.1], [-0.2, 0.9],
                     [0.1, -0.9]])
    X = np.vstack([ring + [-1.2, 0.2], -ring + [1.2, -0.2]])
    return np.round(X, 2), np.repeat(np.array([-1, 1], dtype=np.int64), 8)


def too_few(y, test_share):
    """Why a drawn set cannot be split into training and test points yet, or None when it can.

    The playground splits every data set by class (scikit-learn's stratified
    ``train_test_split``): each class needs :data:`MIN_PER_CLASS` points, and
    the test share of the points must leave at least one point of each class
    on either side.

    Parameters
    ----------
    y : array-like of int
        The labels in {−1, +1}.
    test_share : float
        The share of the points held out for testing, in (0, 1).

    Returns
    -------
    str or None
        A sentence saying what to draw, or None.

    Examples
    --------
    >>> from gbrff.teaching.drawing import too_few
    >>> too_few([-1, 1, 1], 0.3)
    'Draw at least 2 points of each class (now 1 of class −1 and 2 of class +1).'
    >>> too_few([-1, -1, 1, 1], 0.3) is None
    True
    """
    y = np.asarray(y)
    neg, pos = int((y == -1).sum()), int((y == 1).sum())
    now = f"now {neg} of class −1 and {pos} of class +1"
    if min(neg, pos) < MIN_PER_CLASS:
        return f"Draw at least {MIN_PER_CLASS} points of each class ({now})."
    n = neg + pos
    n_test = int(np.ceil(float(test_share) * n))  # scikit-learn's train_test_split rounds the test part up
    if n_test < 2 or n - n_test < 2:
        need = next(m for m in range(n + 1, 100 * n + 100)
                    if 2 <= int(np.ceil(float(test_share) * m)) <= m - 2)
        return (f"A test share of {float(test_share):g} leaves too few points on one side: draw at least {need} "
                f"points in all ({now}), or move the test share.")
    return None
