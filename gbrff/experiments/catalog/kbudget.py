"""Figure 3 of Gautheron et al. (ECML-PKDD 2020): GBRFF1 with K features per iteration at equal T × K.

GBRFF1 with K in {1, 5, 10, 20}, scored after T = budget / K iterations for
each total budget T × K (staged, see :mod:`gbrff.experiments._protocol`).
Reports: ``per_split.csv``, ``curve.csv``, ``fig3_kbudget.html``.
"""

from __future__ import annotations

import json
import sys

from .._arguments import UserError, add_common, ints, join, n_features, uci_tasks
from .._experiment import Experiment
from .._plans import n_features_of, splits
from .._protocol import Group, grid_points
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._results import curve_summary, stage_results

__all__ = ["KBUDGET", "KBudget", "kbudget_groups", "budget_stages"]


def budget_stages(k, budgets):
    """Numbers of iterations T = budget / K for the budgets divisible by K."""
    return tuple(sorted({b // k for b in budgets if b % k == 0 and b >= k}))


def kbudget_groups(ctx, tasks, ks=(1, 5, 10, 20), budgets=(20, 50, 100, 200, 500, 1000),
                   n_splits=20, first_split=0, base_seed=0, n_values=None,
                   method="GBRFF1", n_features=None):
    """Groups of Figure 3: GBRFF1's accuracy against the budget T × K, one curve per K.

    For each K, one staged fit with the largest T = budget / K scored at
    every budget that K divides.

    Parameters
    ----------
    ctx : Context
        Where the methods (and, without ``n_features``, the data) are.
    tasks : sequence of str
        The UCI tasks.
    ks : sequence of int, default=(1, 5, 10, 20)
        The numbers K of random features per iteration.
    budgets : sequence of int, default=(20, 50, 100, 200, 500, 1000)
        The budgets T × K.
    n_splits : int, default=20
        Splits per task.
    first_split : int, default=0
        The first split's index (a run can add splits to a folder).
    base_seed : int, default=0
        Split s has the seed ``base_seed + s``.
    n_values : int or None, default=None
        Keep at most that many values of each grid parameter
        (:func:`grid_points`), for quick runs; None: the paper's grid.
    method : str, default="GBRFF1"
        The method whose ``n_components`` is K.
    n_features : dict or None, default=None
        The number of features of each task, which the grids depend on; None
        reads each task's file to count them.

    Returns
    -------
    list of Group
        One group per task, split and K (K fixed outside the grid).

    Examples
    --------
    >>> from gbrff.experiments import Context, kbudget_groups
    >>> groups = kbudget_groups(Context(), ["wine"], ks=(1, 5), budgets=(20, 50), n_splits=1,
    ...                         n_values=2, n_features={"wine": 13})
    >>> [(g.fixed, g.stages) for g in groups]
    [((('n_components', 1),), (20, 50)), ((('n_components', 5),), (4, 10))]
    """
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        points = grid_points(ctx.get_method(method).grid(d), n_values)
        for s, seed in splits(n_splits, first_split, base_seed):
            for k in ks:
                stages = budget_stages(k, budgets)
                if not stages:
                    continue
                groups.append(Group("kbudget", ("uci", task), s, seed, method, points,
                                    max(stages), stages=stages,
                                    fixed=(("n_components", int(k)),)))
    return groups


class KBudget(Experiment):
    """Figure 3: one staged fit of GBRFF1 per K, scored at each budget it divides."""

    name = "kbudget"
    tables = {"kbudget": "curve.csv"}

    def add_parser(self, sub):
        kb = sub.add_parser(self.name, help="Figure 3: GBRFF1 with K in {1,5,10,20} at equal T×K",
                            description="Figure 3: GBRFF1 with K random features per iteration, "
                                        "scored after T = budget/K iterations for each budget.")
        kb.add_argument("--tasks", default="all", help="tasks (default: all 16)")
        kb.add_argument("--ks", type=ints, default="1,5,10,20",
                        help="values of K (default: 1,5,10,20)")
        kb.add_argument("--budgets", type=ints, default="20,50,100,200,500,1000",
                        help="total numbers of random features T×K (default: 20,50,100,200,500,1000)")
        add_common(kb, self.name)
        return kb

    def check(self, args):
        chosen = {"tasks": uci_tasks(args.tasks),
                  "unused_ks": [k for k in args.ks if not budget_stages(k, args.budgets)]}
        if len(chosen["unused_ks"]) == len(args.ks):
            raise UserError(f"no budget of --budgets {join(args.budgets)} is a multiple of a K "
                            f"of --ks {join(args.ks)} (T = budget / K iterations must be a whole "
                            "number): nothing to run", code=2)
        return chosen

    def plan(self, args, ctx, chosen):
        tasks = chosen["tasks"]
        for k in chosen["unused_ks"]:
            print(f"[{self.name}] K = {k}: no budget of --budgets {join(args.budgets)} is a "
                  "multiple of it; skipped", file=sys.stderr)
        return kbudget_groups(ctx, tasks, ks=args.ks, budgets=args.budgets,
                              n_features=n_features(args, ctx, tasks), n_splits=args.n_splits,
                              first_split=args.first_split, base_seed=args.seed,
                              n_values=args.grid_values or None)

    def report(self, outdir, records):
        return _report_kbudget(outdir, records)


KBUDGET = KBudget()


def _report_kbudget(outdir, records):
    from ...viz.paper import kbudget_figure

    df = stage_results(records, "kbudget")
    if df.empty:
        return False
    df["K"] = [json.loads(f).get("n_components") for f in df["fixed"]]
    df["T"] = df["stage"]
    df["budget"] = df["T"] * df["K"]
    _csv(df[["task", "method", "K", "T", "budget", "split", "seed", "test_accuracy",
             "best_params"]], outdir / "per_split.csv", index=False)
    curve = curve_summary(df, ["K", "budget"])
    _csv(curve, outdir / "curve.csv", index=False, float_format="%.4f")
    _html(kbudget_figure(curve), outdir / "fig3_kbudget.html")
    return True
