"""Turn the data: a toy problem rotated about its centre, and test accuracy against the angle.

The lesson that tells cosines from trees. A weak learner of GBRFF is a cosine
``cos(ω·x − b)`` whose frequency ω is drawn from the RBF kernel's Fourier
transform N(0, 2γI), the same in every direction (the kernel
``exp(−γ‖x − x′‖²)`` is isotropic), so turning the data turns the problem
without making it harder. A decision tree cuts along the axes: a boundary at
45° to them becomes a staircase of many small cuts, and the trees' accuracy
drops between the angles where the boundary lies along the axes. A turn by
90° swaps and negates the axes, which trees do not mind either: 0° to 90°
holds the whole lesson.

:func:`rotate` turns points (numpy only); :func:`angle_curve` refits the
menu's model and the app's LightGBM reference on a toy problem turned by
each angle of :data:`ANGLES`, on a few draws of the problem, as the GBRFF
paper's toy experiment sets LightGBM beside GBRFF2 (Gautheron et al.,
ECML-PKDD 2020, section 4.6). No Streamlit: the playground caches the call.
"""

import numbers

import numpy as np
from sklearn.model_selection import train_test_split

from ..datasets import make_toy
from .menu import lightgbm_reference, make_estimator

__all__ = ["ANGLES", "REPEATS", "LESSON", "rotate", "angle_curve"]

#: The angles (degrees) of the curve: 0° to 90° (a turn by 90° only swaps and negates the axes).
ANGLES = (0, 15, 30, 45, 60, 75, 90)
#: Draws of the toy problem averaged at each angle (seeds ``seed``, ``seed + 1``, …).
REPEATS = 3
#: The playground's setting where the lesson shows best (its controls' URL keys → values). The board is the one
#: toy problem whose boundaries lie along the axes; the trees need enough clean points to find its edges: a
#: checkerboard is an XOR, where no single cut helps, and at 300 points with noise 0.1 they miss it at 0° too.
#: Measured (GBRFF2, T = 100, mean of 3 draws, seeds 0-2): LightGBM 96.6 % at 0°, 89-91 % from 15° to 75°,
#: 97.2 % at 90°; GBRFF2 94.4-95.7 % at every angle.
LESSON = {"data": "board", "n": 1000, "noise": 0.0, "gamma": 2.0, "algo": "GBRFF2", "angle": 45}
# cos and sin of the quarter turns, exactly (np.cos(np.pi / 2) is 6e-17, not 0)
_QUARTERS = {0: (1.0, 0.0), 1: (0.0, 1.0), 2: (-1.0, 0.0), 3: (0.0, -1.0)}


def _angle(angle):
    """``angle`` as a finite float, or a ValueError that says what an angle is."""
    if isinstance(angle, bool) or not isinstance(angle, numbers.Real):
        raise ValueError(f"angle must be a finite number of degrees, got {angle!r}")
    angle = float(angle)
    if not np.isfinite(angle):
        raise ValueError(f"angle must be a finite number of degrees, got {angle!r}")
    return angle


def rotate(X, angle, center=(0.0, 0.0)):
    """The points ``X`` turned anticlockwise by ``angle`` degrees about ``center``.

    Parameters
    ----------
    X : array-like of shape (n_samples, 2)
        The points.
    angle : float
        The turn in degrees, anticlockwise (any finite number; 360 is a whole
        turn). A multiple of 90 turns exactly (no rounding).
    center : array-like of shape (2,), default=(0, 0)
        The point that stays. The toy problems of
        :func:`gbrff.datasets.make_toy` are centred on the origin.

    Returns
    -------
    ndarray of shape (n_samples, 2), float64
        The turned points (a new array).

    Raises
    ------
    ValueError
        If ``angle`` is not a finite number, or ``X`` is not an array of
        finite 2-D points.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.rotation import rotate
    >>> rotate(np.array([[1.0, 0.0], [0.0, 2.0]]), 90)
    array([[ 0.,  1.],
           [-2.,  0.]])
    >>> np.round(rotate([[1.0, 0.0]], 45), 4)
    array([[0.7071, 0.7071]])
    """
    angle = _angle(angle)
    try:
        X = np.asarray(X, dtype=np.float64)
        center = np.asarray(center, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise ValueError(f"rotate takes numeric points and centre: {err}") from None
    if X.ndim != 2 or X.shape[1] != 2:
        raise ValueError(f"rotate turns points of the plane: X must have shape (n_samples, 2), got {X.shape}")
    if center.shape != (2,):
        raise ValueError(f"center must be one point of the plane (2 numbers), got shape {center.shape}")
    if not (np.isfinite(X).all() and np.isfinite(center).all()):
        raise ValueError("rotate takes finite points and centre (no NaN or infinity)")
    quarters = angle / 90.0
    if quarters == round(quarters):
        c, s = _QUARTERS[int(round(quarters)) % 4]
    else:
        theta = np.deg2rad(angle)
        c, s = np.cos(theta), np.sin(theta)
    R = np.array([[c, -s], [s, c]])
    return (X - center) @ R.T + center


def angle_curve(params, name, n, noise, test_share, seed, angles=ANGLES, repeats=REPEATS):
    """Test accuracy of the menu's model and of LightGBM on the toy problem turned by each angle.

    Draw ``r`` (``r = 0 … repeats − 1``) is ``make_toy(name, n, noise, seed + r)`` split as the
    playground splits it (stratified, ``test_share``, seed ``seed + r``); at each angle both
    models are refitted on its training points turned about the origin and scored on its test
    points turned alike. Draw 0 is the playground's own data: its accuracies are the page's at
    that angle.

    Parameters
    ----------
    params : tuple
        The menu's ``(algo, T, gamma, lam, K, beta, lr, seed)``, as
        :func:`~gbrff.teaching.menu.make_estimator` takes them (the model's seed is the
        draw's, ``seed + r``).
    name : str
        The toy problem (:func:`gbrff.datasets.make_toy`).
    n : int
        Its number of points.
    noise : float
        Its noise.
    test_share : float
        The test part's share, in (0, 1).
    seed : int
        The first draw's seed.
    angles : sequence of float, default=ANGLES
        The angles in degrees.
    repeats : int, default=REPEATS
        The draws.

    Returns
    -------
    angles : list of float
        The angles.
    scores : dict of str to ndarray
        ``{algo: (len(angles), repeats), "LGBM": ...}``: test accuracies in [0, 1].

    Examples
    --------
    >>> from gbrff.teaching.rotation import angle_curve
    >>> angles, scores = angle_curve(("GBRFF2", 10, 0.5, 0.0, 1, None, 1.0, 0), "board", 100, 0.0, 0.3, 0,
    ...                              angles=(0, 45), repeats=2)
    >>> angles, scores["GBRFF2"].shape, sorted(scores)
    ([0.0, 45.0], (2, 2), ['GBRFF2', 'LGBM'])
    """
    angles = [_angle(a) for a in angles]
    if not angles:
        raise ValueError("angle_curve needs at least one angle")
    if isinstance(repeats, bool) or not isinstance(repeats, numbers.Integral) or repeats < 1:
        raise ValueError(f"repeats must be a whole number >= 1, got {repeats!r}")
    algo, T, gamma, lam, K, beta, lr, _ = params
    scores = {algo: np.zeros((len(angles), repeats)), "LGBM": np.zeros((len(angles), repeats))}
    for r in range(repeats):
        s = int(seed) + r
        X, y = make_toy(name, n_samples=int(n), noise=float(noise), random_state=s)
        train, test = train_test_split(np.arange(len(y)), test_size=float(test_share), random_state=s, stratify=y)
        for i, angle in enumerate(angles):
            Xa = rotate(X, angle)
            model = make_estimator(algo, T, gamma, lam, K, beta, lr, s).fit(Xa[train], y[train])
            scores[algo][i, r] = model.score(Xa[test], y[test])
            scores["LGBM"][i, r] = lightgbm_reference().fit(Xa[train], y[train]).score(Xa[test], y[test])
    return angles, scores
