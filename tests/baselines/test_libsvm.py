"""The direct libsvm call of MKBoost and BMKR is scikit-learn's SVC/SVR, bit for bit;
MKBoost's iteration cap is counted and reported."""

import warnings

import numpy as np
import pytest
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC, SVR

from gbrff.baselines import BMKRClassifier, MKBoostClassifier, _libsvm
from gbrff.baselines._mkboost import DEFAULT_KERNELS
from gbrff.datasets import make_toy

KERNELS = (("rbf", 0.5), ("rbf", 4.0), ("poly", 1), ("poly", 2))


def _problem(seed=0, n=60):
    rng = np.random.RandomState(seed)
    X = rng.randn(n, 4)
    y = np.where(X[:, 0] + 0.5 * rng.randn(n) > 0, 1.0, -1.0)
    return X, y, rng


@pytest.mark.parametrize("C", [1e-5, 1.0, 1e3])
@pytest.mark.parametrize("gamma", [0.05, 1.0])
def test_svc_solution_is_scikit_learns(C, gamma):
    X, y, rng = _problem()
    gram = np.exp(-gamma * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    w = rng.exponential(size=len(y))
    dual, intercept, support = _libsvm.fit_precomputed("svc", gram, y, C, sample_weight=w)
    svc = SVC(kernel="precomputed", C=C).fit(gram, y, sample_weight=w)
    np.testing.assert_array_equal(support, svc.support_)
    np.testing.assert_array_equal(dual, svc.dual_coef_[0])
    assert intercept == svc.intercept_[0]
    # the same decision up to the order of its sum (libsvm's loop, a matrix product here)
    np.testing.assert_allclose(gram[:, support] @ dual + intercept, svc.decision_function(gram),
                               rtol=1e-10, atol=1e-10)


@pytest.mark.slow
@pytest.mark.parametrize("C", [1e-3, 1.0, 1e3])
@pytest.mark.parametrize("epsilon", [0.0, 0.1])
def test_svr_solution_is_scikit_learns(C, epsilon):
    X, y, rng = _problem(1)
    target = y * 0.7 + 0.3 * rng.randn(len(y))
    gram = X @ X.T + 1.0
    dual, intercept, support = _libsvm.fit_precomputed("svr", gram, target, C, epsilon=epsilon)
    svr = SVR(kernel="precomputed", C=C, epsilon=epsilon).fit(gram, target)
    np.testing.assert_array_equal(support, svr.support_)
    np.testing.assert_array_equal(dual, svr.dual_coef_[0])
    assert intercept == svr.intercept_[0]
    np.testing.assert_allclose(gram[:, support] @ dual + intercept, svr.predict(gram),
                               rtol=1e-10, atol=1e-10)


def test_libsvm_prints_nothing(capfd):
    X, y, _ = _problem()
    _libsvm.fit_precomputed("svc", X @ X.T, y, 1.0)
    _libsvm.fit_precomputed("svr", X @ X.T, y, 1.0)
    assert capfd.readouterr().out == ""


@pytest.mark.parametrize("make", [
    lambda: MKBoostClassifier(n_estimators=8, C=10.0, kernels=KERNELS),
    lambda: BMKRClassifier(n_estimators=8, C=10.0, gammas=(0.5, 4.0)),
])
def test_fits_are_the_same_with_the_estimators_themselves(make, monkeypatch):
    X, y = make_toy("circles", n_samples=120, random_state=3)
    fast = make().fit(X, y)
    monkeypatch.setattr(_libsvm, "_libsvm", None)  # the fallback: SVC.fit / SVR.fit themselves
    slow = make().fit(X, y)
    np.testing.assert_array_equal(fast.decision_function(X), slow.decision_function(X))
    for name in ("estimator_weights_", "train_score_"):
        if hasattr(fast, name):
            np.testing.assert_array_equal(getattr(fast, name), getattr(slow, name))


@pytest.mark.parametrize("kind", ["svc", "svr"])
@pytest.mark.parametrize("max_iter", [-1, 5])
def test_iteration_count_is_the_estimators(kind, max_iter, monkeypatch):
    X, y, rng = _problem(2)
    gram = np.exp(-0.5 * ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1))
    direct = _libsvm.fit_precomputed(kind, gram, y, 1e3, max_iter=max_iter, return_n_iter=True)
    monkeypatch.setattr(_libsvm, "_libsvm", None)
    fallback = _libsvm.fit_precomputed(kind, gram, y, 1e3, max_iter=max_iter, return_n_iter=True)
    assert direct[3] == fallback[3] > 0
    assert (direct[3] == 5) == (max_iter == 5)  # a solve the cap stopped reports the cap


def test_mkboost_counts_and_reports_the_solves_its_cap_stopped():
    # noisy moons at C = 1: no round separates the training rows, so each of the
    # 3 rounds solves all 17 kernels
    X, y = make_toy("moons", n_samples=120, noise=0.3, random_state=0)
    with pytest.warns(ConvergenceWarning, match=r"51 of 51 libsvm solves stopped at max_iter=20"):
        capped = MKBoostClassifier(n_estimators=3, C=1.0, kernels=DEFAULT_KERNELS, max_iter=20).fit(X, y)
    assert (capped.n_solves_, capped.n_solves_capped_) == (51, 51)
    with warnings.catch_warnings():
        warnings.simplefilter("error", ConvergenceWarning)  # the default cap is not reached here
        free = MKBoostClassifier(n_estimators=3, C=1.0).fit(X, y)
    assert (free.n_solves_, free.n_solves_capped_) == (51, 0)
    # a cap no solve reaches changes nothing
    uncapped = MKBoostClassifier(n_estimators=3, C=1.0, max_iter=-1).fit(X, y)
    np.testing.assert_array_equal(free.decision_function(X), uncapped.decision_function(X))
    # a round with zero weighted error is repeated, not solved again: only its 17 solves count
    perfect = MKBoostClassifier(n_estimators=3, C=1e3).fit(X, y)
    assert (perfect.n_solves_, perfect.n_solves_capped_) == (17, 0)
