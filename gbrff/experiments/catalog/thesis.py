"""The random-features thesis (Ribes, 2019) reproduced, and GBRFF on its sets.

Logistic regression, linear and RBF SVMs, a tree and a forest on raw, RFF and
Nyström features, their four kinds of 50-member ensembles, and GBRFF2, GBRFF1
and LightGBM on the thesis's multi-class sets: the thesis's models with their
own (small) grids, the GBRFF paper's methods with their grids cut to
``--boosting-grid-values`` values per parameter.  Reports: ``runs.csv``,
``summary.csv`` (with ``fit_seconds``), ``thesis.md`` (test error ± std and fit
time, the thesis's caption-level findings checked against the measured
numbers), ``thesis.html``; the report reads stored records only.
"""

from __future__ import annotations

import numpy as np
import pandas as pd

import sys

from ..._argtypes import number
from ...datasets import THESIS_TASKS, UNAVAILABLE_TASKS, registry
from ...methods import METHODS, THESIS_ENSEMBLES, THESIS_SINGLE
from .._arguments import UserError, add_common, match, n_features, names
from .._experiment import Experiment
from .._plans import n_features_of, splits
from .._protocol import Group, grid_points
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._reports import write_text as _write_text
from .._results import RUNS_COLUMNS, stage_results

__all__ = ["THESIS", "Thesis", "THESIS_SUMMARY_COLUMNS", "THESIS_BOOSTING", "THESIS_BOOSTING_VALUES",
           "thesis_groups", "thesis_tasks", "thesis_methods", "thesis_method_order", "thesis_runs",
           "thesis_summary", "thesis_markdown", "thesis_findings", "findings_markdown"]

#: Values per parameter kept of the GBRFF paper's grids in the thesis experiment.
THESIS_BOOSTING_VALUES = 2
THESIS_BOOSTING = ("GBRFF2", "GBRFF1", "LGBM")  # the boosting the thesis left for future work

THESIS_SUMMARY_COLUMNS = ["task", "method", "n_splits", "mean", "std", "fit_seconds"]


def thesis_method_order():
    """Single models, then the GBRFF paper's methods, then the ensembles."""
    return tuple(THESIS_SINGLE) + tuple(METHODS) + tuple(THESIS_ENSEMBLES)


def _sort(df):
    if df.empty:
        return df
    tasks = {t: i for i, t in enumerate(THESIS_TASKS)}
    methods = {m: i for i, m in enumerate(thesis_method_order())}
    keys = pd.DataFrame({"_t": [tasks.get(t, len(tasks)) for t in df["task"]],
                         "_m": [methods.get(m, len(methods)) for m in df["method"]]}, index=df.index)
    cols = ["_t", "task", "_m", "method"] + [c for c in ("split",) if c in df]
    return (pd.concat([df, keys], axis=1).sort_values(cols, kind="stable")
            .drop(columns=["_t", "_m"]).reset_index(drop=True))


def thesis_runs(records) -> pd.DataFrame:
    """``runs.csv``: one row per task x method x split (test_accuracy in [0, 1];
    fit_seconds of the refit on the whole training part)."""
    return _sort(stage_results(records, "thesis")[RUNS_COLUMNS])


def thesis_summary(runs: pd.DataFrame) -> pd.DataFrame:
    """``summary.csv``: task, method, n_splits, mean, std (test accuracy in %,
    std over splits with ddof=0), fit_seconds (mean over splits)."""
    if runs.empty:
        return pd.DataFrame(columns=THESIS_SUMMARY_COLUMNS)
    g = runs.groupby(["task", "method"], sort=False)
    out = pd.DataFrame({
        "n_splits": g.size(),
        "mean": g["test_accuracy"].mean() * 100,
        "std": g["test_accuracy"].agg(lambda a: np.std(np.asarray(a, dtype=float))) * 100,
        "fit_seconds": g["fit_seconds"].mean(),
    }).reset_index()
    return _sort(out[THESIS_SUMMARY_COLUMNS])


def _seconds(x: float) -> str:
    """A time in seconds to two significant figures, never in exponent form
    (602, 34, 6.2, 0.079)."""
    return f"{x:.0f}" if x >= 10 else f"{x:.2g}"


def thesis_markdown(summary: pd.DataFrame) -> str:
    """Test error (%) ± std over splits (none for a cell of one split) and
    mean fit time per task (columns) and method (rows)."""
    tasks = [t for t in THESIS_TASKS if t in set(summary["task"])]
    idx = summary.set_index(["task", "method"])
    methods = [m for m in thesis_method_order() if m in set(summary["method"])]
    lines = ["| method | " + " | ".join(tasks) + " |", "|---|" + "---|" * len(tasks)]
    for m in methods:
        cells = []
        for t in tasks:
            if (t, m) not in idx.index:
                cells.append("–")
                continue
            r = idx.loc[(t, m)]
            n = int(r["n_splits"])
            spread = f" ± {r['std']:.1f}" if n > 1 else ""   # no spread from one split
            cells.append(f"{100 - r['mean']:.1f}{spread} ({_seconds(r['fit_seconds'])} s, n={n})")
        lines.append(f"| {m} | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _acc(piv, task, *methods):
    vals = [piv.at[task, m] for m in methods if m in piv.columns and task in piv.index
            and not np.isnan(piv.at[task, m])]
    return max(vals) if vals else None


def thesis_findings(summary: pd.DataFrame, runs: pd.DataFrame | None = None,
                    close=2.0, same=1.0) -> list[dict]:
    """The thesis's caption-level findings, each checked on every task that has the numbers.

    Besides the captions: its Hypothesis 3 (Exp. 3.1–3.4) as its conclusion
    reads it (the bootstrap on top of random features costs little), and one
    ordering seen here, marked "(seen here)" (White tree ensembles ahead of
    Black ones).

    Returns one dict per finding: ``finding`` (text), ``holds`` (True when it
    holds on every task checked, False when on none, ``"partly"`` between,
    None when no task has the numbers) and ``evidence`` (per task, in points
    of test accuracy). ``close`` (points) is what "comes close" allows;
    ``same`` (points) what "about as good as" allows.

    The ensembles have fewer splits than the single models. Given ``runs``
    (``runs.csv``), the two findings that weigh an ensemble against a single
    model read the single model on the best ensemble's splits only; without
    it, every model's mean over its own splits.
    """
    piv = summary.pivot(index="task", columns="method", values="mean")
    splits = summary.pivot(index="task", columns="method", values="n_splits")
    tasks = [t for t in THESIS_TASKS if t in piv.index]
    checks = []

    def count_of(task, methods):
        """'n splits' of the ensembles among ``methods`` that ``task`` has ('' for none)."""
        ns = [int(splits.at[task, m]) for m in methods
              if m in splits.columns and not np.isnan(splits.at[task, m])]
        if not ns:
            return ""
        if min(ns) == max(ns):
            return f"{ns[0]} split{'s' if ns[0] != 1 else ''}"
        return f"{min(ns)}–{max(ns)} splits"

    def n_of(task, methods):
        """' (n splits)', or '' when ``task`` has none of ``methods``."""
        count = count_of(task, methods)
        return f" ({count})" if count else ""

    def paired(task, pairs):
        """(accuracy of a − accuracy of b, a, b) for each pair (a, b) that ``task`` has both of."""
        return [(piv.at[task, a] - piv.at[task, b], a, b) for a, b in pairs
                if _acc(piv, task, a) is not None and _acc(piv, task, b) is not None]

    def against_ensembles(task, singles, ensembles):
        """(best single, best ensemble, ' (n splits…)'): accuracies in %, the
        singles on the best ensemble's splits when ``runs`` is given."""
        ens = _acc(piv, task, *ensembles)
        if ens is None or runs is None:
            return _acc(piv, task, *singles), ens, n_of(task, ensembles)
        here = runs[runs["task"] == task]
        best = next(m for m in ensembles if m in piv.columns and piv.at[task, m] == ens)
        on = set(here.loc[here["method"] == best, "split"])
        accs = []
        for m in singles:
            rows = here[(here["method"] == m) & here["split"].isin(on)]
            if len(rows) == len(on):  # a single model lacking one of those splits is not compared
                accs.append(100 * rows["test_accuracy"].mean())
        s = "" if len(on) == 1 else "s"
        return (max(accs) if accs else None), ens, f" ({len(on)} split{s}; both on the same split{s})"

    def add(text, per_task):
        per_task = [(t, ok, ev) for t, ok, ev in per_task if ok is not None]
        oks = [ok for _, ok, _ in per_task]
        holds = None if not oks else (True if all(oks) else (False if not any(oks) else "partly"))
        checks.append({"finding": text, "holds": holds,
                       "evidence": "; ".join(f"{t}: {ev}" for t, _, ev in per_task)})

    for model, label in (("LogReg", "logistic regression"), ("LinSVM", "linear SVM")):
        rows = []
        for t in tasks:
            plain, mapped = _acc(piv, t, model), _acc(piv, t, model + "+RFF", model + "+Nystroem")
            if plain is None or mapped is None:
                rows.append((t, None, ""))
                continue
            rows.append((t, mapped > plain, f"error {100 - plain:.1f} -> {100 - mapped:.1f} "
                                            f"(Δ {plain - mapped:+.1f})"))
        add(f"a random map (best of RFF, Nyström) lowers the error of {label}", rows)
    rows = []
    for t in tasks:
        rbf, mapped = _acc(piv, t, "RBFSVM"), _acc(piv, t, "LinSVM+RFF", "LinSVM+Nystroem")
        if rbf is None or mapped is None:
            rows.append((t, None, ""))
            continue
        rows.append((t, mapped >= rbf - close, f"RBF SVM {100 - rbf:.1f}, mapped linear SVM {100 - mapped:.1f}"))
    add(f"the mapped linear SVM comes within {close:g} points of the RBF SVM", rows)
    rows = []
    for t in tasks:
        tree = _acc(piv, t, "Tree")
        mapped = [_acc(piv, t, "Tree+RFF"), _acc(piv, t, "Tree+Nystroem")]
        if tree is None or None in mapped:
            rows.append((t, None, ""))
            continue
        rows.append((t, max(mapped) < tree, f"tree {100 - tree:.1f}, +RFF {100 - mapped[0]:.1f}, "
                                            f"+Nyström {100 - mapped[1]:.1f}"))
    add("a decision tree gets worse with a random map", rows)
    tree_ens = [m for m in THESIS_ENSEMBLES if ":Tree+" in m]
    rows = []
    for t in tasks:
        rf, ens, n = against_ensembles(t, ["RF"], tree_ens)
        if rf is None or ens is None:
            rows.append((t, None, ""))
            continue
        expect = rf < ens if t == "vowel" else rf > ens
        rows.append((t, expect, f"forest {100 - rf:.1f}, best tree ensemble {100 - ens:.1f}{n}"))
    add("the random forest beats the ensembles of trees on random features, except on vowel", rows)
    rows = []
    for t in tasks:
        for model in ("LogReg", "LinSVM"):
            members = [m for m in THESIS_ENSEMBLES if f":{model}+" in m]
            single, ens, n = against_ensembles(t, [model + "+RFF", model + "+Nystroem"], members)
            if single is None or ens is None:
                continue
            rows.append((f"{t} {model}", abs(ens - single) <= same,
                         f"single {100 - single:.1f}, best ensemble {100 - ens:.1f}{n}"))
    add(f"a single mapped linear model is about as good (within {same:g} point) as an ensemble of them", rows)
    rows = []
    for t in tasks:  # thesis §3.3.1, Hypothesis 3 (Exp. 3.1–3.4); ch. 5: "not too much randomness"
        pairs = [(f"{ens}:{model}+{mp}", f"{bag}:{model}+{mp}")
                 for model in ("LogReg", "LinSVM", "Tree") for mp in ("RFF", "Nystroem")
                 for bag, ens in (("WhiteBag", "WhiteEns"), ("BlackBag", "BlackEns"))]
        costs = paired(t, pairs)
        if not costs:
            rows.append((t, None, ""))
            continue
        cost, e, b = max(costs, key=lambda c: (c[0], c[2]))  # ties: the Bag whose name sorts last
        rows.append((t, cost <= same, f"largest cost of the bootstrap: {b} {100 - piv.at[t, b]:.1f} against "
                                      f"{e.split(':')[0]} {100 - piv.at[t, e]:.1f} ({len(costs)} pairs, "
                                      f"{count_of(t, [m for p in pairs for m in p])})"))
    add(f"bootstrap on top of random features costs at most {same:g} point (each Bag against "
        "the Ensemble on the same maps)", rows)
    rows = []
    for t in tasks:  # seen here, not a finding of the thesis: how the two tree ensembles order
        pairs = [(f"White{s}:Tree+{mp}", f"Black{s}:Tree+{mp}") for s in ("Bag", "Ens") for mp in ("RFF", "Nystroem")]
        gaps = paired(t, pairs)
        if not gaps:
            rows.append((t, None, ""))
            continue
        ahead = sum(g > 0 for g, _, _ in gaps)
        g, w, b = min(gaps)
        rows.append((t, ahead == len(gaps), f"White ahead in {ahead} of {len(gaps)}; closest: {w} "
                                            f"{100 - piv.at[t, w]:.1f} against {b.split(':')[0]} "
                                            f"{100 - piv.at[t, b]:.1f}{n_of(t, [m for p in pairs for m in p])}"))
    add("(seen here) a new map per member (White) beats one map for all (Black), for every tree ensemble", rows)
    rows = []
    for t in tasks:
        gb = _acc(piv, t, "GBRFF2")
        others = [m for m in THESIS_SINGLE if m in piv.columns]
        best = _acc(piv, t, *others)
        if gb is None or best is None:
            rows.append((t, None, ""))
            continue
        rows.append((t, gb >= best, f"GBRFF2 {100 - gb:.1f}, best single thesis model {100 - best:.1f}"))
    add("(future work) GBRFF2 matches or beats the thesis's best single model", rows)
    return checks


def findings_markdown(findings) -> str:
    word = {True: "holds", False: "does not hold", "partly": "partly", None: "not measured"}
    lines = ["| finding | verdict | evidence (test error %) |", "|---|---|---|"]
    for f in findings:
        lines.append(f"| {f['finding']} | {word[f['holds']]} | {f['evidence'] or '–'} |")
    return "\n".join(lines) + "\n"


def thesis_groups(ctx, tasks, methods, n_splits=20, first_split=0, base_seed=0, n_iter=100,
                  n_values=None, boosting_values=THESIS_BOOSTING_VALUES, n_features=None):
    """Groups of the thesis experiment, ordered task -> split -> method.

    A method of the GBRFF paper's registry (GBRFF2, GBRFF1, LGBM ...) searches
    its grid cut to ``boosting_values`` values per parameter (both ends
    kept); the thesis's models search their own grids.

    Parameters
    ----------
    ctx : Context
        Where the methods (and, without ``n_features``, the data) are.
    tasks : sequence of str
        The UCI tasks.
    methods : sequence of str
        Methods of the registry or of the thesis (``"LogReg+RFF"``, ...).
    n_splits : int, default=20
        Splits per task.
    first_split : int, default=0
        The first split's index (a run can add splits to a folder).
    base_seed : int, default=0
        Split s has the seed ``base_seed + s``.
    n_iter : int, default=100
        The boosting iterations; the thesis's models ignore it.
    n_values : int or None, default=None
        Cuts every grid further, for quick runs.
    boosting_values : int, default=2
        Values per parameter of the boosting methods' grids.
    n_features : dict or None, default=None
        The number of features of each task, which the grids depend on; None
        reads each task's file to count them.

    Returns
    -------
    list of Group
        The groups.

    Examples
    --------
    >>> from gbrff.experiments import Context, thesis_groups
    >>> groups = thesis_groups(Context(), ["vowel"], ["GBRFF2", "LogReg+RFF"], n_splits=1,
    ...                        n_features={"vowel": 10})
    >>> [(g.method, len(g.points)) for g in groups]
    [('GBRFF2', 4), ('LogReg+RFF', 2)]
    """
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        points = {}
        for m in methods:
            keep = boosting_values if m in METHODS else None
            if n_values:
                keep = min(keep or n_values, n_values)
            points[m] = grid_points(ctx.get_method(m).grid(d), keep)
        for s, seed in splits(n_splits, first_split, base_seed):
            for m in methods:
                groups.append(Group("thesis", ("uci", task), s, seed, m, points[m], n_iter))
    return groups


def thesis_tasks(text):
    """The thesis's tasks of ``text``; 'thesis' = its five sets held here, 'all' adds the four
    without a copy (skipped with their reason)."""
    keyword = text.strip().lower()
    if keyword == "thesis":
        return list(THESIS_TASKS)
    if keyword == "all":
        return list(THESIS_TASKS + UNAVAILABLE_TASKS)
    return match("task", names(text), THESIS_TASKS + UNAVAILABLE_TASKS, also=" (or thesis, all)")


def thesis_methods(text):
    """Method names or the keywords single, ensembles, boosting, all."""
    groups = {"single": tuple(THESIS_SINGLE), "ensembles": tuple(THESIS_ENSEMBLES),
              "boosting": THESIS_BOOSTING}
    groups["all"] = groups["single"] + groups["boosting"] + groups["ensembles"]
    valid = groups["all"] + tuple(m for m in ("XGB",) if m not in groups["all"])
    given = []
    for part in names(text):
        given += list(groups.get(part.lower(), (part,)))
    return match("method", given, valid, also=" (or single, boosting, ensembles, all)")


class Thesis(Experiment):
    """The thesis's experiment (Ribes, 2019) with GBRFF beside its models."""

    name = "thesis"
    shared = ("n_iter",)

    def add_parser(self, sub):
        th = sub.add_parser(
            self.name, help="the random-features thesis (Ribes, 2019) and GBRFF on its sets",
            description="Logistic regression, linear and RBF SVMs, a tree and a forest on raw, RFF and "
                        "Nyström features (D = 500, gamma by the quantile rule), their four kinds of "
                        "50-member ensembles, and GBRFF2, GBRFF1 (one-vs-rest) and LightGBM, on the "
                        "thesis's multi-class sets: per split a stratified 70/30 split, StandardScaler "
                        "on the training part, 5-fold CV of the grid, refit, test accuracy.")
        th.add_argument("--tasks", default=self.name,
                        help="comma-separated tasks among " + ", ".join(THESIS_TASKS + UNAVAILABLE_TASKS)
                             + "; 'thesis' (the five held here) or 'all' (the other four are skipped "
                               "with their reason) (default: thesis)")
        th.add_argument("--methods", default="all",
                        help="comma-separated methods or keywords: single (the 15 single models), "
                             "boosting (GBRFF2, GBRFF1, LGBM), ensembles (the 20 ensembles), all "
                             "(default: all)")
        th.add_argument("--n-iter", type=number(int, 1), default=100,
                        help="iterations of the boosting methods (default: 100)")
        th.add_argument("--boosting-grid-values", type=number(int, 1), default=THESIS_BOOSTING_VALUES,
                        help="values per parameter kept of the GBRFF paper's grids of GBRFF2, GBRFF1 "
                             f"and LGBM, both ends included (default: {THESIS_BOOSTING_VALUES})")
        add_common(th, self.name)
        return th

    def check(self, args):
        tasks = thesis_tasks(args.tasks)
        if all(task in UNAVAILABLE_TASKS for task in tasks):
            raise UserError("no task with data to run", code=2)
        return {"tasks": tasks, "methods": thesis_methods(args.methods)}

    def plan(self, args, ctx, chosen):
        tasks = []
        for task in chosen["tasks"]:
            if task in UNAVAILABLE_TASKS:
                entry = registry()["unavailable"][task]
                print(f"[{self.name}] skipping {task} ({entry['title']}, {entry['source']}): "
                      f"{entry['reason']}", file=sys.stderr)
            else:
                tasks.append(task)
        return thesis_groups(ctx, tasks, chosen["methods"], n_iter=args.n_iter,
                             boosting_values=args.boosting_grid_values,
                             n_features=n_features(args, ctx, tasks), n_splits=args.n_splits,
                             first_split=args.first_split, base_seed=args.seed,
                             n_values=args.grid_values or None)

    def report(self, outdir, records):
        return _report_thesis(outdir, records)


THESIS = Thesis()


def _report_thesis(outdir, records):
    from ...viz.thesis import thesis_figure

    runs = thesis_runs(records)
    if runs.empty:
        return False
    _csv(runs, outdir / "runs.csv", index=False)
    summary = thesis_summary(runs)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    md = ["# Random features with linear models, trees and ensembles (Ribes, 2019), reproduced", "",
          "Test error (%) ± standard deviation over the n stratified 70/30 splits of each cell, "
          "and the mean time of the final fit on the training part (seconds, one core). "
          "C and min_impurity_decrease chosen by 5-fold CV where the thesis tunes them; "
          "ensembles: 50 members made to overfit (C = 1000, min_impurity_decrease = 0).", "",
          thesis_markdown(summary), "", "## The thesis's findings, checked", "",
          findings_markdown(thesis_findings(summary, runs)), ""]
    _write_text(outdir / "thesis.md", "\n".join(md))
    _html(thesis_figure(summary), outdir / "thesis.html")
    return True
