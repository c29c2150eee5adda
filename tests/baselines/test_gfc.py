"""GFCClassifier against Oglic & Gärtner (2016) as the GBRFF paper describes it."""

import numpy as np
import pytest

from gbrff.baselines import GFCClassifier
from gbrff.datasets import make_toy


@pytest.fixture(scope="module")
def data():
    return make_toy("swiss", n_samples=300, random_state=0)


def test_greedy_construction_reduces_residual(data):
    X, y = data
    clf = GFCClassifier(n_components=15, random_state=0).fit(X, y)
    assert clf.spectra_.shape == (15, 2)
    # each refit uses a superset of the previous features: the ridge MSE cannot grow much
    assert np.all(np.diff(clf.train_mse_) <= 1e-3)
    assert clf.train_mse_[-1] < 0.5 * clf.train_mse_[0]


def test_constructed_features_beat_random_ones(data):
    X, y = data
    clf = GFCClassifier(n_components=10, random_state=0).fit(X, y)
    Z = clf.compute_features(X)
    np.testing.assert_allclose(Z, np.hstack([np.cos(X @ clf.spectra_.T), np.sin(X @ clf.spectra_.T)]))
    # least squares on the learned features vs on random spectra of the initial scale
    rng = np.random.RandomState(0)
    R = rng.normal(0, 1 / np.sqrt(2), size=(10, 2))
    Zr = np.hstack([np.cos(X @ R.T), np.sin(X @ R.T)])
    fit = lambda F: np.mean((y - np.column_stack([np.ones(len(y)), F]) @ np.linalg.lstsq(np.column_stack([np.ones(len(y)), F]), y, rcond=None)[0]) ** 2)
    assert fit(Z) < fit(Zr)


def test_ridge_refit_matches_closed_form(data):
    X, y = data
    clf = GFCClassifier(n_components=4, reg_lambda=0.01, random_state=0).fit(X, y)
    Z = clf.compute_features(X)
    Zc, yc = Z - Z.mean(axis=0), y - y.mean()
    coef = np.linalg.solve(Zc.T @ Zc / len(y) + 0.01 * np.eye(8), Zc.T @ yc / len(y))
    assert np.mean((yc - Zc @ coef) ** 2) == pytest.approx(clf.train_mse_[-1], rel=1e-6)
