"""The feature map on many rows (gbrff._feature_map): the standardisation's
statistics without an n × d array of weights (the bits of the former formula),
a block-wise sum beyond STANDARDIZE_CHUNK_ROWS rows, the ranks' knots from a
subsample beyond QUANTILE_FIT_ROWS rows (every row below: the same models),
and [X, F(X)] filled a block of rows at a time (the bits of one pass)."""

import numpy as np
import pytest
from sklearn.preprocessing import StandardScaler

from gbrff import GBRFF2Classifier
from gbrff import _feature_map as fm
from gbrff._sklearn_compat import (handle_zeros_in_scale, is_constant_feature,
                                   safe_accumulator_op)


def _former_mean_scale(X, sw):
    """weighted_mean_scale's float64 path before this change (its n × d ones_like)."""
    new_sum = safe_accumulator_op(np.matmul, sw, X)
    count = np.ones_like(X, dtype=sw.dtype)
    count *= sw[:, None]
    count = safe_accumulator_op(np.sum, count, axis=0)
    mean = (0.0 + new_sum) / count
    temp = X - new_sum / count
    correction = safe_accumulator_op(np.matmul, sw, temp)
    temp **= 2
    var = safe_accumulator_op(np.matmul, sw, temp)
    var -= correction**2 / count
    var = var / count
    n_seen = count[0] if np.max(count) == np.min(count) else count
    constant = is_constant_feature(var, mean, n_seen)
    return mean, handle_zeros_in_scale(np.sqrt(var), copy=False, constant_mask=constant)


def _former_with_quantiles(X, knots):
    n, d = X.shape
    out = np.empty((n, 2 * d), dtype=X.dtype, order="F")
    out[:, :d] = X
    for j, (u, levels) in enumerate(knots):
        out[:, d + j] = np.interp(X[:, j], u, levels)
    return out


@pytest.mark.parametrize("layout", ["C", "F", "strided", "one column"])
@pytest.mark.parametrize("weights", ["unit", "exponential"])
def test_the_statistics_are_the_former_formulas_bit_for_bit(layout, weights):
    rng = np.random.default_rng(0)
    X = rng.standard_normal((30_011, 14)) * rng.uniform(0.1, 100, 14) + 7.0
    X = {"C": np.ascontiguousarray(X), "F": np.asfortranarray(X), "strided": X[:, ::2],
         "one column": X[:, :1]}[layout]
    sw = np.ones(X.shape[0]) if weights == "unit" else rng.exponential(size=X.shape[0])
    mean, scale = fm.weighted_mean_scale(X, sw)
    want = _former_mean_scale(X, sw)
    np.testing.assert_array_equal(mean, want[0])
    np.testing.assert_array_equal(scale, want[1])


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_many_rows_are_summed_by_blocks_as_standard_scaler(monkeypatch, dtype):
    rng = np.random.default_rng(1)
    X = (rng.standard_normal((5000, 6)) * [1, 10, 1e3, 1e-2, 5, 1] + [0, 3, -1e4, 1, 0, 2]).astype(dtype)
    X[:, 5] = 2.0                                          # a constant column: scale one
    sw = rng.uniform(0, 3, 5000)
    monkeypatch.setattr(fm, "STANDARDIZE_CHUNK_ROWS", 1000)
    mean, scale = fm._chunked_mean_scale(X, sw, rows=777)
    ref = StandardScaler().fit(X.astype(np.float64), sample_weight=sw)
    np.testing.assert_allclose(mean, ref.mean_, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(scale, ref.scale_, rtol=1e-10)
    assert scale[5] == 1.0
    np.testing.assert_array_equal(fm.weighted_mean_scale(X, sw)[0], fm._chunked_mean_scale(X, sw)[0])


def test_ranks_are_filled_by_blocks_with_the_bits_of_one_pass():
    rng = np.random.default_rng(2)
    for X in (rng.standard_normal((10_000, 5)), np.asfortranarray(rng.exponential(size=(7000, 3)))):
        knots = fm.fit_quantile_knots(X, np.ones(X.shape[0]))
        got = fm.with_quantiles(X, knots, rows=999)
        assert got.flags.f_contiguous
        np.testing.assert_array_equal(got, _former_with_quantiles(X, knots))


def test_the_knots_come_from_a_subsample_only_beyond_the_limit(monkeypatch):
    rng = np.random.RandomState(0)
    sw = np.ones(1000)
    assert fm.quantile_fit_rows(sw, rng) is None
    assert rng.randint(10**6) == np.random.RandomState(0).randint(10**6)   # no draw taken
    sw[:10] = 0.0
    rows = fm.quantile_fit_rows(sw, np.random.RandomState(0), max_rows=300)
    assert rows.shape == (300,) and np.all(np.diff(rows) > 0) and rows.min() >= 10
    # a fit beyond the limit: knots of the subsample, within the DKW bound of every row's
    monkeypatch.setattr(fm, "QUANTILE_FIT_ROWS", 2000)
    X = np.random.default_rng(3).standard_normal((20_000, 2))
    y = (X[:, 0] + X[:, 1] > 0).astype(int)
    est = GBRFF2Classifier(n_estimators=3, quantile_features=True, random_state=0).fit(X, y)
    F_sub = fm.with_quantiles(X, est.quantile_knots_)[:, 2:]
    F_all = fm.with_quantiles(X, fm.fit_quantile_knots(X, np.ones(20_000)))[:, 2:]
    assert np.abs(F_sub - F_all).max() < 0.05
    assert est.score(X, y) > 0.9


def test_paper_and_gbrff2_plus_models_below_the_limits_are_unchanged(monkeypatch):
    # the same models whether the block-wise paths exist or not (limits raised out of reach)
    from gbrff.methods import get_method

    X = np.random.default_rng(4).standard_normal((3000, 8))
    y = (np.sin(2 * X[:, 0]) + X[:, 1] ** 2 > 0.8).astype(int)
    sw = np.random.default_rng(5).uniform(0.2, 2.0, 3000)
    makers = [lambda: GBRFF2Classifier(n_estimators=20, random_state=0),
              lambda: get_method("GBRFF2+").make(20, 0)]
    before = [m().fit(X, y, sample_weight=sw).decision_function(X) for m in makers]
    monkeypatch.setattr(fm, "QUANTILE_FIT_ROWS", 10**9)
    monkeypatch.setattr(fm, "STANDARDIZE_CHUNK_ROWS", 10**9)
    after = [m().fit(X, y, sample_weight=sw).decision_function(X) for m in makers]
    for a, b in zip(before, after):
        np.testing.assert_array_equal(a, b)
