"""gbrff.teaching: the menu gives the estimators the playground built before the teaching layer, and the
fits, curves and sweeps give the arrays the pages computed themselves (their code, kept here as the
reference: issue 44 moved it, moves only)."""

import sys

import numpy as np
import pytest
from sklearn.model_selection import train_test_split

from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier
from gbrff.datasets import make_toy
from gbrff.teaching import expansions as cmp
from gbrff.teaching import fits, first_pictures, landscape, learning_curves, menu, sweeps, three_ways, toy, two_ways


def old_make_model(algo, T, gamma, lam, K, beta, lr, seed):
    """pages/playground.py's make_model before gbrff.teaching."""
    if algo == "GBRFF2":
        return GBRFF2Classifier(n_estimators=T, gamma=gamma, reg_lambda=lam, learning_rate=lr, random_state=seed,
                                standardize=False)
    if algo == "GBRFF2+":
        return GBRFF2PlusClassifier(reg_lambda=lam, n_estimators=T, gamma=gamma, learning_rate=lr,
                                    random_state=seed)
    if algo == "GBRFF-LS":
        return GBRFFLSClassifier(n_estimators=T, n_components=K, learning_rate=lr, c=beta, gamma=gamma,
                                 random_state=seed, standardize=False)
    return GBRFF1Classifier(n_estimators=T, n_components=K, gamma=gamma, beta=beta, learning_rate=lr,
                            random_state=seed, standardize=False)


PARAMS = [("GBRFF2", 12, 0.5, 0.0625, 1, None, 1.0, 0), ("GBRFF2+", 12, 2.0, menu.PLUS_LAM, 1, None, 0.5, 3),
          ("GBRFF1", 8, 0.5, None, 10, 1.0, 1.0, 1), ("GBRFF-LS", 8, 1.0, None, 12, 16.0, 0.5, 2)]


@pytest.fixture(scope="module")
def data():
    X, y = make_toy("moons", n_samples=120, noise=0.1, random_state=0)
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    return X_tr, X_te, y_tr, y_te


@pytest.mark.parametrize("params", PARAMS, ids=[p[0] for p in PARAMS])
def test_menu_gives_the_estimators_of_before(params):
    new, old = menu.make_estimator(*params), old_make_model(*params)
    assert type(new) is type(old)
    assert new.get_params() == old.get_params()


def test_menu_names_registry_methods_and_rejects_others():
    from gbrff.methods import METHODS

    assert set(menu.ALGOS) <= set(METHODS)
    with pytest.raises(ValueError, match="unknown algorithm"):
        menu.make_estimator("XGB", 10, 0.5, 0.0, 1, 1.0, 1.0, 0)


def test_one_lightgbm_reference_from_the_registry():
    lgb = pytest.importorskip("lightgbm")
    ref = menu.lightgbm_reference()
    # the learning curve's LightGBM before gbrff.teaching, now the app's only one
    old = lgb.LGBMClassifier(n_estimators=100, max_depth=5, min_child_samples=2, verbose=-1, n_jobs=1)
    assert ref.get_params() == old.get_params()


@pytest.mark.parametrize("params", PARAMS, ids=[p[0] for p in PARAMS])
def test_fit_run_equals_the_old_page_bundle(params, data):
    X_tr, X_te, y_tr, y_te = data
    T = params[1]
    b = fits.fit_run(params, data, grid=30)
    model = old_make_model(*params).fit(X_tr, y_tr)
    e = model.expansion_
    xs, ys, G = cmp.make_grid(np.vstack([X_tr, X_te]), n=30)
    plane = cmp.acts_on_plane(model)
    Z_G, Z_tr, Z_te = (G, X_tr, X_te) if plane else (cmp.model_space(model, P) for P in (G, X_tr, X_te))
    drawn = cmp.band_limited(e, xs[1] - xs[0], ys[1] - ys[0]) if plane else e
    assert b["plane"] == plane and b["fit_time"] > 0
    for key, want in {"xs": xs, "ys": ys, "G": G, "Z_G": Z_G, "Z_tr": Z_tr,
                      "final": cmp.staged_scores(drawn, Z_G, [T])[0]}.items():
        np.testing.assert_array_equal(b[key], want, err_msg=key)
    for part, (Z, y) in {"train": (Z_tr, y_tr), "test": (Z_te, y_te)}.items():
        want = cmp.staged_curves(e, Z, y)
        for k in ("accuracy", "loss"):
            np.testing.assert_array_equal(b[part][k], want[k], err_msg=f"{part} {k}")
    np.testing.assert_array_equal(b["expansion"].omegas, e.omegas)
    np.testing.assert_array_equal(b["expansion"].alphas, e.alphas)


def test_reference_fit_and_surface(data):
    pytest.importorskip("lightgbm")
    X_tr, X_te, y_tr, y_te = data
    assert fits.warm_reference()
    r = fits.fit_reference(data)
    model = menu.lightgbm_reference().fit(X_tr, y_tr)
    assert r["test_acc"] == model.score(X_te, y_te) and r["train_acc"] == model.score(X_tr, y_tr)
    G = X_te[:7]
    p = np.clip(model.predict_proba(G)[:, list(model.classes_).index(1)], 1e-6, 1 - 1e-6)
    np.testing.assert_array_equal(fits.reference_surface(r["model"], G), 0.5 * np.log(p / (1 - p)))


def test_learning_curve_equals_the_old_page_loop(data):
    lgb = pytest.importorskip("lightgbm")
    params = PARAMS[0]
    X_tr, X_te, y_tr, y_te = data
    algo, seed = params[0], params[-1]
    sizes, scores = learning_curves.learning_curve(params, data)
    want_sizes = [s for s in (10, 20, 40, 80, 160, 320, 640, 1280) if s < len(y_tr)] + [len(y_tr)]
    assert sizes == want_sizes
    for r in range(3):
        order = np.random.RandomState(seed + r).permutation(len(y_tr))
        for i, s in enumerate(sizes):
            idx = order[:s]
            if len(np.unique(y_tr[idx])) < 2:
                idx = np.concatenate([idx, [np.flatnonzero(y_tr != y_tr[idx[0]])[0]]])
            m = old_make_model(*params[:-1], seed + r).fit(X_tr[idx], y_tr[idx])
            assert scores[algo][i, r] == m.score(X_te, y_te)
            g = lgb.LGBMClassifier(n_estimators=100, max_depth=5, min_child_samples=2, verbose=-1, n_jobs=1)
            assert scores["LGBM"][i, r] == g.fit(X_tr[idx], y_tr[idx]).score(X_te, y_te)


def test_toy_split_is_the_pages_split():
    X, y = make_toy("board", n_samples=100, noise=0.1, random_state=4)
    want = train_test_split(X, y, test_size=0.3, random_state=4, stratify=y)
    for a, b in zip(toy.toy_split("board", 100, 0.1, 4), want):
        np.testing.assert_array_equal(a, b)


def test_sweeps_equal_the_old_page_loops():
    X_tr, X_te, y_tr, y_te = toy.toy_split("moons", 100, 0.1, 0)
    got = sweeps.k_budget("moons", 100, 0.1, 0, 1.0)
    K, B = 5, 20
    want = np.mean([GBRFF1Classifier(n_estimators=B // K, n_components=K, gamma=1.0, random_state=r,
                                     standardize=False).fit(X_tr, y_tr).score(X_te, y_te) for r in range(2)])
    assert got[K][0] == want and list(got) == list(sweeps.KS)
    sw = sweeps.lambda_sweep("moons", 100, 0.1, 0, 1.0, 10)
    xs, ys, G = cmp.make_grid(np.vstack([X_tr, X_te]), n=70)
    m = GBRFF2Classifier(n_estimators=10, gamma=1.0, reg_lambda=sweeps.LAMBDAS[3], random_state=0,
                         standardize=False).fit(X_tr, y_tr)
    np.testing.assert_array_equal(sw["H"][3], m.decision_function(G).astype(np.float32))
    assert sw["test"][3] == m.score(X_te, y_te)
    assert sw["norm"][3] == float(np.linalg.norm(m.expansion_.omegas, axis=-1).mean())


def test_two_ways_gives_both_spectra():
    w = two_ways.two_ways("moons", 100, 0.1, 0, 1.0, 10)
    assert w["gbrff2"].shape == (10, 2) and w["sigma0"] == np.sqrt(2.0)
    np.testing.assert_array_equal(w["skl"].shape, w["prior"].shape)


def test_three_ways_equal_the_old_page_fits():
    X_tr, X_te, y_tr, y_te = toy.toy_split("moons", 100, 0.1, 0)
    res = three_ways.three_ways("moons", 100, 0.1, 0, 1.0, 5, grid=20)
    gb = GBRFF2Classifier(n_estimators=5, gamma=1.0, random_state=0, standardize=False).fit(X_tr, y_tr)
    xs, ys, G = cmp.make_grid(np.vstack([X_tr, X_te]), n=20)
    np.testing.assert_array_equal(res["H"]["GBRFF2"], gb.decision_function(G).astype(np.float32))
    assert set(res["H"]) == {three_ways.RANDOM, three_ways.BANDWIDTHS, three_ways.LEARNED}
    acc = three_ways.accuracy_curves("moons", 100, 0.1, 0, 1.0)
    assert acc["GBRFF2"].shape == (len(three_ways.BUDGETS), three_ways.REPEATS)
    # the first D rounds of the 200-round GBRFF2 are the D-round model
    assert acc["GBRFF2"][2, 0] == GBRFF2Classifier(n_estimators=5, gamma=1.0, random_state=0,
                                                   standardize=False).fit(X_tr, y_tr).score(X_te, y_te)


def test_landscape_frames_match_the_fit():
    f = landscape.fit_landscape(60, 0.1, 0, 3, 0.5)
    fr = landscape.landscape_frames(f)
    assert fr["stages"] == [1, 2, 3]
    assert fr["F"].shape == (3, landscape.LANDSCAPE_GRID ** 2) and fr["fb"].shape == (3, landscape.N_B)
    assert fr["H"].shape == (3, landscape.GRID ** 2)
    assert all(np.isfinite(fr["at_landmark"]))


def test_home_example_is_the_old_one():
    ex = first_pictures.moons_example(3, 40)
    X, y = make_toy("moons", n_samples=200, noise=0.1, random_state=0)
    m = GBRFF2Classifier(n_estimators=40, random_state=0, standardize=False).fit(X, y)
    np.testing.assert_array_equal(ex["model"].expansion_.omegas, m.expansion_.omegas)
    r = np.linspace(0, 4, 50)
    kernel, avg = first_pictures.kernel_averages(0.5, r)
    omegas = np.random.RandomState(0).normal(scale=1.0, size=1000)
    np.testing.assert_array_equal(avg[10], np.cos(np.outer(r, omegas[:10])).mean(axis=1))
    np.testing.assert_array_equal(kernel, np.exp(-0.5 * r ** 2))


def test_teaching_imports_no_streamlit_and_viz_no_teaching():
    import subprocess

    code = ("import sys, gbrff.teaching.fits, gbrff.teaching.live_uci, gbrff.teaching.three_ways, "
            "gbrff.viz.surfaces, gbrff.viz.learners, gbrff.viz.curves; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'streamlit'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stderr[-500:]
    code = ("import sys, gbrff.viz.surfaces, gbrff.viz.learners, gbrff.viz.curves, gbrff.viz.omega_prior, "
            "gbrff.viz.landscape, gbrff.viz.features; print([m for m in sys.modules if m.startswith('gbrff.teaching')])")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.strip() == "[]", r.stderr[-500:]


def test_live_run_goes_through_the_protocol(monkeypatch):
    from gbrff.experiments import REFIT
    from gbrff.teaching import live_uci

    units = live_uci.live_units("wine", ["GBRFF2", "LGBM"], 2)
    assert [(u.split, u.seed, u.method, u.fold, u.n_iter) for u in units] == [
        (0, 0, "GBRFF2", REFIT, 100), (0, 0, "LGBM", REFIT, 100), (1, 1, "GBRFF2", REFIT, 100),
        (1, 1, "LGBM", REFIT, 100)]
    calls = []

    def fake_run_unit(ctx, unit):
        calls.append(unit)
        if unit.method == "LGBM":
            raise RuntimeError("no")
        return {"score": 0.5 + unit.split / 10, "fit_seconds": 0.01}

    monkeypatch.setattr(live_uci, "run_unit", fake_run_unit)
    failed = []
    rows = live_uci.run_live("wine", ["GBRFF2", "LGBM"], 2, failed=lambda u, e: failed.append(u.method))
    assert failed == ["LGBM", "LGBM"] and list(rows["accuracy"]) == [50.0, 60.0]
    res = live_uci.live_summary(rows, labels={"GBRFF2": "GBRFF 2"})
    assert list(res.index) == ["GBRFF 2"] and res.loc["GBRFF 2", "mean"] == 55.0
    assert res.loc["GBRFF 2", "fit_ms"] == pytest.approx(10.0)


@pytest.mark.parametrize("params", PARAMS[:2], ids=[p[0] for p in PARAMS[:2]])
def test_grid_stages_and_the_final_grid_on_demand(params, data):
    # a player that computes its grids from the model asks the server for the first frame's only; the final
    # grid (LightGBM's section) is computed when first read, and equals the eager one
    run = fits.fit_run(params, data, grid=24)
    assert "final" not in run
    stages = [0, 1, 5, params[1]]
    full = fits.run_frames(run, stages, data[2], strip=3)
    first = fits.run_frames(run, stages, data[2], strip=3, grid_stages=stages[:1])
    np.testing.assert_array_equal(first["H"], full["H"][:1])
    np.testing.assert_array_equal(first["weights"], full["weights"])
    np.testing.assert_array_equal(run["final"], cmp.staged_scores(run["drawn"], run["Z_G"], [params[1]])[0])
    assert "final" in run
    with pytest.raises(KeyError):
        run["not a key"]


@pytest.mark.parametrize("params", PARAMS[:2], ids=[p[0] for p in PARAMS[:2]])
def test_run_frames_equal_the_old_page_animation_arrays(params, data):
    X_tr, X_te, y_tr, y_te = data
    run = fits.fit_run(params, data, grid=24)
    stages = [0, 1, 5, params[1]]
    fr = fits.run_frames(run, stages, y_tr, strip=3)
    e = run["expansion"]
    np.testing.assert_array_equal(fr["H"], cmp.staged_scores(run["drawn"], run["Z_G"], stages))
    np.testing.assert_array_equal(fr["weights"], cmp.boosting_weights(e, run["Z_tr"], y_tr, stages))
    assert fr["stop"] == int(np.argmin(run["test"]["loss"]))
    learners = cmp.strip_learners(stages, 3)
    space = None if run["plane"] else (lambda P: cmp.model_space(run["model"], P))
    assert fr["learners"] == learners
    np.testing.assert_array_equal(fr["thumbnails"], cmp.learner_thumbnails(e, run["xs"], run["ys"], learners,
                                                                            space=space))
    np.testing.assert_array_equal(fr["alphas"], e.alphas[np.asarray(learners) - 1])
