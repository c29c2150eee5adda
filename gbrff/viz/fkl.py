"""Fourier Kernel Learning's scaling comparison as a Plotly figure: a table in, a figure out.

``frame`` is ``results/fkl/fkl.csv`` (task, method, n, status, accuracy,
fit_seconds, ...), written by ``python -m gbrff.experiments fkl``.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ._axes import count_axis, log_range

__all__ = ["scaling_figure", "spectra_figure"]

_COLORS = {"RFF-SKL": "#e377c2", "KRR-GD": "#7f7f7f"}


def scaling_figure(frame: pd.DataFrame) -> go.Figure:
    """Fourier kernel learning's scaling: test accuracy and training time against N.

    Log axes, one line per method and configuration (its D = n_components,
    and its iteration budget when a folder holds several); the sizes a method
    refused (memory) are marked by a cross at the time panel's foot.

    Parameters
    ----------
    frame : pandas.DataFrame
        ``results/fkl/fkl.csv``: columns task, method, n, status ("ok" or
        "memory"), accuracy, fit_seconds, and optionally n_components and
        max_iter.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.fkl import scaling_figure
    >>> frame = pd.DataFrame({"task": "synthetic", "method": ["RFF-SKL"] * 2 + ["KRR-GD"] * 2,
    ...                       "n": [100, 1000] * 2, "status": ["ok", "ok", "ok", "memory"],
    ...                       "accuracy": [0.9, 0.93, 0.92, None], "fit_seconds": [0.1, 0.9, 0.2, None]})
    >>> [trace.name for trace in scaling_figure(frame).data]
    ['RFF-SKL', 'RFF-SKL', 'KRR-GD', 'KRR-GD', 'KRR-GD: no memory']
    """
    fig = make_subplots(rows=1, cols=2, subplot_titles=("test accuracy", "training time (s)"))
    frame = frame.assign(**{c: None for c in ("n_components", "max_iter") if c not in frame})
    # whole decades of seconds (Plotly's minor labels 2 … 9 fell on each other); a refusal's cross sits
    # just above the time panel's lowest line, clear of the tick labels under it
    seconds = log_range(frame.loc[frame["status"] == "ok", "fit_seconds"]) or [-1, 1]
    dashes = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot")
    for method, sub in frame.groupby("method", sort=False):
        color = _COLORS.get(method)
        configs = sub[["n_components", "max_iter"]].drop_duplicates()
        for i, (d, iters) in enumerate(configs.itertuples(index=False)):
            rows = sub[_same(sub["n_components"], d) & _same(sub["max_iter"], iters)]
            ok = rows[rows["status"] == "ok"]
            parts = ([f"D = {int(d)}"] if pd.notna(d) else []) + (
                [f"{int(iters)} iterations"] if sub["max_iter"].nunique() > 1 and pd.notna(iters) else [])
            label = method + (f" ({', '.join(parts)})" if parts else "")
            line = {"color": color, "dash": dashes[i % len(dashes)]}
            fig.add_trace(go.Scatter(x=ok["n"], y=ok["accuracy"], mode="lines+markers", name=label,
                                     legendgroup=label, line=line), row=1, col=1)
            fig.add_trace(go.Scatter(x=ok["n"], y=ok["fit_seconds"], mode="lines+markers", name=label,
                                     legendgroup=label, showlegend=False, line=line), row=1, col=2)
            refused = rows[rows["status"] == "memory"]
            if len(refused):
                floor = 10.0 ** (seconds[0] + 0.04 * (seconds[1] - seconds[0]))
                fig.add_trace(go.Scatter(x=refused["n"], y=[floor] * len(refused), mode="markers",
                                         name=f"{label}: no memory", cliponaxis=False, hoverinfo="x+name",
                                         marker={"symbol": "x", "color": color, "size": 10}),
                              row=1, col=2)
    # ticks at the sizes run (refused ones too)
    fig.update_xaxes(type="log", title_text="training examples N", **count_axis(frame["n"], log=True))
    fig.update_yaxes(type="log", dtick=1, range=seconds, row=1, col=2)
    acc = frame.loc[frame["status"] == "ok", "accuracy"].dropna()
    if len(acc) and acc.max() - acc.min() < 0.02:  # one point: a range around it, never past 0 or 1
        fig.update_yaxes(range=[max(0.0, acc.min() - 0.02), min(1.0, acc.max() + 0.02)], row=1, col=1)
    tasks = ", ".join(dict.fromkeys(frame["task"].astype(str))) if "task" in frame else ""
    fig.update_layout(template="plotly_white", height=460, width=950, showlegend=True,
                      title="Fourier kernel learning: accuracy and time against N<br>"
                            f"<sup>{tasks + ': ' if tasks else ''}one fit per point</sup>",
                      margin=dict(t=100))
    return fig


def _same(column: pd.Series, value) -> pd.Series:
    """Rows of ``column`` equal to ``value``, a missing value matching missing ones."""
    return column.isna() if pd.isna(value) else column == value


def spectra_figure(prior, skl, gbrff2, sigma0, sigma, title="") -> go.Figure:
    """Two ways of learning a kernel from its Fourier features, on one 2-D problem.

    Parameters
    ----------
    prior : ndarray of shape (2, D)
        RFF-SKL's frequencies at its start σ0 (draws of the prior).
    skl : ndarray of shape (2, D)
        The same draws after σ is learned (ω_i = σ ⊙ h(u_i), the paper's
        γ_i = σ ⊙ h(ω_i): the cloud only stretches along the axes).
    gbrff2 : ndarray of shape (T, 2)
        The frequencies GBRFF2 learned one by one (each moved freely).
    sigma0 : float
        RFF-SKL's scale before learning.
    sigma : array-like of shape (2,)
        Its scales after.
    title : str, default=""
        The figure's title.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from gbrff.teaching.two_ways import two_ways
    >>> from gbrff.viz.fkl import spectra_figure
    >>> w = two_ways("moons", 60, 0.1, seed=0, gamma=0.5, T=10)
    >>> fig = spectra_figure(w["prior"], w["skl"], w["gbrff2"], w["sigma0"], w["sigma"])
    >>> len(fig.data) >= 3
    True
    """
    fig = go.Figure()
    fig.add_trace(go.Scatter(x=prior[0], y=prior[1], mode="markers", name=f"prior draws (σ = {sigma0:.2g})",
                             marker={"color": "#c7c7c7", "size": 5}))
    fig.add_trace(go.Scatter(x=skl[0], y=skl[1], mode="markers",
                             name="RFF-SKL: σ learned (σ₁ = %.2g, σ₂ = %.2g)" % tuple(sigma[:2]),
                             marker={"color": _COLORS["RFF-SKL"], "size": 6}))
    fig.add_trace(go.Scatter(x=gbrff2[:, 0], y=gbrff2[:, 1], mode="markers", name="GBRFF2: each ω learned",
                             marker={"color": "#d62728", "size": 8, "symbol": "diamond"}))
    fig.update_layout(template="plotly_white", height=480, title=title,
                      xaxis_title="ω₁ (frequency along x₁)", yaxis_title="ω₂ (frequency along x₂)",
                      legend={"orientation": "h", "y": -0.2})
    fig.update_yaxes(scaleanchor="x", scaleratio=1)
    return fig
