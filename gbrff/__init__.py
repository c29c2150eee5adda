"""gbrff: Gradient Boosting with Random Fourier Features.

The reference implementation of GBRFF1 and GBRFF2 (Gautheron, Germain,
Habrard, Metzler, Morvant, Sebban, Zantedeschi, ECML-PKDD 2020) on a
numba-compiled engine, behind scikit-learn estimators: classifiers and
regressors.

>>> from gbrff import GBRFF2Classifier, GBRFF2Regressor
"""

from ._boosting import LOSSES, Expansion
from ._estimators import GBRFF1Classifier, GBRFF2Classifier, GBRFFLSClassifier
from ._gamma import quantile_gamma, resolve_gamma
from ._regressors import GBRFF1Regressor, GBRFF2Regressor, GBRFFLSRegressor

__all__ = ["Expansion", "GBRFF1Classifier", "GBRFF1Regressor", "GBRFF2Classifier",
           "GBRFF2Regressor", "GBRFFLSClassifier", "GBRFFLSRegressor", "LOSSES",
           "quantile_gamma", "resolve_gamma", "warm_up"]
__version__ = "0.1.0"


def warm_up(threads=False):
    """Compile (or load from the on-disk cache) every engine kernel once by
    fitting two tiny models, so that the first real fit is fast.

    ``threads=True`` also compiles the threaded engine that fits on more
    than one block of samples use on several cores (numba's JIT: about a
    minute the first time on a machine, then loaded from its on-disk cache
    in about a second)."""
    import numpy as np

    from ._engine.blocks import BLOCK

    rng = np.random.default_rng(0)
    n = 2 * BLOCK + 1 if threads else 40
    X = rng.standard_normal((n, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    for est in (GBRFF2Classifier(n_estimators=3, random_state=0, n_jobs=2 if threads else 1),
                GBRFF1Classifier(n_estimators=2, n_components=2, random_state=0,
                                 n_jobs=2 if threads else 1)):
        est.fit(X, y)
        est.predict_proba(X[:40])
        for _ in est.staged_decision_function(X[:3]):
            pass
