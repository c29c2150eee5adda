"""Tests for gbrff.datasets._toy (the paper's 2-D toy problems)."""

import numpy as np
import pytest

from gbrff.datasets import TOY_PROBLEMS, make_toy


@pytest.mark.parametrize("name", TOY_PROBLEMS)
@pytest.mark.parametrize("n_samples", [2, 7, 800])
def test_shape_labels_balance(name, n_samples):
    X, y = make_toy(name, n_samples=n_samples, random_state=0)
    assert X.shape == (n_samples, 2) and X.dtype == np.float64
    assert y.shape == (n_samples,) and set(np.unique(y)) == {-1, 1}
    assert (y == -1).sum() == n_samples // 2
    assert np.all(np.isfinite(X)) and np.abs(X).max() < 3.0


@pytest.mark.parametrize("name", TOY_PROBLEMS)
def test_deterministic_and_seed_dependent(name):
    X1, y1 = make_toy(name, n_samples=300, random_state=3)
    X2, y2 = make_toy(name, n_samples=300, random_state=3)
    X3, _ = make_toy(name, n_samples=300, random_state=4)
    assert np.array_equal(X1, X2) and np.array_equal(y1, y2)
    assert not np.array_equal(X1, X3)
    rng = np.random.RandomState(3)
    X4, _ = make_toy(name, n_samples=300, random_state=rng)
    assert np.array_equal(X1, X4)


def test_board_geometry():
    X, y = make_toy("board", n_samples=2000, random_state=0)
    cell = np.floor(X + 2.0).astype(int)
    assert cell.min() >= 0 and cell.max() <= 3
    assert np.array_equal(y, np.where(cell.sum(axis=1) % 2 == 1, 1, -1))
    counts = np.bincount(cell[:, 0] * 4 + cell[:, 1], minlength=16)
    assert counts.min() > 2000 / 16 * 0.6


def test_circles_geometry():
    X, y = make_toy("circles", n_samples=2000, noise=0.0, random_state=0)
    r = np.hypot(X[:, 0], X[:, 1])
    assert np.allclose(np.sort(np.unique(np.round(r, 6))), [0.5, 1.0, 1.5, 2.0])
    ring = np.round(r / 0.5).astype(int)  # 1..4
    assert np.array_equal(y, np.where(ring % 2 == 0, 1, -1))


def test_swiss_classes_are_rotated_copies():
    X, y = make_toy("swiss", n_samples=1000, noise=0.0, random_state=0)
    r = np.hypot(X[:, 0], X[:, 1])
    assert 0.2 < r.min() and r.max() < 2.3
    # the -1 spiral is the +1 spiral turned by π: every -1 point has a
    # +1 point close to its mirror image through the origin
    neg, pos = X[y == -1], X[y == 1]
    d = np.linalg.norm((-neg)[:, None, :] - pos[None, :, :], axis=2).min(axis=1)
    assert np.median(d) < 0.1


def test_noise_zero_moons_on_curves():
    X, y = make_toy("moons", n_samples=200, noise=0.0, random_state=0)
    upper = X[y == -1] + [0.5, 0.25]
    assert np.allclose(np.hypot(upper[:, 0], upper[:, 1]), 1.0)


@pytest.mark.parametrize(
    "kwargs, match",
    [
        (dict(name="spiral"), "valid names: moons, swiss, circles, board"),
        (dict(name="moons", n_samples=1), "n_samples"),
        (dict(name="moons", n_samples=10.5), "n_samples"),
        (dict(name="moons", noise=-0.1), "noise"),
    ],
)
def test_invalid_arguments(kwargs, match):
    with pytest.raises(ValueError, match=match):
        make_toy(**kwargs)


# ---------------------------------------------------------------- the regression problems
from gbrff.datasets import REGRESSION_PROBLEMS  # noqa: E402
from gbrff.datasets._toy import _BUMP_WIDTH, _BUMPS, _gaussians_f, _plane_f  # noqa: E402


def test_the_two_lists():
    """The classification problems keep their names and order (old links, the experiments); the regression
    problems are the URL's names."""
    assert TOY_PROBLEMS == ("moons", "swiss", "circles", "board")
    assert REGRESSION_PROBLEMS == ("plane", "gaussians")


@pytest.mark.parametrize("name", REGRESSION_PROBLEMS)
@pytest.mark.parametrize("n_samples", [2, 7, 800])
def test_regression_shape_and_target(name, n_samples):
    X, y = make_toy(name, n_samples=n_samples, random_state=0)
    assert X.shape == (n_samples, 2) and X.dtype == np.float64
    assert y.shape == (n_samples,) and y.dtype == np.float64 and np.all(np.isfinite(y))
    assert np.abs(X).max() <= 2.5  # the square [-2.5, 2.5]², the classification problems' span


@pytest.mark.parametrize("name", REGRESSION_PROBLEMS)
def test_regression_deterministic_and_seed_dependent(name):
    X1, y1 = make_toy(name, n_samples=300, random_state=3)
    X2, y2 = make_toy(name, n_samples=300, random_state=np.random.RandomState(3))
    X3, y3 = make_toy(name, n_samples=300, random_state=4)
    assert np.array_equal(X1, X2) and np.array_equal(y1, y2)
    assert not np.array_equal(X1, X3) and not np.array_equal(y1, y3)


def test_plane_is_tensorflow_playgrounds_plane_rescaled():
    """TF Playground: x uniform on [-6, 6]², label (x₁ + x₂)/10; here on [-2.5, 2.5]², (x₁ + x₂)/4."""
    X, y = make_toy("plane", n_samples=2000, noise=0.0, random_state=0)
    assert np.array_equal(y, (X[:, 0] + X[:, 1]) / 4)
    assert -1.25 <= y.min() < -1.1 and 1.1 < y.max() <= 1.25
    # uniform over the square: each quarter holds about a quarter of the points
    quarter = (X[:, 0] > 0).astype(int) * 2 + (X[:, 1] > 0)
    assert np.bincount(quarter, minlength=4).min() > 2000 / 4 * 0.85


def test_gaussians_is_a_sum_of_six_bumps():
    """Six Gaussian bumps of height ±1 and width 0.5 on a 3 × 2 grid of alternating signs (TF Playground's
    layout), summed: each centre is its bump's peak (the others add less than 2 %), the surface is 0 far away."""
    centres = np.array([(cx, cy) for cx, cy, _ in _BUMPS])
    signs = np.array([s for _, _, s in _BUMPS])
    assert len(_BUMPS) == 6 and _BUMP_WIDTH == 0.5
    assert np.allclose(_gaussians_f(centres), signs, atol=0.02)
    # alternating: each bump's neighbours along x₁ and x₂ have the other sign
    for (cx, cy, s) in _BUMPS:
        for (dx, dy, t) in _BUMPS:
            if abs(cx - dx) + abs(cy - dy) in (1.6, 2.0):
                assert s == -t
    assert abs(_gaussians_f(np.array([[2.5, 2.5]]))[0]) < 0.01
    X, y = make_toy("gaussians", n_samples=500, noise=0.0, random_state=1)
    assert np.array_equal(y, _gaussians_f(X))
    assert y.max() > 0.8 and y.min() < -0.8


@pytest.mark.parametrize("name,f", [("plane", _plane_f), ("gaussians", _gaussians_f)])
def test_regression_noise_is_on_the_target(name, f):
    """y = f(x) + ε with ε ~ N(0, noise²): the points are the same draw whatever the noise, and the residuals
    y − f(x) have the noise's standard deviation (the best RMSE any model reaches on average)."""
    X0, _ = make_toy(name, n_samples=4000, noise=0.0, random_state=5)
    X, y = make_toy(name, n_samples=4000, noise=0.3, random_state=5)
    assert np.array_equal(X, X0)
    eps = y - f(X)
    assert abs(eps.mean()) < 0.03 and abs(eps.std() - 0.3) < 0.02
    _, y_default = make_toy(name, n_samples=4000, random_state=5)
    assert abs((y_default - f(X)).std() - 0.1) < 0.01  # the default noise


def test_regression_invalid_arguments():
    with pytest.raises(ValueError, match="valid names: moons, swiss, circles, board, plane, gaussians"):
        make_toy("multi-gaussian")
    with pytest.raises(ValueError, match="noise"):
        make_toy("plane", noise=float("nan"))
    with pytest.raises(ValueError, match="n_samples"):
        make_toy("gaussians", n_samples=1)
