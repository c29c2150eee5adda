"""The playground's regression: the menu's regressors, LightGBM's, and the numbers their pictures read.

A regression toy problem (:data:`gbrff.datasets.REGRESSION_PROBLEMS`) on
the playground fits the regressor of the menu's algorithm
(:data:`REGRESSORS`): GBRFF2 → :class:`gbrff.GBRFF2Regressor`, GBRFF1 →
:class:`gbrff.GBRFF1Regressor`, GBRFF-LS → :class:`gbrff.GBRFFLSRegressor`.
GBRFF2+ has none: its settings were chosen by cross-validation on the
paper's classification tasks and its per-column bandwidths are learned from
the classes (Fourier kernel learning), so the page falls back to GBRFF2's
regressor (:func:`regressor_algo`). LightGBM's ``LGBMRegressor`` with the
app's tree settings (:data:`gbrff.teaching.menu.LIGHTGBM_REFERENCE`) stands
beside it. :mod:`gbrff.teaching.fits` fits them (``task="regression"``);
here are the curves (RMSE and R² after every iteration), the split, the
colour range and the points' sizes the pictures read. No Streamlit.
"""

import numpy as np
from sklearn.model_selection import train_test_split

from .._regressors import GBRFF1Regressor, GBRFF2Regressor, GBRFFLSRegressor
from .menu import ALGOS, LIGHTGBM_REFERENCE

__all__ = ["REGRESSORS", "regressor_algo", "make_regressor", "lightgbm_regressor", "regression_split",
           "rmse", "r2", "staged_regression_curves", "value_range", "residual_sizes", "finer_than_the_grid",
           "learning_curve"]

#: The menu's algorithms that have a regressor, and its class (GBRFF2+ has none: :func:`regressor_algo`).
REGRESSORS = {"GBRFF2": GBRFF2Regressor, "GBRFF1": GBRFF1Regressor, "GBRFF-LS": GBRFFLSRegressor}


def regressor_algo(algo):
    """The menu's algorithm a regression problem fits for ``algo``: itself, or GBRFF2 for GBRFF2+.

    GBRFF2+ is a classifier's configuration (its λ, ranks and per-column
    bandwidths chosen on the paper's classification tasks, the bandwidths
    learned from the classes): its nearest regressor is GBRFF2's.

    Parameters
    ----------
    algo : str
        One of :data:`gbrff.teaching.menu.ALGOS`.

    Returns
    -------
    str
        A key of :data:`REGRESSORS`.

    Raises
    ------
    ValueError
        For an algorithm the menu does not have.

    Examples
    --------
    >>> from gbrff.teaching.regression import regressor_algo
    >>> regressor_algo("GBRFF1"), regressor_algo("GBRFF2+")
    ('GBRFF1', 'GBRFF2')
    """
    if algo not in ALGOS:
        raise ValueError(f"unknown algorithm {algo!r}; the menu has {', '.join(ALGOS)}")
    return algo if algo in REGRESSORS else "GBRFF2"


def make_regressor(algo, T, gamma, lam, K, beta, lr, seed):
    """The regressor of the menu's ``algo`` with the sidebar's parameters (unfitted).

    As :func:`gbrff.teaching.menu.make_estimator` for the classifiers: the
    plane's own coordinates (``standardize=False``; the target is standardised
    inside in any case), the estimator's thread default, and every one of the
    ``T`` iterations (``n_iter_no_change=None``: the player shows them all and
    marks the stopping rule's choice itself).

    Parameters
    ----------
    algo : {"GBRFF2", "GBRFF1", "GBRFF-LS"}
        The menu's algorithm (:data:`REGRESSORS`).
    T : int
        Iterations.
    gamma : float
        γ.
    lam : float
        λ, for GBRFF2.
    K : int
        Cosines per iteration, for GBRFF1 and GBRFF-LS.
    beta : float
        β of GBRFF1; GBRFF-LS's inverse temperature c.
    lr : float
        The learning rate (GBRFF-LS's v).
    seed : int
        ``random_state``.

    Returns
    -------
    estimator
        The unfitted regressor.

    Raises
    ------
    ValueError
        For GBRFF2+ (no regressor: :func:`regressor_algo`) or an unknown algorithm.

    Examples
    --------
    >>> from gbrff.teaching.regression import make_regressor
    >>> make_regressor("GBRFF2", T=20, gamma=0.5, lam=0.0, K=1, beta=None, lr=1.0, seed=0)
    GBRFF2Regressor(gamma=0.5, learning_rate=1.0, n_estimators=20,
                    n_iter_no_change=None, random_state=0, standardize=False)
    """
    if regressor_algo(algo) != algo:
        raise ValueError(f"{algo} has no regressor; fit {regressor_algo(algo)}'s (regressor_algo)")
    common = {"n_estimators": int(T), "gamma": gamma, "learning_rate": lr, "random_state": seed,
              "n_iter_no_change": None, "standardize": False}
    if algo == "GBRFF2":
        return GBRFF2Regressor(**common, reg_lambda=lam)
    if algo == "GBRFF1":
        return GBRFF1Regressor(**common, n_components=int(K), beta=beta)
    return GBRFFLSRegressor(**common, n_components=int(K), c=beta)  # beta carries c, lr carries v


def lightgbm_regressor(random_state=None):
    """The app's LightGBM for a real target (unfitted): ``LGBMRegressor`` with 100 trees and the
    classifier's settings (:data:`gbrff.teaching.menu.LIGHTGBM_REFERENCE`), one thread, silent.

    Parameters
    ----------
    random_state : int or None, default=None
        Passed on (LightGBM draws nothing at these settings).

    Returns
    -------
    lightgbm.LGBMRegressor
        The unfitted model.

    Examples
    --------
    >>> from gbrff.teaching.regression import lightgbm_regressor
    >>> model = lightgbm_regressor()
    >>> type(model).__name__, model.n_estimators, model.max_depth
    ('LGBMRegressor', 100, 5)
    """
    from lightgbm import LGBMRegressor

    return LGBMRegressor(n_estimators=100, random_state=random_state, n_jobs=1, verbose=-1, **LIGHTGBM_REFERENCE)


def regression_split(n, test_share, seed):
    """(train, test) row indices of a regression problem's split: scikit-learn's
    ``train_test_split`` of the rows, seeded by ``seed``, unstratified (a real target has no classes
    to balance; the classification problems' split is stratified).

    Parameters
    ----------
    n : int
        The number of rows.
    test_share : float
        The test part's share.
    seed : int
        The split's seed.

    Returns
    -------
    train, test : ndarray of int
        The rows of each part.

    Examples
    --------
    >>> from gbrff.teaching.regression import regression_split
    >>> train, test = regression_split(10, 0.3, 0)
    >>> len(train), len(test), sorted([*train, *test]) == list(range(10))
    (7, 3, True)
    """
    return tuple(train_test_split(np.arange(int(n)), test_size=float(test_share), random_state=int(seed)))


def rmse(y, pred):
    """Root mean squared error of ``pred`` against ``y``.

    Examples
    --------
    >>> from gbrff.teaching.regression import rmse
    >>> rmse([0.0, 1.0], [0.0, 0.0])
    0.7071067811865476
    """
    y, pred = np.asarray(y, dtype=np.float64), np.asarray(pred, dtype=np.float64)
    return float(np.sqrt(np.mean((y - pred) ** 2)))


def r2(y, pred):
    """R², 1 − Σ(y − ŷ)² / Σ(y − ȳ)², as scikit-learn's ``r2_score`` (a constant ``y``: 1 for a
    perfect ``pred``, else 0).

    Examples
    --------
    >>> from gbrff.teaching.regression import r2
    >>> r2([0.0, 1.0, 2.0], [0.0, 1.0, 2.0]), r2([0.0, 1.0, 2.0], [1.0, 1.0, 1.0])
    (1.0, 0.0)
    """
    y, pred = np.asarray(y, dtype=np.float64), np.asarray(pred, dtype=np.float64)
    total = float(np.sum((y - y.mean()) ** 2))
    residual = float(np.sum((y - pred) ** 2))
    if total == 0.0:
        return 1.0 if residual == 0.0 else 0.0
    return 1.0 - residual / total


def staged_regression_curves(expansion, X, y):
    """RMSE, R² and the mean squared error after every iteration ``t = 0 … T``.

    Parameters
    ----------
    expansion : Expansion
        A fitted regressor's :class:`gbrff.Expansion` (in the target's units).
    X : array-like of shape (n, d)
        Points in the space the expansion acts on.
    y : array-like of shape (n,)
        Their target.

    Returns
    -------
    dict
        ``rmse``, ``r2`` and ``loss`` (the mean squared error: the squared
        error the boosting minimises, and the stopping rule's criterion),
        arrays of length ``T + 1`` (index 0 is H⁰).

    Examples
    --------
    >>> from gbrff.datasets import make_toy
    >>> from gbrff import GBRFF2Regressor
    >>> X, y = make_toy("plane", 100, random_state=0)
    >>> reg = GBRFF2Regressor(n_estimators=10, n_iter_no_change=None, standardize=False, random_state=0).fit(X, y)
    >>> from gbrff.teaching.regression import staged_regression_curves
    >>> curves = staged_regression_curves(reg.expansion_, X, y)
    >>> len(curves["rmse"]), float(curves["r2"][0]) == 0.0, bool(curves["rmse"][-1] < curves["rmse"][0])
    (11, True, True)
    """
    y = np.asarray(y, dtype=np.float64)
    scores = [np.full(len(y), float(expansion.init_score))] + list(expansion.staged_decision_function(X))
    mse = np.array([np.mean((y - H) ** 2) for H in scores])
    return {"rmse": np.sqrt(mse), "r2": np.array([r2(y, H) for H in scores]), "loss": mse}


def value_range(*targets):
    """The colour range of a regression picture: the lowest and highest target among ``targets``
    (the surface, the points and LightGBM's picture share it; a constant target gets ± 0.5).

    Examples
    --------
    >>> from gbrff.teaching.regression import value_range
    >>> value_range([0.5, -1.0], [2.0])
    (-1.0, 2.0)
    """
    y = np.concatenate([np.ravel(np.asarray(t, dtype=np.float64)) for t in targets])
    lo, hi = float(y.min()), float(y.max())
    return (lo - 0.5, hi + 0.5) if hi <= lo else (lo, hi)


def residual_sizes(residuals, reference):
    """The regression picture's point sizes: ``4 + 18 √min(1, |r| / reference)`` pixels.

    One scale for every iteration (``reference``: the largest residual at
    H⁰, the training points' ``|y − ȳ|``), so that the points shrink as the model
    fits them and what stays large at the end is what it missed. The player
    computes the same in the browser (``appkit/player/index.html``).

    Parameters
    ----------
    residuals : array-like
        The residuals y − ŷ.
    reference : float
        The residual drawn largest (22 px; larger ones too).

    Returns
    -------
    ndarray of float32
        The sizes.

    Examples
    --------
    >>> from gbrff.teaching.regression import residual_sizes
    >>> residual_sizes([0.0, -0.25, 1.0, 3.0], 1.0)
    array([ 4., 13., 22., 22.], dtype=float32)
    """
    r = np.abs(np.asarray(residuals, dtype=np.float64)) / max(float(reference), 1e-12)
    return (4 + 18 * np.sqrt(np.minimum(1.0, r))).astype(np.float32)


def finer_than_the_grid(expansion, dx, dy, stages):
    """How many cosines of H^t are finer than two cells of a ``dx × dy`` grid, for each t of ``stages``.

    A regression picture samples ŷ at the cells' centres (its values are
    ``staged_predict``'s). A cosine with ``|ω₁| dx > π`` or ``|ω₂| dy > π`` (less
    than two cells a wavelength: beyond the grid's Nyquist limit) cannot be
    drawn there: sampled, it aliases into speckles. Late in a run, a
    regressor may add such needles to fit single noisy points; the picture
    says so instead of passing the speckles off as a shape.

    Parameters
    ----------
    expansion : Expansion
        A fitted 2-D :class:`gbrff.Expansion`.
    dx, dy : float
        The cells' sides.
    stages : sequence of int
        The iterations t.

    Returns
    -------
    list of tuple
        ``(count, largest ‖ω‖ among them)`` per stage (``(0, 0.0)`` for none).

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff import Expansion
    >>> e = Expansion("cosine", "squared_error", 0.0, np.array([[[1.0, 0.0]], [[80.0, 0.0]]]), np.zeros((2, 1)),
    ...               np.ones((2, 1)), np.ones(2), None, np.zeros(2), np.zeros(0))
    >>> from gbrff.teaching.regression import finer_than_the_grid
    >>> finer_than_the_grid(e, 0.05, 0.05, [1, 2])
    [(0, 0.0), (1, 80.0)]
    """
    om = np.asarray(expansion.omegas, dtype=np.float64)  # (T, K, 2)
    weight = np.abs(np.asarray(expansion.q, dtype=np.float64) * np.asarray(expansion.alphas)[:, None])
    fine = ((np.abs(om[..., 0]) * dx > np.pi) | (np.abs(om[..., 1]) * dy > np.pi)) & (weight > 0)
    norms = np.where(fine, np.linalg.norm(om, axis=-1), 0.0)
    out = []
    for t in stages:
        t = min(max(int(t), 0), len(om))
        out.append((int(fine[:t].sum()), float(norms[:t].max()) if t and fine[:t].any() else 0.0))
    return out


#: The subsets' sizes below the whole training part (as :mod:`gbrff.teaching.learning_curves`').
SIZES = (10, 20, 40, 80, 160, 320, 640, 1280)
#: Random orders of the training points.
REPEATS = 3


def learning_curve(params, data):
    """Test R² of the menu's regressor and of LightGBM's on the first n training points of
    ``REPEATS`` random orders (seeds ``seed + r``), as
    :func:`gbrff.teaching.learning_curves.learning_curve` for the classifiers.

    Parameters
    ----------
    params : tuple
        The menu's ``(algo, T, gamma, lam, K, beta, lr, seed)`` (:func:`make_regressor`).
    data : tuple
        The split ``(X_tr, X_te, y_tr, y_te)``.

    Returns
    -------
    sizes : list of int
        :data:`SIZES` below the training size, then the training size.
    scores : dict of str to ndarray
        ``{algo: (len(sizes), REPEATS), "LGBM": ...}``: test R².

    Examples
    --------
    >>> from gbrff.datasets import make_toy
    >>> X, y = make_toy("plane", 100, random_state=0)
    >>> from gbrff.teaching.regression import learning_curve
    >>> sizes, scores = learning_curve(("GBRFF2", 10, 0.5, 0.0, 1, None, 1.0, 0), (X[:70], X[70:], y[:70], y[70:]))
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
            m = make_regressor(algo, T, gamma, lam, K, beta, lr, seed + r).fit(X_tr[idx], y_tr[idx])
            scores[algo][i, r] = r2(y_te, m.predict(X_te))
            scores["LGBM"][i, r] = r2(y_te, lightgbm_regressor().fit(X_tr[idx], y_tr[idx]).predict(X_te))
    return sizes, scores
