"""The playground's algorithm menu → an estimator, and the app's one LightGBM reference.

Every estimator the app fits comes from the method registry
(:func:`gbrff.methods.get_method`): the menu's four algorithms are the
registry's ``GBRFF2``, ``GBRFF2+`` (:data:`gbrff.methods.GBRFF2_PLUS`, its λ
from the sidebar, its own a toy data set's: :data:`PLUS_LAM`), ``GBRFF1`` and ``GBRFF-LS`` (the 2019 preprint's least
squares), with the sidebar's parameters set on top; LightGBM is the registry's
``LGBM`` with the depth and leaf size of :func:`lightgbm_reference`.

The sidebar's grids are here too, so that the page and the tests read one list.
"""

from .._gbrff2_plus import successor_params
from ..methods import get_method

__all__ = ["ALGOS", "GAMMAS", "LAMBDAS", "RATES", "BETAS", "PLUS_LAM", "PLUS_SHRINK", "PLUS_LAMBDAS", "LS_RATES",
           "LS_TEMPS", "LS_BUDGET", "LIGHTGBM_REFERENCE", "make_estimator", "lightgbm_reference"]

#: The playground's algorithms, by their registry names.
ALGOS = ["GBRFF2", "GBRFF2+", "GBRFF1", "GBRFF-LS"]  # registry names
#: The sidebar's values of γ.
GAMMAS = [0.03125, 0.0625, 0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0, 16.0, 32.0]
#: The sidebar's values of λ.
LAMBDAS = [0.0, 0.03125, 0.0625, 0.125, 0.25, 0.5, 1.0]
#: The sidebar's learning rates.
RATES = [0.05, 0.1, 0.2, 0.5, 1.0]
#: The sidebar's values of β (GBRFF1; GBRFF-LS's c).
BETAS = [0.01, 0.1, 1.0, 10.0, 100.0]
# GBRFF2+ (beyond the paper): GBRFF2PlusClassifier, its λ adjustable from its own value
#: GBRFF2+'s own λ and bandwidth shrinkage on a toy data set (its "auto" values up to
#: 1,000 rows: :func:`gbrff._gbrff2_plus.successor_params`).
PLUS_LAM, PLUS_SHRINK = (float(successor_params(1)[k]) for k in ("reg_lambda", "bandwidth_shrinkage"))
#: The sidebar's values of λ for GBRFF2+, its own among them.
PLUS_LAMBDAS = sorted(set(LAMBDAS) | {PLUS_LAM})
#: GBRFF-LS's learning rates v: the 2019 preprint's grid.
LS_RATES = [0.01, 0.05, 0.1, 0.5, 1.0]  # the 2019 preprint's grid of v
#: GBRFF-LS's inverse temperatures c ∈ {0} ∪ 2^{0..10}: the 2019 preprint's grid.
LS_TEMPS = [0.0] + [float(2 ** k) for k in range(11)]  # its c ∈ {0} ∪ 2^{0..10}
# GBRFF-LS's budget of cosines: every frame draws its weak learner's K cosines on the grid, and H sums all T × K,
# so the page's work grows with T × K, and with K × the frames (K = 100, T = 500: 6-7 s on the server, where
# GBRFF1's worst link, K = 20 and T = 500, takes 1.3 s; T × K ≤ 3,000: at most 1.6 s). K's maximum follows T.
#: GBRFF-LS's largest T × K (see the comment above).
LS_BUDGET = 3000

#: The app's LightGBM: the registry's ``LGBM`` (one thread, silent) with 100 trees of depth ≤ 5 and at
#: least 2 points a leaf. One definition for the playground's comparison and its learning curve (they had 5
#: and 2). With 5, a learning curve's subsets of 10 points grow no tree at all (test accuracy 50 % on moons,
#: circles and swiss); with 2 the trees split there (moons 80 %, mean of four toy problems 63 % against
#: 53 %), and on the whole 210-point training part the two are level (mean test accuracy over moons,
#: circles, swiss and board at the page's defaults: 87.8 % with 2, 87.8 % with 5).
LIGHTGBM_REFERENCE = {"max_depth": 5, "learning_rate": 0.1, "min_child_samples": 2}


def make_estimator(algo, T, gamma, lam, K, beta, lr, seed):
    """The estimator the menu's ``algo`` names, with the sidebar's parameters (unfitted).

    The registry's constructor gives the class and its definition (GBRFF2+'s
    ingredients); the app then uses the estimator's own thread default
    (``n_jobs=None``: the registry's one thread is for protocols that run many
    fits at once) and, but for GBRFF2+ which standardises inside,
    ``standardize=False``: the model works in the plane's own coordinates, so
    that ω, b and the stripes are read in the picture's units (an upload is
    standardised by the page, the toy data come centred).

    Parameters
    ----------
    algo : {"GBRFF2", "GBRFF2+", "GBRFF1", "GBRFF-LS"}
        The menu's algorithm (:data:`ALGOS`).
    T : int
        Iterations.
    gamma : float
        γ.
    lam : float
        λ, for GBRFF2 and GBRFF2+.
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
        The unfitted estimator.

    Raises
    ------
    ValueError
        For an algorithm the menu does not have.

    Examples
    --------
    >>> from gbrff.teaching.menu import make_estimator
    >>> make_estimator("GBRFF1", T=20, gamma=0.5, lam=0.0, K=5, beta=1.0, lr=1.0, seed=0)
    GBRFF1Classifier(gamma=0.5, n_components=5, n_estimators=20, random_state=0,
                     standardize=False)
    """
    if algo not in ALGOS:
        raise ValueError(f"unknown algorithm {algo!r}; the menu has {', '.join(ALGOS)}")
    est = get_method(algo).make(n_iter=T, random_state=seed)
    common = {"n_estimators": T, "gamma": gamma, "learning_rate": lr, "random_state": seed, "n_jobs": None}
    if algo == "GBRFF2":
        return est.set_params(**common, reg_lambda=lam, standardize=False)
    if algo == "GBRFF2+":  # as the registry defines it (standardising inside, ranks beside x), λ from the sidebar
        return est.set_params(**common, reg_lambda=lam)
    if algo == "GBRFF-LS":  # beta is its inverse temperature c, lr its learning rate v
        return est.set_params(**common, n_components=K, c=beta, standardize=False)
    return est.set_params(**common, n_components=K, beta=beta, standardize=False)


def lightgbm_reference(random_state=None):
    """The app's LightGBM (unfitted): the registry's ``LGBM`` with :data:`LIGHTGBM_REFERENCE`, 100 trees.

    LightGBM draws nothing at these settings (no bagging, every feature in
    every tree), so ``random_state`` does not change the model.

    Parameters
    ----------
    random_state : int or None, default=None
        Passed on, for the record.

    Returns
    -------
    lightgbm.LGBMClassifier
        The unfitted model.

    Examples
    --------
    >>> from gbrff.teaching.menu import lightgbm_reference
    >>> model = lightgbm_reference()
    >>> model.n_estimators, model.max_depth, model.min_child_samples
    (100, 5, 2)
    """
    return get_method("LGBM").make(n_iter=100, random_state=random_state).set_params(**LIGHTGBM_REFERENCE)
