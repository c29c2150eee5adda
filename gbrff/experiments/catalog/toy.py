"""Figure 5 of Gautheron et al. (ECML-PKDD 2020): LGBM against GBRFF2 on toy problems as n grows.

LGBM and GBRFF2 on generated 2-D problems (:func:`gbrff.datasets.make_toy`),
one setting per number of training examples, a fixed-size test set from the
same generator, parameters tuned by CV.  Reports: ``per_split.csv``,
``curve.csv``, ``fig5_toy.html``.
"""

from __future__ import annotations

import json

import pandas as pd

from ..._argtypes import number
from ...datasets import TOY_PROBLEMS
from .._arguments import add_common, int_list, match, names, registry_methods
from .._experiment import Experiment
from .._plans import splits
from .._protocol import N_FOLDS, Group, grid_points
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._results import stage_results

__all__ = ["TOY", "Toy", "toy_groups", "TOY_N_FEATURES"]

TOY_N_FEATURES = 2


def toy_groups(ctx, problems=("swiss", "circles", "board"), methods=("LGBM", "GBRFF2"),
               sizes=(50, 100, 200, 500, 1000, 2000), n_test=2000, n_splits=5,
               first_split=0, base_seed=0, n_iter=1000, n_values=None):
    """Groups of Figure 5: test accuracy against the number of training examples.

    Parameters
    ----------
    ctx : Context
        Where the methods and the toy generator are.
    problems : sequence of str, default=("swiss", "circles", "board")
        The toy problems (:func:`gbrff.datasets.make_toy`).
    methods : sequence of str, default=("LGBM", "GBRFF2")
        The methods of the registry.
    sizes : sequence of int, default=(50, 100, 200, 500, 1000, 2000)
        The training sizes.
    n_test : int, default=2000
        The test set's size.
    n_splits : int, default=5
        Draws per problem and size.
    first_split : int, default=0
        The first split's index.
    base_seed : int, default=0
        Split s has the seed ``base_seed + s``.
    n_iter : int, default=1000
        Boosting iterations of every fit.
    n_values : int or None, default=None
        Keep at most that many values of each grid parameter
        (:func:`grid_points`), for quick runs; None: the paper's grid.

    Returns
    -------
    list of Group
        One group per problem, size, split and method.

    Examples
    --------
    >>> from gbrff.experiments import Context, toy_groups
    >>> groups = toy_groups(Context(), problems=("board",), sizes=(50, 100), n_splits=1)
    >>> [(g.method, g.data) for g in groups][:2]
    [('LGBM', ('toy', 'board', 50, 2000)), ('GBRFF2', ('toy', 'board', 50, 2000))]
    """
    groups = []
    for name in problems:
        for n in sizes:
            for s, seed in splits(n_splits, first_split, base_seed):
                for m in methods:
                    points = grid_points(ctx.get_method(m).grid(TOY_N_FEATURES), n_values)
                    groups.append(Group("toy", ("toy", name, int(n), int(n_test)), s, seed,
                                        m, points, n_iter))
    return groups


class Toy(Experiment):
    """Figure 5: its folders also share ``--n-test`` (the test set's size)."""

    name = "toy"
    shared = ("n_iter", "n_test")
    tables = {"toy": "curve.csv"}
    reads_files = False

    def add_parser(self, sub):
        ty = sub.add_parser(self.name, help="Figure 5: LGBM vs GBRFF2 on toy problems against n",
                            description="Figure 5: test accuracy against the number of training "
                                        "examples on generated 2-D problems, parameters tuned by CV.")
        ty.add_argument("--problems", default="swiss,circles,board",
                        help=f"toy problems among {', '.join(TOY_PROBLEMS)} "
                             "(default: swiss,circles,board)")
        ty.add_argument("--methods", default="LGBM,GBRFF2",
                        help="comma-separated methods of the registry (default: %(default)s)")
        ty.add_argument("--sizes", type=int_list(2 * N_FOLDS, f" (the {N_FOLDS}-fold stratified CV "
                                                              f"needs {N_FOLDS} training examples of "
                                                              "each class)"),
                        default="50,100,200,500,1000,2000",
                        help=f"numbers of training examples, at least {2 * N_FOLDS} "
                             "(default: 50,100,200,500,1000,2000)")
        ty.add_argument("--n-test", type=number(int, 10), default=2000,
                        help="test examples (default: 2000)")
        ty.add_argument("--n-iter", type=number(int, 1), default=1000,
                        help="iterations, 1000 in the paper (default: 1000)")
        add_common(ty, self.name, n_splits=5, splits_help="seeds (data sets) per size")
        return ty

    def check(self, args):
        return {"problems": match("toy problem", names(args.problems), TOY_PROBLEMS),
                "methods": registry_methods(args.methods, args.registry)}

    def record_config(self, record, hint=None):
        data = record.get("data") or []
        return self.config(record["seed"] - record.get("split", 0), record.get("n_iter"),
                           data[3] if len(data) > 3 else None)

    def plan(self, args, ctx, chosen):
        return toy_groups(ctx, problems=chosen["problems"], methods=chosen["methods"],
                          sizes=args.sizes, n_test=args.n_test, n_iter=args.n_iter,
                          n_splits=args.n_splits, first_split=args.first_split,
                          base_seed=args.seed, n_values=args.grid_values or None)

    def report(self, outdir, records):
        return _report_toy(outdir, records)


TOY = Toy()


def _report_toy(outdir, records):
    from ...viz.paper import toy_figure

    df = stage_results(records, "toy")
    if df.empty:
        return False
    df["problem"] = df["task"]
    df["n_train"] = [json.loads(d)[2] for d in df["data"]]
    _csv(df[["problem", "method", "n_train", "split", "seed", "test_accuracy",
             "best_params"]], outdir / "per_split.csv", index=False)
    g = df.groupby(["problem", "method", "n_train"], sort=False)["test_accuracy"]
    curve = pd.DataFrame({"mean": g.mean() * 100,
                          "std": g.agg(lambda a: a.std(ddof=0)) * 100,
                          "n_splits": g.size()}).reset_index()
    _csv(curve, outdir / "curve.csv", index=False, float_format="%.4f")
    _html(toy_figure(curve), outdir / "fig5_toy.html")
    return True
