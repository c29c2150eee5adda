"""gbrff: Gradient Boosting with Random Fourier Features.

The reference implementation of GBRFF1 and GBRFF2 (Gautheron, Germain,
Habrard, Metzler, Morvant, Sebban, Zantedeschi, ECML-PKDD 2020) on a
numba-compiled engine, behind scikit-learn estimators.

>>> from gbrff import GBRFF2Classifier
"""

from ._boosting import LOSSES, Expansion
from ._estimators import GBRFF1Classifier, GBRFF2Classifier

__all__ = ["Expansion", "GBRFF1Classifier", "GBRFF2Classifier", "LOSSES", "warm_up"]
__version__ = "0.1.0"


def warm_up():
    """Compile (or load from the on-disk cache) every engine kernel once by
    fitting two tiny models, so that the first real fit is fast."""
    import numpy as np

    rng = np.random.default_rng(0)
    X = rng.standard_normal((40, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    for est in (GBRFF2Classifier(n_estimators=3, random_state=0),
                GBRFF1Classifier(n_estimators=2, n_components=2, random_state=0)):
        est.fit(X, y)
        est.predict_proba(X)
        for _ in est.staged_decision_function(X[:3]):
            pass
