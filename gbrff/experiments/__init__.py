"""The paper's experiments (section 4): protocol, resumable store, runner, reports.

Run them with ``python -m gbrff.experiments SUBCOMMAND`` (``table2``,
``landmarks``, ``kbudget``, ``scaling``, ``toy``, ``report``); ``--help``
explains every option.  The pieces are importable for the app and for tests:

- :class:`ResultStore` — append-only JSONL store of finished units;
- :class:`Context`, :class:`Unit`, :class:`Group`, :func:`run_unit` — the
  section 4.1 protocol, one fit per unit;
- :func:`run_groups` — runs groups through joblib (loky) or Dask;
- :func:`table2_summary`, :func:`average_ranks`, :func:`table2_markdown`,
  :func:`load_paper_table2` — reports from stored results;
- :func:`load_results`, :func:`scaling_time_limit` — the tables of a results
  folder read back, for :mod:`gbrff.viz.paper` and the app.

It needs the ``[experiments]`` extra (``pip install 'gbrff[experiments]'``:
pandas, LightGBM, Plotly for the reports; without pandas or Plotly it does not
import, without LightGBM only the LGBM method is refused); ``--backend dask``
needs ``[dask]``.
"""

from .._optional import require

require("gbrff.experiments", "experiments", "pandas", "plotly")

from ._execution import ProgressBar, make_executor
from ._layout import load_results, scaling_time_limit
from ._plans import kbudget_groups, landmark_groups, table2_groups, toy_groups
from ._protocol import REFIT, Context, Group, Unit, grid_points, prepare_split, run_unit, split_seed
from ._reports import read_records, write_report
from ._results import (PAPER_METHODS, TASK_ORDER, average_ranks, curve_summary,
                       PREPRINT_TASK_ORDER, load_paper_table2, load_preprint_table2, paper_comparison,
                       preprint_comparison, preprint_ranks, stage_results, load_preprint_fig2,
                       preprint_fig2_gap,
                       table2_markdown, table2_runs, table2_summary)
from ._runner import run_groups
from ._scaling import run_scaling, scaling_sizes
from ._store import ResultStore

__all__ = [
    "REFIT", "Context", "Group", "Unit", "ResultStore", "ProgressBar",
    "make_executor", "run_groups", "run_unit", "prepare_split", "split_seed",
    "grid_points", "table2_groups", "landmark_groups", "kbudget_groups", "toy_groups",
    "run_scaling", "scaling_sizes", "read_records", "write_report",
    "PAPER_METHODS", "TASK_ORDER", "load_paper_table2", "stage_results",
    "table2_runs", "table2_summary", "average_ranks", "paper_comparison",
    "table2_markdown", "curve_summary", "load_results", "scaling_time_limit",
    "PREPRINT_TASK_ORDER", "load_preprint_table2", "preprint_comparison", "preprint_ranks",
    "load_preprint_fig2", "preprint_fig2_gap",
]
