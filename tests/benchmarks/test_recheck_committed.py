"""benchmarks/recheck_committed.py refits committed Table 2 rows from their seeds and counts mismatches."""

import pandas as pd
import pytest

from tests._benchmarks import ROOT, load_benchmark
from tests._data import data_dir

RUNS = ROOT / "results" / "table2" / "runs.csv"


@pytest.fixture(scope="module")
def recheck():
    return load_benchmark("recheck_committed")


@pytest.fixture
def wine_rows(tmp_path):
    """Two committed GBRFF2 rows of wine, and the same two with one accuracy altered."""
    runs = pd.read_csv(RUNS)
    rows = runs[(runs["method"] == "GBRFF2") & (runs["task"] == "wine")].head(2)
    good, bad = tmp_path / "good.csv", tmp_path / "bad.csv"
    rows.to_csv(good, index=False)
    rows = rows.copy()
    rows.iloc[1, rows.columns.get_loc("test_accuracy")] -= 0.01
    rows.to_csv(bad, index=False)
    return good, bad


def test_committed_rows_are_reproduced_and_a_changed_one_is_named(recheck, wine_rows, capsys):
    data_dir()     # (skips without wine's file)
    good, bad = wine_rows
    assert recheck.main(["--methods", "GBRFF2", "--runs", str(good)]) == 0
    assert "committed rows rechecked: 2, mismatches: 0" in capsys.readouterr().out
    assert recheck.main(["--methods", "GBRFF2", "--runs", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "mismatch wine GBRFF2" in out and "mismatches: 1" in out


def test_missing_data_is_a_clear_error(recheck, wine_rows, tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path / "empty"))
    with pytest.raises(SystemExit) as e:
        recheck.main(["--methods", "GBRFF2", "--runs", str(wine_rows[0])])
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert "UCI task 'wine'" in err and "python -m gbrff.datasets download wine" in err


@pytest.mark.parametrize("argv, unknown", [(["--methods", "GBRF2"], "unknown method 'GBRF2'"),
                                           (["--tasks", "wien"], "unknown task 'wien'"),
                                           (["--methods", ","], "no method given")])
def test_unknown_names_are_a_usage_error_listing_the_known_ones(recheck, argv, unknown, capsys):
    """A typo used to match no row and report 'mismatches: 0' with exit code 0."""
    with pytest.raises(SystemExit) as e:
        recheck.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and unknown in err
    assert "valid: " in err and ("GBRFF2" in err if "method" in unknown else "wine, sonar" in err)


def test_a_recheck_of_no_row_fails(recheck, tmp_path, capsys):
    empty = tmp_path / "runs.csv"
    pd.read_csv(RUNS).head(0).to_csv(empty, index=False)
    for runs in (empty, tmp_path / "absent.csv"):
        with pytest.raises(SystemExit) as e:
            recheck.main(["--runs", str(runs)])
        assert e.value.code != 0
        assert capsys.readouterr().err.count("\n") == 1
