"""The comparison methods' kernels (gbrff._engine._baselines) against plain numpy twins."""

import numpy as np
import pytest
from scipy.optimize import check_grad

from gbrff._engine._baselines import _solve_spd3, landmark_alignment, landmark_features, ridge_wave_objective


def _random_landmark_problem(n, d, n_l, k, seed=0):
    rng = np.random.RandomState(seed)
    X = rng.randn(n, d)
    y = rng.choice([-1.0, 1.0], size=n)
    omegas = rng.randn(n_l, k, d)
    landmarks = X[rng.randint(0, n, size=n_l)]
    W = np.ascontiguousarray(omegas.reshape(n_l * k, d).T)
    offsets = np.einsum("pkd,pd->pk", omegas, landmarks).ravel()
    return X, y, omegas, landmarks, W, offsets, rng


@pytest.mark.parametrize("n", [1, 7, 1100])  # 1100 crosses the 512-row blocks
def test_landmark_kernels_match_numpy(n):
    X, y, omegas, landmarks, W, offsets, rng = _random_landmark_problem(n, 4, 6, 3)
    q = rng.rand(6, 3)
    # numpy twin: cos(ω_pk · (x_i − x^p))
    C = np.cos(np.einsum("pkd,ipd->ipk", omegas, X[:, None, :] - landmarks[None, :, :]))
    np.testing.assert_allclose(landmark_alignment(X, y, W, offsets), np.einsum("i,ipk->pk", y, C).ravel(), atol=1e-10)
    np.testing.assert_allclose(landmark_features(X, W, offsets, q.ravel(), 3), (C * q).sum(axis=2), atol=1e-12)


def test_solve_spd3():
    rng = np.random.RandomState(0)
    for _ in range(20):
        A = rng.randn(3, 3)
        G = A @ A.T + 0.01 * np.eye(3)
        v = rng.randn(3)
        np.testing.assert_allclose(_solve_spd3(G, v), np.linalg.solve(G, v), rtol=1e-8, atol=1e-10)


@pytest.mark.parametrize("reg", [0.0, 0.1])
def test_ridge_wave_objective_matches_numpy(reg):
    rng = np.random.RandomState(1)
    X, r, w = rng.randn(200, 3), rng.randn(200), rng.randn(3)
    loss, grad, c0, a, b = ridge_wave_objective(w, X, r, reg)
    # numpy twin: regularised least squares on [1, cos, sin] (no penalty on the constant)
    B = np.column_stack([np.ones(200), np.cos(X @ w), np.sin(X @ w)])
    P = np.diag([1e-12, reg + 1e-12, reg + 1e-12])
    coef = np.linalg.solve(B.T @ B / 200 + P, B.T @ r / 200)
    np.testing.assert_allclose([c0, a, b], coef, rtol=1e-8, atol=1e-10)
    e = r - B @ coef
    np.testing.assert_allclose(loss, e @ e / 200 + reg * (coef[1:] @ coef[1:]), rtol=1e-10)
    # the gradient is the true gradient of the profiled objective
    f = lambda v: ridge_wave_objective(v, X, r, reg)[0]
    g = lambda v: ridge_wave_objective(v, X, r, reg)[1]
    assert check_grad(f, g, w) < 1e-5 * max(1.0, np.linalg.norm(grad))


def test_fast_trig_paths_match_libm():
    X, y, omegas, landmarks, W, offsets, rng = _random_landmark_problem(600, 5, 8, 4, seed=2)
    q = rng.rand(32)
    np.testing.assert_allclose(landmark_alignment(X, y, W, offsets, True), landmark_alignment(X, y, W, offsets, False), atol=1e-11)
    np.testing.assert_allclose(landmark_features(X, W, offsets, q, 4, True), landmark_features(X, W, offsets, q, 4, False), atol=1e-13)
    r, w = rng.randn(600), rng.randn(5)
    fast, slow = ridge_wave_objective(w, X, r, 0.01, True), ridge_wave_objective(w, X, r, 0.01, False)
    np.testing.assert_allclose(fast[0], slow[0], rtol=1e-12)
    np.testing.assert_allclose(fast[1], slow[1], rtol=1e-9, atol=1e-12)


def test_fast_trig_ok_bound():
    from gbrff._engine._baselines import fast_trig_ok

    X, W, off = np.ones((3, 2)), np.ones((2, 4)), np.zeros(4)
    assert fast_trig_ok(X, W, off)
    assert not fast_trig_ok(X * 1e5, W, off)
    assert not fast_trig_ok(X, W, off + 2e5)
