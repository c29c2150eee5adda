"""Random features, three ways, on a toy split: the same budget of D cosines, drawn at random under a
linear model (LogReg+RFF: Rahimi & Recht, NIPS 2007), drawn from a prior whose bandwidths are learned
(RFF-SKL: Băzăvan, Li, Sminchisescu, ECCV 2012), or each frequency learned by boosting (GBRFF2:
Gautheron et al., ECML-PKDD 2020). The ways are named by the registry (their labels and colours)."""

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline

from .._estimators import GBRFF2Classifier
from ..baselines import RandomFeatureMap, RFFSKLClassifier
from .expansions import accuracy, make_grid, staged_scores, vote_from_proba
from .toy import toy_split

__all__ = ["BUDGETS", "REPEATS", "C", "SKL_ITER", "RANDOM", "BANDWIDTHS", "LEARNED", "random_way", "bandwidth_way",
           "learned_way", "accuracy_curves", "three_ways"]

#: The numbers D of cosines of the accuracy curves.
BUDGETS = (1, 2, 5, 10, 20, 50, 100, 200)
#: Seeds per point.
REPEATS = 3
#: The logistic regression's C (way 1).
C = 100.0  # the logistic regression's C: the larger value of our thesis grid {1, 100} (methods/_thesis_methods.py)
#: RFF-SKL's L-BFGS iterations on σ (way 2).
SKL_ITER = 30  # L-BFGS iterations on σ (a toy problem needs fewer than 25)
# registry names: label and colour of each way
#: The three ways' registry names (their labels and colours).
RANDOM, BANDWIDTHS, LEARNED = "LogReg+RFF", "RFF-SKL", "GBRFF2"


def random_way(X, y, D, gamma, seed):
    """Way 1: D random cosines (scikit-learn's RBFSampler), a logistic regression on top.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        Training data.
    y : ndarray of shape (n,)
        Labels.
    D : int
        The number of cosines.
    gamma : float
        γ of the prior N(0, 2γ).
    seed : int
        The draws' seed.

    Returns
    -------
    sklearn.pipeline.Pipeline
        The fitted map and logistic regression (C = :data:`C`).

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.three_ways import random_way
    >>> X_tr, X_te, y_tr, y_te = data
    >>> round(random_way(X_tr, y_tr, 50, 0.5, seed=0).score(X_te, y_te), 2)
    1.0
    """
    return Pipeline([("map", RandomFeatureMap("rff", n_components=int(D), gamma=float(gamma), random_state=seed)),
                     ("model", LogisticRegression(C=C, max_iter=2000))]).fit(X, y)


def bandwidth_way(X, y, D, gamma, seed, learn=True):
    """Way 2: D random cosines from N(0, diag(σ²)), σ learned from σ₀ = √(2γ).

    Parameters
    ----------
    X : ndarray of shape (n, d)
        Training data.
    y : ndarray of shape (n,)
        Labels.
    D : int
        The number of cosines.
    gamma : float
        γ of the prior N(0, 2γ).
    seed : int
        The draws' seed.
    learn : bool, default=True
        False keeps σ at σ₀.

    Returns
    -------
    gbrff.baselines.RFFSKLClassifier
        The fitted model (at most :data:`SKL_ITER` L-BFGS iterations on σ).

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.three_ways import bandwidth_way
    >>> X_tr, X_te, y_tr, y_te = data
    >>> bandwidth_way(X_tr, y_tr, 50, 0.5, seed=0).sigma_.shape
    (1, 2)
    """
    return RFFSKLClassifier(n_components=int(D), sigma=float(np.sqrt(2.0 * gamma)), learn_sigma=learn,
                            max_iter=SKL_ITER, random_state=seed).fit(X, y)


def learned_way(X, y, D, gamma, seed):
    """Way 3: D cosines, each ω learned by boosting.

    Parameters
    ----------
    X : ndarray of shape (n, d)
        Training data.
    y : ndarray of shape (n,)
        Labels.
    D : int
        The number of cosines.
    gamma : float
        γ of the prior N(0, 2γ).
    seed : int
        The draws' seed.

    Returns
    -------
    gbrff.GBRFF2Classifier
        The fitted model, D iterations, in the plane's own coordinates.

    Examples
    --------
    >>> from gbrff.teaching.toy import toy_split
    >>> data = toy_split("moons", 100, 0.1, seed=0)
    >>> from gbrff.teaching.three_ways import learned_way
    >>> X_tr, X_te, y_tr, y_te = data
    >>> learned_way(X_tr, y_tr, 50, 0.5, seed=0).n_estimators_
    50
    """
    return GBRFF2Classifier(n_estimators=int(D), gamma=float(gamma), random_state=seed,
                            standardize=False).fit(X, y)


def accuracy_curves(name, n, noise, seed, gamma):
    """Test accuracy of each way for every D of :data:`BUDGETS`.

    For the seeds ``seed + r``, ``r < REPEATS``. The first D rounds of a
    GBRFF2 are exactly the D-round model with the same seed, so one GBRFF2 per
    seed gives its whole curve.

    Parameters
    ----------
    name : str
        The toy problem (:func:`gbrff.datasets.make_toy`).
    n : int
        Its number of points (70 % to train, 30 % to test).
    noise : float
        Its noise.
    seed : int
        The split's and the models' seed.
    gamma : float
        γ of the prior N(0, 2γ).

    Returns
    -------
    dict of str to ndarray
        ``{way: (len(BUDGETS), REPEATS)}``, the ways named by the registry.

    Examples
    --------
    >>> from gbrff.teaching.three_ways import accuracy_curves
    >>> curves = accuracy_curves("moons", 60, 0.1, seed=0, gamma=0.5)
    >>> {way: a.shape for way, a in curves.items()}
    {'LogReg+RFF': (8, 3), 'RFF-SKL': (8, 3), 'GBRFF2': (8, 3)}
    """
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    acc = {way: np.empty((len(BUDGETS), REPEATS)) for way in (RANDOM, BANDWIDTHS, LEARNED)}
    for r in range(REPEATS):
        for i, D in enumerate(BUDGETS):
            acc[RANDOM][i, r] = random_way(X_tr, y_tr, D, gamma, seed + r).score(X_te, y_te)
            acc[BANDWIDTHS][i, r] = bandwidth_way(X_tr, y_tr, D, gamma, seed + r).score(X_te, y_te)
        model = learned_way(X_tr, y_tr, max(BUDGETS), gamma, seed + r)
        H = staged_scores(model.expansion_, X_te, BUDGETS)
        acc[LEARNED][:, r] = [accuracy(h, y_te) for h in H]
    return acc


def three_ways(name, n, noise, seed, gamma, D, grid=80):
    """The three ways with D features each.

    Parameters
    ----------
    name : str
        The toy problem (:func:`gbrff.datasets.make_toy`).
    n : int
        Its number of points (70 % to train, 30 % to test).
    noise : float
        Its noise.
    seed : int
        The split's and the models' seed.
    gamma : float
        γ of the prior N(0, 2γ).
    D : int
        The number of cosines of each way.
    grid : int, default=80
        Points per axis of the grid the votes are drawn on.

    Returns
    -------
    dict
        The votes ``H`` on a ``grid × grid`` grid ``xs × ys`` (by way),
        ``test`` and ``train`` accuracies, RFF-SKL's draws with σ kept
        (``test_sigma_kept``), every way's frequencies ``omega`` with their
        ``weight`` in the model, RFF-SKL's ``drawn`` frequencies and ``sigma``.

    Examples
    --------
    >>> from gbrff.teaching.three_ways import three_ways
    >>> ways = three_ways("moons", 60, 0.1, seed=0, gamma=0.5, D=10, grid=20)
    >>> sorted(ways["test"]), ways["omega"]["GBRFF2"].shape
    (['GBRFF2', 'LogReg+RFF', 'RFF-SKL'], (10, 2))
    """
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    xs, ys, G = make_grid(np.vstack([X_tr, X_te]), n=grid)
    models = {RANDOM: random_way(X_tr, y_tr, D, gamma, seed),
              BANDWIDTHS: bandwidth_way(X_tr, y_tr, D, gamma, seed), LEARNED: learned_way(X_tr, y_tr, D, gamma, seed)}
    kept = bandwidth_way(X_tr, y_tr, D, gamma, seed, learn=False).score(X_te, y_te)
    rnd, skl, gb = models[RANDOM], models[BANDWIDTHS], models[LEARNED]
    # H = log-odds / 2, the scale of GBRFF's vote: p(+1) = 1 / (1 + exp(-2H)) for all three
    H = {w: (m.decision_function(G) if w == LEARNED else vote_from_proba(m.predict_proba(G)[:, 1]))
         for w, m in models.items()}
    return {"xs": xs, "ys": ys,
            "H": {w: h.astype(np.float32) for w, h in H.items()},
            "test": {w: m.score(X_te, y_te) for w, m in models.items()},
            "train": {w: m.score(X_tr, y_tr) for w, m in models.items()},
            # the same draws with σ kept at σ₀ (RFF-SQL-SKL): what learning σ alone bought
            "test_sigma_kept": kept,
            "omega": {RANDOM: rnd.named_steps["map"].map_.random_weights_.T.copy(),
                      BANDWIDTHS: skl.frequencies().T.copy(),
                      LEARNED: gb.expansion_.omegas.reshape(-1, X_tr.shape[1]).copy()},
            # RFF-SKL's ω are its draws h(u)·σ₀ stretched per axis: ω = σ ⊙ h(u)
            "drawn": {BANDWIDTHS: skl.omega_quantiles_.T * float(np.sqrt(2.0 * gamma))},
            "sigma": skl.sigma_[0].copy(),
            # each cosine's weight in its model: the coefficient (logistic, ridge), the boosting step α
            "weight": {RANDOM: np.abs(rnd.named_steps["model"].coef_).ravel(),
                       BANDWIDTHS: np.abs(skl.coef_[0]).ravel(),
                       LEARNED: np.abs(gb.expansion_.alphas).ravel()}}
