"""The random-features thesis's comparison as a Plotly figure: a summary in, a figure out.

``summary`` is the table ``python -m gbrff.experiments thesis`` writes
(``results/thesis/summary.csv``: task, method, n_splits, mean, std,
fit_seconds; accuracy in %). Nothing here reads a file or fits a model.
"""

from __future__ import annotations

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..methods import METHODS, THESIS_ENSEMBLES, THESIS_SINGLE
from ._axes import count

__all__ = ["thesis_figure"]

_ORDER = tuple(THESIS_SINGLE) + tuple(METHODS) + tuple(THESIS_ENSEMBLES)
#: map suffix -> (legend name, marker, colour): one colour a map in every panel, as the legend says
_MAPS = {"": ("raw", "circle", "#636efa"), "+RFF": ("RFF", "diamond", "#ef553b"),
         "+Nystroem": ("Nyström", "square", "#00cc96")}


def _parts(method):
    """(model, map suffix) of a thesis method name; (method, "") for the others."""
    for suffix in ("+RFF", "+Nystroem"):
        if method.endswith(suffix):
            return method[: -len(suffix)], suffix
    return method, ""


def thesis_figure(summary: pd.DataFrame, tasks=None) -> go.Figure:
    """The random-features thesis's comparison: test error (%) ± std of every method.

    One panel per task; the marker says the features (raw, RFF, Nyström),
    the hover the fit time and the number of splits.

    Parameters
    ----------
    summary : pandas.DataFrame
        ``results/thesis/summary.csv``: columns task, method, n_splits, mean,
        std, fit_seconds (accuracy in %).
    tasks : sequence of str or None, default=None
        The panels, in order; None: every task of ``summary``.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.viz.thesis import thesis_figure
    >>> summary = pd.DataFrame({"task": "vowel", "method": ["LogReg+RFF", "GBRFF2"],
    ...                         "n_splits": 20, "mean": [90.0, 95.0], "std": [1.0, 0.8],
    ...                         "fit_seconds": [0.2, 0.5]})
    >>> [trace.name for trace in thesis_figure(summary).data]
    ['raw', 'RFF']
    """
    tasks = list(tasks or dict.fromkeys(summary["task"]))
    fig = make_subplots(rows=len(tasks) or 1, cols=1, shared_xaxes=True, vertical_spacing=0.03,
                        subplot_titles=[f"{t} ({count(summary.loc[summary.task == t, 'n_splits'], 'split')})"
                                        for t in tasks])
    methods = [m for m in _ORDER if m in set(summary["method"])]
    methods += [m for m in dict.fromkeys(summary["method"]) if m not in methods]
    shown = set()
    for row, task in enumerate(tasks, start=1):
        sub = summary[summary["task"] == task].set_index("method")
        for suffix, (label, symbol, color) in _MAPS.items():
            ms = [m for m in methods if m in sub.index and _parts(m)[1] == suffix]
            if not ms:
                continue
            fig.add_trace(go.Scatter(
                x=ms, y=100 - sub.loc[ms, "mean"], mode="markers", name=label, legendgroup=label,
                showlegend=label not in shown, marker=dict(symbol=symbol, size=9, color=color),
                error_y=dict(type="data", array=sub.loc[ms, "std"], thickness=1, color=color),
                customdata=sub.loc[ms, ["fit_seconds", "n_splits"]].to_numpy(),
                hovertemplate="%{x}: error %{y:.1f}%, fit %{customdata[0]:.3~r} s, "
                              "%{customdata[1]} splits<extra></extra>"), row=row, col=1)
            shown.add(label)
        fig.update_yaxes(title_text="test error (%)", row=row, col=1)
    fig.update_xaxes(categoryorder="array", categoryarray=methods)
    fig.update_layout(height=260 * max(len(tasks), 1) + 120, template="plotly_white",
                      title="Random features with linear models, trees and ensembles (Ribes, 2019), and GBRFF",
                      legend=dict(orientation="h", y=1.02, x=1, xanchor="right", yanchor="bottom"))
    return fig
