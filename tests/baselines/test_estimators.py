"""Two-moons accuracy of the three comparison classifiers (scikit-learn's checks:
tests/integration/test_sklearn_checks.py)."""

import numpy as np
import pytest
from sklearn.model_selection import train_test_split

from gbrff.baselines import BMKRClassifier, GFCClassifier, PBRFFClassifier
from gbrff.datasets import make_toy

@pytest.fixture(scope="module")
def moons():
    X, y = make_toy("moons", n_samples=400, random_state=1)
    return train_test_split(X, y, test_size=0.3, random_state=0)


@pytest.mark.parametrize(
    "estimator",
    [PBRFFClassifier(random_state=0), BMKRClassifier(n_estimators=10), GFCClassifier(random_state=0)],
    ids=lambda e: type(e).__name__,
)
def test_learns_two_moons(estimator, moons):
    Xa, Xb, ya, yb = moons
    assert estimator.fit(Xa, ya).score(Xb, yb) >= 0.95


@pytest.mark.parametrize("cls", [PBRFFClassifier, BMKRClassifier, GFCClassifier])
def test_string_labels_and_sign_convention(cls, moons):
    Xa, _, ya, _ = moons
    labels = np.where(ya == 1, "yes", "no")
    clf = cls(random_state=0).set_params(**({"n_estimators": 3} if cls is BMKRClassifier else {}))
    clf.fit(Xa, labels)
    assert list(clf.classes_) == ["no", "yes"]
    scores = clf.decision_function(Xa)
    np.testing.assert_array_equal(clf.predict(Xa), np.where(scores > 0, "yes", "no"))


@pytest.mark.parametrize("cls", [PBRFFClassifier, GFCClassifier])
def test_deterministic_given_seed(cls, moons):
    Xa, Xb, ya, _ = moons
    a = cls(random_state=3).fit(Xa, ya).decision_function(Xb)
    b = cls(random_state=3).fit(Xa, ya).decision_function(Xb)
    c = cls(random_state=4).fit(Xa, ya).decision_function(Xb)
    np.testing.assert_array_equal(a, b)
    assert not np.allclose(a, c)
