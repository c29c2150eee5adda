"""The thesis experiment: its plan, the command line, the reports and the findings."""

import pandas as pd
import pytest

from gbrff.experiments import Context
from gbrff.experiments._cli import main
from gbrff.experiments import thesis_groups
from gbrff.experiments.catalog.thesis import (THESIS_SUMMARY_COLUMNS, thesis_findings, thesis_markdown,
                                                thesis_summary)
from tests._data import data_dir as _data_dir


def data_dir():
    return _data_dir("vowel")


def test_plan_cuts_the_boosting_grids_only():
    ctx = Context()
    groups = thesis_groups(ctx, ["vowel"], ["LogReg+RFF", "RF", "GBRFF2", "LGBM", "WhiteEns:Tree+RFF"],
                           n_splits=2, first_split=3, base_seed=10, n_features={"vowel": 10})
    assert [(g.split, g.seed) for g in groups[::5]] == [(3, 13), (4, 14)]
    by = {g.method: g for g in groups[:5]}
    assert by["LogReg+RFF"].points == [{"model__C": 1.0}, {"model__C": 100.0}]
    assert by["RF"].points == [{}] and by["RF"].cv_units() == []  # nothing to tune: no CV
    assert by["WhiteEns:Tree+RFF"].cv_units() == []
    assert by["GBRFF2"].points == [{"gamma": g, "reg_lambda": l} for g in (0.025, 0.4) for l in (0.0, 0.25)]
    assert {p["max_depth"] for p in by["LGBM"].points} == {1, 10} and len(by["LGBM"].points) == 4
    assert all(g.experiment == "thesis" and g.data == ("uci", "vowel") and g.n_iter == 100 for g in groups)
    assert len(by["LogReg+RFF"].cv_units()) == 10  # 2 values x 5 folds


@pytest.fixture
def cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.slow
def test_command_writes_the_summary_to_gbrff_results(cwd, capsys):
    argv = ["thesis", "--tasks", "vowel,mnist", "--methods", "LogReg,LogReg+RFF,RF", "--n-splits", "2",
            "--grid-values", "1", "--data-dir", data_dir(), "--no-progress"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "skipping mnist" in err and "no offline copy" in err
    out = cwd / "gbrff-results" / "thesis"
    assert not (cwd / "results").exists()
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary.columns) == THESIS_SUMMARY_COLUMNS
    assert list(summary["method"]) == ["LogReg", "LogReg+RFF", "RF"]
    assert (summary["n_splits"] == 2).all() and (summary["fit_seconds"] > 0).all()
    acc = summary.set_index("method")["mean"]
    assert acc["LogReg+RFF"] > acc["LogReg"]  # C = 1 only (--grid-values 1): a smaller gain than tuned
    runs = pd.read_csv(out / "runs.csv")
    assert len(runs) == 6 and set(runs["seed"]) == {0, 1}
    md = (out / "thesis.md").read_text()
    assert "| LogReg+RFF |" in md and "lowers the error of logistic regression | holds" in md
    assert (out / "thesis.html").is_file()
    assert main(argv) == 0  # resumed: nothing computed again
    assert "computed 0 units" in capsys.readouterr().err


def test_keywords_and_unknown_names(cwd, capsys):
    from gbrff.experiments.catalog.thesis import thesis_methods as _thesis_methods

    assert len(_thesis_methods("single")) == 15 and len(_thesis_methods("ensembles")) == 20
    assert _thesis_methods("boosting") == ["GBRFF2", "GBRFF1", "LGBM"]
    assert len(_thesis_methods("all")) == 38
    assert main(["thesis", "--tasks", "wine", "--no-progress"]) == 2
    assert "unknown task 'wine'" in capsys.readouterr().err
    assert main(["thesis", "--methods", "SVM", "--no-progress"]) == 2
    assert "unknown method 'SVM'" in capsys.readouterr().err


def _summary(rows):
    return pd.DataFrame([{"task": t, "method": m, "n_splits": 20, "mean": a, "std": 1.0, "fit_seconds": 1.0}
                         for t, m, a in rows], columns=THESIS_SUMMARY_COLUMNS)


def test_findings_are_read_from_the_numbers():
    s = _summary([("vowel", "LogReg", 70), ("vowel", "LogReg+RFF", 95), ("vowel", "LogReg+Nystroem", 94),
                  ("segment", "LogReg", 95), ("segment", "LogReg+RFF", 94), ("segment", "LogReg+Nystroem", 94.5),
                  ("vowel", "RF", 94), ("vowel", "WhiteBag:Tree+RFF", 96),
                  ("segment", "RF", 98), ("segment", "WhiteBag:Tree+RFF", 96)])
    f = {x["finding"]: x for x in thesis_findings(s)}
    logreg = f["a random map (best of RFF, Nyström) lowers the error of logistic regression"]
    assert logreg["holds"] == "partly" and "vowel: error 30.0 -> 5.0 (Δ -25.0)" in logreg["evidence"]
    forest = f["the random forest beats the ensembles of trees on random features, except on vowel"]
    assert forest["holds"] is True
    assert f["a decision tree gets worse with a random map"]["holds"] is None


def test_bootstrap_cost_and_white_against_black_are_read_from_the_numbers():
    s = _summary([("vowel", "WhiteBag:Tree+RFF", 95.1), ("vowel", "WhiteEns:Tree+RFF", 96.2),
                  ("vowel", "BlackBag:Tree+RFF", 93.0), ("vowel", "BlackEns:Tree+RFF", 80.0),
                  ("segment", "WhiteBag:LogReg+RFF", 96.5), ("segment", "WhiteEns:LogReg+RFF", 97.0),
                  ("segment", "WhiteBag:Tree+RFF", 96.0), ("segment", "BlackBag:Tree+RFF", 96.4)])
    f = {x["finding"]: x for x in thesis_findings(s)}
    boot = f["bootstrap on top of random features costs at most 1 point (each Bag against the Ensemble "
             "on the same maps)"]
    assert boot["holds"] == "partly"  # vowel: 1.1 points, segment: 0.5
    assert ("vowel: largest cost of the bootstrap: WhiteBag:Tree+RFF 4.9 against WhiteEns 3.8 "
            "(2 pairs, 20 splits)") in boot["evidence"]
    assert "segment: largest cost of the bootstrap: WhiteBag:LogReg+RFF 3.5 against WhiteEns 3.0" in boot["evidence"]
    white = f["(seen here) a new map per member (White) beats one map for all (Black), for every tree ensemble"]
    assert white["holds"] == "partly"  # vowel: both pairs; segment: bagged trees the other way
    assert "vowel: White ahead in 2 of 2; closest: WhiteBag:Tree+RFF 4.9 against BlackBag 7.0" in white["evidence"]
    assert "segment: White ahead in 0 of 1;" in white["evidence"]


def test_ensembles_are_weighed_against_single_models_on_their_own_splits():
    # the forest: 20 splits, 97 % on split 0, 93 % on the others (mean 93.2);
    # the one tree ensemble: split 0 only, 95 %
    runs = pd.DataFrame([{"task": "segment", "method": "RF", "split": s, "seed": s,
                          "test_accuracy": 0.97 if s == 0 else 0.93, "best_params": "{}", "fit_seconds": 1.0}
                         for s in range(20)]
                        + [{"task": "segment", "method": "WhiteBag:Tree+RFF", "split": 0, "seed": 0,
                            "test_accuracy": 0.95, "best_params": "{}", "fit_seconds": 9.0}])
    summary = thesis_summary(runs)
    finding = "the random forest beats the ensembles of trees on random features, except on vowel"
    alone = {x["finding"]: x for x in thesis_findings(summary)}[finding]
    assert alone["holds"] is False and "forest 6.8, best tree ensemble 5.0 (1 split)" in alone["evidence"]
    paired = {x["finding"]: x for x in thesis_findings(summary, runs)}[finding]
    assert paired["holds"] is True
    assert "forest 3.0, best tree ensemble 5.0 (1 split; both on the same split)" in paired["evidence"]


def test_table_cells_give_no_spread_for_one_split_and_plain_seconds():
    runs = pd.DataFrame([{"task": "vowel", "method": "RF", "split": s, "seed": s, "test_accuracy": a,
                          "best_params": "{}", "fit_seconds": 0.0789} for s, a in enumerate((0.95, 0.93))]
                        + [{"task": "vowel", "method": "WhiteBag:Tree+RFF", "split": 0, "seed": 0,
                            "test_accuracy": 0.96, "best_params": "{}", "fit_seconds": 602.4}])
    md = thesis_markdown(thesis_summary(runs))
    assert "| RF | 6.0 ± 1.0 (0.079 s, n=2) |" in md
    assert "| WhiteBag:Tree+RFF | 4.0 (602 s, n=1) |" in md


def test_figure_has_a_panel_per_task_and_a_marker_per_map():
    from gbrff.viz.thesis import thesis_figure

    s = _summary([("vowel", "LogReg", 70), ("vowel", "LogReg+RFF", 95), ("vowel", "GBRFF2", 97),
                  ("segment", "Tree+Nystroem", 90)])
    fig = thesis_figure(s)
    names = [(t.name, tuple(t.x)) for t in fig.data]
    assert ("raw", ("LogReg", "GBRFF2")) in names and ("RFF", ("LogReg+RFF",)) in names
    assert ("Nyström", ("Tree+Nystroem",)) in names
    raw = next(t for t in fig.data if t.name == "raw")
    assert list(raw.y) == [30, 3]  # errors, not accuracies
    assert [a.text for a in fig.layout.annotations] == ["vowel (20 splits)", "segment (20 splits)"]
