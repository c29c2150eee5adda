"""``python -m gbrff.experiments SUBCOMMAND``: the paper's experiments, resumable.

Each run appends every finished fit to ``OUT/store.jsonl``; run the same
command again after an interruption and only the missing fits are computed.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ._execution import make_executor
from ._plans import kbudget_groups, landmark_groups, n_features_of, table2_groups, toy_groups
from ._protocol import Context
from ._reports import STORE_NAME, read_records, write_report
from ._results import PAPER_METHODS, TASK_ORDER
from ._runner import RunLog, run_groups
from ._scaling import run_scaling, scaling_sizes
from ._store import ResultStore

__all__ = ["main", "build_parser"]

BANK_METHODS = ("GBRFF1", "LGBM", "GBRFF2")  # the paper's bankmarketing row


def _list(text):
    return [t.strip() for t in text.split(",") if t.strip()]


def _ints(text):
    """'1-50' or '1,2,5,10' or '1-10,20,50' -> sorted ints."""
    out = set()
    for part in _list(text):
        if "-" in part:
            a, b = part.split("-")
            out.update(range(int(a), int(b) + 1))
        else:
            out.add(int(part))
    return sorted(out)


def _tasks(text):
    if text in ("all", "paper"):
        return list(TASK_ORDER)
    if text == "15":
        return list(TASK_ORDER[:15])
    return _list(text)


def _common(p, out, n_splits=20, splits_help="train/test splits per task"):
    g = p.add_argument_group("run")
    g.add_argument("--out", type=Path, default=Path(out),
                   help=f"output folder; its {STORE_NAME} makes runs resumable (default: {out})")
    g.add_argument("--n-splits", type=int, default=n_splits,
                   help=f"number of {splits_help} (default: {n_splits})")
    g.add_argument("--first-split", type=int, default=0,
                   help="index of the first split, to run splits in slices (default: 0)")
    g.add_argument("--seed", type=int, default=0,
                   help="base seed: split s uses seed + s for the split and the models "
                        "(default: 0)")
    g.add_argument("--grid-values", type=int, default=0,
                   help="keep at most this many values of each parameter of the paper's "
                        "grid, evenly spaced with both ends (quick runs and tests; "
                        "default 0 = the paper's full grid)")
    g.add_argument("--data-dir", default=None,
                   help="folder of the UCI files (default: $GBRFF_DATA_DIR, else the cache)")
    g.add_argument("--registry", default="gbrff.baselines:get_method",
                   help="import path of get_method(name) -> MethodSpec "
                        "(default: gbrff.baselines:get_method)")
    _execution_args(p)


def _execution_args(p):
    g = p.add_argument_group("execution")
    g.add_argument("--n-jobs", type=int, default=1,
                   help="local worker processes (joblib/loky); 1 runs in this process, "
                        "-1 uses every core (default: 1)")
    g.add_argument("--backend", choices=("loky", "dask"), default="loky",
                   help="loky: local processes through joblib; dask: an existing "
                        "Dask distributed cluster (needs --scheduler) (default: loky)")
    g.add_argument("--scheduler", default=None,
                   help="Dask scheduler address, e.g. tcp://10.0.0.1:8786")
    g.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    g.add_argument("--no-report", action="store_true",
                   help="only compute; write the reports later with the 'report' command")


def build_parser():
    p = argparse.ArgumentParser(
        prog="python -m gbrff.experiments",
        description="Reproduce section 4 of Gautheron et al. (ECML-PKDD 2020): "
                    "Table 2 and Figures 2-5. Protocol (section 4.1): per task and split, "
                    "a stratified 70/30 split, StandardScaler fit on the training part, "
                    "5-fold stratified CV grid search on the paper's grid, refit on the "
                    "whole training part, test accuracy. Every finished fit is stored at "
                    "once; rerun the same command to resume.",
        formatter_class=argparse.ArgumentDefaultsHelpFormatter)
    sub = p.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")

    t = sub.add_parser("table2", help="Table 2: every method on the UCI tasks (section 4.5)",
                       description="Table 2: mean ± std test accuracy over splits per task "
                                   "and method, average ranks over the first 15 tasks.")
    t.add_argument("--tasks", default="paper",
                   help="comma-separated tasks, 'all' (16), '15' (without bankmarketing) or "
                        "'paper' (15 tasks for every method + bankmarketing for "
                        "GBRFF1, LGBM, GBRFF2 as in the paper) (default: paper)")
    t.add_argument("--methods", default=",".join(PAPER_METHODS),
                   help="comma-separated methods of the registry (default: the six of Table 2)")
    t.add_argument("--n-iter", type=int, default=100,
                   help="iterations / landmarks of every method (default: 100)")
    _common(t, "results/table2")

    lm = sub.add_parser("landmarks", help="Figure 2: accuracy against 1..50 landmarks",
                        description="Figure 2: PBRFF (one fit per number of landmarks) and "
                                    "GBRFF1/GBRFF2 (one fit of max landmarks iterations, "
                                    "scored after each number of iterations).")
    lm.add_argument("--tasks", default="all", help="tasks (default: all 16)")
    lm.add_argument("--methods", default="PBRFF,GBRFF1,GBRFF2", help="methods")
    lm.add_argument("--landmarks", default="1-50",
                    help="numbers of landmarks, e.g. '1-50' or '1,2,5,10,20,50' (default: 1-50)")
    _common(lm, "results/landmarks")

    kb = sub.add_parser("kbudget", help="Figure 3: GBRFF1 with K in {1,5,10,20} at equal T×K",
                        description="Figure 3: GBRFF1 with K random features per iteration, "
                                    "scored after T = budget/K iterations for each budget.")
    kb.add_argument("--tasks", default="all", help="tasks (default: all 16)")
    kb.add_argument("--ks", default="1,5,10,20", help="values of K (default: 1,5,10,20)")
    kb.add_argument("--budgets", default="20,50,100,200,500,1000",
                    help="total numbers of random features T×K (default: 20,50,100,200,500,1000)")
    _common(kb, "results/kbudget")

    sc = sub.add_parser("scaling", help="Figure 4: train+predict time against n",
                        description="Figure 4: make_classification data from 150 samples, x1.5 "
                                    "each step; a method stops growing after a step slower than "
                                    "--time-limit. Fixed parameters of section 4.4.")
    sc.add_argument("--methods", default=",".join(PAPER_METHODS), help="methods")
    sc.add_argument("--time-limit", type=float, default=1000.0,
                    help="seconds after which a method stops growing (default: 1000)")
    sc.add_argument("--start", type=int, default=150, help="first size (default: 150)")
    sc.add_argument("--factor", type=float, default=1.5, help="growth factor (default: 1.5)")
    sc.add_argument("--max-samples", type=int, default=2_000_000,
                    help="largest size tried (default: 2000000)")
    sc.add_argument("--n-iter", type=int, default=100, help="iterations (default: 100)")
    sc.add_argument("--out", type=Path, default=Path("results/scaling"), help="output folder")
    sc.add_argument("--seed", type=int, default=0, help="data and model seed (default: 0)")
    sc.add_argument("--registry", default="gbrff.baselines:get_method", help="method registry")
    _execution_args(sc)

    ty = sub.add_parser("toy", help="Figure 5: LGBM vs GBRFF2 on toy problems against n",
                        description="Figure 5: test accuracy against the number of training "
                                    "examples on generated 2-D problems, parameters tuned by CV.")
    ty.add_argument("--problems", default="swiss,circles,board", help="toy problems")
    ty.add_argument("--methods", default="LGBM,GBRFF2", help="methods")
    ty.add_argument("--sizes", default="50,100,200,500,1000,2000",
                    help="numbers of training examples (default: 50,100,200,500,1000,2000)")
    ty.add_argument("--n-test", type=int, default=2000, help="test examples (default: 2000)")
    ty.add_argument("--n-iter", type=int, default=1000,
                    help="iterations, 1000 in the paper (default: 1000)")
    _common(ty, "results/toy", n_splits=5, splits_help="seeds (data sets) per size")

    r = sub.add_parser("report", help="rebuild the reports of an experiment from its store",
                       description="Rewrite CSV/Markdown/HTML reports from OUT/store.jsonl "
                                   "(or the committed OUT/refits.jsonl); no fitting.")
    r.add_argument("experiment", choices=("table2", "landmarks", "kbudget", "scaling", "toy",
                                          "all"))
    r.add_argument("--out", type=Path, default=None,
                   help="experiment folder (default: results/EXPERIMENT)")
    r.add_argument("--n-iter", type=int, default=100,
                   help="table2: report the runs with this many iterations (default: 100)")
    r.add_argument("--results", type=Path, default=Path("results"),
                   help="results root for 'all' and the default --out (default: results)")
    return p


def _context(args):
    data_dir = getattr(args, "data_dir", None) or os.environ.get("GBRFF_DATA_DIR")
    if data_dir:
        data_dir = str(Path(data_dir).resolve())
    return Context(data_dir=data_dir, registry=args.registry)


def _options(args):
    return {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}


def _plan(args, ctx):
    common = dict(n_splits=args.n_splits, first_split=args.first_split,
                  base_seed=args.seed, n_values=args.grid_values or None)
    if args.command == "table2":
        methods = _list(args.methods)
        if args.tasks == "paper":
            tasks = list(TASK_ORDER[:15])
            groups = table2_groups(ctx, tasks, methods, n_iter=args.n_iter, **common)
            bank = [m for m in methods if m in BANK_METHODS]
            if bank:
                groups += table2_groups(ctx, ["bankmarketing"], bank, n_iter=args.n_iter,
                                        **common)
            return groups
        return table2_groups(ctx, _tasks(args.tasks), methods, n_iter=args.n_iter, **common)
    if args.command == "landmarks":
        return landmark_groups(ctx, _tasks(args.tasks), methods=_list(args.methods),
                               landmarks=_ints(args.landmarks), **common)
    if args.command == "kbudget":
        return kbudget_groups(ctx, _tasks(args.tasks), ks=_ints(args.ks),
                              budgets=_ints(args.budgets), **common)
    if args.command == "toy":
        return toy_groups(ctx, problems=_list(args.problems), methods=_list(args.methods),
                          sizes=_ints(args.sizes), n_test=args.n_test, n_iter=args.n_iter,
                          **common)
    raise ValueError(args.command)


def main(argv=None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "report":
        names = (["table2", "landmarks", "kbudget", "scaling", "toy"]
                 if args.experiment == "all" else [args.experiment])
        for name in names:
            out = args.out if (args.out and len(names) == 1) else args.results / name
            if not ((out / STORE_NAME).exists() or (out / "refits.jsonl").exists()):
                print(f"[report] {name}: nothing stored in {out}", file=sys.stderr)
                continue
            write_report(name, out, **({"n_iter": args.n_iter} if name == "table2" else {}))
            print(f"[report] {name}: reports written to {out}", file=sys.stderr)
        return 0

    ctx = _context(args)
    log = RunLog(args.out, args.command, _options(args))
    executor = make_executor(args.backend, args.n_jobs, args.scheduler)
    store = ResultStore(args.out / STORE_NAME)
    try:
        if args.command == "scaling":
            sizes = scaling_sizes(args.start, args.factor, args.max_samples)
            stats = run_scaling(ctx, store, _list(args.methods), sizes,
                                time_limit=args.time_limit, seed=args.seed,
                                n_iter=args.n_iter, executor=executor,
                                progress=not args.no_progress)
        else:
            groups = _plan(args, ctx)
            stats = run_groups(groups, store, ctx, executor=executor, desc=args.command,
                               progress=not args.no_progress)
            stats["groups"] = len(groups)
        records = store.records()
    except KeyboardInterrupt:
        print(f"\n[{args.command}] interrupted: {len(store)} units are stored in "
              f"{args.out / STORE_NAME}; run the same command again to resume",
              file=sys.stderr)
        return 130
    finally:
        store.close()
        executor.shutdown()
    n_err = len(stats.pop("errors"))
    slots = getattr(executor, "slots", 1)
    log.finish(backend=args.backend, workers=slots, computed_units=stats["computed"],
               failed_units=n_err, **{k: v for k, v in stats.items() if k != "computed"})
    if not args.no_report:
        extra = {"scaling": {"time_limit": getattr(args, "time_limit", None)},
                 "table2": {"n_iter": getattr(args, "n_iter", None)}}.get(args.command, {})
        write_report(args.command, args.out, records=records, **extra)
    print(f"[{args.command}] computed {stats['computed']} units, {n_err} failed; "
          f"results in {args.out}", file=sys.stderr)
    return 1 if n_err else 0
