"""categorical_features (gbrff._feature_map's one-hot encoding): which columns "auto" encodes,
explicit indices and masks, the indicators against a numpy one-hot, unseen levels, zero-weight
rows, screening, the model bit for bit when nothing is encoded, to_dict, ONNX parity, errors."""

import json

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification

from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier
from gbrff._feature_map import (CATEGORICAL_AUTO, MAX_CATEGORICAL_LEVELS, FeatureMap,
                                resolve_categorical)


def columns(n=300, seed=0):
    """Columns of known kinds: 4 evenly spaced codes, 3 standardised codes, 2 levels,
    5 levels, 3 unevenly spaced values, a continuous one."""
    rng = np.random.RandomState(seed)
    X = np.column_stack([
        rng.randint(1, 5, n),                              # 0: 1..4, encoded
        (rng.randint(0, 3, n) - 1.2) / 0.77,               # 1: 3 codes after an affine map
        rng.randint(0, 2, n),                              # 2: binary, not
        rng.randint(0, 5, n),                              # 3: 5 levels, not
        rng.choice([3.0, 6.0, 7.0], n),                    # 4: uneven (heart's thal), not
        rng.normal(size=n),                                # 5: continuous, not
    ]).astype(np.float64)
    y = ((X[:, 0] == 2) | (X[:, 0] == 4)) ^ (X[:, 5] > 0.3)
    return X, y.astype(int)


def test_auto_encodes_three_or_four_evenly_spaced_levels_only():
    X, _ = columns()
    mask = resolve_categorical("auto", X, np.ones(X.shape[0]))
    np.testing.assert_array_equal(mask, [True, True, False, False, False, False])
    assert (CATEGORICAL_AUTO["min_levels"], CATEGORICAL_AUTO["max_levels"]) == (3, 4)


def test_auto_beyond_the_probe_rows_and_float32():
    X, _ = columns(3000)
    X[2500, 0] = 9.0                     # a fifth value after the first rows: not categorical
    mask = resolve_categorical("auto", X.astype(np.float32), np.ones(X.shape[0]))
    np.testing.assert_array_equal(mask, [False, True, False, False, False, False])


def test_rows_of_zero_weight_are_not_levels():
    X, y = columns()
    X[:10, 3] = 0.0
    X[10:, 3] = np.where(X[10:, 3] > 2, 2.0, X[10:, 3])   # 0..2 on the weighted rows
    X[:10, 3] = 17.0                                       # a fourth value, of weight 0
    w = np.ones(X.shape[0])
    w[:10] = 0.0
    assert resolve_categorical("auto", X, w)[3]
    assert not resolve_categorical("auto", X, np.ones(X.shape[0]))[3]   # 0, 1, 2, 17: uneven
    est = GBRFF2Classifier(n_estimators=5, categorical_features=[3], random_state=0)
    est.fit(X, y, sample_weight=w)
    np.testing.assert_array_equal(est.categorical_levels_[0], [0.0, 1.0, 2.0])


def test_indicators_in_place_and_no_rank_for_them():
    X, y = columns()
    fmap = FeatureMap(standardize=False, quantile_features=True, categorical_features=[0, 4])
    Z = fmap.fit_expand(X, y, np.ones(X.shape[0]), np.random.RandomState(0))
    onehot = [(X[:, [0]] == [1, 2, 3, 4]), X[:, 1:4], (X[:, [4]] == [3, 6, 7]), X[:, 5:6]]
    numeric = [1, 2, 3, 5]
    ranks = [np.interp(X[:, j], *fmap.quantile_knots_[k]) for k, j in enumerate(numeric)]
    expected = np.column_stack(onehot + ranks)
    np.testing.assert_array_equal(Z, expected)
    assert Z.shape[1] == fmap.n_columns() == 4 + 3 + 3 + 1 + 4
    np.testing.assert_array_equal(fmap.column_features(),
                                  [0] * 4 + [1, 2, 3] + [4] * 3 + [5] + numeric)


def test_explicit_indices_and_mask_take_precedence_and_agree():
    X, y = columns()
    mask = np.array([False, False, False, True, False, False])   # "auto" would not encode 3
    a = GBRFF2PlusClassifier(n_estimators=10, categorical_features=[3], random_state=0).fit(X, y)
    b = GBRFF2PlusClassifier(n_estimators=10, categorical_features=mask, random_state=0).fit(X, y)
    np.testing.assert_array_equal(a.categorical_features_, mask)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    assert len(a.quantile_knots_) == 5 and a.omegas_.shape[1] == 5 + 5 + 5
    assert a.gamma_ == 1.0 / 15       # "auto": one over the model's columns


def test_unseen_level_gives_zero_indicators():
    X, y = columns()
    est = GBRFF2Classifier(n_estimators=10, categorical_features="auto", standardize=False,
                           random_state=0).fit(X, y)
    Xu = X[:4].copy()
    Xu[:, 0] = [0.0, 2.5, 5.0, 1e6]
    Z = est.feature_map_.transform(Xu)
    np.testing.assert_array_equal(Z[:, :4], 0.0)
    assert np.all(np.isfinite(est.decision_function(Xu)))


def test_nothing_encoded_is_the_model_bit_for_bit():
    X, y = make_classification(300, n_features=8, random_state=0)
    for cls in (GBRFF2Classifier, GBRFF2PlusClassifier):
        base = cls(n_estimators=10, random_state=0).fit(X, y)
        for cats in ("auto", [], np.zeros(8, dtype=bool)):
            est = cls(n_estimators=10, categorical_features=cats, random_state=0).fit(X, y)
            assert est.categorical_features_ is None
            np.testing.assert_array_equal(est.decision_function(X), base.decision_function(X))
            np.testing.assert_array_equal(est.omegas_, base.omegas_)
            a, b = est.to_dict(), base.to_dict()
            a["params"].pop("categorical_features"), b["params"].pop("categorical_features")
            assert a == b


def test_the_paper_encodes_nothing_and_gbrff2_plus_auto():
    assert GBRFF2Classifier().categorical_features is None
    assert GBRFF2PlusClassifier().categorical_features == "auto"


def test_screen_reads_input_features_and_drops_an_encoded_one_whole():
    rng = np.random.RandomState(0)
    X = np.column_stack([rng.randint(0, 4, (600, 3)), rng.normal(size=(600, 120))])
    y = ((X[:, 0] == 1) | (X[:, 0] == 3)).astype(int)
    est = GBRFF2PlusClassifier(n_estimators=20, categorical_features="auto",
                               feature_screening=0.05, random_state=0).fit(X, y)
    assert est.support_.shape == (123,) and est.support_[0] and not est.support_[1]
    owner = est.feature_map_.column_features()
    dropped = ~est.support_[owner]
    assert np.all(est.omegas_[:, dropped] == 0) and np.any(est.omegas_[:, owner == 0] != 0)
    assert est.score(X, y) > 0.95


def test_to_dict_round_trip_and_json():
    X, y = columns()
    for cats in ("auto", [0, 3], np.array([True, False, False, False, True, False])):
        est = GBRFF2PlusClassifier(n_estimators=10, categorical_features=cats,
                                   random_state=0).fit(X, y)
        d = json.loads(json.dumps(est.to_dict()))
        twin = GBRFF2PlusClassifier.from_dict(d)
        np.testing.assert_array_equal(twin.decision_function(X), est.decision_function(X))
        np.testing.assert_array_equal(twin.categorical_features_, est.categorical_features_)
        clone(twin).fit(X, y)            # its params fit again


def test_multiclass_float32_and_warm_start():
    X, _ = columns()
    y = X[:, 0].astype(int)               # four classes, from the categorical column
    est = GBRFF2Classifier(n_estimators=5, categorical_features=np.arange(2), warm_start=True,
                           random_state=0).fit(X.astype(np.float32), y)
    est.set_params(n_estimators=8).fit(X.astype(np.float32), y)
    assert est.score(X, y) == 1.0
    one = GBRFF2Classifier(n_estimators=8, categorical_features=np.arange(2),
                           random_state=0).fit(X.astype(np.float32), y)
    np.testing.assert_array_equal(one.decision_function(X), est.decision_function(X))


@pytest.mark.parametrize("cats, message", [
    ([6], "out of range"), ([-1], "out of range"), ([0, 0], "more than once"),
    (np.ones(5, dtype=bool), "length 5"), ([0.5], "integer indices"),
    (["a"], "integer indices"), ([[0, 1]], "one-dimensional")])
def test_clear_errors(cats, message):
    X, y = columns()
    with pytest.raises(ValueError, match=message):
        GBRFF2Classifier(n_estimators=2, categorical_features=cats).fit(X, y)


def test_bad_string_and_too_many_levels():
    X, y = columns()
    with pytest.raises(ValueError, match="categorical_features"):
        GBRFF2Classifier(categorical_features="all").fit(X, y)
    X = np.column_stack([X, np.arange(X.shape[0])])
    assert X.shape[0] > MAX_CATEGORICAL_LEVELS
    with pytest.raises(ValueError, match="distinct values"):
        GBRFF2Classifier(n_estimators=2, categorical_features=[6]).fit(X, y)


def test_onnx_parity_with_categorical_features_and_an_unseen_level():
    ort = pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    X, y = columns()
    Xt = np.vstack([X, X[:20]]).astype(np.float32)
    Xt[-20:, 0] = 9.0                     # unseen levels
    Xt[-10:, 1] = -5.0
    for est in (GBRFF2PlusClassifier(n_estimators=15, categorical_features="auto", random_state=0),
                GBRFF2PlusClassifier(n_estimators=15, categorical_features=[0, 1, 3],
                                     feature_screening=0.05, random_state=0),
                GBRFF2Classifier(n_estimators=15, categorical_features="auto", random_state=0)):
        est.fit(X, y if est.feature_screening is None else X[:, 0].astype(int))
        s = ort.InferenceSession(est.to_onnx(Xt[:1]).SerializeToString(),
                                 providers=["CPUExecutionProvider"])
        labels, proba = s.run(None, {s.get_inputs()[0].name: Xt})
        X64 = Xt.astype(np.float64)
        np.testing.assert_array_equal(labels, est.predict(X64))
        np.testing.assert_allclose(proba, est.predict_proba(X64), rtol=1e-9, atol=1e-12)
        np.testing.assert_allclose(proba, est.predict_proba(Xt), rtol=1e-5, atol=1e-6)
