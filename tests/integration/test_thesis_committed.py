"""The committed thesis results: rerunning a split with its seed gives its committed row."""

import json
from pathlib import Path

import pandas as pd
import pytest
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from tests._data import data_dir

ROOT = Path(__file__).resolve().parents[2]
RUNS = ROOT / "results" / "thesis" / "runs.csv"
CHEAP = ("LogReg", "LogReg+RFF", "LinSVM+Nystroem", "Tree+RFF", "RF")  # the thesis's own models


def _data_dir():
    return data_dir("vowel")


def _rows():
    if not RUNS.is_file():
        return []
    runs = pd.read_csv(RUNS)
    small = runs[(runs["task"] == "vowel") & (runs["split"] < 2) & runs["method"].isin(CHEAP)]
    return [r for _, r in small.iterrows()]


@pytest.mark.slow
@pytest.mark.parametrize("row", _rows(), ids=lambda r: f"{r['task']}-{r['method']}-{r['split']}")
def test_committed_row_is_reproduced(row):
    from gbrff.methods import get_method
    from gbrff.datasets import load_uci

    X, y = load_uci(row["task"], data_dir=_data_dir())
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, stratify=y, random_state=int(row["seed"]))
    sc = StandardScaler().fit(X_tr)
    est = get_method(row["method"]).make(n_iter=100, random_state=int(row["seed"]))
    est.set_params(**json.loads(row["best_params"]))
    acc = est.fit(sc.transform(X_tr), y_tr).score(sc.transform(X_te), y_te)
    assert acc == row["test_accuracy"]


def _tables(text):
    """The markdown tables of ``text``, in order."""
    import re

    return [m.group(0) for m in re.finditer(r"(?m)(?:^\|.*\|\n)+", text)]


def test_report_tables_are_the_committed_numbers():
    """thesis.md's two tables are built from the committed runs: the table of errors
    and the thesis's findings checked against them."""
    from gbrff.experiments.catalog.thesis import findings_markdown, thesis_findings, thesis_markdown, thesis_summary

    if not RUNS.is_file():
        pytest.skip("no committed thesis runs")
    runs = pd.read_csv(RUNS)
    summary = thesis_summary(runs)
    report = (RUNS.parent / "thesis.md").read_text(encoding="utf-8")
    assert _tables(report) == [thesis_markdown(summary), findings_markdown(thesis_findings(summary, runs))]


def test_thesis_page_includes_the_report_and_copies_none_of_it():
    """The documentation's thesis page shows thesis.md by including it (both tables:
    the errors, then the findings), never by copying a row of it: one source for
    every number the page shows."""
    page = (ROOT / "doc" / "reproducing" / "thesis.md").read_text(encoding="utf-8")
    includes = [line for line in page.splitlines() if line.startswith("```{include}")]
    assert includes == ["```{include} ../../results/thesis/thesis.md"] * 2
    rows = [row for table in _tables((RUNS.parent / "thesis.md").read_text(encoding="utf-8"))
            for row in table.splitlines()[2:]]
    assert rows and [row for row in rows if row in page] == []
