"""benchmarks/where_it_stands.py: the issue-49 table's units stored, resumed, read out and summarised.

The problems are shrunk (monkeypatched) and the grids cut to a few points; the
code path is the real one.
"""

import json

import pandas as pd
import pytest

from tests._benchmarks import load_benchmark


@pytest.fixture
def stands(monkeypatch, tmp_path):
    module = load_benchmark("where_it_stands")
    tiny = {
        "wide": (module._mc(300, 30, n_informative=5), "accuracy", "split"),
        "imbalanced": (module._mc(400, 8, n_informative=3, weights=[0.85, 0.15]), "balanced_accuracy", "5fold"),
        "splice": (None, "accuracy", "table2"),
    }
    monkeypatch.setattr(module, "PROBLEMS", tiny)
    monkeypatch.setattr(module, "CV_CAP", 150)
    real_grid = module.grid_for

    def small_grid(method, n_features):   # the first sub-grid, two values of its first parameter
        grid = real_grid(method, n_features)
        grid = grid[0] if isinstance(grid, list) else grid
        return {k: (v[:2] if i == 0 else v[:1]) for i, (k, v) in enumerate(grid.items())}

    monkeypatch.setattr(module, "grid_for", small_grid)
    # Table 2's and the defaults' runs, read out: splice has GBRFF2+ and LGBM tuned, LGBM defaults
    runs = "task,method,split,seed,test_accuracy,best_params,fit_seconds\n"
    tuned = tmp_path / "table2.csv"
    tuned.write_text(runs + "".join(f"splice,{m},{s},{s},{a},{{}},{t}\n" for s in range(20)
                                    for m, a, t in (("GBRFF2+", 0.95, 0.2), ("LGBM", 0.97, 0.1))))
    defaults = tmp_path / "defaults.csv"
    defaults.write_text(runs + "".join(f"splice,LGBM,{s},{s},0.96,{{}},0.5\n" for s in range(19)))
    monkeypatch.setattr(module, "READOUT", {"tuned": tuned, "defaults": defaults})
    return module


def _rows(store):
    return [json.loads(line) for line in store.read_text().splitlines()]


@pytest.mark.slow
def test_units_are_stored_once_resumed_and_summarised(stands, tmp_path):
    store = tmp_path / "out" / "units.jsonl"
    args = ["--problems", "wide,imbalanced", "--methods", "GBRFF2+,LGBM", "--store", str(store)]
    assert stands.main(args) == 0
    rows = _rows(store)
    # wide: 2 methods × 2 settings × 1 split; imbalanced: × 2 weightings × 5 folds
    assert len(rows) == 2 * 2 + 2 * 2 * 2 * 5
    assert {(r["setting"], r["weighting"]) for r in rows if r["problem"] == "imbalanced"} == {
        ("defaults", "none"), ("defaults", "balanced"), ("tuned", "none"), ("tuned", "balanced")}
    assert all(0 <= r["score"] <= 1 and r["fit_seconds"] > 0 and r["git_commit"] for r in rows)
    balanced = [r for r in rows if r["weighting"] == "balanced"]
    assert all(r["params"]["class_weight"] == "balanced" for r in balanced)
    tuned = [r for r in rows if r["setting"] == "tuned"]
    assert all(r["best_params"] and r["cv_folds"] == 3 for r in tuned)
    # the cap: the 240 training rows of `wide` are subsampled to 150 for the CV
    assert {r["cv_rows"] for r in tuned if r["problem"] == "wide"} == {150}
    plus = stands.current_params("GBRFF2+", "defaults")
    assert all(r["params"] == plus for r in rows if r["method"] == "GBRFF2+" and r["setting"] == "defaults"
               and r["weighting"] == "none")

    assert stands.main(args + ["--summary"]) == 0           # resumed: nothing fitted again
    assert len(_rows(store)) == len(rows)
    table = pd.read_csv(tmp_path / "out" / "table.csv")
    md = (tmp_path / "out" / "table.md").read_text()
    lgbm = table[(table.problem == "wide") & (table.method == "LightGBM")].iloc[0]
    assert lgbm.defaults_vs_lgbm_points == 0 and lgbm.tuned_vs_lgbm_time == 1
    splice = table[table.problem == "splice"].set_index("method")
    assert splice.loc["GBRFF2+", "tuned_score"] == 95.0
    assert splice.loc["GBRFF2+", "tuned_vs_lgbm_points"] == -2.0
    # 19 of 20 splits of LGBM's defaults: never a partial mean; HistGB not in the read-out
    assert pd.isna(splice.loc["LightGBM", "defaults_score"])
    assert pd.isna(splice.loc["HistGradientBoosting", "tuned_score"])
    assert pd.isna(table[(table.problem == "wide") & (table.method == "GBRFF2")].defaults_score.iloc[0])
    assert "not run" in md and "load average" in md and "| imbalanced (balanced) | GBRFF2+ |" in md


def test_a_redefined_gbrff2_plus_is_fitted_again_and_old_rows_are_left_out(stands, tmp_path, monkeypatch):
    from gbrff.methods import GBRFF2_PLUS

    store = tmp_path / "units.jsonl"
    args = ["--problems", "wide", "--methods", "GBRFF2+,LGBM", "--settings", "defaults", "--store", str(store)]
    assert stands.main(args) == 0
    assert len(_rows(store)) == 2
    monkeypatch.setitem(GBRFF2_PLUS, "reg_lambda", 0.5)     # the integrator redefines it
    assert stands.main(args) == 0
    rows = _rows(store)
    assert [r["method"] for r in rows] == ["GBRFF2+", "LGBM", "GBRFF2+"]   # LightGBM's unit kept
    assert rows[2]["params"]["reg_lambda"] == 0.5
    used = stands.collect(store)
    plus = used[(used.problem == "wide") & (used.method == "GBRFF2+")]
    assert len(plus) == 1 and plus.params.iloc[0]["reg_lambda"] == 0.5


def test_the_tuning_sees_the_capped_training_subsample_only(stands, monkeypatch):
    from sklearn.model_selection import train_test_split

    X, y = stands.PROBLEMS["wide"][0]()
    _, X_te, _, _ = train_test_split(X, y, test_size=0.2, random_state=0)
    seen = []
    real = stands.make_estimator

    def spy(*a, **k):
        est = real(*a, **k)
        cls = type(est)
        fit = cls.fit

        class Spy(cls):
            def fit(self, A, b, **kw):
                seen.append(A.shape[0])
                return fit(self, A, b, **kw)
        est.__class__ = Spy
        return est

    monkeypatch.setattr(stands, "make_estimator", spy)
    row = stands.fit_unit("wide", "LGBM", "tuned", "none", 0)
    # the CV fits see two thirds of the 150-row subsample, the refit all 240 training rows, never the 60 test rows
    assert row["n_train"] == 240 and row["cv_rows"] == 150 and len(X_te) == 60
    assert set(seen[:-1]) == {100} and seen[-1] == 240


@pytest.mark.parametrize("bad", [["--problems", "nope"], ["--methods", "SVM", "--summary"],
                                 ["--settings", "best", "--summary"], []])
def test_bad_arguments_are_usage_errors(stands, bad):
    with pytest.raises(SystemExit) as e:
        stands.main(bad)
    assert e.value.code == 2


def test_a_table2_unit_stored_with_its_splits_seed_is_not_fitted_again(stands, tmp_path, monkeypatch):
    # Table 2's splits seed each fit with the split's: the seed is not part of the definition
    store = tmp_path / "units.jsonl"
    params = stands.current_params("HistGB", "defaults")
    store.write_text("".join(json.dumps({"problem": "splice", "method": "HistGB", "setting": "defaults",
                                         "weighting": "none", "fold": s, "params": dict(params, random_state=s)})
                             + "\n" for s in range(stands.N_TABLE2_SPLITS)))

    def no_fit(*a, **k):
        raise AssertionError(f"fitted again: {a}")

    monkeypatch.setattr(stands, "fit_unit", no_fit)
    stands.run(["splice"], ["HistGB", "GBRFF2+"], ["defaults"], store, log=lambda *_: None)  # GBRFF2+: read out


def test_a_unit_is_current_with_todays_parameters_and_grid(stands):
    today = stands.today_definition("GBRFF2+", "tuned", n_features=150)
    params = stands.current_params("GBRFF2+", "tuned")
    row = {"method": "GBRFF2+", "setting": "tuned", "weighting": "none", "n_features": 150,
           "params": dict(params, random_state=7), "grid": today["grid"]}
    assert stands.is_current(row, today)                        # the seed is not the definition
    # a parameter added to the class since the row: unchanged at its default, not otherwise
    old = dict(row, params={k: v for k, v in params.items() if k != "gamma_factor"})
    assert stands.is_current(old, today)
    assert not stands.is_current(old, dict(today, params=dict(today["params"], gamma_factor=2.0)))
    assert not stands.is_current(dict(row, params=dict(params, reg_lambda=0.5)), today)
    # another grid; a row stored before grids were: its chosen point must be in today's grid
    assert not stands.is_current(dict(row, grid={"gamma": [0.1]}), today)
    before = {k: v for k, v in row.items() if k != "grid"}
    point = {"bandwidth_shrinkage": 0.75, "gamma_factor": 0.25, "reg_lambda": 0.0}   # (the cut grid)
    assert stands.is_current(dict(before, best_params=point), today)
    assert not stands.is_current(dict(before, best_params={"bandwidth_shrinkage": 0.75, "gamma": 1.25e-4,
                                                             "reg_lambda": 0.0}), today)
