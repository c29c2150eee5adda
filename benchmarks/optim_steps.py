"""What fewer L-BFGS steps would buy and cost: the speed issue's open decision.

    python benchmarks/optim_steps.py [--steps 10,7,5,3] [--splits 20] [--tasks LIST]
                                     [--repeat 3] [--n 100000] [--no-speed] [--no-accuracy]

The paper's GBRFF2 refines each omega by at most ten L-BFGS steps
(``n_optim_steps=10``, the default). With them the one-thread target of the
speed issue (0.6 x LightGBM's time) is out of reach on this machine
(``benchmarks/HISTORY.md``, 2026-11-25, night). This script measures what a
smaller ``n_optim_steps`` would give; it changes no default.

- Speed: GBRFF2 fit + predict on make_classification (n=100,000, d=20,
  T=100, ``standardize=False``), one thread, against LightGBM
  (``n_estimators=100, max_depth=5, num_leaves=32``) in the same process, as
  the first case of ``bench_engine.py``; for each step count, the median of
  ``--repeat`` runs, the step counts and LightGBM interleaved.
- Accuracy: every committed GBRFF2 row of the paper's Table 2
  (``results/table2/runs.csv``: the split's seed and the parameters that
  split's grid search chose) refitted with each step count, by the
  protocol's own refit (``gbrff.experiments.run_unit``). The mean test
  accuracy per task and its change from the committed ten-step figure. The
  parameters are those chosen for ten steps, not re-tuned, so the change
  is what swapping the setting alone would cost.

Data come from the protocol's data folder (``GBRFF_DATA_DIR``, else the
download command's folder).
"""

import os

if __name__ == "__main__":
    # one thread for every library, set before any of them loads
    for _v in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[_v] = "1"

import json  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402
import pandas as pd  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, number, pick  # noqa: E402

from gbrff import GBRFF2Classifier  # noqa: E402

RUNS = ROOT / "results" / "table2" / "runs.csv"
# the estimators' default, with which the committed results were fitted
PAPER_STEPS = GBRFF2Classifier().n_optim_steps


def speed(steps, repeat, n=100_000):
    """{steps: median seconds}, LightGBM's median seconds, accuracies."""
    from lightgbm import LGBMClassifier
    from sklearn.datasets import make_classification

    X, y = make_classification(n_samples=n, n_features=20, random_state=0)
    GBRFF2Classifier(n_estimators=3, random_state=0).fit(X[:500], y[:500])

    def run(est):
        t = time.perf_counter()
        p = est.fit(X, y).predict(X)
        return time.perf_counter() - t, float((p == y).mean())

    g = {k: [] for k in steps}
    acc = {}
    lg = []
    for _ in range(repeat):
        for k in steps:
            t, acc[k] = run(GBRFF2Classifier(n_estimators=100, random_state=0, n_jobs=1,
                                             standardize=False, n_optim_steps=k))
            g[k].append(t)
        t, acc["LGBM"] = run(LGBMClassifier(n_estimators=100, max_depth=5, num_leaves=32,
                                            n_jobs=1, verbose=-1))
        lg.append(t)
    return {k: float(np.median(v)) for k, v in g.items()}, float(np.median(lg)), acc


def accuracy(steps, tasks, n_splits):
    """DataFrame (task, split, steps, test_accuracy) of the refits; the
    default step count's accuracies are the committed ones, from runs.csv."""
    from gbrff.experiments import REFIT, Context, Unit, run_unit

    ctx = Context()   # data: GBRFF_DATA_DIR, else the download command's folder
    runs = _gbrff2_rows(tasks, n_splits)
    rows, t0 = [], time.time()
    for i, (_, r) in enumerate(runs.iterrows(), 1):
        params = tuple(sorted(json.loads(r["best_params"]).items()))
        for k in steps:
            if k == PAPER_STEPS:
                a = float(r["test_accuracy"])
            else:
                unit = Unit("table2", ("uci", r["task"]), int(r["split"]), int(r["seed"]), "GBRFF2",
                            params, REFIT, 100, fixed=(("n_optim_steps", k),))
                a = run_unit(ctx, unit)["score"]
            rows.append((r["task"], int(r["split"]), k, a))
        if i % 20 == 0:
            print(f"  {i}/{len(runs)} rows, {time.time() - t0:.0f} s", file=sys.stderr, flush=True)
    return pd.DataFrame(rows, columns=["task", "split", "steps", "test_accuracy"])


def _gbrff2_rows(tasks, n_splits):
    """The committed GBRFF2 rows of ``tasks`` (None: all) among the first ``n_splits`` splits."""
    runs = pd.read_csv(RUNS)
    runs = runs[(runs["method"] == "GBRFF2") & (runs["split"] < n_splits)]
    return runs if tasks is None else runs[runs["task"].isin(tasks)]


def main(argv=None):
    ap = Parser(prog="optim_steps.py", description=__doc__.splitlines()[0])
    ap.add_argument("--steps", default="10,7,5,3", help="comma-separated n_optim_steps values")
    ap.add_argument("--splits", type=number(int, 1), default=20, help="the first N committed splits a task")
    ap.add_argument("--tasks", default=None, help="comma-separated Table 2 tasks (default: all)")
    ap.add_argument("--repeat", type=number(int, 1), default=3)
    ap.add_argument("--n", type=number(int, 2), default=100_000,
                    help="samples of the speed case (smaller: a smoke run)")
    ap.add_argument("--no-speed", action="store_true")
    ap.add_argument("--no-accuracy", action="store_true")
    args = ap.parse_args(argv)
    try:
        steps = list(dict.fromkeys(int(s) for s in args.steps.split(",")))
    except ValueError:
        ap.error(f"--steps: comma-separated whole numbers, not {args.steps!r}")
    if any(s < 0 for s in steps):
        ap.error("--steps: counts must be >= 0")
    if args.no_speed and args.no_accuracy:
        ap.error("--no-speed and --no-accuracy together leave nothing to measure")
    tasks = None
    if args.tasks is not None:   # checked against the committed rows: a typo is an error, not an empty table
        tasks = pick(ap, "task", args.tasks, pd.read_csv(RUNS).query("method == 'GBRFF2'")["task"].unique())
    if not args.no_accuracy and _gbrff2_rows(tasks, args.splits).empty:
        ap.fail(f"{RUNS} has no GBRFF2 rows of the first {args.splits} splits of {args.tasks or 'any task'}")
    if not args.no_speed:
        g, lg, acc = speed(steps, args.repeat, args.n)
        print(f"Speed: GBRFF2 fit + predict, n={args.n:,}, d=20, T=100, one thread "
              f"(median of {args.repeat}); LightGBM {lg:.2f} s (acc {acc['LGBM']:.3f})")
        print("| n_optim_steps | seconds | ratio to LightGBM | train acc |")
        print("|---|---|---|---|")
        for k in steps:
            print(f"| {k} | {g[k]:.2f} | {g[k] / lg:.2f} | {acc[k]:.3f} |")
    if not args.no_accuracy:
        from gbrff.datasets import DataNotFoundError

        try:
            df = accuracy(steps, tasks, args.splits)
        except DataNotFoundError as e:
            ap.fail(str(e))
        mean = df.pivot_table(index="task", columns="steps", values="test_accuracy") * 100
        n = df[df["steps"] == steps[0]].groupby("task").size()
        base = PAPER_STEPS if PAPER_STEPS in steps else None

        def cell(col, k):
            diff = f" ({col[k] - col[base]:+.2f})" if base is not None and k != base else ""
            return f"{col[k]:.2f}{diff}"

        print(f"\nTable 2, GBRFF2: mean test accuracy (%) over the committed splits "
              f"(up to {args.splits} a task), the chosen parameters refitted with each "
              f"n_optim_steps ({PAPER_STEPS}: the committed runs)")
        print("| task | splits | " + " | ".join(f"{k} steps" for k in steps) + " |")
        print("|---|---|" + "---|" * len(steps))
        for task in mean.index:
            print(f"| {task} | {n[task]} | " + " | ".join(cell(mean.loc[task], k) for k in steps) + " |")
        print("| mean | | " + " | ".join(cell(mean.mean(), k) for k in steps) + " |")
        others = [k for k in steps if k != base]
        if base is not None and others:
            d = mean[others].sub(mean[base], axis=0)
            print("largest drop a task: " + ", ".join(
                f"{k} steps {d[k].min():+.2f} ({d[k].idxmin()})" for k in others))
    return 0


if __name__ == "__main__":
    sys.exit(main())
