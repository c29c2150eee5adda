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
    """Decision surface ``p(+1)`` as a heatmap with the points.

    p(+1) comes through the link of ``loss`` (:data:`gbrff.LOSSES`; the
    exponential loss's ``1/(1+exp(−2H))`` by default). The black line is the
    decision boundary ``H = 0``. Class −1 is drawn as circles, class +1 as
    crosses; training points are outlined in white, test points in black.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    H : array-like of shape (len(ys) * len(xs),)
        The decision function on the grid, flattened row-major.
    X_train : ndarray of shape (n, 2)
        Training points.
    y_train : ndarray of shape (n,)
        Their labels in {-1, +1}.
    X_test : ndarray of shape (m, 2) or None, default=None
        Test points.
    y_test : ndarray of shape (m,) or None, default=None
        Their labels.
    discretise : bool, default=False
        Paint only the predicted class.
    title : str or None, default=None
        The figure's title.
    landmarks : array-like of shape (k, 2) or None, default=None
        Landmarks, drawn as black crosses.
    height : int, default=470
        The figure's height in pixels.
    showscale : bool, default=True
        Show the colour bar.
    loss : str, default="exponential"
        The loss whose link turns H into p(+1).
    percent : bool, default=False
        Hold p(+1) in whole percent (uint8, as the animations' frames: the
        same colours, a quarter of the bytes of float32), for a page that
        sends the figure at every change.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    See Also
    --------
    surface_animation : One frame per iteration.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.viz.surfaces import surface_figure
    >>> fig = surface_figure(xs, ys, est.decision_function(G), X, y)
    >>> [trace.type for trace in fig.data]
    ['heatmap', 'contour', 'scatter', 'scatter']
    """
    data = list(_surface_traces(xs, ys, H, discretise, showscale, loss, percent=percent))
    data += _points(X_train, y_train, "train")
    if X_test is not None and len(X_test):
        data += _points(X_test, y_test, "test", size=9)
    if landmarks is not None and len(landmarks):
        L = np.atleast_2d(landmarks)
        data.append(dict(type="scatter", x=L[:, 0], y=L[:, 1], mode="markers", name="landmark",
                         marker=dict(symbol="x-thin", size=16, line=dict(width=3, color="black"))))
    return _plane(data, xs, ys, title=title, height=height)


def cosine_figure(xs, ys, values, *, title=None, zlabel="h(x)", X=None, y=None, symmetric=True,
                  height=400):
    """A plain heatmap of a function on the grid (the home page's pictures).

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    values : array-like of shape (len(ys) * len(xs),)
        The function on the grid, flattened row-major.
    title : str or None, default=None
        The figure's title.
    zlabel : str, default="h(x)"
        The colour bar's title.
    X : ndarray of shape (n, 2) or None, default=None
        Points drawn over it.
    y : ndarray of shape (n,) or None, default=None
        Their labels in {-1, +1}.
    symmetric : bool, default=True
        Centre the colour scale on 0.
    height : int, default=400
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.viz.surfaces import cosine_figure
    >>> fig = cosine_figure(xs, ys, est.expansion_.weak_learner(0, G), X=X, y=y)
    >>> fig.data[0].type, fig.data[0].z.shape
    ('heatmap', (30, 30))
    """
    z = np.asarray(values, dtype=np.float64).reshape(len(ys), len(xs))
    amp = float(np.abs(z).max()) or 1.0
    data = [dict(
        type="heatmap", x=xs, y=ys, z=z.astype(np.float32), colorscale=VOTE_COLORSCALE,
        zmin=-amp if symmetric else None, zmax=amp if symmetric else None,
        colorbar=dict(title=dict(text=zlabel, side="right"), thickness=12),
        hovertemplate="x1=%{x:.2f}<br>x2=%{y:.2f}<br>%{z:.2f}<extra></extra>",
    )]
    if X is not None:
        data += _points(X, y, "train", size=6, showlegend=False)
    return _plane(data, xs, ys, title=title, height=height)


def surfaces_grid_figure(xs, ys, surfaces, X, y, titles, *, cols=4, height=330, equal_aspect=False):
    """Small multiples of decision surfaces.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    surfaces : list of array-like
        One H on the grid per panel.
    X : ndarray of shape (n, 2)
        The points drawn in every panel.
    y : ndarray of shape (n,)
        Their labels in {-1, +1}.
    titles : list of str
        One title per panel.
    cols : int, default=4
        Panels per row.
    height : int, default=330
        Height of one row of panels, in pixels.
    equal_aspect : bool, default=False
        One unit of x₁ as long as one of x₂ in every panel (the panels shrink
        to fit their cell instead of stretching the plane).

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.viz.surfaces import surfaces_grid_figure
    >>> H = [h for h in est.staged_decision_function(G)][:2]
    >>> fig = surfaces_grid_figure(xs, ys, H, X, y, ["t = 1", "t = 2"], cols=2)
    >>> len(fig.layout.annotations)
    2
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
        for trace in _points(X, y, "train", size=5, showlegend=False):
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

    The figure shows the first stage; frame ``str(t)`` replaces the heatmap,
    the boundary, the crosses and the title. A frame's boundary (a contour
    without a ``z`` of its own) is the p = ½ line of the frame's heatmap: the
    player draws it from there, the grid travels once.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    stages : sequence of int
        The iterations shown.
    H : array-like of shape (len(stages), len(ys) * len(xs))
        The decision function of each stage on the grid.
    X_train, y_train : ndarray
        Training points and their labels in {-1, +1}.
    X_test, y_test : ndarray or None, default=None
        Test points and their labels.
    titles : list of str
        One title per stage.
    discretise : bool, default=False
        Paint only the predicted class.
    loss : str, default="exponential"
        The loss whose link turns H into p(+1).
    landmarks : list of ndarray or None, default=None
        The landmarks chosen up to each stage (``(m, 2)`` arrays), drawn as crosses.
    height : int, default=470
        The figure's height in pixels.
    browser_vote : bool, default=False
        The frames' heatmaps carry no ``z``: the player computes each from the
        expansion it receives beside the figure
        (:func:`gbrff.teaching.expansions.grid_expansion`); ``H`` needs then
        only its first row, the figure's own picture.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``);
        ``plotly.graph_objects.Figure(fig)`` rebuilds a figure of it.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.teaching.expansions import staged_scores
    >>> from gbrff.viz.surfaces import surface_animation
    >>> stages = [1, 5, 10]
    >>> H = staged_scores(est.expansion_, G, stages)
    >>> fig = surface_animation(xs, ys, stages, H, X, y, titles=[f"t = {t}" for t in stages])
    >>> [frame["name"] for frame in fig["frames"]]
    ['1', '5', '10']
    """
    first = list(_surface_traces(xs, ys, H[0], discretise, True, loss, percent=True))
    data = first + _points(X_train, y_train, "train")
    if X_test is not None and len(X_test):
        data += _points(X_test, y_test, "test", size=9)
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
