"""
A slice of Table 2, run by the experiment API
=============================================

Table 2 of the GBRFF paper (Gautheron et al., ECML-PKDD 2020) compares six
methods on 16 UCI tasks: per task, 20 random 70/30 splits; on each, every
method's grid searched by 5-fold cross-validation on the training part, a
refit, and the test accuracy. ``python -m gbrff.experiments table2`` runs
it all; this example runs one cell of it from Python, with the same
pieces:

- :class:`gbrff.experiments.Context` says where the data and the methods
  come from;
- :func:`gbrff.experiments.table2_groups` plans the fits;
- :func:`gbrff.experiments.run_groups` runs them into a
  :class:`gbrff.experiments.ResultStore`, a file of finished fits that a
  run started again completes instead of redoing;
- :func:`gbrff.experiments.table2_runs` and
  :func:`gbrff.experiments.table2_summary` read the table back, and
  :func:`gbrff.experiments.paper_comparison` puts the paper's numbers
  beside it.
"""

# %%
# The wine task, without a download
# ----------------------------------
# The UCI tasks are read from files that ``python -m gbrff.datasets
# download`` fetches. One of them ships with scikit-learn: the *wine* task
# (178 wines, 13 features, cultivar 1 against the two others) is
# ``load_wine`` with class 0 as the positive class, the same numbers as the
# UCI file. A ``Context`` takes any loader of the form
# ``loader(task, data_dir=None) -> (X, y)``, so we give it that one.
import tempfile
from pathlib import Path

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import load_wine

from gbrff.experiments import (Context, ResultStore, paper_comparison, run_groups,
                               table2_groups, table2_runs, table2_summary)

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16})


def load_offline(task, data_dir=None):
    """The paper's wine task from scikit-learn's copy of the UCI file."""
    if task != "wine":
        raise ValueError(f"only the wine task is available offline, not {task!r}")
    X, target = load_wine(return_X_y=True)
    return X, np.where(target == 0, 1, -1)


context = Context(uci_loader=load_offline)

# %%
# Plan and run
# ------------
# Three of Table 2's methods (GBRFF1, LightGBM and GBRFF2), 5 splits
# instead of 20, and ``n_values=2``: two values of each hyper-parameter of
# the paper's grids (their ends) instead of five, so that the run takes
# seconds. Everything else is the paper's protocol: 100 iterations,
# standardisation on the training part, 5-fold CV, the seeds of the splits.
groups = table2_groups(context, ["wine"], ["GBRFF1", "LGBM", "GBRFF2"], n_splits=5,
                       n_values=2)
with tempfile.TemporaryDirectory() as folder:
    with ResultStore(Path(folder) / "store.jsonl") as store:
        stats = run_groups(groups, store, context, progress=False)
        print(f"{stats['computed']} fits (CV folds and refits) in {stats['seconds']:.1f} s")
        again = run_groups(groups, store, context, progress=False)
        print(f"started again: {again['computed']} fits, "
              f"{again['already_complete']} of {len(groups)} groups already complete")
        runs = table2_runs(store.records())

# %%
# ``runs`` has one row per task, method and split: the test accuracy, the
# grid point chosen by cross-validation and the refit's time. The summary is
# the cell of Table 2, and ``paper_comparison`` puts the published value
# beside it (accuracy in %).
summary = table2_summary(runs)
comparison = paper_comparison(summary)[["task", "method", "n_splits", "mean", "std",
                                        "paper_mean", "paper_std", "diff"]]
print(comparison.round(1).to_string(index=False))

# %%
# The picture
# -----------
# Each marker is one split's test accuracy; the black diamond and bar are
# the paper's mean ± standard deviation over its 20 splits.
methods = list(summary["method"])
styles = {"GBRFF1": ("#56B4E9", "o"), "LGBM": ("#E69F00", "^"), "GBRFF2": ("#0072B2", "s")}
fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
for k, method in enumerate(methods):
    acc = 100 * runs.loc[runs["method"] == method, "test_accuracy"].to_numpy()
    color, marker = styles[method]
    ax.scatter(k - 0.12 + np.linspace(-0.08, 0.08, acc.size), acc, s=110, color=color,
               marker=marker, edgecolors="black", zorder=3,
               label="this run, one marker a split" if k == 0 else None)
    paper = comparison.loc[comparison["method"] == method].iloc[0]
    ax.errorbar(k + 0.2, paper["paper_mean"], yerr=paper["paper_std"], fmt="D", markersize=11,
                color="black", capsize=8, linewidth=2.5,
                label="paper: mean ± std, 20 splits" if k == 0 else None)
ax.set_xticks(range(len(methods)), methods)
ax.set_xlim(-0.6, len(methods) - 0.4)
ax.set_ylabel("test accuracy (%)")
ax.set_title("Table 2, task wine: 5 splits, reduced grids")
fig.legend(loc="outside lower center", ncols=2)
ax.grid(axis="y", alpha=0.3)
plt.show()

# %%
# With 54 test wines a split, one mistake costs 1.9 points, which is the
# spread of the markers. For the whole table, the command line runs every
# task and method, in parallel (``--n-jobs``) or on a Dask cluster, and
# writes the reports (``table2.md``, ``summary.csv``, the figures):
# ``python -m gbrff.experiments table2 --help``. The user guide's page on
# the experiment runner explains the protocol and the store.
