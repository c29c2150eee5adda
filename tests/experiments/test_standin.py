"""Stand-in methods for the experiment runner's tests (importable by workers).

They follow the registry contract of ``gbrff.methods`` (``MethodSpec`` with
``make(n_iter, random_state)`` and ``grid(n_features)``) but are small
scikit-learn models, so the runner's mechanics are tested fast and apart from
the real methods.  Used by name: ``--registry tests.experiments.test_standin:get_method``
with the repository root on ``PYTHONPATH``.
"""

import time
from dataclasses import dataclass
from typing import Callable

import numpy as np
from sklearn.base import clone
from sklearn.ensemble import GradientBoostingClassifier
from sklearn.linear_model import RidgeClassifier


@dataclass(frozen=True)
class MethodSpec:
    name: str
    make: Callable
    grid: Callable
    reference: str = ""


class KStumps(GradientBoostingClassifier):
    """Boosted stumps with an extra ``n_components`` parameter (stands in for GBRFF1's K)."""

    def __init__(self, n_estimators=100, n_components=1, learning_rate=0.1, random_state=None):
        super().__init__(n_estimators=n_estimators, learning_rate=learning_rate, max_depth=1,
                         random_state=random_state)
        self.n_components = n_components

    def fit(self, X, y, sample_weight=None):
        # n_components changes the model: the first n_components features are dropped
        self.max_features = None
        return super().fit(self._cut(X), y, sample_weight)

    def _cut(self, X):
        return np.asarray(X)[:, (self.n_components - 1) % np.asarray(X).shape[1]:]

    def staged_predict(self, X):
        return super().staged_predict(self._cut(X))

    def predict(self, X):
        return super().predict(self._cut(X))


class SlowRidge(RidgeClassifier):
    """Ridge classifier that also sleeps ``pause`` seconds per fit (for kill tests)."""

    def __init__(self, alpha=1.0, random_state=None, pause=0.03):
        super().__init__(alpha=alpha, random_state=random_state)
        self.pause = pause

    def fit(self, X, y, sample_weight=None):
        time.sleep(self.pause)
        return super().fit(X, y, sample_weight)


def _stumps(n_iter=100, random_state=None):
    return KStumps(n_estimators=n_iter, random_state=random_state)


def _ridge(n_iter=100, random_state=None):
    return RidgeClassifier(random_state=random_state)


def _slow(n_iter=100, random_state=None):
    return SlowRidge(random_state=random_state)


METHODS = {
    "STUMPS": MethodSpec("STUMPS", _stumps,
                         lambda d: {"learning_rate": [0.1, 0.3, 1.0]}, "boosted stumps"),
    "RIDGE": MethodSpec("RIDGE", _ridge,
                        lambda d: {"alpha": [0.1, 10.0, 100.0, 1000.0 / d]}, "ridge classifier"),
    "SLOW": MethodSpec("SLOW", _slow, lambda d: {"alpha": [0.1, 10.0, 100.0, 1000.0]},
                       "slow ridge classifier"),
}


def get_method(name):
    return METHODS[name]


def test_standins_follow_the_registry_contract():
    for name, spec in METHODS.items():
        est = spec.make(n_iter=7, random_state=3)
        assert clone(est).get_params() == est.get_params()
        grid = spec.grid(4)
        assert isinstance(grid, dict) and grid
        est.set_params(**{k: v[0] for k, v in grid.items()})
    k = KStumps(n_estimators=5, n_components=3)
    assert clone(k).get_params()["n_components"] == 3
