"""The engine against a plain-numpy implementation of the paper's algorithms.

Same random draws -> same model, to ~1e-6 (tests/_reference.py)."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from gbrff import _boosting
from gbrff._engine.loss_registry import EXP_SURROGATE
from gbrff._engine.loss_registry import LOSSES as REGISTRY
from tests import _reference as ref


def _moons(n=150, seed=0):
    X, y = make_moons(n, noise=0.2, random_state=seed)
    X = X.astype(np.float32).astype(np.float64)   # the engine trains on float32-rounded X
    return X, np.where(y == 1, 1.0, -1.0)


# every loss of the registry (a new one is checked against the numpy twin too); the GBRFF2 cases of the
# exponential surrogate's learner (squared_error's GBRFF2 fits a least-squares cosine, checked below)
LOSSES = sorted(REGISTRY)
SURROGATE_LOSSES = sorted(name for name, loss in REGISTRY.items() if loss.criterion == EXP_SURROGATE)


@pytest.mark.slow
@pytest.mark.parametrize("loss", SURROGATE_LOSSES)
@pytest.mark.parametrize("reg_lambda", [0.0, 0.05])
def test_gbrff2_matches_numpy_reference(reg_lambda, loss):
    X, y = _moons()
    rng = np.random.default_rng(3)
    draws = rng.standard_normal((15, 2)) * np.sqrt(2 * 1.0)
    model = _boosting.fit_gbrff2(X, y, np.ones(len(y)), n_estimators=15, gamma=1.0,
                                 reg_lambda=reg_lambda, learning_rate=1.0, n_optim_steps=10,
                                 rng=None, omegas=draws, loss=loss)
    expect = ref.gbrff2(X, y, draws, reg_lambda=reg_lambda, n_steps=10, loss=loss)
    assert model.loss == loss
    assert model.init_score == pytest.approx(expect["init_score"], abs=1e-12)
    np.testing.assert_allclose(model.phases[:, 0], expect["biases"], atol=1e-6)
    np.testing.assert_allclose(model.omegas[:, 0], expect["omegas"], atol=1e-6)
    np.testing.assert_allclose(model.alphas, expect["alphas"], atol=1e-6)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-6)
    # the refinement really moved omega away from the draws
    assert np.max(np.abs(model.omegas[:, 0] - draws)) > 1e-2


@pytest.mark.parametrize("weighted", [False, True])
def test_gbrff2_least_squares_matches_numpy_reference(weighted):
    """loss="squared_error": omega by variable projection, b = atan2(a2, a1),
    alpha by Eq. (8), against the numpy twin (numpy's lstsq for (a1, a2))."""
    X, y = _moons()
    sw = np.random.default_rng(0).uniform(0.2, 3.0, len(y)) if weighted else np.ones(len(y))
    draws = np.random.default_rng(3).standard_normal((10, 2)) * np.sqrt(2 * 1.0)
    model = _boosting.fit_gbrff2(X, y, sw, n_estimators=10, gamma=1.0, reg_lambda=0.0,
                                 learning_rate=0.8, n_optim_steps=10, rng=None, omegas=draws,
                                 loss="squared_error")
    expect = ref.gbrff2(X, y, draws, reg_lambda=0.0, n_steps=10, sw=sw, loss="squared_error",
                        learning_rate=0.8)
    assert model.init_score == pytest.approx(expect["init_score"], abs=1e-12)
    # (later iterations amplify the float32 rounding of the projections and
    # the order of the sums: b of iteration 8, weighted, is 8e-6 from the
    # twin's with the engine's fixed (AVX2-order) products, 1e-7 with
    # AVX-512's; the twin itself sums in numpy's order)
    np.testing.assert_allclose(model.phases[:, 0], expect["biases"], atol=1e-4)
    np.testing.assert_allclose(model.omegas[:, 0], expect["omegas"], atol=1e-4)
    np.testing.assert_allclose(model.alphas, expect["alphas"], rtol=1e-3)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-6)
    assert np.max(np.abs(model.omegas[:, 0] - draws)) > 1e-2


def test_gbrff2_least_squares_with_a_penalty_shrinks_omega():
    """With reg_lambda > 0 the least-squares objective has its infimum at
    omega -> 0 (the amplitude a1, a2 is free: a2 sin(omega.x) ~ a2 omega.x,
    a linear learner): the engine follows the twin there too."""
    X, y = _moons()
    draws = np.random.default_rng(3).standard_normal((15, 2)) * np.sqrt(2 * 1.0)
    model = _boosting.fit_gbrff2(X, y, np.ones(len(y)), n_estimators=15, gamma=1.0,
                                 reg_lambda=0.05, learning_rate=1.0, n_optim_steps=10, rng=None,
                                 omegas=draws, loss="squared_error")
    expect = ref.gbrff2(X, y, draws, reg_lambda=0.05, n_steps=10, loss="squared_error")
    np.testing.assert_allclose(model.omegas[:, 0], expect["omegas"], atol=1e-8)
    np.testing.assert_allclose(model.phases[:, 0], expect["biases"], atol=1e-6)
    # alpha = sum yt h / sum h^2 with h ~ omega.x small: ill-conditioned (alphas
    # up to 33); 2 % apart at iteration 13 with the engine's AVX2-order sums
    np.testing.assert_allclose(model.alphas, expect["alphas"], rtol=5e-2, atol=1e-3)
    assert np.linalg.norm(model.omegas[-1, 0]) < 1e-3


def test_gbrff2_weighted_matches_numpy_reference():
    X, y = _moons(120, seed=1)
    sw = np.random.default_rng(0).uniform(0.2, 3.0, len(y))
    draws = np.random.default_rng(4).standard_normal((10, 2)) * np.sqrt(2 * 0.5)
    model = _boosting.fit_gbrff2(X, y, sw, n_estimators=10, gamma=0.5, reg_lambda=0.0,
                                 learning_rate=1.0, n_optim_steps=10, rng=None, omegas=draws)
    expect = ref.gbrff2(X, y, draws, sw=sw)
    np.testing.assert_allclose(model.phases[:, 0], expect["biases"], atol=1e-6)
    np.testing.assert_allclose(model.omegas[:, 0], expect["omegas"], atol=1e-6)
    np.testing.assert_allclose(model.alphas, expect["alphas"], atol=1e-6)


@pytest.mark.parametrize("loss", LOSSES)
@pytest.mark.parametrize("K", [1, 5])
def test_gbrff1_matches_numpy_reference(K, loss):
    X, y = _moons()
    draws = np.random.default_rng(5).standard_normal((12, K, 2)) * np.sqrt(2 * 0.5)
    model = _boosting.fit_gbrff1(X, y, np.ones(len(y)), n_estimators=12, n_components=K,
                                 gamma=0.5, beta=1.0, learning_rate=1.0, n_optim_steps=10,
                                 rng=None, omegas=draws, loss=loss)
    expect = ref.gbrff1(X, y, draws, beta=1.0, n_steps=10, loss=loss)
    # 10 L-BFGS steps of 12 iterations amplify the float32 rounding of the
    # projections (the engine's) more with residuals of order one
    tol = {"exponential": 1e-6, "log_loss": 1e-5, "squared_error": 5e-4, "huber": 5e-4}[loss]
    np.testing.assert_allclose(model.landmarks, expect["landmarks"], atol=tol)
    np.testing.assert_allclose(model.q, expect["q"], atol=tol)
    np.testing.assert_allclose(model.alphas, expect["alphas"], atol=tol)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=tol)
    assert np.max(np.abs(model.landmarks)) > 1e-2   # the landmarks were learned


@pytest.mark.parametrize("K", [1, 5])
def test_gbrff1_least_squares_matches_numpy_reference(K):
    """loss="squared_error": the landmark by Eq. (5) from the origin, q by
    Eq. (7), alpha by Eq. (8), against the numpy twin: tight over a few
    iterations (later ones amplify the float32 rounding of the projections)."""
    X, y = _moons()
    draws = np.random.default_rng(5).standard_normal((5, K, 2)) * np.sqrt(2 * 0.5)
    model = _boosting.fit_gbrff1(X, y, np.ones(len(y)), n_estimators=5, n_components=K,
                                 gamma=0.5, beta=2.0, learning_rate=0.5, n_optim_steps=10,
                                 rng=None, omegas=draws, loss="squared_error")
    expect = ref.gbrff1(X, y, draws, beta=2.0, n_steps=10, loss="squared_error",
                        learning_rate=0.5)
    np.testing.assert_allclose(model.landmarks, expect["landmarks"], atol=1e-7)
    np.testing.assert_allclose(model.q, expect["q"], atol=1e-7)
    np.testing.assert_allclose(model.alphas, expect["alphas"], rtol=1e-7)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-9)
    assert np.max(np.abs(model.landmarks)) > 1e-2


@pytest.mark.parametrize("loss", LOSSES)
def test_random_landmarks_match_numpy_reference(loss):
    """The random-landmark learner: landmarks drawn from the training points
    (after the frequencies, from the same rng), no descent."""
    X, y = _moons()
    T, K = 10, 4
    rng = np.random.default_rng(7)
    model = _boosting.fit_gbrff1(X, y, np.ones(len(y)), n_estimators=T, n_components=K,
                                 gamma=0.5, beta=1.0, learning_rate=0.7, n_optim_steps=10,
                                 rng=rng, loss=loss, landmarks="random")
    rng = np.random.default_rng(7)
    draws = rng.standard_normal((T, K, 2)) * np.sqrt(2 * 0.5)
    starts = X[rng.choice(np.arange(len(y)), size=T)]
    expect = ref.gbrff1(X, y, draws, beta=1.0, n_steps=0, loss=loss, starts=starts,
                        learning_rate=0.7)
    assert model.learner == "random_landmark"
    np.testing.assert_array_equal(model.omegas, draws)
    np.testing.assert_array_equal(model.landmarks, starts)
    np.testing.assert_allclose(model.q, expect["q"], atol=1e-9)
    np.testing.assert_allclose(model.alphas, expect["alphas"], rtol=1e-8)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-8)


def test_prediction_matches_the_formula():
    X, y = _moons()
    m = _boosting.fit_gbrff1(X, y, np.ones(len(y)), n_estimators=8, n_components=3, gamma=0.5,
                             beta=1.0, learning_rate=0.5, n_optim_steps=5,
                             rng=np.random.default_rng(0))
    Xt = np.random.default_rng(1).uniform(-2, 3, (50, 2))
    H = m.init_score + sum(
        m.alphas[t] * (m.q[t] @ np.cos(m.omegas[t] @ (m.landmarks[t][:, None] - Xt.T)))
        for t in range(m.n_iter))
    np.testing.assert_allclose(_boosting.final_scores(m, Xt), H, atol=1e-10)


@pytest.mark.slow
@pytest.mark.parametrize("loss", SURROGATE_LOSSES)
def test_gbrff2_on_several_blocks_matches_numpy_reference(loss):
    """Data of three blocks and a part (the engine's sums by blocks, in
    parallel when threads are free) against the same numpy twin."""
    from gbrff._engine.blocks import BLOCK

    X, y = _moons(3 * BLOCK + 321)
    draws = np.random.default_rng(5).standard_normal((6, 2)) * np.sqrt(2 * 1.0)
    model = _boosting.fit_gbrff2(X, y, np.ones(len(y)), n_estimators=6, gamma=1.0,
                                 reg_lambda=0.0, learning_rate=1.0, n_optim_steps=10,
                                 rng=None, omegas=draws, loss=loss, n_threads=2)
    expect = ref.gbrff2(X, y, draws, reg_lambda=0.0, n_steps=10, loss=loss)
    np.testing.assert_allclose(model.phases[:, 0], expect["biases"], atol=1e-6)
    np.testing.assert_allclose(model.omegas[:, 0], expect["omegas"], atol=1e-6)
    np.testing.assert_allclose(model.alphas, expect["alphas"], atol=1e-6)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-6)


def _sine(n=160, seed=0):
    """A real target: a sine surface with noise and a few outliers, X rounded to float32."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, (n, 2)).astype(np.float32).astype(np.float64)
    y = np.sin(1.5 * X[:, 0]) * np.cos(X[:, 1]) + 0.1 * rng.standard_normal(n)
    y[::17] += 4.0
    return X, y


@pytest.mark.parametrize("loss", ["squared_error", "huber"])
def test_scale_free_gbrff2_matches_numpy_reference(loss):
    """The regressors' GBRFF2 (scale_free): the least-squares cosine fitted to the
    residuals at unit scale, huber's δ and exact step, against the numpy twin."""
    X, y = _sine()
    sw = np.random.default_rng(1).uniform(0.2, 3.0, len(y))
    draws = np.random.default_rng(3).standard_normal((8, 2)) * np.sqrt(2 * 0.5)
    model = _boosting.fit_gbrff2(X, y, sw, n_estimators=8, gamma=0.5, reg_lambda=0.0,
                                 learning_rate=0.5, n_optim_steps=10, rng=None, omegas=draws,
                                 loss=loss, quantile=0.8, scale_free=True)
    expect = ref.gbrff2(X, y, draws, n_steps=10, sw=sw, loss=loss, learning_rate=0.5,
                        quantile=0.8, scale_free=True)
    assert model.init_score == pytest.approx(expect["init_score"], abs=1e-12)
    np.testing.assert_allclose(model.phases[:, 0], expect["biases"], atol=1e-4)
    np.testing.assert_allclose(model.omegas[:, 0], expect["omegas"], atol=1e-4)
    np.testing.assert_allclose(model.alphas, expect["alphas"], rtol=1e-4)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-6)


@pytest.mark.parametrize("loss", ["squared_error", "huber"])
@pytest.mark.parametrize("K", [1, 5])
def test_scale_free_gbrff1_matches_numpy_reference(K, loss):
    """The regressors' GBRFF1 (scale_free): the landmark with a free amplitude, q by
    Eq. (7) on the oriented residuals at unit scale, against the numpy twin."""
    X, y = _sine()
    draws = np.random.default_rng(5).standard_normal((6, K, 2)) * np.sqrt(2 * 0.5)
    model = _boosting.fit_gbrff1(X, y, np.ones(len(y)), n_estimators=6, n_components=K,
                                 gamma=0.5, beta=2.0, learning_rate=0.5, n_optim_steps=10,
                                 rng=None, omegas=draws, loss=loss, quantile=0.8,
                                 scale_free=True)
    expect = ref.gbrff1(X, y, draws, beta=2.0, n_steps=10, loss=loss, learning_rate=0.5,
                        quantile=0.8, scale_free=True)
    np.testing.assert_allclose(model.landmarks, expect["landmarks"], atol=1e-6)
    np.testing.assert_allclose(model.q, expect["q"], atol=1e-6)
    np.testing.assert_allclose(model.alphas, expect["alphas"], rtol=1e-6)
    np.testing.assert_allclose(model.train_loss, expect["train_loss"], rtol=1e-8)
    assert np.max(np.abs(model.landmarks)) > 1e-2
