"""BMKRClassifier against Wu et al. (2017) as the GBRFF paper describes it."""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVR, LinearSVR

from gbrff.baselines import BMKRClassifier
from gbrff.baselines._bmkr import DEFAULT_GAMMAS
from gbrff.datasets import make_toy


@pytest.fixture(scope="module")
def data():
    return make_toy("circles", n_samples=200, random_state=0)


def test_dictionary_is_the_papers():
    assert DEFAULT_GAMMAS == tuple(2.0**e for e in range(-4, 6))


def test_first_iteration_picks_the_best_svr(data):
    X, y = data
    clf = BMKRClassifier(n_estimators=1, C=1.0).fit(X, y)
    assert clf.init_ == pytest.approx(y.mean())
    residual = y - y.mean()
    errors = {}
    for g in list(DEFAULT_GAMMAS) + [None]:
        if g is None:
            svr = LinearSVR(C=1.0, epsilon=0.1, loss="epsilon_insensitive", max_iter=100_000, random_state=0)
        else:
            svr = SVR(kernel="rbf", gamma=g, C=1.0)
        errors[g] = np.sum((residual - svr.fit(X, residual).predict(X)) ** 2)
    assert clf.kernel_gammas_[0] == min(errors, key=errors.get)
    F1 = next(clf.staged_decision_function(X))
    np.testing.assert_allclose(F1 - y.mean(), SVR(kernel="rbf", gamma=clf.kernel_gammas_[0]).fit(X, residual).predict(X), atol=1e-2)


def test_boosting_decreases_training_loss(data):
    X, y = data
    clf = BMKRClassifier(n_estimators=6).fit(X, y)
    assert np.all(np.diff(clf.train_score_) <= 1e-9)
    staged = list(clf.staged_decision_function(X))
    assert len(staged) == 6
    np.testing.assert_allclose(staged[-1], clf.decision_function(X))
    np.testing.assert_allclose([np.mean((y - s) ** 2) for s in staged], clf.train_score_, rtol=1e-6)


def test_precomputed_and_direct_paths_agree(data):
    X, y = data
    a = BMKRClassifier(n_estimators=2, max_precompute=10_000).fit(X, y)
    b = BMKRClassifier(n_estimators=2, max_precompute=0).fit(X, y)
    assert a.kernel_gammas_ == b.kernel_gammas_
    # libsvm stops at tol=1e-3, so the two kernel paths agree to about that
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), atol=1e-2)


def test_shrinkage_and_subsample(data):
    X, y = data
    clf = BMKRClassifier(n_estimators=3, learning_rate=0.5, subsample=0.5, random_state=0).fit(X, y)
    again = BMKRClassifier(n_estimators=3, learning_rate=0.5, subsample=0.5, random_state=0).fit(X, y)
    np.testing.assert_array_equal(clf.decision_function(X), again.decision_function(X))
    with pytest.raises(ValueError, match="dictionary is empty"):
        BMKRClassifier(gammas=(), use_linear=False).fit(X, y)


def test_linear_kernel_weak_learner():
    X, y = make_toy("moons", n_samples=200, random_state=0)
    clf = BMKRClassifier(n_estimators=1, gammas=(), use_linear=True, C=0.5).fit(X, y)
    assert clf.kernel_gammas_ == [None]
    ref = LinearSVR(C=0.5, epsilon=0.1, loss="epsilon_insensitive", max_iter=100_000, random_state=0).fit(X, y - y.mean())
    np.testing.assert_allclose(clf.decision_function(X), y.mean() + ref.predict(X), atol=1e-10)


def test_residuals_inside_the_tube_give_a_constant_linear_learner():
    X = np.random.RandomState(0).randn(50, 3)
    clf = BMKRClassifier(gammas=(), use_linear=True, epsilon=0.1)
    r = np.random.RandomState(1).uniform(-0.05, 0.08, size=50)
    support, dual, b, pred = clf._fit_weak(None, X, np.arange(50), r, None)
    assert np.all(support == 0) and -0.02 <= b <= 0.05
    assert b == pytest.approx(np.clip(r.mean(), r.max() - 0.1, r.min() + 0.1))
    np.testing.assert_allclose(pred, b)


def test_capped_solves_are_counted_and_reported_once(data):
    X, y = data
    with pytest.warns(ConvergenceWarning) as caught:
        capped = BMKRClassifier(n_estimators=3, C=1000.0, max_iter=5).fit(X, y)
    assert len(caught) == 1
    assert capped.n_solves_ == 3 * len(DEFAULT_GAMMAS)   # the RBF SVRs; the linear one is liblinear's
    assert 0 < capped.n_solves_capped_ <= capped.n_solves_
    assert f"{capped.n_solves_capped_} of {capped.n_solves_} libsvm solves stopped at max_iter=5" in str(
        caught[0].message)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)
        free = BMKRClassifier(n_estimators=3, C=1000.0).fit(X, y)
    assert free.n_solves_ == capped.n_solves_ and free.n_solves_capped_ == 0


def test_capped_solves_are_counted_on_the_direct_path(data):
    X, y = data
    with pytest.warns(ConvergenceWarning, match="libsvm solves stopped at max_iter=5"):
        est = BMKRClassifier(n_estimators=2, C=1000.0, max_iter=5, max_precompute=0).fit(X, y)
    assert est.n_solves_ == 2 * len(DEFAULT_GAMMAS) and est.n_solves_capped_ > 0
