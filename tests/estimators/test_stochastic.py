"""Stochastic boosting of GBRFF2 (gbrff._stochastic; the estimators' ``subsample``,
``sampling_method``, ``n_candidates``): with every row in the sample it is the compiled loop,
bit for bit; its row draws and their GOSS weights, its step on every row (against the
engine's), the choice among candidates, and the estimator's behaviour (seeded, warm start
bit for bit, early stopping, off by default)."""

import numpy as np
import pytest
from sklearn.datasets import make_classification

from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier, _boosting, _stochastic
from gbrff._engine.loss_registry import LOSSES


def _problem(n=600, d=6, seed=0):
    X, y = make_classification(n, n_features=d, n_informative=4, random_state=seed)
    return X, np.where(y == 1, 1.0, -1.0), np.ones(n)


@pytest.mark.parametrize("loss", ["exponential", "log_loss", "squared_error"])
def test_every_row_in_the_sample_is_the_compiled_loop_bit_for_bit(loss):
    X, y, sw = _problem()
    T, d = 15, X.shape[1]
    om = np.random.RandomState(1).standard_normal((T, d)) * np.sqrt(2 / d)
    a = _boosting.fit_gbrff2(X, y, sw, n_estimators=T, gamma=1 / d, reg_lambda=0.01,
                             learning_rate=0.5, n_optim_steps=5, rng=np.random.RandomState(0),
                             omegas=om, loss=loss)
    b = _stochastic.fit_stochastic(X, y, sw, n_estimators=T, gamma=1 / d, reg_lambda=0.01,
                                   learning_rate=0.5, n_optim_steps=5, rng=np.random.RandomState(0),
                                   omegas=om[:, None, :], loss=loss, subsample=1.0)
    for name in ("omegas", "phases", "alphas", "train_loss"):
        np.testing.assert_array_equal(getattr(a, name), getattr(b, name))


@pytest.mark.parametrize("loss", ["exponential", "log_loss", "squared_error"])
def test_the_step_on_every_row_is_the_engines(loss):
    # one iteration without refinement: the engine's alpha for that cosine, against line_step's
    X, y, sw = _problem(seed=3)
    d = X.shape[1]
    om = np.random.RandomState(2).standard_normal((1, d)) * np.sqrt(2 / d)
    m = _boosting.fit_gbrff2(X, y, sw, n_estimators=1, gamma=1 / d, reg_lambda=0.0, learning_rate=1.0,
                             n_optim_steps=0, rng=np.random.RandomState(0), omegas=om, loss=loss)
    entry = LOSSES[loss]
    H = np.full(y.shape[0], m.init_score)
    h = np.cos(X @ m.omegas[0, 0] - m.phases[0, 0])
    np.testing.assert_allclose(_stochastic.line_step(entry, y, H, sw, h), m.alphas[0], rtol=1e-6)


def test_uniform_rows_are_distinct_sorted_and_as_many_as_asked():
    gen = np.random.default_rng(0)
    rows, factors = _stochastic.sample_rows(gen, 1000, 137)
    assert factors is None and rows.shape == (137,)
    assert np.all(np.diff(rows) > 0) and rows.min() >= 0 and rows.max() < 1000
    assert _stochastic.sample_size(1000, 0.1371) == 138 and _stochastic.sample_size(10, 0.01) == 2
    rows, factors = _stochastic.sample_rows(gen, 50, 50)
    np.testing.assert_array_equal(rows, np.arange(50))


def test_goss_keeps_the_largest_half_and_its_weights_estimate_the_mean():
    n, m = 400, 60
    rng = np.random.default_rng(1)
    magnitude = rng.exponential(size=n)
    values = rng.normal(size=n) + magnitude
    top = set(np.argsort(-magnitude)[:30].tolist())
    estimates = []
    for seed in range(3000):
        rows, factors = _stochastic.sample_rows(np.random.default_rng(seed), n, m, "goss", magnitude)
        assert np.all(np.diff(rows) > 0) and top <= set(rows.tolist())
        kept = np.isin(rows, list(top))
        np.testing.assert_allclose(factors[kept], m / n)
        np.testing.assert_allclose(factors[~kept], (m / n) * (n - 30) / (m - 30))
        estimates.append(np.mean(factors * values[rows]))
    # unbiased: the mean of the estimates is the data's mean, within 4 standard errors
    se = np.std(estimates) / np.sqrt(len(estimates))
    assert abs(np.mean(estimates) - values.mean()) < 4 * se


def test_the_kept_candidate_is_the_one_of_lowest_loss_before_refinement():
    X, y, sw = _problem(seed=4)
    C, d = 5, X.shape[1]
    draws = np.random.RandomState(5).standard_normal((1, C, d)) * np.sqrt(2 / d)
    kept = _stochastic.fit_stochastic(X, y, sw, n_estimators=1, gamma=1 / d, n_optim_steps=0,
                                      rng=np.random.RandomState(0), omegas=draws, n_candidates=C)
    losses = [_boosting.fit_gbrff2(X, y, sw, n_estimators=1, gamma=1 / d, reg_lambda=0.0,
                                   learning_rate=1.0, n_optim_steps=0, rng=np.random.RandomState(0),
                                   omegas=draws[0, c:c + 1]).train_loss[0] for c in range(C)]
    np.testing.assert_array_equal(kept.omegas[0, 0], draws[0, int(np.argmin(losses))])
    assert kept.train_loss[0] == min(losses)


def test_off_by_default_and_the_paper_path_is_untouched():
    X, y = make_classification(300, n_features=5, random_state=0)
    params = GBRFF2Classifier().get_params()
    assert (params["subsample"], params["sampling_method"], params["n_candidates"]) == (1.0, "uniform", 1)
    a = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
    b = GBRFF2Classifier(n_estimators=10, random_state=0, subsample=1.0, sampling_method="goss").fit(X, y)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


@pytest.mark.parametrize("params", [dict(subsample=0.3), dict(subsample=0.3, sampling_method="goss"),
                                    dict(n_candidates=3), dict(subsample=0.5, loss="log_loss")])
def test_a_stochastic_fit_is_seeded_and_learns(params):
    X, y = make_classification(1500, n_features=8, n_informative=5, random_state=0)
    a = GBRFF2Classifier(n_estimators=40, random_state=0, **params).fit(X[:1000], y[:1000])
    b = GBRFF2Classifier(n_estimators=40, random_state=0, **params).fit(X[:1000], y[:1000])
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    assert a.score(X[1000:], y[1000:]) > 0.85
    assert a.train_loss_.shape == (40,) and np.all(np.isfinite(a.train_loss_))


def test_a_warm_start_is_one_longer_stochastic_fit_bit_for_bit():
    X, y = make_classification(400, n_features=5, random_state=0)
    params = dict(subsample=0.4, sampling_method="goss", n_candidates=2, random_state=0)
    one = GBRFF2Classifier(n_estimators=12, **params).fit(X, y)
    more = GBRFF2Classifier(n_estimators=5, warm_start=True, **params).fit(X, y)
    more.set_params(n_estimators=12).fit(X, y)
    np.testing.assert_array_equal(more.decision_function(X), one.decision_function(X))


def test_early_stopping_stops_a_stochastic_fit():
    X, y = make_classification(800, n_features=5, class_sep=2.0, random_state=0)
    est = GBRFF2Classifier(n_estimators=500, subsample=0.5, n_iter_no_change=5, random_state=0).fit(X, y)
    assert est.n_estimators_ < 500
    assert est.validation_loss_.shape == (est.n_estimators_,)


def test_multiclass_class_weight_and_gbrff2_plus_take_the_options():
    X, y = make_classification(600, n_features=6, n_informative=4, n_classes=3, random_state=0)
    est = GBRFF2PlusClassifier(n_estimators=15, subsample=0.5, sampling_method="goss",
                               class_weight="balanced", random_state=0).fit(X, y)
    assert est.score(X, y) > 0.7 and est.n_estimators_.tolist() == [15, 15, 15]


@pytest.mark.parametrize("bad", [dict(subsample=0.0), dict(subsample=1.5), dict(n_candidates=0),
                                 dict(sampling_method="bagging")])
def test_bad_options_are_refused_clearly(bad):
    X, y = make_classification(100, n_features=4, random_state=0)
    with pytest.raises(ValueError, match=next(iter(bad))):
        GBRFF2Classifier(n_estimators=3, **bad).fit(X, y)


# -- many rows: an absolute sample size, the step on the sample, capped validation --------
def test_an_integer_subsample_is_a_number_of_rows():
    assert _stochastic.sample_size(10_000, 500) == 500
    assert _stochastic.sample_size(300, 500) == 300
    assert _stochastic.sample_size(10_000, 1) == 10_000         # the integer 1: every row
    assert _stochastic.sample_size(10_000, 0.05) == 500
    X, y = make_classification(800, n_features=5, random_state=0)
    a = GBRFF2Classifier(n_estimators=8, subsample=200, random_state=0).fit(X, y)
    b = GBRFF2Classifier(n_estimators=8, subsample=0.25, random_state=0).fit(X, y)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))
    # as many rows as the data or more: the paper's loop
    c = GBRFF2Classifier(n_estimators=8, subsample=800, random_state=0).fit(X, y)
    d = GBRFF2Classifier(n_estimators=8, random_state=0).fit(X, y)
    np.testing.assert_array_equal(c.decision_function(X), d.decision_function(X))


@pytest.mark.parametrize("step_rows", ["sample", "holdout"])
@pytest.mark.parametrize("sampling_method", ["uniform", "goss"])
def test_the_step_on_the_sample_keeps_every_rows_scores_exact(sampling_method, step_rows):
    # the scores every row is left with (refreshed REFRESH iterations at a time) are
    # the model's own on those rows, and the in-bag step is the compiled loop's
    X, y, sw = _problem(n=3000, d=6, seed=7)
    d = X.shape[1]
    model, cont = _stochastic.fit_stochastic(
        X, y, sw, n_estimators=37, gamma=1 / d, loss="log_loss", rng=np.random.RandomState(0),
        subsample=300, sampling_method=sampling_method, step_rows=step_rows, return_scores=True)
    np.testing.assert_allclose(cont.scores, _boosting.final_scores(model, X), rtol=0, atol=1e-5)
    assert np.all(np.isfinite(model.alphas)) and np.all(np.isfinite(model.train_loss))


def test_the_refresh_interval_does_not_change_the_uniform_fit(monkeypatch):
    # uniform rows do not depend on the scores: refreshing every row's scores at every
    # iteration or every REFRESH gives the same model, up to the order of float sums
    # (without refinement of ω, whose L-BFGS path would amplify those last bits)
    X, y, sw = _problem(n=2000, d=6, seed=8)
    kw = dict(n_estimators=40, gamma=0.2, loss="log_loss", subsample=250, step_rows="sample",
              n_optim_steps=0)
    a = _stochastic.fit_stochastic(X, y, sw, rng=np.random.RandomState(0), **kw)
    monkeypatch.setattr(_stochastic, "REFRESH", 1)
    b = _stochastic.fit_stochastic(X, y, sw, rng=np.random.RandomState(0), **kw)
    np.testing.assert_allclose(a.decision_function(X), b.decision_function(X), rtol=0, atol=1e-6)


@pytest.mark.parametrize("step_rows", ["sample", "holdout"])
def test_the_step_on_the_sample_learns_and_takes_early_stopping_on_a_row_count(step_rows):
    X, y = make_classification(6000, n_features=8, n_informative=5, random_state=0)
    est = GBRFF2Classifier(n_estimators=400, loss="log_loss", subsample=500, step_rows=step_rows,
                           n_iter_no_change=10, validation_fraction=800, random_state=0)
    est.fit(X[:5000], y[:5000])
    assert est.n_estimators_ < 400 and est.validation_loss_.shape == (est.n_estimators_,)
    assert est.score(X[5000:], y[5000:]) > 0.85


@pytest.mark.parametrize("bad", [dict(step_rows="some"), dict(validation_fraction=1),
                                 dict(subsample=-3)])
def test_bad_many_row_options_are_refused_clearly(bad):
    X, y = make_classification(100, n_features=4, random_state=0)
    with pytest.raises(ValueError, match=next(iter(bad))):
        GBRFF2Classifier(n_estimators=3, n_iter_no_change=2, **bad).fit(X, y)


def test_the_holdout_step_is_line_step_on_rows_outside_the_sample():
    # one iteration: the step is line_step on m rows the cosine was not fitted on
    X, y, sw = _problem(n=1000, d=6, seed=9)
    d = X.shape[1]
    model, cont = _stochastic.fit_stochastic(
        X, y, sw, n_estimators=1, gamma=1 / d, loss="log_loss", rng=np.random.RandomState(0),
        subsample=200, step_rows="holdout", return_scores=True)
    rng = np.random.RandomState(0)
    rng.standard_normal((1, d))
    gen = np.random.default_rng(rng.randint(np.iinfo(np.int32).max))
    rows, _ = _stochastic.sample_rows(gen, 1000, 200)
    step_at = _stochastic.holdout_rows(gen, 1000, 200, rows)
    H = np.full(1000, model.init_score)
    h = np.cos(X @ model.omegas[0, 0] - model.phases[0, 0])
    want = _stochastic.line_step(LOSSES["log_loss"], y[step_at], H[step_at], sw[step_at], h[step_at])
    np.testing.assert_allclose(model.alphas[0], want, rtol=1e-5)


def test_holdout_rows_are_distinct_outside_the_sample_and_uniform():
    n, k = 50, 10
    rows = np.arange(0, 50, 5)
    taken = np.zeros(n, dtype=bool)
    counts = np.zeros(n)
    for seed in range(4000):
        got = _stochastic.holdout_rows(np.random.default_rng(seed), n, k, rows, taken)
        assert got.shape == (k,) and np.all(np.diff(got) > 0) and not np.isin(got, rows).any()
        counts[got] += 1
    assert not taken.any()                                    # the scratch is left clean
    assert np.all(counts[rows] == 0)
    outside = np.setdiff1d(np.arange(n), rows)
    expected = 4000 * k / outside.shape[0]                    # 1000 a row
    assert np.abs(counts[outside] - expected).max() < 5 * np.sqrt(expected)
    # every row outside: all of them
    np.testing.assert_array_equal(_stochastic.holdout_rows(np.random.default_rng(0), n, 40, rows), outside)
