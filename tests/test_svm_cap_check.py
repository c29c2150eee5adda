"""benchmarks/svm_cap_check.py refits stored MKBoost and BMKR units with the cap and compares."""

import importlib.util
import json
import os
from pathlib import Path

import pandas as pd
import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def data_dir():
    path = os.environ.get("GBRFF_DATA_DIR") or str(ROOT.parent / "shared" / "datasets")
    if not Path(path, "wine").exists():
        pytest.skip(f"UCI mirror not found at {path}")
    return str(Path(path).resolve())


@pytest.fixture(scope="module")
def check():
    spec = importlib.util.spec_from_file_location("svm_cap_check", ROOT / "benchmarks" / "svm_cap_check.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
