"""Beyond the papers: every method at its own defaults, out of the box.

Each method at its defaults (no grid search, ``MethodSpec.make_default``),
fit on the training part of Table 2's splits (stratified 70/30, seed + split)
on the raw features (``--features raw``, no scaler) or standardised on the
training part; test accuracy.  A folder holds one of the two.  Reports:
``runs.csv``, ``summary.csv`` (Table 2's format), ``defaults.md``.
"""

from __future__ import annotations

import json

from .._arguments import add_common, n_features, registry_methods, uci_tasks
from .._experiment import Experiment
from .._plans import splits
from .._protocol import DEFAULTS, Group
from .._reports import write_csv as _csv
from .._reports import write_text as _write_text
from .._results import RUNS_COLUMNS, _sort, stage_results, table2_markdown, table2_summary

__all__ = ["DEFAULTS_EXPERIMENT", "Defaults", "defaults_groups", "DEFAULTS_METHODS"]

DEFAULTS_METHODS = ("GBRFF2+", "GBRFF2", "LGBM")  # the out-of-the-box run (those registered)


def defaults_groups(tasks, methods, n_splits=20, first_split=0, base_seed=0, features="raw",
                    n_iter=100):
    """Groups of the out-of-the-box experiment: each method at its own defaults.

    One setting per method (no CV) on Table 2's splits.

    Parameters
    ----------
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
    features : {"raw", "standardised"}, default="raw"
        "raw": the features as the files give them (no scaler);
        "standardised": standardised on each training part.
    n_iter : int, default=100
        Recorded with each unit (the defaults set the iterations).

    Returns
    -------
    list of Group
        One group per task, split and method.

    Raises
    ------
    ValueError
        For another ``features``.

    Examples
    --------
    >>> from gbrff.experiments import defaults_groups
    >>> groups = defaults_groups(["wine"], ["GBRFF2+", "LGBM"], n_splits=1)
    >>> [(g.method, g.data, g.points) for g in groups]
    [('GBRFF2+', ('uci-raw', 'wine'), [{}]), ('LGBM', ('uci-raw', 'wine'), [{}])]
    """
    if features not in ("raw", "standardised"):
        raise ValueError(f"features must be 'raw' or 'standardised', got {features!r}")
    kind = "uci-raw" if features == "raw" else "uci"
    return [Group(DEFAULTS, (kind, task), s, seed, m, [{}], n_iter)
            for task in tasks for s, seed in splits(n_splits, first_split, base_seed)
            for m in methods]


class Defaults(Experiment):
    """The out-of-the-box run; :func:`gbrff.experiments._protocol.make_estimator` makes its
    units' estimators with ``make_default``."""

    name = DEFAULTS
    tables = {"defaults": "summary.csv", "defaults_runs": "runs.csv"}

    def add_parser(self, sub):
        from ...methods import METHODS

        df = sub.add_parser(
            self.name, help="beyond the paper: every method at its own defaults on raw features",
            description="Out of the box: each method at its own defaults (no grid search, "
                        "MethodSpec.make_default), fit on the training part of Table 2's splits "
                        "(stratified 70/30, seed + split) as it comes (--features raw, no "
                        "scaler) or standardised on the training part (--features standardised), "
                        f"test accuracy. Reports: runs.csv, summary.csv (Table 2's format), {self.name}.md.")
        df.add_argument("--tasks", default="15",
                        help="comma-separated tasks, '15' (Table 2's first 15) or 'all' (default: 15)")
        df.add_argument("--methods", default=",".join(m for m in DEFAULTS_METHODS if m in METHODS),
                        help="comma-separated methods of the registry (default: %(default)s)")
        df.add_argument("--features", choices=("raw", "standardised"), default="raw",
                        help="raw: the features as the files give them; standardised: a "
                             "StandardScaler fit on the training part, as Table 2 (default: raw). "
                             "One folder holds one of the two")
        add_common(df, self.name)
        return df

    def check(self, args):
        return {"tasks": uci_tasks(args.tasks), "methods": registry_methods(args.methods, args.registry)}

    def config(self, seed, n_iter=None, n_test=None, features=None, **_):
        """Also the features (raw or standardised): one folder holds one of the two."""
        return {"experiment": self.name, "seed": int(seed), "features": features or "raw"}

    def plan(self, args, ctx, chosen):
        tasks = chosen["tasks"]
        n_features(args, ctx, tasks)  # every data file read before anything is written
        return defaults_groups(tasks, chosen["methods"], n_splits=args.n_splits,
                               first_split=args.first_split, base_seed=args.seed,
                               features=args.features)

    def report(self, outdir, records):
        return _report_defaults(outdir, records)


DEFAULTS_EXPERIMENT = Defaults()


def _report_defaults(outdir, records):
    """The out-of-the-box run: Table 2's runs.csv and summary.csv, and defaults.md."""
    df = stage_results(records, DEFAULTS)
    if df.empty:
        return False
    runs = _sort(df[RUNS_COLUMNS])
    _csv(runs, outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    raw = sorted({json.loads(d)[0] for d in df["data"]}) == ["uci-raw"]
    seconds = runs.groupby("method", sort=False)["fit_seconds"].mean()
    md = ["# Out of the box: every method at its own defaults", "",
          "Mean test accuracy ± standard deviation (%) over the n splits of each cell: "
          "Table 2's stratified 70/30 splits and seeds, no grid search, each method at "
          "its defaults (`MethodSpec.make_default`: the estimator as a user builds it, "
          "one thread), fit on the " + ("raw features (no scaler)." if raw else
                                         "features standardised on the training part."), "",
          table2_markdown(summary, compare=()), "",
          "Mean fit time on the training part (seconds, one thread): "
          + ", ".join(f"{m} {v:.3f}" for m, v in seconds.items()) + ".", ""]
    _write_text(outdir / f"{DEFAULTS}.md", "\n".join(md))
    return True
