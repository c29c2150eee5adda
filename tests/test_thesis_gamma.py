"""gamma="quantile": the thesis's rule γ = 1/(2σ²) against a plain numpy computation."""

import numpy as np
import pytest

from gbrff._gamma import quantile_gamma, resolve_gamma


def _brute(X, q=(0.1, 0.9)):
    d2 = [np.sum((X[i] - X[j]) ** 2) for i in range(len(X)) for j in range(i + 1, len(X))]
    return 1.0 / (2.0 * np.mean(np.quantile(d2, q)))


def test_every_pair_when_few():
    X = np.random.default_rng(0).standard_normal((60, 4))
    assert quantile_gamma(X) == pytest.approx(_brute(X), rel=1e-12)


def test_sampled_pairs_when_many_are_close_and_seeded():
    X = np.random.default_rng(1).standard_normal((800, 5))
    exact = _brute(X)
    g = quantile_gamma(X, max_pairs=20_000, random_state=3)
    assert g == pytest.approx(exact, rel=0.03)
    assert g == quantile_gamma(X, max_pairs=20_000, random_state=3)
    assert g != quantile_gamma(X, max_pairs=20_000, random_state=4)


def test_scale_of_standard_normal_data():
    """||x - x'||² of standard normal rows is 2·chi²_d: γ is about 1/(2·2d·c), c near 1."""
    X = np.random.default_rng(2).standard_normal((3000, 10))
    assert 1 / (4 * 10 * 1.3) < quantile_gamma(X) < 1 / (4 * 10 * 0.7)


def test_degenerate_data_give_a_finite_gamma():
    assert quantile_gamma(np.zeros((5, 3))) == 1.0
    assert quantile_gamma(np.ones((1, 3))) == 1.0
    X = np.zeros((30, 2))
    X[0] = 1.0  # 29 of 435 distances (2.0) nonzero: both quantiles 0 -> mean of all distances
    assert quantile_gamma(X) == pytest.approx(1 / (2 * 2 * 29 / 435))


def test_resolve_gamma():
    X = np.random.default_rng(0).standard_normal((30, 2))
    assert resolve_gamma(0.5, X) == 0.5
    assert resolve_gamma("quantile", X) == quantile_gamma(X)
    for bad in ("scale", -1.0, 0, float("nan"), True):
        with pytest.raises(ValueError, match="gamma="):
            resolve_gamma(bad, X)
