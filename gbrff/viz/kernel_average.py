"""A kernel is an average of cosines: kernels drawn around a point x′, and the error of the average
against the number D of cosines (Bochner's theorem; Rahimi & Recht, NIPS 2007). Arrays in, figures out.

The kernel pictures share one diverging scale from −1 to 1 (the vote's
colour-blind-safe red–blue: red where x is similar to x′, white at 0, blue
where an average of cosines dips below 0), so that a picture of the difference
reads on the same scale as the kernel itself. The error figure tells its lines
apart by colour (Okabe & Ito's colour-blind-safe palette), marker and dash.
"""

import numpy as np
import plotly.graph_objects as go

from ._axes import count_axis
from ._legend import LEGEND_UNDER, room_under
from .style import _FONT, VOTE_COLORSCALE

__all__ = ["kernel_panels_figure", "kernel_error_figure"]

# Okabe & Ito's palette: blue, vermilion (told apart by every common colour blindness)
_BLUE, _VERMILION = "#0072B2", "#D55E00"


def kernel_panels_figure(xs, ys, panels, titles, x0, *, X=None, y=None, height=330, gap=0.04):
    """A row of kernel pictures over the plane, on one scale from −1 to 1, each with the point x′.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates.
    panels : list of array-like of shape (len(ys), len(xs))
        One picture per panel (a kernel around x′, an average of cosines, a difference).
    titles : list of str
        One title per panel (``<br>`` for a second line).
    x0 : sequence of 2 floats
        The point x′, marked by a cross in every panel.
    X : ndarray of shape (n, 2) or None, default=None
        Points drawn in every panel (a toy problem's training points).
    y : ndarray of shape (n,) or None, default=None
        Their labels in {−1, +1}: class +1 filled, class −1 open circles.
    height : int, default=330
        The figure's height in pixels (without the points' legend).
    gap : float, default=0.04
        The space between two panels, as a share of the figure's width.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure: a heatmap per panel (the first with the colour bar), a
        cross at x′ in each, the points if given.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.kernel_average import cosine_average
    >>> from gbrff.viz.kernel_average import kernel_panels_figure
    >>> out = cosine_average("gaussian", 1.0, seed=0, x0=(0.5, 0.5), sizes=(10,), grid=30)
    >>> exact, est = out["exact"], out["estimates"][10]
    >>> fig = kernel_panels_figure(out["xs"], out["ys"], [exact, est, est - exact], ["k", "D = 10", "difference"],
    ...                            out["x0"])
    >>> [t.type for t in fig.data], [a.text for a in fig.layout.annotations]
    (['heatmap', 'scatter', 'heatmap', 'scatter', 'heatmap', 'scatter'], ['k', 'D = 10', 'difference'])
    """
    n = len(panels)
    width = (1.0 - gap * (n - 1)) / n
    x0 = np.asarray(x0, dtype=np.float64).reshape(2)
    data, layout, notes = [], {}, []
    for i, (z, title) in enumerate(zip(panels, titles)):
        ax = "" if i == 0 else str(i + 1)
        xa, ya = f"x{ax}", f"y{ax}"
        data.append(dict(
            type="heatmap", x=xs, y=ys, z=np.asarray(z, dtype=np.float32), colorscale=VOTE_COLORSCALE, zmin=-1.0,
            zmax=1.0, showscale=i == 0, xaxis=xa, yaxis=ya, name=str(title).replace("<br>", " "),
            # a narrow bar (three ticks, no title: the panels' titles say what is coloured), for a 1024-px projector
            colorbar=dict(thickness=10, x=1.0, xpad=6, tickvals=[-1, 0, 1], ticktext=["−1", "0", "1"]),
            hovertemplate="x₁=%{x:.2f}<br>x₂=%{y:.2f}<br>%{z:.3f}<extra></extra>"))
        if X is not None and len(X):
            lab = np.asarray(y)
            for cls, symbol, name in ((1, "circle", "class +1 (filled)"), (-1, "circle-open", "class −1 (open)")):
                m = lab == cls
                if m.any():
                    data.append(dict(type="scatter", x=X[m, 0], y=X[m, 1], mode="markers", xaxis=xa, yaxis=ya,
                                     name=name, showlegend=i == 0, legendgroup=str(cls), hoverinfo="skip",
                                     marker=dict(symbol=symbol, size=4, color="rgba(30, 30, 30, 0.3)",
                                                 line=dict(color="rgba(30, 30, 30, 0.3)", width=1))))
        data.append(dict(type="scatter", x=[x0[0]], y=[x0[1]], mode="markers", xaxis=xa, yaxis=ya, name="x′",
                         showlegend=False, hovertemplate="x′ = (%{x:.2f}, %{y:.2f})<extra></extra>",
                         marker=dict(symbol="x-thin", size=14, line=dict(width=3, color="black"))))
        start = i * (width + gap)
        layout[f"xaxis{ax}"] = dict(domain=[start, min(start + width, 1.0)], anchor=ya, range=[xs[0], xs[-1]],
                                    constrain="domain", title=dict(text="x₁", standoff=4), tickvals=[-2, 0, 2])
        layout[f"yaxis{ax}"] = dict(domain=[0, 1], anchor=xa, range=[ys[0], ys[-1]], scaleanchor=xa, scaleratio=1,
                                    constrain="domain", tickvals=[-2, 0, 2], showticklabels=i == 0,
                                    title=dict(text="x₂" if i == 0 else ""))
        notes.append(dict(text=title, xref=f"{xa} domain", yref=f"{ya} domain", x=0.5, y=1.0, yanchor="bottom",
                          showarrow=False, font=dict(size=16)))
    lines = max([str(t).count("<br>") for t in titles] + [0])
    legend = X is not None and len(X)
    layout.update(font=_FONT, height=height + (30 if legend else 0), annotations=notes, showlegend=bool(legend),
                  legend=dict(LEGEND_UNDER, font=dict(size=13)),
                  margin=dict(l=48, r=46, t=34 + 22 * lines, b=56 + (30 if legend else 0)))
    return go.Figure(data=data, layout=layout)


def kernel_error_figure(sizes, rms, largest, law, D=None, *, title=None, height=340):
    """The error of an average of D cosines against D, on log–log axes, beside the 1/√D law.

    Parameters
    ----------
    sizes : sequence of int
        The numbers D of cosines.
    rms : array-like
        The root-mean-square error over the plane at each D.
    largest : array-like
        The largest error over the plane at each D.
    law : float
        The expected RMS error of one cosine: the law's line is ``law / √D``.
    D : int or None, default=None
        The D shown above, ringed on both lines.
    title : str or None, default=None
        The figure's title.
    height : int, default=340
        The figure's height in pixels (without its legend).

    Returns
    -------
    plotly.graph_objects.Figure
        The figure: the RMS and the largest error, the law, the ring at D.

    Examples
    --------
    >>> from gbrff.viz.kernel_average import kernel_error_figure
    >>> fig = kernel_error_figure([1, 10, 100], [0.7, 0.2, 0.07], [1.5, 0.6, 0.2], 0.7, D=10)
    >>> [t.name for t in fig.data], fig.layout.xaxis.type
    (['largest error', 'RMS error', 'expected RMS error 0.7 / √D', 'D = 10'], 'log')
    """
    sizes = np.asarray(sizes, dtype=np.float64)
    rms, largest = np.asarray(rms, dtype=np.float64), np.asarray(largest, dtype=np.float64)
    fine = np.geomspace(sizes.min(), sizes.max(), 60)
    data = [
        dict(type="scatter", x=sizes, y=largest, mode="lines+markers", name="largest error",
             line=dict(color=_VERMILION, width=2.5, dash="dash"), marker=dict(symbol="square", size=8),
             hovertemplate="D = %{x}: largest error %{y:.3f}<extra></extra>"),
        dict(type="scatter", x=sizes, y=rms, mode="lines+markers", name="RMS error",
             line=dict(color=_BLUE, width=3), marker=dict(symbol="circle", size=9),
             hovertemplate="D = %{x}: RMS error %{y:.3f}<extra></extra>"),
        dict(type="scatter", x=fine, y=law / np.sqrt(fine), mode="lines", name=f"expected RMS error {law:.2g} / √D",
             line=dict(color="black", width=2, dash="dot"), hoverinfo="skip"),
    ]
    if D is not None and D in set(sizes.astype(int).tolist()):
        i = int(np.flatnonzero(sizes == D)[0])
        data.append(dict(type="scatter", x=[D, D], y=[rms[i], largest[i]], mode="markers", name=f"D = {D}",
                         marker=dict(symbol="circle-open", size=20, color="black", line=dict(width=2.5)),
                         hovertemplate="D = %{x}: %{y:.3f}<extra></extra>"))
    lo = np.log10(min(float(rms.min()), law / np.sqrt(sizes.max()))) - 0.15
    hi = np.log10(max(float(largest.max()), law)) + 0.15
    # every tick labelled in full (0.01, 0.02, 0.05, 0.1, …), not Plotly's lone minor digits (2, 5) of a log axis
    ticks = [m * 10.0 ** e for e in range(int(np.floor(lo)), int(np.ceil(hi)) + 1) for m in (1, 2, 5)
             if lo <= np.log10(m * 10.0 ** e) <= hi]
    names = [d["name"] for d in data]
    layout = dict(
        xaxis=dict(title=dict(text="number of cosines D"), type="log", **count_axis(sizes, log=True)),
        yaxis=dict(title=dict(text="error"), type="log", range=[lo, hi], tickvals=ticks,
                   ticktext=[f"{t:g}" for t in ticks]),
        title=dict(text=title, font=dict(size=19)) if title else None, font=_FONT,
        height=height + room_under(names) - 60, legend=LEGEND_UNDER,
        margin=dict(l=70, r=20, t=(60 + 24 * title.count("<br>")) if title else 20, b=room_under(names)),
    )
    return go.Figure(data=data, layout=layout)
