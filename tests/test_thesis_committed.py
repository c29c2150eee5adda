"""The committed thesis results: rerunning a split with its seed gives its committed row."""

import json
import os
from pathlib import Path

import pandas as pd
import pytest
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

ROOT = Path(__file__).resolve().parents[1]
RUNS = ROOT / "results" / "thesis" / "runs.csv"
CHEAP = ("LogReg", "LogReg+RFF", "LinSVM+Nystroem", "Tree+RFF", "RF")  # the thesis's own models


def _data_dir():
    path = os.environ.get("GBRFF_DATA_DIR") or str(ROOT.parent / "shared" / "datasets")
    if not Path(path, "vowel", "vowel.dat").exists():
        pytest.skip(f"thesis data not found at {path}")
    return path


def _rows():
    if not RUNS.is_file():
        return []
    runs = pd.read_csv(RUNS)
    small = runs[(runs["task"] == "vowel") & (runs["split"] < 2) & runs["method"].isin(CHEAP)]
    return [r for _, r in small.iterrows()]


@pytest.mark.parametrize("row", _rows(), ids=lambda r: f"{r['task']}-{r['method']}-{r['split']}")
def test_committed_row_is_reproduced(row):
    from gbrff.baselines import get_method
    from gbrff.datasets import load_uci

    X, y = load_uci(row["task"], data_dir=_data_dir())
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, stratify=y, random_state=int(row["seed"]))
    sc = StandardScaler().fit(X_tr)
    est = get_method(row["method"]).make(n_iter=100, random_state=int(row["seed"]))
    est.set_params(**json.loads(row["best_params"]))
    acc = est.fit(sc.transform(X_tr), y_tr).score(sc.transform(X_te), y_te)
    assert acc == row["test_accuracy"]
