"""GBRFF2Regressor's categorical_features (the classifier's one-hot encoding, through the shared
feature map): which columns "auto" encodes, explicit indices and masks, the model of a hand-made
one-hot, unseen levels, zero-weight rows, the model bit for bit when nothing is encoded, warm
start, to_dict, ONNX parity, errors."""

import json

import numpy as np
import pytest
from sklearn.base import clone

from gbrff import GBRFF2Regressor
from gbrff._feature_map import MAX_CATEGORICAL_LEVELS

EFFECT = np.array([0.0, 2.0, -1.0, 1.0])      # the target's shift by code: not monotone


def data(n=300, seed=0):
    """A continuous feature, four evenly spaced codes (10, 20, 30, 40) whose effect on y has no
    order, a second continuous feature."""
    rng = np.random.RandomState(seed)
    code = rng.randint(0, 4, n)
    X = np.column_stack([rng.normal(size=n), 10.0 * (code + 1), rng.uniform(-2, 2, n)])
    y = EFFECT[code] + np.sin(2 * X[:, 0]) + 0.5 * X[:, 2] + 0.1 * rng.normal(size=n)
    return X, y


def hand_one_hot(X, levels=(10.0, 20.0, 30.0, 40.0)):
    """X with column 1 replaced, in its place, by its indicators."""
    return np.column_stack([X[:, :1], X[:, [1]] == np.asarray(levels), X[:, 2:]]).astype(float)


def small(**kw):
    return GBRFF2Regressor(n_estimators=30, random_state=0, **kw)


def test_auto_encodes_the_codes_and_not_a_continuous_column():
    X, y = data()
    est = small(categorical_features="auto").fit(X, y)
    np.testing.assert_array_equal(est.categorical_features_, [False, True, False])
    np.testing.assert_array_equal(est.categorical_levels_[0], [10.0, 20.0, 30.0, 40.0])
    assert est.omegas_.shape[1] == 1 + 4 + 1
    assert est.score(X, y) > small().fit(X, y).score(X, y)     # the codes' effect has no order


def test_explicit_indices_and_mask_agree():
    X, y = data()
    a = small(categorical_features=[1]).fit(X, y)
    b = small(categorical_features=np.array([False, True, False])).fit(X, y)
    np.testing.assert_array_equal(a.categorical_features_, [False, True, False])
    np.testing.assert_array_equal(a.predict(X), b.predict(X))
    X5 = X.copy()
    X5[:, 1] = np.arange(X.shape[0]) % 5             # 5 levels: "auto" would not encode it
    assert small(categorical_features="auto").fit(X5, y).categorical_features_ is None
    c = small(categorical_features=[1], quantile_features=True).fit(X5, y)
    assert len(c.categorical_levels_[0]) == 5 and len(c.quantile_knots_) == 2
    assert c.omegas_.shape[1] == 1 + 5 + 1 + 2        # no rank for an indicator


@pytest.mark.parametrize("kw", [{}, {"gamma": "auto"}, {"standardize": False}],
                         ids=["default", "gamma-auto", "raw"])
def test_the_model_of_a_hand_made_one_hot(kw):
    X, y = data()
    est = small(categorical_features=[1], **kw).fit(X, y)
    ref = small(**kw).fit(hand_one_hot(X), y)
    assert est.gamma_ == ref.gamma_                   # γ from the model's columns, indicators counted
    np.testing.assert_array_equal(est.omegas_, ref.omegas_)
    np.testing.assert_array_equal(est.predict(X), ref.predict(hand_one_hot(X)))


def test_unseen_level_gives_zero_indicators():
    X, y = data()
    est = small(categorical_features="auto").fit(X, y)
    ref = small().fit(hand_one_hot(X), y)
    Xu = X[:4].copy()
    Xu[:, 1] = [0.0, 25.0, 50.0, 1e6]
    np.testing.assert_array_equal(est.feature_map_.expand(Xu)[:, 1:5], 0.0)
    np.testing.assert_array_equal(est.predict(Xu), ref.predict(hand_one_hot(Xu)))
    assert np.all(np.isfinite(est.predict(Xu)))


def test_rows_of_zero_weight_are_not_levels():
    X, y = data()
    w = np.ones(X.shape[0])
    X[:5, 1], w[:5] = 90.0, 0.0                     # a fifth value, of weight 0
    est = small(categorical_features="auto").fit(X, y, sample_weight=w)
    np.testing.assert_array_equal(est.categorical_features_, [False, True, False])
    np.testing.assert_array_equal(est.categorical_levels_[0], [10.0, 20.0, 30.0, 40.0])
    assert small(categorical_features="auto").fit(X, y).categorical_features_ is None


def test_default_none_is_the_model_bit_for_bit():
    X, y = data()
    assert GBRFF2Regressor().categorical_features is None
    base = small().fit(X, y)
    assert base.categorical_features_ is None and not hasattr(base, "categorical_levels_")
    none = small(categorical_features=None).fit(X, y)
    np.testing.assert_array_equal(none.predict(X), base.predict(X))
    Xc = X[:, [0, 2]]                               # nothing to encode
    base = small().fit(Xc, y)
    for cats in (None, "auto", [], np.zeros(2, dtype=bool)):
        est = small(categorical_features=cats).fit(Xc, y)
        assert est.categorical_features_ is None
        np.testing.assert_array_equal(est.predict(Xc), base.predict(Xc))
        a, b = est.to_dict(), base.to_dict()
        a["params"].pop("categorical_features"), b["params"].pop("categorical_features")
        assert a == b


def test_to_dict_round_trip_and_json():
    X, y = data()
    for kw in ({"categorical_features": "auto"}, {"categorical_features": [1]},
               {"categorical_features": np.array([False, True, False]), "quantile_features": True}):
        est = small(**kw).fit(X, y)
        twin = GBRFF2Regressor.from_dict(json.loads(json.dumps(est.to_dict())))
        np.testing.assert_array_equal(twin.predict(X), est.predict(X))
        np.testing.assert_array_equal(twin.predict(X.astype(np.float32)),
                                      est.predict(X.astype(np.float32)))
        np.testing.assert_array_equal(twin.categorical_features_, est.categorical_features_)
        np.testing.assert_array_equal(twin.categorical_levels_[0], est.categorical_levels_[0])
        refit = clone(twin).fit(X, y)             # its params fit again, to the same model
        np.testing.assert_array_equal(refit.predict(X), est.predict(X))


def test_warm_start_continues_and_refuses_a_changed_encoding():
    X, y = data()
    est = small(categorical_features=[1], n_iter_no_change=None, warm_start=True).fit(X, y)
    est.set_params(n_estimators=50).fit(X, y)
    one = GBRFF2Regressor(n_estimators=50, categorical_features=[1], n_iter_no_change=None,
                          random_state=0).fit(X, y)
    np.testing.assert_array_equal(est.predict(X), one.predict(X))
    est.set_params(n_estimators=60, categorical_features=None)
    with pytest.raises(ValueError, match="categorical_features"):
        est.fit(X, y)
    plain = small(n_iter_no_change=None, warm_start=True).fit(X, y)
    plain.set_params(n_estimators=40, categorical_features="auto")
    with pytest.raises(ValueError, match="categorical_features"):
        plain.fit(X, y)


@pytest.mark.parametrize("cats, message", [
    ([3], "out of range"), ([-1], "out of range"), ([1, 1], "more than once"),
    (np.ones(2, dtype=bool), "length 2"), ([0.5], "integer indices"),
    (["a"], "integer indices"), ([[0, 1]], "one-dimensional"), ("all", "categorical_features")])
def test_clear_errors(cats, message):
    X, y = data()
    with pytest.raises(ValueError, match=message):
        small(categorical_features=cats).fit(X, y)


def test_too_many_levels():
    X, y = data()
    assert X.shape[0] > MAX_CATEGORICAL_LEVELS
    with pytest.raises(ValueError, match="distinct values"):
        small(categorical_features=[0]).fit(X, y)


def test_onnx_parity_with_an_unseen_level():
    ort = pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    X, y = data()
    Xt = np.vstack([X, X[:20]])
    Xt[-20:, 1] = 50.0                              # unseen levels
    Xt[-10:, 1] = 25.0
    for kw in ({"categorical_features": "auto"},
               {"categorical_features": [1], "quantile_features": True}):
        est = small(**kw).fit(X, y)
        for dtype in (np.float64, np.float32):
            Xd = Xt.astype(dtype)
            s = ort.InferenceSession(est.to_onnx(Xd[:1]).SerializeToString(),
                                     providers=["CPUExecutionProvider"])
            (pred,) = s.run(None, {"X": Xd})
            np.testing.assert_allclose(pred[:, 0], est.predict(Xd.astype(np.float64)),
                                       rtol=1e-9, atol=1e-12)
            np.testing.assert_allclose(pred[:, 0], est.predict(Xd), rtol=1e-5, atol=1e-6)
