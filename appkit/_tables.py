"""Tables of the UCI page, from the stored results (pandas only, no Streamlit).

The numbers are read from ``results/`` (:func:`appkit.stored_results`), never
written here: the out-of-the-box run (``results/defaults/summary.csv``, its
``runs.csv`` for the fit times) and the cross-validated choice of GBRFF2+'s
ingredients (``results/gbrff2plus/cv_summary.csv``). :func:`table_columns`
sizes the columns of the wide task × method tables so that they fit a
projector.
"""

import math
import re

import pandas as pd

from gbrff.viz.style import superscript

__all__ = ["ablation_table", "defaults_overview", "table_columns"]

#: the method name prefix a column's label drops (its tooltip keeps the whole name): RFF-SKL -> SKL
_SHARED_PREFIX = "RFF-"
# px of text in the data frame's 14-px font, per character, and of a cell's padding (measured in Chromium)
_PX_CELL, _PX_INDEX, _PX_HEADER, _PX_PAD = 5.6, 6.8, 7.6, 12


def defaults_overview(summary, runs=None, label="method at its defaults"):
    """One row per method at its defaults: mean test accuracy (%) over the tasks where every
    method has a result, its average rank there (:func:`gbrff.experiments.average_ranks`, 1 =
    best), the number of tasks and splits, and the mean fit time (s) when ``runs`` is given;
    best mean first; ``label`` names the index. Its ``attrs["tasks"]`` are the tasks averaged
    (also for a tuned ``summary``, e.g. Table 2's, cut to a few methods)."""
    from gbrff.experiments import average_ranks

    ranks = average_ranks(summary)
    tasks = ranks.attrs.get("tasks", [])
    wide = summary.pivot(index="task", columns="method", values="mean").reindex(index=tasks,
                                                                                 columns=list(ranks.index))
    out = pd.DataFrame({"mean accuracy (%)": wide.mean(axis=0), "average rank": ranks,
                        "tasks": len(tasks),
                        "splits": summary.groupby("method")["n_splits"].min().reindex(ranks.index)})
    if runs is not None and "fit_seconds" in runs:
        out["fit (s)"] = runs[runs["task"].isin(tasks)].groupby("method")["fit_seconds"].mean()
    out = out.sort_values("mean accuracy (%)", ascending=False).rename_axis(label)
    out.attrs["tasks"] = tasks
    return out


def _readable(candidate):
    """A candidate's name as the documentation writes it: ``lambda 2^-4`` → ``λ = 2⁻⁴``, ``gamma`` → ``γ``."""
    text = re.sub(r"2\^(-?\d+)", lambda m: "2" + superscript(m.group(1)), candidate)
    return re.sub(r"\blambda\b", "λ =", re.sub(r"\bgamma\b", "γ =", text))


def ablation_table(cv):
    """The candidates of GBRFF2+'s cross-validation, one row each, in the order tried: the round,
    the candidate (its departures from GBRFF2's defaults), the splits whose training parts it was
    cross-validated on, its mean CV accuracy (%) over the tasks and its mean fit time (s), and
    whether it is the best of its round (``best in round``: the candidates of a round share their
    splits, so only they compare)."""
    need = {"round", "candidate", "splits", "cv_mean"}
    if not need <= set(cv.columns):
        raise ValueError(f"cv_summary.csv lacks the columns {sorted(need - set(cv.columns))}")
    candidate = cv["candidate"].astype(str).map(_readable)
    if "fkl_scale_fit" in cv:  # the later rounds' cheaper scale fit, where it is not the first rounds' one
        fit = cv["fkl_scale_fit"].fillna("-").astype(str)
        other = ~fit.isin(["-", "all rows, tol 1e-6"])
        candidate = candidate.where(~other, candidate + " (scale fit: " + fit.str.replace("<=", "≤ ") + ")")
    out = pd.DataFrame({"round": cv["round"].astype(int), "candidate": candidate,
                        "CV mean (%)": cv["cv_mean"].astype(float)})
    if "fit_seconds" in cv:
        out["fit (s)"] = cv["fit_seconds"].astype(float)
    out["splits"] = cv["splits"].astype(str).str.replace(",", ", ")
    out["best in round"] = out["CV mean (%)"] == out.groupby("round")["CV mean (%)"].transform("max")
    return out.reset_index(drop=True)


def table_columns(wide, index_label="task", compact=True):
    """Column configuration (``st.dataframe``'s ``column_config``, as plain dicts) of a wide task × method
    table of text cells, such as the UCI page's Table 2: the index pinned under ``index_label``; with
    ``compact``, each column as wide as its longest cell or label and no wider, and the methods of Fourier
    kernel learning labelled without their shared ``RFF-`` (SKL, SQL-SKL, MKL). Each method's tooltip
    gives its whole name and its reference (the registry's).

    Measured in Chromium on the committed results' short cells (``98.9 (+0.4)``): the task and the
    paper's six methods take 544 px, within a 1024-px screen's column (562 px, sidebar open); all ten
    methods take about 780 px, within a 1280-px one's (818 px). Without ``compact`` (the long cells of
    the "full" view) Streamlit sizes the columns, and the table scrolls sideways.
    """
    index = [str(v) for v in wide.index]
    config = {"_index": {"label": index_label, "pinned": True}}
    if compact and index:
        config["_index"]["width"] = _px(index_label, index, _PX_INDEX)
    from gbrff.methods import METHODS

    for col in wide.columns:
        name = str(col)
        label = name.removeprefix(_SHARED_PREFIX) if compact else name
        spec = METHODS.get(name)
        config[name] = {"label": label, "help": f"{name}: {spec.reference}" if spec is not None else name}
        if compact:
            config[name]["width"] = _px(label, [str(v) for v in wide[col]], _PX_CELL)
    return config


def _px(header, cells, cell_px):
    """Whole pixels holding ``header`` and the longest of ``cells``, with a cell's padding."""
    return math.ceil(max([len(header) * _PX_HEADER] + [len(c) * cell_px for c in cells]) + _PX_PAD)
