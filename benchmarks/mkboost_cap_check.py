"""Rerun stored MKBoost units with the estimator's iteration cap; compare with the uncapped scores.

The 2019 Table 2's first MKBoost runs (wine, sonar, glass, newthyroid, heart)
were made without a libsvm iteration cap, and single fits at C = 10³ ran for
up to half an hour. ``MKBoostClassifier`` now caps each solve at
``max_iter=100_000``. This script refits every MKBoost unit of a store (the
same split, fold, parameters and seed, through ``run_unit``) with the cap and
writes, per unit, both scores, both fit times and how many of the fit's
libsvm solves the cap stopped (from the estimator's ``ConvergenceWarning``,
which the protocol records):

    python benchmarks/mkboost_cap_check.py STORE --out results/table2_2019/mkboost_cap.csv

Resumable: units already in ``--out`` are skipped.
"""

import argparse
import json
import os
import sys
import re
import time
from pathlib import Path

import pandas as pd

ROOT = Path(__file__).resolve().parents[1]
COLUMNS = ["task", "split", "fold", "C", "score_uncapped", "score_capped",
           "solves_capped", "seconds_uncapped", "seconds_capped"]
CAPPED = re.compile(r"(\d+) of \d+ libsvm solves stopped at max_iter")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("store", help="a store.jsonl holding uncapped MKBoost units")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tasks", default=None, help="comma-separated tasks (default: all)")
    args = ap.parse_args(argv)
    from gbrff.experiments import Context, Unit, run_unit

    ctx = Context(data_dir=os.environ.get("GBRFF_DATA_DIR")
                  or str(ROOT.parent / "shared" / "datasets"))
    rows = [json.loads(line) for line in open(args.store)]
    rows = [r for r in rows if r["method"] == "MKBoost"
            and (not args.tasks or r["task"] in args.tasks.split(","))]
    out = Path(args.out)
    done = set()
    if out.exists():
        old = pd.read_csv(out)
        done = set(zip(old.task, old.split, old.fold, old.C))
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(",".join(COLUMNS) + "\n")
    todo = [r for r in rows if (r["task"], r["split"], r["fold"], r["params"]["C"]) not in done]
    print(f"{len(rows)} MKBoost units, {len(todo)} to refit", flush=True)
    t0 = time.time()
    for k, r in enumerate(todo, 1):
        unit = Unit(r["experiment"], tuple(r["data"]), r["split"], r["seed"], r["method"],
                    tuple(sorted(r["params"].items())), r["fold"], r["n_iter"])
        rec = run_unit(ctx, unit)
        capped = [int(m.group(1)) for w in rec["warnings"] if (m := CAPPED.search(w))]
        line = [r["task"], r["split"], r["fold"], r["params"]["C"], repr(r["score"]), repr(rec["score"]),
                sum(capped), f"{r['fit_seconds']:.3f}", f"{rec['fit_seconds']:.3f}"]
        with open(out, "a") as f:
            f.write(",".join(map(str, line)) + "\n")
        if k % 50 == 0 or k == len(todo):
            print(f"{k}/{len(todo)} units, {time.time() - t0:.0f} s", flush=True)
    table = pd.read_csv(out)
    same = (table.score_uncapped == table.score_capped)
    print(f"units: {len(table)}; capped solves in {int((table.solves_capped > 0).sum())} of them; "
          f"scores differ in {int((~same).sum())}; fit time {table.seconds_uncapped.sum() / 3600:.2f} h "
          f"uncapped, {table.seconds_capped.sum() / 3600:.2f} h capped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
