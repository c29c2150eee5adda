"""benchmarks/optim_steps.py runs, and its ten-step column is the committed Table 2 (no timing checked)."""

import json
import re

import pandas as pd
import pytest

from tests._benchmarks import ROOT, load_benchmark
from tests._data import data_dir


@pytest.fixture(scope="module")
def study():
    return load_benchmark("optim_steps")


def test_speed_rows_for_every_step_count(study, capsys):
    study.main(["--steps", "10,3", "--no-accuracy", "--n", "2000", "--repeat", "1"])
    out = capsys.readouterr().out
    assert "LightGBM" in out
    for k in (10, 3):
        assert re.search(rf"^\| {k} \| [\d.]+ \| [\d.]+ \| [\d.]+ \|$", out, re.M)


def test_accuracy_table_keeps_the_committed_ten_steps(study, capsys):
    data_dir()     # (skips without wine's file)
    study.main(["--steps", "10,3", "--no-speed", "--tasks", "wine", "--splits", "2"])
    out = capsys.readouterr().out
    row = re.search(r"^\| wine \| 2 \| ([\d.]+) \| ([\d.]+) \(([+-][\d.]+)\) \|$", out, re.M)
    assert row, out
    runs = pd.read_csv(ROOT / "results" / "table2" / "runs.csv")
    committed = runs[(runs.task == "wine") & (runs.method == "GBRFF2") & (runs.split < 2)]
    assert float(row[1]) == pytest.approx(100 * committed.test_accuracy.mean(), abs=0.005)
    assert float(row[3]) == pytest.approx(float(row[2]) - float(row[1]), abs=0.011)
    assert json.loads(committed.best_params.iloc[0])        # the refits' chosen parameters


@pytest.mark.parametrize("bad", ["ten", "5,-1"])
def test_bad_steps_are_a_usage_error(study, bad):
    with pytest.raises(SystemExit) as e:
        study.main(["--steps", bad, "--no-speed", "--no-accuracy"])
    assert e.value.code == 2


def test_missing_data_is_a_clear_error(study, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))
    with pytest.raises(SystemExit) as e:
        study.main(["--steps", "10,3", "--no-speed", "--tasks", "wine", "--splits", "1"])
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert "UCI task 'wine'" in err and "python -m gbrff.datasets download wine" in err


@pytest.mark.parametrize("argv, says", [(["--tasks", "wien"], "unknown task 'wien'; valid: wine, sonar"),
                                        (["--no-speed", "--no-accuracy"], "leave nothing to measure"),
                                        (["--splits", "0"], "--splits: expected an integer >= 1"),
                                        (["--repeat", "0"], "--repeat: expected an integer >= 1"),
                                        (["--n", "0"], "--n: expected an integer >= 2")])
def test_bad_arguments_and_nothing_to_measure_are_usage_errors(study, argv, says, capsys):
    """A task typo gave an empty table with exit code 0; --n 0 a scikit-learn traceback."""
    with pytest.raises(SystemExit) as e:
        study.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
