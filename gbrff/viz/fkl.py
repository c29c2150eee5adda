"""Fourier Kernel Learning's scaling comparison as a Plotly figure: a table in, a figure out.

``frame`` is ``results/fkl_scaling/fkl.csv`` (task, method, n, status, accuracy,
fit_seconds, ...), written by ``python -m gbrff.experiments fkl``.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

__all__ = ["scaling_figure"]

_COLORS = {"RFF-SKL": "#e377c2", "KRR-GD": "#7f7f7f"}


def scaling_figure(frame: pd.DataFrame) -> go.Figure:
    """Test accuracy and training time against N (log axes), one line per method;
    the sizes a method refused (memory) are marked on the time panel's axis."""
    fig = make_subplots(rows=1, cols=2, subplot_titles=("test accuracy", "training time (s)"))
    for method, sub in frame.groupby("method", sort=False):
        ok = sub[sub["status"] == "ok"]
        color = _COLORS.get(method)
        label = method + (f" (D = {int(ok['n_components'].iloc[0])})"
                          if len(ok) and pd.notna(ok["n_components"].iloc[0]) else "")
        fig.add_trace(go.Scatter(x=ok["n"], y=ok["accuracy"], mode="lines+markers", name=label,
                                 legendgroup=method, line={"color": color}), row=1, col=1)
        fig.add_trace(go.Scatter(x=ok["n"], y=ok["fit_seconds"], mode="lines+markers", name=label,
                                 legendgroup=method, showlegend=False, line={"color": color}),
                      row=1, col=2)
        refused = sub[sub["status"] == "memory"]
        if len(refused):
            fig.add_trace(go.Scatter(x=refused["n"], y=[None] * len(refused), mode="markers",
                                     name=f"{method}: no memory", marker={"symbol": "x", "color": color}),
                          row=1, col=2)
    fig.update_xaxes(type="log", title_text="training examples N")
    fig.update_yaxes(type="log", row=1, col=2)
    fig.update_layout(template="plotly_white", height=420, width=950)
    return fig
