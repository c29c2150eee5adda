"""warm_start on the GBRFF classifiers: fitting again with a larger n_estimators continues the expansions,
and on the same data (after a first fit with warm_start=True) the model is one fit of that size, bit for
bit, for every estimator, loss, early stopping, one-vs-rest and any n_jobs; where the draws cannot allow
it (random landmarks) or the state is missing (a first fit without warm_start, other data), it is a
continuation still. Errors as scikit-learn's warm starts raise them."""

import json
import pickle

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification

from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier
from gbrff._engine.blocks import BLOCK

MAKERS = {
    "GBRFF2": lambda **kw: GBRFF2Classifier(random_state=0, **kw),
    "GBRFF2-log": lambda **kw: GBRFF2Classifier(loss="log_loss", reg_lambda=0.05, random_state=0, **kw),
    "GBRFF2-squared": lambda **kw: GBRFF2Classifier(loss="squared_error", random_state=0, **kw),
    "GBRFF2-raw-quantile-gamma": lambda **kw: GBRFF2Classifier(standardize=False, gamma="quantile",
                                                               random_state=0, **kw),
    "GBRFF2+": lambda **kw: GBRFF2PlusClassifier(random_state=0, **kw),
    "GBRFF2-early": lambda **kw: GBRFF2Classifier(n_iter_no_change=3, tol=0.0, random_state=0, **kw),
    "GBRFF2-balanced": lambda **kw: GBRFF2Classifier(class_weight="balanced", random_state=0, **kw),
    "GBRFF1": lambda **kw: GBRFF1Classifier(n_components=3, random_state=0, **kw),
    "GBRFF1-log-early": lambda **kw: GBRFF1Classifier(n_components=3, loss="log_loss", n_iter_no_change=2,
                                                      random_state=0, **kw),
    "GBRFF1-squared": lambda **kw: GBRFF1Classifier(n_components=3, loss="squared_error", random_state=0,
                                                    **kw),
    "GBRFF-LS": lambda **kw: GBRFFLSClassifier(n_components=4, learning_rate=0.5, random_state=0, **kw),
}


def data(n_classes=2, n=240, seed=0, flip_y=0.15):
    return make_classification(n, n_features=5, n_informative=3, n_redundant=0, n_classes=n_classes,
                               n_clusters_per_class=1, flip_y=flip_y, random_state=seed)


def continued(make, X, y, steps, **fit_params):
    """A warm start through n_estimators = steps[0], steps[1], ..."""
    est = make(n_estimators=steps[0], warm_start=True).fit(X, y, **fit_params)
    for n in steps[1:]:
        est.set_params(n_estimators=n).fit(X, y, **fit_params)
    return est


def assert_same_model(a, b, X):
    np.testing.assert_array_equal(a.n_estimators_, b.n_estimators_)
    for ea, eb in zip(a.expansions_, b.expansions_, strict=True):
        for name in ("omegas", "phases", "q", "alphas", "train_loss", "val_loss"):
            np.testing.assert_array_equal(getattr(ea, name), getattr(eb, name), err_msg=name)
        assert ea.init_score == eb.init_score
    assert np.array_equal(a.decision_function(X), b.decision_function(X))


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("name", sorted(MAKERS))
def test_a_continued_fit_is_one_fit_bit_for_bit(name, n_classes):
    X, y = data(n_classes)
    make = MAKERS[name]
    one = make(n_estimators=25).fit(X, y)
    assert_same_model(continued(make, X, y, [4, 11, 25]), one, X)


@pytest.mark.parametrize("n_jobs", [1, 2, None])
def test_one_vs_rest_continues_bit_for_bit_for_any_n_jobs(n_jobs):
    """Classes fitted one a thread (the serial engine), the continuation with other threads."""
    X, y = data(4, n=300)
    one = GBRFF2Classifier(n_estimators=20, random_state=0, n_jobs=1).fit(X, y)
    est = GBRFF2Classifier(n_estimators=8, random_state=0, n_jobs=n_jobs, warm_start=True).fit(X, y)
    est.set_params(n_estimators=20, n_jobs=2 if n_jobs == 1 else 1).fit(X, y)
    assert_same_model(est, one, X)


@pytest.mark.slow
@pytest.mark.parametrize("make", [
    lambda **kw: GBRFF2Classifier(random_state=0, **kw),
    lambda **kw: GBRFF1Classifier(n_components=3, n_iter_no_change=2, random_state=0, **kw),
], ids=["gbrff2", "gbrff1-early"])
def test_a_continued_fit_on_blocks_is_one_fit_for_any_n_jobs(make):
    """Two blocks and a part: the threaded engine, its scores handed over between fits."""
    X, y = make_classification(2 * BLOCK + 300, n_features=6, flip_y=0.1, random_state=0)
    one = make(n_estimators=10, n_jobs=1).fit(X, y)
    est = make(n_estimators=4, n_jobs=2, warm_start=True).fit(X, y)
    est.set_params(n_estimators=10, n_jobs=1).fit(X, y)
    assert_same_model(est, one, X)


def test_early_stopping_stops_where_one_fit_stops():
    """Early stopping's memory goes over from fit to fit: the stop falls where one long fit's falls, after
    several continuations, and a stopped model adds nothing (as one longer fit would not)."""
    X, y = data(2, n=400, flip_y=0.3)
    make = MAKERS["GBRFF2-early"]
    one = make(n_estimators=300).fit(X, y)
    assert 6 < one.n_estimators_ < 300
    est = continued(make, X, y, [2, 5, 6, 300])
    assert_same_model(est, one, X)
    np.testing.assert_array_equal(est.validation_loss_, one.validation_loss_)
    before = est.expansions_[0]
    est.set_params(n_estimators=400).fit(X, y)
    assert est.expansions_[0] is before and est.n_estimators_ == one.n_estimators_


def test_the_same_n_estimators_adds_nothing():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=6, warm_start=True, random_state=0).fit(X, y)
    first = est.expansions_[0]
    est.fit(X, y)
    assert est.expansions_[0] is first and est.n_estimators_ == 6


def test_a_smaller_n_estimators_is_refused():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=6, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match=r"n_estimators=5 must be larger or equal to n_estimators_=6 "
                                         "when warm_start==True"):
        est.set_params(n_estimators=5).fit(X, y)


def test_other_features_are_refused_as_scikit_learn_refuses_them():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=4, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="X has 4 features, but GBRFF2Classifier is expecting 5"):
        est.set_params(n_estimators=8).fit(X[:, :4], y)


def test_other_classes_are_refused():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=4, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match=r"continues a fit on the classes \[0, 1\]; y has the classes"):
        est.set_params(n_estimators=8).fit(X, y + 1)


@pytest.mark.parametrize("change", [dict(loss="log_loss"), dict(gamma=0.5), dict(standardize=False),
                                    dict(quantile_features=True), dict(n_iter_no_change=3),
                                    dict(validation_fraction=0.2)])
def test_a_parameter_that_shapes_the_model_cannot_change(change):
    X, y = data()
    est = GBRFF2Classifier(n_estimators=4, warm_start=True, random_state=0).fit(X, y)
    name = next(iter(change))
    with pytest.raises(ValueError, match=f"{name}.* shaped"):
        est.set_params(n_estimators=8, **change).fit(X, y)
    est.set_params(warm_start=False).fit(X, y)      # a new fit takes it
    assert est.n_estimators_ == 8


def test_the_landmarks_learner_is_fixed_too():
    X, y = data()
    est = GBRFF1Classifier(n_estimators=3, n_components=2, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="n_components, landmarks shaped"):
        est.set_params(n_estimators=5, n_components=3, landmarks="random").fit(X, y)


def test_the_new_iterations_take_the_new_step_parameters():
    """learning_rate, reg_lambda, n_optim_steps, tol and the weights may change: the iterations fitted
    stay, the new ones follow the new values (HistGradientBoosting's warm start does the same)."""
    X, y = data()
    est = GBRFF2Classifier(n_estimators=5, warm_start=True, random_state=0).fit(X, y)
    alphas = est.alphas_.copy()
    est.set_params(n_estimators=9, learning_rate=0.1, reg_lambda=0.1).fit(X, y)
    assert est.n_estimators_ == 9
    np.testing.assert_array_equal(est.alphas_[:5], alphas)
    assert np.all(np.abs(est.alphas_[5:]) < 0.2)


def test_random_landmarks_continue_but_not_as_one_fit():
    """The random landmarks of all T iterations are drawn after all T iterations' ω (the order of the
    committed results): a fit of 6 draws its landmarks after 6 iterations' ω, one of 12 after 12, so the
    first iterations already differ. The continuation keeps the fitted ones and adds six."""
    X, y = data()
    make = lambda **kw: GBRFF1Classifier(n_components=3, landmarks="random", random_state=0, **kw)  # noqa: E731
    first = make(n_estimators=6).fit(X, y)
    est = continued(make, X, y, [6, 12])
    np.testing.assert_array_equal(est.landmarks_[:6], first.landmarks_)
    assert est.n_estimators_ == 12
    assert not np.array_equal(est.landmarks_, make(n_estimators=12).fit(X, y).landmarks_)


def test_a_first_fit_without_warm_start_continues_from_its_predictions():
    """Without warm_start at the first fit the engine's scores were not kept: they are recomputed by
    prediction (as HistGradientBoosting does), a continuation close to one fit, not its bits."""
    X, y = data()
    est = GBRFF2Classifier(n_estimators=8, random_state=0).fit(X, y)
    assert est._warm_start_state_.problems[0].continuation is None     # n floats not kept by default
    est.set_params(n_estimators=16, warm_start=True).fit(X, y)
    one = GBRFF2Classifier(n_estimators=16, random_state=0).fit(X, y)
    np.testing.assert_array_equal(est.omegas_[:8], one.omegas_[:8])
    assert est.n_estimators_ == 16
    np.testing.assert_allclose(est.decision_function(X), one.decision_function(X), rtol=0.05, atol=0.05)


def test_other_data_of_the_same_shape_continue_from_the_model():
    X, y = data()
    X2, y2 = data(seed=1)
    est = GBRFF2Classifier(n_estimators=5, warm_start=True, random_state=0).fit(X, y)
    omegas = est.omegas_.copy()
    est.set_params(n_estimators=10).fit(X2, y2)
    np.testing.assert_array_equal(est.omegas_[:5], omegas)
    assert est.n_estimators_ == 10 and est.score(X2, y2) > 0.7


def test_a_model_from_a_dict_cannot_be_continued():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=4, warm_start=True, random_state=0).fit(X, y)
    twin = GBRFF2Classifier.from_dict(json.loads(json.dumps(est.to_dict())))
    assert twin.warm_start
    with pytest.raises(ValueError, match="from_dict rebuilds the model"):
        twin.set_params(n_estimators=8).fit(X, y)


def test_without_warm_start_a_refit_starts_anew():
    X, y = data()
    est = continued(MAKERS["GBRFF2"], X, y, [4, 9])
    est.set_params(warm_start=False, n_estimators=3).fit(X, y)
    assert_same_model(est, MAKERS["GBRFF2"](n_estimators=3).fit(X, y), X)


def test_a_changed_random_state_does_not_change_the_stream():
    """The continuation draws from the stream of the first fit (HistGradientBoosting keeps its seed too)."""
    X, y = data()
    est = GBRFF2Classifier(n_estimators=5, warm_start=True, random_state=0).fit(X, y)
    est.set_params(n_estimators=12, random_state=7).fit(X, y)
    assert_same_model(est, GBRFF2Classifier(n_estimators=12, random_state=0).fit(X, y), X)


def test_a_random_state_instance_continues_as_a_fresh_one():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=5, warm_start=True,
                           random_state=np.random.RandomState(3)).fit(X, y)
    est.set_params(n_estimators=12).fit(X, y)
    one = GBRFF2Classifier(n_estimators=12, random_state=np.random.RandomState(3)).fit(X, y)
    assert_same_model(est, one, X)


def test_float32_data_continue_bit_for_bit():
    X, y = data(3)
    X = np.asfortranarray(X, dtype=np.float32)
    make = MAKERS["GBRFF2+"]
    assert_same_model(continued(make, X, y, [3, 9]), make(n_estimators=9).fit(X, y), X)


def test_sample_weights_continue_bit_for_bit():
    X, y = data()
    sw = np.random.RandomState(0).uniform(0.2, 3.0, y.shape[0])
    make = MAKERS["GBRFF1-log-early"]
    one = make(n_estimators=20).fit(X, y, sample_weight=sw)
    assert_same_model(continued(make, X, y, [5, 20], sample_weight=sw), one, X)


def test_the_fitted_attributes_and_staged_outputs_cover_every_fit():
    X, y = data(3)
    make = MAKERS["GBRFF1"]
    est, one = continued(make, X, y, [3, 7]), make(n_estimators=7).fit(X, y)
    np.testing.assert_array_equal(est.n_estimators_, [7, 7, 7])
    assert [e["alphas"].shape for e in est.estimators_] == [(7,)] * 3
    for method in ("staged_decision_function", "staged_predict", "staged_predict_proba"):
        a, b = list(getattr(est, method)(X)), list(getattr(one, method)(X))
        assert len(a) == len(b) == 7
        assert all(np.array_equal(u, v) for u, v in zip(a, b)), method


def test_a_warm_started_model_round_trips_through_json_and_pickle():
    X, y = data()
    est = continued(MAKERS["GBRFF2+"], X, y, [4, 9])
    twin = type(est).from_dict(json.loads(json.dumps(est.to_dict())))
    np.testing.assert_array_equal(twin.predict_proba(X), est.predict_proba(X))
    assert twin.n_estimators_ == 9
    # a pickled one keeps its state, and continues as the original
    copy = pickle.loads(pickle.dumps(est))
    copy.set_params(n_estimators=14).fit(X, y)
    assert_same_model(copy, MAKERS["GBRFF2+"](n_estimators=14).fit(X, y), X)


def test_clone_forgets_the_fit():
    X, y = data()
    est = GBRFF2Classifier(n_estimators=4, warm_start=True, random_state=0).fit(X, y)
    fresh = clone(est).set_params(n_estimators=2).fit(X, y)
    assert fresh.n_estimators_ == 2


def test_the_loop_refuses_scores_of_other_rows():
    """A continuation whose saved scores cover other rows is an error, never a fit on mismatched scores."""
    from gbrff import _boosting

    X, y = make_classification(60, 4, random_state=0)
    y = np.where(y == 1, 1.0, -1.0)
    sw = np.ones(len(y))
    kw = dict(gamma=0.5, reg_lambda=0.0, learning_rate=1.0, n_optim_steps=2)
    _, start = _boosting.fit_gbrff2(X, y, sw, n_estimators=3, rng=np.random.default_rng(0), return_scores=True,
                                    **kw)
    with pytest.raises(ValueError, match="saved scores cover 60 training"):
        _boosting.fit_gbrff2(X[:50], y[:50], sw[:50], n_estimators=2, rng=np.random.default_rng(0), start=start,
                             **kw)
