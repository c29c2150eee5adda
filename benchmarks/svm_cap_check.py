"""Rerun stored MKBoost or BMKR units with an iteration cap; compare with the uncapped scores.

The 2019 Table 2's first MKBoost and BMKR runs were made without a libsvm
iteration cap, and single fits at C = 10³ ran for minutes (MKBoost: up to
half an hour). ``MKBoostClassifier`` now caps each solve at
``max_iter=100_000``; BMKR is checked at ``--max-iter`` (default 10_000,
the cap of the GBRFF authors' BMKR code). This script refits every unit of
the method in a store (the same split, fold, parameters and seed, through
``run_unit``, MKBoost with its default cap, BMKR with ``--max-iter``) and
writes, per unit, both scores, both fit times and how many of the fit's
libsvm solves the cap stopped (from the estimator's ``ConvergenceWarning``,
which the protocol records):

    python benchmarks/svm_cap_check.py STORE --method MKBoost --out results/table2_2019/mkboost_cap.csv
    python benchmarks/svm_cap_check.py STORE --method BMKR --out results/table2_2019/bmkr_cap.csv

Resumable: units already in ``--out`` are skipped.
"""

import json
import re
import sys
import time
from pathlib import Path

import pandas as pd

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, number, pick  # noqa: E402

#: the grid parameters each method's rows carry (MKBoost's grid is C alone)
PARAMS = {"MKBoost": ["C"], "BMKR": ["C", "learning_rate"]}
RESULTS = ["score_uncapped", "score_capped", "solves_capped", "seconds_uncapped", "seconds_capped"]
CAPPED = re.compile(r"(\d+) of \d+ libsvm solves stopped at max_iter")


def main(argv=None):
    ap = Parser(prog="svm_cap_check.py", description=__doc__.splitlines()[0])
    ap.add_argument("store", help="a store.jsonl holding uncapped units")
    ap.add_argument("--method", choices=sorted(PARAMS), default="MKBoost")
    ap.add_argument("--out", required=True)
    ap.add_argument("--max-iter", type=number(int, 1), default=10_000,
                    help="BMKR's cap, >= 1 (MKBoost: its default)")
    ap.add_argument("--tasks", default=None, help="comma-separated tasks (default: all)")
    args = ap.parse_args(argv)
    try:
        with open(args.store) as f:
            rows = [json.loads(line) for line in f if line.strip()]
    except (OSError, ValueError) as e:
        ap.fail(f"store {args.store}: {e}")
    names = PARAMS[args.method]
    rows = [r for r in rows if r.get("method") == args.method]
    if not rows:
        ap.fail(f"store {args.store} holds no {args.method} units: nothing to check")
    if args.tasks is not None:   # checked against the store: a typo is an error, not zero units
        tasks = pick(ap, "task", args.tasks, [r["task"] for r in rows])
        rows = [r for r in rows if r["task"] in tasks]
    from gbrff.datasets import DataNotFoundError
    from gbrff.experiments import Context, Unit, run_unit

    ctx = Context()   # data: GBRFF_DATA_DIR, else the download command's folder

    def ident(task, split, fold, *params):
        return (task, int(split), int(fold)) + tuple(float(p) for p in params)

    out = Path(args.out)
    done = set()
    if out.exists():
        old = pd.read_csv(out)
        done = {ident(*t) for t in old[["task", "split", "fold"] + names].itertuples(index=False)}
    else:
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(",".join(["task", "split", "fold"] + names + RESULTS) + "\n")
    todo = [r for r in rows
            if ident(r["task"], r["split"], r["fold"], *(r["params"][p] for p in names)) not in done]
    print(f"{len(rows)} {args.method} units, {len(todo)} to refit", flush=True)
    t0 = time.time()
    for k, r in enumerate(todo, 1):
        unit = Unit(r["experiment"], tuple(r["data"]), r["split"], r["seed"], r["method"],
                    tuple(sorted(r["params"].items())), r["fold"], r["n_iter"],
                    fixed=(("max_iter", args.max_iter),) if args.method == "BMKR" else ())
        try:
            rec = run_unit(ctx, unit)
        except DataNotFoundError as e:
            ap.fail(str(e))
        capped = [int(m.group(1)) for w in rec["warnings"] if (m := CAPPED.search(w))]
        line = [r["task"], r["split"], r["fold"], *(r["params"][p] for p in names),
                repr(r["score"]), repr(rec["score"]),
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
