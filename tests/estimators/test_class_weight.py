"""class_weight on the GBRFF classifiers: multiplied into sample_weight by scikit-learn's
compute_sample_weight on the labels (as HistGradientBoostingClassifier does), so that a class weight and
the sample weights it gives fit the same model, bit for bit; a dict naming a label not in y is refused."""

import json

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.metrics import balanced_accuracy_score
from sklearn.model_selection import train_test_split
from sklearn.utils.class_weight import compute_sample_weight

from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier

MAKERS = {
    "GBRFF2": lambda **kw: GBRFF2Classifier(n_estimators=12, random_state=0, **kw),
    "GBRFF2-log-early": lambda **kw: GBRFF2Classifier(n_estimators=30, loss="log_loss",
                                                      n_iter_no_change=3, random_state=0, **kw),
    "GBRFF2+": lambda **kw: GBRFF2PlusClassifier(n_estimators=10, random_state=0, **kw),
    "GBRFF1": lambda **kw: GBRFF1Classifier(n_estimators=8, n_components=3, random_state=0, **kw),
    "GBRFF-LS": lambda **kw: GBRFFLSClassifier(n_estimators=8, n_components=4, random_state=0, **kw),
}


def imbalanced(n_classes=2, n=300, seed=0):
    weights = [0.8, 0.2] if n_classes == 2 else [0.6, 0.3, 0.1]
    X, y = make_classification(n, n_features=5, n_informative=3, n_redundant=0, n_classes=n_classes,
                               n_clusters_per_class=1, weights=weights, random_state=seed)
    return X, np.array(["a", "b", "c"])[y]     # string labels: the weights follow the labels


def same_model(a, b):
    return all(np.array_equal(ea.omegas, eb.omegas) and np.array_equal(ea.alphas, eb.alphas)
               and np.array_equal(ea.phases, eb.phases)
               for ea, eb in zip(a.expansions_, b.expansions_, strict=True))


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("name", sorted(MAKERS))
def test_balanced_is_the_sample_weight_it_gives(name, n_classes):
    X, y = imbalanced(n_classes)
    make = MAKERS[name]
    a = make(class_weight="balanced").fit(X, y)
    b = make().fit(X, y, sample_weight=compute_sample_weight("balanced", y))
    assert same_model(a, b)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    # and it changes the model
    assert not np.array_equal(a.decision_function(X), make().fit(X, y).decision_function(X))


@pytest.mark.parametrize("name", ["GBRFF2", "GBRFF1"])
def test_a_dict_times_sample_weight_is_their_product(name):
    X, y = imbalanced(3)
    sw = np.random.RandomState(1).uniform(0.5, 2.0, y.shape[0])
    class_weight = {"a": 0.5, "c": 4.0}                 # "b" left out: weight one
    per_class = np.select([y == "a", y == "c"], [0.5, 4.0], 1.0)
    make = MAKERS[name]
    a = make(class_weight=class_weight).fit(X, y, sample_weight=sw)
    b = make().fit(X, y, sample_weight=sw * per_class)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


def test_the_weights_enter_the_standardisation():
    X, y = imbalanced(2)
    a = GBRFF2Classifier(n_estimators=3, class_weight="balanced", random_state=0).fit(X, y)
    b = GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y)
    c = GBRFF2Classifier(n_estimators=3, random_state=0).fit(
        X, y, sample_weight=compute_sample_weight("balanced", y))
    np.testing.assert_array_equal(a.mean_, c.mean_)
    assert not np.array_equal(a.mean_, b.mean_)


def test_balanced_raises_the_balanced_accuracy_on_imbalanced_data():
    """The practitioner check's data: 5 % positives, split in half."""
    X, y = make_classification(4000, n_features=10, weights=[0.95, 0.05], random_state=0)
    Xa, Xb, ya, yb = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    scores = [balanced_accuracy_score(yb, GBRFF2Classifier(class_weight=cw, random_state=0)
                                      .fit(Xa, ya).predict(Xb)) for cw in (None, "balanced")]
    assert scores[1] > scores[0] + 0.1, scores


def test_a_large_weight_on_a_class_makes_it_the_prediction():
    X, y = imbalanced(2)
    est = GBRFF2Classifier(n_estimators=10, class_weight={"a": 1e-4, "b": 1e3},
                           random_state=0).fit(X, y)
    assert np.mean(est.predict(X) == "b") > 0.9


def test_unknown_labels_are_refused():
    X, y = imbalanced(2)
    with pytest.raises(ValueError, match=r"class_weight has labels that are not in y: \['z'\]"):
        GBRFF2Classifier(n_estimators=2, class_weight={"a": 1.0, "z": 2.0}).fit(X, y)
    with pytest.raises(ValueError, match="not in y"):
        GBRFF1Classifier(n_estimators=2, class_weight={0: 1.0}).fit(X, y)


@pytest.mark.parametrize("bad", [{"a": -1.0}, {"a": np.nan}])
def test_negative_or_nan_weights_are_refused(bad):
    X, y = imbalanced(2)
    with pytest.raises(ValueError, match="non-negative"):
        GBRFF2Classifier(n_estimators=2, class_weight=bad).fit(X, y)


def test_a_class_weighed_zero_is_a_clear_error():
    X, y = imbalanced(2)
    with pytest.raises(ValueError, match="Each class needs a positive total"):
        GBRFF2Classifier(n_estimators=2, class_weight={"a": 0.0}).fit(X, y)


@pytest.mark.parametrize("bad", ["auto", 3, ["a"]])
def test_other_values_are_refused_by_the_parameter_check(bad):
    X, y = imbalanced(2)
    with pytest.raises(ValueError, match="class_weight"):
        GBRFF2Classifier(n_estimators=2, class_weight=bad).fit(X, y)


def test_a_dict_class_weight_round_trips_through_json():
    X, y = imbalanced(2)
    X, y = X, (y == "b").astype(int)
    est = GBRFF2Classifier(n_estimators=4, class_weight={0: 1.0, 1: 3.5}, random_state=0).fit(X, y)
    twin = GBRFF2Classifier.from_dict(json.loads(json.dumps(est.to_dict())))
    assert twin.get_params()["class_weight"] == {0: 1.0, 1: 3.5}
    np.testing.assert_array_equal(twin.decision_function(X), est.decision_function(X))
