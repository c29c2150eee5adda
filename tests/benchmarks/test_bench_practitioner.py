"""benchmarks/bench_practitioner.py runs and writes its Markdown tables (a smoke run, no timing checked)."""

import pytest

from tests._benchmarks import load_benchmark

pytest.importorskip("lightgbm")


@pytest.fixture(scope="module")
def bench():
    return load_benchmark("bench_practitioner")


def test_a_small_run_writes_both_tables(bench, tmp_path, capsys):
    out = tmp_path / "bench.md"
    assert bench.main(["--folds", "2", "--tasks", "wine,diabetes",
                       "--models", "GBRFF2,GBRFF1,LightGBM", "--out", str(out)]) == 0
    text = out.read_text()
    assert "| Task (n × d), metric | GBRFF2 | GBRFF1 | LightGBM |" in text
    assert text.count("| Task (n × d), metric |") == 2
    assert "| wine: scikit-learn's wine, 3 classes (178 × 13), accuracy |" in text
    assert "| diabetes: scikit-learn's diabetes (442 × 10), R² |" in text
    assert "load average" in text and "2-fold cross-validation" in text
    assert capsys.readouterr().out.count("load average") == 2


def test_every_model_is_a_fresh_estimator_of_its_kind(bench):
    from sklearn.base import is_classifier, is_regressor

    for name in bench.CLASSIFIERS:
        a, b = bench.make_model(name, "classification"), bench.make_model(name, "classification")
        assert is_classifier(a) and a is not b
        assert bench.make_model(name, "classification", "balanced").get_params()["class_weight"] == "balanced"
    for name in bench.REGRESSORS:
        assert is_regressor(bench.make_model(name, "regression"))


def test_bad_arguments_are_one_line_usage_errors(bench, capsys):
    with pytest.raises(SystemExit) as e:
        bench.main(["--tasks", "nope"])
    assert e.value.code == 2 and "unknown task 'nope'" in capsys.readouterr().err
