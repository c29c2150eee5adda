"""Rerun committed Table 2 rows from their seeds and count mismatches.

Every row of ``results/table2/runs.csv`` records the split's seed and the
parameters the grid search chose; the protocol's refit of that split with
them (``gbrff.experiments.run_unit``) must give the committed test accuracy
exactly. ``tests/integration/test_results_committed.py`` checks
a sample in CI; this script checks all rows of the chosen methods:

    python benchmarks/recheck_committed.py --methods GBRFF2,GBRFF1
"""

import json
import sys
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, pick  # noqa: E402


def main(argv=None):
    ap = Parser(prog="recheck_committed.py", description=__doc__.splitlines()[0])
    ap.add_argument("--methods", default="GBRFF2,GBRFF1", help="comma-separated methods of the runs file")
    ap.add_argument("--tasks", default=None, help="comma-separated tasks (default: all)")
    ap.add_argument("--runs", default=str(ROOT / "results" / "table2" / "runs.csv"))
    args = ap.parse_args(argv)
    try:
        runs = pd.read_csv(args.runs)
        runs[["task", "method", "split", "seed", "best_params", "test_accuracy"]]
    except (OSError, ValueError, KeyError) as e:
        ap.fail(f"--runs {args.runs}: not a runs.csv of the protocol ({str(e).strip()})")
    # names checked against the file, so that a typo is an error, not zero rows rechecked
    methods = pick(ap, "method", args.methods, runs["method"].unique())
    runs = runs[runs["method"].isin(methods)]
    if args.tasks is not None:
        runs = runs[runs["task"].isin(pick(ap, "task", args.tasks, runs["task"].unique()))]
    if runs.empty:
        ap.fail(f"{args.runs} has no rows to recheck")
    from gbrff._boosting import ENGINE
    from gbrff.datasets import DataNotFoundError
    from gbrff.experiments import REFIT, Context, Unit, run_unit

    ctx = Context()   # data: GBRFF_DATA_DIR, else the download command's folder
    print(f"engine {ENGINE}; {len(runs)} rows", flush=True)
    bad, t0 = [], time.time()
    for k, (_, row) in enumerate(runs.iterrows(), 1):
        # the refit of the protocol itself (split, scaling, estimator, score)
        params = tuple(sorted(json.loads(row["best_params"]).items()))
        unit = Unit("table2", ("uci", row["task"]), int(row["split"]), int(row["seed"]),
                    row["method"], params, REFIT, 100)
        try:
            acc = run_unit(ctx, unit)["score"]
        except DataNotFoundError as e:
            ap.fail(str(e))
        if acc != row["test_accuracy"]:
            bad.append((row["task"], row["method"], int(row["split"]), acc, row["test_accuracy"]))
            print("mismatch", *bad[-1], flush=True)
        if k % 50 == 0:
            print(f"{k}/{len(runs)} rows, {len(bad)} mismatches, {time.time() - t0:.0f} s", flush=True)
    print(f"committed rows rechecked: {len(runs)}, mismatches: {len(bad)} ({time.time() - t0:.0f} s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
