"""Curves against an iteration or a size: accuracy and loss after every iteration (still or with the
player's moving line; a regression's RMSE and R²), test accuracy (or R²) against the number of training
examples, against the budget T × K, and the λ sweep's ‖ω‖ and accuracies. Arrays in, ``go.Figure`` out.
"""

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..methods import METHODS
from .._boosting import LOSSES
from ._legend import LEGEND_UNDER, room_under
from .style import _BOTTOM_LEGEND, _FONT, _LINE_SYMBOLS, _frame, _layout, _with_frames, number_label

__all__ = ["curves_figure", "learning_curve_figure", "budget_figure", "lambda_sweep_figure", "curves_animation",
           "regression_curves_figure", "regression_curves_animation"]


def _loss_label(loss):
    """The loss's name for an axis, from the loss registry."""
    return LOSSES[loss].label if loss in LOSSES else str(loss)


def _decade_step(*curves, most=6):
    """Decades between the ticks of a log axis of the curves' losses: 1, or more when they span
    more than ``most`` decades."""
    loss = np.concatenate([np.asarray(c["loss"], dtype=np.float64) for c in curves if c is not None] or [[1.0]])
    loss = loss[np.isfinite(loss) & (loss > 0)]
    if len(loss) < 2:
        return 1
    return max(1, int(np.ceil(np.log10(loss.max() / loss.min()) / most)))


def curves_figure(train, test=None, *, current=None, extra=None, stop=None, loss="exponential", title=None,
                  height=380, as_dict=False):
    """Accuracy (left) and the loss (right) against the iteration.

    Built in one constructor call (no ``make_subplots``, no ``add_vline``):
    the playground redraws it at every frame of the animation.

    Parameters
    ----------
    train : dict
        ``accuracy`` and ``loss`` arrays of length ``T + 1`` (iteration 0 is
        ``H⁰``), as :func:`gbrff.teaching.expansions.staged_curves` gives them.
    test : dict or None, default=None
        The same on the test points.
    current : int or None, default=None
        Draw a vertical line at the iteration shown.
    extra : dict or None, default=None
        A label to a constant test accuracy drawn as a dotted line (e.g.
        LightGBM's).
    stop : int or None, default=None
        The iteration a stopping rule chose, marked on the test curves.
    loss : str, default="exponential"
        The loss the curves show (its name on the axis).
    title : str or None, default=None
        The figure's title.
    height : int, default=380
        The figure's height in pixels.
    as_dict : bool, default=False
        Return the figure as a dict (``data``, ``layout``) without Plotly's
        validation.

    Returns
    -------
    plotly.graph_objects.Figure or dict
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
    >>> from gbrff.teaching.expansions import staged_curves
    >>> curves = staged_curves(est.expansion_, X, y)
    >>> from gbrff.viz.curves import curves_figure
    >>> fig = curves_figure(curves, curves, current=5)
    >>> [trace.name for trace in fig.data]
    ['train accuracy', 'train loss', 'test accuracy', 'test loss']
    """
    data = []
    for name, curves, dash in (("train", train, "solid"), ("test", test, "dash")):
        if curves is None:
            continue
        it = np.arange(len(curves["accuracy"]))
        line = dict(color="#333333" if name == "train" else "#e66101", dash=dash, width=3)
        data.append(dict(type="scatter", x=it, y=100 * np.asarray(curves["accuracy"]), name=f"{name} accuracy",
                         line=line, xaxis="x", yaxis="y"))
        data.append(dict(type="scatter", x=it, y=np.asarray(curves["loss"]), name=f"{name} loss", line=line,
                         showlegend=False, xaxis="x2", yaxis="y2"))
    if stop is not None and test is not None:
        s = int(stop)
        for ax, yv in (("", 100 * test["accuracy"][s]), ("2", test["loss"][s])):
            data.append(dict(type="scatter", x=[s], y=[yv], mode="markers", name=f"stop at t = {s}",
                             showlegend=ax == "", legendgroup="stop", xaxis=f"x{ax}", yaxis=f"y{ax}",
                             marker=dict(symbol="star", size=16, color="#fdae61",
                                         line=dict(color="black", width=1))))
    shapes = []
    notes = [dict(text="Accuracy (%)", xref="x domain", yref="y domain", x=0.5, y=1.02, showarrow=False,
                  yanchor="bottom", font=dict(size=16)),
             dict(text=f"{_loss_label(loss)} (log scale)", xref="x2 domain", yref="y2 domain", x=0.5, y=1.02,
                  showarrow=False, yanchor="bottom", font=dict(size=16))]
    last = max((len(c["accuracy"]) - 1 for c in (train, test) if c is not None), default=1)
    for label, value in (extra or {}).items():  # a constant: a dotted line named in the legend, not over the plot
        data.append(dict(type="scatter", x=[0, last], y=[100 * value, 100 * value], mode="lines", name=label,
                         line=dict(color="#5e3c99", dash="dot", width=2.5), xaxis="x", yaxis="y",
                         hovertemplate=f"{label}: %{{y:.1f}} %<extra></extra>"))
    if current is not None:
        shapes += _current_line(current)
    xtitle = dict(text="iteration t")
    layout = dict(
        xaxis=dict(domain=[0, 0.44], anchor="y", title=xtitle),
        yaxis=dict(anchor="x"),
        xaxis2=dict(domain=[0.56, 1], anchor="y2", title=xtitle),
        # ticks at powers of ten only, written 1, 10⁻¹, 10⁻² … (not Plotly's SI prefixes: "100µ" for 10⁻⁴),
        # at most about six of them (every other decade, or more, on a loss falling to 10⁻¹³)
        yaxis2=dict(anchor="x2", type="log", dtick=_decade_step(train, test), exponentformat="power"),
        shapes=shapes, annotations=notes,
        title=dict(text=title, font=dict(size=19)) if title else None,
        font=_FONT, height=height, margin=dict(l=60, r=20, t=(40 + 24 * (title.count("<br>") + 1)) if title else 40,
                                               b=100),
        legend=_BOTTOM_LEGEND,  # under the two panels, never over their curves
    )
    if as_dict:  # as :func:`_plane`'s
        return dict(data=data, layout={k: v for k, v in layout.items() if v is not None})
    return go.Figure(data=data, layout=layout)


def learning_curve_figure(sizes, scores, *, title=None, height=380, ylabel="test accuracy (%)", scale=100):
    """Test accuracy (or another score) against the number of training examples, one line per method.

    Parameters
    ----------
    sizes : sequence of int
        The training sizes.
    scores : dict
        A method of the registry (e.g. ``"GBRFF2"``, ``"LGBM"``) to an array
        of shape ``(len(sizes),)`` or ``(len(sizes), n_repeats)`` (then
        mean ± std is shown) of accuracies in [0, 1]; each line has the
        method's label and colour.
    title : str or None, default=None
        The figure's title.
    height : int, default=380
        The figure's height in pixels.
    ylabel : str, default="test accuracy (%)"
        The y axis's title (``"test R²"`` for a regression).
    scale : float, default=100
        The scores are drawn times ``scale`` (accuracies in percent; 1 for R²).

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from gbrff.viz.curves import learning_curve_figure
    >>> fig = learning_curve_figure([10, 100], {"GBRFF2": [0.7, 0.95], "LGBM": [0.5, 0.93]})
    >>> [trace.name for trace in fig.data]
    ['GBRFF2', 'LightGBM']
    """
    fig = go.Figure()
    for method, s in scores.items():
        spec = METHODS.get(method)
        name, color = (spec.label, spec.color) if spec is not None else (method, None)
        s = scale * np.asarray(s, dtype=np.float64)
        mean = s.mean(axis=1) if s.ndim == 2 else s
        std = s.std(axis=1) if s.ndim == 2 else None
        fig.add_trace(go.Scatter(
            x=sizes, y=mean, name=name, mode="lines+markers",
            line=dict(width=3, color=color),
            error_y=dict(type="data", array=std, visible=std is not None),
        ))
    fig.update_xaxes(title_text="number of training examples", type="log", tickvals=list(sizes))
    fig.update_yaxes(title_text=ylabel)
    room = room_under([t.name for t in fig.data])  # the legend under the plot, not beside it
    return _layout(fig, title, height=height + room - 60, bottom=room, legend=LEGEND_UNDER)


def budget_figure(budgets, scores, *, title=None, height=400, ylabel="test accuracy (%)"):
    """Accuracy against the total number of random features ``T × K``, one line per K.

    Parameters
    ----------
    budgets : sequence of int
        The budgets T × K.
    scores : dict
        ``K`` to an array aligned with ``budgets`` (NaN where the budget is
        smaller than K), in [0, 1].
    title : str or None, default=None
        The figure's title.
    height : int, default=400
        The figure's height in pixels.
    ylabel : str, default="test accuracy (%)"
        The y axis's title.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from gbrff.viz.curves import budget_figure
    >>> fig = budget_figure([20, 50], {1: [0.8, 0.9], 20: [float("nan"), 0.85]})
    >>> [trace.name for trace in fig.data]
    ['K = 1', 'K = 20']
    """
    colors = ["#1b7837", "#e66101", "#5e3c99", "#2166ac", "#b2182b"]
    fig = go.Figure()
    for i, (K, s) in enumerate(scores.items()):
        fig.add_trace(go.Scatter(x=budgets, y=100 * np.asarray(s, dtype=np.float64), name=f"K = {K}",
                                 mode="lines+markers", line=dict(width=3, color=colors[i % len(colors)]),
                                 marker=dict(size=9, symbol=_LINE_SYMBOLS[i % len(_LINE_SYMBOLS)])))
    fig.update_xaxes(title_text="total random features T × K", type="log", tickvals=list(budgets))
    fig.update_yaxes(title_text=ylabel)
    room = room_under([t.name for t in fig.data])  # the legend under the plot, not beside it
    return _layout(fig, title, height=height + room - 60, bottom=room, legend=LEGEND_UNDER)


def lambda_sweep_figure(lambdas, omega_norm, test_acc, train_acc=None, *, current=None, title=None, height=380):
    """Mean ‖ωₜ‖ and accuracy against λ (``λ = 0`` is drawn at the left end).

    Parameters
    ----------
    lambdas : sequence of float
        The values of λ.
    omega_norm : sequence of float
        The mean norm of the learned frequencies at each λ.
    test_acc : sequence of float
        Test accuracies in [0, 1].
    train_acc : sequence of float or None, default=None
        Training accuracies.
    current : float or None, default=None
        The λ of the model shown (a vertical line).
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
    >>> from gbrff.viz.curves import lambda_sweep_figure
    >>> fig = lambda_sweep_figure([0.0, 0.0625, 0.25], [2.1, 1.4, 0.8], [0.9, 0.95, 0.85])
    >>> list(fig.layout.xaxis.ticktext)
    ['0', '2⁻⁴', '2⁻²']
    """
    lambdas = np.asarray(lambdas, dtype=np.float64)
    pos = lambdas[lambdas > 0]
    x0 = pos.min() / 4 if len(pos) else 1e-3
    xv = np.where(lambdas > 0, lambdas, x0)
    labels = [number_label(v) for v in lambdas]
    fig = make_subplots(rows=1, cols=2, subplot_titles=("mean ‖ωₜ‖ of the learned frequencies", "accuracy (%)"),
                        horizontal_spacing=0.12)
    fig.add_trace(go.Scatter(x=xv, y=omega_norm, mode="lines+markers", name="mean ‖ω‖",
                             line=dict(width=3, color="#5e3c99")), row=1, col=1)
    if train_acc is not None:
        fig.add_trace(go.Scatter(x=xv, y=100 * np.asarray(train_acc), mode="lines+markers", name="train",
                                 line=dict(width=3, color="#333333")), row=1, col=2)
    fig.add_trace(go.Scatter(x=xv, y=100 * np.asarray(test_acc), mode="lines+markers", name="test",
                             line=dict(width=3, color="#e66101", dash="dash")), row=1, col=2)
    if current is not None:
        xc = current if current > 0 else x0
        for col in (1, 2):
            fig.add_vline(x=xc, line=dict(color="gray", width=2), row=1, col=col)
    fig.update_xaxes(type="log", tickvals=xv, ticktext=labels, title_text="λ")
    fig.update_yaxes(type="log", row=1, col=1)
    fig.update_annotations(font=dict(size=16))
    fig = _layout(fig, title, height=height, bottom=95, legend=_BOTTOM_LEGEND)
    if title:  # the panels' own titles under the figure's, not over it
        fig.update_layout(margin_t=fig.layout.margin.t + 34, height=height + 34)
    return fig


def _current_line(t):
    return [dict(type="line", xref=f"x{ax}", yref=f"y{ax} domain", x0=t, x1=t, y0=0, y1=1,
                 line=dict(color="gray", width=2)) for ax in ("", "2")]


def curves_animation(train, test, stages, *, extra=None, stop=None, loss="exponential", height=380):
    """:func:`curves_figure` with a frame per iteration of ``stages``: the grey line moves to ``t``.

    Parameters
    ----------
    train, test : dict
        ``accuracy`` and ``loss`` arrays of length ``T + 1``.
    stages : sequence of int
        The iterations shown.
    extra : dict or None, default=None
        Constant accuracies drawn as dotted lines.
    stop : int or None, default=None
        The iteration a stopping rule chose.
    loss : str, default="exponential"
        The loss the curves show.
    height : int, default=380
        The figure's height in pixels.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.teaching.expansions import staged_curves
    >>> curves = staged_curves(est.expansion_, X, y)
    >>> from gbrff.viz.curves import curves_animation
    >>> len(curves_animation(curves, curves, [1, 5, 10])["frames"])
    3
    """
    fig = curves_figure(train, test, current=stages[0], extra=extra, stop=stop, loss=loss, height=height,
                        as_dict=True)
    fixed = fig["layout"]["shapes"][:-2]
    return _with_frames(fig, [_frame(t, layout=dict(shapes=fixed + _current_line(t))) for t in stages])


# ---------------------------------------------------------------- regression: RMSE and R² against t
_TRAIN_LINE, _TEST_LINE = dict(color="#333333", dash="solid", width=3), dict(color="#e66101", dash="dash", width=3)


def _log_ticks(values):
    """Ticks 1, 2, 5 × 10ᵏ over the positive ``values`` of a log axis, written plainly (0.05, 0.1, 0.2), not as
    the minor digits a log axis writes within one decade."""
    v = np.concatenate([np.ravel(np.asarray(x, dtype=np.float64)) for x in values] or [[1.0]])
    v = v[np.isfinite(v) & (v > 0)]
    if not len(v):
        return {}
    lo, hi = v.min(), v.max()
    ticks = [m * 10.0 ** k for k in range(int(np.floor(np.log10(lo))) - 1, int(np.ceil(np.log10(hi))) + 1)
             for m in (1, 2, 5)]
    ticks = [t for t in ticks if lo / 1.25 <= t <= hi * 1.25]
    if len(ticks) < 2:  # a narrow range: its ends
        ticks = sorted({float(f"{lo:.2g}"), float(f"{hi:.2g}")})
    return dict(tickvals=ticks, ticktext=[f"{t:g}" for t in ticks])


def regression_curves_figure(train, test=None, *, current=None, extra=None, stop=None, floor=None, title=None,
                             height=380, as_dict=False):
    """A regression's RMSE (left) and R² (right) against the iteration.

    The regression's :func:`curves_figure`: RMSE is the square root of the
    squared error the boosting minimises, in the target's units; R² is
    1 − MSE / variance of the target (0: the constant mean H⁰, 1: perfect).

    Parameters
    ----------
    train : dict
        ``rmse`` and ``r2`` arrays of length ``T + 1`` (iteration 0 is
        ``H⁰``), as :func:`gbrff.teaching.regression.staged_regression_curves`
        gives them.
    test : dict or None, default=None
        The same on the test points.
    current : int or None, default=None
        Draw a vertical line at the iteration shown.
    extra : dict or None, default=None
        A label to a constant model's ``{"rmse": …, "r2": …}`` drawn as dotted
        lines (e.g. LightGBM's on the test points).
    stop : int or None, default=None
        The iteration a stopping rule chose, marked on the test curves.
    floor : float or None, default=None
        The noise's standard deviation σ of a generated target: the RMSE a
        perfect model has on average, drawn as a grey line (when above 0).
    title : str or None, default=None
        The figure's title.
    height : int, default=380
        The figure's height in pixels.
    as_dict : bool, default=False
        Return the figure as a dict (``data``, ``layout``) without Plotly's
        validation.

    Returns
    -------
    plotly.graph_objects.Figure or dict
        The figure.

    Examples
    --------
    >>> from gbrff.viz.curves import regression_curves_figure
    >>> curves = {"rmse": [0.5, 0.3, 0.2], "r2": [0.0, 0.64, 0.84]}
    >>> fig = regression_curves_figure(curves, curves, current=1, floor=0.1, extra={"LightGBM test": {"rmse": 0.25,
    ...                                "r2": 0.75}})
    >>> [trace.name for trace in fig.data]
    ['train RMSE', 'train R²', 'test RMSE', 'test R²', 'LightGBM test', 'LightGBM test', 'noise σ = 0.1']
    """
    data = []
    for name, curves, line in (("train", train, _TRAIN_LINE), ("test", test, _TEST_LINE)):
        if curves is None:
            continue
        it = np.arange(len(curves["rmse"]))
        data.append(dict(type="scatter", x=it, y=np.asarray(curves["rmse"], dtype=np.float64), name=f"{name} RMSE",
                         line=line, xaxis="x", yaxis="y", legendgroup=name))
        data.append(dict(type="scatter", x=it, y=np.asarray(curves["r2"], dtype=np.float64), name=f"{name} R²",
                         line=line, showlegend=False, xaxis="x2", yaxis="y2", legendgroup=name))
    if stop is not None and test is not None:
        s = int(stop)
        for ax, yv in (("", test["rmse"][s]), ("2", test["r2"][s])):
            data.append(dict(type="scatter", x=[s], y=[float(yv)], mode="markers", name=f"stop at t = {s}",
                             showlegend=ax == "", legendgroup="stop", xaxis=f"x{ax}", yaxis=f"y{ax}",
                             marker=dict(symbol="star", size=16, color="#fdae61", line=dict(color="black", width=1))))
    last = max((len(c["rmse"]) - 1 for c in (train, test) if c is not None), default=1)
    for label, value in (extra or {}).items():  # a constant: dotted lines named in the legend, not over the plot
        for ax, key, fmt in (("", "rmse", ".3f"), ("2", "r2", ".2f")):
            v = float(value[key])
            data.append(dict(type="scatter", x=[0, last], y=[v, v], mode="lines", name=label, legendgroup=label,
                             showlegend=ax == "", line=dict(color="#5e3c99", dash="dot", width=2.5), xaxis=f"x{ax}",
                             yaxis=f"y{ax}", hovertemplate=f"{label}: %{{y:{fmt}}}<extra></extra>"))
    if floor is not None and floor > 0:  # (a log axis has no 0)
        data.append(dict(type="scatter", x=[0, last], y=[float(floor)] * 2, mode="lines",
                         name=f"noise σ = {float(floor):g}", line=dict(color="#808495", dash="dashdot", width=2),
                         xaxis="x", yaxis="y", hovertemplate="the noise's σ: a perfect model's RMSE<extra></extra>"))
    notes = [dict(text="RMSE (target units, log scale)", xref="x domain", yref="y domain", x=0.5, y=1.02, showarrow=False,
                  yanchor="bottom", font=dict(size=16)),
             dict(text="R² (1 = perfect, 0 = the mean)", xref="x2 domain", yref="y2 domain", x=0.5, y=1.02,
                  showarrow=False, yanchor="bottom", font=dict(size=16))]
    xtitle = dict(text="iteration t")
    layout = dict(
        xaxis=dict(domain=[0, 0.44], anchor="y", title=xtitle),
        # a log axis, as the classification's loss: the first iterations' fall and the last ones' drift both show
        yaxis=dict(anchor="x", type="log", **_log_ticks([c["rmse"] for c in (train, test) if c is not None]
                                                       + [[floor] if floor else []]
                                                       + [[v["rmse"]] for v in (extra or {}).values()])),
        xaxis2=dict(domain=[0.56, 1], anchor="y2", title=xtitle),
        yaxis2=dict(anchor="x2"),
        shapes=_current_line(current) if current is not None else [], annotations=notes,
        title=dict(text=title, font=dict(size=19)) if title else None,
        font=_FONT, height=height, margin=dict(l=60, r=20, t=(40 + 24 * (title.count("<br>") + 1)) if title else 40,
                                               b=100),
        legend=_BOTTOM_LEGEND,  # under the two panels, never over their curves
    )
    if as_dict:
        return dict(data=data, layout={k: v for k, v in layout.items() if v is not None})
    return go.Figure(data=data, layout=layout)


def regression_curves_animation(train, test, stages, *, extra=None, stop=None, floor=None, height=380):
    """:func:`regression_curves_figure` with a frame per iteration of ``stages``: the grey line moves to ``t``.

    Parameters
    ----------
    train, test : dict
        ``rmse`` and ``r2`` arrays of length ``T + 1``.
    stages : sequence of int
        The iterations shown.
    extra : dict or None, default=None
        Constant models' RMSE and R², drawn as dotted lines.
    stop : int or None, default=None
        The iteration a stopping rule chose.
    floor : float or None, default=None
        The noise's σ (a perfect model's RMSE).
    height : int, default=380
        The figure's height in pixels.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> from gbrff.viz.curves import regression_curves_animation
    >>> curves = {"rmse": [0.5, 0.3, 0.2], "r2": [0.0, 0.64, 0.84]}
    >>> len(regression_curves_animation(curves, curves, [0, 1, 2])["frames"])
    3
    """
    fig = regression_curves_figure(train, test, current=stages[0], extra=extra, stop=stop, floor=floor,
                                   height=height, as_dict=True)
    return _with_frames(fig, [_frame(t, layout=dict(shapes=_current_line(t))) for t in stages])
