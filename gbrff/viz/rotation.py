"""Test accuracy against the angle the data are turned by: GBRFF beside LightGBM (the rotation lesson).

Arrays in, ``go.Figure`` out: the numbers come from :func:`gbrff.teaching.rotation.angle_curve`.
"""

import numpy as np
import plotly.graph_objects as go

from ..methods import METHODS
from ._legend import LEGEND_UNDER, room_under
from .style import _layout

__all__ = ["angle_curve_figure"]


def _band_color(color, alpha=0.18):
    """``#rrggbb`` as a translucent ``rgba`` for the band of a line."""
    c = str(color or "#444444").lstrip("#")
    if len(c) != 6:
        return f"rgba(68,68,68,{alpha})"
    return f"rgba({int(c[0:2], 16)},{int(c[2:4], 16)},{int(c[4:6], 16)},{alpha})"


def angle_curve_figure(angles, scores, *, current=None, title=None, height=380):
    """Test accuracy against the angle of the turn, one line per method, its band the spread over draws.

    Parameters
    ----------
    angles : sequence of float
        The angles in degrees.
    scores : dict
        A method of the registry (e.g. ``"GBRFF2"``, ``"LGBM"``) to an array of shape
        ``(len(angles),)`` or ``(len(angles), n_draws)`` of accuracies in [0, 1]; with draws,
        the line is their mean and a band shows mean ± one standard deviation. Each line has
        the method's label and colour.
    current : float or None, default=None
        The angle the page shows: a grey vertical line.
    title : str or None, default=None
        The figure's title.
    height : int, default=380
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from gbrff.viz.rotation import angle_curve_figure
    >>> fig = angle_curve_figure([0, 45, 90], {"GBRFF2": [0.95, 0.95, 0.95], "LGBM": [0.97, 0.9, 0.97]},
    ...                          current=45)
    >>> [trace.name for trace in fig.data], fig.layout.shapes[0].x0
    (['GBRFF2', 'LightGBM'], 45)
    """
    angles = np.asarray(angles, dtype=np.float64)
    fig = go.Figure()
    for method, s in scores.items():
        spec = METHODS.get(method)
        name, color = (spec.label, spec.color) if spec is not None else (method, None)
        s = 100 * np.asarray(s, dtype=np.float64)
        mean = s.mean(axis=1) if s.ndim == 2 else s
        if s.ndim == 2 and s.shape[1] > 1:  # the spread over draws: a band (the canvas renderer draws no error bars)
            std = s.std(axis=1)
            fig.add_trace(go.Scatter(x=np.concatenate([angles, angles[::-1]]),
                                     y=np.concatenate([mean + std, (mean - std)[::-1]]),
                                     fill="toself", fillcolor=_band_color(color), mode="lines",
                                     line=dict(width=0, color=_band_color(color)), hoverinfo="skip",
                                     showlegend=False, name=f"{name} ± std"))
        fig.add_trace(go.Scatter(x=angles, y=mean, name=name, mode="lines+markers",
                                 line=dict(width=3, color=color), marker=dict(size=8)))
    if current is not None:
        fig.add_shape(type="line", xref="x", yref="y domain", x0=current, x1=current, y0=0, y1=1,
                      line=dict(color="gray", width=2, dash="dot"))
    fig.update_xaxes(title_text="the data turned by (degrees)", tickvals=[float(a) for a in angles],
                     ticktext=[f"{a:g}°" for a in angles], zeroline=False)
    fig.update_yaxes(title_text="test accuracy (%)")
    names = [t.name for t in fig.data if t.showlegend is not False]
    room = room_under(names)
    return _layout(fig, title, height=height + room - 60, bottom=room, legend=LEGEND_UNDER)
