"""The papers' experiments: protocol, resumable store, runner, reports.

Run them with ``python -m gbrff.experiments SUBCOMMAND``; ``--help`` explains
every option.  The subcommands, one per experiment of
:data:`~gbrff.experiments.catalog.EXPERIMENTS` (each declared once, in its
module of :mod:`gbrff.experiments.catalog`), and ``report``:

- ``table2`` — Table 2 of Gautheron et al. (ECML-PKDD 2020); with
  ``--protocol 2019`` the 2019 preprint's Table 2 (``table2_2019``);
- ``landmarks`` — Figure 2; with ``--protocol 2019`` the preprint's
  Figs. 1-2 (``landmarks_2019``);
- ``kbudget`` — Figure 3; ``scaling`` — Figure 4; ``toy`` — Figure 5;
- ``thesis`` — the random-features thesis (Ribes, 2019) and GBRFF on its sets;
- ``fkl`` — Fourier kernel learning's scaling run (Băzăvan et al., ECCV 2012);
- ``defaults`` — every method at its own defaults, out of the box;
- ``report`` — rewrite an experiment's reports from its stored results.

The pieces are importable for the app and for tests:

- :class:`ResultStore` — append-only JSONL store of finished units;
- :class:`Context`, :class:`Unit`, :class:`Group`, :func:`run_unit` — the
  section 4.1 protocol, one fit per unit;
- :func:`run_groups` — runs groups through joblib (loky) or Dask;
- :data:`EXPERIMENTS`, :class:`Experiment` — the experiments, one object each;
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
from ._experiment import Experiment
from ._folders import write_report
from ._protocol import REFIT, Context, Group, Unit, grid_points, prepare_split, run_unit, split_seed
from ._reports import read_records
from ._results import (PAPER_METHODS, TASK_ORDER, average_ranks, curve_summary,
                       PREPRINT_TASK_ORDER, load_paper_table2, load_preprint_table2, paper_comparison,
                       preprint_comparison, preprint_ranks, stage_results, load_preprint_fig2,
                       preprint_fig2_gap,
                       table2_markdown, table2_summary)
from ._runner import run_groups
from ._saved_tables import load_results
from ._store import ResultStore
from .catalog import EXPERIMENTS
from .catalog.defaults import defaults_groups
from .catalog.kbudget import kbudget_groups
from .catalog.landmarks import landmark_groups
from .catalog.scaling import run_scaling, scaling_sizes, scaling_time_limit
from .catalog.table2 import table2_groups, table2_runs
from .catalog.table2_2019 import preprint_groups, preprint_runs
from .catalog.thesis import thesis_groups
from .catalog.toy import toy_groups

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
    "EXPERIMENTS", "Experiment", "defaults_groups", "preprint_groups", "preprint_runs",
    "thesis_groups",
]
