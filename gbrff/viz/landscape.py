"""The loss landscape of a landmark (the GBRFF paper's Fig. 1; Gautheron et al., ECML-PKDD 2020): the
loss of every candidate landmark over the plane and the same loss over the phase b, still or one frame per
iteration. Arrays in, ``go.Figure`` out.
"""

import numpy as np
import plotly.graph_objects as go

from .style import _BOTTOM_LEGEND, _FONT, _frame, _layout, _plane, _points, _with_frames

__all__ = ["landscape_figure", "bias_curve_figure", "landscape_animation", "bias_curve_animation"]


def landscape_figure(xs, ys, F, X, y, *, landmark=None, title=None, height=480):
    """The loss ``f(x)`` of every landmark position (the paper's Fig. 1, top).

    Light yellow is the smallest loss, as in the paper; the chosen landmark is
    a white cross.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    F : array-like of shape (len(ys) * len(xs),)
        The loss of every landmark position on the grid, flattened row-major
        (:func:`gbrff.inspection.landmark_objective`).
    X : ndarray of shape (n, 2)
        The training points.
    y : ndarray of shape (n,)
        Their labels in {-1, +1}.
    landmark : array-like of shape (2,) or None, default=None
        The chosen landmark.
    title : str or None, default=None
        The figure's title.
    height : int, default=480
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from gbrff.teaching.landscape import fit_landscape, landscape_frames
    >>> from gbrff.viz.landscape import landscape_figure
    >>> fit = fit_landscape(60, 0.1, seed=0, T=3, gamma=0.5)
    >>> frames = landscape_frames(fit)
    >>> fig = landscape_figure(frames["xs"], frames["ys"], frames["F"][0], fit["X"], fit["y"],
    ...                        landmark=fit["expansion"].landmarks[0])
    >>> fig.data[-1].name
    'chosen landmark xₜ'
    """
    z = np.asarray(F, dtype=np.float64).reshape(len(ys), len(xs)).astype(np.float32)
    data = [dict(
        type="heatmap", x=xs, y=ys, z=z, colorscale="Viridis", reversescale=True,
        colorbar=dict(title=dict(text="loss f(x)", side="right"), thickness=14),
        hovertemplate="landmark=(%{x:.2f}, %{y:.2f})<br>f=%{z:.4f}<extra></extra>",
    )]
    data += _points(X, y, "train", size=7)
    if landmark is not None:
        data.append(dict(type="scatter", x=[landmark[0]], y=[landmark[1]], mode="markers",
                         name="chosen landmark xₜ",
                         marker=dict(symbol="x", size=20, color="white", line=dict(width=1.5, color="black"))))
    return _plane(data, xs, ys, title=title, height=height, xtitle="landmark coordinate 1",
                  ytitle="landmark coordinate 2")


def bias_curve_figure(bs, f, *, b_landmark=None, title=None, height=360):
    """The loss over the phase, ``f(b) = (1/n) Σ exp(−ỹ_i cos(ω·x_i − b))``, for ``b ∈ [−π, π]``.

    Parameters
    ----------
    bs : array-like
        The phases.
    f : array-like
        f at each phase (:func:`gbrff.inspection.bias_objective`).
    b_landmark : float or None, default=None
        The chosen landmark's phase, drawn dashed.
    title : str or None, default=None
        The figure's title.
    height : int, default=360
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.viz.landscape import bias_curve_figure
    >>> bs = np.linspace(-np.pi, np.pi, 9)
    >>> fig = bias_curve_figure(bs, 1 + 0.5 * np.cos(bs), b_landmark=0.5)
    >>> len(fig.data) >= 1
    True
    """
    bs = np.asarray(bs, dtype=np.float64)
    f = np.asarray(f, dtype=np.float64)
    k = int(np.argmin(f))
    fig = go.Figure(go.Scatter(x=bs, y=f, mode="lines", name="f(b)", line=dict(width=3, color="#1b7837")))
    fig.add_trace(go.Scatter(x=[bs[k]], y=[f[k]], mode="markers", name=f"global minimum b* = {bs[k]:.2f}",
                             marker=dict(size=14, color="#fdae61", symbol="star", line=dict(color="black", width=1))))
    if b_landmark is not None:
        fig.add_vline(x=float(b_landmark), line=dict(color="black", dash="dash", width=2),
                      annotation_text="b = ω·xₜ of the chosen landmark",
                      annotation_position="top right" if b_landmark < 0 else "top left",
                      annotation_font=dict(size=13))
    fig.update_xaxes(title_text="phase b", range=[-np.pi, np.pi],
                     tickvals=[-np.pi, -np.pi / 2, 0, np.pi / 2, np.pi], ticktext=["−π", "−π/2", "0", "π/2", "π"])
    fig.update_yaxes(title_text="loss f(b)")
    return _layout(fig, title, height=height,
                   legend=dict(orientation="h", yanchor="bottom", y=1.02, x=0, font=dict(size=14)))


def landscape_animation(xs, ys, stages, F, X, y, landmarks, *, titles, readouts=None, height=480):
    """:func:`landscape_figure` at every iteration of ``stages`` (``t ≥ 1``), as Plotly frames.

    Each frame's colours span its own range (the loss's scale changes from
    one iteration to the next), so the colour bar reads from "lowest" to
    "highest".

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    stages : sequence of int
        The iterations shown.
    F : array-like of shape (len(stages), len(ys) * len(xs))
        The loss of every landmark position, per stage.
    X : ndarray of shape (n, 2)
        The training points.
    y : ndarray of shape (n,)
        Their labels.
    landmarks : array-like of shape (len(stages), 2)
        The chosen landmarks.
    titles : list of str
        One title per stage.
    readouts : list of str or None, default=None
        The loss values the player writes next to the surface, under its
        title, one a stage.
    height : int, default=480
        The figure's height in pixels.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> from gbrff.teaching.landscape import fit_landscape, landscape_frames
    >>> from gbrff.viz.landscape import landscape_animation
    >>> fit = fit_landscape(60, 0.1, seed=0, T=3, gamma=0.5)
    >>> fr = landscape_frames(fit)
    >>> fig = landscape_animation(fr["xs"], fr["ys"], fr["stages"], fr["F"], fit["X"], fit["y"],
    ...                           fit["expansion"].landmarks, titles=["1", "2", "3"])
    >>> len(fig["frames"])
    3
    """
    F = np.asarray(F, dtype=np.float64).reshape(len(stages), len(ys), len(xs))
    lo, hi = F.min(axis=(1, 2), keepdims=True), F.max(axis=(1, 2), keepdims=True)
    Z = np.rint(100 * (F - lo) / np.maximum(hi - lo, 1e-300)).astype(np.uint8)
    data = [dict(type="heatmap", x=xs, y=ys, z=Z[0], zmin=0, zmax=100, colorscale="Viridis", reversescale=True,
                 colorbar=dict(title=dict(text="loss f(x)", side="right"), thickness=14, tickvals=[0, 100],
                               ticktext=["lowest", "highest"]), hoverinfo="skip")]
    data += _points(X, y, "train", size=7)
    L = np.asarray(landmarks, dtype=np.float64).reshape(len(stages), 2)
    data.append(dict(type="scatter", x=L[:1, 0], y=L[:1, 1], mode="markers", name="chosen landmark xₜ",
                     marker=dict(symbol="x", size=20, color="white", line=dict(width=1.5, color="black"))))
    fig = _plane(data, xs, ys, title=titles[0], height=height, xtitle="landmark coordinate 1",
                 ytitle="landmark coordinate 2", as_dict=True)
    n = len(data) - 1
    if readouts is not None:  # room for the readout's line under the title
        fig["layout"]["margin"] = dict(fig["layout"]["margin"], t=92)
    return _with_frames(fig, [_frame(t, [dict(type="heatmap", z=Z[k]),
                                         dict(type="scatter", x=L[k:k + 1, 0], y=L[k:k + 1, 1])],
                                     [0, n], dict(title=dict(text=titles[k])),
                                     None if readouts is None else readouts[k]) for k, t in enumerate(stages)])


def bias_curve_animation(bs, stages, f, b_landmark, *, titles, height=360):
    """:func:`bias_curve_figure` at every iteration of ``stages``, as Plotly frames.

    Each frame has the curve ``f(b)`` of its stage, its minimum (a star) and
    the chosen landmark's phase (dashed), on the stage's own y range.

    Parameters
    ----------
    bs : array-like
        The phases.
    stages : sequence of int
        The iterations shown.
    f : array-like of shape (len(stages), len(bs))
        f over the phases, per stage.
    b_landmark : sequence of float
        The chosen landmark's phase, per stage.
    titles : list of str
        One title per stage.
    height : int, default=360
        The figure's height in pixels.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> from gbrff.teaching.landscape import fit_landscape, landscape_frames
    >>> from gbrff.viz.landscape import bias_curve_animation
    >>> fr = landscape_frames(fit_landscape(60, 0.1, seed=0, T=3, gamma=0.5))
    >>> fig = bias_curve_animation(fr["bs"], fr["stages"], fr["fb"], fr["b_landmark"],
    ...                            titles=["1", "2", "3"])
    >>> len(fig["frames"])
    3
    """
    bs = np.asarray(bs, dtype=np.float64)
    f = np.asarray(f, dtype=np.float64)

    def parts(k):
        j = int(np.argmin(f[k]))
        lo, hi = float(f[k].min()), float(f[k].max())
        pad = 0.08 * (hi - lo or 1.0)
        return ([dict(type="scatter", y=f[k].astype(np.float32)),
                 dict(type="scatter", x=[bs[j]], y=[f[k, j]]),
                 dict(type="scatter", x=[b_landmark[k]] * 2, y=[lo - pad, hi + pad])],
                {"title": dict(text=titles[k]), "yaxis.range": [lo - pad, hi + pad]})

    first, lay = parts(0)
    data = [dict(type="scatter", x=bs, y=first[0]["y"], mode="lines", name="f(b)", line=dict(width=3, color="#1b7837")),
            dict(type="scatter", x=first[1]["x"], y=first[1]["y"], mode="markers", name="global minimum b*",
                 marker=dict(size=14, color="#fdae61", symbol="star", line=dict(color="black", width=1))),
            dict(type="scatter", x=first[2]["x"], y=first[2]["y"], mode="lines",
                 name="b = ω·xₜ of the chosen landmark", line=dict(color="black", dash="dash", width=2))]
    layout = dict(
        xaxis=dict(title=dict(text="phase b"), range=[-np.pi, np.pi],
                   tickvals=[-np.pi, -np.pi / 2, 0, np.pi / 2, np.pi], ticktext=["−π", "−π/2", "0", "π/2", "π"]),
        yaxis=dict(title=dict(text="loss f(b)"), range=lay["yaxis.range"]),
        title=dict(text=titles[0], font=dict(size=19)), font=_FONT, height=height,
        margin=dict(l=60, r=20, t=60, b=95), legend=_BOTTOM_LEGEND,
    )
    fig = go.Figure(data=data, layout=layout)
    frames = []
    for k, t in enumerate(stages):
        d, lay = parts(k)
        frames.append(_frame(t, d, [0, 1, 2], {"title": lay["title"], "yaxis": {"range": lay["yaxis.range"]}}))
    return _with_frames(fig, frames)
