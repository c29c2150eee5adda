"""Where GBRFF2+ stands beside GBRFF2, LightGBM and HistGradientBoosting: one table (issue 49, item 3).

Every problem of issue 49's table, each method at its defaults and tuned,
accuracy (balanced accuracy on the imbalanced problem) and fit seconds, one
thread each. GBRFF2+ is the registry's (``get_method("GBRFF2+")``), whatever
its current definition: nothing of it is written here.

- ``wide`` (``make_classification(20000, 1000, n_informative=20)``) and
  ``rows`` (``make_classification(1_250_000, 20)``), seed 0: the check's own
  80/20 split (``train_test_split(test_size=0.2, random_state=0)``), accuracy.
- ``imbalanced`` (``make_classification(5000, 20, n_informative=5,
  weights=[0.95, 0.05])``, seed 0): 5-fold stratified CV (shuffled, seed 0),
  balanced accuracy, every method with and without ``class_weight="balanced"``.
- ``splice``, ``spambase``, ``occupancy``, ``bankmarketing`` (Table 2's four
  largest tasks): read from ``results/table2/runs.csv`` (tuned, Table 2's
  protocol, 20 splits) and ``results/defaults/runs.csv`` (defaults, the same
  20 splits, raw features), never refitted here. HistGradientBoosting is in
  neither: its units are run here on the very same splits
  (``gbrff.experiments.prepare_split``, seed = split): defaults on the raw
  features as ``results/defaults``, tuned as Table 2 (standardised on the
  training part, the grid below by 5-fold stratified CV on the training part).
  A registry method missing from those files is "not run" in the table.

Settings. ``defaults``: the method as a user gets it (``make_default``, else
``make(100, 0)``; LightGBM and HistGradientBoosting at their own defaults), one
thread, raw features. ``tuned``: the features standardised on the training
part (Table 2's protocol), the method's registry grid (Table 2's; for
HistGradientBoosting :data:`HISTGB_GRID`, 25 points as Table 2's GBRFF2 grid,
100 iterations as everyone's, no early stopping), the point chosen by 3-fold
stratified CV on a stratified subsample of at most :data:`CV_CAP` training rows
(the grid on 10⁶ rows, 3 folds × 25-50 points, would take days on one thread),
then refitted on all training rows; its fit seconds are that refit's.

Results are one JSON line per (problem, method, setting, weighting, fold) in
``--store`` with the git commit, the load average, the method's parameters
(``get_params()`` before tuning) and, tuned, its grid. A unit is done when a
line with the same key *and today's definition* is stored (:func:`is_current`:
the same parameters, a parameter added since at its default aside, and the same
grid): a redefined GBRFF2+ is fitted again, and ``--summary`` uses only the rows
of the current definitions.

    python benchmarks/where_it_stands.py --problems imbalanced --settings defaults
    python benchmarks/where_it_stands.py --problems wide,rows --methods LGBM,GBRFF2+ --settings tuned
    python benchmarks/where_it_stands.py --summary
"""

import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, pick  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "results" / "where_it_stands"
STORE = OUT / "units.jsonl"
#: The stored results read, not refitted: (setting, runs.csv) of Table 2's protocol.
READOUT = {"tuned": ROOT / "results" / "table2" / "runs.csv",
           "defaults": ROOT / "results" / "defaults" / "runs.csv"}

#: The most training rows the tuned setting's cross-validation sees (a stratified subsample).
CV_CAP = 20_000
#: HistGradientBoostingClassifier's grid of the tuned setting: 5 × 5 = 25 points, as Table 2's GBRFF2.
HISTGB_GRID = {"learning_rate": [0.025, 0.05, 0.1, 0.2, 0.4], "max_leaf_nodes": [7, 15, 31, 63, 127]}

METHODS = ("GBRFF2+", "GBRFF2", "LGBM", "HistGB")
SETTINGS = ("defaults", "tuned")
LABELS = {"LGBM": "LightGBM", "HistGB": "HistGradientBoosting"}


def _mc(n, d, **kw):
    def make():
        from sklearn.datasets import make_classification

        return make_classification(n, n_features=d, random_state=0, **kw)
    return make


#: name -> (loader, metric, protocol). protocol "split": the check's 80/20 split (fold 0);
#: "5fold": 5-fold stratified CV, with and without class weights; "table2": Table 2's 20 splits,
#: read from READOUT (HistGB run here on the same splits).
PROBLEMS = {
    "wide": (_mc(20_000, 1000, n_informative=20), "accuracy", "split"),
    "rows": (_mc(1_250_000, 20), "accuracy", "split"),
    "imbalanced": (_mc(5000, 20, n_informative=5, weights=[0.95, 0.05]), "balanced_accuracy", "5fold"),
    "splice": (None, "accuracy", "table2"),
    "spambase": (None, "accuracy", "table2"),
    "occupancy": (None, "accuracy", "table2"),
    "bankmarketing": (None, "accuracy", "table2"),
}
DESCRIPTION = {
    "wide": "20,000 × 1,000, 20 informative; 80/20",
    "rows": "1,250,000 × 20; 80/20",
    "imbalanced": "5,000 × 20, classes 95/5; 5-fold, balanced accuracy",
}
N_TABLE2_SPLITS = 20


def _jsonable(params):
    return json.loads(json.dumps(params, sort_keys=True, default=repr))


def make_estimator(method, setting, seed, weighting="none"):
    """The unfitted estimator of ``method`` for ``setting`` (before tuning), one thread, seeded."""
    if method == "HistGB":
        from sklearn.ensemble import HistGradientBoostingClassifier

        est = (HistGradientBoostingClassifier(random_state=seed) if setting == "defaults" else
               HistGradientBoostingClassifier(max_iter=100, early_stopping=False, random_state=seed))
    else:
        from gbrff.methods import get_method

        spec = get_method(method)
        est = (spec.make_default(seed) if setting == "defaults" and spec.make_default is not None
               else spec.make(100, seed))
        if "n_jobs" in est.get_params():
            est.set_params(n_jobs=1)
    if weighting == "balanced":
        est.set_params(class_weight="balanced")
    return est


def grid_for(method, n_features):
    """The tuned setting's grid: the registry's (Table 2's) or :data:`HISTGB_GRID`."""
    if method == "HistGB":
        return HISTGB_GRID
    from gbrff.methods import get_method

    return get_method(method).grid(n_features)


def _git_commit():
    try:
        out = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
                             capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", str(ROOT), "status", "--porcelain", "--", "gbrff"],
                               capture_output=True, text=True).stdout.strip()
        return out + ("-dirty" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def _definition(params):
    """A unit's parameters without its seed (Table 2's splits seed each fit with the split's)."""
    return {k: v for k, v in params.items() if k != "random_state"}


def _grid_points(grid):
    """The points of a grid (a dict or a list of dicts) in JSON form."""
    from sklearn.model_selection import ParameterGrid

    return [_jsonable(p) for p in ParameterGrid(grid)]


def today_definition(method, setting, weighting="none", n_features=None):
    """What a unit of (method, setting, weighting) is fitted with today: its parameters, its
    class's defaults and, tuned (``n_features`` given), its grid, all in JSON form."""
    est = make_estimator(method, setting, 0, weighting)
    grid = (_jsonable(grid_for(method, n_features)) if setting == "tuned" and n_features is not None
            else None)
    return {"params": _definition(_jsonable(est.get_params())),
            "defaults": _jsonable(type(est)().get_params()), "grid": grid}


def is_current(row, today):
    """Whether a stored row was fitted with ``today``'s definition (:func:`today_definition`).

    Its parameters must be today's, except a parameter added to the class since
    the row was written: absent from the row and at its default today, it leaves
    the model as it was (scikit-learn's rule for a new parameter). Tuned, its grid
    must be today's; a row stored before the grid was, its chosen point must be a
    point of today's grid (a grid redefined with other parameters drops it).
    """
    params, now = _definition(row["params"]), today["params"]
    added = set(now) - set(params)
    if set(params) - set(now) or any(now[k] != today["defaults"].get(k) for k in added):
        return False
    if any(params[k] != now[k] for k in params):
        return False
    if row.get("setting") != "tuned" or today["grid"] is None:
        return True
    if "grid" in row:
        return row["grid"] == today["grid"]
    return row.get("best_params") in _grid_points(today["grid"])


def _today(cache, row):
    """:func:`today_definition` of a stored row's method, setting, weighting and input width (cached)."""
    k = (row["method"], row["setting"], row["weighting"], row.get("n_features"))
    if k not in cache:
        cache[k] = today_definition(*k)
    return cache[k]


def _key(r):
    return (r["problem"], r["method"], r["setting"], r["weighting"], r["fold"])


def read_store(store):
    """The stored rows, a list of dicts (empty when there is no store)."""
    if not Path(store).is_file():
        return []
    with open(store) as f:
        return [json.loads(line) for line in f if line.strip()]


def current_params(method, setting, weighting="none"):
    """The parameters a unit of (method, setting, weighting) is fitted with today (JSON form)."""
    return _jsonable(make_estimator(method, setting, 0, weighting).get_params())


def _units(problem, methods, settings):
    kind = PROBLEMS[problem][2]
    weightings = ("none", "balanced") if kind == "5fold" else ("none",)
    folds = {"split": [0], "5fold": list(range(5)), "table2": list(range(N_TABLE2_SPLITS))}[kind]
    if kind == "table2":
        methods = [m for m in methods if m == "HistGB"]  # the registry's are read, not refitted
    return [(m, s, w, k) for m in methods for s in settings for w in weightings for k in folds]


def _score(metric, y, pred):
    from sklearn.metrics import accuracy_score, balanced_accuracy_score

    return float({"accuracy": accuracy_score, "balanced_accuracy": balanced_accuracy_score}[metric](y, pred))


def _parts(problem, fold, cache):
    """(X_train, y_train, X_test, y_test) of a problem's fold, raw features."""
    make, _, kind = PROBLEMS[problem]
    if kind == "table2":
        from gbrff.experiments import Context, prepare_split, split_seed

        return prepare_split(Context(), ("uci-raw", problem), split_seed(0, fold))
    if "data" not in cache:
        cache["data"] = make()
    X, y = cache["data"]
    if kind == "split":
        from sklearn.model_selection import train_test_split

        X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.2, random_state=0)
        return X_tr, y_tr, X_te, y_te
    from sklearn.model_selection import StratifiedKFold

    a, b = list(StratifiedKFold(5, shuffle=True, random_state=0).split(X, y))[fold]
    return X[a], y[a], X[b], y[b]


def fit_unit(problem, method, setting, weighting, fold, cache=None):
    """Fit and score one unit; returns its row (without the run's context)."""
    from sklearn.model_selection import GridSearchCV, StratifiedKFold, train_test_split
    from sklearn.preprocessing import StandardScaler
    from threadpoolctl import threadpool_limits

    cache = {} if cache is None else cache
    _, metric, kind = PROBLEMS[problem]
    X_tr, y_tr, X_te, y_te = _parts(problem, fold, cache)
    seed = fold if kind == "table2" else 0
    est = make_estimator(method, setting, seed, weighting)
    params = _jsonable(est.get_params())
    row = {"problem": problem, "method": method, "setting": setting, "weighting": weighting,
           "fold": fold, "metric": metric, "n_train": int(len(y_tr)), "n_features": int(X_tr.shape[1])}
    with threadpool_limits(1):
        if setting == "tuned":
            scaler = StandardScaler().fit(X_tr)
            X_tr, X_te = scaler.transform(X_tr), scaler.transform(X_te)
            if kind == "table2":   # Table 2's protocol: 5-fold CV on the whole training part
                X_cv, y_cv, n_cv = X_tr, y_tr, 5
            else:
                X_cv, y_cv, n_cv = X_tr, y_tr, 3
                if len(y_tr) > CV_CAP:
                    X_cv, _, y_cv, _ = train_test_split(X_tr, y_tr, train_size=CV_CAP, stratify=y_tr,
                                                        random_state=0)
            grid = grid_for(method, X_tr.shape[1])
            row["grid"] = _jsonable(grid)
            search = GridSearchCV(est, grid, n_jobs=1, refit=False,
                                  scoring=metric, cv=StratifiedKFold(n_cv, shuffle=True, random_state=seed),
                                  error_score="raise")
            t = time.perf_counter()
            search.fit(X_cv, y_cv)
            row.update(cv_seconds=time.perf_counter() - t, cv_rows=int(len(y_cv)), cv_folds=n_cv,
                       cv_score=float(search.best_score_), best_params=_jsonable(search.best_params_),
                       grid_size=int(len(search.cv_results_["params"])))
            est.set_params(**search.best_params_)
        t = time.perf_counter()
        est.fit(X_tr, y_tr)
        row["fit_seconds"] = time.perf_counter() - t
        row["score"] = _score(metric, y_te, est.predict(X_te))
    row["params"] = params
    return row


def run(problems, methods, settings, store=STORE, log=print):
    """Fit every unit of the slice not yet in ``store`` with today's parameters, appending each row."""
    store = Path(store)
    store.parent.mkdir(parents=True, exist_ok=True)
    stored, today = {}, {}
    for r in read_store(store):
        stored.setdefault(_key(r), []).append(r)
    commit = _git_commit()
    for problem in problems:
        cache = {}
        for method, setting, weighting, fold in _units(problem, methods, settings):
            key = (problem, method, setting, weighting, fold)
            if any(is_current(r, _today(today, r)) for r in stored.get(key, [])):
                continue
            load = os.getloadavg()[0]
            row = fit_unit(problem, method, setting, weighting, fold, cache)
            row.update(git_commit=commit, load_before=round(load, 2), load_after=round(os.getloadavg()[0], 2),
                       host=platform.node(), cpu_count=os.cpu_count(), finished=time.time())
            with open(store, "a") as f:
                f.write(json.dumps(row) + "\n")
            log(f"[stands] {problem} | {method} | {setting} | {weighting} | fold {fold}: "
                f"{row['metric']} {row['score']:.4f}, fit {row['fit_seconds']:.1f} s"
                + (f", CV {row['cv_seconds']:.0f} s" if "cv_seconds" in row else ""))


# ----------------------------------------------------------------------------------------- summary
def _readout(problem):
    """Rows of Table 2's and the defaults' stored runs for a read-out problem (registry methods)."""
    rows = []
    for setting, path in READOUT.items():
        if not Path(path).is_file():
            continue
        df = pd.read_csv(path)
        for r in df[(df.task == problem) & df.method.isin([m for m in METHODS if m != "HistGB"])].itertuples():
            rows.append({"problem": problem, "method": r.method, "setting": setting, "weighting": "none",
                         "fold": int(r.split), "score": float(r.test_accuracy),
                         "fit_seconds": float(r.fit_seconds), "source": str(Path(path).relative_to(ROOT))
                         if Path(path).is_relative_to(ROOT) else str(path)})
    return rows


def collect(store=STORE):
    """The rows a summary uses: the store's of today's definitions, and the read-out ones."""
    today, rows = {}, []
    for r in read_store(store):
        if is_current(r, _today(today, r)):
            rows.append(dict(r, source=Path(store).name))
    for problem, (_, _, kind) in PROBLEMS.items():
        if kind == "table2":
            rows += _readout(problem)
    return pd.DataFrame(rows)


def _expected_folds(problem):
    kind = PROBLEMS[problem][2]
    return {"split": 1, "5fold": 5, "table2": N_TABLE2_SPLITS}[kind]


def summary_table(df):
    """One row per (problem, method, weighting): accuracy ×100 and fit seconds of each setting,
    the gap to LightGBM (points) and the fit-time ratio to LightGBM; "not run" where a setting
    lacks folds (a partial mean is never shown)."""
    out = []
    for problem in PROBLEMS:
        weightings = ("none", "balanced") if PROBLEMS[problem][2] == "5fold" else ("none",)
        need = _expected_folds(problem)
        for weighting in weightings:
            cell = {}
            for method in METHODS:
                for setting in SETTINGS:
                    sel = df[(df.problem == problem) & (df.method == method) & (df.setting == setting)
                             & (df.weighting == weighting)] if len(df) else df
                    sel = sel.drop_duplicates("fold", keep="last") if len(sel) else sel
                    if len(sel) >= need:
                        cell[method, setting] = (100 * sel.score.mean(), sel.fit_seconds.mean(), len(sel))
            for method in METHODS:
                row = {"problem": problem, "method": LABELS.get(method, method),
                       "class_weight": "balanced" if weighting == "balanced" else ""}
                for setting in SETTINGS:
                    got, ref = cell.get((method, setting)), cell.get(("LGBM", setting))
                    row[f"{setting}_score"] = round(got[0], 2) if got else None
                    row[f"{setting}_fit_s"] = round(got[1], 2) if got else None
                    row[f"{setting}_vs_lgbm_points"] = round(got[0] - ref[0], 2) if got and ref else None
                    row[f"{setting}_vs_lgbm_time"] = round(got[1] / ref[1], 2) if got and ref and ref[1] > 0 else None
                out.append(row)
    return pd.DataFrame(out)


def _fmt(v, spec, missing="not run"):
    return missing if v is None or (isinstance(v, float) and np.isnan(v)) else format(v, spec)


def markdown(table, df):
    """The table as Markdown, with the machine line."""
    lines = ["| problem | method | defaults | fit s | Δ LightGBM | × LightGBM time | tuned | fit s | "
             "Δ LightGBM | × LightGBM time |", "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in table.itertuples():
        name = f"{r.problem}" + (" (balanced)" if r.class_weight else "")
        cells = []
        for s in SETTINGS:
            score = getattr(r, f"{s}_score")
            if score is None or np.isnan(score):
                cells += ["not run", "", "", ""]
                continue
            cells += [_fmt(score, ".2f"), _fmt(getattr(r, f"{s}_fit_s"), ".2f"),
                      _fmt(getattr(r, f"{s}_vs_lgbm_points"), "+.2f", "—"),
                      _fmt(getattr(r, f"{s}_vs_lgbm_time"), ".2f", "—")]
        lines.append(f"| {name} | {r.method} | " + " | ".join(cells) + " |")
    stored = df[df.source == STORE.name] if len(df) and "source" in df else df.iloc[:0]
    if len(stored) and "load_before" in stored:
        loads = pd.concat([stored.load_before, stored.load_after])
        commits = ", ".join(sorted(set(stored.git_commit)))
        machine = (f"Units fitted here: {len(stored)}, on {stored.host.iloc[-1]} ({int(stored.cpu_count.iloc[-1])} "
                   f"cores, one thread per fit), load average {loads.min():.1f}–{loads.max():.1f} "
                   f"(median {loads.median():.1f}): fit seconds are indicative; commits {commits}.")
    else:
        machine = "No unit fitted here yet."
    plus = current_params("GBRFF2+", "defaults")
    keep = {k: v for k, v in plus.items() if k not in ("random_state", "n_jobs", "memory", "warm_start")}
    read = ", ".join(f"`{p}`" for p, v in PROBLEMS.items() if v[2] == "table2")
    legend = ["", "Problems: " + "; ".join(f"`{p}`: {DESCRIPTION[p]}" for p in PROBLEMS if p in DESCRIPTION)
              + "; Table 2's tasks: its 20 stratified 70/30 splits.",
              "", "Accuracy ×100 (balanced accuracy on `imbalanced`; \"(balanced)\": every method with "
              "`class_weight=\"balanced\"`), mean over the problem's folds or splits; fit s: mean fit seconds, "
              "one thread (tuned: the refit with the chosen parameters, the grid search not counted); "
              "Δ LightGBM: points above LightGBM in the same setting and class weighting; × LightGBM time: "
              "fit seconds over LightGBM's (—: LightGBM not run there). \"not run\": no complete set of folds "
              "or splits stored (a partial mean is never shown).", "",
              f"{read}: the registry's methods read from `results/table2/runs.csv` (tuned, Table 2's protocol) "
              "and `results/defaults/runs.csv` (defaults, raw features), as the GBRFF2+ definition that wrote "
              "them had it (rerun those folders after redefining it); HistGradientBoosting fitted here on the "
              "same splits.", "",
              "GBRFF2+ here is the registry's definition at defaults: `" + json.dumps(keep, sort_keys=True) + "`.",
              "", machine]
    return "\n".join(lines + legend) + "\n"


def write_summary(store=STORE, out=OUT):
    """Write ``table.csv`` and ``table.md`` beside the store; return the Markdown."""
    df = collect(store)
    table = summary_table(df)
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    table.to_csv(out / "table.csv", index=False)
    text = markdown(table, df)
    (out / "table.md").write_text(text)
    return text


def main(argv=None):
    p = Parser(prog="where_it_stands.py", description=__doc__.splitlines()[0])
    p.add_argument("--problems", default=None, help=f"comma-separated, of: {', '.join(PROBLEMS)}")
    p.add_argument("--methods", default=",".join(METHODS), help="comma-separated (default: %(default)s)")
    p.add_argument("--settings", default=",".join(SETTINGS), help="defaults, tuned or both (default: %(default)s)")
    p.add_argument("--store", type=Path, default=STORE, help="the JSON-lines store (appended, resumed)")
    p.add_argument("--summary", action="store_true", help="write table.md and table.csv beside the store")
    args = p.parse_args(argv)
    methods = pick(p, "method", args.methods, METHODS)
    settings = pick(p, "setting", args.settings, SETTINGS)
    if args.problems is None and not args.summary:
        p.error("nothing to do: give --problems and/or --summary")
    if args.problems is not None:
        problems = pick(p, "problem", args.problems, PROBLEMS)
        if any(PROBLEMS[q][2] == "table2" for q in problems):
            from _args import load_tasks

            load_tasks(p, [q for q in problems if PROBLEMS[q][2] == "table2"])
        run(problems, methods, settings, args.store)
    if args.summary:
        print(write_summary(args.store, args.store.parent), end="")
    return 0


if __name__ == "__main__":
    main()
