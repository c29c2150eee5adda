"""benchmarks/svm_cap_check.py refits stored MKBoost and BMKR units with the cap and compares."""

import json

import pandas as pd
import pytest

from tests._benchmarks import load_benchmark
from tests._data import data_dir as _data_dir


@pytest.fixture(scope="module")
def data_dir():
    return _data_dir()


@pytest.fixture(scope="module")
def check():
    return load_benchmark("svm_cap_check")


def test_refits_each_method_once_and_resumes(check, data_dir, tmp_path, monkeypatch, capsys):
    from gbrff.experiments import Context, Unit, run_unit

    monkeypatch.setenv("GBRFF_DATA_DIR", data_dir)
    ctx = Context(data_dir=data_dir)
    data = ("uci", "wine", 0.3)
    units = [Unit("table2_2019", data, 0, 0, "MKBoost", (("C", 1e-5),), 0, 3),
             Unit("table2_2019", data, 0, 0, "BMKR", (("C", 1e-5), ("learning_rate", 1.0)), 1, 3)]
    store = tmp_path / "store.jsonl"
    store.write_text("".join(json.dumps(run_unit(ctx, u)) + "\n" for u in units))
    for method, params in (("MKBoost", ["C"]), ("BMKR", ["C", "learning_rate"])):
        out = tmp_path / f"{method}.csv"
        assert check.main([str(store), "--method", method, "--out", str(out)]) == 0
        table = pd.read_csv(out)
        assert list(table.columns) == ["task", "split", "fold"] + params + check.RESULTS
        assert len(table) == 1 and table.score_uncapped[0] == table.score_capped[0]
        assert "units: 1; capped solves in 0 of them; scores differ in 0" in capsys.readouterr().out
        check.main([str(store), "--method", method, "--out", str(out)])   # resumed: nothing to refit
        assert f"1 {method} units, 0 to refit" in capsys.readouterr().out
        assert len(pd.read_csv(out)) == 1


def test_missing_data_is_a_clear_error(check, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))   # a folder without the UCI files
    store = tmp_path / "store.jsonl"
    store.write_text(json.dumps({"experiment": "table2_2019", "data": ["uci", "wine", 0.3], "task": "wine",
                                 "split": 0, "seed": 0, "fold": 0, "n_iter": 3, "method": "MKBoost",
                                 "params": {"C": 1e-5}}) + "\n")
    with pytest.raises(SystemExit) as e:
        check.main([str(store), "--method", "MKBoost", "--out", str(tmp_path / "out.csv")])
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert "UCI task 'wine'" in err and "python -m gbrff.datasets download wine" in err


def _store(tmp_path, method="MKBoost", task="wine"):
    store = tmp_path / "store.jsonl"
    store.write_text(json.dumps({"experiment": "table2_2019", "data": ["uci", task, 0.3], "task": task,
                                 "split": 0, "seed": 0, "fold": 0, "n_iter": 3, "method": method,
                                 "params": {"C": 1e-5}}) + "\n")
    return store


@pytest.mark.parametrize("argv, code, says", [
    (["--tasks", "wien"], 2, "unknown task 'wien'; valid: wine"),
    (["--method", "BMKR"], 1, "holds no BMKR units"),        # nothing to check is a failure
    (["--max-iter", "0"], 2, "--max-iter: expected an integer >= 1"),
])
def test_bad_names_or_nothing_to_check_fail(check, tmp_path, argv, code, says, capsys):
    with pytest.raises(SystemExit) as e:
        check.main([str(_store(tmp_path)), "--out", str(tmp_path / "out.csv"), *argv])
    assert e.value.code == code
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
    assert not (tmp_path / "out.csv").exists()
