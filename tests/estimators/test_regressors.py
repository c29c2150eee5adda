"""The GBRFF regressors (gbrff._regressors): R² on the practitioner's tasks, the
scikit-learn contract (staged predictions, weights, threads, JSON), early
stopping, the robust loss, and clear errors for a bad target."""

import json

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import load_diabetes, make_friedman1
from sklearn.metrics import r2_score
from sklearn.model_selection import train_test_split

from gbrff import GBRFF1Regressor, GBRFF2Regressor, GBRFFLSRegressor, _boosting
from gbrff._engine.blocks import BLOCK

REGRESSORS = [GBRFF2Regressor, GBRFF1Regressor, GBRFFLSRegressor]
SMALL = {GBRFF2Regressor: dict(n_estimators=40), GBRFF1Regressor: dict(n_estimators=30),
         GBRFFLSRegressor: dict(n_estimators=40, n_components=20, learning_rate=0.3)}


def small(cls, **kw):
    return cls(random_state=0, **{**SMALL[cls], **kw})


@pytest.fixture(scope="module")
def sine():
    """A 2-D sine surface with noise, in units far from standard."""
    rng = np.random.default_rng(0)
    X = rng.uniform(-3, 3, (400, 2))
    y = 50.0 * np.sin(X[:, 0]) * np.cos(0.7 * X[:, 1]) + 200.0 + rng.normal(0, 5.0, 400)
    return X * [1.0, 100.0], y


def _split(name):
    X, y = (load_diabetes(return_X_y=True) if name == "diabetes"
            else make_friedman1(3000, noise=1.0, random_state=0))
    return train_test_split(X, y, test_size=0.3, random_state=0)


# the practitioner's floors (../shared/checks/practitioner: diabetes 0.30, Friedman #1 0.85) with room,
# at the defaults; LGBMRegressor() scores 0.258 and 0.935 on these splits, HistGradientBoosting 0.277 and 0.934
FLOORS = {GBRFF2Regressor: {"diabetes": 0.35, "friedman1": 0.93},
          GBRFF1Regressor: {"diabetes": 0.32, "friedman1": 0.89}}


@pytest.mark.parametrize("task", ["diabetes", "friedman1"])
@pytest.mark.parametrize("cls", [GBRFF2Regressor, GBRFF1Regressor])
def test_defaults_score_above_the_floors(cls, task):
    Xa, Xb, ya, yb = _split(task)
    reg = cls(random_state=0).fit(Xa, ya)
    assert r2_score(yb, reg.predict(Xb)) >= FLOORS[cls][task]
    assert reg.score(Xb, yb) == r2_score(yb, reg.predict(Xb))
    # early stopping (on by default) ended the fit before the cap on the small noisy task
    if task == "diabetes":
        assert reg.n_estimators_ < reg.n_estimators


def test_the_preprint_s_regressor_learns():
    Xa, Xb, ya, yb = _split("friedman1")
    assert GBRFFLSRegressor(n_estimators=100, random_state=0).fit(Xa, ya).score(Xb, yb) > 0.8


@pytest.mark.parametrize("cls", REGRESSORS)
def test_fitted_attributes_and_staged_predictions(cls, sine):
    X, y = sine
    reg = small(cls, n_iter_no_change=None).fit(X, y)
    assert reg.score(X, y) > 0.8
    staged = list(reg.staged_predict(X))
    assert len(staged) == reg.n_estimators_ == reg.expansion_.n_iter == reg.alphas_.shape[0]
    np.testing.assert_array_equal(staged[-1], reg.predict(X))
    # the expansion alone predicts, in the target's units, on the feature map's z
    m = reg.expansion_
    np.testing.assert_allclose(m.decision_function(reg.feature_map_.transform(X)), reg.predict(X),
                               rtol=1e-12)
    assert m.loss == reg.loss == "squared_error"
    assert reg.init_score_ == m.init_score == pytest.approx(np.mean(y), rel=1e-6)
    assert reg.target_mean_ == pytest.approx(np.mean(y), rel=1e-6)
    assert reg.target_scale_ == pytest.approx(np.std(y), rel=1e-6)
    # the training loss, in the target's units squared, goes down and ends at the training MSE
    assert reg.train_loss_[-1] < reg.train_loss_[0] < np.var(y)
    assert reg.train_loss_[-1] == pytest.approx(np.mean((y - reg.predict(X)) ** 2), rel=1e-5)
    assert not hasattr(reg, "predict_proba") and not hasattr(reg, "decision_function")
    assert reg.__sklearn_tags__().estimator_type == "regressor"


@pytest.mark.parametrize("cls", REGRESSORS)
def test_the_fit_does_not_depend_on_the_target_s_units(cls, sine):
    """The target is standardised inside: y in other units and offset gives the same
    model, its predictions in those units (to rounding)."""
    X, y = sine
    a = small(cls).fit(X, y)
    b = small(cls).fit(X, 1e-3 * y - 7.0)
    np.testing.assert_allclose(b.predict(X), 1e-3 * a.predict(X) - 7.0, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("cls", [GBRFF2Regressor, GBRFF1Regressor])
def test_integer_weights_act_as_repeated_rows(cls, sine):
    """Without early stopping (whose split draws rows, not weights) and with
    gamma="auto" (the "quantile" rule reads pairs of rows), a weight of k is k
    copies of the row: the same statistics, the same model up to the engine's
    round-off amplified by the descents (the check's 1e-7 is beyond it)."""
    X, y = sine
    w = np.random.default_rng(1).integers(0, 4, len(y))
    kw = dict(n_iter_no_change=None, gamma="auto")
    a = small(cls, **kw).fit(X, y, sample_weight=w)
    b = small(cls, **kw).fit(np.repeat(X, w, axis=0), np.repeat(y, w))
    assert a.target_mean_ == b.target_mean_ and a.target_scale_ == b.target_scale_
    np.testing.assert_array_equal(a.mean_, b.mean_)
    np.testing.assert_allclose(a.predict(X), b.predict(X), rtol=1e-3, atol=1e-3 * np.std(y))


@pytest.mark.parametrize("cls", [GBRFF2Regressor, GBRFF1Regressor])
def test_a_zero_weight_is_a_removed_row_with_early_stopping(cls, sine):
    """The validation split is drawn among the rows of positive weight: a row of
    weight 0 is as if it were not there, early stopping included."""
    X, y = sine
    w = np.ones(len(y))
    w[::7] = 0.0
    keep = w > 0
    a = small(cls, n_iter_no_change=5).fit(X, y, sample_weight=w)
    b = small(cls, n_iter_no_change=5).fit(X[keep], y[keep])
    assert a.n_estimators_ == b.n_estimators_
    np.testing.assert_allclose(a.predict(X), b.predict(X), rtol=1e-9)


@pytest.mark.slow
@pytest.mark.parametrize("cls", REGRESSORS)
def test_the_model_does_not_depend_on_n_jobs(cls):
    """Data of two blocks and a part: the fit's sums go by fixed blocks, so any
    n_jobs gives the same bits (the threaded JIT engine against the serial one)."""
    X, y = make_friedman1(2 * BLOCK + 300, noise=1.0, random_state=1)
    one = small(cls, n_estimators=6, n_jobs=1).fit(X, y)
    for nj in (2, -1):
        other = clone(one).set_params(n_jobs=nj).fit(X, y)
        assert json.dumps(other.to_dict()["expansions"]) == json.dumps(one.to_dict()["expansions"])
        np.testing.assert_array_equal(other.predict(X), one.predict(X))


@pytest.mark.parametrize("cls", REGRESSORS)
def test_round_trip_through_json_is_exact(cls, sine):
    X, y = sine
    Xn = np.random.default_rng(5).uniform(-4, 4, (50, 2)) * [1.0, 100.0]
    for est in (small(cls), small(cls, standardize=False, n_iter_no_change=3)):
        est.fit(X, y)
        back = type(est).from_dict(json.loads(json.dumps(est.to_dict())))
        assert type(back) is cls and back.get_params() == est.get_params()
        for A in (Xn, Xn.astype(np.float32)):
            np.testing.assert_array_equal(back.predict(A), est.predict(A))
            for u, v in zip(back.staged_predict(A), est.staged_predict(A), strict=True):
                np.testing.assert_array_equal(u, v)
        for attr in ("init_score_", "alphas_", "omegas_", "train_loss_", "target_mean_",
                     "target_scale_", "gamma_", "mean_", "scale_", "validation_loss_"):
            if hasattr(est, attr):
                np.testing.assert_array_equal(getattr(back, attr), getattr(est, attr), attr)
            else:
                assert not hasattr(back, attr), attr
        assert json.dumps(back.to_dict()) == json.dumps(est.to_dict())
    with pytest.raises(ValueError, match="GBRFF2Regressor"):
        GBRFF1Regressor.from_dict(small(GBRFF2Regressor).fit(X, y).to_dict())


def test_early_stopping_stops_and_records_the_validation_loss(sine):
    X, y = sine
    reg = GBRFF2Regressor(n_estimators=500, learning_rate=0.5, n_iter_no_change=5,
                          random_state=0).fit(X, y)
    assert reg.n_estimators_ < 500
    assert reg.validation_loss_.shape == (reg.n_estimators_,)
    best = int(np.argmin(reg.validation_loss_))
    assert reg.n_estimators_ - 1 - best >= 5     # stopped 5 iterations after its best
    full = GBRFF2Regressor(n_estimators=40, n_iter_no_change=None, random_state=0).fit(X, y)
    assert full.n_estimators_ == 40 and not hasattr(full, "validation_loss_")


@pytest.mark.parametrize("cls", [GBRFF2Regressor, GBRFF1Regressor])
def test_huber_beats_squared_error_with_outliers(cls):
    """A twentieth of the training targets moved far off: the squared error follows
    them, huber (their residuals clipped to δ, the 0.9-quantile of |y − H|) does not.
    (With a tenth or more, δ lands among the outliers' residuals: lower ``alpha``.)"""
    X, y = make_friedman1(1200, noise=0.5, random_state=3)
    Xa, Xb, ya, yb = train_test_split(X, y, test_size=0.3, random_state=0)
    rng = np.random.default_rng(0)
    bad = rng.choice(len(ya), len(ya) // 20, replace=False)
    ya = ya.copy()
    ya[bad] += rng.choice([-1, 1], len(bad)) * rng.uniform(30, 60, len(bad))
    r2 = {loss: r2_score(yb, cls(loss=loss, random_state=0).fit(Xa, ya).predict(Xb))
          for loss in ("squared_error", "huber")}
    assert r2["huber"] > max(0.85, r2["squared_error"] + 0.2), r2
    reg = cls(loss="huber", random_state=0).fit(Xa, ya)
    assert reg.init_score_ == pytest.approx(np.median(ya), abs=np.std(ya) * 0.05)
    assert reg.expansion_.loss == "huber"


def test_huber_s_alpha_sets_the_share_of_inliers(sine):
    X, y = sine
    a = GBRFF2Regressor(loss="huber", alpha=0.5, n_estimators=20, random_state=0).fit(X, y)
    b = GBRFF2Regressor(loss="huber", alpha=0.99, n_estimators=20, random_state=0).fit(X, y)
    assert not np.array_equal(a.alphas_, b.alphas_)
    with pytest.raises(ValueError, match="alpha"):
        GBRFF2Regressor(loss="huber", alpha=1.5).fit(X, y)
    with pytest.raises(ValueError, match="loss"):
        GBRFF2Regressor(loss="exponential").fit(X, y)


@pytest.mark.parametrize("cls", REGRESSORS)
def test_a_bad_target_is_a_clear_value_error(cls, sine):
    X, y = sine
    for bad, match in ((np.where(np.arange(len(y)) == 3, np.nan, y), "NaN"),
                       (np.where(np.arange(len(y)) == 3, np.inf, y), "infinity"),
                       (np.array(["a", "b"] * (len(y) // 2)), "real numbers"),
                       (np.array(["1.5", "x"] * (len(y) // 2), dtype=object), "float")):
        with pytest.raises(ValueError, match=match):
            small(cls).fit(X, bad)
    with pytest.raises(ValueError):
        small(cls).fit(X, y[:-1])
    with pytest.raises(ValueError, match="(?i)sample.weight"):
        small(cls).fit(X, y, sample_weight=np.zeros(len(y)))
    # numbers given as strings are numbers
    small(cls).fit(X[:40], np.array([str(v) for v in y[:40]], dtype=object))


@pytest.mark.parametrize("cls", REGRESSORS)
def test_a_constant_target_is_predicted(cls, sine):
    X, _ = sine
    reg = small(cls).fit(X, np.full(len(X), 3.25))
    np.testing.assert_array_equal(reg.predict(X), 3.25)


def test_quantile_features_travel(sine):
    X, y = sine
    reg = GBRFF2Regressor(n_estimators=20, quantile_features=True, random_state=0).fit(X, y)
    assert reg.omegas_.shape == (reg.n_estimators_, 4)
    assert len(reg.quantile_knots_) == 4 - 2
    back = GBRFF2Regressor.from_dict(json.loads(json.dumps(reg.to_dict())))
    np.testing.assert_array_equal(back.predict(X), reg.predict(X))


def test_regressors_share_the_classifiers_engine_and_feature_map(sine):
    """The same Expansion and feature_map_ as the classifiers (what an exporter reads)."""
    from gbrff import GBRFF2Classifier

    X, y = sine
    reg = small(GBRFF2Regressor).fit(X, y)
    clf = GBRFF2Classifier(n_estimators=5, random_state=0).fit(X, y > np.median(y))
    assert type(reg.expansion_) is type(clf.expansion_) is _boosting.Expansion
    assert type(reg.feature_map_) is type(clf.feature_map_)
    assert set(reg.to_dict()) == set(clf.to_dict()) - {"classes", "classes_dtype"} | {"target"}


@pytest.mark.parametrize("cls", REGRESSORS)
def test_onnx_graph_predicts_as_the_regressor(cls, sine):
    """to_onnx and skl2onnx's converter: onnxruntime's output is predict's, on float64
    input to 1e-12 of the target's scale, on float32 input (widened) to float32's rounding."""
    ort = pytest.importorskip("onnxruntime")
    skl2onnx = pytest.importorskip("skl2onnx")
    X, y = sine
    for est in (small(cls), small(cls, standardize=False, n_iter_no_change=None)):
        est.fit(X, y)
        for X_in in (X, X.astype(np.float32)):
            for graph in (est.to_onnx(X_in), skl2onnx.to_onnx(est, X_in[:1])):
                run = ort.InferenceSession(graph.SerializeToString(), providers=["CPUExecutionProvider"])
                (out,) = run.run(None, {run.get_inputs()[0].name: X_in})
                ref = est.predict(X_in.astype(np.float64))
                np.testing.assert_allclose(np.asarray(out).ravel(), ref, rtol=0,
                                           atol=1e-12 * np.abs(ref).max() if X_in.dtype == np.float64
                                           else 1e-5 * np.abs(ref).max())
