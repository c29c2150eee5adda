"""Two ways of learning a kernel from its Fourier features, on the same toy split: GBRFF2 moves each
frequency ω (Gautheron et al., ECML-PKDD 2020), Fourier kernel learning learns the scales σ of the
draws (RFF-SKL; Băzăvan, Li, Sminchisescu, ECCV 2012)."""

import numpy as np

from .._estimators import GBRFF2Classifier
from ..baselines import RFFSKLClassifier
from .toy import toy_split

__all__ = ["two_ways"]


def two_ways(name, n, noise, seed, gamma, T):
    """GBRFF2 with T iterations and RFF-SKL with T features from the same prior N(0, 2γ).

    σ₀ = √(2γ) on each coordinate: GBRFF2 moves each frequency, RFF-SKL learns
    the scales σ of its draws.

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
        Iterations of GBRFF2 and features of RFF-SKL.

    Returns
    -------
    dict
        ``gbrff2`` (its T learned ω, (T, 2)), ``skl`` (RFF-SKL's frequencies,
        (2, T)), ``prior`` (its draws at σ₀), ``sigma0``, ``sigma`` (the learned
        σ) and both test accuracies ``acc_gbrff2``, ``acc_skl``.

    Examples
    --------
    >>> from gbrff.teaching.two_ways import two_ways
    >>> ways = two_ways("moons", 60, 0.1, seed=0, gamma=0.5, T=10)
    >>> ways["gbrff2"].shape, ways["skl"].shape, ways["sigma0"]
    ((10, 2), (2, 10), 1.0)
    """
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    g2 = GBRFF2Classifier(n_estimators=T, gamma=gamma, random_state=seed,
                          standardize=False).fit(X_tr, y_tr)
    sigma0 = float(np.sqrt(2.0 * gamma))  # the same prior N(0, 2γ) on each coordinate
    skl = RFFSKLClassifier(n_components=T, sigma=sigma0, random_state=seed).fit(X_tr, y_tr)
    return {"gbrff2": g2.expansion_.omegas[:, 0, :], "skl": skl.frequencies(),
            "prior": skl.omega_quantiles_ * sigma0, "sigma0": sigma0, "sigma": skl.sigma_[0],
            "acc_gbrff2": g2.score(X_te, y_te), "acc_skl": skl.score(X_te, y_te)}
