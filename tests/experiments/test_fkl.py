"""The Fourier-kernel-learning scaling command: runs, resumes, reports the same bytes."""

from pathlib import Path

import pandas as pd
import pytest

from gbrff.experiments._cli import main
from gbrff.viz.fkl import scaling_figure

ROOT = Path(__file__).resolve().parents[2]


def test_fkl_command_runs_resumes_and_reports(tmp_path, capsys):
    out = tmp_path / "fkl"
    argv = ["fkl", "--task", "synthetic", "--sizes", "60,120", "--n-components", "20", "--max-iter", "2",
            "--n-test", "40", "--out", str(out)]
    assert main(argv) == 0
    df = pd.read_csv(out / "fkl.csv")
    assert sorted(df["method"].unique()) == ["KRR-GD", "RFF-SKL"]
    assert set(df["n"]) == {60, 120} and (df["status"] == "ok").all()
    assert df["accuracy"].between(0, 1).all()
    first = (out / "fkl.csv").read_bytes()
    capsys.readouterr()
    assert main(argv) == 0                                     # resumes: nothing to compute
    assert "computed 0 fits" in capsys.readouterr().err
    (out / "store.jsonl").unlink()                             # a clone: the committed records only
    assert main(["report", "fkl", "--out", str(out)]) == 0
    assert (out / "fkl.csv").read_bytes() == first


def test_fkl_command_refuses_sizes_beyond_the_task(tmp_path, capsys):
    assert main(["fkl", "--task", "wine", "--sizes", "5000", "--n-test", "20",
                 "--out", str(tmp_path / "x")]) == 2
    assert "larger" in capsys.readouterr().err


def test_scaling_figure_marks_memory_refusals():
    df = pd.DataFrame({"method": ["RFF-SKL", "KRR-GD", "KRR-GD"], "n": [100, 100, 10**6],
                       "n_components": [50, None, None], "status": ["ok", "ok", "memory"],
                       "accuracy": [0.9, 0.91, None], "fit_seconds": [1.0, 2.0, None]})
    fig = scaling_figure(df)
    assert any("no memory" in (t.name or "") for t in fig.data)


def test_scaling_figure_draws_one_line_per_d():
    """A folder may hold RFF-SKL at several D (--n-components): one line each, named by its D."""
    df = pd.DataFrame({"method": ["RFF-SKL"] * 4 + ["KRR-GD"], "n": [100, 200, 100, 200, 100],
                       "n_components": [50, 50, 500, 500, None], "max_iter": [5] * 5,
                       "status": ["ok"] * 5, "accuracy": [0.8, 0.82, 0.85, 0.9, 0.88],
                       "fit_seconds": [1.0, 2.0, 3.0, 6.0, 2.0]})
    fig = scaling_figure(df)
    accuracy = {t.name: list(t.y) for t in fig.data if t.xaxis == "x"}
    assert accuracy == {"RFF-SKL (D = 50)": [0.8, 0.82], "RFF-SKL (D = 500)": [0.85, 0.9],
                        "KRR-GD": [0.88]}


def fkl(out, *extra, sizes="60,120", n_test=40):
    return ["fkl", "--task", "synthetic", "--sizes", sizes, "--n-components", "20", "--max-iter", "2",
            "--n-test", str(n_test), "--out", str(out), *map(str, extra)]


def test_another_n_test_or_largest_synthetic_size_is_refused(tmp_path, capsys):
    """Another --n-test is another test set; with --task synthetic another largest size is
    another data set (drawn for max(sizes) + n_test examples): either would mix rows."""
    out = tmp_path / "fkl"
    assert main(fkl(out, sizes="60")) == 0
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    for argv, words in [(fkl(out, sizes="60", n_test=50), "(--n-test 40 there, 50 here)"),
                        (fkl(out, sizes="60,120"), "(--sizes up to 60 there, 120 here)"),
                        (fkl(out, "--task", "wine", sizes="60"), "--task synthetic there, wine here")]:
        capsys.readouterr()
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("gbrff: error: ") and words in err, err
        assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    capsys.readouterr()
    assert main(fkl(out, sizes="30,60")) == 0          # the same data set: a smaller size adds rows
    assert "computed 2 fits" in capsys.readouterr().err
    assert sorted(pd.read_csv(out / "fkl.csv")["n"]) == [30, 30, 60, 60]


def test_the_committed_speed_run_is_one_configuration_a_rerun_adds_to(tmp_path):
    """results/fkl_speed's records predate n_data: their data size is read from their sizes."""
    import shutil

    from gbrff.experiments._folders import FolderError, check_folder, run_config

    copy = tmp_path / "fkl_speed"
    shutil.copytree(ROOT / "results" / "fkl_speed", copy)
    check_folder(copy, run_config("fkl", 0, n_test=10000, task="synthetic", max_size=100000))
    with pytest.raises(FolderError, match="--sizes up to 100000 there, 200000 here"):
        check_folder(copy, run_config("fkl", 0, n_test=10000, task="synthetic", max_size=200000))


def test_report_reproduces_both_committed_fkl_folders(tmp_path):
    import shutil

    copy = tmp_path / "results"
    shutil.copytree(ROOT / "results", copy, ignore=shutil.ignore_patterns("store.jsonl", "*.tmp"))
    for name in ("fkl", "fkl_speed"):
        assert main(["report", "fkl", "--out", str(copy / name)]) == 0
        for path in (ROOT / "results" / name).iterdir():
            assert (copy / name / path.name).read_bytes() == path.read_bytes(), path
    assert (copy / "plotly.min.js").read_bytes() == (ROOT / "results" / "plotly.min.js").read_bytes()


def test_another_n_components_reruns_only_rff_skl(tmp_path, capsys):
    out = tmp_path / "fkl"
    assert main(fkl(out)) == 0
    capsys.readouterr()
    assert main(fkl(out, "--n-components", "30")) == 0
    assert "computed 2 fits" in capsys.readouterr().err  # RFF-SKL at both sizes, not KRR-GD
    df = pd.read_csv(out / "fkl.csv")
    assert sorted(zip(df["method"], df["n"], df["n_components"].fillna(0))) == [
        ("KRR-GD", 60, 0), ("KRR-GD", 120, 0), ("RFF-SKL", 60, 20), ("RFF-SKL", 60, 30),
        ("RFF-SKL", 120, 20), ("RFF-SKL", 120, 30)]


def test_krr_gd_fits_stored_under_a_d_by_earlier_versions_are_found_once(tmp_path, capsys):
    """Earlier versions keyed KRR-GD's fits with the run's D: a run with another D finds them,
    and a folder that holds one fit twice shows it once."""
    import json

    out = tmp_path / "fkl"
    assert main(fkl(out, "--methods", "KRR-GD")) == 0
    for name in ("store.jsonl", "refits.jsonl"):
        lines = [json.loads(line) for line in (out / name).read_text().splitlines()]
        for r in lines:
            r["key"] = r["key"].replace(",null,", ",20,")
            r.pop("n_data")
        twice = [dict(r, key=r["key"].replace(",20,", ",1000,")) for r in lines]
        (out / name).write_text("".join(json.dumps(r) + "\n" for r in lines + twice))
    capsys.readouterr()
    assert main(fkl(out, "--methods", "KRR-GD", "--n-components", "30")) == 0
    assert "computed 0 fits" in capsys.readouterr().err
    df = pd.read_csv(out / "fkl.csv")
    assert list(df["method"]) == ["KRR-GD", "KRR-GD"] and list(df["n"]) == [60, 120]


@pytest.mark.parametrize("argv, code, words", [
    (["--task", "wine", "--sizes", "5000", "--n-test", "20"], 2, "sizes [5000] are larger"),
    (["--task", "wine", "--sizes", "50", "--n-test", "10000"], 2, "--n-test 10000 leaves fewer than 2"),
    (["--task", "synthetic", "--sizes", "1"], 2, "argument --sizes: expected integers >= 2"),
    (["--task", "synthetic", "--sizes", "x"], 2, "argument --sizes: expected integers >= 2"),
    (["--task", "synthetic", "--seed", "-1"], 2, "argument --seed: expected an integer >= 0, got '-1'"),
    (["--task", "nosuchtask", "--sizes", "50"], 2, "unknown UCI task 'nosuchtask'"),
    (["--task", "wine", "--sizes", "50", "--n-test", "20", "--data-dir", "/nonexistent"], 1, "download wine"),
    (["--task", "vowel", "--sizes", "50"], 2, "task 'vowel' is not binary"),
])
def test_fkl_user_errors_are_one_line_and_write_nothing(tmp_path, capsys, argv, code, words):
    out = tmp_path / "x"
    try:
        got = main(["fkl", *argv, "--out", str(out)])
    except SystemExit as exc:
        got = exc.code
    err = capsys.readouterr().err
    assert got == code and err.count("\n") == 1 and err.startswith("gbrff: error: "), err
    assert words in err
    assert list(tmp_path.iterdir()) == []
