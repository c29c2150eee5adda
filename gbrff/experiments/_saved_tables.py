"""Reading the reports back: where each table lies in a results folder.

Each experiment's report (:mod:`gbrff.experiments.catalog`) writes one folder
under a results folder (the committed ``results/`` of the repository, or the
runner's output folder) and names the tables of it that the figures need
(its ``tables``); these functions read them back for the figures of
:mod:`gbrff.viz.paper` and the app, which take the tables as arguments and
never open a file themselves.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from .catalog import EXPERIMENTS

__all__ = ["RESULT_TABLES", "load_results"]

#: The tables the figures are drawn from, by name: (experiment folder, file); each
#: experiment's own, and the cross-validated choice of GBRFF2+'s ingredients
#: (benchmarks/gbrff2plus_cv.py).
RESULT_TABLES = {
    **{table: (exp.name, file) for exp in EXPERIMENTS for table, file in exp.tables.items()},
    "gbrff2plus_cv": ("gbrff2plus", "cv_summary.csv"),
}


def load_results(results_dir="results") -> dict:
    """The result tables that exist under ``results_dir``, by name.

    ``summary`` and ``runs`` are Table 2's; ``landmarks``, ``kbudget`` and
    ``toy`` the ``curve.csv`` of Figures 2, 3 and 5; ``scaling`` the
    ``times.csv`` of Figure 4; ``summary_2019`` and ``landmarks_2019`` the
    2019 preprint's Table 2 and Fig. 1 (``per_task.csv``); ``defaults`` and
    ``defaults_runs`` the out-of-the-box run, ``gbrff2plus_cv`` the
    cross-validated ablation of GBRFF2+.

    Parameters
    ----------
    results_dir : str or Path, default="results"
        The folder that holds one folder per experiment (the repository's
        committed ``results/``, or the runner's output folder).

    Returns
    -------
    dict of str to pandas.DataFrame
        The tables found; a missing file is simply absent from the dict.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from gbrff.experiments import REFIT, Context, Group, load_results, run_unit, write_report
    >>> g = Group("table2", ("toy", "moons", 60, 60), 0, 0, "GBRFF2", [{"gamma": 0.5}], 10)
    >>> records = [run_unit(Context(), g.unit({"gamma": 0.5}, REFIT))]
    >>> with tempfile.TemporaryDirectory() as root:
    ...     _ = write_report("table2", pathlib.Path(root) / "table2", records)
    ...     tables = load_results(root)
    >>> sorted(tables), tables["summary"]["n_splits"].tolist()
    (['runs', 'summary'], [1])
    """
    root = Path(results_dir)
    paths = {name: root / folder / file for name, (folder, file) in RESULT_TABLES.items()}
    return {name: pd.read_csv(p) for name, p in paths.items() if p.exists()}
