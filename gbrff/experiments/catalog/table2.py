"""Table 2 of Gautheron et al. (ECML-PKDD 2020, section 4.5): every method on the UCI tasks.

Per task and split a stratified 70/30 split, each method's grid searched by
5-fold CV, refit, test accuracy (``--n-iter`` = 100).  ``--tasks paper`` runs
the 15 tasks for every method and bankmarketing for GBRFF1, LGBM and GBRFF2,
as the paper does.  Reports: ``runs.csv``, ``summary.csv``, ``table2.md``,
``paper_comparison.csv``, ``paper_comparison.md``, ``ranks.csv`` (and
``ranks_fkl.csv`` when Fourier kernel learning's methods ran), ``table2.html``,
``table2_diff.html``.
"""

from __future__ import annotations

import pandas as pd

from ..._argtypes import number
from .._arguments import add_common, n_features, registry_methods, uci_tasks
from .._experiment import Experiment
from .._plans import n_features_of, splits
from .._protocol import Group, grid_points
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._reports import write_text as _write_text
from .._results import (PAPER_METHODS, RUNS_COLUMNS, TASK_ORDER, _sort, average_ranks,
                        load_paper_table2, paper_comparison, stage_results, table2_markdown,
                        table2_summary)

__all__ = ["TABLE2", "Table2", "table2_groups", "table2_runs", "BANK_METHODS",
           "paper_comparison_markdown"]

BANK_METHODS = ("GBRFF1", "LGBM", "GBRFF2")  # the paper's bankmarketing row
#: A reproduced mean this close to the paper's (points of %) counts as agreeing.
AGREE_POINTS = 1.5


def table2_groups(ctx, tasks, methods, n_splits=20, first_split=0, base_seed=0,
                  n_iter=100, n_values=None, n_features=None, experiment="table2"):
    """Groups of Table 2, ordered task -> split -> method (early rows fill first).

    Parameters
    ----------
    ctx : Context
        Where the methods (and, without ``n_features``, the data) are.
    tasks : sequence of str
        The UCI tasks.
    methods : sequence of str
        The methods of the registry.
    n_splits : int, default=20
        Splits per task.
    first_split : int, default=0
        The first split's index (a run can add splits to a folder).
    base_seed : int, default=0
        Split s has the seed ``base_seed + s``.
    n_iter : int, default=100
        Boosting iterations (or landmarks) of every fit.
    n_values : int or None, default=None
        Keep at most that many values of each grid parameter
        (:func:`grid_points`), for quick runs; None: the paper's grid.
    n_features : dict or None, default=None
        The number of features of each task, which the grids depend on; None
        reads each task's file to count them.
    experiment : str, default="table2"
        The records' experiment.

    Returns
    -------
    list of Group
        One group per task, split and method.

    See Also
    --------
    run_groups : Runs them.

    Examples
    --------
    >>> from gbrff.experiments import Context, table2_groups
    >>> groups = table2_groups(Context(), ["wine"], ["GBRFF2", "LGBM"], n_splits=2,
    ...                        n_values=2, n_features={"wine": 13})
    >>> [(g.method, g.split, len(g.points)) for g in groups]
    [('GBRFF2', 0, 4), ('LGBM', 0, 4), ('GBRFF2', 1, 4), ('LGBM', 1, 4)]
    """
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        points = {m: grid_points(ctx.get_method(m).grid(d), n_values) for m in methods}
        for s, seed in splits(n_splits, first_split, base_seed):
            for m in methods:
                groups.append(Group(experiment, ("uci", task), s, seed, m, points[m], n_iter))
    return groups


def table2_runs(records, n_iter=None) -> pd.DataFrame:
    """``runs.csv``: one row per task x method x split (test_accuracy in [0, 1]).

    Parameters
    ----------
    records : list of dict
        A store's records.
    n_iter : int or None, default=None
        Keep only the runs of ``n_iter`` iterations (a results folder holds one).

    Returns
    -------
    pandas.DataFrame
        Columns task, method, split, seed, test_accuracy, best_params,
        fit_seconds; ``attrs["mixed_grids"]`` lists the cells whose splits were
        tuned on grids of different sizes (``--grid-values`` and a full run into
        one folder: the larger grid replaces the smaller split by split) as
        (task, method, {grid size: splits}).

    Examples
    --------
    >>> from gbrff.experiments import REFIT, Context, Group, run_unit, table2_runs
    >>> g = Group("table2", ("toy", "moons", 60, 60), 0, 0, "GBRFF2", [{"gamma": 0.5}], 10)
    >>> runs = table2_runs([run_unit(Context(), g.unit({"gamma": 0.5}, REFIT))])
    >>> runs[["task", "method", "split", "best_params"]]
        task  method  split     best_params
    0  moons  GBRFF2      0  {"gamma": 0.5}
    """
    df = stage_results(records, TABLE2.name)
    if n_iter is not None:
        df = df[df["n_iter"] == n_iter]
    df = _sort(df)
    out = df[RUNS_COLUMNS]
    out.attrs["mixed_grids"] = [
        (task, method, dict(sorted(g["grid_size"].value_counts().items())))
        for (task, method), g in df.groupby(["task", "method"], sort=False)
        if g["grid_size"].nunique() > 1]
    return out


class Table2(Experiment):
    """Table 2 (section 4.5); the subcommand's ``--protocol 2019`` runs the preprint's."""

    name = "table2"
    shared = ("n_iter",)
    tables = {"summary": "summary.csv", "runs": "runs.csv"}

    def add_parser(self, sub):
        t = sub.add_parser(self.name, help="Table 2: every method on the UCI tasks (section 4.5)",
                           description="Table 2: mean ± std test accuracy over splits per task "
                                       "and method, average ranks over the first 15 tasks.")
        t.add_argument("--protocol", choices=("2020", "2019"), default="2020",
                       help="2020: the ECML-PKDD paper's (70/30 splits, its grids, results in "
                            "table2/); 2019: the preprint's as a whole (its 14 tasks with glass, "
                            "30/70 splits, its grids, T = 200, its six methods; results in "
                            "table2_2019/) (default: 2020)")
        t.add_argument("--tasks", default="paper",
                       help="comma-separated tasks, 'all' (16), '15' (without bankmarketing) or "
                            "'paper' (15 tasks for every method + bankmarketing for "
                            "GBRFF1, LGBM, GBRFF2 as in the paper); with --protocol 2019, "
                            "'paper' is the preprint's 14; case-insensitive (default: paper)")
        t.add_argument("--methods", default=None,
                       help="comma-separated methods of the registry, case-insensitive "
                            "(default: the six of Table 2 of the protocol's paper)")
        t.add_argument("--n-iter", type=number(int, 1), default=None,
                       help="iterations / landmarks of every method (default: 100; 200 with "
                            "--protocol 2019)")
        add_common(t, self.name)
        return t

    def fill_defaults(self, args):
        if args.methods is None:
            args.methods = ",".join(PAPER_METHODS)
        if args.n_iter is None:
            args.n_iter = 100

    def check(self, args):
        return {"tasks": uci_tasks(args.tasks), "methods": registry_methods(args.methods, args.registry)}

    def plan(self, args, ctx, chosen):
        common = dict(n_splits=args.n_splits, first_split=args.first_split,
                      base_seed=args.seed, n_values=args.grid_values or None, n_iter=args.n_iter)
        tasks, methods = chosen["tasks"], chosen["methods"]
        if args.tasks.strip().lower() != "paper":
            return table2_groups(ctx, tasks, methods, n_features=n_features(args, ctx, tasks),
                                 **common)
        bank = [m for m in methods if m in BANK_METHODS]
        tasks = list(TASK_ORDER[:15]) + (["bankmarketing"] if bank else [])
        found = n_features(args, ctx, tasks)
        groups = table2_groups(ctx, TASK_ORDER[:15], methods, n_features=found, **common)
        if bank:
            groups += table2_groups(ctx, ["bankmarketing"], bank, n_features=found, **common)
        return groups

    def report_settings(self, args, after_run):
        return {"n_iter": getattr(args, "n_iter", None)}

    def report(self, outdir, records, n_iter=None):
        return _report_table2(outdir, records, n_iter=n_iter)


TABLE2 = Table2()


def _report_fkl_table(outdir, fkl):
    """``ranks_fkl.csv`` and the Markdown of RFF-SKL, RFF-SQL-SKL, RFF-MKL beside GBRFF2, LightGBM."""
    from ...methods import FKL_BESIDE, FKL_METHODS

    methods = [m for m in FKL_BESIDE + FKL_METHODS if m in set(fkl["method"])]
    first15 = list(TASK_ORDER[:15])
    ranks = pd.DataFrame({"average_rank": average_ranks(fkl, tasks=first15, methods=methods)})
    ranks.index.name = "method"
    _csv(ranks, outdir / "ranks_fkl.csv", float_format="%.4f")
    return ["## Fourier kernel learning beside GBRFF2 and LightGBM", "",
            "RFF-SKL (σ learned), RFF-SQL-SKL (σ fixed) and RFF-MKL (group lasso over one "
            "kernel per feature) of Băzăvan et al. (ECCV 2012), same protocol and splits; "
            "their grids are in `gbrff/methods/_paper_methods.py`. Average ranks over the tasks "
            "of the first 15 on which these five methods all have a result "
            "(`ranks_fkl.csv`).", "",
            table2_markdown(fkl, methods=methods, compare=()), ""]


def paper_comparison_markdown(summary, paper, methods) -> str:
    """``paper_comparison.md``: every cell of ``methods`` reproduced / the paper's, and the
    average ranks of both over the same tasks.

    The cells are ``summary``'s means beside ``paper``'s (accuracy in %); the
    ranks are :func:`average_ranks` of the reproduced means and of the paper's
    printed ones over the first 15 tasks on which every ranked method has a
    reproduced result: for all of ``methods``, and, when some of them lack
    tasks, again for those with all 15."""
    comp = paper_comparison(summary, paper)
    methods = [m for m in methods if m in set(comp["method"])]
    idx = comp.set_index(["task", "method"])
    pub = paper.set_index(["task", "method"])["mean"]
    tasks = [t for t in TASK_ORDER if t in set(comp["task"])]  # the tasks run

    def cell(t, m):
        ours = idx["mean"].get((t, m))
        theirs = pub.get((t, m))
        if ours is None and theirs is None:
            return "–"
        if ours is None:
            return f"– / {theirs:.1f}"
        if theirs is None:
            return f"{ours:.1f} / –"
        return f"{ours:.1f} / {theirs:.1f} ({ours - theirs:+.1f})"

    def n_splits(t, m):
        return str(int(idx["n_splits"][(t, m)])) if (t, m) in idx.index else "0"

    lines = ["# Table 2, reproduced against the paper", "",
             ("Mean test accuracy (%) of every method of the paper's Table 2: reproduced / "
              "the paper's (difference, reproduced − paper); – where one of them has no "
              "value. The last column gives the splits each reproduced cell rests on, in "
              "the order of the columns."), "",
             "| task | " + " | ".join(methods) + " | splits |",
             "|" + "---|" * (len(methods) + 2)]
    for t in tasks:
        lines.append(f"| {t} | " + " | ".join(cell(t, m) for m in methods)
                     + " | " + ", ".join(n_splits(t, m) for m in methods) + " |")
    within, largest = [], []
    for m in methods:
        d = comp[(comp["method"] == m)].dropna(subset=["diff"])
        if d.empty:
            within.append("–")
            largest.append("–")
            continue
        within.append(f"{int((d['diff'].abs() <= AGREE_POINTS).sum())} of {len(d)}")
        worst = d.loc[d["diff"].abs().idxmax()]
        largest.append(f"{worst['task']} {worst['diff']:+.2f}")
    lines.append(f"| within {AGREE_POINTS} points of the paper | " + " | ".join(within) + " | |")
    lines.append("| largest difference | " + " | ".join(largest) + " | |")
    lines += ["", "## Average ranks, reproduced and the paper's", "",
              ("Per task the methods are ranked by mean accuracy (1 = best, ties averaged), "
               "then the ranks are averaged over the tasks; the paper's printed means are "
               "ranked the same way over the same tasks (the first 15 on which every method "
               "of the row has a reproduced result)."), "",
              "| | " + " | ".join(methods) + " |", "|" + "---|" * (len(methods) + 1)]
    first15 = list(TASK_ORDER[:15])
    have = summary.groupby("method")["task"].agg(lambda s: set(s) >= set(first15))
    sets = [[m for m in methods if m in set(summary["method"])]]
    full = [m for m in sets[0] if have.get(m, False)]
    if len(full) >= 2 and full != sets[0]:
        sets.append(full)
    for ranked in sets:
        ours = average_ranks(summary, tasks=first15, methods=ranked)
        n = ours.attrs.get("n_tasks", 0)
        theirs = average_ranks(paper, tasks=ours.attrs.get("tasks", []), methods=ranked)
        for name, r in ((f"reproduced ({len(ranked)} methods, {n} tasks)", ours),
                        (f"paper ({len(ranked)} methods, the same {n} tasks)", theirs)):
            lines.append(f"| {name} | " + " | ".join(f"{r[m]:.2f}" if m in r else "–"
                                                      for m in methods) + " |")
    return "\n".join(lines) + "\n"


def _report_table2(outdir, records, n_iter=None):
    """Table 2 reports of the folder's refits (those with ``n_iter`` iterations when given)."""
    from ...viz.paper import table2_diff_figure, table2_figure

    from ...methods import FKL_BESIDE, FKL_METHODS

    runs = table2_runs(records, n_iter=n_iter)
    if runs.empty:
        return False
    _csv(runs, outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    # Fourier kernel learning's methods get a table and ranks of their own
    # (beside GBRFF2 and LightGBM): Table 2's stay the paper's methods'
    fkl = summary[summary["method"].isin(FKL_METHODS + FKL_BESIDE)]
    summary = summary[~summary["method"].isin(FKL_METHODS)]
    fkl_md = _report_fkl_table(outdir, fkl) if fkl["method"].isin(FKL_METHODS).any() else []
    paper = load_paper_table2()
    comp = paper_comparison(summary, paper)
    _csv(comp, outdir / "paper_comparison.csv", index=False, float_format="%.4f")
    in_table = [m for m in PAPER_METHODS if m in set(summary["method"])]  # (Table 2's order)
    if in_table:
        _write_text(outdir / "paper_comparison.md",
                    paper_comparison_markdown(summary, paper, in_table))
    first15 = list(TASK_ORDER[:15])
    # Table 2's ranks are among the paper's six methods, as the paper's are; a method
    # beyond the paper (GBRFF2+) beside them gets the ranks of all the table's columns
    in_paper = ([m for m in PAPER_METHODS if m in set(summary["method"])]
                or list(dict.fromkeys(summary["method"])))  # none of the paper's: all of them
    ranks = pd.DataFrame({
        "average_rank": average_ranks(summary, tasks=first15, methods=in_paper),
        "average_rank_with_mean_row": average_ranks(summary, tasks=first15, methods=in_paper,
                                                    include_mean_row=True),
    })
    if set(summary["method"]) - set(in_paper):
        ranks = ranks.join(average_ranks(summary, tasks=first15).rename("average_rank_all_methods"),
                           how="outer")
    ranks.index.name = "method"
    _csv(ranks, outdir / "ranks.csv", float_format="%.4f")
    md = ["# Table 2, reproduced", "",
          "Mean test accuracy ± standard deviation (%) over the n train/test splits "
          "of each cell (section 4.1 protocol); beside each GBRFF number, the "
          "paper's value and the difference (reproduced − paper).", "",
          table2_markdown(summary, paper, ranked=in_paper), "",
          "Average ranks: per task, methods ranked by mean accuracy (1 = best, ties "
          "averaged), averaged over the first 15 tasks on which every method "
          "ranked has a result; among the paper's six methods, as the paper ranks "
          "them (a method beyond the paper, in a column of its own, is ranked with "
          "all the columns in the last row, `average_rank_all_methods` of "
          "`ranks.csv`). The second rank row also ranks the Mean row as a "
          "16th row — the reading that reproduces the ranks printed in the paper "
          "from its own numbers.", "", *_mixed_grids_note(runs.attrs.get("mixed_grids")), *fkl_md]
    _write_text(outdir / "table2.md", "\n".join(md))
    _html(table2_figure(summary, paper), outdir / "table2.html")
    _html(table2_diff_figure(summary, paper,
                             tasks=[t for t in TASK_ORDER if t in set(summary["task"])]),
          outdir / "table2_diff.html")
    return True


def _mixed_grids_note(mixed):
    """A paragraph naming the cells whose splits come from grid searches of different sizes."""
    if not mixed:
        return []
    cells = "; ".join(f"{task} / {method} ("
                      + ", ".join(f"{n} split{'s' if n != 1 else ''} on {size} settings"
                                  for size, n in sizes.items()) + ")"
                      for task, method, sizes in mixed)
    return ["**Cells of mixed grids**: their splits were tuned on grids of different sizes "
            "(a `--grid-values` run and a fuller one into this folder; the larger grid replaces "
            f"the smaller split by split): {cells}.", ""]
