"""Figure 4 of Gautheron et al. (ECML-PKDD 2020): train + predict time against n (section 4.4).

Data: ``make_classification(n_samples=n, random_state=seed)`` with n growing
by x1.5 from 150; the whole data set is used to train and to predict.  The
parameters are fixed as in the paper: C = 1 for the SVM/SVR methods, tree
depth 5 for LGBM, K = 10, gamma = 1/d, beta = 1 for PBRFF and GBRFF1, gamma =
1/d and lambda = 0 for GBRFF2, 100 iterations or landmarks.  A method whose
time at one size exceeds the limit (1000 s in the paper) is not run on the
larger sizes.  Sizes run in rounds: all methods still growing run one size,
then the next.  Timings are only comparable when units do not share cores:
keep ``n_jobs=1`` for figures (the default).  Reports: ``times.csv``,
``fig4_scaling.html``; ``refits.jsonl`` keeps every record (each is a result).
"""

from __future__ import annotations

import functools
import os
import socket
import sys
import time

import numpy as np
import pandas as pd
from sklearn.datasets import make_classification
from sklearn.preprocessing import StandardScaler

import json
from pathlib import Path

from ..._argtypes import number
from .._arguments import UserError, add_execution, add_out, registry_methods
from .._execution import ProgressBar, drive, make_executor
from .._experiment import Experiment
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._results import PAPER_METHODS
from .._store import make_key

__all__ = ["SCALING", "Scaling", "SCALING_PARAMS", "scaling_sizes", "run_scaling", "scaling_frame",
           "scaling_time_limit"]

# Fixed parameters of section 4.4 (gamma 1/d is every GBRFF/PBRFF default "auto").
SCALING_PARAMS = {
    "BMKR": {"C": 1.0},
    "GFC": {"C": 1.0},
    "PBRFF": {"C": 1.0, "beta": 1.0, "n_components": 10, "gamma": "auto"},
    "GBRFF1": {"n_components": 10, "beta": 1.0, "gamma": "auto"},
    "LGBM": {"max_depth": 5, "num_leaves": 32},
    "GBRFF2": {"gamma": "auto", "reg_lambda": 0.0},
    "XGB": {"max_depth": 5},
}


def scaling_sizes(start=150, factor=1.5, max_samples=2_000_000, include_max=False):
    """The training sizes of Figure 4: 150, 225, 337, ... up to ``max_samples``.

    Parameters
    ----------
    start : int, default=150
        The first size.
    factor : float, default=1.5
        Each size is the previous one times ``factor``, rounded down.
    max_samples : int, default=2_000_000
        The largest size allowed.
    include_max : bool, default=False
        End the list with ``max_samples`` itself when the grid stops short of
        it (10**7 after 8,522,269), to reach a round size.

    Returns
    -------
    list of int
        The sizes.

    Examples
    --------
    >>> from gbrff.experiments import scaling_sizes
    >>> scaling_sizes(max_samples=1000, include_max=True)
    [150, 225, 337, 506, 759, 1000]
    """
    sizes, n = [], float(start)
    while int(n) <= max_samples:
        sizes.append(int(n))
        n *= factor
    if include_max and (not sizes or sizes[-1] < max_samples):
        sizes.append(int(max_samples))
    return sizes


def _key(method, n, seed, n_iter):
    return make_key("scaling", method, int(n), int(seed), int(n_iter))


def run_scaling_unit(ctx, unit):
    """Fit + predict one ``unit = (method, n, seed, n_iter)``; returns the record."""
    method, n, seed, n_iter = unit
    X, y = make_classification(n_samples=n, random_state=seed)
    X = StandardScaler().fit_transform(X)
    est = ctx.get_method(method).make(n_iter=n_iter, random_state=seed)
    known = est.get_params()
    fixed = {k: v for k, v in SCALING_PARAMS.get(method, {}).items() if k in known}
    if fixed:
        est.set_params(**fixed)
    t0 = time.perf_counter()
    est.fit(X, y)
    t_fit = time.perf_counter() - t0
    acc = float(np.mean(est.predict(X) == y))
    seconds = time.perf_counter() - t0
    return {"key": _key(method, n, seed, n_iter), "experiment": "scaling",
            "method": method, "n_samples": int(n), "n_features": int(X.shape[1]),
            "seed": int(seed), "n_iter": int(n_iter), "params": fixed,
            "seconds": seconds, "fit_seconds": t_fit, "train_accuracy": acc,
            "host": socket.gethostname(), "pid": os.getpid(), "finished": time.time()}


def run_scaling(ctx, store, methods, sizes, time_limit=1000.0, seed=0, n_iter=100,
                executor=None, progress=True):
    """Grow each method through ``sizes`` until one size takes > ``time_limit`` s.

    Each fit is on ``make_classification`` data of that size (standardised)
    with the paper's fixed parameters of section 4.4; its fit-and-predict time
    is the record. A method that fails stops growing.

    Parameters
    ----------
    ctx : Context
        Where the methods are.
    store : ResultStore
        Where each record goes; sizes already stored are not run again.
    methods : sequence of str
        The methods of the registry.
    sizes : sequence of int
        The training sizes, smallest first (:func:`scaling_sizes`).
    time_limit : float, default=1000.0
        Seconds beyond which a method stops growing.
    seed : int, default=0
        The data's and the fits' seed.
    n_iter : int, default=100
        Boosting iterations (or landmarks) of every fit.
    executor : executor or None, default=None
        From :func:`make_executor`; None runs inline.
    progress : bool, default=True
        Show a progress bar on stderr.

    Returns
    -------
    dict
        ``computed`` (the number of fits) and ``errors`` (list of (unit, traceback)).

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from gbrff.experiments import Context, ResultStore, run_scaling
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with ResultStore(pathlib.Path(folder) / "store.jsonl") as store:
    ...         stats = run_scaling(Context(), store, ["GBRFF2"], [150, 225], n_iter=10,
    ...                             progress=False)
    ...         sorted(r["n_samples"] for r in store.records())
    [150, 225]
    >>> stats["computed"], stats["errors"]
    (2, [])
    """
    executor = executor or make_executor()
    fn = functools.partial(run_scaling_unit, ctx)
    stopped, computed, errors = set(), 0, []
    bar = ProgressBar(len(methods) * len(sizes), desc="scaling") if progress else None
    for n in sizes:
        units = []
        for m in methods:
            if m in stopped:
                continue
            rec = store.get(_key(m, n, seed, n_iter))
            if rec is None:
                units.append((m, n, seed, n_iter))
            elif rec["seconds"] > time_limit:
                stopped.add(m)
        if bar is not None:
            bar.update(len(methods) - len(units))

        def on_result(unit, record):
            nonlocal computed
            store.add(record)
            computed += 1
            return []

        errs = drive(units, fn, on_result, executor, progress=None)
        for m in methods:
            rec = store.get(_key(m, n, seed, n_iter))
            if rec is not None and rec["seconds"] > time_limit:
                stopped.add(m)
        for unit, text in errs:
            print(f"[scaling] {unit[0]} failed at n={unit[1]}; it stops growing",
                  file=sys.stderr)
            stopped.add(unit[0])
            errors.append((unit, text))
        if bar is not None:
            bar.update(len(units))
        if len(stopped) == len(methods):
            if bar is not None:
                bar.update(bar.total - bar.done)
            break
    if bar is not None:
        bar.close()
    return {"computed": computed, "errors": errors}


def scaling_frame(records, n_iter=None, seed=None) -> pd.DataFrame:
    """Columns method, n_samples, seconds, fit_seconds (one row per stored unit).

    Every scaling record, or only those of ``n_iter`` and ``seed`` when given: a
    results folder holds one configuration (``check_folder``), so its report
    shows all of its records, whatever their ``--n-iter`` and ``--seed``.
    """
    rows = [{k: r[k] for k in ("method", "n_samples", "seconds", "fit_seconds", "seed")}
            for r in records if r.get("experiment") == "scaling"
            and n_iter in (None, r["n_iter"]) and seed in (None, r["seed"])]
    df = pd.DataFrame(rows, columns=["method", "n_samples", "seconds", "fit_seconds", "seed"])
    return df.sort_values(["method", "n_samples"]).reset_index(drop=True)



def scaling_time_limit(folder, default=1000.0) -> float:
    """The time limit of the last ``scaling`` run recorded in ``folder/meta.json``.

    Parameters
    ----------
    folder : str or Path
        The scaling experiment's results folder.
    default : float, default=1000.0
        Returned when no run is recorded.

    Returns
    -------
    float
        Seconds.

    Examples
    --------
    >>> from gbrff.experiments import scaling_time_limit
    >>> scaling_time_limit("a-folder-without-runs")
    1000.0
    """
    meta = Path(folder) / "meta.json"
    if meta.exists():
        runs = json.loads(meta.read_text()).get("runs", [])
        if runs:
            return float(runs[-1].get("options", {}).get("time_limit", default))
    return default


class Scaling(Experiment):
    """Figure 4: sizes grow in rounds until a method is slower than ``--time-limit``."""

    name = "scaling"
    shared = ("n_iter",)
    tables = {"scaling": "times.csv"}
    reads_files = False
    every_record_kept = True

    def add_parser(self, sub):
        sc = sub.add_parser(self.name, help="Figure 4: train+predict time against n",
                            description="Figure 4: make_classification data from 150 samples, x1.5 "
                                        "each step; a method stops growing after a step slower than "
                                        "--time-limit. Fixed parameters of section 4.4.")
        sc.add_argument("--methods", default=",".join(PAPER_METHODS),
                        help="comma-separated methods of the registry (default: %(default)s)")
        sc.add_argument("--time-limit", type=number(float, 0), default=1000.0,
                        help="seconds after which a method stops growing (default: 1000)")
        sc.add_argument("--start", type=number(int, 10), default=150,
                        help="first size (default: 150)")
        sc.add_argument("--factor", type=number(float, 1, strict=True), default=1.5,
                        help="growth factor (default: 1.5)")
        sc.add_argument("--max-samples", type=number(int, 10), default=2_000_000,
                        help="largest size tried, e.g. 1e7 (default: 2000000)")
        sc.add_argument("--include-max", action="store_true",
                        help="end with --max-samples itself when the x--factor grid stops short "
                             "of it (--max-samples 1e7 --include-max: ..., 8522269, 10000000). "
                             "With --methods GBRFF2,LGBM and a --time-limit above their time at "
                             "that size, only they grow to it")
        sc.add_argument("--n-iter", type=number(int, 1), default=100,
                        help="iterations (default: 100)")
        add_out(sc, self.name)
        sc.add_argument("--seed", type=number(int, 0), default=0,
                        help="data and model seed (default: 0)")
        sc.add_argument("--registry", default="gbrff.methods:get_method", help="method registry")
        add_execution(sc)
        return sc

    def check(self, args):
        chosen = {"methods": registry_methods(args.methods, args.registry)}
        if args.start > args.max_samples:
            raise UserError(f"--start {args.start} is larger than --max-samples "
                            f"{args.max_samples}: no size to run, nothing to do", code=2)
        return chosen

    def record_config(self, record, hint=None):
        return self.config(record["seed"], record.get("n_iter"))  # one seed for every size

    def plan(self, args, ctx, chosen):
        return chosen["methods"], scaling_sizes(args.start, args.factor, args.max_samples,
                                                args.include_max)

    def execute(self, plan, store, ctx, executor, args):
        methods, sizes = plan
        return run_scaling(ctx, store, methods, sizes, time_limit=args.time_limit, seed=args.seed,
                           n_iter=args.n_iter, executor=executor, progress=not args.no_progress)

    def report_settings(self, args, after_run):
        return {"time_limit": getattr(args, "time_limit", None)} if after_run else {}

    def report(self, outdir, records, time_limit=None):
        from ...viz.paper import scaling_figure

        if time_limit is None:  # the 'report' command: the limit of the last run
            time_limit = scaling_time_limit(outdir)
        times = scaling_frame(records)
        if times.empty:
            return False
        _csv(times, outdir / "times.csv", index=False, float_format="%.6f")
        _html(scaling_figure(times, time_limit=time_limit), outdir / "fig4_scaling.html")
        return True


SCALING = Scaling()
