"""K and λ on a toy split: GBRFF1's K at a fixed budget T × K (the GBRFF paper's Fig. 3, live) and
GBRFF2's penalty λ‖ω‖² swept (Gautheron et al., ECML-PKDD 2020)."""

import numpy as np

from .._estimators import GBRFF1Classifier, GBRFF2Classifier
from .expansions import make_grid
from .toy import toy_split

__all__ = ["KS", "BUDGETS", "LAMBDAS", "REPEATS", "k_budget", "lambda_sweep"]

#: The values of K of GBRFF1's budget curves.
KS = (1, 5, 10, 20)
#: The budgets T × K.
BUDGETS = (20, 50, 100, 200, 500)
#: The values of λ of GBRFF2's sweep.
LAMBDAS = (0.0, 2.0 ** -10, 2.0 ** -8, 2.0 ** -6, 2.0 ** -5, 2.0 ** -4, 2.0 ** -3)
#: Seeds averaged per point.
REPEATS = 2


def k_budget(name, n, noise, seed, gamma):
    """GBRFF1's mean test accuracy for each K of :data:`KS` and budget B of :data:`BUDGETS`.

    T = ⌊B / K⌋ iterations; the mean is over ``REPEATS`` seeds.

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
    dict of int to list of float
        ``{K: [accuracy per budget]}``, NaN where B < K.

    Examples
    --------
    >>> from gbrff.teaching.sweeps import BUDGETS, k_budget
    >>> scores = k_budget("moons", 60, 0.1, seed=0, gamma=0.5)
    >>> sorted(scores), len(scores[1]) == len(BUDGETS)
    ([1, 5, 10, 20], True)
    """
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    scores = {}
    for K in KS:
        row = []
        for B in BUDGETS:
            if B < K:
                row.append(np.nan)
                continue
            accs = [GBRFF1Classifier(n_estimators=B // K, n_components=K, gamma=gamma, random_state=seed + r,
                                     standardize=False)
                    .fit(X_tr, y_tr).score(X_te, y_te) for r in range(REPEATS)]
            row.append(float(np.mean(accs)))
        scores[K] = row
    return scores


def lambda_sweep(name, n, noise, seed, gamma, T):
    """GBRFF2 with T iterations for each λ of :data:`LAMBDAS`.

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
    T : int
        Iterations.

    Returns
    -------
    dict
        ``norm`` (mean ‖ω‖), ``train`` and ``test`` accuracies and ``H``
        (float32 vote on a 70 × 70 grid), one entry per λ, and the grid's
        ``xs``, ``ys``.

    Examples
    --------
    >>> from gbrff.teaching.sweeps import lambda_sweep
    >>> sweep = lambda_sweep("moons", 60, 0.1, seed=0, gamma=0.5, T=10)
    >>> [round(v, 2) for v in sweep["norm"]]     # a larger λ, shorter frequencies
    [2.11, 1.92, 1.76, 1.43, 1.03, 0.78, 0.58]
    """
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    xs, ys, G = make_grid(np.vstack([X_tr, X_te]), n=70)
    out = {"norm": [], "train": [], "test": [], "H": [], "xs": xs, "ys": ys}
    for lam in LAMBDAS:
        m = GBRFF2Classifier(n_estimators=T, gamma=gamma, reg_lambda=lam, random_state=seed,
                             standardize=False).fit(X_tr, y_tr)
        out["norm"].append(float(np.linalg.norm(m.expansion_.omegas, axis=-1).mean()))
        out["train"].append(m.score(X_tr, y_tr))
        out["test"].append(m.score(X_te, y_te))
        out["H"].append(m.decision_function(G).astype(np.float32))
    return out
