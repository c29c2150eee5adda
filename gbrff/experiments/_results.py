"""From stored records to tables: runs, summaries, average ranks, the paper's values.

Everything here reads the store only (no data, no fitting), so reports can be
rebuilt anywhere from a committed store.
"""

from __future__ import annotations

import json
from importlib import resources

import numpy as np
import pandas as pd
from scipy.stats import rankdata

from ..methods import METHODS, PREPRINT_METHODS
from ..datasets import UCI_TASKS
from ._protocol import REFIT

__all__ = [
    "PAPER_TABLE2", "PAPER_METHODS", "TASK_ORDER", "load_paper_table2",
    "stage_results", "table2_summary", "average_ranks",
    "paper_comparison", "table2_markdown", "curve_summary",
    "PREPRINT_TABLE2", "PREPRINT_TASK_ORDER", "PREPRINT_METHODS", "load_preprint_table2",
    "preprint_ranks", "preprint_markdown", "preprint_comparison",
    "load_preprint_fig2", "preprint_fig2_gap",
]

#: The paper's Table 2, a file of the package (read with importlib.resources).
PAPER_TABLE2 = resources.files("gbrff.experiments") / "paper_table2.csv"
#: The methods of the paper's Table 2, in the order of its columns.
PAPER_METHODS = tuple(name for name, spec in METHODS.items() if spec.in_paper)  # Table 2's columns
#: The 16 tasks in the order of the paper's Table 1.
TASK_ORDER = UCI_TASKS  # Table 1's order
#: The 2019 preprint's Table 2 (its "GBRFF" column is GBRFF-LS here).
PREPRINT_TABLE2 = resources.files("gbrff.experiments") / "preprint2019_table2.csv"
#: The 14 tasks of the preprint's Table 1, in its order (glass added; no
#: vehicle, occupancy, bankmarketing).
PREPRINT_TASK_ORDER = ("wine", "sonar", "glass", "newthyroid", "heart", "bupa", "iono", "wdbc",
                       "balance", "australian", "pima", "german", "splice", "spambase")
#: The 2019 preprint's Fig. 2 as its text reads it (section 4.2): GBRFF − PBRFF mean
#: accuracy over its 14 tasks and the tasks GBRFF wins, per number of landmarks;
#: the two means are given at 200 only, the wins not at 3 (its "12 of 14 with less
#: than 3 landmarks" is read as the count at 1).
PREPRINT_FIG2 = resources.files("gbrff.experiments") / "preprint2019_fig2.csv"
RUNS_COLUMNS = ["task", "method", "split", "seed", "test_accuracy", "best_params",
                "fit_seconds"]
SUMMARY_COLUMNS = ["task", "method", "n_splits", "mean", "std"]


def load_paper_table2() -> pd.DataFrame:
    """The paper's Table 2 (Gautheron et al., ECML-PKDD 2020), as published.

    Returns
    -------
    pandas.DataFrame
        Columns task, method, mean, std (accuracy in %), one row per published cell.

    See Also
    --------
    paper_comparison : Reproduced against published.

    Examples
    --------
    >>> from gbrff.experiments import load_paper_table2
    >>> paper = load_paper_table2()
    >>> paper.iloc[0].to_dict()
    {'task': 'wine', 'method': 'BMKR', 'mean': 99.5, 'std': 1.0}
    """
    with PAPER_TABLE2.open("r", encoding="utf-8") as fh:
        df = pd.read_csv(fh).rename(columns={"dataset": "task"})
    return df[["task", "method", "mean", "std"]]


def load_preprint_table2() -> pd.DataFrame:
    """The 2019 preprint's Table 2, as published, its GBRFF named GBRFF-LS.

    Returns
    -------
    pandas.DataFrame
        Columns task, method, mean, std (accuracy in %).

    See Also
    --------
    preprint_comparison : Reproduced against published.

    Examples
    --------
    >>> from gbrff.experiments import load_preprint_table2
    >>> sorted(load_preprint_table2()["method"].unique())
    ['BMKR', 'GBRFF-LS', 'LGBM', 'MKBoost', 'PBRFF', 'XGB']
    """
    with PREPRINT_TABLE2.open("r", encoding="utf-8") as fh:
        df = pd.read_csv(fh).rename(columns={"dataset": "task"})
    df["method"] = df["method"].replace({"GBRFF": "GBRFF-LS"})
    return df[["task", "method", "mean", "std"]]


def _order(values, order):
    rank = {v: i for i, v in enumerate(order)}
    return [rank.get(v, len(order)) for v in values]


def _sort(df, task_col="task", tasks=TASK_ORDER):
    if df.empty:
        return df
    keys = pd.DataFrame({
        "_t": _order(df[task_col], tasks),
        "_m": _order(df["method"], tuple(METHODS)),
    }, index=df.index)
    cols = ["_t", task_col, "_m", "method"] + [c for c in ("split",) if c in df]
    return (pd.concat([df, keys], axis=1).sort_values(cols, kind="stable")
            .drop(columns=["_t", "_m"]).reset_index(drop=True))


def _grid_size(record):
    return record.get("grid_size") or len(record.get("grid") or [])


def stage_results(records, experiment) -> pd.DataFrame:
    """One row per (data, split, method, setting, stage) with its test accuracy.

    Among refits of the same setting chosen by different grids (a quick run
    then the full one in the same store), the largest grid wins, then the
    latest.

    Parameters
    ----------
    records : list of dict
        A store's records (the refits are read, the CV units ignored).
    experiment : str
        The experiment whose records are read.

    Returns
    -------
    pandas.DataFrame
        Columns task, data, split, seed, method, fixed, n_iter, stage,
        test_accuracy, best_params, fit_seconds, grid_size (the number of
        settings the refit's grid search compared).

    Examples
    --------
    >>> from gbrff.experiments import REFIT, Context, Group, run_unit, stage_results
    >>> g = Group("demo", ("toy", "moons", 60, 60), 0, 0, "GBRFF2", [{"gamma": 0.5}], 10)
    >>> records = [run_unit(Context(), g.unit({"gamma": 0.5}, REFIT))]
    >>> stage_results(records, "demo")[["task", "method", "stage", "test_accuracy"]].round(3)
        task  method  stage  test_accuracy
    0  moons  GBRFF2     10          0.983
    """
    by_id = {}
    for r in records:
        if r.get("experiment") != experiment or r.get("fold") != REFIT:
            continue
        ident = json.dumps([r["data"], r["split"], r["seed"], r["method"],
                            r.get("fixed", {}), r["n_iter"], r.get("stages")],
                           sort_keys=True)
        by_id.setdefault(ident, []).append(r)
    rows = []
    for recs in by_id.values():
        grids = {}
        for r in recs:
            grids.setdefault(r.get("grid_id", ""), []).append(r)
        chosen = max(grids.values(), key=lambda rs: (_grid_size(rs[0]),
                                                     max(x["finished"] for x in rs)))
        base = chosen[0]
        common = {"task": base["task"], "data": json.dumps(base["data"]),
                  "split": base["split"], "seed": base["seed"],
                  "method": base["method"], "fixed": json.dumps(base.get("fixed", {}),
                                                                 sort_keys=True),
                  "n_iter": base["n_iter"], "grid_size": _grid_size(base)}
        stages = base.get("stages")
        if not stages:
            r = chosen[0]
            rows.append({**common, "stage": base["n_iter"], "test_accuracy": r["score"],
                         "best_params": json.dumps(r["params"], sort_keys=True),
                         "fit_seconds": r["fit_seconds"]})
            continue
        for s, stage in enumerate(stages):
            hit = [r for r in chosen if stage in (r.get("chosen_stages") or [])]
            if not hit:
                continue
            r = hit[0]
            rows.append({**common, "stage": stage, "test_accuracy": r["score"][s],
                         "best_params": json.dumps(r["params"], sort_keys=True),
                         "fit_seconds": r["fit_seconds"]})
    cols = ["task", "data", "split", "seed", "method", "fixed", "n_iter", "stage",
            "test_accuracy", "best_params", "fit_seconds", "grid_size"]
    return pd.DataFrame(rows, columns=cols)


def table2_summary(runs: pd.DataFrame) -> pd.DataFrame:
    """``summary.csv``: the mean and standard deviation over splits of each cell.

    Parameters
    ----------
    runs : pandas.DataFrame
        One row per task, method and split, as :func:`table2_runs` gives it
        (``test_accuracy`` in [0, 1]).

    Returns
    -------
    pandas.DataFrame
        Columns task, method, n_splits, mean, std (accuracy in %); ``std`` is
        the population standard deviation over splits (ddof=0).

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.experiments import table2_summary
    >>> runs = pd.DataFrame({"task": ["wine"] * 2, "method": ["GBRFF2"] * 2,
    ...                      "test_accuracy": [0.96, 1.0]})
    >>> table2_summary(runs)
       task  method  n_splits  mean  std
    0  wine  GBRFF2         2  98.0  2.0
    """
    if runs.empty:
        return pd.DataFrame(columns=SUMMARY_COLUMNS)
    g = runs.groupby(["task", "method"], sort=False)["test_accuracy"]
    out = pd.DataFrame({
        "n_splits": g.size(),
        "mean": g.mean() * 100,
        "std": g.agg(lambda a: np.std(np.asarray(a, dtype=float))) * 100,
    }).reset_index()
    return _sort(out[SUMMARY_COLUMNS])


def average_ranks(summary: pd.DataFrame, tasks=TASK_ORDER[:15], methods=None,
                  include_mean_row=False) -> pd.Series:
    """Average rank of each method over ``tasks`` (rank 1 = highest mean accuracy).

    Per task the methods are ranked by mean accuracy (ties share the average
    rank), then the ranks are averaged over the tasks, as section 4.5 of the
    paper says ("average ranks ... over the first 15 datasets"). Only tasks
    where every method has a result count; means equal to 1e-9 tie.

    Parameters
    ----------
    summary : pandas.DataFrame
        Columns task, method, mean, as :func:`table2_summary` gives them.
    tasks : sequence of str, default=TASK_ORDER[:15]
        The tasks ranked over (the paper's first 15).
    methods : sequence of str or None, default=None
        The methods ranked among; None: every method of ``summary``.
    include_mean_row : bool, default=False
        Also rank the "Mean" row as one more row: the reading under which the
        paper's published ranks come out (their sums are multiples of 1/16).

    Returns
    -------
    pandas.Series
        The average rank by method; ``attrs["n_tasks"]`` and ``attrs["tasks"]``
        say which tasks counted.

    Examples
    --------
    The paper's own numbers give its ranks back:

    >>> from gbrff.experiments import average_ranks, load_paper_table2
    >>> summary = load_paper_table2()
    >>> average_ranks(summary, include_mean_row=True).round(2).to_dict()
    {'BMKR': 2.94, 'GBRFF1': 3.84, 'GBRFF2': 2.09, 'GFC': 5.03, 'LGBM': 3.38, 'PBRFF': 3.72}
    """
    piv = summary.pivot(index="task", columns="method", values="mean")
    methods = [m for m in (methods or piv.columns) if m in piv.columns]
    piv = piv.reindex(index=[t for t in tasks if t in piv.index], columns=methods)
    piv = piv.dropna()
    if piv.empty:
        return pd.Series(dtype=float, name="average_rank")
    # equal means must tie: the same accuracies summed in another order differ
    # in the last bits (a real difference of two means over 20 splits is at
    # least 1e-4 points of %)
    rows = np.round(piv.to_numpy(), 9)
    if include_mean_row:
        rows = np.vstack([rows, rows.mean(axis=0)])
    ranks = np.array([rankdata(-r, method="average") for r in rows])
    out = pd.Series(ranks.mean(axis=0), index=methods, name="average_rank")
    out.attrs["n_tasks"] = len(piv)
    out.attrs["tasks"] = list(piv.index)
    return out


def paper_comparison(summary: pd.DataFrame, paper=None) -> pd.DataFrame:
    """Reproduced against published mean accuracy per task and method.

    Parameters
    ----------
    summary : pandas.DataFrame
        The reproduced summary (:func:`table2_summary`).
    paper : pandas.DataFrame or None, default=None
        The published table; None: :func:`load_paper_table2`.

    Returns
    -------
    pandas.DataFrame
        ``summary``'s columns and ``paper_mean``, ``paper_std`` and ``diff``
        (reproduced − published, in points of %), in Table 1's task order.

    Examples
    --------
    >>> from gbrff.experiments import load_paper_table2, paper_comparison
    >>> summary = load_paper_table2().assign(n_splits=20)
    >>> summary["mean"] += 0.5
    >>> paper_comparison(summary)[["task", "method", "diff"]].head(2)
       task method  diff
    0  wine   BMKR   0.5
    1  wine    GFC   0.5
    """
    paper = load_paper_table2() if paper is None else paper
    df = summary.merge(paper.rename(columns={"mean": "paper_mean", "std": "paper_std"}),
                       on=["task", "method"], how="left")
    df["diff"] = df["mean"] - df["paper_mean"]
    return _sort(df)


def _cell(mean, std):
    return f"{mean:.1f} ± {std:.1f}"


def _reproduced(r):
    """A reproduced cell: mean ± std (n splits)."""
    return f"{_cell(r['mean'], r['std'])} (n={int(r['n_splits'])})"


def _task_rows(comp, tasks, methods, cell):
    """A Markdown table's head and one row per task: ``cell(row, method)`` for each
    method's row of ``comp`` (columns task, method, ...), "–" where it has none."""
    idx = comp.set_index(["task", "method"])
    lines = ["| task | " + " | ".join(methods) + " |", "|" + "---|" * (len(methods) + 1)]
    for t in tasks:
        cells = [cell(idx.loc[(t, m)], m) if (t, m) in idx.index else "–" for m in methods]
        lines.append(f"| {t} | " + " | ".join(cells) + " |")
    return lines


def table2_markdown(summary: pd.DataFrame, paper=None, methods=None,
                    compare=("GBRFF1", "GBRFF2"), ranked=None) -> str:
    """Table 2 as Markdown, with the paper's values beside the reproduced ones.

    Each cell is mean ± std (n splits); beside each number of the ``compare``
    methods, the paper's value and the difference; then the Mean row and the
    average ranks over the first 15 tasks.

    Parameters
    ----------
    summary : pandas.DataFrame
        The reproduced summary (:func:`table2_summary`).
    paper : pandas.DataFrame or None, default=None
        The published table; None: :func:`load_paper_table2`.
    methods : sequence of str or None, default=None
        The columns, in order; None: every method, in the registry's order.
    compare : tuple of str, default=("GBRFF1", "GBRFF2")
        The methods whose cells show the paper's value and the difference.
    ranked : sequence of str or None, default=None
        The methods the two rank rows rank among (default: every column);
        when it leaves columns out (methods beyond the paper beside the
        paper's six), a third row ranks all columns together.

    Returns
    -------
    str
        The Markdown table, one line per task and the summary rows.

    Examples
    --------
    >>> from gbrff.experiments import load_paper_table2, table2_markdown
    >>> summary = load_paper_table2().assign(n_splits=20)
    >>> text = table2_markdown(summary[summary["task"] == "wine"], methods=["GBRFF1", "GBRFF2"])
    >>> print(text.splitlines()[2])
    | wine | 98.3 ± 1.5 (n=20)<br>paper 98.3, Δ +0.0 | 98.5 ± 1.6 (n=20)<br>paper 98.5, Δ +0.0 |
    """
    paper = load_paper_table2() if paper is None else paper
    comp = paper_comparison(summary, paper)
    present = list(dict.fromkeys(comp["method"]))
    if methods is None:
        order = tuple(METHODS)
        methods = [m for m in order if m in present] + [m for m in present if m not in order]
    methods = [m for m in methods if m in present]
    ranked = methods if ranked is None else [m for m in methods if m in ranked]
    tasks = [t for t in TASK_ORDER if t in set(comp["task"])]
    tasks += [t for t in dict.fromkeys(comp["task"]) if t not in tasks]

    def cell(r, m):
        c = _reproduced(r)
        if m in compare and not np.isnan(r["paper_mean"]):
            c += f"<br>paper {r['paper_mean']:.1f}, Δ {r['diff']:+.1f}"
        return c

    def rank_row(ranks):
        return " | ".join(f"{ranks[m]:.2f}" if m in ranks else "–" for m in methods)

    lines = _task_rows(comp, tasks, methods, cell)
    first15 = [t for t in TASK_ORDER[:15] if t in tasks]
    piv = summary.pivot(index="task", columns="method", values="mean")
    pst = summary.pivot(index="task", columns="method", values="std")
    full = piv.reindex(index=first15, columns=methods).dropna(axis=0)
    mean_cells = [_cell(full[m].mean(), pst.reindex(index=full.index)[m].mean())
                  if m in piv and full.shape[0] else "–" for m in methods]
    ranks = average_ranks(summary, tasks=first15, methods=ranked)
    ranks16 = average_ranks(summary, tasks=first15, methods=ranked, include_mean_row=True)
    n_full = full.shape[0]
    among = ("" if ranked == methods else f", among the paper's {len(ranked)}"
             if set(ranked) <= set(PAPER_METHODS) else f", among {len(ranked)}")
    lines.append(f"| Mean ({n_full} tasks with all methods) | " + " | ".join(mean_cells) + " |")
    lines.append(f"| Average rank ({ranks.attrs.get('n_tasks', 0)} tasks{among}) | " + rank_row(ranks) + " |")
    lines.append("| Average rank (+ Mean row) | " + rank_row(ranks16) + " |")
    if ranked != methods:
        every = average_ranks(summary, tasks=first15, methods=methods)
        lines.append(f"| Average rank ({every.attrs.get('n_tasks', 0)} tasks, all {len(methods)}) | "
                     + rank_row(every) + " |")
    return "\n".join(lines) + "\n"


def curve_summary(df: pd.DataFrame, by) -> pd.DataFrame:
    """Mean test accuracy (in %) over splits per task, then over tasks.

    Parameters
    ----------
    df : pandas.DataFrame
        One row per fit: ``task``, ``test_accuracy`` and the ``by`` columns.
    by : sequence of str
        The columns a curve's points are told apart by (e.g. ``["method",
        "n_landmarks"]``).

    Returns
    -------
    pandas.DataFrame
        One row per ``by`` with ``mean`` (over tasks of the per-task mean over
        splits), ``n_tasks`` and ``n_splits`` (minimum over tasks).

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.experiments import curve_summary
    >>> df = pd.DataFrame({"task": ["a", "a", "b", "b"], "K": [1, 1, 1, 1],
    ...                    "test_accuracy": [0.8, 0.9, 0.7, 0.7]})
    >>> curve_summary(df, ["K"])
       K  mean  n_tasks  n_splits
    0  1  77.5        2         2
    """
    by = list(by)
    per_task = (df.groupby(by + ["task"], sort=True)["test_accuracy"]
                .agg(["mean", "size"]).reset_index())
    out = (per_task.groupby(by, sort=True)
           .agg(mean=("mean", "mean"), n_tasks=("task", "nunique"),
                n_splits=("size", "min"))
           .reset_index())
    out["mean"] *= 100
    return out


def preprint_comparison(summary: pd.DataFrame, paper=None, how="left") -> pd.DataFrame:
    """Reproduced against published (2019 preprint) per task and method.

    Parameters
    ----------
    summary : pandas.DataFrame
        The reproduced summary (:func:`table2_summary`).
    paper : pandas.DataFrame or None, default=None
        The published table; None: :func:`load_preprint_table2`.
    how : {"left", "outer"}, default="left"
        "outer" also keeps the published cells not reproduced.

    Returns
    -------
    pandas.DataFrame
        ``summary``'s columns and ``paper_mean``, ``paper_std``, ``diff``
        (reproduced − published, points) and ``within``: True when the cell
        has 20 splits and is at most max(1.5, published std) from the
        published mean (the reproduction's target), False when it misses, None
        when either value is absent; ``close`` the same without the 20 splits
        (a cell still running can be close but not yet within).

    Examples
    --------
    >>> from gbrff.experiments import load_preprint_table2, preprint_comparison
    >>> summary = load_preprint_table2().assign(n_splits=20)
    >>> preprint_comparison(summary)[["task", "method", "diff", "within"]].head(2)
       task method  diff within
    0  wine    XGB   0.0   True
    1  wine   LGBM   0.0   True
    """
    paper = load_preprint_table2() if paper is None else paper
    comp = summary.merge(paper.rename(columns={"mean": "paper_mean", "std": "paper_std"}),
                         on=["task", "method"], how=how)
    comp["diff"] = comp["mean"] - comp["paper_mean"]
    known = comp["diff"].notna()
    close = comp["diff"].abs() <= comp["paper_std"].clip(lower=1.5)
    full = comp["n_splits"].fillna(0) >= 20
    comp["close"] = close.astype(object).where(known, None)
    comp["within"] = (close & full).astype(object).where(known, None)
    return comp


def preprint_ranks(summary: pd.DataFrame, methods=PREPRINT_METHODS) -> pd.DataFrame:
    """Average ranks over the tasks where every method has a result, two ways.

    Parameters
    ----------
    summary : pandas.DataFrame
        The reproduced summary (:func:`table2_summary`).
    methods : sequence of str, default=PREPRINT_METHODS
        The methods ranked among (the preprint's six).

    Returns
    -------
    pandas.DataFrame
        By method: ``average_rank``, rank sums divided by the number of tasks
        (correct); ``paper_way``, rank sums divided by 15 over the 14 tasks
        (NaN over fewer), ties broken by column order (the preprint's printed
        row: its sonar tie LGBM = GBRFF goes to LGBM, the earlier column) — the
        reading that gives its 3.40, 3.20, 4.40, 3.07, 2.80, 2.73 from its own
        numbers; and ``n_tasks``.

    Examples
    --------
    >>> from gbrff.experiments import load_preprint_table2, preprint_ranks
    >>> preprint_ranks(load_preprint_table2())["paper_way"].round(2).tolist()
    [3.4, 3.2, 4.4, 3.07, 2.8, 2.73]
    """
    piv = summary.pivot(index="task", columns="method", values="mean")
    methods = [m for m in methods if m in piv.columns]
    piv = piv.reindex(index=[t for t in PREPRINT_TASK_ORDER if t in piv.index],
                      columns=methods).dropna()
    if piv.empty:
        return pd.DataFrame(columns=["average_rank", "paper_way", "n_tasks"])
    rows = np.round(piv.to_numpy(), 9)
    tied = np.array([rankdata(-r, method="average") for r in rows])
    ordinal = np.array([rankdata(-r, method="ordinal") for r in rows])
    # the preprint's reading exists only over its 14 tasks
    paper_way = ordinal.sum(axis=0) / 15.0 if len(piv) == len(PREPRINT_TASK_ORDER) else np.nan
    out = pd.DataFrame({"average_rank": tied.mean(axis=0),
                        "paper_way": paper_way,
                        "n_tasks": len(piv)}, index=pd.Index(methods, name="method"))
    return out


def load_preprint_fig2() -> pd.DataFrame:
    """The 2019 preprint's Fig. 2 as its text gives it.

    Returns
    -------
    pandas.DataFrame
        Columns n_landmarks, gap (GBRFF − PBRFF, points), gbrff_wins (tasks
        of 14), pbrff_mean, gbrff_mean (accuracy in %); NaN where the text says
        nothing.

    Examples
    --------
    >>> from gbrff.experiments import load_preprint_fig2
    >>> load_preprint_fig2().iloc[0][["n_landmarks", "gap", "gbrff_wins"]].tolist()
    [200.0, 0.54, 8.0]
    """
    with PREPRINT_FIG2.open("r", encoding="utf-8") as fh:
        return pd.read_csv(fh)


def preprint_fig2_gap(per_task: pd.DataFrame, gbrff="GBRFF-LS", pbrff="PBRFF") -> pd.DataFrame:
    """The preprint's Fig. 2 from ``landmarks --protocol 2019``'s ``per_task.csv``.

    For each number of landmarks, over the tasks where both methods have
    results: their mean accuracies (the mean over tasks of each task's mean
    over its splits, in %), the gap GBRFF − PBRFF, the tasks where GBRFF is
    strictly better, with the published gap and wins beside them.

    Parameters
    ----------
    per_task : pandas.DataFrame
        Columns task, method, n_landmarks, mean, n_splits.
    gbrff : str, default="GBRFF-LS"
        The method in GBRFF's place.
    pbrff : str, default="PBRFF"
        The method in PBRFF's place.

    Returns
    -------
    pandas.DataFrame
        Columns n_landmarks, pbrff_mean, gbrff_mean, gap, gbrff_wins, ties,
        n_tasks, min_splits, max_splits, paper_gap, paper_gbrff_wins.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.experiments import preprint_fig2_gap
    >>> per_task = pd.DataFrame({"task": ["sonar", "sonar", "wine", "wine"],
    ...                          "method": ["GBRFF-LS", "PBRFF"] * 2, "n_landmarks": 1,
    ...                          "mean": [80.0, 75.0, 95.0, 96.0], "n_splits": 20})
    >>> preprint_fig2_gap(per_task)[["n_landmarks", "gap", "gbrff_wins", "paper_gap"]]
       n_landmarks  gap  gbrff_wins  paper_gap
    0            1  2.0           1       4.94
    """
    ours = ["n_landmarks", "pbrff_mean", "gbrff_mean", "gap", "gbrff_wins", "ties", "n_tasks",
            "min_splits", "max_splits"]
    piv = per_task[per_task["method"].isin([gbrff, pbrff])].pivot_table(
        index=["n_landmarks", "task"], columns="method", values=["mean", "n_splits"])
    rows = []
    if not piv.empty and {gbrff, pbrff} <= set(piv["mean"].columns):
        piv = piv.dropna()
        for n_l, d in piv.groupby(level="n_landmarks"):
            g, p = d["mean"][gbrff], d["mean"][pbrff]
            splits = d["n_splits"]
            rows.append({"n_landmarks": int(n_l), "pbrff_mean": p.mean(), "gbrff_mean": g.mean(),
                         "gap": g.mean() - p.mean(), "gbrff_wins": int((g > p).sum()),
                         "ties": int((g == p).sum()), "n_tasks": len(d),
                         "min_splits": int(splits.min().min()), "max_splits": int(splits.max().max())})
    out = pd.DataFrame(rows, columns=ours)
    paper = load_preprint_fig2()[["n_landmarks", "gap", "gbrff_wins"]].rename(
        columns={"gap": "paper_gap", "gbrff_wins": "paper_gbrff_wins"})
    out = out.merge(paper, on="n_landmarks", how="left")
    return out[ours + ["paper_gap", "paper_gbrff_wins"]].sort_values("n_landmarks").reset_index(drop=True)


def preprint_markdown(summary: pd.DataFrame, paper=None, methods=PREPRINT_METHODS) -> str:
    """The 2019 Table 2 as Markdown: reproduced mean ± std (n splits) and, below
    each, the published value and the difference; the Mean row and both rank rows."""
    paper = load_preprint_table2() if paper is None else paper
    comp = summary.merge(paper.rename(columns={"mean": "paper_mean", "std": "paper_std"}),
                         on=["task", "method"], how="outer")
    methods = [m for m in methods if m in set(comp["method"])]

    def cell(r, m):
        if np.isnan(r.get("mean", np.nan)):
            return f"– <br>paper {r['paper_mean']:.2f} ± {r['paper_std']:.1f}"
        c = _reproduced(r)
        if not np.isnan(r["paper_mean"]):
            tol = max(1.5, r["paper_std"])
            mark = "" if abs(r["mean"] - r["paper_mean"]) <= tol else " ✗"
            c += f"<br>paper {r['paper_mean']:.2f}, Δ {r['mean'] - r['paper_mean']:+.2f}{mark}"
        return c

    lines = _task_rows(comp, PREPRINT_TASK_ORDER, methods, cell)
    ranks = preprint_ranks(summary, methods)
    n = int(ranks["n_tasks"].iloc[0]) if len(ranks) else 0
    piv = summary.pivot(index="task", columns="method", values="mean")
    ran = [m for m in methods if m in ranks.index]  # the methods with results: the ranks' tasks
    full = piv.reindex(columns=ran).dropna() if n else piv.iloc[:0]
    lines.append(f"| Mean ({n} tasks with all methods) | "
                 + " | ".join(f"{full[m].mean():.2f}" if n and m in ran else "–" for m in methods) + " |")
    lines.append(f"| Average rank ({n} tasks, ÷ {n}) | "
                 + " | ".join(f"{ranks.loc[m, 'average_rank']:.2f}" if m in ranks.index else "–"
                              for m in methods) + " |")
    lines.append("| Average rank, the preprint's way (÷ 15; its 14 tasks only) | "
                 + " | ".join(f"{ranks.loc[m, 'paper_way']:.2f}"
                              if m in ranks.index and np.isfinite(ranks.loc[m, "paper_way"]) else "–"
                              for m in methods) + " |")
    return "\n".join(lines) + "\n"
