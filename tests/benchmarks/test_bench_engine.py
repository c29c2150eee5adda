"""benchmarks/bench_engine.py runs and prints its table (a smoke run, no timing checked)."""

import json
import os
import re
from pathlib import Path

import pytest

from tests._benchmarks import load_benchmark

ROOT = Path(__file__).resolve().parents[2]

pytest.importorskip("lightgbm")


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("bench_engine")


def test_large_n_is_opt_in(bench):
    default = bench._case_names(None, large=False)
    assert "large_n" not in default and {"threads", "defaults", "predict"} <= set(default)
    assert bench._case_names(None, large=True) == default + ["large_n"]
    assert bench._case_names("all", large=False) == list(bench.CASES)
    with pytest.raises(ValueError, match="unknown case"):
        bench._case_names("threads,nope", large=False)


@pytest.mark.parametrize("argv, says", [(["--cases", ""], "no case given; the cases: gbrff2_100k, "),
                                        (["--cases", ",nope"], "unknown case(s) 'nope'; the cases: "),
                                        (["--repeat", "0"], "--repeat: expected an integer >= 1"),
                                        (["--json", "/no/such/folder/b.json"], "its folder does not exist")])
def test_bad_arguments_are_one_line_usage_errors(bench, argv, says, capsys):
    """--repeat 0 was an IndexError, --cases "" an empty table with exit code 0."""
    with pytest.raises(SystemExit) as e:
        bench.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


def test_titles_print_the_sizes_the_run_uses(bench):
    """--quick's table said "1,000,000 rows" for a case of 20,000."""
    full = {name: bench._title(case, quick=False) for name, case in bench.CASES.items()}
    quick = {name: bench._title(case, quick=True) for name, case in bench.CASES.items()}
    assert "1,000,000 rows" in full["predict"] and "20,000 rows" in quick["predict"]
    assert "n=10,000," in full["gbrff1_10k"] and "n=2,000," in quick["gbrff1_10k"]
    assert "T=1000," in full["interactive"] and "T=100," in quick["interactive"]
    assert "n=10,000,000" in full["large_n"] and "n=5,000," in quick["large_n"]
    for name, case in bench.CASES.items():
        if callable(case.code):
            continue
        used = set(re.findall(r'SIZE\["(\w+)"\]', case.code))
        assert used == set(case.sizes), name            # one source for the code and the title
        for size, (big, small) in case.sizes.items():
            if isinstance(big, int) and "{%s" % size in case.title:
                assert format(big, ",") in full[name] or str(big) in full[name], name


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
