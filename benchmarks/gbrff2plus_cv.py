"""Choose GBRFF2+'s ingredients by cross-validation on training parts only.

For every candidate setting of ``GBRFF2Classifier`` (defaults standardise the
features inside), the mean 5-fold CV accuracy (``StratifiedKFold(5)``, as
the protocol) on the *training part* of Table 2's splits (stratified 70/30,
seed = split) of the 15 tasks, raw features; the test parts are never read.
Prints one row per candidate (mean over tasks, average rank, fit seconds)
and writes the per-task table as CSV.

    python benchmarks/gbrff2plus_cv.py --splits 0,1,2 --csv results/gbrff2plus/cv.csv
"""

import json
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, int_list, load_tasks, pick  # noqa: E402

#: The candidates: name -> parameters of GBRFF2Classifier (on top of its defaults).
CANDIDATES = {
    "GBRFF2 defaults": {},
    "+ log_loss": {"loss": "log_loss"},
    "+ lambda 2^-5": {"reg_lambda": 2.0**-5},
    "+ shrinkage 0.5, T=300": {"learning_rate": 0.5, "n_estimators": 300},
    "+ log_loss, shrinkage 0.5, T=300": {"loss": "log_loss", "learning_rate": 0.5, "n_estimators": 300},
    "+ log_loss, shrinkage 0.5, T=300, lambda 2^-5": {"loss": "log_loss", "learning_rate": 0.5,
                                                     "n_estimators": 300, "reg_lambda": 2.0**-5},
    "+ log_loss, shrinkage 0.5, T=300, early stopping": {
        "loss": "log_loss", "learning_rate": 0.5, "n_estimators": 300, "n_iter_no_change": 20},
    # second round, around the first round's winner (lambda)
    "+ lambda 2^-4": {"reg_lambda": 2.0**-4},
    "+ lambda 2^-3": {"reg_lambda": 2.0**-3},
    "+ lambda 2^-5, shrinkage 0.5, T=300": {"reg_lambda": 2.0**-5, "learning_rate": 0.5,
                                           "n_estimators": 300},
    "+ lambda 2^-4, shrinkage 0.5, T=300": {"reg_lambda": 2.0**-4, "learning_rate": 0.5,
                                           "n_estimators": 300},
    "+ lambda 2^-4, gamma 2/d": {"reg_lambda": 2.0**-4, "gamma": "2/d"},
    # third round
    "+ lambda 2^-4, gamma 2/d, shrinkage 0.5, T=200": {"reg_lambda": 2.0**-4, "gamma": "2/d",
                                                      "learning_rate": 0.5, "n_estimators": 200},
    "+ lambda 2^-4, log_loss": {"reg_lambda": 2.0**-4, "loss": "log_loss"},
    "+ lambda 2^-4, shrinkage 0.5, T=200": {"reg_lambda": 2.0**-4, "learning_rate": 0.5,
                                           "n_estimators": 200},
    "+ lambda 2^-5, gamma 2/d": {"reg_lambda": 2.0**-5, "gamma": "2/d"},
    # fifth round, on top of GBRFF2+ (lambda 2^-4): per-feature bandwidths, more refinement
    "+ lambda 2^-4, fkl bandwidths": {"reg_lambda": 2.0**-4, "feature_bandwidths": "fkl"},
    "+ lambda 2^-4, 20 refinement steps": {"reg_lambda": 2.0**-4, "n_optim_steps": 20},
    "+ lambda 2^-4, fkl bandwidths, 20 refinement steps": {
        "reg_lambda": 2.0**-4, "feature_bandwidths": "fkl", "n_optim_steps": 20},
    # sixth round: the bandwidths chosen per training part by an inner 5-fold CV
    # (nested: a grid search inside each fold), as a grid point of the protocol would
    "+ lambda 2^-4, bandwidths by inner CV {shared, fkl}": {
        "reg_lambda": 2.0**-4, "grid": {"feature_bandwidths": [None, "fkl"]}},
    "+ lambda 2^-4, 20 steps, bandwidths by inner CV {shared, fkl}": {
        "reg_lambda": 2.0**-4, "n_optim_steps": 20, "grid": {"feature_bandwidths": [None, "fkl"]}},
    # seventh round: the learned bandwidths shrunk towards the shared one
    "+ lambda 2^-4, fkl bandwidths shrunk 0.5": {
        "reg_lambda": 2.0**-4, "feature_bandwidths": "fkl", "bandwidth_shrinkage": 0.5},
    "+ lambda 2^-4, fkl bandwidths shrunk 0.75": {
        "reg_lambda": 2.0**-4, "feature_bandwidths": "fkl", "bandwidth_shrinkage": 0.75},
    "+ lambda 2^-4, fkl bandwidths shrunk 0.5, 20 refinement steps": {
        "reg_lambda": 2.0**-4, "feature_bandwidths": "fkl", "bandwidth_shrinkage": 0.5,
        "n_optim_steps": 20},
    # ninth round: each feature beside its rank (empirical distribution function)
    "+ lambda 2^-4, fkl bandwidths shrunk 0.75, quantile features": {
        "reg_lambda": 2.0**-4, "feature_bandwidths": "fkl", "bandwidth_shrinkage": 0.75,
        "quantile_features": True},
    "+ lambda 2^-4, quantile features": {"reg_lambda": 2.0**-4, "quantile_features": True},
    # twelfth round: the last ingredient taken out (λ), the ranks alone
    "+ fkl bandwidths shrunk 0.75, quantile features": {
        "feature_bandwidths": "fkl", "bandwidth_shrinkage": 0.75, "quantile_features": True},
    "+ quantile features": {"quantile_features": True},
}


def cv_table(candidates, data, splits):
    """The CV table of ``candidates`` (name -> parameters) on ``data`` (task -> (X, y)) and ``splits``."""
    from sklearn.model_selection import GridSearchCV, StratifiedKFold, train_test_split

    from gbrff import GBRFF2Classifier

    rows = []
    for task, (X, y) in data.items():
        X = np.asarray(X, dtype=float)
        for s in splits:
            X_tr, _, y_tr, _ = train_test_split(X, y, test_size=0.3, stratify=y, random_state=s)
            folds = list(StratifiedKFold(5).split(X_tr, y_tr))
            for name, params in candidates.items():
                accs, secs = [], []
                kw = dict(params)
                if kw.get("gamma") == "2/d":  # a multiple of "auto"
                    kw["gamma"] = 2.0 / X.shape[1]
                grid = kw.pop("grid", None)  # every fit pays its own scale fit (fit_seconds)
                for a, b in folds:
                    est = GBRFF2Classifier(random_state=s, n_jobs=1, **kw)
                    if grid is not None:  # chosen by an inner CV on the fold's training part
                        est = GridSearchCV(est, grid, cv=StratifiedKFold(5))
                    t = time.perf_counter()
                    est.fit(X_tr[a], y_tr[a])
                    secs.append(time.perf_counter() - t)
                    accs.append(est.score(X_tr[b], y_tr[b]))
                rows.append({"task": task, "split": s, "candidate": name,
                             "params": json.dumps(params, sort_keys=True),
                             "cv_accuracy": 100 * float(np.mean(accs)),
                             "fit_seconds": float(np.mean(secs))})
        print(f"[cv] {task} done", flush=True)
    return pd.DataFrame(rows)


def summarise(df):
    from scipy.stats import rankdata

    per_task = df.groupby(["task", "candidate"], sort=False)["cv_accuracy"].mean().unstack()
    ranks = pd.DataFrame([rankdata(-np.round(r, 9)) for r in per_task.to_numpy()],
                         index=per_task.index, columns=per_task.columns).mean()
    out = pd.DataFrame({"cv_mean": per_task.mean(), "average_rank": ranks,
                        "fit_seconds": df.groupby("candidate")["fit_seconds"].mean()})
    return out.loc[list(dict.fromkeys(df["candidate"]))], per_task


def main(argv=None):
    p = Parser(prog="gbrff2plus_cv.py", description=__doc__.splitlines()[0])
    p.add_argument("--splits", type=int_list(0), default=[0, 1, 2],
                   help="splits (seeds) whose training parts are used, >= 0")
    p.add_argument("--tasks", default=None, help="comma-separated tasks (default: Table 2's first 15, "
                                                  "bankmarketing left out)")
    p.add_argument("--candidates", default="all",
                   help=f"comma-separated indices into CANDIDATES (0-{len(CANDIDATES) - 1}) or all")
    p.add_argument("--csv", type=Path, default=None, help="write the per-task, per-split table here")
    p.add_argument("--round", type=int, default=None, help="a 'round' column with this value (the CSV's first)")
    args = p.parse_args(argv)
    names = list(CANDIDATES)
    if args.candidates.strip() != "all":
        try:
            picked = list(dict.fromkeys(int(i) for i in args.candidates.split(",")))
        except ValueError:
            picked = [-1]
        if max(picked) >= len(names) or min(picked) < 0:   # a negative index would count from the end
            p.error(f"--candidates: indices from 0 to {len(names) - 1} or all, got {args.candidates!r}")
        names = [names[i] for i in picked]
    from gbrff.experiments import TASK_ORDER

    tasks = TASK_ORDER[:15] if args.tasks is None else pick(p, "task", args.tasks, TASK_ORDER)
    if args.csv is not None and args.csv.is_dir():
        p.error(f"--csv {args.csv}: a folder, not a file")
    data = load_tasks(p, tasks)        # every task's file before the first fit
    df = cv_table({n: CANDIDATES[n] for n in names}, data, args.splits)
    if args.round is not None:
        df.insert(0, "round", args.round)
    if args.csv:
        args.csv.parent.mkdir(parents=True, exist_ok=True)
        df.to_csv(args.csv, index=False, float_format="%.4f", lineterminator="\n")
    summary, per_task = summarise(df)
    with pd.option_context("display.width", 200, "display.max_columns", 30):
        print(per_task.round(2).T.to_string())
        print(summary.round(3).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
