"""gbrff.teaching.regression and the regression runs of gbrff.teaching.fits: the menu's regressors, LightGBM's,
and the numbers the regression playground draws, each against the estimators and scikit-learn's metrics."""

import numpy as np
import pytest
from sklearn.metrics import mean_squared_error, r2_score

from gbrff import GBRFF1Regressor, GBRFF2Regressor, GBRFFLSRegressor
from gbrff.datasets import make_toy
from gbrff.teaching import fits, regression
from gbrff.teaching.expansions import make_grid

PARAMS = [("GBRFF2", 12, 0.5, 0.0625, 1, None, 1.0, 0), ("GBRFF1", 8, 0.5, None, 6, 1.0, 1.0, 1),
          ("GBRFF-LS", 8, 1.0, None, 12, 16.0, 0.5, 2)]


@pytest.fixture(scope="module")
def data():
    X, y = make_toy("gaussians", n_samples=150, noise=0.1, random_state=0)
    tr, te = regression.regression_split(len(y), 0.3, 0)
    return X[tr], X[te], y[tr], y[te]


def test_each_algorithm_with_a_regressor_and_gbrff2_plus_falls_back():
    assert regression.REGRESSORS == {"GBRFF2": GBRFF2Regressor, "GBRFF1": GBRFF1Regressor,
                                     "GBRFF-LS": GBRFFLSRegressor}
    assert [regression.regressor_algo(a) for a in ("GBRFF2", "GBRFF2+", "GBRFF1", "GBRFF-LS")] == [
        "GBRFF2", "GBRFF2", "GBRFF1", "GBRFF-LS"]
    with pytest.raises(ValueError, match="has no regressor"):
        regression.make_regressor("GBRFF2+", 10, 0.5, 0.0, 1, None, 1.0, 0)
    with pytest.raises(ValueError, match="unknown algorithm"):
        regression.regressor_algo("XGB")


@pytest.mark.parametrize("params", PARAMS, ids=[p[0] for p in PARAMS])
def test_make_regressor_reads_the_sidebar_as_make_estimator_does(params):
    """The classifiers' mapping (γ, λ, K, β or c, the learning rate or v, the seed) in the plane's own
    coordinates, with every one of the T iterations (no early stopping: the player shows them all)."""
    algo, T, gamma, lam, K, beta, lr, seed = params
    est = regression.make_regressor(*params)
    assert type(est) is regression.REGRESSORS[algo]
    p = est.get_params()
    assert (p["n_estimators"], p["gamma"], p["learning_rate"], p["random_state"]) == (T, gamma, lr, seed)
    assert p["standardize"] is False and p["n_iter_no_change"] is None
    assert p.get("loss", "squared_error") == "squared_error"  # (GBRFF-LS's is the preprint's least squares)
    if algo == "GBRFF2":
        assert p["reg_lambda"] == lam
    elif algo == "GBRFF1":
        assert (p["n_components"], p["beta"]) == (K, beta)
    else:
        assert (p["n_components"], p["c"]) == (K, beta)


def test_lightgbm_regressor_has_the_classifiers_settings():
    pytest.importorskip("lightgbm")
    from gbrff.teaching.menu import LIGHTGBM_REFERENCE, lightgbm_reference

    reg, clf = regression.lightgbm_regressor(), lightgbm_reference()
    assert type(reg).__name__ == "LGBMRegressor"
    for key in ("n_estimators", "n_jobs", "verbose", *LIGHTGBM_REFERENCE):
        assert reg.get_params()[key] == clf.get_params()[key], key


def test_the_split_is_scikit_learns_unstratified_one():
    from sklearn.model_selection import train_test_split

    tr, te = regression.regression_split(50, 0.3, 7)
    want = train_test_split(np.arange(50), test_size=0.3, random_state=7)
    assert np.array_equal(tr, want[0]) and np.array_equal(te, want[1])
    assert sorted([*tr, *te]) == list(range(50))


def test_metrics_are_scikit_learns():
    rng = np.random.RandomState(0)
    y, p = rng.normal(size=40), rng.normal(size=40)
    assert np.isclose(regression.rmse(y, p), np.sqrt(mean_squared_error(y, p)))
    assert np.isclose(regression.r2(y, p), r2_score(y, p))
    assert regression.r2(np.ones(3), np.ones(3)) == 1.0 and regression.r2(np.ones(3), np.zeros(3)) == 0.0


@pytest.mark.parametrize("params", PARAMS, ids=[p[0] for p in PARAMS])
def test_a_regression_run_reads_the_regressor_itself(params, data):
    """fit_run(task="regression"): the regressor fitted on the split; its picture on the grid is predict there
    (no cell means), its curves are RMSE and R² of staged_predict, as scikit-learn computes them."""
    X_tr, X_te, y_tr, y_te = data
    run = fits.fit_run(params, data, grid=25, task="regression")
    model = run["model"]
    assert type(model) is regression.REGRESSORS[params[0]] and run["task"] == "regression"
    assert run["drawn"] is run["expansion"] and run["plane"]
    xs, ys, G = make_grid(np.vstack([X_tr, X_te]), n=25)
    assert np.array_equal(run["G"], G)
    assert np.array_equal(run["final"], model.predict(G).astype(np.float32))
    for part, X, y in (("train", X_tr, y_tr), ("test", X_te, y_te)):
        staged = [np.full(len(y), model.init_score_)] + list(model.staged_predict(X))
        curves = run[part]
        assert len(curves["rmse"]) == params[1] + 1
        assert np.allclose(curves["rmse"], [np.sqrt(mean_squared_error(y, H)) for H in staged], rtol=1e-12)
        assert np.allclose(curves["r2"], [r2_score(y, H) for H in staged], rtol=1e-10, atol=1e-12)
        assert np.allclose(curves["loss"], curves["rmse"] ** 2)
    assert run["range"] == (min(y_tr.min(), y_te.min()), max(y_tr.max(), y_te.max()))
    assert run["size_reference"] == np.abs(y_tr - model.init_score_).max()
    # the player's residuals: y − ŷ at t (the picture's points), at t − 1 (what the learner of t fits)
    stages = [0, 1, 5, params[1]]
    frames = fits.run_frames(run, stages, y_tr, strip=2, y_test=y_te)
    staged_tr = [np.full(len(y_tr), model.init_score_)] + list(model.staged_predict(X_tr))
    staged_te = [np.full(len(y_te), model.init_score_)] + list(model.staged_predict(X_te))
    for k, t in enumerate(stages):
        assert np.allclose(frames["residuals"][k], y_tr - staged_tr[t], rtol=0, atol=1e-12)
        assert np.allclose(frames["learner_residuals"][k], y_tr - staged_tr[max(t - 1, 0)], rtol=0, atol=1e-12)
        assert np.allclose(frames["test_residuals"][k], y_te - staged_te[t], rtol=0, atol=1e-12)
    # |ỹ| of the learner's points: the boosting weights of the squared error
    assert np.allclose(frames["weights"], np.abs(frames["learner_residuals"]), atol=1e-6)
    assert frames["stop"] == int(np.argmin(run["test"]["rmse"]))


def test_a_classification_run_is_unchanged_and_a_task_is_named(data):
    X, y = make_toy("moons", n_samples=100, random_state=0)
    run = fits.fit_run(("GBRFF2", 5, 0.5, 0.0, 1, None, 1.0, 0), (X[:70], X[70:], y[:70], y[70:]), grid=10)
    assert run["task"] == "classification" and sorted(run["test"]) == ["accuracy", "loss"] and "range" not in run
    assert "residuals" not in fits.run_frames(run, [0, 5], y[:70])
    with pytest.raises(ValueError, match="unknown task"):
        fits.fit_run(PARAMS[0], data, task="ranking")


def test_lightgbm_beside_a_regression(data):
    pytest.importorskip("lightgbm")
    X_tr, X_te, y_tr, y_te = data
    fits.warm_reference()
    ref = fits.fit_reference(data, task="regression")
    model = ref["model"]
    assert type(model).__name__ == "LGBMRegressor"
    assert np.isclose(ref["test_rmse"], np.sqrt(mean_squared_error(y_te, model.predict(X_te))))
    assert np.isclose(ref["test_r2"], r2_score(y_te, model.predict(X_te)))
    assert np.isclose(ref["train_r2"], r2_score(y_tr, model.predict(X_tr)))
    assert np.allclose(ref["test_residuals"], y_te - model.predict(X_te))
    assert np.allclose(ref["train_residuals"], y_tr - model.predict(X_tr))
    G = make_grid(X_tr, n=7)[2]
    assert np.array_equal(fits.reference_surface(model, G), model.predict(G))  # the value, no link


def test_residual_sizes_and_colour_range():
    sizes = regression.residual_sizes([0.0, 0.5, -0.5, 2.0, -9.0], 2.0)
    assert sizes.dtype == np.float32 and np.allclose(sizes, [4, 13, 13, 22, 22])
    assert regression.value_range([1.0, 1.0]) == (0.5, 1.5)


def test_cosines_finer_than_the_grid_are_counted(data):
    """A cosine beyond the grid's Nyquist limit (|ω₁| dx > π or |ω₂| dy > π) is counted from its iteration
    on, with the largest ‖ω‖ among them."""
    run = fits.fit_run(("GBRFF2", 40, 0.5, 0.0, 1, None, 1.0, 0), data, grid=50, task="regression")
    e, dx, dy = run["expansion"], run["xs"][1] - run["xs"][0], run["ys"][1] - run["ys"][0]
    om = e.omegas[:, 0, :]
    fine = (np.abs(om[:, 0]) * dx > np.pi) | (np.abs(om[:, 1]) * dy > np.pi)
    got = regression.finer_than_the_grid(e, dx, dy, range(41))
    assert [k for k, _ in got] == [int(fine[:t].sum()) for t in range(41)]
    for t, (k, w) in enumerate(got):
        assert w == (np.linalg.norm(om[:t][fine[:t]], axis=1).max() if k else 0.0)


def test_learning_curve_of_the_regressors(data):
    pytest.importorskip("lightgbm")
    sizes, scores = regression.learning_curve(("GBRFF2", 5, 0.5, 0.0, 1, None, 1.0, 0), data)
    assert sizes == [10, 20, 40, 80, len(data[2])]
    assert scores["GBRFF2"].shape == scores["LGBM"].shape == (len(sizes), regression.REPEATS)
    # test R² grows with the data (mean over the repeats), for both
    for s in scores.values():
        assert s.mean(axis=1)[-1] > s.mean(axis=1)[0]
