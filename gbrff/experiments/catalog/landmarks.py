"""Figure 2 of Gautheron et al. (ECML-PKDD 2020): accuracy against the number of landmarks.

PBRFF with each number of landmarks n_L (one setting per n_L), GBRFF1 and
GBRFF2 fit once with max(n_L) iterations and scored after each n_L iterations
(staged, see :mod:`gbrff.experiments._protocol`).  The subcommand's
``--protocol 2019`` runs the preprint's Figs. 1-2 (:mod:`.landmarks_2019`).
Reports: ``per_split.csv``, ``curve.csv``, ``fig2_landmarks.html``.
"""

from __future__ import annotations

from .._arguments import add_common, ints, n_features, registry_methods, uci_tasks
from .._experiment import Experiment
from .._plans import n_features_of, splits
from .._protocol import Group, grid_points
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._results import curve_summary, stage_results

__all__ = ["LANDMARKS", "Landmarks", "landmark_groups", "landmark_curves"]


def landmark_groups(ctx, tasks, methods=("PBRFF", "GBRFF1", "GBRFF2"), landmarks=range(1, 51),
                    n_splits=20, first_split=0, base_seed=0, n_values=None,
                    staged=("GBRFF1", "GBRFF2"), n_features=None):
    """Groups of Figure 2: accuracy against the number of landmarks n_L.

    PBRFF gets one setting per n_L; the ``staged`` methods are fit once with
    max(n_L) iterations and scored after each n_L iterations.

    Parameters
    ----------
    ctx : Context
        Where the methods (and, without ``n_features``, the data) are.
    tasks : sequence of str
        The UCI tasks.
    methods : sequence of str, default=("PBRFF", "GBRFF1", "GBRFF2")
        The methods of the registry.
    landmarks : iterable of int, default=range(1, 51)
        The numbers of landmarks (iterations).
    n_splits : int, default=20
        Splits per task.
    first_split : int, default=0
        The first split's index (a run can add splits to a folder).
    base_seed : int, default=0
        Split s has the seed ``base_seed + s``.
    n_values : int or None, default=None
        Keep at most that many values of each grid parameter
        (:func:`grid_points`), for quick runs; None: the paper's grid.
    staged : sequence of str, default=("GBRFF1", "GBRFF2")
        The methods scored stage by stage.
    n_features : dict or None, default=None
        The number of features of each task, which the grids depend on; None
        reads each task's file to count them.

    Returns
    -------
    list of Group
        The groups, task -> split -> method.

    Examples
    --------
    >>> from gbrff.experiments import Context, landmark_groups
    >>> groups = landmark_groups(Context(), ["wine"], landmarks=[1, 5, 10], n_splits=1,
    ...                          n_values=2, n_features={"wine": 13})
    >>> [(g.method, g.n_iter, g.stages) for g in groups]
    [('PBRFF', 1, None), ('PBRFF', 5, None), ('PBRFF', 10, None), ('GBRFF1', 10, (1, 5, 10)), ('GBRFF2', 10, (1, 5, 10))]
    """
    landmarks = tuple(sorted(set(int(x) for x in landmarks)))
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        for s, seed in splits(n_splits, first_split, base_seed):
            for m in methods:
                points = grid_points(ctx.get_method(m).grid(d), n_values)
                if m in staged:
                    groups.append(Group("landmarks", ("uci", task), s, seed, m, points,
                                        max(landmarks), stages=landmarks))
                else:
                    groups.extend(Group("landmarks", ("uci", task), s, seed, m, points, n_l)
                                  for n_l in landmarks)
    return groups


def landmark_curves(outdir, records, experiment):
    """``per_split.csv`` and ``curve.csv`` of ``experiment``'s records: the frame of its
    runs (``n_landmarks`` for the stage) and the curve, or None without a result."""
    df = stage_results(records, experiment).rename(columns={"stage": "n_landmarks"})
    if df.empty:
        return None, None
    _csv(df[["task", "method", "n_landmarks", "split", "seed", "test_accuracy",
             "best_params"]], outdir / "per_split.csv", index=False)
    curve = curve_summary(df, ["method", "n_landmarks"])
    _csv(curve, outdir / "curve.csv", index=False, float_format="%.4f")
    return df, curve


class Landmarks(Experiment):
    """Figure 2; ``--protocol`` picks this one (2020) or the preprint's (2019)."""

    name = "landmarks"
    tables = {"landmarks": "curve.csv"}

    def add_parser(self, sub):
        lm = sub.add_parser(self.name, help="Figure 2: accuracy against 1..50 landmarks",
                            description="Figure 2: PBRFF (one fit per number of landmarks) and "
                                        "GBRFF1/GBRFF2 (one fit of max landmarks iterations, "
                                        "scored after each number of iterations).")
        lm.add_argument("--protocol", choices=("2020", "2019"), default="2020",
                        help="2019: the preprint's Figs. 1-2 (its 14 tasks, 30/70 splits, its "
                             "grids; PBRFF, GBRFF-LS, GBRFF-LS-random; landmarks 1,3,5,10,25,200; "
                             "results in landmarks_2019/) (default: 2020)")
        lm.add_argument("--tasks", default=None,
                        help="tasks (default: all 16; the preprint's 14 with --protocol 2019)")
        lm.add_argument("--methods", default=None,
                        help="methods (default: PBRFF,GBRFF1,GBRFF2; PBRFF,GBRFF-LS,"
                             "GBRFF-LS-random with --protocol 2019)")
        lm.add_argument("--landmarks", type=ints, default=None,
                        help="numbers of landmarks, e.g. '1-50' or '1,2,5,10,20,50' (default: 1-50; "
                             "1,3,5,10,25,200 with --protocol 2019)")
        add_common(lm, self.name)
        return lm

    def fill_defaults(self, args):
        args.tasks = args.tasks or "all"
        args.methods = args.methods or "PBRFF,GBRFF1,GBRFF2"
        args.landmarks = args.landmarks or list(range(1, 51))

    def check(self, args):
        return {"tasks": uci_tasks(args.tasks), "methods": registry_methods(args.methods, args.registry)}

    def plan(self, args, ctx, chosen):
        tasks = chosen["tasks"]
        return landmark_groups(ctx, tasks, methods=chosen["methods"], landmarks=args.landmarks,
                               n_features=n_features(args, ctx, tasks), n_splits=args.n_splits,
                               first_split=args.first_split, base_seed=args.seed,
                               n_values=args.grid_values or None)

    def report(self, outdir, records):
        from ...viz.paper import landmarks_figure

        df, curve = landmark_curves(outdir, records, self.name)
        if df is None:
            return False
        _html(landmarks_figure(curve), outdir / "fig2_landmarks.html")
        return True


LANDMARKS = Landmarks()
