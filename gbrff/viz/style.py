"""The look every teaching figure shares: class colours, the vote's colour scale, the regression's value
scale, fonts, the plane's layout, the player's frames, and numbers written for a projector (``2⁻⁴``).

Class −1 is a blue circle, class +1 a red cross (a "+"): told apart by shape as
well as by colour, for a colour-blind eye, a greyscale print or a washed-out
projector (the two colours are ColorBrewer's RdBu ends, which the three
dichromacies still tell apart: ``tests/viz/test_palette.py`` simulates them);
held-out test points are outlined in black, training points in white. A
heatmap value is red where it votes for +1; a predicted value (regression) is
drawn on viridis, dark blue (low) to yellow (high); a method has the registry's
colour (:data:`gbrff.methods.METHODS`). Fonts are sized for a projector. The figure modules (:mod:`gbrff.viz.surfaces`,
:mod:`~gbrff.viz.learners`, :mod:`~gbrff.viz.curves`,
:mod:`~gbrff.viz.omega_prior`, :mod:`~gbrff.viz.landscape`,
:mod:`~gbrff.viz.features`) build on the private helpers here.
"""

import numpy as np
import plotly.graph_objects as go
from plotly.colors import get_colorscale

__all__ = ["NEG_COLOR", "POS_COLOR", "CLASS_SYMBOLS", "VOTE_COLORSCALE", "VALUE_COLORSCALE", "superscript",
           "number_label"]

#: The colour of class −1 (blue).
NEG_COLOR = "#2166ac"
#: The colour of class +1 (red).
POS_COLOR = "#b2182b"
#: The marker of each class (Plotly's symbol names): a circle for −1, a cross ("+") for +1.
CLASS_SYMBOLS = {-1: "circle", 1: "cross"}
#: Markers that tell the lines of one figure apart by shape as well as colour (the i-th line takes the i-th).
_LINE_SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x")
#: The outline of the points of each split: white for training points, black (and wider) for test points.
_SPLIT_OUTLINE = {"train": ("white", 1.2), "test": ("black", 2.0)}
_VOTE_SCALE = "RdBu_r"  # low (votes −1) blue, high (votes +1) red
#: The same scale as stops (``[[0, "rgb(…)"], …]``), for pictures drawn outside Plotly (the player's strip).
VOTE_COLORSCALE = [[float(p), c] for p, c in get_colorscale(_VOTE_SCALE)]
#: The scale of a predicted value (regression) and of the points' targets drawn on it: viridis
#: (van der Walt and Smith, matplotlib 2.0, 2015), perceptually uniform (equal steps of the value look
#: equally different, and its lightness rises monotonically, so it reads in grey too) and readable with
#: the common colour-vision deficiencies; a diverging scale (the vote's) would invent a middle the
#: target does not have.
VALUE_COLORSCALE = [[float(p), c] for p, c in get_colorscale("Viridis")]
_FONT = dict(size=16)
# one row of legend entries under the plot, centred on the whole figure
_BOTTOM_LEGEND = dict(orientation="h", xref="container", yref="container", x=0.5, xanchor="center", y=0.01,
                      yanchor="bottom", font=dict(size=14))


def _layout(fig, title=None, height=480, bottom=60, **kw):
    kw.setdefault("legend", dict(font=dict(size=14)))
    fig.update_layout(
        title=dict(text=title, font=dict(size=19)) if title else None,
        font=_FONT,
        height=height,
        margin=dict(l=60, r=20, t=(60 + 24 * title.count("<br>")) if title else 20, b=bottom),
        **kw,
    )
    return fig


def _points(X, y, name, size=9, showlegend=True):
    """One scatter trace (a dict) per class: −1 blue circles, +1 red crosses, outlined by the split ``name``
    ("train" white, "test" black)."""
    outline, width = _SPLIT_OUTLINE[name]
    out = []
    for label, color in ((-1, NEG_COLOR), (1, POS_COLOR)):
        m = np.asarray(y) == label
        if not m.any():
            continue
        out.append(dict(
            type="scatter", x=X[m, 0], y=X[m, 1], mode="markers", name=f"{name} {'+1' if label > 0 else '−1'}",
            marker=dict(color=color, symbol=CLASS_SYMBOLS[label], size=size, line=dict(color=outline, width=width)),
            showlegend=showlegend, legendgroup=f"{name}{label}",
        ))
    return out


def _plane(data, xs, ys, *, title=None, height=480, annotations=(), xtitle="x₁", ytitle="x₂", as_dict=False):
    """A figure over the plane with equal axis scales, built in one constructor call.

    (Plotly's ``update_*`` calls cost tens of milliseconds each; these
    figures are redrawn at every frame of the animations.) ``as_dict``
    returns the figure as a dict (``data``, ``layout``) without Plotly's
    validation of every property: the animations' first frames, the same
    traces and layout that the still figures pass through ``go.Figure``.
    """
    layout = dict(
        xaxis=dict(title=dict(text=xtitle), range=[xs[0], xs[-1]], constrain="domain"),
        yaxis=dict(title=dict(text=ytitle), range=[ys[0], ys[-1]], scaleanchor="x", scaleratio=1,
                   constrain="domain"),
        title=dict(text=title, font=dict(size=19)) if title else None,
        font=_FONT, height=height, margin=dict(l=60, r=20, t=(60 + 22 * title.count("<br>")) if title else 20, b=95),
        legend=_BOTTOM_LEGEND, annotations=list(annotations),
    )
    if as_dict:
        return dict(data=data, layout={k: v for k, v in layout.items() if v is not None})
    return go.Figure(data=data, layout=layout)


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def superscript(text):
    """An exponent's digits and minus sign as superscripts.

    Parameters
    ----------
    text : str or int
        The exponent.

    Returns
    -------
    str
        The same characters, raised.

    Examples
    --------
    >>> from gbrff.viz.style import superscript
    >>> superscript(-4)
    '⁻⁴'
    """
    return str(text).translate(_SUPERSCRIPT)


def number_label(v):
    """A number as a reader writes it: ``0``, ``2⁻¹⁰`` for a power of two below 1, else ``%g``.

    Parameters
    ----------
    v : float
        The number.

    Returns
    -------
    str
        Its label.

    Examples
    --------
    >>> from gbrff.viz.style import number_label
    >>> number_label(0), number_label(2 ** -10), number_label(0.3), number_label(4.0)
    ('0', '2⁻¹⁰', '0.3', '4')
    """
    if v == 0:
        return "0"
    k = int(round(np.log2(v))) if v > 0 else 0
    if v > 0 and k < 0 and np.isclose(2.0 ** k, v):
        return "2" + superscript(k)
    return f"{v:g}"


# ---------------------------------------------------------------- animations
# One figure per picture, with a Plotly frame per iteration shown (``frames``,
# named ``str(t)``), returned as a figure dict (``go.Figure(fig)`` rebuilds the
# object, slowly): a frame holds only what changes (a heatmap's z, the point
# sizes, a line, the title), over a trace structure that is the same for every
# iteration. A browser player (or Plotly's own ``animate``) steps through them
# without asking the server again. Heatmaps travel in whole percent (uint8).


def _frame(t, data=(), traces=(), layout=None, readout=None):
    """One frame; ``readout`` (optional) is a line of numbers the player shows under the frame's title."""
    out = dict(name=str(int(t)), data=list(data), traces=list(traces), layout=layout or {})
    if readout is not None:
        out["readout"] = str(readout)
    return out


def _with_frames(fig, frames):
    """``fig`` and its ``frames`` (dicts of :func:`_frame`) as one figure dict (``data``,
    ``layout``, ``frames``): Plotly validates a hundred ``go.Frame`` in about a second, and these
    frames are built here, from arrays of known types. Their arrays stay numpy arrays."""
    out = dict(fig) if isinstance(fig, dict) else fig.to_dict()
    out["frames"] = frames
    return out
