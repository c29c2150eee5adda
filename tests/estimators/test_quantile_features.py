"""GBRFF2Classifier(quantile_features=True): the model sees [x, F(x)], each
feature beside its empirical distribution function on the training data."""

import numpy as np
import pytest

from gbrff import GBRFF2Classifier
from gbrff._feature_map import fit_quantile_knots, with_quantiles


def _heavy_tailed(n=400, seed=0):
    """A log-normal feature whose label is a band in log scale, plus noise."""
    rng = np.random.RandomState(seed)
    X = np.column_stack([np.exp(2.0 * rng.randn(n)), rng.randn(n)])
    y = (np.abs(np.log(X[:, 0])) < 1.0).astype(int)
    return X, y


def _ecdf_midpoints(v, w):
    """Plain twin: for each distinct value, the weight below it plus half its own, over the total."""
    u = np.unique(v)
    W = np.array([w[v == a].sum() for a in u])
    return u, np.array([(w[v < a].sum() + W[i] / 2) for i, a in enumerate(u)]) / w.sum()


def test_knots_are_the_mid_point_distribution_function():
    rng = np.random.RandomState(0)
    X = np.column_stack([rng.randint(0, 5, 50).astype(float), rng.randn(50)])
    w = rng.uniform(0.5, 2.0, 50)
    for (u, levels), j in zip(fit_quantile_knots(X, w), range(2)):
        u0, l0 = _ecdf_midpoints(X[:, j], w)
        np.testing.assert_array_equal(u, u0)
        np.testing.assert_allclose(levels, l0, rtol=1e-12)
    F = with_quantiles(X, fit_quantile_knots(X, np.ones(50)))
    assert F.shape == (50, 4) and F.flags.f_contiguous
    np.testing.assert_array_equal(F[:, :2], X)
    assert np.all((F[:, 2:] > 0) & (F[:, 2:] < 1))
    # monotone: the ranks order the rows as the values do
    assert np.all(np.diff(F[np.argsort(X[:, 1]), 3]) > 0)


def test_weights_are_copies_and_zero_weight_rows_are_absent():
    rng = np.random.RandomState(1)
    X = rng.randn(60, 3)
    w = rng.randint(0, 4, 60).astype(float)
    reps = w.astype(int)
    a = fit_quantile_knots(X, w)
    b = fit_quantile_knots(np.repeat(X, reps, axis=0), np.ones(reps.sum()))
    for (ua, la), (ub, lb) in zip(a, b):
        np.testing.assert_array_equal(ua, ub)
        np.testing.assert_array_equal(la, lb)


def test_at_most_max_knots_and_ends_kept():
    v = np.random.RandomState(2).randn(5000, 1)
    (u, levels), = fit_quantile_knots(v, np.ones(5000), max_knots=100)
    assert u.shape == (100,) and np.all(np.diff(u) > 0) and np.all(np.diff(levels) > 0)
    assert u[0] == v.min() and u[-1] == v.max()


def test_a_constant_feature_is_harmless():
    X, y = _heavy_tailed()
    X = np.column_stack([X, np.full(len(y), 3.0)])
    clf = GBRFF2Classifier(n_estimators=10, quantile_features=True, random_state=0).fit(X, y)
    assert np.all(np.isfinite(clf.decision_function(X)))


def test_the_model_sees_twice_the_columns_and_ranks_help_on_heavy_tails():
    X, y = _heavy_tailed()
    Xt, yt = _heavy_tailed(seed=1)
    plain = GBRFF2Classifier(n_estimators=30, random_state=0).fit(X, y)
    ranks = GBRFF2Classifier(n_estimators=30, random_state=0, quantile_features=True).fit(X, y)
    assert ranks.n_features_in_ == 2 and ranks.omegas_.shape == (30, 4)
    assert ranks.mean_.shape == (4,) and ranks.gamma_ == pytest.approx(0.25)
    assert ranks.score(Xt, yt) > plain.score(Xt, yt) + 0.05
    # the expansion acts on the standardised [x, F(x)]
    Z = (with_quantiles(Xt, ranks.quantile_knots_) - ranks.mean_) / ranks.scale_
    np.testing.assert_allclose(ranks.expansion_.decision_function(Z), ranks.decision_function(Xt),
                               rtol=1e-5, atol=1e-5)


def test_off_by_default_and_unchanged_models():
    X, y = _heavy_tailed()
    a = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
    b = GBRFF2Classifier(n_estimators=10, random_state=0, quantile_features=False).fit(X, y)
    assert not hasattr(a, "quantile_knots_")
    np.testing.assert_array_equal(a.omegas_, b.omegas_)


def test_float32_and_float64_inputs_give_close_models():
    X, y = _heavy_tailed()
    a = GBRFF2Classifier(n_estimators=10, random_state=0, quantile_features=True).fit(X, y)
    b = GBRFF2Classifier(n_estimators=10, random_state=0, quantile_features=True).fit(
        np.asfortranarray(X, dtype=np.float32), y)
    assert (a.predict(X) == b.predict(X)).mean() > 0.95


def test_with_feature_bandwidths_one_scale_per_column():
    X, y = _heavy_tailed()
    clf = GBRFF2Classifier(n_estimators=10, random_state=0, quantile_features=True,
                           feature_bandwidths="fkl", bandwidth_shrinkage=0.75).fit(X, y)
    assert clf.bandwidth_scales_.shape == (4,)
    assert np.all(np.isfinite(clf.predict_proba(X)))


def test_a_bad_value_is_a_clear_error():
    X, y = _heavy_tailed()
    with pytest.raises(ValueError, match="quantile_features"):
        GBRFF2Classifier(quantile_features="yes").fit(X, y)


# scikit-learn's estimator checks: tests/estimators/test_feature_bandwidths.py, with the
# bandwidths' estimator
