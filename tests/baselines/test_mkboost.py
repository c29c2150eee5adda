"""MKBoost (Xia & Hoi, 2013), the deterministic variant: AdaBoost over kernel SVMs."""

import numpy as np
import pytest
from sklearn.svm import SVC

from gbrff.baselines import MKBoostClassifier
from gbrff.baselines import _mkboost
from gbrff.methods import get_method
from gbrff.datasets import make_toy

SMALL_KERNELS = (("rbf", 0.5), ("rbf", 4.0), ("poly", 1), ("poly", 2))


def test_default_dictionary_is_the_preprints():
    kinds = [k for k, _ in _mkboost.DEFAULT_KERNELS]
    assert kinds.count("rbf") == 14 and kinds.count("poly") == 3
    assert [g for k, g in _mkboost.DEFAULT_KERNELS if k == "rbf"] == [2.0**e for e in range(-6, 8)]
    assert [d for k, d in _mkboost.DEFAULT_KERNELS if k == "poly"] == [1, 2, 3]
    assert get_method("MKBoost").make(n_iter=200).get_params()["n_estimators"] == 200


def _plain_adaboost(X, y, kernels, C, T):
    """The same algorithm with scikit-learn's own kernels (no precomputed Gram)."""
    n = len(y)
    D = np.full(n, 1.0 / n)
    alphas, F = [], np.zeros(n)
    for _ in range(T):
        best = None
        for kind, v in kernels:
            svc = (SVC(kernel="rbf", gamma=v, C=C) if kind == "rbf"
                   else SVC(kernel="poly", degree=v, gamma=1.0, coef0=0.0, C=C))
            svc.fit(X, y, sample_weight=D * n)
            pred = svc.predict(X)
            err = D[pred != y].sum()
            if best is None or err < best[0]:
                best = (err, pred)
        err, pred = best
        if err >= 0.5:
            break
        a = 0.5 * np.log((1 - max(err, 1e-10)) / max(err, 1e-10))
        alphas.append(a)
        F += a * pred
        D = D * np.exp(-a * y * pred)
        D /= D.sum()
    return np.array(alphas), F


def test_matches_plain_adaboost_with_sklearn_kernels():
    X, y = make_toy("moons", n_samples=80, random_state=1)
    est = MKBoostClassifier(n_estimators=6, C=1.0, kernels=SMALL_KERNELS).fit(X, y)
    alphas, F = _plain_adaboost(X, y, SMALL_KERNELS, 1.0, 6)
    np.testing.assert_allclose(est.estimator_weights_, alphas, rtol=1e-6)
    np.testing.assert_array_equal(np.sign(est.decision_function(X)), np.sign(F))
    stages = list(est.staged_decision_function(X))
    assert len(stages) == est.n_iter_ == 6
    np.testing.assert_allclose(stages[-1], est.decision_function(X), atol=1e-11)


def test_gram_matrices_once_per_training_set(monkeypatch):
    X, y = make_toy("moons", n_samples=60, random_state=0)
    calls = []
    real = _mkboost._gram

    def counting(kernel, A, B):
        calls.append((kernel, A.shape[0], B.shape[0]))
        return real(kernel, A, B)

    monkeypatch.setattr(_mkboost, "_gram", counting)
    MKBoostClassifier(n_estimators=5, kernels=SMALL_KERNELS).fit(X, y)
    full = [c for c in calls if c[1:] == (60, 60)]
    assert sorted(k for k, _, _ in full) == sorted(SMALL_KERNELS)   # each kernel once


def test_worse_than_chance_stops_and_predicts_the_majority():
    """ε ≥ ½ stops: on constant features an SVM can only predict one class."""
    X = np.zeros((12, 2))
    y = np.array([1] * 7 + [-1] * 5)
    weights = np.array([1.0] * 6 + [0.0] + [1.0] * 5)   # 6 against 5 by weight
    est = MKBoostClassifier(n_estimators=10, kernels=(("poly", 1),)).fit(X, y, weights)
    # round 1: the majority, ε = 5/11; then the weights are balanced, ε = ½: stop
    assert est.n_iter_ == 1 and est.estimator_errors_[0] == pytest.approx(5 / 11)
    assert np.all(est.predict(X) == 1)
    est = MKBoostClassifier(n_estimators=10, kernels=(("poly", 1),)).fit(X[2:], y[2:])
    assert est.n_iter_ == 0                             # balanced from the start
    assert np.all(est.predict(X) == est.classes_[0])   # no majority: classes_[0]


def test_perfect_learner_gets_a_finite_weight():
    """ε = 0 is clipped: a separating SVM gets a large, finite α and boosting goes on."""
    X, y = make_toy("moons", n_samples=60, random_state=0)
    est = MKBoostClassifier(n_estimators=3, C=1e3, kernels=(("rbf", 8.0),)).fit(X, y)
    assert est.estimator_errors_[0] == 0.0
    assert np.all(np.isfinite(est.estimator_weights_)) and est.estimator_weights_[0] > 10
    assert est.score(X, y) == 1.0


def test_a_perfect_round_is_repeated_not_refitted():
    """After ε = 0 the weights do not change: the remaining rounds are that
    round again, as refitting them (the plain loop) gives, for one round's solves."""
    X, y = make_toy("moons", n_samples=80, random_state=1)
    est = MKBoostClassifier(n_estimators=6, C=1e3, kernels=SMALL_KERNELS).fit(X, y)
    alphas, F = _plain_adaboost(X, y, SMALL_KERNELS, 1e3, 6)
    assert est.estimator_errors_[0] == 0.0 and est.n_iter_ == 6
    assert est.n_solves_ == len(SMALL_KERNELS)          # one round of solves
    np.testing.assert_allclose(est.estimator_weights_, alphas, rtol=1e-6)
    np.testing.assert_array_equal(np.sign(est.decision_function(X)), np.sign(F))
    assert len(set(map(id, est.estimators_))) == 1
    assert len(list(est.staged_decision_function(X))) == 6


@pytest.mark.parametrize("bad, match", [(dict(kernels=()), "empty"),
                                        (dict(kernels=(("sigmoid", 1.0),)), "unknown kernel")])
def test_bad_dictionary_is_a_clear_error(bad, match):
    X, y = make_toy("moons", n_samples=30, random_state=0)
    with pytest.raises(ValueError, match=match):
        MKBoostClassifier(**bad).fit(X, y)

