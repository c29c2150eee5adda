"""Reading the reports back: where each table lies in a results folder.

:mod:`gbrff.experiments._reports` writes one folder per experiment under a
results folder (the committed ``results/`` of the repository, or the
runner's output folder); these functions read its tables back for the
figures of :mod:`gbrff.viz.paper` and the app, which take the tables as
arguments and never open a file themselves.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

__all__ = ["RESULT_TABLES", "load_results", "scaling_time_limit"]

#: The tables the figures are drawn from, by name: (experiment folder, file).
RESULT_TABLES = {
    "summary": ("table2", "summary.csv"),
    "runs": ("table2", "runs.csv"),
    "landmarks": ("landmarks", "curve.csv"),
    "kbudget": ("kbudget", "curve.csv"),
    "scaling": ("scaling", "times.csv"),
    "toy": ("toy", "curve.csv"),
    # the 2019 preprint's protocol (``--protocol 2019``): its Table 2, and its
    # Fig. 1 per task (mean accuracy per task, method and number of landmarks)
    "summary_2019": ("table2_2019", "summary.csv"),
    "landmarks_2019": ("landmarks_2019", "per_task.csv"),
    # beyond the paper: every method at its defaults on raw features (``defaults``),
    # and the cross-validated choice of GBRFF2+'s ingredients (benchmarks/gbrff2plus_cv.py)
    "defaults": ("defaults", "summary.csv"),
    "defaults_runs": ("defaults", "runs.csv"),
    "gbrff2plus_cv": ("gbrff2plus", "cv_summary.csv"),
}


def load_results(results_dir="results") -> dict:
    """The tables of :data:`RESULT_TABLES` that exist under ``results_dir``, by name.

    ``summary`` and ``runs`` are Table 2's; ``landmarks``, ``kbudget`` and
    ``toy`` the ``curve.csv`` of Figures 2, 3 and 5; ``scaling`` the
    ``times.csv`` of Figure 4; ``summary_2019`` and ``landmarks_2019`` the
    2019 preprint's Table 2 and Fig. 1 (``per_task.csv``); ``defaults`` and
    ``defaults_runs`` the out-of-the-box run, ``gbrff2plus_cv`` the
    cross-validated ablation of GBRFF2+. A missing file is simply absent from the dict.
    """
    root = Path(results_dir)
    paths = {name: root / folder / file for name, (folder, file) in RESULT_TABLES.items()}
    return {name: pd.read_csv(p) for name, p in paths.items() if p.exists()}


def scaling_time_limit(folder, default=1000.0) -> float:
    """The time limit of the last ``scaling`` run recorded in ``folder/meta.json``
    (``default`` when no run is recorded)."""
    meta = Path(folder) / "meta.json"
    if meta.exists():
        runs = json.loads(meta.read_text()).get("runs", [])
        if runs:
            return float(runs[-1].get("options", {}).get("time_limit", default))
    return default
