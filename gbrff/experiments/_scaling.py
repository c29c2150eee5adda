"""Figure 4: train + predict time against the number of samples (section 4.4).

Data: ``make_classification(n_samples=n, random_state=seed)`` with n growing
by x1.5 from 150; the whole data set is used to train and to predict.  The
parameters are fixed as in the paper: C = 1 for the SVM/SVR methods, tree
depth 5 for LGBM, K = 10, gamma = 1/d, beta = 1 for PBRFF and GBRFF1, gamma =
1/d and lambda = 0 for GBRFF2, 100 iterations or landmarks.  A method whose
time at one size exceeds the limit (1000 s in the paper) is not run on the
larger sizes.  Sizes run in rounds: all methods still growing run one size,
then the next.  Timings are only comparable when units do not share cores:
keep ``n_jobs=1`` for figures (the default).
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

from ._execution import ProgressBar, drive, make_executor
from ._store import make_key

__all__ = ["SCALING_PARAMS", "scaling_sizes", "run_scaling", "scaling_frame"]

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
    """150, 225, 337, ... (each the previous x1.5, rounded down), up to max_samples;
    with ``include_max``, max_samples itself ends the list when the grid stops
    short of it (10**7 after 8,522,269), to reach a round size."""
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
    """Grow each method through ``sizes`` until one size takes > ``time_limit`` s."""
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

