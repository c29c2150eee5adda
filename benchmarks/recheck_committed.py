"""Rerun committed Table 2 rows from their seeds and count mismatches.

Every row of ``results/table2/runs.csv`` records the split's seed and the
parameters the grid search chose; refitting with them must give the
committed test accuracy exactly. ``tests/test_results_committed.py`` checks
a sample in CI; this script checks all rows of the chosen methods:

    python benchmarks/recheck_committed.py --methods GBRFF2,GBRFF1
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

ROOT = Path(__file__).resolve().parents[1]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--methods", default="GBRFF2,GBRFF1")
    ap.add_argument("--tasks", default=None, help="comma-separated tasks (default: all)")
    ap.add_argument("--runs", default=str(ROOT / "results" / "table2" / "runs.csv"))
    args = ap.parse_args(argv)
    from gbrff._boosting import ENGINE
    from gbrff.baselines import get_method
    from gbrff.datasets import load_uci

    data_dir = os.environ.get("GBRFF_DATA_DIR") or str(ROOT.parent / "shared" / "datasets")
    runs = pd.read_csv(args.runs)
    runs = runs[runs["method"].isin(args.methods.split(","))]
    if args.tasks:
        runs = runs[runs["task"].isin(args.tasks.split(","))]
    print(f"engine {ENGINE}; {len(runs)} rows", flush=True)
    bad, t0, data = [], time.time(), {}
    for k, (_, row) in enumerate(runs.iterrows(), 1):
        if row["task"] not in data:
            data[row["task"]] = load_uci(row["task"], data_dir=data_dir)
        X, y = data[row["task"]]
        X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, stratify=y,
                                                  random_state=int(row["seed"]))
        sc = StandardScaler().fit(X_tr)
        est = get_method(row["method"]).make(n_iter=100, random_state=int(row["seed"]))
        est.set_params(**json.loads(row["best_params"]))
        acc = est.fit(sc.transform(X_tr), y_tr).score(sc.transform(X_te), y_te)
        if acc != row["test_accuracy"]:
            bad.append((row["task"], row["method"], int(row["split"]), acc, row["test_accuracy"]))
            print("mismatch", *bad[-1], flush=True)
        if k % 50 == 0:
            print(f"{k}/{len(runs)} rows, {len(bad)} mismatches, {time.time() - t0:.0f} s", flush=True)
    print(f"committed rows rechecked: {len(runs)}, mismatches: {len(bad)} ({time.time() - t0:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
