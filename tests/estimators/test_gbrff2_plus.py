"""GBRFF2PlusClassifier: GBRFF2+ from the package root, whose defaults are the registry's GBRFF2_PLUS (the
one definition of the values, held equal here) and GBRFF2Classifier's elsewhere; up to 1,000 rows and 100
features it fits GBRFF2+'s first definition (GBRFF2Classifier with FIRST_DEFINITION), bit for bit, and
GBRFF2Classifier keeps the paper's defaults."""

import inspect
import json

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification

import gbrff
from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier
from gbrff.methods import GBRFF2_PLUS

#: GBRFF2+'s first definition (2026-11, results/*_superseded/): what its "auto" values are on small data.
FIRST_DEFINITION = {"reg_lambda": 2.0**-4, "quantile_features": True, "feature_bandwidths": "fkl",
                    "bandwidth_shrinkage": 0.75}


def test_its_defaults_are_the_registrys_gbrff2_plus():
    plus, paper = GBRFF2PlusClassifier().get_params(), GBRFF2Classifier().get_params()
    assert set(plus) == set(paper)          # every parameter of GBRFF2Classifier, shown by get_params
    assert {k: v for k, v in plus.items() if v != paper[k]} == GBRFF2_PLUS


def test_the_paper_keeps_its_defaults():
    params = GBRFF2Classifier().get_params()
    assert (params["reg_lambda"], params["quantile_features"], params["feature_bandwidths"],
            params["bandwidth_shrinkage"]) == (0.0, False, None, 0.0)


def test_its_signature_is_gbrff2s_in_the_same_order():
    names = list(inspect.signature(GBRFF2PlusClassifier).parameters)
    assert names == list(inspect.signature(GBRFF2Classifier).parameters)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_on_small_data_it_fits_the_first_definitions_model(n_classes):
    X, y = make_classification(200, n_features=5, n_informative=3, n_redundant=0, n_classes=n_classes,
                               n_clusters_per_class=1, random_state=0)
    a = GBRFF2PlusClassifier(n_estimators=12, random_state=0).fit(X, y)
    b = GBRFF2Classifier(**FIRST_DEFINITION, n_estimators=12, random_state=0).fit(X, y)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    np.testing.assert_array_equal(a.bandwidth_scales_, b.bandwidth_scales_)


def test_it_is_exported_named_and_cloned():
    assert "GBRFF2PlusClassifier" in gbrff.__all__
    est = GBRFF2PlusClassifier(n_estimators=7)
    assert repr(est) == "GBRFF2PlusClassifier(n_estimators=7)"
    twin = clone(est)
    assert type(twin) is GBRFF2PlusClassifier and twin.get_params() == est.get_params()


def test_it_round_trips_through_json_under_its_name():
    X, y = make_classification(150, n_features=4, random_state=0)
    est = GBRFF2PlusClassifier(n_estimators=6, random_state=0).fit(X, y)
    d = json.loads(json.dumps(est.to_dict()))
    assert d["estimator"] == "GBRFF2PlusClassifier"
    twin = GBRFF2PlusClassifier.from_dict(d)
    np.testing.assert_array_equal(twin.predict_proba(X), est.predict_proba(X))
    with pytest.raises(ValueError, match="GBRFF2PlusClassifier"):
        GBRFF2Classifier.from_dict(d)


def test_it_exports_to_onnx():
    ort = pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    X, y = make_classification(150, n_features=4, random_state=0)
    est = GBRFF2PlusClassifier(n_estimators=6, random_state=0).fit(X, y)
    session = ort.InferenceSession(est.to_onnx(X).SerializeToString(),
                                   providers=["CPUExecutionProvider"])
    label, proba = session.run(None, {"X": X})
    np.testing.assert_array_equal(label, est.predict(X))
    np.testing.assert_allclose(proba, est.predict_proba(X), rtol=1e-9, atol=1e-12)
