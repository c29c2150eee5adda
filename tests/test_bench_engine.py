"""benchmarks/bench_engine.py runs and prints its table (a smoke run, no timing checked)."""

import json
import os
from pathlib import Path

import pytest

from tests._benchmarks import load_benchmark

ROOT = Path(__file__).resolve().parents[1]

pytest.importorskip("lightgbm")


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("bench_engine")


def test_large_n_is_opt_in(bench):
    default = bench._case_names(None, large=False)
    assert "large_n" not in default and {"threads", "defaults", "predict"} <= set(default)
    assert bench._case_names(None, large=True) == default + ["large_n"]
    assert bench._case_names("all", large=False) == list(bench.CASES)
    with pytest.raises(SystemExit, match="unknown case"):
        bench._case_names("threads,nope", large=False)


def test_thread_policies(bench, monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "1")
    monkeypatch.setenv("NUMBA_NUM_THREADS", "1")
    one, every = bench._case_env("one"), bench._case_env("all")
    assert all(one[k] == "1" for k in bench.THREAD_VARS)
    assert not any(k in every for k in bench.THREAD_VARS)       # the caps would hide the cores
    assert every["PYTHONPATH"].split(os.pathsep)[0] == str(ROOT)
    assert {p for c in bench.CASES.values() for p in c.threads} == {"one", "all"}
    assert bench.CASES["threads"].threads == ("all",) and bench.CASES["gbrff2_100k"].threads == ("one",)


@pytest.mark.slow
def test_quick_run_prints_the_table_and_writes_the_json(bench, tmp_path, capsys):
    out = tmp_path / "bench.json"
    bench.main(["--quick", "--repeat", "1", "--cases", "threads,large_n", "--json", str(out)])
    text = capsys.readouterr().out
    assert text.startswith("**--quick")
    assert "| case | figure | against the target |" in text
    assert "(target >= 1.7: " in text and "(target < 1.5: " in text and "(target: flat)" in text
    assert "bit-identical for every n_jobs" in text
    assert "\nMachine: " in text and "engine " in text
    record = json.loads(out.read_text())
    assert record["quick"] and set(record["cases"]) == {"threads", "large_n"}
    assert record["cases"]["threads"]["figures"]["identical"] is True
    large = record["cases"]["large_n"]["figures"]
    assert large["n"] == 5_000 and len(large["seconds_per_sample"]) == 3
    assert record["cases"]["large_n"]["raw"]["one"]["dtype"] == "float32"
