"""Fourier Kernel Learning's scaling experiment (Băzăvan et al. 2012, Table 3 and Fig. 1), in our terms.

RFF-SKL (D random features, σ learned by L-BFGS) against KRR-GD (the exact
Gaussian ARD kernel, σ learned the same way) on one task, for growing
numbers N of training examples: test accuracy and training time against N.
A method stops growing after a size whose fit took more than ``time_limit``
seconds; KRR-GD also stops where its N × N matrices would not fit in memory
(recorded with status ``"memory"``). The same command with one large size and
D = 3000 measures the seed's speed claim (σ tuned on ≥ 10⁵ rows).

Data: a binary UCI task (``load_uci``) or ``"synthetic"``
(``make_classification(n_features=20, n_informative=10)``, for sizes beyond
the mirror's tasks). A fixed stratified test set of ``n_test`` examples;
each N takes a stratified sample of the rest (``train_test_split`` with the
run's seed); ``StandardScaler`` fit on the training sample. Fixed
hyper-parameters: λ = 1, ρ = 0, σ from the RBF default √(2/d) — both methods
learn σ, nothing is cross-validated.

Every finished fit is one record of ``OUT/store.jsonl`` (resumable: run the
command again and only missing sizes are computed), kept in the committed
``OUT/refits.jsonl``; ``OUT/fkl.csv`` and ``OUT/fkl.html`` are the report
(:func:`gbrff.experiments._reports.write_report`).
"""

from __future__ import annotations

import os
import socket
import time
from pathlib import Path

import numpy as np
import pandas as pd
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from ._store import ResultStore, make_key

__all__ = ["FKL_METHODS", "run_fkl", "fkl_frame", "load_task", "SYNTHETIC"]

FKL_METHODS = ("RFF-SKL", "KRR-GD")
SYNTHETIC = "synthetic"


def _make(method, n_components, max_iter, seed):
    from ..baselines import KRRGDClassifier, RFFSKLClassifier

    if method == "RFF-SKL":
        return RFFSKLClassifier(n_components=n_components, reg_lambda=1.0, max_iter=max_iter,
                                random_state=seed)
    if method == "KRR-GD":
        return KRRGDClassifier(reg_lambda=1.0, max_iter=max_iter)
    raise ValueError(f"unknown method {method!r}; valid: {', '.join(FKL_METHODS)}")


def load_task(task, n_total, seed, data_dir=None):
    """(X, y) of a UCI task, or ``n_total`` synthetic examples."""
    if task == SYNTHETIC:
        return make_classification(n_samples=n_total, n_features=20, n_informative=10,
                                   random_state=seed)
    from ..datasets import load_uci

    return load_uci(task, data_dir=data_dir)


def _refused(method, n):
    """Whether KRR-GD refuses ``n`` training examples for memory (recorded even after a time stop)."""
    if method != "KRR-GD":
        return False
    from ..baselines import KRRGDClassifier

    try:
        KRRGDClassifier()._check_memory(n)
    except ValueError:
        return True
    return False


def _key(task, method, n, seed, n_components, max_iter):
    return make_key("fkl", task, method, int(n), int(seed), int(n_components), int(max_iter))


def run_fkl(store, task, methods, sizes, n_components=1000, max_iter=50, n_test=5000,
            time_limit=600.0, seed=0, data_dir=None, log=print):
    """Fit each method at each size (smallest first) into ``store``; returns the number of fits."""
    sizes = sorted(set(int(s) for s in sizes))
    X, y = load_task(task, max(sizes) + n_test, seed, data_dir)
    X, y = np.asarray(X, dtype=np.float64), np.asarray(y)
    if len(np.unique(y)) != 2:
        raise ValueError(f"task {task!r} is not binary")
    X_pool, X_test, y_pool, y_test = train_test_split(X, y, test_size=n_test, stratify=y,
                                                      random_state=seed)
    too_big = [n for n in sizes if n > len(y_pool)]
    if too_big:
        raise ValueError(f"task {task!r} has {len(y_pool)} examples beside its {n_test} test "
                         f"examples; sizes {too_big} are larger (use --task synthetic)")
    computed = 0
    for method in methods:
        stopped = None
        for n in sizes:
            key = _key(task, method, n, seed, n_components, max_iter)
            if key in store:
                rec = store.get(key)
                if rec["status"] != "ok" or rec["fit_seconds"] > time_limit:
                    stopped = rec["status"] if rec["status"] != "ok" else "time"
                continue
            if stopped and not _refused(method, n):
                continue
            if n < len(y_pool):
                X_tr, _, y_tr, _ = train_test_split(X_pool, y_pool, train_size=n, stratify=y_pool,
                                                    random_state=seed)
            else:
                X_tr, y_tr = X_pool, y_pool
            scaler = StandardScaler().fit(X_tr)
            est = _make(method, n_components, max_iter, seed)
            # (KRR-GD's fit checks the memory first: a refused size costs nothing)
            rec = {"key": key, "experiment": "fkl", "task": task, "method": method, "n": int(n),
                   "seed": int(seed), "n_components": int(n_components) if method == "RFF-SKL" else None,
                   "max_iter": int(max_iter), "n_test": int(n_test), "host": socket.gethostname(),
                   "threads": {v: os.environ.get(v) for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")}}
            t0 = time.perf_counter()
            try:
                est.fit(scaler.transform(X_tr), y_tr)
            except ValueError as exc:
                if "kernel matrices" not in str(exc):
                    raise
                rec.update(status="memory", message=str(exc), fit_seconds=None, accuracy=None)
                store.add(rec)
                computed += 1
                log(f"[fkl] {method} n={n}: refused ({exc})")
                stopped = "memory"
                continue
            fit_s = time.perf_counter() - t0
            t1 = time.perf_counter()
            acc = float(est.score(scaler.transform(X_test), y_test))
            rec.update(status="ok", fit_seconds=fit_s, predict_seconds=time.perf_counter() - t1,
                       accuracy=acc, n_iter=int(np.max(est.n_iter_)),
                       sigma=[float(s) for s in est.sigma_[0]], finished=time.time())
            store.add(rec)
            computed += 1
            log(f"[fkl] {method} n={n}: accuracy {acc:.4f}, fit {fit_s:.1f} s, "
                f"{rec['n_iter']} L-BFGS iterations")
            if fit_s > time_limit:
                stopped = "time"
    return computed


def fkl_frame(records) -> pd.DataFrame:
    """One row per (task, method, n, D): accuracy, fit and predict seconds, status."""
    rows = [{k: r.get(k) for k in ("task", "method", "n", "n_components", "max_iter", "seed", "status",
                                    "accuracy", "fit_seconds", "predict_seconds", "n_iter")}
            for r in records if r.get("experiment") == "fkl"]
    cols = ["task", "method", "n", "n_components", "max_iter", "seed", "status", "accuracy",
            "fit_seconds", "predict_seconds", "n_iter"]
    df = pd.DataFrame(rows, columns=cols)
    for col in ("n", "n_components", "max_iter", "seed", "n_iter"):
        df[col] = df[col].astype("Int64")
    return df.sort_values(["task", "method", "n"], kind="stable").reset_index(drop=True)
