"""warm_start on the GBRFF regressors: fitting again with a larger n_estimators continues the
expansion, and on the same data (X, y and the rows of positive weight, after a first fit with
warm_start=True) the model is one fit of that size, bit for bit, for every regressor and loss, with
early stopping, sample weights and any n_jobs; where the draws cannot allow it (random landmarks)
or the state is missing (a first fit without warm_start, other data), it is a continuation still.
The rules are the classifiers' (tests/estimators/test_warm_start.py), which share the machinery."""

import json
import pickle
import warnings

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_friedman1
from sklearn.utils.estimator_checks import parametrize_with_checks

from gbrff import GBRFF1Regressor, GBRFF2Regressor, GBRFFLSRegressor
from gbrff._engine.blocks import BLOCK

MAKERS = {
    "GBRFF2": lambda **kw: GBRFF2Regressor(random_state=0, **kw),
    "GBRFF2-huber": lambda **kw: GBRFF2Regressor(loss="huber", random_state=0, **kw),
    "GBRFF2-no-early": lambda **kw: GBRFF2Regressor(n_iter_no_change=None, random_state=0, **kw),
    "GBRFF2-huber-no-early-ranks": lambda **kw: GBRFF2Regressor(
        loss="huber", alpha=0.8, n_iter_no_change=None, quantile_features=True, reg_lambda=0.05,
        random_state=0, **kw),
    "GBRFF2-raw-auto-gamma": lambda **kw: GBRFF2Regressor(standardize=False, gamma="auto",
                                                          random_state=0, **kw),
    "GBRFF1": lambda **kw: GBRFF1Regressor(n_components=4, random_state=0, **kw),
    "GBRFF1-huber": lambda **kw: GBRFF1Regressor(n_components=4, loss="huber", random_state=0, **kw),
    "GBRFF1-huber-no-early": lambda **kw: GBRFF1Regressor(n_components=4, loss="huber",
                                                          n_iter_no_change=None, random_state=0,
                                                          **kw),
    "GBRFF-LS": lambda **kw: GBRFFLSRegressor(n_components=6, learning_rate=0.3, random_state=0, **kw),
    "GBRFF-LS-early": lambda **kw: GBRFFLSRegressor(n_components=6, learning_rate=0.3,
                                                    n_iter_no_change=4, random_state=0, **kw),
}


def data(n=240, seed=0, noise=1.0):
    X, y = make_friedman1(n, n_features=5, noise=noise, random_state=seed)
    return X, 100.0 * y + 1000.0     # a target far from standard: its standardisation is kept


def continued(make, X, y, steps, **fit_params):
    """A warm start through n_estimators = steps[0], steps[1], ..."""
    est = make(n_estimators=steps[0], warm_start=True).fit(X, y, **fit_params)
    for n in steps[1:]:
        est.set_params(n_estimators=n).fit(X, y, **fit_params)
    return est


def assert_same_model(a, b, X):
    """The same model: expansions (in the target's units, and as fitted), fitted attributes,
    predictions, staged predictions and the written model, to the bit."""
    assert a.n_estimators_ == b.n_estimators_
    for ea, eb in zip(a.expansions_ + a._warm_start_state_.expansions,
                      b.expansions_ + b._warm_start_state_.expansions, strict=True):
        for name in ("omegas", "phases", "q", "alphas", "train_loss", "val_loss"):
            np.testing.assert_array_equal(getattr(ea, name), getattr(eb, name), err_msg=name)
        assert ea.init_score == eb.init_score
    for name in ("target_mean_", "target_scale_", "gamma_", "init_score_", "alphas_", "omegas_"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name), err_msg=name)
    assert np.array_equal(a.predict(X), b.predict(X))
    for u, v in zip(a.staged_predict(X), b.staged_predict(X), strict=True):
        assert np.array_equal(u, v)
    assert json.dumps(a.to_dict()["expansions"]) == json.dumps(b.to_dict()["expansions"])


@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_continued_fit_is_one_fit_bit_for_bit(name):
    X, y = data()
    make = MAKERS[name]
    one = make(n_estimators=25).fit(X, y)
    assert_same_model(continued(make, X, y, [4, 11, 25]), one, X)


@pytest.mark.parametrize("name", ["GBRFF2-huber", "GBRFF1", "GBRFF-LS-early"])
def test_sample_weights_continue_bit_for_bit(name):
    """Weights, zeros among them: the validation split draws from the rows of positive weight."""
    X, y = data()
    sw = np.random.RandomState(0).uniform(0.2, 3.0, y.shape[0])
    sw[::7] = 0.0
    make = MAKERS[name]
    one = make(n_estimators=20).fit(X, y, sample_weight=sw)
    assert_same_model(continued(make, X, y, [5, 20], sample_weight=sw), one, X)


@pytest.mark.parametrize("n_jobs", [1, 2, None])
def test_a_continuation_with_other_threads_is_one_fit(n_jobs):
    X, y = data()
    one = MAKERS["GBRFF1-huber"](n_estimators=18, n_jobs=1).fit(X, y)
    est = MAKERS["GBRFF1-huber"](n_estimators=6, n_jobs=n_jobs, warm_start=True).fit(X, y)
    est.set_params(n_estimators=18, n_jobs=2 if n_jobs == 1 else 1).fit(X, y)
    assert_same_model(est, one, X)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["GBRFF2-huber", "GBRFF1"])
def test_a_continued_fit_on_blocks_is_one_fit_for_any_n_jobs(name):
    """Two blocks and a part: the threaded engine, its scores handed over between fits."""
    X, y = data(2 * BLOCK + 300, seed=1)
    make = MAKERS[name]
    one = make(n_estimators=10, n_jobs=1).fit(X, y)
    est = make(n_estimators=4, n_jobs=2, warm_start=True).fit(X, y)
    est.set_params(n_estimators=10, n_jobs=1).fit(X, y)
    assert_same_model(est, one, X)


def test_float32_data_continue_bit_for_bit():
    X, y = data()
    X = np.asfortranarray(X, dtype=np.float32)
    make = MAKERS["GBRFF2-huber-no-early-ranks"]
    assert_same_model(continued(make, X, y, [3, 9]), make(n_estimators=9).fit(X, y), X)


@pytest.mark.parametrize("loss", ["squared_error", "huber"])
def test_early_stopping_stops_where_one_fit_stops(loss):
    """Early stopping's memory goes over from fit to fit: the stop falls where one long fit's
    falls, after several continuations, and a stopped model adds nothing (as one longer fit
    would not)."""
    X, y = data(300, noise=3.0)
    make = lambda **kw: GBRFF2Regressor(loss=loss, learning_rate=0.5, n_iter_no_change=3,  # noqa: E731
                                        tol=0.0, random_state=0, **kw)
    one = make(n_estimators=400).fit(X, y)
    assert 6 < one.n_estimators_ < 400
    est = continued(make, X, y, [2, 5, 6, 400])
    assert_same_model(est, one, X)
    np.testing.assert_array_equal(est.validation_loss_, one.validation_loss_)
    before = est.expansions_[0]
    est.set_params(n_estimators=500).fit(X, y)
    assert est.expansions_[0] is before and est.n_estimators_ == one.n_estimators_


def test_the_same_n_estimators_adds_nothing():
    X, y = data()
    est = MAKERS["GBRFF2"](n_estimators=6, warm_start=True).fit(X, y)
    first = est.expansions_[0]
    est.fit(X, y)
    assert est.expansions_[0] is first and est.n_estimators_ == 6


@pytest.mark.parametrize("cls", [GBRFF2Regressor, GBRFF1Regressor, GBRFFLSRegressor])
def test_a_smaller_n_estimators_is_refused(cls):
    X, y = data()
    est = cls(n_estimators=6, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match=r"n_estimators=5 must be larger or equal to n_estimators_=6 "
                                         "when warm_start==True"):
        est.set_params(n_estimators=5).fit(X, y)


def test_other_features_are_refused_as_scikit_learn_refuses_them():
    X, y = data()
    est = MAKERS["GBRFF2"](n_estimators=4, warm_start=True).fit(X, y)
    with pytest.raises(ValueError, match="X has 4 features, but GBRFF2Regressor is expecting 5"):
        est.set_params(n_estimators=8).fit(X[:, :4], y)


@pytest.mark.parametrize("change", [dict(loss="huber"), dict(gamma=0.5), dict(standardize=False),
                                    dict(quantile_features=True), dict(n_iter_no_change=None),
                                    dict(validation_fraction=0.2)])
def test_a_parameter_that_shapes_the_model_cannot_change(change):
    X, y = data()
    est = MAKERS["GBRFF2"](n_estimators=4, warm_start=True).fit(X, y)
    name = next(iter(change))
    with pytest.raises(ValueError, match=f"{name}.* shaped"):
        est.set_params(n_estimators=8, **change).fit(X, y)
    est.set_params(warm_start=False).fit(X, y)      # a new fit takes it
    assert est.n_estimators_ == 8


@pytest.mark.parametrize("cls", [GBRFF1Regressor, GBRFFLSRegressor])
def test_the_landmarks_learner_is_fixed_too(cls):
    X, y = data()
    est = cls(n_estimators=3, n_components=2, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="n_components, landmarks shaped"):
        est.set_params(n_estimators=5, n_components=3, landmarks="random").fit(X, y)


def test_the_new_iterations_take_the_new_step_parameters():
    """learning_rate, alpha, reg_lambda, tol and n_iter_no_change's value may change: the iterations
    fitted stay, the new ones follow the new values (HistGradientBoosting's warm start does the same)."""
    X, y = data()
    est = MAKERS["GBRFF2-huber"](n_estimators=5, warm_start=True).fit(X, y)
    alphas, omegas = est.alphas_.copy(), est.omegas_.copy()
    est.set_params(n_estimators=9, learning_rate=0.01, alpha=0.5, n_iter_no_change=30).fit(X, y)
    assert est.n_estimators_ == 9
    np.testing.assert_array_equal(est.alphas_[:5], alphas)
    assert np.abs(est.alphas_[5:]).max() < 0.2 * np.abs(alphas).min()
    # the penalty on ω shrinks the new frequencies only
    est.set_params(n_estimators=13, reg_lambda=0.1).fit(X, y)
    np.testing.assert_array_equal(est.omegas_[:5], omegas)
    norms = np.linalg.norm(est.omegas_, axis=1)
    assert norms[9:].max() < 0.5 * norms[:9].min()


@pytest.mark.parametrize("cls", [GBRFF1Regressor, GBRFFLSRegressor])
def test_random_landmarks_continue_but_not_as_one_fit(cls):
    """The random landmarks of all T iterations are drawn after all T iterations' ω: a fit of 6 draws
    its landmarks after 6 iterations' ω, one of 12 after 12, so the first iterations already differ.
    The continuation keeps the fitted ones and adds six."""
    X, y = data()
    make = lambda **kw: cls(n_components=3, landmarks="random", n_iter_no_change=None,  # noqa: E731
                            random_state=0, **kw)
    first = make(n_estimators=6).fit(X, y)
    est = continued(make, X, y, [6, 12])
    np.testing.assert_array_equal(est.landmarks_[:6], first.landmarks_)
    assert est.n_estimators_ == 12
    assert not np.array_equal(est.landmarks_, make(n_estimators=12).fit(X, y).landmarks_)


def test_a_first_fit_without_warm_start_continues_from_its_predictions():
    """Without warm_start at the first fit the engine's scores were not kept: they are recomputed by
    prediction (as HistGradientBoosting does), a continuation close to one fit, not its bits."""
    X, y = data()
    make = MAKERS["GBRFF2-no-early"]
    est = make(n_estimators=8).fit(X, y)
    assert est._warm_start_state_.problems[0].continuation is None     # n floats not kept by default
    est.set_params(n_estimators=16, warm_start=True).fit(X, y)
    one = make(n_estimators=16).fit(X, y)
    np.testing.assert_array_equal(est.omegas_[:8], one.omegas_[:8])
    assert est.n_estimators_ == 16
    scale = np.abs(one.predict(X) - y.mean()).max()
    np.testing.assert_allclose(est.predict(X), one.predict(X), rtol=0, atol=0.05 * scale)


def test_other_data_continue_from_the_model_with_the_first_fit_s_target_scale():
    X, y = data()
    X2, y2 = data(300, seed=1)
    est = MAKERS["GBRFF2"](n_estimators=5, warm_start=True).fit(X, y)
    omegas, mean, scale = est.omegas_.copy(), est.target_mean_, est.target_scale_
    est.set_params(n_estimators=30).fit(X2, y2)
    np.testing.assert_array_equal(est.omegas_[:5], omegas)
    assert (est.target_mean_, est.target_scale_) == (mean, scale)
    assert est.n_estimators_ > 5 and est.score(X2, y2) > 0.7


def test_other_rows_of_positive_weight_continue_from_the_model():
    """The validation split draws from the rows of positive weight: when they change, the kept scores
    are on other rows, and the continuation recomputes them by prediction (not a shape error)."""
    X, y = data()
    make = MAKERS["GBRFF2"]
    est = make(n_estimators=5, warm_start=True).fit(X, y)
    sw = np.ones(y.shape[0])
    sw[:40] = 0.0
    est.set_params(n_estimators=10).fit(X, y, sample_weight=sw)
    assert est.n_estimators_ == 10
    assert not np.array_equal(est.predict(X), make(n_estimators=10).fit(X, y, sample_weight=sw).predict(X))
    # other weights on the same rows: the kept scores hold, one fit of those weights' continuation
    sw2 = np.where(sw > 0, 2.0, 0.0)
    a = make(n_estimators=5, warm_start=True).fit(X, y, sample_weight=sw)
    a.set_params(n_estimators=10).fit(X, y, sample_weight=sw2)
    assert a._warm_start_state_.problems[0].continuation is not None and a.n_estimators_ == 10


def test_a_model_from_a_dict_cannot_be_continued():
    X, y = data()
    est = MAKERS["GBRFF1"](n_estimators=4, warm_start=True).fit(X, y)
    twin = GBRFF1Regressor.from_dict(json.loads(json.dumps(est.to_dict())))
    assert twin.warm_start
    with pytest.raises(ValueError, match="from_dict rebuilds the model"):
        twin.set_params(n_estimators=8).fit(X, y)


def test_without_warm_start_a_refit_starts_anew():
    X, y = data()
    est = continued(MAKERS["GBRFF2"], X, y, [4, 9])
    est.set_params(warm_start=False, n_estimators=3).fit(X, y)
    assert_same_model(est, MAKERS["GBRFF2"](n_estimators=3).fit(X, y), X)


def test_a_changed_random_state_does_not_change_the_stream():
    """The continuation draws from the stream of the first fit (HistGradientBoosting keeps its seed)."""
    X, y = data()
    est = MAKERS["GBRFF2"](n_estimators=5, warm_start=True).fit(X, y)
    est.set_params(n_estimators=12, random_state=7).fit(X, y)
    assert_same_model(est, MAKERS["GBRFF2"](n_estimators=12).fit(X, y), X)


@pytest.mark.parametrize("name", ["GBRFF2-huber", "GBRFF1", "GBRFF-LS"])
def test_a_warm_started_model_round_trips_through_json_and_pickle(name):
    X, y = data()
    make = MAKERS[name]
    est = continued(make, X, y, [4, 9])
    twin = type(est).from_dict(json.loads(json.dumps(est.to_dict())))
    np.testing.assert_array_equal(twin.predict(X), est.predict(X))
    assert twin.n_estimators_ == 9
    # the written model is that of one fit (its params say warm_start=True)
    one = make(n_estimators=9, warm_start=True).fit(X, y)
    assert json.dumps(twin.to_dict()) == json.dumps(one.to_dict())
    # a pickled one keeps its state, and continues as the original
    copy = pickle.loads(pickle.dumps(est))
    copy.set_params(n_estimators=14).fit(X, y)
    assert_same_model(copy, make(n_estimators=14).fit(X, y), X)


@pytest.mark.parametrize("name", ["GBRFF2-huber", "GBRFF1", "GBRFF-LS"])
def test_a_warm_started_model_exports_to_onnx(name):
    ort = pytest.importorskip("onnxruntime")
    X, y = data()
    est = continued(MAKERS[name], X, y, [4, 9])
    run = ort.InferenceSession(est.to_onnx(X).SerializeToString(), providers=["CPUExecutionProvider"])
    (out,) = run.run(None, {"X": X})
    ref = est.predict(X)
    np.testing.assert_allclose(np.asarray(out).ravel(), ref, rtol=0, atol=1e-12 * np.abs(ref).max())


@pytest.mark.parametrize("cls", [GBRFF2Regressor, GBRFF1Regressor, GBRFFLSRegressor])
def test_get_params_shows_it_and_clone_forgets_the_fit(cls):
    X, y = data()
    est = cls(n_estimators=4, warm_start=True, random_state=0).fit(X, y)
    assert est.get_params()["warm_start"] is True and cls().get_params()["warm_start"] is False
    fresh = clone(est)
    assert fresh.get_params() == est.get_params() and not hasattr(fresh, "_warm_start_state_")
    assert fresh.set_params(n_estimators=2).fit(X, y).n_estimators_ == 2
    with pytest.raises(ValueError, match="warm_start"):
        cls(warm_start="yes").fit(X, y)


@parametrize_with_checks([
    GBRFF2Regressor(n_estimators=10, n_iter_no_change=None, gamma="auto", standardize=False,
                    loss="huber", random_state=0, warm_start=True),
    GBRFF1Regressor(n_estimators=10, n_iter_no_change=None, random_state=0, warm_start=True),
    GBRFFLSRegressor(n_estimators=10, random_state=0, warm_start=True),
])
def test_sklearn_estimator_checks_with_warm_start_on(estimator, check):
    """scikit-learn's checks with warm_start=True (the defaults' rows, warm_start off, are in
    tests/integration/test_sklearn_checks.py): a check that refits a fitted estimator on other data
    of the same shape continues it, as HistGradientBoosting's warm start would."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check(estimator)
