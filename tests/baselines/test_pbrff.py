"""PBRFFClassifier against Letarte et al. (2019) as the GBRFF paper describes it."""

import numpy as np
import pytest
from scipy.special import softmax

from gbrff.baselines import PBRFFClassifier
from gbrff.datasets import make_toy


@pytest.fixture(scope="module")
def data():
    return make_toy("moons", n_samples=300, random_state=0)


def test_landmarks_and_prior(data):
    X, y = data
    clf = PBRFFClassifier(n_landmarks=50, n_components=20, gamma=0.5, random_state=0).fit(X, y)
    # landmarks are training points
    assert all(np.any(np.all(X == lm, axis=1)) for lm in clf.landmarks_)
    # ω ~ N(0, 2γ): variance 2γ = 1
    assert clf.omegas_.shape == (50, 20, 2)
    assert abs(clf.omegas_.var() - 1.0) < 0.1 and abs(clf.omegas_.mean()) < 0.05
    np.testing.assert_allclose(clf.q_.sum(axis=1), 1.0)


def test_pseudo_posterior_matches_equation_4(data):
    X, y = data
    clf = PBRFFClassifier(n_landmarks=5, n_components=4, gamma=1.0, beta=0.7, random_state=1).fit(X, y)
    n = len(y)
    for p in range(5):
        xp = clf.landmarks_[p]
        yp = y[np.flatnonzero(np.all(X == xp, axis=1))[0]]
        h = np.cos((X - xp) @ clf.omegas_[p].T)  # (n, K)
        agreement = ((y * yp) @ h - 1.0) / (n - 1)  # landmark left out
        loss = 0.5 - 0.5 * agreement
        np.testing.assert_allclose(clf.q_[p], softmax(-0.7 * np.sqrt(n) * loss), rtol=1e-10)


def test_beta_zero_is_uniform_and_large_beta_concentrates(data):
    X, y = data
    q0 = PBRFFClassifier(n_landmarks=10, beta=0.0, random_state=0).fit(X, y).q_
    np.testing.assert_allclose(q0, 0.1)
    q_big = PBRFFClassifier(n_landmarks=10, beta=100.0, random_state=0).fit(X, y).q_
    assert q_big.max(axis=1).mean() > 0.9


def test_features_are_equation_2(data):
    X, y = data
    clf = PBRFFClassifier(n_landmarks=7, random_state=0).fit(X, y)
    F = clf.compute_features(X[:20])
    expected = np.stack(
        [np.cos((X[:20] - clf.landmarks_[p]) @ clf.omegas_[p].T) @ clf.q_[p] for p in range(7)], axis=1
    )
    np.testing.assert_allclose(F, expected, atol=1e-12)
    np.testing.assert_allclose(clf.decision_function(X[:20]), clf.svm_.decision_function(expected))


def test_gamma_auto_is_one_over_d():
    X, y = make_toy("board", n_samples=200, random_state=0)
    X4 = np.hstack([X, X])  # d = 4: ω variance 2/4
    clf = PBRFFClassifier(n_landmarks=200, random_state=0).fit(X4, y)
    assert abs(clf.omegas_.var() - 0.5) < 0.05


def test_uniform_q_approximates_the_rbf_kernel():
    # β = 0: q uniform, so each landmark feature is the RFF estimate of exp(-γ‖x − x^p‖²)
    X, y = make_toy("circles", n_samples=100, random_state=0)
    clf = PBRFFClassifier(n_landmarks=3, n_components=20000, gamma=0.7, beta=0.0, random_state=0).fit(X, y)
    F = clf.compute_features(X)
    exact = np.exp(-0.7 * ((X[:, None, :] - clf.landmarks_[None, :, :]) ** 2).sum(axis=2))
    assert np.abs(F - exact).max() < 0.03
