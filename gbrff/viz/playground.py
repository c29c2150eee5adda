"""Plotly figures of the teaching app: arrays and fitted expansions in, ``go.Figure`` out.

No Streamlit, no files and no learning here: the pages compute (through
:mod:`gbrff` and :mod:`gbrff.viz._compute`) and these functions draw. A
fitted model is read through its :class:`gbrff.Expansion`, whatever the
weak learner. Colours are the same everywhere: class −1 is blue, class +1 is
red, a heatmap value is red where it votes for +1, and a method has the
registry's colour (:data:`gbrff.methods.METHODS`). Fonts are sized for a
projector.
"""

import numpy as np
import plotly.graph_objects as go
from plotly.colors import get_colorscale
from plotly.subplots import make_subplots

from ..methods import METHODS
from .._boosting import LOSSES
from ._compute import learner_landmark
from ._legend import LEGEND_UNDER, room_under

__all__ = [
    "NEG_COLOR",
    "POS_COLOR",
    "VOTE_COLORSCALE",
    "surface_figure",
    "weak_learner_figure",
    "cosine_figure",
    "curves_figure",
    "omega_prior_figure",
    "learning_curve_figure",
    "landscape_figure",
    "bias_curve_figure",
    "budget_figure",
    "lambda_sweep_figure",
    "number_label",
    "superscript",
    "fineness_words",
    "surfaces_grid_figure",
    "kernel_average_figure",
    "surface_animation",
    "landscape_animation",
    "bias_curve_animation",
    "weak_learner_animation",
    "q_weights_animation",
    "curves_animation",
]

NEG_COLOR = "#2166ac"
POS_COLOR = "#b2182b"
_VOTE_SCALE = "RdBu_r"  # low (votes −1) blue, high (votes +1) red
#: The same scale as stops (``[[0, "rgb(…)"], …]``), for pictures drawn outside Plotly (the player's strip).
VOTE_COLORSCALE = [[float(p), c] for p, c in get_colorscale(_VOTE_SCALE)]
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


def _points(X, y, name, symbol, outline, size=9, showlegend=True):
    """One scatter trace (a dict) per class: −1 blue, +1 red."""
    out = []
    for label, color in ((-1, NEG_COLOR), (1, POS_COLOR)):
        m = np.asarray(y) == label
        if not m.any():
            continue
        out.append(dict(
            type="scatter", x=X[m, 0], y=X[m, 1], mode="markers", name=f"{name} {'+1' if label > 0 else '−1'}",
            marker=dict(color=color, symbol=symbol, size=size, line=dict(color=outline, width=1.2)),
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
                   loss="exponential"):
    """Decision surface ``p(+1)`` as a heatmap with the points, through the link
    of ``loss`` (``gbrff.LOSSES``; the exponential loss's ``1/(1+exp(−2H))`` by default).

    ``H`` holds the decision function on the grid ``xs × ys`` (flattened
    row-major, ``len(ys) * len(xs)`` values). The black line is the decision
    boundary ``H = 0``; ``discretise`` paints only the predicted class.
    Training points are circles, test points diamonds; ``landmarks`` (m, 2),
    when given, are drawn as black crosses.
    """
    data = list(_surface_traces(xs, ys, H, discretise, showscale, loss))
    data += _points(X_train, y_train, "train", "circle", "white")
    if X_test is not None and len(X_test):
        data += _points(X_test, y_test, "test", "diamond", "black", size=9)
    if landmarks is not None and len(landmarks):
        L = np.atleast_2d(landmarks)
        data.append(dict(type="scatter", x=L[:, 0], y=L[:, 1], mode="markers", name="landmark",
                         marker=dict(symbol="x-thin", size=16, line=dict(width=3, color="black"))))
    return _plane(data, xs, ys, title=title, height=height)


def weak_learner_figure(xs, ys, expansion, t, X, y, *, weights=None, center=None, title=None,
                        height=470):
    """The ``t``-th weak learner's vote ``α_t h_t(x)`` (``t = 1 … T``) as a stripe pattern.

    ``expansion`` is a fitted 2-D :class:`gbrff.Expansion`; ``h_t`` is drawn
    on the grid ``xs × ys``. Its landmark ``x_t`` is a cross: the learned one
    when the learner has landmarks, else (a single cosine ``cos(ω·x − b)``)
    the point of the crest ``ω·x = b`` nearest ``center`` (default: the mean
    of ``X``); then the crest is dashed and ``ω`` drawn as an arrow from the
    landmark, so that one wavelength ``2π/‖ω‖`` is visible. ``weights`` (the
    boosting weights ``w_i`` at this iteration) set the point sizes: the
    learner concentrates on big points.
    """
    i = int(t) - 1
    gx, gy = np.meshgrid(xs, ys)
    h = expansion.weak_learner(i, np.column_stack([gx.ravel(), gy.ravel()]))
    alpha = float(expansion.alphas[i])
    center = np.mean(np.asarray(X, dtype=np.float64), axis=0) if center is None else center
    landmark = learner_landmark(expansion, t, center)
    vote = alpha * np.asarray(h, dtype=np.float64).reshape(len(ys), len(xs))
    amp = max(abs(alpha), 1e-12)
    data = [dict(
        type="heatmap", x=xs, y=ys, z=vote.astype(np.float32), zmin=-amp, zmax=amp, colorscale=VOTE_COLORSCALE,
        colorbar=dict(title=dict(text="α·h(x)", side="right"), len=0.8, thickness=14),
        hovertemplate="x1=%{x:.2f}<br>x2=%{y:.2f}<br>α·h=%{z:.3f}<extra></extra>",
    )]
    notes = []
    if weights is not None:
        w = np.asarray(weights, dtype=np.float64)
        size = 4 + 18 * np.sqrt(w / max(w.max(), 1e-12))
        for label, color in ((-1, NEG_COLOR), (1, POS_COLOR)):
            m = np.asarray(y) == label
            data.append(dict(
                type="scatter", x=X[m, 0], y=X[m, 1], mode="markers",
                name=f"class {'+1' if label > 0 else '−1'} (size = weight wᵢ)",
                marker=dict(color=color, size=size[m], line=dict(color="white", width=1), opacity=0.85),
            ))
    else:
        data += _points(X, y, "train", "circle", "white", size=7)
    words = []
    if landmark is not None:
        crest_xy, marks, words = _landmark_marks(xs, ys, expansion, t, landmark)
        if crest_xy is not None:
            data.append(dict(type="scatter", x=crest_xy[0], y=crest_xy[1], mode="lines", name="crest ω·x = b",
                             line=dict(color="black", dash="dash", width=2)))
        L = np.asarray(landmark, dtype=np.float64)
        data.append(dict(type="scatter", x=[L[0]], y=[L[1]], mode="markers", name="landmark xₜ",
                         marker=dict(symbol="x-thin", size=18, line=dict(width=4, color="black"))))
        notes += marks
    if words:  # under the title: never over the points, never cut at the plot's edge
        title = (title or "") + "<br><span style='font-size:14px'>" + " · ".join(words) + "</span>"
    return _plane(data, xs, ys, title=title, height=height, annotations=notes)


def _landmark_marks(xs, ys, expansion, t, landmark):
    """The crest ``ω·x = b`` through the landmark (a single cosine only; else None), the arrows
    (ω as an arrow of one wavelength, an arrow at the edge towards a landmark off the view) as
    annotations without text, and the words that say what they are: written under the figure's
    title (the player's readout line), never over the points or cut at the plot's edge."""
    i = int(t) - 1
    L = np.asarray(landmark, dtype=np.float64)
    crest_xy, notes, words = None, [], []
    if expansion.landmarks is None:
        om = np.asarray(expansion.omegas[i, 0], dtype=np.float64)[:2]
        nrm = float(np.hypot(*om)) or 1.0
        direction = np.array([-om[1], om[0]]) / nrm  # along the crest
        span = 3.0 * max(xs[-1] - xs[0], ys[-1] - ys[0])
        crest_xy = ([L[0] - span * direction[0], L[0] + span * direction[0]],
                    [L[1] - span * direction[1], L[1] + span * direction[1]])
        wavelength = 2 * np.pi / nrm
        length = min(wavelength, 0.4 * min(xs[-1] - xs[0], ys[-1] - ys[0]))
        tip = L + length * om / nrm  # along ω: one wavelength when it fits
        notes.append(dict(x=tip[0], y=tip[1], ax=L[0], ay=L[1], xref="x", yref="y",
                          axref="x", ayref="y", showarrow=True, arrowhead=3, arrowsize=1.3,
                          arrowwidth=2.5, arrowcolor="black", text=""))
        words.append(f"arrow: ω, one wavelength ({_short(wavelength)})" if length == wavelength
                     else "arrow: the direction of ω")
    if not (xs[0] <= L[0] <= xs[-1] and ys[0] <= L[1] <= ys[-1]):
        # an arrow at the border, pointing towards the landmark outside the view
        edge = np.array([np.clip(L[0], xs[0], xs[-1]), np.clip(L[1], ys[0], ys[-1])])
        center = np.array([(xs[0] + xs[-1]) / 2, (ys[0] + ys[-1]) / 2])
        tail = edge + 0.3 * (center - edge)
        notes.append(dict(x=edge[0], y=edge[1], ax=tail[0], ay=tail[1], xref="x", yref="y", axref="x", ayref="y",
                          showarrow=True, arrowhead=3, arrowwidth=2, arrowcolor="black", text=""))
        words.append("arrow at the edge: landmark xₜ off the view")
    return crest_xy, notes, words


def _short(v):
    """A length for a note: 2 significant digits, no exponent from 0.0001 on (0.84, 0.0023, 13)."""
    return f"{v:.2g}" if v >= 1e-4 else f"{v:.1e}"


def fineness_words(expansion, drawn, t, cell):
    """What a picture of the ``t``-th weak learner cannot show, or None: its cosines are finer than the
    picture's cells (``cell``: the larger side of a cell), so the cell means that the picture shows
    (``drawn``: :func:`gbrff.viz._compute.band_limited` of ``expansion``) fade. The fade is the
    learner's weights drawn over its own, Σ|q s| / Σ|q| (each cosine's sinc factor s, weighted): below
    10 % the learner is "too fine to draw", below 50 % "drawn faded". The words give its wavelength
    2π/‖ω‖ (the range of its K cosines' wavelengths) beside the cell's size."""
    i = int(t) - 1
    own = float(np.sum(np.abs(expansion.q[i])))
    amp = float(np.sum(np.abs(drawn.q[i]))) / own if own > 0 else 1.0
    if amp >= 0.5:
        return None
    norms = np.linalg.norm(np.asarray(expansion.omegas[i], dtype=np.float64), axis=-1)
    waves = 2 * np.pi / np.maximum(norms, 1e-300)
    lo, hi = float(waves.min()), float(waves.max())
    wave = (f"wavelength {_short(lo)}" if np.isclose(lo, hi, rtol=0.05)
            else f"wavelengths {_short(lo)}–{_short(hi)}")
    if amp < 0.1:
        return f"ω too fine to draw: {wave}, a cell {_short(cell)}"
    return f"ω near the cell size, drawn at {100 * amp:.0f} %: {wave}, a cell {_short(cell)}"


def kernel_average_figure(r, kernel, averages, *, title=None, height=380):
    """"A kernel is the average of random cosines": the RBF kernel ``k(r)`` against the mean of
    ``m`` random cosines ``cos(ω r)`` for each ``m`` in ``averages`` (a dict ``m -> values``)."""
    colors = ["#fdb863", "#e66101", "#5e3c99", "#1b7837"]
    data = [dict(type="scatter", x=r, y=v, mode="lines", name=f"mean of {m} random cosine{'s' if m > 1 else ''}",
                 line=dict(width=2 if m < max(averages) else 3, color=colors[i % len(colors)]))
            for i, (m, v) in enumerate(averages.items())]
    data.append(dict(type="scatter", x=r, y=kernel, mode="lines", name="RBF kernel exp(−γ r²)",
                     line=dict(width=3, color="black", dash="dash")))
    layout = dict(
        xaxis=dict(title=dict(text="distance r = ‖x − x′‖")), yaxis=dict(title=dict(text="similarity k(r)")),
        title=dict(text=title, font=dict(size=19)) if title else None, font=_FONT,
        # the legend under the plot (beside it, it took a third of a projector's column)
        height=height + room_under([d["name"] for d in data]) - 60, legend=LEGEND_UNDER,
        margin=dict(l=60, r=20, t=60 if title else 20, b=room_under([d["name"] for d in data])),
    )
    return go.Figure(data=data, layout=layout)


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


_SUPERSCRIPT = str.maketrans("-0123456789", "⁻⁰¹²³⁴⁵⁶⁷⁸⁹")


def superscript(text):
    """An exponent's digits and minus sign as superscripts: ``"-4"`` → ``"⁻⁴"``."""
    return str(text).translate(_SUPERSCRIPT)


def number_label(v):
    """A number as a reader writes it: ``0``, ``2⁻¹⁰`` for a power of two below 1, else ``%g``."""
    if v == 0:
        return "0"
    k = int(round(np.log2(v))) if v > 0 else 0
    if v > 0 and k < 0 and np.isclose(2.0 ** k, v):
        return "2" + superscript(k)
    return f"{v:g}"


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
    """Accuracy (left) and the loss (right, ``loss`` names it) against the iteration.

    ``train`` and ``test`` are dicts with ``accuracy`` and ``loss`` arrays of
    length ``T + 1`` (iteration 0 is ``H⁰``). ``current`` draws a vertical
    line at the iteration shown. ``extra`` maps a label to a constant test
    accuracy drawn as a dotted line (e.g. LightGBM's). ``stop`` marks the
    iteration a stopping rule chose, on the test curves.

    Built in one constructor call (no ``make_subplots``, no ``add_vline``):
    the playground redraws it at every frame of the animation.
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


def omega_prior_figure(expansion, gamma, *, upto=None, drawn=None, title=None, height=420):
    """The frequencies ω of a fitted expansion against the prior N(0, 2γ)^d they are drawn from.

    Left: every ω (the K of each iteration t) in the plane of its first two
    coordinates, coloured by t, over the circles ‖ω‖ = σ, 2σ, 3σ of the prior
    (σ = √(2γ)). ``drawn`` (optional, (m, d)) are initial draws from the
    prior. Right: histogram of ‖ω‖ against the prior's density of ‖ω‖ (a
    scaled chi distribution with d degrees of freedom). ``upto`` keeps the
    first ``upto`` iterations.
    """
    from scipy.stats import chi

    T, K, d = expansion.omegas.shape
    n_iter = T if upto is None else min(max(int(upto), 0), T)
    W = np.asarray(expansion.omegas[:n_iter], dtype=np.float64).reshape(n_iter * K, d)
    t_of = np.repeat(np.arange(1, n_iter + 1), K)
    d = d or 2
    sigma = float(np.sqrt(2.0 * gamma))
    # one constructor call, as the other figures (make_subplots and update_* cost ~0.1 s here, per session)
    data = []
    theta = np.linspace(0, 2 * np.pi, 200)
    for k in (1, 2, 3):
        data.append(dict(type="scatter", x=k * sigma * np.cos(theta), y=k * sigma * np.sin(theta), mode="lines",
                         line=dict(color="gray", dash="dot", width=1.5), hoverinfo="skip",
                         name="prior N(0, 2γ): 1, 2, 3 σ", showlegend=k == 1, legendgroup="prior"))
    if drawn is not None and len(drawn):
        D = np.asarray(drawn, dtype=np.float64).reshape(len(drawn), -1)
        data.append(dict(type="scatter", x=D[:, 0], y=D[:, 1] if D.shape[1] > 1 else np.zeros(len(D)),
                         mode="markers", name="drawn from the prior", marker=dict(color="lightgray", size=6)))
    # robust to outliers: the view holds the prior's 3.3σ and 95 % of the learned ω; the few beyond
    # it are drawn on its edge as open markers (and counted), not allowed to squash the rest
    W2 = W[:, :2] if d > 1 else np.column_stack([W[:, 0], np.zeros(len(W))])
    lim = max(3.3 * sigma, 1.1 * float(np.quantile(np.abs(W2).max(axis=1), 0.95)) if len(W) else 0)
    notes = [dict(text=text, xref=f"x{ax} domain", yref=f"y{ax} domain", x=0.5, y=1.0, yanchor="bottom",
                  showarrow=False, font=dict(size=16))
             for ax, text in (("", "ω in the plane (ω₁, ω₂)"), ("2", "length ‖ω‖: density"))]
    right = dict(xaxis="x2", yaxis="y2", legend="legend2")  # the right panel's traces, and its own legend
    if len(W):
        out = np.abs(W2).max(axis=1) > lim
        for mask, name, symbol, legend in ((~out, "learned ωₜ", "circle", True),
                                           (out, "learned ωₜ beyond<br>the view (on its edge)", "circle-open",
                                            False)):
            if not mask.any():
                continue
            P = np.clip(W2[mask], -0.98 * lim, 0.98 * lim)
            marker = dict(color=t_of[mask], colorscale="Viridis", cmin=1, cmax=max(int(t_of.max()), 1),
                          size=8 if legend else 11, symbol=symbol, showscale=legend)
            if legend:
                marker["colorbar"] = dict(title=dict(text="t"), x=0.41, len=0.8, thickness=10)
            else:
                marker["line"] = dict(width=2)
            data.append(dict(  # the open circles on the view's edge drawn whole, not cut by it
                type="scatter", x=P[:, 0], y=P[:, 1], mode="markers", name=name, customdata=W2[mask], marker=marker,
                cliponaxis=legend,
                hovertemplate="t=%{marker.color}<br>ω=(%{customdata[0]:.2f}, %{customdata[1]:.2f})<extra></extra>",
            ))
        norms = np.linalg.norm(W, axis=1)
        top = max(3.5 * sigma, 1.15 * float(np.quantile(norms, 0.95)))
        data.append(dict(type="histogram", x=np.minimum(norms, top), histnorm="probability density",
                         name="‖ωₜ‖ learned", marker=dict(color="#5e3c99", opacity=0.6),
                         xbins=dict(start=0, end=top * 1.0001, size=top / 25), **right))
        if (norms > top).any():  # said under the panel's title, not over its bars
            notes[1]["text"] += (f"<br><span style='font-size:13px'>{int((norms > top).sum())} of {len(norms)} "
                                 f"beyond {top:.0f} (up to {norms.max():.0f}),<br>in the last bar</span>")
    else:
        top = 3.5 * sigma
    r = np.linspace(0, top, 200)
    data.append(dict(type="scatter", x=r, y=chi.pdf(r / sigma, d) / sigma, mode="lines", name="prior density of ‖ω‖",
                     line=dict(color="black", width=2.5), **right))
    under = dict(orientation="v", yref="container", y=0.01, yanchor="bottom", xanchor="left", font=dict(size=14))
    # the bottom margin holds the axes (tick labels, titles) and under them the taller legend, a line an entry
    # (and one a <br>): a margin left short let Plotly pull the axis titles up onto the tick labels
    lines = [sum(1 + str(t.get("name", "")).count("<br>") for t in data
                 if t.get("showlegend", True) is not False and t.get("legend", "legend") == legend)
             for legend in ("legend", "legend2")]
    layout = dict(
        # axis titles a standoff below their tick labels (ω₁ sat on the tick 0, ‖ω‖ under a 2 read ‖ω‖²)
        # a square plot of exactly ±lim (constrain="domain"): the open circles sit on its edges
        xaxis=dict(domain=[0, 0.39], anchor="y", range=[-lim, lim], title=dict(text="ω₁", standoff=14),
                   constrain="domain"),
        yaxis=dict(domain=[0, 1], anchor="x", range=[-lim, lim], title=dict(text="ω₂"), scaleanchor="x",
                   scaleratio=1, constrain="domain"),
        xaxis2=dict(domain=[0.6, 1], anchor="y2", range=[0, top], title=dict(text="‖ω‖", standoff=14)),
        yaxis2=dict(domain=[0, 1], anchor="x2"),  # "density" in the panel's title: no axis title by the colour bar
        annotations=notes, title=dict(text=title, font=dict(size=19)) if title else None, font=_FONT,
        height=height + 40 + 21 * max(lines) - 50,
        margin=dict(l=60, r=20, b=80 + 21 * max(lines), t=(80 + 24 * title.count("<br>") if title else 60)
                    + 16 * notes[1]["text"].count("<br>")),  # and the panel titles' lines
        # a legend under each panel, with that panel's entries (none over the plots)
        legend=dict(under, x=0), legend2=dict(under, x=0.6),
    )
    return go.Figure(data=data, layout=layout)


def learning_curve_figure(sizes, scores, *, title=None, height=380):
    """Test accuracy against the number of training examples, one line per method.

    ``scores`` maps a method of the registry (e.g. ``"GBRFF2"``, ``"LGBM"``)
    to an array of shape ``(len(sizes),)`` or ``(len(sizes), n_repeats)``
    (then mean ± std is shown); each line has the method's label and colour.
    """
    fig = go.Figure()
    for method, s in scores.items():
        spec = METHODS.get(method)
        name, color = (spec.label, spec.color) if spec is not None else (method, None)
        s = 100 * np.asarray(s, dtype=np.float64)
        mean = s.mean(axis=1) if s.ndim == 2 else s
        std = s.std(axis=1) if s.ndim == 2 else None
        fig.add_trace(go.Scatter(
            x=sizes, y=mean, name=name, mode="lines+markers",
            line=dict(width=3, color=color),
            error_y=dict(type="data", array=std, visible=std is not None),
        ))
    fig.update_xaxes(title_text="number of training examples", type="log", tickvals=list(sizes))
    fig.update_yaxes(title_text="test accuracy (%)")
    room = room_under([t.name for t in fig.data])  # the legend under the plot, not beside it
    return _layout(fig, title, height=height + room - 60, bottom=room, legend=LEGEND_UNDER)


def landscape_figure(xs, ys, F, X, y, *, landmark=None, title=None, height=480):
    """The loss ``f(x)`` of every landmark position (the paper's Fig. 1, top).

    Light yellow is the smallest loss, as in the paper; the chosen landmark
    is a white cross.
    """
    z = np.asarray(F, dtype=np.float64).reshape(len(ys), len(xs)).astype(np.float32)
    data = [dict(
        type="heatmap", x=xs, y=ys, z=z, colorscale="Viridis", reversescale=True,
        colorbar=dict(title=dict(text="loss f(x)", side="right"), thickness=14),
        hovertemplate="landmark=(%{x:.2f}, %{y:.2f})<br>f=%{z:.4f}<extra></extra>",
    )]
    data += _points(X, y, "train", "circle", "white", size=7)
    if landmark is not None:
        data.append(dict(type="scatter", x=[landmark[0]], y=[landmark[1]], mode="markers",
                         name="chosen landmark xₜ",
                         marker=dict(symbol="x", size=20, color="white", line=dict(width=1.5, color="black"))))
    return _plane(data, xs, ys, title=title, height=height, xtitle="landmark coordinate 1",
                  ytitle="landmark coordinate 2")


def bias_curve_figure(bs, f, *, b_landmark=None, title=None, height=360):
    """``f(b) = (1/n) Σ exp(−ỹ_i cos(ω·x_i − b))`` over ``b ∈ [−π, π]``."""
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


def budget_figure(budgets, scores, *, title=None, height=400, ylabel="test accuracy (%)"):
    """Accuracy against the total number of random features ``T × K``, one line per K.

    ``scores`` maps ``K`` to an array aligned with ``budgets`` (NaN where
    the budget is smaller than K).
    """
    colors = ["#1b7837", "#e66101", "#5e3c99", "#2166ac", "#b2182b"]
    fig = go.Figure()
    for i, (K, s) in enumerate(scores.items()):
        fig.add_trace(go.Scatter(x=budgets, y=100 * np.asarray(s, dtype=np.float64), name=f"K = {K}",
                                 mode="lines+markers", line=dict(width=3, color=colors[i % len(colors)])))
    fig.update_xaxes(title_text="total random features T × K", type="log", tickvals=list(budgets))
    fig.update_yaxes(title_text=ylabel)
    room = room_under([t.name for t in fig.data])  # the legend under the plot, not beside it
    return _layout(fig, title, height=height + room - 60, bottom=room, legend=LEGEND_UNDER)


def lambda_sweep_figure(lambdas, omega_norm, test_acc, train_acc=None, *, current=None, title=None, height=380):
    """Mean ‖ωₜ‖ and accuracy against λ (``λ = 0`` is drawn at the left end)."""
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


def surface_animation(xs, ys, stages, H, X_train, y_train, X_test=None, y_test=None, *, titles,
                      discretise=False, loss="exponential", landmarks=None, height=470):
    """:func:`surface_figure` at every iteration of ``stages``, as Plotly frames.

    ``H`` holds the decision function of each stage on the grid, shape
    ``(len(stages), len(ys) * len(xs))``; ``titles`` one title per stage;
    ``landmarks`` (optional) the landmarks chosen up to each stage (a list of
    ``(m, 2)`` arrays), drawn as crosses. The figure shows the first stage;
    frame ``str(t)`` replaces the heatmap, the boundary, the crosses and the title.
    A frame's boundary (a contour without a ``z`` of its own) is the p = ½ line of
    the frame's heatmap: the player draws it from there, the grid travels once.
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
    for k, (t, Ht, title) in enumerate(zip(stages, H, titles)):
        heat, boundary = _surface_traces(xs, ys, Ht, discretise, True, loss, percent=True)
        # the boundary is drawn from the heatmap's own z (the player reads it there: sent once, not twice)
        parts = [dict(type="heatmap", z=heat["z"]), dict(type="contour")]
        traces = [0, 1]
        if landmarks is not None:
            L = np.asarray(landmarks[k], dtype=np.float64).reshape(-1, 2)
            parts.append(dict(type="scatter", x=L[:, 0], y=L[:, 1]))
            traces.append(marks)
        frames.append(_frame(t, parts, traces, dict(title=dict(text=title))))
    return _with_frames(fig, frames)


def landscape_animation(xs, ys, stages, F, X, y, landmarks, *, titles, readouts=None, height=480):
    """:func:`landscape_figure` at every iteration of ``stages`` (``t ≥ 1``), as Plotly frames.

    ``F`` (len(stages), len(ys) * len(xs)) holds the loss of every landmark
    position; each frame's colours span its own range (the loss's scale
    changes from one iteration to the next), so the colour bar reads from
    "lowest" to "highest". ``landmarks`` (len(stages), 2) are the chosen ones.
    ``readouts`` (optional, one string a stage) are the loss values the player
    writes next to the surface, under its title (TF Playground's loss readout).
    """
    F = np.asarray(F, dtype=np.float64).reshape(len(stages), len(ys), len(xs))
    lo, hi = F.min(axis=(1, 2), keepdims=True), F.max(axis=(1, 2), keepdims=True)
    Z = np.rint(100 * (F - lo) / np.maximum(hi - lo, 1e-300)).astype(np.uint8)
    data = [dict(type="heatmap", x=xs, y=ys, z=Z[0], zmin=0, zmax=100, colorscale="Viridis", reversescale=True,
                 colorbar=dict(title=dict(text="loss f(x)", side="right"), thickness=14, tickvals=[0, 100],
                               ticktext=["lowest", "highest"]), hoverinfo="skip")]
    data += _points(X, y, "train", "circle", "white", size=7)
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
    """:func:`bias_curve_figure` at every iteration of ``stages``, as Plotly frames: the curve
    ``f(b)`` of each stage (``f`` of shape (len(stages), len(bs))), its minimum (star) and the
    chosen landmark's phase (dashed), on the stage's own y range."""
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


def _weak_learner_title(expansion, t, landmark, plane=True):
    i = int(t) - 1
    alpha = float(expansion.alphas[i])
    if not plane:  # ω acts on z(x), not on the plane: its entries are no plane direction
        om = np.asarray(expansion.omegas[i, 0], dtype=np.float64)
        return (f"weak learner {t}: α = {alpha:.3f}, ‖ω‖ = {float(np.linalg.norm(om)):.2f}, "
                f"b = {float(expansion.phases[i, 0]):.2f}")
    if expansion.landmarks is None and expansion.n_components == 1:
        om, b = expansion.omegas[i, 0], float(expansion.phases[i, 0])
        return f"weak learner {t}: α = {alpha:.3f}, ω = ({om[0]:.2f}, {om[1]:.2f}), b = {b:.2f}"
    if landmark is not None:
        return (f"weak learner {t}: α = {alpha:.3f}, landmark ({landmark[0]:.2f}, {landmark[1]:.2f}), "
                f"K = {expansion.n_components}")
    return f"weak learner {t}: α = {alpha:.3f}, K = {expansion.n_components}"


def weak_learner_animation(xs, ys, expansion, stages, X, y, weights, *, center=None, drawn=None, height=470,
                           size_label="weight wᵢ", grid=None):
    """:func:`weak_learner_figure` at every iteration of ``stages``, as Plotly frames.

    ``weights`` holds the boosting weights ``w_i`` at the start of each stage
    (shape ``(len(stages), len(X))``): they set the point sizes. The heatmap
    is the learner ``h_t(x)`` in [−1, 1] (α is in the title); iteration 0,
    before any learner, is blank. Every frame has the same traces: the
    heatmap, the points of each class, the crest line and the landmark.
    ``drawn`` is the expansion whose learners the heatmaps show (default
    ``expansion``; e.g. :func:`gbrff.viz._compute.band_limited` of it), the
    titles and marks read ``expansion``. ``size_label`` names what the point
    sizes show in the legend (the least-squares model's are residuals |ỹᵢ|). ``grid`` (optional):
    the grid's points ``xs × ys`` (row-major, as :func:`gbrff.viz._compute.make_grid`) mapped to
    the space the expansion acts on (:func:`gbrff.viz._compute.model_space`), for a model whose
    ω act on z(x) rather than on the plane (GBRFF2+: standardised features and their ranks):
    the heatmap is then ``h_t(z(x))``, still a picture in the plane, and no crest, arrow or
    landmark is drawn (they are plane constructions).
    """
    drawn = expansion if drawn is None else drawn
    X = np.asarray(X, dtype=np.float64)
    y = np.asarray(y)
    center = X.mean(axis=0) if center is None else center
    plane = grid is None
    if plane:
        gx, gy = np.meshgrid(xs, ys)
        G = np.column_stack([gx.ravel(), gy.ravel()])
    else:
        G = np.asarray(grid, dtype=np.float64)
    masks = [y == -1, y == 1]
    cell = max(xs[1] - xs[0], ys[1] - ys[0]) if len(xs) > 1 and len(ys) > 1 else 0.0
    frames, base = [], None
    for t, w in zip(stages, weights):
        t = int(t)
        w = np.asarray(w, dtype=np.float64)
        size = (4 + 18 * np.sqrt(w / max(w.max(), 1e-12))).astype(np.float32)
        crest_x, crest_y, land_x, land_y, notes, words = [], [], [], [], [], []
        if t == 0:
            z = np.zeros((len(ys), len(xs)), dtype=np.int8)
            title = "iteration 0: the vote is the constant H⁰ — no weak learner yet"
        else:
            h = drawn.weak_learner(t - 1, G).reshape(len(ys), len(xs))
            z = np.rint(100 * np.clip(h, -1, 1)).astype(np.int8)
            landmark = learner_landmark(expansion, t, center) if plane else None
            if landmark is not None:
                crest_xy, notes, words = _landmark_marks(xs, ys, expansion, t, landmark)
                if crest_xy is not None:
                    crest_x, crest_y = crest_xy
                land_x, land_y = [float(landmark[0])], [float(landmark[1])]
            fine = fineness_words(expansion, drawn, t, cell) if plane and drawn is not expansion else None
            if fine is not None:  # the picture is (nearly) blank: say why, instead of the ω arrow's words
                words = [fine] + [w for w in words if not w.startswith("arrow: ")]
            title = _weak_learner_title(expansion, t, landmark, plane)
        parts = [dict(type="heatmap", z=z)] + [dict(type="scatter", marker=dict(size=size[m])) for m in masks] + [
            dict(type="scatter", x=crest_x, y=crest_y), dict(type="scatter", x=land_x, y=land_y)]
        # what the marks are and what the picture cannot show, in the readout line under the title (every frame
        # has one, "" for none, so that a frame's words never stay on the next)
        frames.append(_frame(t, parts, range(len(parts)), dict(title=dict(text=title), annotations=notes),
                             readout=" · ".join(words)))
        if base is None:
            base = (z, size, crest_x, crest_y, land_x, land_y, notes, title)
    z, size, crest_x, crest_y, land_x, land_y, notes, title = base
    data = [dict(
        type="heatmap", x=xs, y=ys, z=z, zmin=-100, zmax=100, colorscale=VOTE_COLORSCALE,
        colorbar=dict(title=dict(text="hₜ(x)", side="right"), len=0.8, thickness=14,
                      tickvals=[-100, -50, 0, 50, 100], ticktext=["−1", "−0.5", "0", "0.5", "1"]),
        hoverinfo="skip",
    )]
    for m, (label, color) in zip(masks, ((-1, NEG_COLOR), (1, POS_COLOR))):
        data.append(dict(type="scatter", x=X[m, 0], y=X[m, 1], mode="markers",
                         name=f"class {'+1' if label > 0 else '−1'} (size = {size_label})",
                         marker=dict(color=color, size=size[m], line=dict(color="white", width=1), opacity=0.85)))
    data.append(dict(type="scatter", x=crest_x, y=crest_y, mode="lines", name="crest ω·x = b",
                     line=dict(color="black", dash="dash", width=2),
                     showlegend=plane and expansion.landmarks is None and expansion.n_components == 1))
    data.append(dict(type="scatter", x=land_x, y=land_y, mode="markers", name="landmark xₜ", showlegend=plane,
                     marker=dict(symbol="x-thin", size=18, line=dict(width=4, color="black"))))
    fig = _plane(data, xs, ys, title=title, height=height, annotations=notes, as_dict=True)
    return _with_frames(fig, frames)


def q_weights_animation(expansion, stages, *, c=None, height=300):
    """The weights Q of the K cosines of the weak learner at each iteration of ``stages``, as frames.

    One step (a bar) per cosine, largest first (the order of the draw carries no meaning), with the
    uniform weight 1/K dashed: c = 0 in the preprint's Eq. 7, Q_j ∝ exp(−c f_j). The title gives
    the largest weight and the effective number of cosines 1/ΣQ², from K (uniform) down to 1
    (one cosine takes all). ``c`` (optional) is the inverse temperature, named in the title. The steps are
    a line of ``K + 1`` points (x = 0.5 … K + 0.5, the first weight repeated) filled down to 0.
    """
    K = int(expansion.n_components)
    j = np.arange(1, K + 1)
    frames, base = [], None
    for t in stages:
        t = int(t)
        if t == 0:
            q = np.zeros(K)
            title = "iteration 0: no weak learner yet, so no weights Q"
        else:
            q = np.sort(np.asarray(expansion.q[t - 1], dtype=np.float64))[::-1]
            eff = 1.0 / max(float(np.sum(q ** 2)), 1e-300)
            title = (f"weights Q of weak learner {t}: largest {q[0]:.3f}, "
                     f"1/ΣQ² = {eff:.1f} of K = {K} cosines count")
        frames.append(_frame(t, [dict(type="scatter", y=np.concatenate([q[:1], q]))], [0],
                             dict(title=dict(text=title))))
        if base is None:
            base = (q, title)
    q, title = base
    top = max(float(np.max(expansion.q)) if expansion.q.size else 0.0, 1.0 / K) * 1.08
    # a stepped line filled to 0 draws the bars: Plotly restyles a scatter per frame several times faster
    # than a bar trace (the player redraws every figure at each frame)
    data = [dict(type="scatter", x=np.concatenate([[0.5], j + 0.5]), y=np.concatenate([q[:1], q]), mode="lines",
                 line=dict(shape="vh", color="#e377c2", width=2), fill="tozeroy", fillcolor="rgba(227,119,194,0.6)",
                 name="Q_j", hovertemplate="cosine %{x:.0f} (by weight)<br>Q = %{y:.4f}<extra></extra>")]
    fig = go.Figure(data)
    _layout(fig, title, height=height, bottom=50, showlegend=False)
    fig.add_hline(y=1.0 / K, line=dict(color="black", dash="dash", width=1.5),
                  annotation_text=f"uniform 1/K{'' if c is None else ' (c = 0)'}",
                  annotation_position="top right")
    fig.update_xaxes(title_text="the K cosines, largest weight first", range=[0.4, K + 0.6])
    fig.update_yaxes(title_text="Q", range=[0, top])
    return _with_frames(fig, frames)


def _current_line(t):
    return [dict(type="line", xref=f"x{ax}", yref=f"y{ax} domain", x0=t, x1=t, y0=0, y1=1,
                 line=dict(color="gray", width=2)) for ax in ("", "2")]


def curves_animation(train, test, stages, *, extra=None, stop=None, loss="exponential", height=380):
    """:func:`curves_figure` with a frame per iteration of ``stages``: the grey line moves to ``t``."""
    fig = curves_figure(train, test, current=stages[0], extra=extra, stop=stop, loss=loss, height=height,
                        as_dict=True)
    fixed = fig["layout"]["shapes"][:-2]
    return _with_frames(fig, [_frame(t, layout=dict(shapes=fixed + _current_line(t))) for t in stages])
