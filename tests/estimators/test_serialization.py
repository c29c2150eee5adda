"""to_dict / from_dict of the GBRFF estimators (gbrff._serialization): through JSON text, the rebuilt
estimator predicts bit for bit as the original; a dict of another kind is refused with a sentence."""

import json

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification
from sklearn.exceptions import NotFittedError

from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier

ESTIMATORS = {
    "GBRFF2": GBRFF2Classifier(n_estimators=12, random_state=0),
    "GBRFF2+": GBRFF2PlusClassifier(n_estimators=12, random_state=0),
    "GBRFF2-log-early": GBRFF2Classifier(n_estimators=30, loss="log_loss", n_iter_no_change=2,
                                         random_state=0),
    "GBRFF1": GBRFF1Classifier(n_estimators=8, n_components=3, random_state=0),
    "GBRFF1-random": GBRFF1Classifier(n_estimators=8, n_components=3, landmarks="random",
                                      random_state=0),
    "GBRFF-LS": GBRFFLSClassifier(n_estimators=8, n_components=4, random_state=0),
}
PREDICTIONS = ("predict", "predict_proba", "predict_log_proba", "decision_function")
STAGED = ("staged_predict", "staged_predict_proba", "staged_decision_function")


def data(n_classes, seed=0):
    X, y = make_classification(120, n_features=4, n_informative=3, n_redundant=0,
                               n_classes=n_classes, n_clusters_per_class=1, random_state=seed)
    return X * [1.0, 10.0, 0.1, 3.0] + [0.0, 5.0, -2.0, 1.0], y  # units far from standard


def round_trip(est):
    """The estimator rebuilt from its dict written as JSON text and read back."""
    text = json.dumps(est.to_dict())
    return type(est).from_dict(json.loads(text))


def assert_same_predictions(a, b, X):
    for name in PREDICTIONS:
        np.testing.assert_array_equal(getattr(a, name)(X), getattr(b, name)(X), err_msg=name)
    for name in STAGED:
        for t, (u, v) in enumerate(zip(getattr(a, name)(X), getattr(b, name)(X), strict=True)):
            np.testing.assert_array_equal(u, v, err_msg=f"{name} at stage {t}")


@pytest.mark.parametrize("standardize", [True, False])
@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("name", list(ESTIMATORS))
def test_round_trip_through_json_is_bit_identical(name, n_classes, standardize):
    X, y = data(n_classes)
    est = clone(ESTIMATORS[name]).set_params(standardize=standardize).fit(X, y)
    back = round_trip(est)
    assert type(back) is type(est) and back.get_params() == est.get_params()
    Xt = data(n_classes, seed=1)[0]  # points the model has not seen
    assert_same_predictions(est, back, Xt)
    assert_same_predictions(est, back, Xt.astype(np.float32))  # the float32 path too
    np.testing.assert_array_equal(back.classes_, est.classes_)
    assert back.classes_.dtype == est.classes_.dtype and back.n_features_in_ == est.n_features_in_
    for attr in ("init_score_", "n_estimators_", "gamma_", "mean_", "scale_", "quantile_knots_",
                 "bandwidth_scales_", "alphas_", "omegas_", "train_loss_", "validation_loss_"):
        if hasattr(est, attr):
            mine, theirs = getattr(est, attr), getattr(back, attr)
            if attr == "quantile_knots_":
                mine, theirs = np.array(mine), np.array(theirs)
            np.testing.assert_array_equal(mine, theirs, err_msg=attr)
        else:
            assert not hasattr(back, attr), attr
    # the dict of the rebuilt estimator is the same dict: nothing lost, nothing added
    assert json.dumps(back.to_dict()) == json.dumps(est.to_dict())


def test_labels_and_feature_names_travel():
    pd = pytest.importorskip("pandas")
    X, y = data(3)
    frame = pd.DataFrame(X, columns=["width", "height", "depth", "mass"])
    labels = np.array(["setosa", "versicolor", "virginica"])[y]
    est = GBRFF2Classifier(n_estimators=5, random_state=0).fit(frame, labels)
    back = round_trip(est)
    assert list(back.feature_names_in_) == ["width", "height", "depth", "mass"]
    np.testing.assert_array_equal(back.predict(frame), est.predict(frame))
    assert back.predict(frame).dtype == est.predict(frame).dtype
    for y_kind in (y > 0, y.astype(np.float64) * 2, labels.astype(object)):
        est = GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y_kind)
        back = round_trip(est)
        assert back.classes_.dtype == est.classes_.dtype
        np.testing.assert_array_equal(back.predict(X), est.predict(X))


def test_a_rebuilt_estimator_fits_again_as_the_original():
    X, y = data(2)
    est = GBRFF2PlusClassifier(n_estimators=6, random_state=3).fit(X, y)
    again = round_trip(est).fit(X, y)
    np.testing.assert_array_equal(again.decision_function(X), est.decision_function(X))


def test_non_finite_losses_and_a_random_state_instance():
    X, y = data(2)
    est = GBRFF2Classifier(n_estimators=4, random_state=np.random.RandomState(0)).fit(X, y)
    est.expansions_[0].train_loss[0] = np.inf
    d = est.to_dict()
    assert d["params"]["random_state"] is None  # its state after the fit is not the model's
    back = type(est).from_dict(json.loads(json.dumps(d)))  # Python's json writes Infinity
    assert back.train_loss_[0] == np.inf
    strict = json.dumps(d).replace("Infinity", "null")  # a strict writer's null reads as NaN
    assert np.isnan(type(est).from_dict(json.loads(strict)).train_loss_[0])
    np.testing.assert_array_equal(back.decision_function(X), est.decision_function(X))


def test_unfitted_estimators_raise_not_fitted():
    for est in ESTIMATORS.values():
        with pytest.raises(NotFittedError):
            clone(est).to_dict()


def test_a_dict_of_another_kind_is_refused_with_a_sentence():
    X, y = data(2)
    d = GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y).to_dict()
    cases = [
        ({**d, "format": "gbrff-model/1"}, "not a GBRFF estimator's.*'gbrff-model/1'"),
        ({**d, "version": 2}, "version 2; this gbrff reads version 1"),
        ({k: v for k, v in d.items() if k != "feature_map"}, "lacks the key.*feature_map"),
        ({**d, "feature_map": {k: v for k, v in d["feature_map"].items() if k != "mean"}},
         "lacks the key 'mean'"),
        ({**d, "expansions": [{k: v for k, v in d["expansions"][0].items() if k != "alphas"}]},
         "lacks the key 'alphas'"),
        ({**d, "params": {**d["params"], "depth": 3}}, "params do not fit GBRFF2Classifier"),
        ({**d, "params": {**d["params"], "n_estimators": -1}}, "n_estimators"),
        ({**d, "expansions": d["expansions"] * 2}, "2 expansions for 2 classes"),
        ([d], "takes a dict"),
    ]
    for bad, words in cases:
        with pytest.raises(ValueError, match=words):
            GBRFF2Classifier.from_dict(bad)
    with pytest.raises(ValueError, match="holds a 'GBRFF2Classifier'.*not GBRFF1Classifier's"):
        GBRFF1Classifier.from_dict(d)
