"""GBRFF2Classifier(feature_bandwidths="fkl"): one bandwidth per feature, learned
by Fourier kernel learning, ω_j ~ N(0, 2 γ s_j²) as a rescaling of feature j by s_j."""

import numpy as np
import pytest
from sklearn.base import clone

from gbrff import GBRFF2Classifier, _feature_map
from gbrff.baselines import RFFSKLClassifier


def _one_relevant_feature(n=300, d=5, seed=0):
    """y depends on feature 0 only (a band), the others are noise."""
    rng = np.random.RandomState(seed)
    X = rng.randn(n, d)
    y = (np.abs(X[:, 0]) < 0.7).astype(int)
    return X, y


def test_default_has_one_shared_bandwidth():
    X, y = _one_relevant_feature()
    clf = GBRFF2Classifier(n_estimators=5, random_state=0).fit(X, y)
    assert clf.feature_bandwidths is None and not hasattr(clf, "bandwidth_scales_")


def test_scales_favour_the_relevant_feature_and_help():
    X, y = _one_relevant_feature()
    Xt, yt = _one_relevant_feature(seed=1)
    shared = GBRFF2Classifier(n_estimators=30, random_state=0).fit(X, y)
    fkl = GBRFF2Classifier(n_estimators=30, random_state=0, feature_bandwidths="fkl").fit(X, y)
    s = fkl.bandwidth_scales_
    assert s.shape == (5,) and np.all(s >= 0)
    assert np.mean(s**2) == pytest.approx(1.0)           # γ stays the average bandwidth
    assert np.argmax(s) == 0 and s[0] > 2 * s[1:].max()
    assert fkl.score(Xt, yt) > shared.score(Xt, yt)


def test_scales_are_fkl_sigmas_on_the_standardised_data():
    X, y = _one_relevant_feature()
    X = X * [1.0, 10.0, 0.1, 3.0, 1.0] + 5.0
    clf = GBRFF2Classifier(n_estimators=3, random_state=0, feature_bandwidths="fkl").fit(X, y)
    seed = np.random.RandomState(0).randint(np.iinfo(np.int32).max)   # the first draw of the fit
    Z = (X - clf.mean_) / clf.scale_
    sigma = RFFSKLClassifier(**_feature_map.SCALE_FIT, random_state=seed).fit(Z, y).sigma_[0]
    np.testing.assert_allclose(clf.bandwidth_scales_, sigma / np.sqrt(np.mean(sigma**2)), rtol=1e-6)


@pytest.mark.parametrize("standardize", [True, False])
def test_frequencies_act_on_the_standardised_features(standardize):
    """ω ⊙ s is stored: the expansion evaluated on z gives the estimator's scores."""
    X, y = _one_relevant_feature()
    X = X * 3.0 + 1.0
    clf = GBRFF2Classifier(n_estimators=20, random_state=0, feature_bandwidths="fkl",
                           standardize=standardize).fit(X, y)
    Z = (X - clf.mean_) / clf.scale_ if standardize else X
    np.testing.assert_allclose(clf.expansion_.decision_function(Z), clf.decision_function(X),
                               rtol=1e-5, atol=1e-5)
    # a feature of scale 0 drops out of every ω
    zero = clf.bandwidth_scales_ == 0
    assert np.all(clf.omegas_[:, zero] == 0)


def test_a_feature_with_scale_zero_drops_out(monkeypatch):
    X, y = _one_relevant_feature()
    monkeypatch.setattr(_feature_map, "fkl_sigma", lambda Z, y, seed: np.array([1.0, 0, 0, 0, 1.0]))
    clf = GBRFF2Classifier(n_estimators=10, random_state=0, feature_bandwidths="fkl").fit(X, y)
    np.testing.assert_allclose(clf.bandwidth_scales_, [np.sqrt(2.5), 0, 0, 0, np.sqrt(2.5)])
    assert np.all(clf.omegas_[:, 1:4] == 0) and np.all(np.isfinite(clf.omegas_))
    X2 = X.copy()
    X2[:, 1:4] = 1e6  # the dropped features do not matter
    np.testing.assert_allclose(clf.decision_function(X2), clf.decision_function(X))


def test_the_scale_fit_reads_a_stratified_subsample_of_large_data(monkeypatch):
    X, y = _one_relevant_feature(n=1500)
    seen = []
    monkeypatch.setattr(_feature_map, "SCALE_FIT_ROWS", 400)
    monkeypatch.setattr(_feature_map, "fkl_sigma",
                        lambda Z, y, seed: seen.append((Z.shape, np.bincount(y))) or np.ones(Z.shape[1]))
    GBRFF2Classifier(n_estimators=2, random_state=0, feature_bandwidths="fkl").fit(X, y)
    (shape, counts), = seen
    assert shape == (400, 5)
    np.testing.assert_allclose(counts / 400, np.bincount(y) / 1500, atol=0.01)   # stratified


def test_same_seed_same_model():
    """Each fit learns its scales anew (the fitted feature_map_ holds them; no
    state outlives a fit): a clone's fit, or a refit, gives the same bits."""
    X, y = _one_relevant_feature()
    est = GBRFF2Classifier(n_estimators=10, random_state=3, feature_bandwidths="fkl")
    a = clone(est).fit(X, y)
    b = clone(est).fit(X, y)
    omegas, scales = a.omegas_, a.bandwidth_scales_
    a.fit(X, y)                   # a refit of the same estimator
    for m in (b, a):
        np.testing.assert_array_equal(omegas, m.omegas_)
        np.testing.assert_array_equal(scales, m.bandwidth_scales_)


def test_memory_learns_the_scales_once_and_keeps_the_model(tmp_path, monkeypatch):
    """memory= caches the scale fit's σ (a pure function of its rows, labels and seed): a grid over λ on
    one fold learns it once; every model is the one without a cache, bit for bit."""
    import joblib

    X, y = _one_relevant_feature()
    seeds, real = [], _feature_map.fkl_sigma
    monkeypatch.setattr(_feature_map, "fkl_sigma", lambda Z, y, seed: seeds.append(seed) or real(Z, y, seed))
    for reg_lambda in (0.0, 0.0625, 0.25):
        plain = GBRFF2Classifier(n_estimators=8, reg_lambda=reg_lambda, random_state=3,
                                 feature_bandwidths="fkl").fit(X, y)
        for memory in (str(tmp_path), joblib.Memory(str(tmp_path), verbose=0)):
            cached = clone(plain).set_params(memory=memory).fit(X, y)
            np.testing.assert_array_equal(cached.bandwidth_scales_, plain.bandwidth_scales_)
            np.testing.assert_array_equal(cached.decision_function(X), plain.decision_function(X))
    assert len(seeds) == 3 + 1                  # three fits without a cache, one into it
    clone(cached).set_params(random_state=4).fit(X, y)
    clone(cached).fit(X[:250], y[:250])
    assert len(seeds) == 6                      # another seed, other rows: σ learned again
    assert cached.to_dict()["params"]["memory"] is None   # a cache is not part of the model
    with pytest.raises(ValueError, match="memory"):
        GBRFF2Classifier(memory=3).fit(X, y)


def test_multiclass_one_scale_per_feature():
    rng = np.random.RandomState(0)
    X = rng.randn(240, 4)
    y = np.digitize(X[:, 2], [-0.5, 0.5])
    clf = GBRFF2Classifier(n_estimators=10, random_state=0, feature_bandwidths="fkl").fit(X, y)
    assert clf.bandwidth_scales_.shape == (4,) and np.argmax(clf.bandwidth_scales_) == 2
    assert clf.score(X, y) > 0.8


def test_a_bad_value_is_a_clear_error():
    X, y = _one_relevant_feature()
    with pytest.raises(ValueError, match="feature_bandwidths"):
        GBRFF2Classifier(feature_bandwidths="ard").fit(X, y)


@pytest.mark.parametrize("a", [0.0, 0.5, 1.0])
def test_shrinkage_moves_the_scales_towards_the_shared_bandwidth(a):
    X, y = _one_relevant_feature()
    pure = GBRFF2Classifier(n_estimators=3, random_state=0, feature_bandwidths="fkl").fit(X, y)
    clf = GBRFF2Classifier(n_estimators=3, random_state=0, feature_bandwidths="fkl",
                           bandwidth_shrinkage=a).fit(X, y)
    s0 = pure.bandwidth_scales_
    np.testing.assert_allclose(clf.bandwidth_scales_**2, (1 - a) * s0**2 + a)
    assert np.mean(clf.bandwidth_scales_**2) == pytest.approx(1.0)


def test_shrinkage_out_of_range_is_a_clear_error():
    X, y = _one_relevant_feature()
    with pytest.raises(ValueError, match="bandwidth_shrinkage"):
        GBRFF2Classifier(feature_bandwidths="fkl", bandwidth_shrinkage=1.5).fit(X, y)
