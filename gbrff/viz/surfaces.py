"""Decision surfaces: the vote H (or one cosine) over the plane, with the points, still or one frame per
iteration; a row of them side by side. Arrays in, ``go.Figure`` out (the heatmap shows p(+1) through the
loss's link, the black line is H = 0).
"""

import numpy as np
from plotly.subplots import make_subplots

from .._boosting import LOSSES
from .style import VOTE_COLORSCALE, _frame, _layout, _plane, _points, _with_frames

__all__ = ["surface_figure", "cosine_figure", "surfaces_grid_figure", "surface_animation"]


def _surface_traces(xs, ys, H, discretise, showscale=True, loss="exponential", percent=False):
    """Heatmap of p(+1) and the boundary p = ½ as a contour; ``percent`` sends p in whole
    percent (uint8, a tenth of the bytes of float32: the animations send one per frame)."""
    n_y, n_x = len(ys), len(xs)
    P = LOSSES[loss].probability(H).reshape(n_y, n_x).astype(np.float32)
    top = 100 if percent else 1
    z = np.rint(100 * P).astype(np.uint8) if percent else P
    if discretise:
        heat = dict(
            type="heatmap", x=xs, y=ys, z=np.where(P >= 0.5, top, 0).astype(z.dtype), zmin=0, zmax=top,
            showscale=False, hoverinfo="skip",
            colorscale=[[0, "#c6dbef"], [0.5, "#c6dbef"], [0.5, "#fcbba1"], [1, "#fcbba1"]],
        )
    else:
        heat = dict(
            type="heatmap", x=xs, y=ys, z=z, zmin=0, zmax=top, colorscale=VOTE_COLORSCALE, opacity=0.85,
            showscale=showscale,
            colorbar=dict(title=dict(text="p(y=+1)", side="right"), len=0.8, thickness=14,
                          **(dict(tickvals=[0, 25, 50, 75, 100], ticktext=["0", "0.25", "0.5", "0.75", "1"])
                             if percent else {})),
            hovertemplate="x1=%{x:.2f}<br>x2=%{y:.2f}<br>p(+1)=" + ("%{z} %" if percent else "%{z:.2f}")
                          + "<extra></extra>",
        )
    boundary = dict(
        type="contour", x=xs, y=ys, z=z, showscale=False, hoverinfo="skip", name="boundary",
        contours=dict(start=top / 2, end=top / 2, size=1, coloring="lines"),
        line=dict(color="black", width=2.5), colorscale=[[0, "black"], [1, "black"]],
    )
    return heat, boundary


def surface_figure(xs, ys, H, X_train, y_train, X_test=None, y_test=None, *,
                   discretise=False, title=None, landmarks=None, height=470, showscale=True,
                   loss="exponential", percent=False):
    """Decision surface ``p(+1)`` as a heatmap with the points, through the link
    of ``loss`` (``gbrff.LOSSES``; the exponential loss's ``1/(1+exp(−2H))`` by default).

    ``H`` holds the decision function on the grid ``xs × ys`` (flattened
    row-major, ``len(ys) * len(xs)`` values). The black line is the decision
    boundary ``H = 0``; ``discretise`` paints only the predicted class.
    Training points are circles, test points diamonds; ``landmarks`` (m, 2),
    when given, are drawn as black crosses. ``percent`` holds p(+1) in whole
    percent (uint8, as the animations' frames: the same colours, a quarter of
    the bytes of float32), for a page that sends the figure at every change.
    """
    data = list(_surface_traces(xs, ys, H, discretise, showscale, loss, percent=percent))
    data += _points(X_train, y_train, "train", "circle", "white")
    if X_test is not None and len(X_test):
        data += _points(X_test, y_test, "test", "diamond", "black", size=9)
    if landmarks is not None and len(landmarks):
        L = np.atleast_2d(landmarks)
        data.append(dict(type="scatter", x=L[:, 0], y=L[:, 1], mode="markers", name="landmark",
                         marker=dict(symbol="x-thin", size=16, line=dict(width=3, color="black"))))
    return _plane(data, xs, ys, title=title, height=height)


def cosine_figure(xs, ys, values, *, title=None, zlabel="h(x)", X=None, y=None, symmetric=True,
                  height=400):
    """A plain heatmap of a function on the grid (home page pictures)."""
    z = np.asarray(values, dtype=np.float64).reshape(len(ys), len(xs))
    amp = float(np.abs(z).max()) or 1.0
    data = [dict(
        type="heatmap", x=xs, y=ys, z=z.astype(np.float32), colorscale=VOTE_COLORSCALE,
        zmin=-amp if symmetric else None, zmax=amp if symmetric else None,
        colorbar=dict(title=dict(text=zlabel, side="right"), thickness=12),
        hovertemplate="x1=%{x:.2f}<br>x2=%{y:.2f}<br>%{z:.2f}<extra></extra>",
    )]
    if X is not None:
        data += _points(X, y, "train", "circle", "white", size=6, showlegend=False)
    return _plane(data, xs, ys, title=title, height=height)


def surfaces_grid_figure(xs, ys, surfaces, X, y, titles, *, cols=4, height=330, equal_aspect=False):
    """Small multiples of decision surfaces (``surfaces`` is a list of H on the grid).

    ``equal_aspect``: one unit of x₁ as long as one of x₂ in every panel (the
    panels shrink to fit their cell instead of stretching the plane).
    """
    rows = int(np.ceil(len(surfaces) / cols))
    lines = max([t.count("<br>") for t in titles] + [0])
    fig = make_subplots(rows=rows, cols=cols, subplot_titles=titles, horizontal_spacing=0.03,
                        vertical_spacing=0.12 if lines else 0.08)
    for i, H in enumerate(surfaces):
        r, c = i // cols + 1, i % cols + 1
        heat, boundary = _surface_traces(xs, ys, H, False, showscale=i == 0)
        fig.add_trace(heat, row=r, col=c)
        fig.add_trace(boundary, row=r, col=c)
        for trace in _points(X, y, "train", "circle", "white", size=5, showlegend=False):
            fig.add_trace(trace, row=r, col=c)
        fig.update_xaxes(range=[xs[0], xs[-1]], showticklabels=False, row=r, col=c)
        fig.update_yaxes(range=[ys[0], ys[-1]], showticklabels=False, row=r, col=c)
        if equal_aspect:
            fig.update_xaxes(constrain="domain", row=r, col=c)
            fig.update_yaxes(scaleanchor="x" if i == 0 else f"x{i + 1}", scaleratio=1, constrain="domain",
                             row=r, col=c)
    fig.update_annotations(font=dict(size=15))
    fig = _layout(fig, None, height=height * rows, showlegend=False)
    if lines:  # titles of several lines (narrow panels on a projector): room above the first row
        fig.update_layout(margin_t=60 + 20 * (lines - 1))
    return fig


def surface_animation(xs, ys, stages, H, X_train, y_train, X_test=None, y_test=None, *, titles,
                      discretise=False, loss="exponential", landmarks=None, height=470, browser_vote=False):
    """:func:`surface_figure` at every iteration of ``stages``, as Plotly frames.

    ``H`` holds the decision function of each stage on the grid, shape
    ``(len(stages), len(ys) * len(xs))``; ``titles`` one title per stage;
    ``landmarks`` (optional) the landmarks chosen up to each stage (a list of
    ``(m, 2)`` arrays), drawn as crosses. The figure shows the first stage;
    frame ``str(t)`` replaces the heatmap, the boundary, the crosses and the title.
    A frame's boundary (a contour without a ``z`` of its own) is the p = ½ line of
    the frame's heatmap: the player draws it from there, the grid travels once.
    ``browser_vote``: the frames' heatmaps carry no ``z`` (the player computes each from the
    expansion it receives beside the figure, :func:`gbrff.teaching.expansions.grid_expansion`);
    ``H`` needs then only its first row, the figure's own picture.
    """
    first = list(_surface_traces(xs, ys, H[0], discretise, True, loss, percent=True))
    data = first + _points(X_train, y_train, "train", "circle", "white")
    if X_test is not None and len(X_test):
        data += _points(X_test, y_test, "test", "diamond", "black", size=9)
    marks = len(data)
    if landmarks is not None:
        L0 = np.asarray(landmarks[0], dtype=np.float64).reshape(-1, 2)
        data.append(dict(type="scatter", x=L0[:, 0], y=L0[:, 1], mode="markers", name="landmarks so far",
                         marker=dict(symbol="x-thin", size=16, line=dict(width=3, color="black"))))
    fig = _plane(data, xs, ys, title=titles[0], height=height, as_dict=True)
    frames = []
    for k, (t, title) in enumerate(zip(stages, titles)):
        Ht = None if browser_vote else H[k]
        # the boundary is drawn from the heatmap's own z (the player reads it there: sent once, not twice)
        if browser_vote:
            parts = [dict(type="heatmap"), dict(type="contour")]
        else:
            heat, boundary = _surface_traces(xs, ys, Ht, discretise, True, loss, percent=True)
            parts = [dict(type="heatmap", z=heat["z"]), dict(type="contour")]
        traces = [0, 1]
        if landmarks is not None:
            L = np.asarray(landmarks[k], dtype=np.float64).reshape(-1, 2)
            parts.append(dict(type="scatter", x=L[:, 0], y=L[:, 1]))
            traces.append(marks)
        frames.append(_frame(t, parts, traces, dict(title=dict(text=title))))
    return _with_frames(fig, frames)
