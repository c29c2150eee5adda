"""Table 2 of the 2019 preprint of GBRFF (Gautheron et al., arXiv 2019) under its protocol.

Its 14 tasks (with glass), stratified splits of 30 % train / 70 % test, each
method with the preprint's grid and fixed parameters
(``MethodSpec.preprint_grid`` and ``preprint_fixed``), ``n_iter`` = 200; run
by ``table2 --protocol 2019``.  Reports: ``runs.csv``, ``summary.csv``,
``paper_comparison.csv``, ``ranks.csv``, ``fit_seconds.csv``, ``table2.md``.
"""

from __future__ import annotations

import pandas as pd

from .._arguments import UserError, get_method, match, names, registry_methods
from .._experiment import Experiment
from .._plans import n_features_of, splits
from .._protocol import Group, grid_points
from .._reports import write_csv as _csv
from .._reports import write_text as _write_text
from .._arguments import n_features
from .._results import (PREPRINT_METHODS, PREPRINT_TASK_ORDER, RUNS_COLUMNS, _sort,
                        load_preprint_table2, preprint_comparison, preprint_markdown,
                        preprint_ranks, stage_results, table2_summary)
from .table2 import TABLE2

__all__ = ["TABLE2_2019", "Preprint", "preprint_groups", "preprint_runs", "preprint_tasks",
           "PREPRINT_TRAIN_SIZE"]

#: The 2019 preprint's training share (its section 5: "30% training examples and 70% testing").
PREPRINT_TRAIN_SIZE = 0.3


def preprint_groups(ctx, tasks, methods, n_splits=20, first_split=0, base_seed=0,
                    n_iter=200, n_values=None, n_features=None, experiment="table2_2019",
                    stages=None):
    """Groups of the 2019 preprint's protocol, ordered task -> split -> method.

    Each method searches its ``preprint_grid`` with its ``preprint_fixed``
    parameters on ("uci", task, 0.3) splits (30 % to train, 70 % to test).

    Parameters
    ----------
    ctx : Context
        Where the methods (and, without ``n_features``, the data) are.
    tasks : sequence of str
        The UCI tasks.
    methods : sequence of str
        Methods of the registry with a ``preprint_grid``.
    n_splits : int, default=20
        Splits per task.
    first_split : int, default=0
        The first split's index (a run can add splits to a folder).
    base_seed : int, default=0
        Split s has the seed ``base_seed + s``.
    n_iter : int, default=200
        Boosting iterations (or landmarks) of every fit.
    n_values : int or None, default=None
        Keep at most that many values of each grid parameter
        (:func:`grid_points`), for quick runs; None: the paper's grid.
    n_features : dict or None, default=None
        The number of features of each task, which the grids depend on; None
        reads each task's file to count them.
    experiment : str, default="table2_2019"
        The records' experiment.
    stages : sequence of int or None, default=None
        The landmark counts of the preprint's Figs. 1-2: a GBRFF method is
        scored after each, the others are fit once per count.

    Returns
    -------
    list of Group
        The groups.

    Raises
    ------
    ValueError
        For a method without a grid of the preprint's protocol.

    Examples
    --------
    >>> from gbrff.experiments import Context, preprint_groups
    >>> groups = preprint_groups(Context(), ["wine"], ["GBRFF-LS", "PBRFF"], n_splits=1,
    ...                          n_values=2, n_features={"wine": 13})
    >>> [(g.method, g.data, g.fixed) for g in groups]
    [('GBRFF-LS', ('uci', 'wine', 0.3), ()), ('PBRFF', ('uci', 'wine', 0.3), (('n_components', 100),))]
    """
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        specs = {m: ctx.get_method(m) for m in methods}
        for m, spec in specs.items():
            if spec.preprint_grid is None:
                raise ValueError(f"method {m!r} has no grid of the 2019 preprint's protocol")
        points = {m: grid_points(spec.preprint_grid(d), n_values) for m, spec in specs.items()}
        for s, seed in splits(n_splits, first_split, base_seed):
            for m, spec in specs.items():
                data = ("uci", task, PREPRINT_TRAIN_SIZE)
                fixed = tuple(sorted(spec.preprint_fixed))
                if stages and m.startswith("GBRFF"):
                    groups.append(Group(experiment, data, s, seed, m, points[m], max(stages),
                                        stages=tuple(stages), fixed=fixed))
                elif stages:
                    groups.extend(Group(experiment, data, s, seed, m, points[m], n_l, fixed=fixed)
                                  for n_l in stages)
                else:
                    groups.append(Group(experiment, data, s, seed, m, points[m], n_iter,
                                        fixed=fixed))
    return groups


def preprint_runs(records, n_iter=None) -> pd.DataFrame:
    """``runs.csv`` of the 2019 protocol: one row per task x method x split.

    Parameters
    ----------
    records : list of dict
        A store's records.
    n_iter : int or None, default=None
        Keep only the runs of ``n_iter`` iterations.

    Returns
    -------
    pandas.DataFrame
        Columns task, method, split, seed, test_accuracy, best_params, fit_seconds.

    Examples
    --------
    >>> from gbrff.experiments import preprint_runs
    >>> preprint_runs([]).columns.tolist()
    ['task', 'method', 'split', 'seed', 'test_accuracy', 'best_params', 'fit_seconds']
    """
    df = stage_results(records, TABLE2_2019.name)
    if n_iter is not None:
        df = df[df["n_iter"] == n_iter]
    return _sort(df[RUNS_COLUMNS], tasks=PREPRINT_TASK_ORDER)


def preprint_tasks(text):
    """The preprint's tasks of ``text``: names, or 'all' / 'paper' / 'preprint' (its 14)."""
    keyword = text.strip().lower()
    if keyword in ("all", "paper", "preprint"):
        return list(PREPRINT_TASK_ORDER)
    return match("task", names(text), PREPRINT_TASK_ORDER, also=" (or preprint)")


class Preprint(Experiment):
    """An experiment of the 2019 preprint's protocol (``--protocol 2019``)."""

    protocol = "2019"

    def check(self, args):
        chosen = {"tasks": preprint_tasks(args.tasks),
                  "methods": registry_methods(args.methods, args.registry)}
        get = get_method(args.registry)
        outside = [m for m in chosen["methods"] if get(m).preprint_grid is None]
        if outside:
            raise UserError(f"method(s) {', '.join(outside)} are not in the 2019 preprint's "
                            f"protocol; its methods: {', '.join(PREPRINT_METHODS)}, "
                            "GBRFF-LS-random", code=2)
        return chosen


class Table2Preprint(Preprint):
    """The preprint's Table 2, as a whole: its tasks, splits, grids, T and methods."""

    name = "table2_2019"
    runs_under = TABLE2
    shared = ("n_iter",)
    tables = {"summary_2019": "summary.csv"}

    def fill_defaults(self, args):
        if args.methods is None:
            args.methods = ",".join(PREPRINT_METHODS)
        if args.n_iter is None:
            args.n_iter = 200

    def plan(self, args, ctx, chosen):
        tasks = chosen["tasks"]
        return preprint_groups(ctx, tasks, chosen["methods"], n_iter=args.n_iter,
                               n_features=n_features(args, ctx, tasks), n_splits=args.n_splits,
                               first_split=args.first_split, base_seed=args.seed,
                               n_values=args.grid_values or None)

    def report_settings(self, args, after_run):
        return {"n_iter": getattr(args, "n_iter", None)}

    def report(self, outdir, records, n_iter=None):
        return _report_table2_2019(outdir, records, n_iter=n_iter)


TABLE2_2019 = Table2Preprint()


def _report_table2_2019(outdir, records, n_iter=None):
    """The 2019 preprint's Table 2: runs, summary, comparison, ranks, Markdown."""
    runs = preprint_runs(records, n_iter=n_iter)
    if runs.empty:
        return False
    _csv(runs, outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    summary = _sort(summary, tasks=PREPRINT_TASK_ORDER)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    paper = load_preprint_table2()
    comp = preprint_comparison(summary, paper).drop(columns="close")
    comp["within"] = comp["within"].fillna(False).astype(bool)
    _csv(comp, outdir / "paper_comparison.csv", index=False, float_format="%.4f")
    _csv(preprint_ranks(summary), outdir / "ranks.csv", float_format="%.4f")
    times = runs.groupby(["task", "method"], sort=False)["fit_seconds"].mean().reset_index()
    _csv(_sort(times, tasks=PREPRINT_TASK_ORDER), outdir / "fit_seconds.csv", index=False,
         float_format="%.4f")
    md = ["# Table 2 of the 2019 preprint, reproduced", "",
          "Mean test accuracy ± standard deviation (%) over the n stratified splits of "
          "30 % train / 70 % test of each cell (the preprint's protocol: StandardScaler on "
          "the training part, its grids searched by 5-fold CV, T = 200); below each number "
          "the published value and the difference (reproduced − published), ✗ when it is "
          "more than max(1.5, published std) away.", "",
          preprint_markdown(summary, paper), "",
          "Average ranks over the tasks where every method has a result: rank sums "
          "divided by the number of tasks (ties averaged), and the preprint's printed "
          "reading (rank sums over its 14 tasks divided by 15, ties to the earlier "
          "column). Mean fit time of the final fits: `fit_seconds.csv`.", ""]
    _write_text(outdir / "table2.md", "\n".join(md))
    return True
