"""benchmarks/bench_regression.py runs and writes its Markdown tables (a smoke run, no timing checked)."""

import pytest

from tests._benchmarks import load_benchmark

pytest.importorskip("lightgbm")


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("bench_regression")


def test_a_small_run_writes_the_three_tables(bench, tmp_path, capsys):
    out = tmp_path / "bench.md"
    assert bench.main(["--folds", "2", "--repeats", "1", "--tasks", "sine",
                       "--models", "GBRFF2,GBRFF1,LightGBM,RFF + KRR", "--out", str(out)]) == 0
    text = out.read_text()
    assert text.count("| Task (n × d) | GBRFF2 | GBRFF1 | LightGBM | RFF + KRR |") == 3
    assert "| sine: 2-D sine surface, noise 0.1 (1000 × 2) |" in text
    assert "load average" in text and "2-fold cross-validation repeated 1 times" in text
    printed = capsys.readouterr().out
    assert printed.count("sine ") == 4 and "load average" in printed


def test_every_model_is_a_fresh_regressor_at_its_defaults(bench):
    from sklearn.base import is_regressor

    for name in bench.MODELS:
        a, b = bench.make_model(name, 3), bench.make_model(name, 3)
        assert is_regressor(a) and a is not b


@pytest.mark.parametrize("argv, says", [(["--tasks", "nope"], "unknown task 'nope'"),
                                        (["--models", ""], "no model given"),
                                        (["--folds", "1"], "--folds: expected an integer >= 2"),
                                        (["--out", "/no/such/folder/b.md"], "its folder does not exist")])
def test_bad_arguments_are_one_line_usage_errors(bench, argv, says, capsys):
    with pytest.raises(SystemExit) as e:
        bench.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
