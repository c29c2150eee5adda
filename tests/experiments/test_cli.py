"""The command line as a user meets it: where a run writes, what it refuses, and
the one line it answers a mistake with (no traceback, a non-zero exit code).

Fast: the stand-in methods of ``test_experiments_standin`` on wine, in a
temporary working directory."""

import hashlib
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest

from gbrff.experiments._cli import main
from gbrff.experiments._results import RUNS_COLUMNS
from tests._data import data_dir

ROOT = Path(__file__).resolve().parents[2]

STANDIN = "tests.experiments.test_standin:get_method"


def table2(*extra):
    return ["table2", "--tasks", "wine", "--methods", "RIDGE", "--n-splits", "1",
            "--registry", STANDIN, "--data-dir", data_dir(), "--no-progress",
            *map(str, extra)]


def error_of(capsys, argv, code):
    """Run ``main(argv)``; check its exit code and that stderr ends in one error line."""
    try:
        got = main(argv)
    except SystemExit as exc:  # argparse's own exit on a bad flag
        got = exc.code
    err = capsys.readouterr().err
    assert got == code, err
    assert "Traceback" not in err
    last = err.strip().splitlines()[-1]
    assert last.startswith("gbrff: error: ")
    return last


def tree_digest(folder):
    h = hashlib.sha256()
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file():
            h.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return h.hexdigest()


@pytest.fixture
def cwd(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


# ------------------------------------------------------------ where a run writes

def test_a_run_without_out_writes_to_gbrff_results_and_not_to_results(cwd, capsys):
    before = tree_digest(ROOT / "results")
    assert main(table2()) == 0
    assert "results go to gbrff-results/table2" in capsys.readouterr().err
    assert (cwd / "gbrff-results" / "table2" / "runs.csv").is_file()
    assert (cwd / "gbrff-results" / "plotly.min.js").is_file()
    assert sorted(p.name for p in cwd.iterdir()) == ["gbrff-results"]
    assert tree_digest(ROOT / "results") == before


def test_a_run_into_committed_refits_keeps_every_one_of_them(cwd):
    """A fresh clone has refits.jsonl but no store: a run adds to it, never replaces it."""
    out = cwd / "table2"
    out.mkdir()
    committed = (ROOT / "results" / "table2" / "refits.jsonl").read_text(encoding="utf-8")
    (out / "refits.jsonl").write_text(committed, encoding="utf-8")
    assert main(table2("--out", out)) == 0
    lines = (out / "refits.jsonl").read_text(encoding="utf-8").splitlines()
    old = committed.splitlines()
    assert lines[:len(old)] == old and len(lines) == len(old) + 1
    assert json.loads(lines[-1])["method"] == "RIDGE"


def test_a_folder_of_another_configuration_is_refused(cwd, capsys):
    assert main(table2()) == 0
    store = cwd / "gbrff-results" / "table2" / "store.jsonl"
    before = store.read_bytes()
    capsys.readouterr()
    line = error_of(capsys, table2("--seed", "1"), 1)
    assert "gbrff-results/table2 holds table2 results of another configuration" in line
    assert "--seed 0 there, 1 here" in line and "give --out another folder" in line
    line = error_of(capsys, table2("--n-iter", "10"), 1)
    assert "--n-iter 100 there, 10 here" in line
    landmarks = ["landmarks", "--tasks", "wine", "--methods", "RIDGE", "--landmarks", "1",
                 "--n-splits", "1", "--registry", STANDIN, "--data-dir", data_dir(),
                 "--out", str(store.parent)]
    assert "holds table2 results, not landmarks ones" in error_of(capsys, landmarks, 1)
    assert store.read_bytes() == before
    # more splits, other tasks or methods, another grid size: the same configuration
    assert main(table2("--first-split", "1", "--grid-values", "2")) == 0


def test_a_cell_of_splits_tuned_on_grids_of_different_sizes_is_named(cwd, capsys):
    """A quick --grid-values run, then the full grid on fewer splits into the same folder: the
    full grid replaces the quick one split by split, and table2.md names the mixed cell."""
    out = cwd / "gbrff-results" / "table2"
    assert main(table2("--n-splits", "2", "--grid-values", "2")) == 0
    assert "mixed grids" not in (out / "table2.md").read_text(encoding="utf-8")
    assert main(table2()) == 0                                   # split 0 on the full grid
    text = (out / "table2.md").read_text(encoding="utf-8")
    assert "**Cells of mixed grids**" in text
    note = next(line for line in text.splitlines() if "mixed grids" in line)
    assert "wine / RIDGE (1 split on 2 settings, 1 split on " in note
    assert list(pd.read_csv(out / "runs.csv").columns) == RUNS_COLUMNS  # runs.csv as before


def test_a_folder_of_other_files_is_refused(cwd, capsys):
    (cwd / "notes.txt").write_text("mine")
    line = error_of(capsys, table2("--out", "."), 1)
    assert "is not empty and holds no results of this command" in line
    assert sorted(p.name for p in cwd.iterdir()) == ["notes.txt"]


# ------------------------------------------------------------ one line for a mistake

def test_missing_data_names_the_folder_and_the_download_command(cwd, capsys):
    empty = cwd / "no-data"
    empty.mkdir()
    argv = ["table2", "--tasks", "wine", "--methods", "GBRFF2", "--n-splits", "1",
            "--data-dir", str(empty)]
    line = error_of(capsys, argv, 1)
    assert str(empty / "wine") in line and "python -m gbrff.datasets download" in line
    assert "GBRFF_DATA_DIR" in line
    line = error_of(capsys, argv[:2] + ["wine,sonar"] + argv[3:], 1)
    assert "UCI files of 2 tasks (wine, sonar)" in line and str(empty) in line
    assert "`python -m gbrff.datasets download wine sonar`" in line
    assert sorted(p.name for p in cwd.iterdir()) == ["no-data"]  # no store left behind


def test_missing_data_of_several_tasks_names_the_folder_the_loader_read(cwd, capsys, monkeypatch):
    """The folder and its source as the loader resolves them: a blank --data-dir is not given."""
    empty = cwd / "no-data"
    empty.mkdir()
    monkeypatch.setenv("GBRFF_DATA_DIR", str(empty))
    argv = ["table2", "--tasks", "wine,sonar", "--methods", "GBRFF2", "--n-splits", "1"]
    for extra in ([], ["--data-dir", "  "]):
        line = error_of(capsys, argv + extra, 1)
        assert f"in {empty} (GBRFF_DATA_DIR)" in line, line


def test_unknown_names_list_the_valid_ones_and_match_any_case(cwd, capsys):
    line = error_of(capsys, ["table2", "--tasks", "wine", "--methods", "lgbmx"], 2)
    assert line == ("gbrff: error: unknown method 'lgbmx'; valid: BMKR, GFC, PBRFF, "
                    "GBRFF1, LGBM, GBRFF2, GBRFF2+, XGB, GBRFF-LS, GBRFF-LS-random, MKBoost, "
                    "RFF-SKL, RFF-SQL-SKL, RFF-MKL")
    line = error_of(capsys, ["table2", "--tasks", "wines,Sonar", "--methods", "LGBM"], 2)
    assert line.startswith("gbrff: error: unknown task 'wines'; valid: wine, sonar,")
    line = error_of(capsys, ["toy", "--problems", "spiral"], 2)
    assert line == "gbrff: error: unknown toy problem 'spiral'; valid: moons, swiss, circles, board"
    assert main(table2("--tasks", "WINE", "--methods", "ridge")) == 0
    runs = (cwd / "gbrff-results" / "table2" / "runs.csv").read_text()
    assert ",RIDGE," in runs and "wine," in runs


@pytest.mark.parametrize("argv, words", [
    (["table2", "--n-splits", "0"], "argument --n-splits: expected an integer >= 1, got '0'"),
    (["table2", "--seed", "x"], "argument --seed: expected an integer >= 0, got 'x'"),
    (["landmarks", "--landmarks", "1-x"], "argument --landmarks: expected integers >= 1"),
    (["table2", "--n-jobs", "0"], "argument --n-jobs: expected a number of processes"),
    (["scaling", "--factor", "1"], "argument --factor: expected a number > 1, got '1'"),
    (["scaling", "--max-samples", "12.5"], "argument --max-samples: expected an integer >= 10, got '12.5'"),
    (["scaling", "--max-samples", "1e0"], "argument --max-samples: expected an integer >= 10, got '1e0'"),
    (["table2", "--backend", "spark"], "argument --backend: invalid choice: 'spark'"),
    (["table2", "--tasks", "wine", "--backend", "dask"], "--backend dask needs --scheduler"),
])
def test_bad_flag_values_end_in_one_line_with_exit_code_2(cwd, capsys, argv, words):
    line = error_of(capsys, argv, 2)
    assert words in line
    assert list(cwd.iterdir()) == []


@pytest.mark.parametrize("argv, code", [(["table2", "--methods", "lgbmx"], 2),
                                        (["report", "all"], 1)])
def test_debug_adds_the_traceback_and_keeps_the_exit_code(cwd, capsys, argv, code):
    assert main(argv + ["--debug"]) == code
    err = capsys.readouterr().err
    assert "Traceback (most recent call last):" in err
    assert err.strip().splitlines()[-1].startswith("gbrff: error: ")


@pytest.mark.parametrize("argv", [["table2", "--out", ""], ["fkl", "--out", " "],
                                  ["report", "table2", "--out", ""], ["report", "all", "--results", ""]])
def test_an_empty_out_is_refused_not_the_working_directory(cwd, capsys, argv):
    assert "expected a folder, got" in error_of(capsys, argv, 2)
    assert list(cwd.iterdir()) == []


@pytest.mark.parametrize("command, option, default", [
    ("scaling", "--methods", "BMKR,GFC,PBRFF,GBRFF1,LGBM,GBRFF2"), ("toy", "--methods", "LGBM,GBRFF2"),
    ("fkl", "--seed", "0")])
def test_help_states_the_defaults(capsys, command, option, default):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    metavar = option.strip("-").upper().replace("-", "_")
    entry = text[text.rindex(f"{option} {metavar} "):]  # its entry, after the usage line
    assert re.search(r"\(default: ([^)]*)\)", entry).group(1) == default, entry[:300]


def test_report_of_nothing_says_where_the_results_are(cwd, capsys):
    line = error_of(capsys, ["report", "all"], 1)
    assert "no results in gbrff-results" in line and "--results results" in line


@pytest.mark.slow
def test_the_issue_commands_in_a_fresh_process(tmp_path):
    """`python -m gbrff.experiments` itself: exit codes and stderr without a traceback."""
    env = {k: v for k, v in os.environ.items() if k != "GBRFF_DATA_DIR"}
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    base = [sys.executable, "-m", "gbrff.experiments", "table2", "--tasks", "wine",
            "--n-splits", "1", "--no-progress"]
    empty = tmp_path / "no-data"
    empty.mkdir()
    for extra, code, words in [
            (["--methods", "GBRFF2", "--data-dir", str(empty)], 1, "download wine"),
            (["--methods", "lgbmx"], 2, "unknown method 'lgbmx'")]:
        proc = subprocess.run(base + extra, env=env, cwd=tmp_path, capture_output=True,
                              text=True, timeout=300)
        assert proc.returncode == code and "Traceback" not in proc.stderr, proc.stderr
        assert proc.stderr.count("\n") == 1 and words in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["no-data"]


# ------------------------------------------------------------ folders that cannot be written

def test_an_out_folder_that_cannot_be_created_is_one_line(cwd, capsys):
    (cwd / "a-file").write_text("mine")
    line = error_of(capsys, table2("--out", cwd / "a-file" / "t2"), 1)
    assert "cannot write to the output folder" in line and "a-file/t2" in line
    assert (cwd / "a-file").read_text() == "mine"


def test_an_out_folder_without_permission_is_one_line(cwd, capsys, monkeypatch):
    """(Tests run as root, for whom chmod forbids nothing: the store's open fails as it
    does for a user without the right.)"""
    import builtins

    real_open = builtins.open

    def denied(file, mode="r", *args, **kwargs):
        if str(file).startswith(str(cwd / "locked")) and any(m in mode for m in "aw+x"):
            raise PermissionError(13, "Permission denied", str(file))
        return real_open(file, mode, *args, **kwargs)

    monkeypatch.setattr(builtins, "open", denied)
    line = error_of(capsys, table2("--out", cwd / "locked"), 1)
    assert line == (f"gbrff: error: cannot write to the output folder {cwd / 'locked'} (Permission "
                    f"denied: {cwd / 'locked' / 'store.jsonl'}); give --out a folder you can write to")


def test_reports_that_cannot_be_written_say_where_the_results_are(cwd, capsys, monkeypatch):
    from gbrff.experiments import _reports

    def full(path, text):
        raise OSError(28, "No space left on device", str(path))

    monkeypatch.setattr(_reports, "_write_text", full)
    line = error_of(capsys, table2("--out", cwd / "t2"), 1)
    assert f"the results are stored in {cwd / 't2' / 'store.jsonl'}, but the reports could not " \
           "be written (No space left on device: " in line
    assert f"report table2 --out {cwd / 't2'}" in line
    assert (cwd / "t2" / "store.jsonl").stat().st_size > 0
    monkeypatch.undo()
    assert main(["report", "table2", "--out", str(cwd / "t2")]) == 0
    assert (cwd / "t2" / "runs.csv").is_file()


# ------------------------------------------------------------ plotly.js stays in the folder

def test_a_user_named_out_folder_is_self_contained(cwd):
    """Nothing beside --out: its pages load their own plotly.min.js (also when an earlier
    version left one beside it)."""
    from plotly.offline import get_plotlyjs

    bundle = get_plotlyjs()
    (cwd / "plotly.min.js").write_text(bundle, encoding="utf-8")  # an earlier version's leftover
    stamp = (cwd / "plotly.min.js").stat().st_mtime_ns
    assert main(table2("--out", cwd / "mine")) == 0
    assert sorted(p.name for p in cwd.iterdir()) == ["mine", "plotly.min.js"]
    assert (cwd / "plotly.min.js").stat().st_mtime_ns == stamp
    assert (cwd / "mine" / "plotly.min.js").read_text(encoding="utf-8") == bundle
    html = (cwd / "mine" / "table2.html").read_text(encoding="utf-8")
    assert '<script charset="utf-8" src="plotly.min.js"></script>' in html


def test_experiment_folders_in_a_results_root_share_one_plotly_js(cwd):
    assert main(table2("--out", cwd / "results" / "table2")) == 0
    assert (cwd / "results" / "plotly.min.js").is_file()
    assert not (cwd / "results" / "table2" / "plotly.min.js").exists()
    html = (cwd / "results" / "table2" / "table2.html").read_text(encoding="utf-8")
    assert '<script charset="utf-8" src="../plotly.min.js"></script>' in html


# ------------------------------------------------------------ sizes the protocol cannot use

@pytest.mark.parametrize("sizes", ["1", "4", "9,50"])
def test_toy_sizes_below_the_cv_minimum_are_refused_when_parsing(cwd, capsys, sizes):
    line = error_of(capsys, ["toy", "--sizes", sizes], 2)
    assert "argument --sizes: expected integers >= 10" in line
    assert "5-fold stratified CV needs 5 training examples of each class" in line
    assert list(cwd.iterdir()) == []


# ------------------------------------------------------------ a run that would compute nothing

@pytest.mark.parametrize("argv, words", [
    (["scaling", "--methods", "RIDGE", "--start", "500", "--max-samples", "400"],
     "--start 500 is larger than --max-samples 400: no size to run, nothing to do"),
    (["scaling", "--methods", "RIDGE", "--start", "500", "--max-samples", "400", "--include-max"],
     "--start 500 is larger than --max-samples 400: no size to run, nothing to do"),
    (["kbudget", "--tasks", "wine", "--ks", "20", "--budgets", "10"],
     "no budget of --budgets 10 is a multiple of a K of --ks 20"),
])
def test_a_plan_of_nothing_is_a_command_line_error(cwd, capsys, argv, words):
    line = error_of(capsys, argv + ["--registry", STANDIN], 2)
    assert words in line and "nothing" in line
    assert list(cwd.iterdir()) == []


def test_a_k_with_no_budget_is_named_and_skipped(cwd, capsys):
    argv = ["kbudget", "--tasks", "wine", "--ks", "1,20", "--budgets", "2", "--n-splits", "1",
            "--grid-values", "1", "--data-dir", data_dir(), "--no-progress", "--out", "kb"]
    assert main(argv) == 0
    err = capsys.readouterr().err
    assert "K = 20: no budget of --budgets 2 is a multiple of it; skipped" in err
