"""The Fourier-kernel-learning scaling command: runs, resumes, reports the same bytes."""

import pandas as pd

from gbrff.experiments._cli import main
from gbrff.viz.fkl import scaling_figure


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
