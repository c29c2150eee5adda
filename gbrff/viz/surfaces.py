"""Decision surfaces: the vote H (or one cosine) over the plane, with the points, still or one frame per
iteration; a row of them side by side. Arrays in, ``go.Figure`` out (the heatmap shows p(+1) through the
loss's link, the black line is H = 0).

A regression's surface is the predicted value ŷ = H itself (``value_surface_*``), on the value scale
(:data:`gbrff.viz.style.VALUE_COLORSCALE`) with its own colour bar, the points coloured by their target
on the same scale and sized by their residual ``|y − ŷ|``; its weak learner is drawn with the residuals it
fits (:func:`residual_learner_animation`).
"""

import numpy as np
from plotly.subplots import make_subplots

from .._boosting import LOSSES
from .learners import weak_learner_animation
from .style import _BOTTOM_LEGEND, VALUE_COLORSCALE, VOTE_COLORSCALE, _frame, _layout, _plane, _points, _with_frames

__all__ = ["surface_figure", "cosine_figure", "surfaces_grid_figure", "surface_animation", "value_surface_figure",
           "value_surfaces_figure", "value_surface_animation", "residual_learner_animation"]


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


# ---------------------------------------------------------------- regression: the predicted value
def _value_heat(xs, ys, H, zrange, showscale=True):
    """Heatmap of ŷ on the value scale, its colour bar in the target's units (float32: the player's
    frames compute the same from the model)."""
    lo, hi = (float(v) for v in zrange)
    return dict(type="heatmap", x=xs, y=ys, z=np.asarray(H, dtype=np.float32).reshape(len(ys), len(xs)),
                zmin=lo, zmax=hi, colorscale=VALUE_COLORSCALE, showscale=showscale,
                colorbar=dict(title=dict(text="ŷ (points: y)", side="right"), len=0.8, thickness=14),
                hovertemplate="x1=%{x:.2f}<br>x2=%{y:.2f}<br>ŷ=%{z:.3f}<extra></extra>")


def _value_points(X, y, zrange, name, symbol, outline, size=9):
    """One scatter trace of points coloured by their target ``y`` on the value scale (its colours are the
    surface's: a point that stands out from the surface under it is one the model misses)."""
    lo, hi = (float(v) for v in zrange)
    return dict(type="scatter", x=X[:, 0], y=X[:, 1], mode="markers", name=name,
                marker=dict(color=np.asarray(y, dtype=np.float32), colorscale=VALUE_COLORSCALE, cmin=lo, cmax=hi,
                            showscale=False, symbol=symbol, size=size, line=dict(color=outline, width=1.5)),
                hovertemplate="x1=%{x:.2f}<br>x2=%{y:.2f}<br>y=%{marker.color:.3f}<extra></extra>")


def value_surface_figure(xs, ys, H, X_train, y_train, X_test=None, y_test=None, *, zrange, sizes=None,
                         title=None, height=470, showscale=True):
    """A regression's surface: the predicted value ŷ(x) as a heatmap, with the points.

    The surface and the points share the value scale
    (:data:`gbrff.viz.style.VALUE_COLORSCALE`) and its colour bar, from
    ``zrange[0]`` to ``zrange[1]``: a point is coloured by its target y, so a
    point whose colour differs from the surface under it is badly predicted.
    Training points are circles, test points diamonds.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    H : array-like of shape (len(ys) * len(xs),)
        The predicted value on the grid, flattened row-major.
    X_train, y_train : ndarray
        Training points and their target.
    X_test, y_test : ndarray or None, default=None
        Test points and their target.
    zrange : tuple of float
        The colour range (:func:`gbrff.teaching.regression.value_range`).
    sizes : tuple of array-like or None, default=None
        The training and the test points' sizes in pixels (their residuals:
        :func:`gbrff.teaching.regression.residual_sizes`); None: all 9 px.
    title : str or None, default=None
        The figure's title.
    height : int, default=470
        The figure's height in pixels.
    showscale : bool, default=True
        Show the colour bar.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    See Also
    --------
    value_surface_animation : One frame per iteration.

    Examples
    --------
    >>> from gbrff import GBRFF2Regressor
    >>> from gbrff.datasets import make_toy
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_toy("gaussians", 100, random_state=0)
    >>> reg = GBRFF2Regressor(n_estimators=10, n_iter_no_change=None, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.viz.surfaces import value_surface_figure
    >>> fig = value_surface_figure(xs, ys, reg.predict(G), X, y, zrange=(y.min(), y.max()))
    >>> [trace.type for trace in fig.data], fig.data[1].marker.cmax == fig.data[0].zmax
    (['heatmap', 'scatter'], True)
    """
    return _value_plane(xs, ys, H, X_train, y_train, X_test, y_test, zrange, sizes, title, height, showscale)


def _value_plane(xs, ys, H, X_train, y_train, X_test, y_test, zrange, sizes, title, height, showscale=True,
                 as_dict=False):
    size_tr, size_te = (9, 9) if sizes is None else sizes
    data = [_value_heat(xs, ys, H, zrange, showscale), _value_points(X_train, y_train, zrange, "train (colour: y)",
                                                                      "circle", "white", size_tr)]
    if X_test is not None and len(X_test):
        data.append(_value_points(X_test, y_test, zrange, "test (colour: y)", "diamond", "black", size_te))
    return _plane(data, xs, ys, title=title, height=height, as_dict=as_dict)


def value_surfaces_figure(xs, ys, surfaces, X_train, y_train, X_test=None, y_test=None, *, titles, zrange,
                          sizes=None, height=480):
    """Regression surfaces side by side (GBRFF's and LightGBM's, say) on one value scale, one colour bar
    (between two panels).

    Each panel is :func:`value_surface_figure`'s picture: the predicted value
    as a heatmap, the points coloured by their target on the same scale.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates.
    surfaces : list of array-like
        One predicted value on the grid per panel (flattened row-major).
    X_train, y_train : ndarray
        Training points and their target, drawn in every panel.
    X_test, y_test : ndarray or None, default=None
        Test points and their target.
    titles : list of str
        One title per panel.
    zrange : tuple of float
        The colour range, shared.
    sizes : list of tuple or None, default=None
        Per panel, the training and test points' sizes (their residuals under
        that panel's model: :func:`gbrff.teaching.regression.residual_sizes`);
        None: 9 px.
    height : int, default=480
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.expansions import make_grid
    >>> X = np.array([[0.0, 0.0], [1.0, 1.0]])
    >>> xs, ys, G = make_grid(X, n=5)
    >>> from gbrff.viz.surfaces import value_surfaces_figure
    >>> fig = value_surfaces_figure(xs, ys, [G.sum(axis=1), G[:, 0]], X, np.array([0.0, 2.0]), titles=["a", "b"],
    ...                             zrange=(0.0, 2.0))
    >>> [t.showscale for t in fig.data if t.type == "heatmap"], len(fig.layout.annotations)
    ([True, False], 2)
    """
    n = len(surfaces)
    # the one colour bar between the panels (each panel, square, sits in the middle of its half): beside both
    fig = make_subplots(rows=1, cols=n, subplot_titles=titles, horizontal_spacing=0.16)
    test = X_test is not None and len(X_test)
    for i, H in enumerate(surfaces):
        size_tr, size_te = (9, 9) if sizes is None else sizes[i]
        heat = _value_heat(xs, ys, H, zrange, showscale=i == 0)
        heat["colorbar"] = dict(heat["colorbar"], x=0.5 if n == 2 else 1.02, xanchor="center" if n == 2 else "left",
                                len=0.8, title=dict(text="ŷ", side="top"))
        traces = [heat, _value_points(X_train, y_train, zrange, "train (colour: y)", "circle", "white", size_tr)]
        if test:
            traces.append(_value_points(X_test, y_test, zrange, "test (colour: y)", "diamond", "black", size_te))
        for trace in traces:
            trace["showlegend"] = i == 0 and trace["type"] == "scatter"
            fig.add_trace(trace, row=1, col=i + 1)
        fig.update_xaxes(range=[xs[0], xs[-1]], constrain="domain", title_text="x₁", row=1, col=i + 1)
        fig.update_yaxes(range=[ys[0], ys[-1]], scaleanchor="x" if i == 0 else f"x{i + 1}", scaleratio=1,
                         constrain="domain", title_text="x₂" if i == 0 else None, showticklabels=i == 0,
                         row=1, col=i + 1)  # the same x₂ in every panel: its numbers once, clear of the bar
    fig.update_annotations(font=dict(size=17))
    fig = _layout(fig, None, height=height, bottom=95, legend=_BOTTOM_LEGEND)
    fig.update_layout(margin_t=50)  # the panels' titles
    return fig


def value_surface_animation(xs, ys, stages, H, X_train, y_train, X_test=None, y_test=None, *, titles, zrange,
                            sizes=None, test_sizes=None, readouts=None, height=470, browser_vote=False):
    """:func:`value_surface_figure` at every iteration of ``stages``, as Plotly frames.

    Frame ``str(t)`` replaces the heatmap (ŷ = H^t), the points' sizes
    (their residuals ``|y − H^t(x)|``), the title and the readout.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates.
    stages : sequence of int
        The iterations shown.
    H : array-like of shape (len(stages), len(ys) * len(xs))
        The predicted value of each stage on the grid.
    X_train, y_train : ndarray
        Training points and their target.
    X_test, y_test : ndarray or None, default=None
        Test points and their target.
    titles : list of str
        One title per stage.
    zrange : tuple of float
        The colour range, the same for every frame.
    sizes, test_sizes : ndarray of shape (len(stages), n) or None, default=None
        The training and test points' sizes at each stage
        (:func:`gbrff.teaching.regression.residual_sizes`); None: 9 px.
    readouts : list of str or None, default=None
        A line under each stage's title.
    height : int, default=470
        The figure's height in pixels.
    browser_vote : bool, default=False
        The frames carry neither the heatmap's ``z`` nor the points' sizes:
        the player computes ŷ on the grid and the residuals at the points from
        the expansion it receives beside the figure
        (:func:`gbrff.teaching.expansions.grid_expansion`); ``H``, ``sizes``
        and ``test_sizes`` need then only their first row.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> from gbrff import GBRFF2Regressor
    >>> from gbrff.datasets import make_toy
    >>> from gbrff.teaching.expansions import make_grid, staged_scores
    >>> X, y = make_toy("plane", 100, random_state=0)
    >>> reg = GBRFF2Regressor(n_estimators=10, n_iter_no_change=None, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.viz.surfaces import value_surface_animation
    >>> stages = [0, 5, 10]
    >>> fig = value_surface_animation(xs, ys, stages, staged_scores(reg.expansion_, G, stages), X, y,
    ...                               titles=[f"t = {t}" for t in stages], zrange=(y.min(), y.max()))
    >>> [frame["name"] for frame in fig["frames"]], fig["frames"][1]["traces"]
    (['0', '5', '10'], [0, 1])
    """
    test = X_test is not None and len(X_test)
    size_tr = 9 if sizes is None else sizes[0]
    size_te = 9 if test_sizes is None else test_sizes[0]
    fig = _value_plane(xs, ys, H[0], X_train, y_train, X_test if test else None, y_test, zrange, (size_tr, size_te),
                       titles[0], height, as_dict=True)
    frames = []
    for k, (t, title) in enumerate(zip(stages, titles)):
        if browser_vote:  # the player's own: ŷ on the grid, the residuals at the points
            parts = [dict(type="heatmap"), dict(type="scatter")] + ([dict(type="scatter")] if test else [])
        else:
            parts = [dict(type="heatmap", z=np.asarray(H[k], dtype=np.float32).reshape(len(ys), len(xs))),
                     dict(type="scatter", marker=dict(size=9 if sizes is None else sizes[k]))]
            if test:
                parts.append(dict(type="scatter", marker=dict(size=9 if test_sizes is None else test_sizes[k])))
        frames.append(_frame(t, parts, range(len(parts)), dict(title=dict(text=title)),
                             readout=None if readouts is None else readouts[k]))
    return _with_frames(fig, frames)


def residual_learner_animation(xs, ys, expansion, stages, X, residuals, *, drawn=None, height=470,
                               browser_learner=False):
    """A regression's weak learner at every iteration of ``stages``, with the residuals it fits.

    :func:`gbrff.viz.learners.weak_learner_animation` (the learner ``h_t``
    on the plane, its crest or landmark, α in the title) with one set of
    points: the training points, each coloured by the residual it leaves
    to fit, ỹᵢ = yᵢ − H^{t−1}(xᵢ), over the largest ``|ỹ|`` (on the learner's
    own scale: red points want H higher, blue ones lower, and the learner's
    red stripes, which add to H when α > 0, fall on them), and sized by ``|ỹᵢ|``.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates.
    expansion : Expansion
        The regressor's fitted 2-D :class:`gbrff.Expansion`.
    stages : sequence of int
        The iterations shown.
    X : ndarray of shape (n, 2)
        The training points.
    residuals : ndarray of shape (len(stages), n)
        ỹ = y − H^{t−1}(x) at each stage (t = 0: y − H⁰).
    drawn : Expansion or None, default=None
        The expansion whose learners the heatmaps show (default ``expansion``).
    height : int, default=470
        The figure's height in pixels.
    browser_learner : bool, default=False
        The frames carry neither ``h_t`` nor the points' colours and sizes:
        the player computes them from the model it receives.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff import GBRFF2Regressor
    >>> from gbrff.datasets import make_toy
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_toy("plane", 100, random_state=0)
    >>> reg = GBRFF2Regressor(n_estimators=5, n_iter_no_change=None, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> H = [np.full(len(y), reg.expansion_.init_score)] + list(reg.staged_predict(X))
    >>> from gbrff.viz.surfaces import residual_learner_animation
    >>> fig = residual_learner_animation(xs, ys, reg.expansion_, [1, 5], X, np.array([y - H[0], y - H[4]]))
    >>> points = fig["data"][2]["marker"]
    >>> float(np.abs(points["color"]).max()), points["cmin"], points["cmax"]
    (1.0, -1, 1)
    """
    r = np.asarray(residuals, dtype=np.float64)
    fig = weak_learner_animation(xs, ys, expansion, stages, X, np.ones(len(X), dtype=np.int64), np.abs(r),
                                 drawn=drawn, height=height, size_label="|ỹᵢ|", browser_learner=browser_learner)

    def color(k):  # ỹ over the largest |ỹ|: the learner's own scale, −1 … 1
        return (r[k] / max(float(np.abs(r[k]).max()), 1e-12)).astype(np.float32)

    fig["data"][1]["showlegend"] = False  # the learner figure's class −1: none here
    points = fig["data"][2]
    points["name"] = "training points: colour ỹᵢ = yᵢ − Hᵗ⁻¹(xᵢ), size |ỹᵢ|"
    points["marker"] = dict(points["marker"], color=color(0), colorscale=VOTE_COLORSCALE, cmin=-1, cmax=1,
                            showscale=False, opacity=0.95, line=dict(color="black", width=0.8))
    for k, frame in enumerate(fig["frames"]):
        part = frame["data"][frame["traces"].index(2)]
        if "marker" in part:  # computed here (the player computes the others)
            part["marker"] = dict(part["marker"], color=color(k))
    return fig
