"""The paper's Table 2 and Figures 2–5 as Plotly figures: tables in, figures out.

The inputs are the tables that ``python -m gbrff.experiments`` writes (read
them back with :func:`gbrff.experiments.load_results`; the paper's own
numbers with :func:`gbrff.experiments.load_paper_table2`). Nothing here
reads a file, fits a model or imports Streamlit, so the app's UCI page and
the report writer draw the same pictures from the same tables. Every figure
states on itself how many splits or seeds its points rest on.

Each method keeps its colour across all figures: the registry's
(:data:`gbrff.methods.METHODS`), as is the order of the legends.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..methods import METHODS
from ._axes import count as _count
from ._axes import count_axis as _count_axis
from ._axes import log_range as _log_range
from ._axes import span as _span
from ._legend import LEGEND_UNDER as _LEGEND_UNDER
from ._legend import room_under as _room_under

__all__ = [
    "table2_figure", "table2_diff_figure", "landmarks_figure", "kbudget_figure",
    "scaling_figure", "toy_figure", "preprint_fig1_figure", "preprint_fig2_figure", "signed",
]

_FONT = dict(size=16)
def signed(value, digits=1) -> str:
    """A difference with its sign, ``+1.3`` or ``-0.4``.

    One that rounds to zero is ``0.0``, never ``-0.0`` (what
    ``f"{-0.04:+.1f}"`` writes).

    Parameters
    ----------
    value : float
        The difference.
    digits : int, default=1
        Decimals.

    Returns
    -------
    str
        The signed text.

    Examples
    --------
    >>> from gbrff.viz.paper import signed
    >>> signed(1.26), signed(-0.4), signed(-0.04)
    ('+1.3', '-0.4', '0.0')
    """
    text = f"{value:+.{digits}f}"
    return text[1:] if float(text) == 0 else text


def _color(method):
    spec = METHODS.get(method)
    return spec.color if spec is not None else None  # Plotly's next colour


def _nothing_to_draw(fig, text):
    """``fig`` without axes, saying in its middle why it is empty (a run of methods the paper has no
    value for, say), instead of an empty grid from −1 to 6."""
    fig.add_annotation(text=text, x=0.5, y=0.5, xref="paper", yref="paper", showarrow=False,
                       font=dict(size=16))
    fig.update_xaxes(visible=False)
    fig.update_yaxes(visible=False)
    return fig


def table2_figure(summary: pd.DataFrame, paper: pd.DataFrame, methods=None,
                  tolerance=1.5) -> go.Figure:
    """Reproduced mean accuracy against the paper's, one point per task and method.

    Parameters
    ----------
    summary : pandas.DataFrame
        ``task, method, n_splits, mean, std`` (accuracy in %), as ``summary.csv``.
    paper : pandas.DataFrame
        ``task, method, mean, std`` (the paper's Table 2,
        :func:`gbrff.experiments.load_paper_table2`).
    methods : sequence of str or None, default=None
        The methods drawn; None: every method of both tables, in the
        registry's order.
    tolerance : float, default=1.5
        Half-width in points of the shaded band around the diagonal.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure (a note instead of axes when no method has a published value).

    See Also
    --------
    table2_diff_figure : The differences as a heatmap.

    Examples
    --------
    >>> import pandas as pd
    >>> paper = pd.DataFrame({"task": ["wine", "sonar"] * 2, "method": ["GBRFF1"] * 2 + ["GBRFF2"] * 2,
    ...                       "mean": [96.0, 80.0, 97.0, 82.0], "std": 1.0})  # load_paper_table2()'s columns
    >>> summary = paper.assign(n_splits=20, mean=paper["mean"] + 0.5)   # a reproduction 0.5 above
    >>> from gbrff.viz.paper import table2_figure
    >>> fig = table2_figure(summary, paper, methods=["GBRFF1", "GBRFF2"])
    >>> fig.layout.xaxis.title.text
    "paper's mean test accuracy (%)"
    """
    df = summary.merge(paper.rename(columns={"mean": "paper_mean", "std": "paper_std"}),
                       on=["task", "method"], how="inner")
    methods = [m for m in (methods or METHODS) if m in set(df["method"])]
    fig = go.Figure()
    if not df.empty:
        # one square range for both axes, wide enough for the error bars, and
        # never past 101 % (a mean + std above 100 % is clipped, not drawn)
        lo = float(min((df["mean"] - df["std"]).min(), df["paper_mean"].min())) - 1
        hi = min(float(max(df["mean"].max(), df["paper_mean"].max())) + 2, 101.0)
        fig.add_trace(go.Scatter(x=[lo, hi, hi, lo], y=[lo - tolerance, hi - tolerance,
                                                        hi + tolerance, lo + tolerance],
                                 mode="lines", fill="toself", fillcolor="rgba(0,0,0,0.08)",
                                 line=dict(width=0), hoverinfo="skip",
                                 name=f"paper ± {tolerance:g} points"))
        fig.add_trace(go.Scatter(x=[lo, hi], y=[lo, hi], mode="lines",
                                 line=dict(color="black", dash="dash", width=1),
                                 hoverinfo="skip", name="same as paper"))
    for m in methods:
        d = df[df["method"] == m]
        fig.add_trace(go.Scatter(
            x=d["paper_mean"], y=d["mean"], mode="markers", name=m,
            marker=dict(color=_color(m), size=10),
            error_y=dict(type="data", array=d["std"], thickness=1, width=0),
            customdata=np.stack([d["task"], d["n_splits"], d["mean"] - d["paper_mean"]],
                                axis=-1) if len(d) else None,
            hovertemplate="%{customdata[0]}<br>paper %{x:.1f}<br>reproduced %{y:.1f}"
                          " (Δ %{customdata[2]:+.1f})<br>%{customdata[1]} splits"
                          f"<extra>{m}</extra>"))
    fig.update_layout(
        title=f"Table 2: reproduced vs paper<br><sup>mean test accuracy (%) ± std over "
              f"{_count(df['n_splits'], 'split')}</sup>",
        xaxis_title="paper's mean test accuracy (%)",
        yaxis_title="reproduced mean test accuracy (%)", font=_FONT, legend=_LEGEND_UNDER,
        margin=dict(l=70, r=20, t=90, b=_room_under([t.name for t in fig.data])), height=650)
    if not df.empty:
        # equal scales on a square plot area: the diagonal at 45 degrees, and no
        # range stretched past the data (constrain="domain" shrinks the area)
        fig.update_xaxes(range=[lo, hi], constrain="domain")
        fig.update_yaxes(range=[lo, hi], constrain="domain")
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    if df.empty:
        _nothing_to_draw(fig, "No task and method here has a value in the paper's Table 2.")
    return fig


def table2_diff_figure(summary: pd.DataFrame, paper: pd.DataFrame, methods=None,
                       tasks=None) -> go.Figure:
    """Heatmap of reproduced minus paper mean accuracy (points), task x method.

    Its height grows with the tasks (40 px a row, 300 px at least: one task's
    row stays a cell with its number, not a line); the colour scale is
    symmetric around 0 and at least ±1 point wide, so that a single cell, or
    differences that all round to zero, keep a readable colour bar and pale
    colours.

    Parameters
    ----------
    summary : pandas.DataFrame
        ``task, method, n_splits, mean, std`` (accuracy in %).
    paper : pandas.DataFrame
        ``task, method, mean, std`` (the paper's Table 2).
    methods : sequence of str or None, default=None
        The columns; None: the registry's methods present in both tables.
    tasks : sequence of str or None, default=None
        The rows; None: every task of both tables.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> paper = pd.DataFrame({"task": ["wine", "sonar"] * 2, "method": ["GBRFF1"] * 2 + ["GBRFF2"] * 2,
    ...                       "mean": [96.0, 80.0, 97.0, 82.0], "std": 1.0})  # load_paper_table2()'s columns
    >>> summary = paper.assign(n_splits=20, mean=paper["mean"] + 0.5)   # a reproduction 0.5 above
    >>> from gbrff.viz.paper import table2_diff_figure
    >>> fig = table2_diff_figure(summary, paper, methods=["GBRFF1", "GBRFF2"], tasks=["wine", "sonar"])
    >>> fig.data[0].z.tolist()
    [[0.5, 0.5], [0.5, 0.5]]
    """
    df = summary.merge(paper, on=["task", "method"], suffixes=("", "_paper"))
    df["diff"] = df["mean"] - df["mean_paper"]
    methods = [m for m in (methods or METHODS) if m in set(df["method"])]
    tasks = [t for t in (tasks or dict.fromkeys(df["task"])) if t in set(df["task"])]
    z = df.pivot(index="task", columns="method", values="diff").reindex(
        index=tasks, columns=methods)
    n = df.pivot(index="task", columns="method", values="n_splits").reindex(
        index=tasks, columns=methods)
    text = [[("" if pd.isna(v) else f"{signed(v)}<br>n={int(k)}") for v, k in zip(zr, nr)]
            for zr, nr in zip(z.to_numpy(), n.to_numpy())]
    lim = max(float(np.nanmax(np.abs(z.to_numpy()))) if z.notna().any().any() else 0.0, 1.0)
    fig = go.Figure(go.Heatmap(
        z=z.to_numpy(), x=methods, y=tasks, text=text, texttemplate="%{text}",
        colorscale="RdBu", zmid=0, zmin=-lim, zmax=lim,
        # at most one tick a row and a half of the plot (3 for one task): never printed on top of each other
        colorbar=dict(title=dict(text="Δ points", side="right"), nticks=max(3, min(10, 2 * len(tasks)))),
        hovertemplate="%{y} · %{x}: %{z:+.2f} points<extra></extra>"))
    fig.update_layout(title=f"Reproduced minus paper accuracy (points); "
                            f"n = splits per cell ({_span(df['n_splits'])})",
                      font=_FONT, height=max(300, 120 + 40 * len(tasks)))
    fig.update_xaxes(showgrid=False)
    fig.update_yaxes(autorange="reversed", showgrid=False)
    if df.empty:
        _nothing_to_draw(fig, "No task and method here has a value in the paper's Table 2.")
    return fig


def _curve_figure(curve, x, xlabel, title, group="method", log_x=False, name_fmt="{}"):
    fig = go.Figure()
    # lines resting on different numbers of splits say so in the legend
    per_line = curve.groupby(group, sort=False)["n_splits"].agg(_span)
    mixed = per_line.nunique() > 1
    for g, d in curve.groupby(group, sort=False):
        d = d.sort_values(x)
        color = _color(g) if group == "method" else None
        n = per_line[g]
        name = name_fmt.format(g) + (f" ({n} split{'' if n == '1' else 's'})" if mixed else "")
        fig.add_trace(go.Scatter(
            x=d[x], y=d["mean"], mode="lines+markers", name=name,
            line=dict(color=color), customdata=np.stack([d["n_tasks"], d["n_splits"]], -1),
            hovertemplate=f"{xlabel} %{{x}}<br>%{{y:.2f}} %<br>%{{customdata[0]}} tasks, "
                          "%{customdata[1]} splits<extra></extra>"))
    fig.update_layout(
        title=f"{title}<br><sup>mean test accuracy over {_count(curve['n_tasks'], 'task')} × "
              f"{_count(curve['n_splits'], 'train/test split')}</sup>",
        xaxis_title=xlabel, yaxis_title="mean test accuracy (%)", font=_FONT, legend=_LEGEND_UNDER,
        # the legend names the lines even when there is one (Plotly hides a one-trace legend)
        showlegend=True,
        margin=dict(l=70, r=20, t=90, b=_room_under([t.name for t in fig.data])), height=550)
    # ticks at the numbers run (Plotly's own at one point: 0, 0.5, 1, 1.5, 2 landmarks)
    fig.update_xaxes(**_count_axis(curve[x], log=log_x))
    if log_x:
        fig.update_xaxes(type="log")
    return fig


def landmarks_figure(curve: pd.DataFrame) -> go.Figure:
    """The paper's Fig. 2: mean accuracy against the number of landmarks (iterations).

    Parameters
    ----------
    curve : pandas.DataFrame
        ``curve.csv`` of the landmarks experiment: columns ``method,
        n_landmarks, mean, n_tasks, n_splits``.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.paper import landmarks_figure
    >>> curve = pd.DataFrame({"method": ["GBRFF2"] * 2 + ["PBRFF"] * 2, "n_landmarks": [1, 50] * 2,
    ...                       "mean": [70.0, 88.0, 75.0, 85.0], "n_tasks": 15, "n_splits": 20})
    >>> [trace.name for trace in landmarks_figure(curve).data]
    ['GBRFF2', 'PBRFF']
    """
    return _curve_figure(curve, "n_landmarks", "number of landmarks (iterations)",
                         "Fig. 2: learned or random landmarks")


#: Fig. 1 of the 2019 preprint: its three tasks and its three methods, in its order
PREPRINT_FIG1_TASKS = ("sonar", "newthyroid", "bupa")
PREPRINT_FIG1_METHODS = ("GBRFF-LS", "GBRFF-LS-random", "PBRFF")


def preprint_fig1_figure(per_task: pd.DataFrame, tasks=PREPRINT_FIG1_TASKS,
                         methods=PREPRINT_FIG1_METHODS, height=460) -> go.Figure:
    """The 2019 preprint's Fig. 1: mean test accuracy against the number of landmarks.

    One panel a task: GBRFF with learned landmarks, GBRFF with random
    landmarks and PBRFF. The number of landmarks is on a log axis (the
    preprint's 1, 3, 5, 10, 25, 200).

    Parameters
    ----------
    per_task : pandas.DataFrame
        The ``per_task.csv`` of ``landmarks --protocol 2019``: columns
        ``task, method, n_landmarks, mean, n_splits`` (accuracy in %).
    tasks : sequence of str, default=("sonar", "newthyroid", "bupa")
        The panels; tasks absent from ``per_task`` are left out.
    methods : sequence of str, default=("GBRFF-LS", "GBRFF-LS-random", "PBRFF")
        The lines.
    height : int, default=460
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.paper import preprint_fig1_figure
    >>> per_task = pd.DataFrame({"task": "sonar", "method": ["GBRFF-LS", "PBRFF"] * 2,
    ...                          "n_landmarks": [1, 1, 200, 200], "mean": [70.0, 65.0, 82.0, 80.0],
    ...                          "n_splits": 20})
    >>> [trace.name for trace in preprint_fig1_figure(per_task).data]
    ['GBRFF (2019)', 'PBRFF']
    """
    tasks = [t for t in tasks if t in set(per_task["task"])]
    fig = make_subplots(rows=1, cols=max(1, len(tasks)), subplot_titles=tasks,
                        horizontal_spacing=0.07)
    shown = set()
    for j, t in enumerate(tasks, start=1):
        for m in methods:
            d = per_task[(per_task["task"] == t) & (per_task["method"] == m)].sort_values("n_landmarks")
            if d.empty:
                continue
            label = METHODS[m].label if m in METHODS else m
            fig.add_trace(go.Scatter(
                x=d["n_landmarks"], y=d["mean"], mode="lines+markers", name=label,
                legendgroup=m, showlegend=m not in shown,
                line=dict(color=_color(m), dash="dot" if m.endswith("-random") else None),
                customdata=d["n_splits"],
                hovertemplate=f"{t}<br>%{{x}} landmarks<br>%{{y:.2f}} %<br>"
                              "%{customdata} splits<extra>" + label + "</extra>"),
                row=1, col=j)
            shown.add(m)
        # ticks at the numbers of landmarks run, upright, leaving out one closer than 0.35 decade to the
        # previous (5 beside 3): three panels share a 1024-px projector
        fig.update_xaxes(type="log", title_text="landmarks", tickfont=dict(size=13), row=1, col=j,
                         **_count_axis(per_task.loc[per_task["task"] == t, "n_landmarks"], log=True,
                                       min_gap=0.35))
    fig.update_yaxes(title_text="mean test accuracy (%)", row=1, col=1)
    n = _count(per_task[per_task["task"].isin(tasks)]["n_splits"] if tasks else [], "train/test split")
    fig.update_layout(
        title="Fig. 1 (2019 preprint): learned against random landmarks<br>"
              f"<sup>mean test accuracy over {n} of 30 % / 70 %</sup>",
        font=_FONT, legend=dict(orientation="h", y=-0.25), height=height,
        margin=dict(l=60, r=20, t=90, b=40))
    return fig


def preprint_fig2_figure(gap: pd.DataFrame, height=600) -> go.Figure:
    """The 2019 preprint's Fig. 2: PBRFF against GBRFF (2019) over its tasks, per number of landmarks.

    Above, as the preprint draws it: each method's mean test accuracy over the
    tasks (value on the bar); under each number of landmarks, the tasks GBRFF
    wins. Below, the gap GBRFF − PBRFF, ours against the one the preprint's
    text gives.

    Parameters
    ----------
    gap : pandas.DataFrame
        :func:`gbrff.experiments.preprint_fig2_gap`'s table.
    height : int, default=600
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.paper import preprint_fig2_figure
    >>> gap = pd.DataFrame({"n_landmarks": [1], "pbrff_mean": [85.5], "gbrff_mean": [87.5], "gap": [2.0],
    ...                     "gbrff_wins": [1], "ties": [0], "n_tasks": [2], "min_splits": [20],
    ...                     "max_splits": [20], "paper_gap": [4.94], "paper_gbrff_wins": [12.0]})
    >>> fig = preprint_fig2_figure(gap)   # the table of gbrff.experiments.preprint_fig2_gap
    >>> len(fig.data) > 2
    True
    """
    gap = gap.sort_values("n_landmarks", ascending=False)
    x = [str(int(k)) for k in gap["n_landmarks"]]
    fig = make_subplots(rows=2, cols=1, shared_xaxes=True, vertical_spacing=0.09,
                        row_heights=[0.62, 0.38])
    for m, col in (("PBRFF", "pbrff_mean"), ("GBRFF-LS", "gbrff_mean")):
        label = METHODS[m].label if m in METHODS else m
        text = [f"{v:.1f}" for v in gap[col]]
        fig.add_trace(go.Bar(x=x, y=gap[col], name=label, marker_color=_color(m), text=text,
                             textposition="outside", cliponaxis=False, textfont=dict(size=13),
                             customdata=gap["n_tasks"],
                             hovertemplate="%{x} landmarks<br>%{y:.2f} % over %{customdata} tasks"
                                           f"<extra>{label}</extra>"), row=1, col=1)
    lo = float(np.nanmin(gap[["pbrff_mean", "gbrff_mean"]].to_numpy())) if len(gap) else 0.0
    floor = 5 * np.floor((lo - 6) / 5)
    fig.update_yaxes(title_text="mean accuracy (%)", range=[floor, 100], row=1, col=1)
    fig.add_trace(go.Scatter(x=x, y=gap["gap"], mode="lines+markers+text", name="gap, ours",
                             text=[signed(v, 2) for v in gap["gap"]], textposition="bottom center",
                             line=dict(color=_color("GBRFF-LS")), cliponaxis=False,
                             hovertemplate="%{x} landmarks<br>GBRFF − PBRFF %{y:+.2f}<extra>ours</extra>"),
                  row=2, col=1)
    paper = gap.dropna(subset=["paper_gap"])
    fig.add_trace(go.Scatter(x=[str(int(k)) for k in paper["n_landmarks"]], y=paper["paper_gap"],
                             mode="markers+lines", name="gap, the preprint's text",
                             line=dict(color="gray", dash="dot"), marker=dict(symbol="x", size=10),
                             hovertemplate="%{x} landmarks<br>GBRFF − PBRFF %{y:+.2f}"
                                           "<extra>the preprint</extra>"), row=2, col=1)
    fig.add_hline(y=0, line=dict(color="black", width=1), row=2, col=1)
    both = np.concatenate([gap["gap"].to_numpy(float), paper["paper_gap"].to_numpy(float), [0.0]])
    # room under the lowest point for its label, above the highest for the markers
    fig.update_yaxes(title_text="GBRFF − PBRFF", range=[np.floor(np.nanmin(both)) - 1.5,
                                                      np.ceil(np.nanmax(both)) + 0.5], row=2, col=1)
    fig.update_xaxes(type="category", categoryorder="array", categoryarray=x)
    # GBRFF's wins under each number of landmarks (the preprint prints them at the bars' feet)
    wins = [f"{k}<br><span style='font-size:11px'>wins {w}/{n}</span>"
            for k, w, n in zip(x, gap["gbrff_wins"], gap["n_tasks"])]
    fig.update_xaxes(tickvals=x, ticktext=wins, tickangle=0,
                     title_text="number of landmarks (and the tasks GBRFF wins)", row=2, col=1)
    n = _count(gap["n_tasks"], "task")
    splits = _count(list(gap["min_splits"]) + list(gap["max_splits"]), "train/test split")
    fig.update_layout(
        title="Fig. 2 (2019 preprint): fewer landmarks, learned or drawn<br>"
              f"<sup>mean test accuracy over {n}, {splits} of 30 % / 70 % each</sup>",
        font=_FONT, barmode="group", legend=dict(orientation="h", y=-0.3), height=height,
        margin=dict(l=70, r=20, t=90, b=60))
    return fig


def kbudget_figure(curve: pd.DataFrame) -> go.Figure:
    """The paper's Fig. 3: GBRFF1's accuracy against the budget T×K, one line per K.

    Parameters
    ----------
    curve : pandas.DataFrame
        ``curve.csv`` of the kbudget experiment: columns ``K, budget, mean,
        n_tasks, n_splits``.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.paper import kbudget_figure
    >>> curve = pd.DataFrame({"K": [1, 1, 10, 10], "budget": [20, 100] * 2,
    ...                       "mean": [80.0, 85.0, 78.0, 86.0], "n_tasks": 15, "n_splits": 20})
    >>> [trace.name for trace in kbudget_figure(curve).data]
    ['K = 1', 'K = 10']
    """
    return _curve_figure(curve, "budget", "total number of random features T × K",
                         "Fig. 3: GBRFF1, K features per iteration",
                         group="K", log_x=True, name_fmt="K = {}")


def scaling_figure(times: pd.DataFrame, time_limit=1000.0) -> go.Figure:
    """The paper's Fig. 4: train + predict seconds against the number of samples (log-log).

    The title names the data and its seeds; the runs' settings (100
    iterations or landmarks, the fixed parameters of the paper's section 4.4)
    belong in the text beside the figure.

    Parameters
    ----------
    times : pandas.DataFrame
        ``times.csv`` of the scaling experiment: columns ``method, n_samples,
        seconds`` (one seed).
    time_limit : float, default=1000.0
        The run's time limit, drawn as a line.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.paper import scaling_figure
    >>> times = pd.DataFrame({"method": ["GBRFF2"] * 2, "n_samples": [150, 225],
    ...                       "seconds": [0.01, 0.02], "seed": 0})
    >>> [trace.name for trace in scaling_figure(times, time_limit=10.0).data]
    ['GBRFF2', 'time limit 10 s']
    """
    fig = go.Figure()
    for m, d in times.groupby("method", sort=False):
        d = d.sort_values("n_samples")
        fig.add_trace(go.Scatter(x=d["n_samples"], y=d["seconds"], mode="lines+markers",
                                 name=m, line=dict(color=_color(m)),
                                 hovertemplate="n = %{x}<br>%{y:.3g} s<extra>" + m + "</extra>"))
    if len(times):
        # a trace, not add_hline: shapes on a log axis misplace the line; across a third of a decade
        # around a single size (a line of no length is not drawn)
        xs = [times["n_samples"].min(), times["n_samples"].max()]
        if xs[0] == xs[1]:
            xs = [xs[0] / 1.5, xs[0] * 1.5]
        fig.add_trace(go.Scatter(x=xs, y=[time_limit, time_limit], mode="lines",
                                 name=f"time limit {time_limit:g} s",
                                 line=dict(color="gray", dash="dot"), hoverinfo="skip"))
    n_seeds = times["seed"].nunique() if "seed" in times else 1
    # short title lines (a figure may be 560 px wide on a projector); the page or report says the rest
    # (100 iterations or landmarks, the fixed parameters of the paper's section 4.4)
    fig.update_layout(
        title="Fig. 4: train + predict time<br>"
              f"<sup>make_classification data, {_count([n_seeds], 'data seed')}, one fit per point</sup>",
        xaxis_title="number of samples", yaxis_title="seconds", font=_FONT, legend=_LEGEND_UNDER,
        margin=dict(l=70, r=20, t=90, b=_room_under([t.name for t in fig.data])), height=550)
    # one labelled tick a decade: Plotly's default minor labels ("2", "5")
    # read as seconds on a projector; the sizes run when they are within a decade (no decade to label)
    fig.update_xaxes(type="log", dtick=1)
    fig.update_yaxes(type="log", dtick=1)
    if len(times) and times["n_samples"].max() < 10 * times["n_samples"].min():
        fig.update_xaxes(dtick=None, **_count_axis(times["n_samples"], log=True, min_gap=0.15))
    seconds = [*times["seconds"], time_limit] if len(times) else []
    if len(times) and max(seconds) < 10 * min(seconds):
        fig.update_yaxes(range=_log_range(seconds))
    return fig


def toy_figure(curve: pd.DataFrame) -> go.Figure:
    """The paper's Fig. 5 (last row): test accuracy against the number of training examples.

    Parameters
    ----------
    curve : pandas.DataFrame
        ``curve.csv`` of the toy experiment: columns ``problem, method,
        n_train, mean, std, n_splits``.

    Returns
    -------
    plotly.graph_objects.Figure
        One panel per problem.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.paper import toy_figure
    >>> curve = pd.DataFrame({"problem": "board", "method": ["LGBM", "GBRFF2"] * 2,
    ...                       "n_train": [50, 50, 500, 500], "mean": [60.0, 70.0, 90.0, 95.0],
    ...                       "std": 2.0, "n_splits": 5})
    >>> [trace.name for trace in toy_figure(curve).data]
    ['LGBM', 'GBRFF2']
    """
    problems = list(dict.fromkeys(curve["problem"]))
    fig = make_subplots(rows=1, cols=max(1, len(problems)), subplot_titles=problems,
                        shared_yaxes=True)
    shown = set()
    for j, p in enumerate(problems, start=1):
        for m, d in curve[curve["problem"] == p].groupby("method", sort=False):
            d = d.sort_values("n_train")
            fig.add_trace(go.Scatter(
                x=d["n_train"], y=d["mean"], mode="lines+markers", name=m,
                legendgroup=m, showlegend=m not in shown, line=dict(color=_color(m)),
                error_y=dict(type="data", array=d["std"], thickness=1, width=0),
                hovertemplate="n = %{x}<br>%{y:.1f} %<extra>" + m + "</extra>"),
                row=1, col=j)
            shown.add(m)
        fig.update_xaxes(type="log", title_text="training examples", row=1, col=j,
                         **_count_axis(curve.loc[curve["problem"] == p, "n_train"], log=True))
    fig.update_yaxes(title_text="test accuracy (%)", row=1, col=1)
    fig.update_layout(
        title="Fig. 5: LGBM vs GBRFF2 on 2-D toy problems<br>"
              f"<sup>mean ± std over {_count(curve['n_splits'], 'seed')} per point</sup>",
        font=_FONT, legend=dict(orientation="h", y=-0.25), height=500)
    return fig
