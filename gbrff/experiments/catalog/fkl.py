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
``OUT/refits.jsonl``; ``OUT/fkl.csv``, ``OUT/fkl.md`` and ``OUT/fkl.html`` are
the report (:meth:`Fkl.report`). A folder holds one task,
seed and ``n_test`` (its test set), and for ``"synthetic"`` one largest size:
the generated set has ``max(sizes) + n_test`` examples, so another largest
size is another data set (:meth:`Fkl.config`). KRR-GD does not use D: its fits
are shared by every ``n_components``.
"""

from __future__ import annotations

import os
import re
import socket
import sys
import time
from typing import NamedTuple

import numpy as np
import pandas as pd
from sklearn.datasets import make_classification
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from ..._argtypes import number
from ...datasets import DataNotFoundError
from .._arguments import UserError, add_debug, folder, int_list, match, names, run_data_dir
from .._experiment import Experiment
from .._reports import STORE_NAME
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._reports import write_text as _write_text
from .._store import make_key

__all__ = ["FKL", "Fkl", "FKL_METHODS", "MIN_SIZE", "FklData", "check_fkl", "prepare_fkl", "run_fkl",
           "fkl_frame", "fkl_markdown", "load_task", "SYNTHETIC"]

FKL_METHODS = ("RFF-SKL", "KRR-GD")
SYNTHETIC = "synthetic"
#: The smallest training size: a stratified sample holds one example of each class.
MIN_SIZE = 2


def _make(method, n_components, max_iter, seed):
    from ...baselines import KRRGDClassifier, RFFSKLClassifier

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
    from ...datasets import load_uci

    return load_uci(task, data_dir=data_dir)


def _refused(method, n):
    """Whether KRR-GD refuses ``n`` training examples for memory (recorded even after a time stop)."""
    if method != "KRR-GD":
        return False
    from ...baselines import KRRGDClassifier

    try:
        KRRGDClassifier()._check_memory(n)
    except ValueError:
        return True
    return False


def _key(task, method, n, seed, n_components, max_iter):
    """The unit's key; KRR-GD's has no D (it does not use one)."""
    d = int(n_components) if method != "KRR-GD" else None
    return make_key("fkl", task, method, int(n), int(seed), d, int(max_iter))


def _same_fit(record):
    """What identifies a fit whatever its key: KRR-GD's records of earlier versions
    have the run's D in their key, although KRR-GD does not use it."""
    d = record.get("n_components") if record["method"] != "KRR-GD" else None
    return (record["task"], record["method"], int(record["n"]), int(record["seed"]), d,
            int(record["max_iter"]))


class FklData(NamedTuple):
    """One run's data: the pool the training samples come from, the fixed test set,
    the training rows of each size (None: the whole pool) and the number of
    examples loaded or generated."""
    X_pool: np.ndarray
    y_pool: np.ndarray
    X_test: np.ndarray
    y_test: np.ndarray
    train: dict
    n_data: int


def _binary_tasks():
    """The binary UCI tasks (name -> registry entry: ``n`` rows): Table 1's and the preprint's."""
    from ...datasets import registry

    reg = registry()
    return {**reg["tasks"], **reg["preprint"]}


def _check_rows(task, n_rows, sizes, n_test):
    """Refuse (ValueError) a test set or training sizes that ``n_rows`` examples cannot give."""
    if n_test > n_rows - MIN_SIZE:
        raise ValueError(f"task {task!r} has {n_rows} examples: --n-test {n_test} leaves fewer "
                         f"than {MIN_SIZE} to train on")
    too_big = [n for n in sizes if n > n_rows - n_test]
    if too_big:
        raise ValueError(f"task {task!r} has {n_rows - n_test} examples beside its {n_test} test "
                         f"examples; sizes {too_big} are larger (use --task synthetic)")


def check_fkl(task, sizes, n_test=5000):
    """Check a run's task, sizes and test size without reading any data: the task is
    ``"synthetic"`` or a binary UCI task, and its number of rows (the registry's, which
    the loader verifies by the file's SHA-256) gives the test set and every size.

    Raises ValueError saying what is wrong (the command line's mistake).
    """
    sizes = sorted(set(int(s) for s in sizes))
    if not sizes or sizes[0] < MIN_SIZE:
        raise ValueError(f"sizes must be integers >= {MIN_SIZE} (one training example of each "
                         f"class), got {sizes}")
    if task == SYNTHETIC:
        return
    binary = _binary_tasks()
    if task not in binary:
        from ...datasets import THESIS_TASKS, UNAVAILABLE_TASKS

        valid = f"valid: {SYNTHETIC}, {', '.join(binary)}"
        if task in THESIS_TASKS + UNAVAILABLE_TASKS:
            raise ValueError(f"task {task!r} is not binary; {valid}")
        raise ValueError(f"unknown UCI task {task!r}; {valid}")
    _check_rows(task, binary[task]["n"], sizes, n_test)


def prepare_fkl(task, sizes, n_test=5000, seed=0, data_dir=None) -> FklData:
    """Load (or generate) the data, split off the test set and draw every size's
    training rows, before anything is fitted or written.

    Raises ValueError for a task that is not binary, a test set too large, or a
    size the pool cannot give (the message says which; :func:`check_fkl` says
    the same without reading the data); a missing UCI file raises
    ``DataNotFoundError``.
    """
    sizes = sorted(set(int(s) for s in sizes))
    check_fkl(task, sizes, n_test)
    X, y = load_task(task, max(sizes) + n_test, seed, data_dir)
    X, y = np.asarray(X, dtype=np.float64), np.asarray(y)
    if len(np.unique(y)) != 2:
        raise ValueError(f"task {task!r} is not binary")
    _check_rows(task, len(y), sizes, n_test)
    X_pool, X_test, y_pool, y_test = train_test_split(X, y, test_size=n_test, stratify=y,
                                                      random_state=seed)
    train = {}
    for n in sizes:
        if n >= len(y_pool):
            train[n] = None
            continue
        # the rows train_test_split(X_pool, y_pool, ...) would take: its draw depends on
        # y_pool, n and the seed only
        try:
            train[n], _ = train_test_split(np.arange(len(y_pool)), train_size=n, stratify=y_pool,
                                           random_state=seed)
        except ValueError as exc:
            raise ValueError(f"size {n} cannot be drawn from the {len(y_pool)} examples of task "
                             f"{task!r} beside its test set: {exc}") from None
    return FklData(X_pool, y_pool, X_test, y_test, train, int(len(y)))


def run_fkl(store, task, methods, sizes, n_components=1000, max_iter=50, n_test=5000,
            time_limit=600.0, seed=0, data_dir=None, log=print, data=None):
    """Fit each method at each size (smallest first) into ``store``; returns the number of fits.

    ``data``: the run's :class:`FklData` when :func:`prepare_fkl` made it already.
    """
    sizes = sorted(set(int(s) for s in sizes))
    if data is None:
        data = prepare_fkl(task, sizes, n_test, seed, data_dir)
    X_pool, y_pool, X_test, y_test = data.X_pool, data.y_pool, data.X_test, data.y_test
    stored = {}
    for r in store.records():
        if r.get("experiment") == "fkl":
            stored.setdefault(_same_fit(r), r)
    computed = 0
    for method in methods:
        stopped = None
        for n in sizes:
            key = _key(task, method, n, seed, n_components, max_iter)
            rec = stored.get(_same_fit({"task": task, "method": method, "n": n, "seed": seed,
                                        "n_components": n_components, "max_iter": max_iter}))
            if rec is not None:
                if rec["status"] != "ok" or rec["fit_seconds"] > time_limit:
                    stopped = rec["status"] if rec["status"] != "ok" else "time"
                continue
            if stopped and not _refused(method, n):
                continue
            rows = data.train[n]
            X_tr, y_tr = (X_pool, y_pool) if rows is None else (X_pool[rows], y_pool[rows])
            scaler = StandardScaler().fit(X_tr)
            est = _make(method, n_components, max_iter, seed)
            # (KRR-GD's fit checks the memory first: a refused size costs nothing)
            rec = {"key": key, "experiment": "fkl", "task": task, "method": method, "n": int(n),
                   "seed": int(seed), "n_components": int(n_components) if method == "RFF-SKL" else None,
                   "max_iter": int(max_iter), "n_test": int(n_test), "n_data": data.n_data,
                   "host": socket.gethostname(),
                   "threads": {v: os.environ.get(v) for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS")}}
            t0 = time.perf_counter()
            try:
                est.fit(scaler.transform(X_tr), y_tr)
            except ValueError as exc:
                if "kernel matrices" not in str(exc):
                    raise
                rec.update(status="memory", message=str(exc), fit_seconds=None, accuracy=None)
                store.add(rec)
                stored[_same_fit(rec)] = rec
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
            stored[_same_fit(rec)] = rec
            computed += 1
            log(f"[fkl] {method} n={n}: accuracy {acc:.4f}, fit {fit_s:.1f} s, "
                f"{rec['n_iter']} L-BFGS iterations")
            if fit_s > time_limit:
                stopped = "time"
    return computed


def fkl_frame(records) -> pd.DataFrame:
    """One row per (task, method, n, D): accuracy, fit and predict seconds, status
    (one per fit: a KRR-GD fit stored twice under two D, as earlier versions did, once)."""
    seen, rows = set(), []
    for r in records:
        if r.get("experiment") != "fkl" or _same_fit(r) in seen:
            continue
        seen.add(_same_fit(r))
        rows.append({k: r.get(k) for k in ("task", "method", "n", "n_components", "max_iter", "seed",
                                           "status", "accuracy", "fit_seconds", "predict_seconds",
                                           "n_iter")})
    cols = ["task", "method", "n", "n_components", "max_iter", "seed", "status", "accuracy",
            "fit_seconds", "predict_seconds", "n_iter"]
    df = pd.DataFrame(rows, columns=cols)
    for col in ("n", "n_components", "max_iter", "seed", "n_iter"):
        df[col] = df[col].astype("Int64")
    return df.sort_values(["task", "method", "n"], kind="stable").reset_index(drop=True)


def _seconds(s):
    return f"{s:.0f}" if s >= 100 else f"{s:.3g}"


def _refused_cell(record):
    """A size KRR-GD refused: the memory its kernel matrices need against the limit."""
    found = re.search(r"\(([\d.]+ GB)\); the limit is ([\d.]+ GB)", record.get("message") or "")
    return "refused: memory" + (f" ({found.group(1)} > {found.group(2)})" if found else "")


def fkl_markdown(records) -> str:
    """``fkl.md``: test accuracy and fit time against N, one row pair per method and
    (for RFF-SKL) D, as :func:`fkl_frame` has them, a refused size saying why."""
    df = fkl_frame(records)
    refused = {_same_fit(r): r for r in records
               if r.get("experiment") == "fkl" and r.get("status") == "memory"}
    out = ["# Fourier kernel learning: RFF-SKL against the exact kernel as N grows", ""]
    for (task, seed), d in df.groupby(["task", "seed"], sort=True):
        n_test = sorted({r.get("n_test") for r in records
                         if r.get("task") == task and r.get("seed") == seed} - {None})
        sizes = sorted(int(n) for n in d["n"].unique())
        out += [f"Task {task} (seed {seed}): test accuracy on a fixed stratified test set of "
                + " / ".join(f"{n:,}" for n in n_test) + " examples and the time of one fit "
                "on N training examples (seconds); λ = 1, ρ = 0, σ learned by L-BFGS-B from "
                "√(2/d). –: not fitted (a method stops growing after a fit slower than the "
                "run's time limit).", "",
                "| N | " + " | ".join(f"{n:,}" for n in sizes) + " |",
                "|" + "---|" * (len(sizes) + 1)]
        for keys, g in d.groupby(["method", "n_components", "max_iter"], sort=False, dropna=False):
            method, n_components, max_iter = keys
            label = (f"{method}, D = {int(n_components):,}" if not pd.isna(n_components)
                     else f"{method} (exact)") + f", {int(max_iter)} iterations"
            by_n = {int(r["n"]): r for _, r in g.iterrows()}
            acc, fit = [], []
            for n in sizes:
                r = by_n.get(n)
                if r is None:
                    acc.append("–")
                    fit.append("–")
                elif r["status"] == "ok":
                    acc.append(f"{r['accuracy']:.4f}")
                    fit.append(_seconds(r["fit_seconds"]))
                else:
                    key = _same_fit({"task": task, "method": method, "n": n, "seed": seed,
                                     "n_components": n_components, "max_iter": max_iter})
                    acc.append(_refused_cell(refused.get(key, {})) if r["status"] == "memory"
                               else str(r["status"]))
                    fit.append("–")
            out.append(f"| {label}: accuracy | " + " | ".join(acc) + " |")
            out.append(f"| {label}: fit (s) | " + " | ".join(fit) + " |")
        out.append("")
    return "\n".join(out)


class Fkl(Experiment):
    """Fourier kernel learning's scaling run (sequential: its timings are the result)."""

    name = "fkl"
    shared = ("n_test",)
    parallel = False
    every_record_kept = True
    unit_word = "fits"

    def add_parser(self, sub):
        fk = sub.add_parser(
            self.name, help="Fourier kernel learning: RFF-SKL against KRR-GD as N grows (Băzăvan et al. 2012)",
            description="Test accuracy and training time against the number of training examples N of "
                        "RFF-SKL (D random features, σ learned) and KRR-GD (the exact kernel, σ learned), "
                        "lambda = 1, rho = 0, on a fixed test set; a method stops growing after a fit "
                        "slower than --time-limit, KRR-GD also where its kernel matrices do not fit in "
                        "memory. One large size with --n-components 3000 measures the seed's speed claim.")
        fk.add_argument("--task", default="bankmarketing",
                        help="a binary UCI task, or 'synthetic' (make_classification, 20 features) "
                             "(default: bankmarketing)")
        fk.add_argument("--methods", default=",".join(FKL_METHODS),
                        help=f"among {', '.join(FKL_METHODS)} (default: both)")
        fk.add_argument("--sizes", type=int_list(MIN_SIZE, " (a stratified sample holds an "
                                                           "example of each class)"),
                        default="1000,2000,4000,8000,16000,32000",
                        help="training set sizes N; with --task synthetic the data set is drawn for "
                             "the largest N + --n-test examples (default: "
                             "1000,2000,4000,8000,16000,32000)")
        fk.add_argument("--n-components", type=number(int, 1), default=1000,
                        help="D, RFF-SKL's random features (default: 1000)")
        fk.add_argument("--max-iter", type=number(int, 1), default=50,
                        help="L-BFGS-B iterations on sigma (default: 50)")
        fk.add_argument("--n-test", type=number(int, 10), default=5000,
                        help="test examples (default: 5000)")
        fk.add_argument("--time-limit", type=number(float, 0, strict=True), default=600.0,
                        help="seconds after which a method stops growing (default: 600)")
        fk.add_argument("--seed", type=number(int, 0), default=0,
                        help="seed of the samples and the features (default: 0)")
        fk.add_argument("--out", type=folder, default=None,
                        help=f"output folder; its {STORE_NAME} makes runs resumable. It holds one "
                             "--task, --seed and --n-test (and with --task synthetic one largest "
                             "of --sizes): a folder of another is refused; --n-components and "
                             f"--max-iter add rows (default: gbrff-results/{self.name})")
        fk.add_argument("--data-dir", default=None, help="folder of the UCI files")
        add_debug(fk)
        return fk

    def check(self, args):
        chosen = {"methods": match("method", names(args.methods), FKL_METHODS)}
        try:
            check_fkl(args.task, args.sizes, n_test=args.n_test)    # by the registry's row counts
        except ValueError as exc:
            raise UserError(str(exc), code=2) from None
        return chosen

    def run_config(self, args):
        return self.config(args.seed, n_test=args.n_test, task=args.task, max_size=max(args.sizes))

    def config(self, seed, n_iter=None, n_test=None, features=None, task=None, max_size=None):
        """Also the task and ``n_test`` (the test set), and with the synthetic task the
        largest size ``max_size``: its data set is drawn for ``max_size + n_test``
        examples, so another largest size would mix results of two data sets."""
        config = super().config(seed, n_iter, n_test)
        config["task"] = task
        if task == SYNTHETIC:
            config["max_size"] = None if max_size is None else int(max_size)
        return config

    def config_hint(self, records):
        """For synthetic records of an earlier version (without ``n_data``): the largest
        size of the folder's records of each seed and test size (their run drew
        ``max(sizes) + n_test`` examples)."""
        legacy = {}
        for r in records:
            if r.get("task") == SYNTHETIC and "n_data" not in r:
                k = (r["seed"], r.get("n_test"))
                legacy[k] = max(legacy.get(k, 0), int(r["n"]))
        return legacy

    def record_config(self, record, hint=None):
        size = (hint or {}).get((record.get("seed"), record.get("n_test")))
        if "n_data" in record:
            size = record["n_data"] - record["n_test"]
        return self.config(record["seed"], n_test=record.get("n_test"), task=record.get("task"),
                           max_size=size)

    def context(self, args):
        return None  # no registry: the two methods are made here

    def plan(self, args, ctx, chosen):
        """The data loaded, the test set split off and every size's sample drawn."""
        try:
            data = prepare_fkl(args.task, args.sizes, n_test=args.n_test, seed=args.seed,
                               data_dir=None if args.task == SYNTHETIC else run_data_dir(args))
        except DataNotFoundError:
            raise
        except ValueError as exc:   # a size a stratified sample cannot draw from the task's rows
            raise UserError(str(exc), code=2) from None
        return chosen["methods"], data

    def execute(self, plan, store, ctx, executor, args):
        methods, data = plan
        computed = run_fkl(store, args.task, methods, args.sizes, n_components=args.n_components,
                           max_iter=args.max_iter, n_test=args.n_test, time_limit=args.time_limit,
                           seed=args.seed, data=data,
                           log=lambda m: print(m, file=sys.stderr, flush=True))
        return {"computed": computed, "errors": []}

    def report(self, outdir, records):
        """``fkl.csv``, ``fkl.md`` and ``fkl.html``."""
        from ...viz.fkl import scaling_figure

        df = fkl_frame(records)
        if df.empty:
            return False
        _csv(df, outdir / "fkl.csv", index=False, float_format="%.6g")
        _write_text(outdir / "fkl.md", fkl_markdown(records))
        _html(scaling_figure(df), outdir / "fkl.html")
        return True


FKL = Fkl()
