"""GBRFF2Classifier(feature_screening=...): the input features with no marginal
evidence of a link to the class are dropped before the fit; ω lives on the rest."""

import json

import numpy as np
import pytest
from scipy import stats
from sklearn.datasets import make_classification
from sklearn.feature_selection import f_classif

from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier, _feature_map


def _wide(n=600, d=40, seed=0):
    """y depends on features 0 and 1 (a shift) and 2 (a band: no shift of the mean); the
    rest are noise."""
    rng = np.random.RandomState(seed)
    X = rng.randn(n, d)
    y = (X[:, 0] + X[:, 1] + 2.0 * (np.abs(X[:, 2]) < 0.7) + 0.3 * rng.randn(n) > 1.0).astype(int)
    return X, y


def _chi2_twin(x, y, n_bins):
    """Pearson's χ² p-value of x's n_bins bins of equal count (no ties: by rank) against y."""
    n = x.shape[0]
    rank = np.argsort(np.argsort(x, kind="stable"), kind="stable")
    bins = np.minimum(((rank + 0.5) / n * n_bins).astype(int), n_bins - 1)
    table = np.array([[np.sum((bins == b) & (y == c)) for c in np.unique(y)] for b in range(n_bins)])
    return stats.chi2_contingency(table, correction=False)[1]


def test_pvalues_are_the_anova_and_the_binned_chi2_tests():
    X, y = make_classification(300, n_features=6, n_informative=3, n_classes=3, random_state=0)
    p_anova, p_chi2 = _feature_map.marginal_pvalues(X, y, np.ones(300))
    np.testing.assert_allclose(p_anova, f_classif(X, y)[1], rtol=1e-9)
    B = min(_feature_map.SCREEN_BINS, 300 // (5 * 3))
    np.testing.assert_allclose(p_chi2, [_chi2_twin(X[:, j], y, B) for j in range(6)], rtol=1e-9)


def test_a_weight_is_a_number_of_copies():
    X, y = make_classification(200, n_features=8, random_state=1)
    w = np.random.RandomState(0).randint(0, 3, size=200).astype(float)
    rows = np.repeat(np.arange(200), w.astype(int))
    for weighted, copies in zip(_feature_map.marginal_pvalues(X, y, w),
                                _feature_map.marginal_pvalues(X[rows], y[rows], np.ones(rows.shape[0]))):
        np.testing.assert_allclose(weighted, copies, rtol=1e-9)


def test_constant_and_tied_features():
    rng = np.random.RandomState(0)
    y = rng.randint(0, 2, 400)
    X = np.column_stack([np.ones(400), y + 0.0, rng.randint(0, 3, 400)])   # constant, the label, 3 levels
    p_anova, p_chi2 = _feature_map.marginal_pvalues(X, y, np.ones(400))
    assert p_anova[0] == 1.0 and p_chi2[0] == 1.0
    assert p_anova[1] == 0.0 and p_chi2[1] < 1e-80
    assert 0.0 < p_chi2[2] <= 1.0


def test_the_screen_keeps_the_informative_features():
    X, y = _wide()
    support, p = _feature_map.screen_features(X, y, np.ones(X.shape[0]), 0.05)
    assert support[:3].all() and support[3:].sum() <= 1
    p_anova, p_chi2 = _feature_map.marginal_pvalues(X, y, np.ones(X.shape[0]))
    assert p_anova[2] > 1e-3 and p_chi2[2] < 1e-6     # the band: the χ² test sees it
    assert p.shape == (40,) and np.all((p >= 0) & (p <= 1))


def test_no_evidence_keeps_every_feature():
    rng = np.random.RandomState(0)
    X, y = rng.randn(200, 30), rng.randint(0, 2, 200)
    clf = GBRFF2Classifier(n_estimators=3, random_state=0, feature_screening=0.05).fit(X, y)
    assert clf.support_.all()


def test_omegas_live_on_the_kept_columns_and_their_ranks():
    X, y = _wide()
    clf = GBRFF2Classifier(n_estimators=10, random_state=0, feature_screening=0.05,
                           quantile_features=True, feature_bandwidths="fkl").fit(X, y)
    kept = np.concatenate([clf.support_, clf.support_])
    assert clf.omegas_.shape == (10, 80)
    assert np.all(clf.omegas_[:, ~kept] == 0) and np.any(clf.omegas_[:, kept] != 0)
    assert np.all(clf.bandwidth_scales_[~kept] == 0)
    assert np.mean(clf.bandwidth_scales_[kept] ** 2) == pytest.approx(1.0)
    assert clf.gamma_ == pytest.approx(1.0 / kept.sum())
    Z = clf.feature_map_.transform(X)
    np.testing.assert_allclose(clf.expansion_.decision_function(Z), clf.decision_function(X),
                               rtol=1e-5, atol=1e-5)


def test_ranks_of_the_kept_features_only():
    X, y = _wide()
    clf = GBRFF2Classifier(n_estimators=3, random_state=0, feature_screening=0.05,
                           quantile_features=True).fit(X, y)
    full = GBRFF2Classifier(n_estimators=3, random_state=0, quantile_features=True).fit(X, y)
    for keep, (u, levels), (fu, flevels) in zip(clf.support_, clf.quantile_knots_, full.quantile_knots_):
        if keep:
            assert np.array_equal(u, fu) and np.array_equal(levels, flevels)
        else:
            assert levels.tolist() == [0.5]
    F = clf.feature_map_.expand(X)[:, 40:]
    assert np.all(F[:, ~clf.support_] == 0.5)


def test_a_screened_fit_is_a_fit_on_the_kept_features():
    X, y = _wide()
    clf = GBRFF2Classifier(n_estimators=15, random_state=0, feature_screening=0.05).fit(X, y)
    on_kept = GBRFF2Classifier(n_estimators=15, random_state=0).fit(X[:, clf.support_], y)
    np.testing.assert_allclose(clf.omegas_[:, clf.support_], on_kept.omegas_, rtol=1e-6, atol=1e-9)
    np.testing.assert_allclose(clf.decision_function(X), on_kept.decision_function(X[:, clf.support_]),
                               rtol=1e-5, atol=1e-6)


def test_the_screen_helps_on_wide_noisy_data():
    X, y = _wide(n=1200, d=300)
    Xa, ya, Xb, yb = X[:800], y[:800], X[800:], y[800:]
    plain = GBRFF2Classifier(n_estimators=50, random_state=0).fit(Xa, ya)
    screened = GBRFF2Classifier(n_estimators=50, random_state=0, feature_screening=0.05).fit(Xa, ya)
    assert screened.score(Xb, yb) > plain.score(Xb, yb) + 0.05


def test_benjamini_hochberg_and_the_null_share():
    p = np.array([0.001, 0.009, 0.02, 0.04, 0.3, 0.6, 0.8, 0.9])
    # p(i) <= 0.05 i / 8: 0.00625, 0.0125, 0.01875, 0.025 ... the largest such i is 2
    assert _feature_map.benjamini_hochberg(p, 0.05).tolist() == [True, True] + [False] * 6
    assert _feature_map.benjamini_hochberg(p[::-1], 0.05).tolist() == [False] * 6 + [True, True]
    assert _feature_map.null_share(p) == pytest.approx(3 / 4)
    rng = np.random.RandomState(0)
    assert _feature_map.null_share(rng.uniform(size=4000)) == pytest.approx(1.0, abs=0.05)


def test_auto_does_not_screen_many_informative_features():
    X, y = make_classification(1000, n_features=120, n_informative=80, n_redundant=20,
                               random_state=0)
    clf = GBRFF2Classifier(n_estimators=3, random_state=0, feature_screening="auto").fit(X, y)
    assert not hasattr(clf, "support_")
    forced = GBRFF2Classifier(n_estimators=3, random_state=0, feature_screening=0.05).fit(X, y)
    assert forced.support_.sum() < 120


def test_auto_screens_from_100_features_on():
    X, y = _wide(d=40)
    auto = GBRFF2Classifier(n_estimators=5, random_state=0, feature_screening="auto").fit(X, y)
    none = GBRFF2Classifier(n_estimators=5, random_state=0).fit(X, y)
    assert not hasattr(auto, "support_")
    assert np.array_equal(auto.decision_function(X), none.decision_function(X))   # bit for bit
    X, y = _wide(d=_feature_map.SCREEN_AUTO["min_features"])
    auto = GBRFF2Classifier(n_estimators=5, random_state=0, feature_screening="auto").fit(X, y)
    assert auto.support_.sum() < X.shape[1]


def test_the_paper_does_not_screen_and_gbrff2_plus_screens_auto():
    X, y = _wide()
    est = GBRFF2Classifier(n_estimators=3)
    assert est.feature_screening is None
    assert not hasattr(est.fit(X, y), "support_")
    plus = GBRFF2PlusClassifier(n_estimators=3)
    assert plus.feature_screening == "auto"
    assert not hasattr(plus.fit(X, y), "support_")             # 40 features: "auto" does not screen
    X, y = _wide(d=300)
    np.testing.assert_array_equal(np.flatnonzero(plus.fit(X, y).support_), [0, 1, 2])


def test_multiclass_and_early_stopping():
    X, y = make_classification(900, n_features=60, n_informative=4, n_redundant=0, n_classes=3,
                               shuffle=False, random_state=0)
    clf = GBRFF2Classifier(n_estimators=30, random_state=0, feature_screening=0.05,
                           n_iter_no_change=3).fit(X, y)
    assert clf.support_[:4].all() and clf.support_.sum() < 20
    for m in clf.expansions_:
        assert np.all(m.omegas[:, 0, ~clf.support_] == 0)
    assert clf.score(X, y) > 0.7


def test_warm_start_continues_the_screened_fit():
    X, y = _wide()
    once = GBRFF2Classifier(n_estimators=10, random_state=0, feature_screening=0.05,
                            warm_start=True).fit(X, y)
    twice = GBRFF2Classifier(n_estimators=5, random_state=0, feature_screening=0.05,
                             warm_start=True).fit(X, y)
    twice.set_params(n_estimators=10).fit(X, y)
    assert np.array_equal(once.decision_function(X), twice.decision_function(X))
    with pytest.raises(ValueError, match="feature_screening"):
        twice.set_params(n_estimators=12, feature_screening=0.5).fit(X, y)


def test_plain_data_round_trip():
    X, y = _wide()
    clf = GBRFF2Classifier(n_estimators=5, random_state=0, feature_screening=0.05,
                           quantile_features=True).fit(X, y)
    twin = GBRFF2Classifier.from_dict(json.loads(json.dumps(clf.to_dict())))
    assert np.array_equal(twin.support_, clf.support_)
    assert np.array_equal(twin.decision_function(X), clf.decision_function(X))
    d = clf.to_dict()                       # a dict written before the screen existed
    for key in ("feature_screening", "support", "screening_pvalues"):
        del d["feature_map"][key]
    del d["params"]["feature_screening"]
    old = GBRFF2Classifier.from_dict(d)
    assert old.feature_map_.columns() is None


@pytest.mark.parametrize("value", [0.0, 1.0, -0.1, "all"])
def test_bad_values_are_rejected(value):
    X, y = _wide()
    with pytest.raises(ValueError, match="feature_screening"):
        GBRFF2Classifier(feature_screening=value).fit(X, y)
