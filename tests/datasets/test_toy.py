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
