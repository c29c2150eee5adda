"""GBRFF2PlusClassifier's "auto" values (issue 49, the successor's data-adaptive defaults):
the rule (gbrff._gbrff2_plus.successor_params) on both sides of each threshold, an "auto" fit
equal bit for bit to the fit with the resolved values, scikit-learn's conventions (parameters
unchanged by fit, clone, set_params, grid search), warm start, plain data and ONNX."""

import json

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification
from sklearn.model_selection import GridSearchCV
from sklearn.utils._param_validation import InvalidParameterError

from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier
from gbrff._gbrff2_plus import AUTO_PARAMS, successor_params

ALL_AUTO = {name: "auto" for name in AUTO_PARAMS}


def test_the_rule_below_and_from_each_threshold():
    small, large = successor_params(1000), successor_params(1001)
    assert (small["reg_lambda"], small["bandwidth_shrinkage"]) == (2.0**-4, 0.75)
    assert large["reg_lambda"] == 2.0**-4 * 1000 / 1001
    assert large["bandwidth_shrinkage"] == 0.75 * 1000 / 1001
    assert successor_params(4999)["loss"] == "exponential"
    assert successor_params(5000)["loss"] == "log_loss"
    for n in (10, 9999, 10_000, 199_999):
        assert successor_params(n)["n_estimators"] == 100          # no screen: GBRFF2+'s
    assert successor_params(9999, screened=True)["n_estimators"] == 500
    assert successor_params(10_000, screened=True)["n_estimators"] == 1000
    screened = successor_params(50_000, screened=True)     # once screened, no n rule but T's
    assert (screened["reg_lambda"], screened["bandwidth_shrinkage"], screened["loss"]) == (
        0.0, 0.75, "exponential")
    below, above = successor_params(199_999), successor_params(200_000)
    assert (below["subsample"], below["step_rows"]) == (1.0, "all")
    assert (above["subsample"], above["step_rows"]) == (20_000, "sample")
    assert set(successor_params(10)) == set(AUTO_PARAMS)
    with pytest.raises(ValueError, match="at least one training row"):
        successor_params(0)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_an_auto_fit_is_the_fit_of_its_resolved_values(n_classes):
    X, y = make_classification(1500, n_features=6, n_informative=4, n_classes=n_classes,
                               random_state=0)
    auto = GBRFF2PlusClassifier(random_state=0, **{**ALL_AUTO, "n_estimators": 8}).fit(X, y)
    assert auto.resolved_params_ == {**successor_params(1500), "n_estimators": 8}
    explicit = GBRFF2PlusClassifier(random_state=0, **auto.resolved_params_).fit(X, y)
    np.testing.assert_array_equal(auto.decision_function(X), explicit.decision_function(X))
    np.testing.assert_array_equal(auto.predict_proba(X), explicit.predict_proba(X))
    assert auto.get_params() == GBRFF2PlusClassifier(random_state=0, **{**ALL_AUTO, "n_estimators": 8}).get_params()


def test_a_screen_that_acts_sets_lambda_zero_and_more_iterations():
    X, y = make_classification(1500, n_features=120, n_informative=5, n_redundant=0, random_state=1)
    auto = GBRFF2PlusClassifier(random_state=0, feature_screening="auto", **ALL_AUTO).fit(X, y)
    assert auto.support_ is not None and auto.support_.sum() < 120
    assert auto.resolved_params_["reg_lambda"] == 0.0
    assert auto.resolved_params_["n_estimators"] == 500 == auto.n_estimators_
    assert (auto.resolved_params_["bandwidth_shrinkage"], auto.resolved_params_["loss"]) == (
        0.75, "exponential")
    explicit = GBRFF2PlusClassifier(random_state=0, feature_screening="auto",
                                    **auto.resolved_params_).fit(X, y)
    np.testing.assert_array_equal(auto.decision_function(X), explicit.decision_function(X))
    np.testing.assert_array_equal(auto.bandwidth_scales_, explicit.bandwidth_scales_)
    # no screen (fewer than 100 features): GBRFF2+'s 100 iterations and λ
    narrow = GBRFF2PlusClassifier(random_state=0, feature_screening="auto", **ALL_AUTO).fit(X[:, :20], y)
    assert not hasattr(narrow, "support_")
    assert narrow.resolved_params_ == successor_params(1500)


def test_n_counts_the_rows_of_positive_weight():
    X, y = make_classification(1200, n_features=4, random_state=0)
    est = GBRFF2PlusClassifier(n_estimators=3, reg_lambda="auto", random_state=0)
    assert est.fit(X, y).resolved_params_["reg_lambda"] == 2.0**-4 * 1000 / 1200
    w = np.ones(1200)
    w[:300] = 0.0
    assert est.fit(X, y, sample_weight=w).resolved_params_["reg_lambda"] == 2.0**-4


def test_the_defaults_are_auto_and_small_data_keep_the_first_definition():
    assert all(GBRFF2PlusClassifier().get_params()[name] == "auto" for name in ALL_AUTO)
    X, y = make_classification(300, n_features=5, random_state=0)
    plus = GBRFF2PlusClassifier(n_estimators=6, random_state=0).fit(X, y)
    assert plus.resolved_params_ == {"n_estimators": 6, "reg_lambda": 2.0**-4, "loss": "exponential",
                                     "bandwidth_shrinkage": 0.75, "subsample": 1.0, "step_rows": "all"}
    first = {"reg_lambda": 2.0**-4, "quantile_features": True, "feature_bandwidths": "fkl",
             "bandwidth_shrinkage": 0.75}         # GBRFF2+'s first definition
    twin = GBRFF2Classifier(**first, n_estimators=6, random_state=0).fit(X, y)
    np.testing.assert_array_equal(plus.decision_function(X), twin.decision_function(X))
    with pytest.raises(InvalidParameterError, match="reg_lambda"):
        GBRFF2Classifier(reg_lambda="auto").fit(X, y)


@pytest.mark.parametrize("bad", [{"reg_lambda": "automatic"}, {"loss": "Auto"}, {"n_estimators": 0},
                                 {"subsample": "auto!"}, {"step_rows": "some"},
                                 {"bandwidth_shrinkage": 1.5}])
def test_bad_values_get_clear_errors(bad):
    X, y = make_classification(60, n_features=3, n_informative=2, n_redundant=0, random_state=0)
    with pytest.raises(InvalidParameterError, match=next(iter(bad))):
        GBRFF2PlusClassifier(**bad).fit(X, y)


def test_clone_set_params_and_a_grid_search():
    est = GBRFF2PlusClassifier(random_state=0, **{**ALL_AUTO, "n_estimators": 4})
    assert clone(est).get_params() == est.get_params()
    est.set_params(loss="log_loss")
    assert est.get_params()["loss"] == "log_loss"
    X, y = make_classification(200, n_features=4, random_state=0)
    grid = GridSearchCV(est, {"loss": ["auto", "log_loss"], "reg_lambda": ["auto", 0.0]}, cv=2).fit(X, y)
    assert grid.best_estimator_.get_params()["reg_lambda"] in ("auto", 0.0)
    assert "resolved_params_" in vars(grid.best_estimator_)


def test_warm_start_resolves_the_same_values_on_the_same_data():
    X, y = make_classification(1100, n_features=5, random_state=0)
    params = dict(reg_lambda="auto", loss="auto", bandwidth_shrinkage="auto", random_state=0)
    step = GBRFF2PlusClassifier(n_estimators=4, warm_start=True, **params).fit(X, y)
    step.set_params(n_estimators=9).fit(X, y)
    once = GBRFF2PlusClassifier(n_estimators=9, **params).fit(X, y)
    np.testing.assert_array_equal(step.decision_function(X), once.decision_function(X))
    assert step.resolved_params_ == once.resolved_params_
    # n_estimators="auto" on the same data: as long as asked already, nothing to add
    auto = GBRFF2PlusClassifier(n_estimators="auto", warm_start=True, **params).fit(X, y)
    before = auto.decision_function(X)
    np.testing.assert_array_equal(auto.fit(X, y).decision_function(X), before)
    # other data, of a size whose "auto" loss and shrinkage differ: the continuation keeps its model's
    Xb, yb = make_classification(5000, n_features=5, random_state=1)
    kept = dict(step.resolved_params_)
    step.set_params(n_estimators=12).fit(Xb, yb)
    assert step.resolved_params_ == {**kept, "n_estimators": 12} and step.expansion_.loss == "exponential"
    assert step.get_params()["loss"] == "auto"


def test_plain_data_and_onnx_use_the_resolved_loss():
    X, y = make_classification(5000, n_features=4, random_state=0)
    est = GBRFF2PlusClassifier(random_state=0, **{**ALL_AUTO, "n_estimators": 4}).fit(X, y)
    assert est.resolved_params_["loss"] == est.expansion_.loss == "log_loss"
    d = json.loads(json.dumps(est.to_dict()))
    assert d["params"]["loss"] == "auto" and d["resolved_params"]["loss"] == "log_loss"
    twin = GBRFF2PlusClassifier.from_dict(d)
    assert twin.resolved_params_ == est.resolved_params_ and twin.get_params() == est.get_params()
    np.testing.assert_array_equal(twin.predict_proba(X), est.predict_proba(X))
    # the logistic link: P(+1) = sigmoid(H), not the exponential loss's sigmoid(2H)
    H = est.decision_function(X)
    np.testing.assert_allclose(est.predict_proba(X)[:, 1], 1 / (1 + np.exp(-H)), rtol=1e-12)
    ort = pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    session = ort.InferenceSession(est.to_onnx(X).SerializeToString(), providers=["CPUExecutionProvider"])
    label, proba = session.run(None, {"X": X})
    np.testing.assert_array_equal(label, est.predict(X))
    np.testing.assert_allclose(proba, est.predict_proba(X), rtol=1e-9, atol=1e-12)
