"""A results folder holds one configuration (experiment, base seed, and --n-iter or
--n-test where they set the rows): its reports show that configuration, whatever it
is, and `report` refuses exactly the settings a run into the folder would refuse,
writing nothing then. Fast: the stand-in methods on wine and tiny scaling sizes."""

import hashlib
from pathlib import Path

import pandas as pd
import pytest

from gbrff.experiments._cli import main
from tests.experiments.test_cli import STANDIN, data_dir

def table2(out, *extra):
    return ["table2", "--tasks", "wine", "--methods", "RIDGE", "--n-splits", "1",
            "--registry", STANDIN, "--data-dir", data_dir(), "--no-progress",
            "--out", str(out), *map(str, extra)]


def scaling(out, *extra):
    return ["scaling", "--methods", "RIDGE,STUMPS", "--registry", STANDIN, "--max-samples", "230",
            "--no-progress", "--out", str(out), *map(str, extra)]


def digest(folder):
    """Of every file of ``folder`` but its (local, uncommitted) store."""
    h = hashlib.sha256()
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file() and path.name != "store.jsonl":
            h.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return h.hexdigest()


@pytest.mark.parametrize("extra", [["--n-iter", 20], ["--seed", 1]])
def test_scaling_reports_the_folders_own_n_iter_and_seed(tmp_path, capsys, extra):
    out = tmp_path / "sc"
    assert main(scaling(out, *extra)) == 0
    assert "computed 4 units" in capsys.readouterr().err
    times = pd.read_csv(out / "times.csv")
    assert sorted(zip(times["method"], times["n_samples"])) == [
        ("RIDGE", 150), ("RIDGE", 225), ("STUMPS", 150), ("STUMPS", 225)]
    assert (out / "fig4_scaling.html").is_file()
    first = digest(out)
    (out / "store.jsonl").unlink()                   # the committed records alone
    assert main(["report", "scaling", "--out", str(out)]) == 0
    assert digest(out) == first


def test_table2_report_of_a_folder_of_another_n_iter_shows_its_rows(tmp_path):
    out = tmp_path / "t2"
    assert main(table2(out, "--n-iter", 7)) == 0
    runs = (out / "runs.csv").read_bytes()
    assert runs.count(b"\n") == 2                    # the header and the one row
    assert main(["report", "table2", "--out", str(out)]) == 0
    assert (out / "runs.csv").read_bytes() == runs


def test_report_refuses_the_settings_a_run_would_refuse_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "t2"
    assert main(table2(out)) == 0
    before, beside = digest(out), sorted(tmp_path.iterdir())
    for argv, words in [
            (["report", "table2", "--out", out, "--n-iter", 50],
             "holds table2 results of another configuration (--n-iter 100 there, 50 here); "
             "report them with --n-iter 100"),
            (["report", "landmarks", "--out", out], "holds table2 results, not landmarks ones"),
            (["report", "fkl", "--out", out], "holds table2 results, not fkl ones"),
            (["report", "toy", "--out", out], "holds table2 results, not toy ones")]:
        capsys.readouterr()
        assert main([str(a) for a in argv]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("gbrff: error: ") and words in err, err
        assert digest(out) == before and sorted(tmp_path.iterdir()) == beside
    # a run with those settings is refused the same way
    capsys.readouterr()
    assert main(table2(out, "--n-iter", 50)) == 1
    assert "--n-iter 100 there, 50 here" in capsys.readouterr().err
    assert main(["report", "table2", "--out", str(out), "--n-iter", "100"]) == 0
    assert digest(out) == before


def test_report_of_a_folder_of_several_configurations_is_refused(tmp_path, capsys):
    """(Folders of earlier versions could mix them.) Neither a run nor a report can use it."""
    a, b = tmp_path / "a", tmp_path / "b"
    assert main(table2(a)) == 0
    assert main(table2(b, "--seed", 3)) == 0
    mixed = tmp_path / "mixed"
    mixed.mkdir()
    (mixed / "refits.jsonl").write_bytes((a / "refits.jsonl").read_bytes()
                                         + (b / "refits.jsonl").read_bytes())
    capsys.readouterr()
    assert main(["report", "table2", "--out", str(mixed)]) == 1
    err = capsys.readouterr().err
    assert "holds table2 results of 2 configurations (--seed 0, 3)" in err
    assert sorted(p.name for p in mixed.iterdir()) == ["refits.jsonl"]


def test_report_never_replaces_a_report_by_an_empty_one(tmp_path, capsys):
    """A store of CV folds only (a run stopped before its first refit) reports nothing."""
    out = tmp_path / "t2"
    assert main(table2(out)) == 0
    lines = (out / "store.jsonl").read_text().splitlines()
    folds_only = [line for line in lines if '"fold":-1' not in line]
    assert 0 < len(folds_only) < len(lines)
    (out / "store.jsonl").write_text("\n".join(folds_only) + "\n")
    (out / "refits.jsonl").unlink()
    for name in ("runs.csv", "summary.csv"):
        assert (out / name).read_text().count("\n") == 2  # its header and its row
    sizes = {p.name: p.read_bytes() for p in out.iterdir() if p.suffix in (".csv", ".md", ".html")}
    capsys.readouterr()
    assert main(["report", "table2", "--out", str(out)]) == 1
    assert "no finished result to report" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in out.iterdir() if p.suffix in (".csv", ".md", ".html")} == sizes


@pytest.mark.parametrize("argv, words", [
    (["report", "all", "--n-iter", "50"], "--n-iter picks the runs of one experiment"),
    (["report", "landmarks", "--n-iter", "50"], "--n-iter does not apply to landmarks"),
])
def test_report_n_iter_where_it_means_nothing_is_a_command_line_error(tmp_path, capsys, argv, words):
    assert main(argv + ["--results", str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gbrff: error: ") and words in err
