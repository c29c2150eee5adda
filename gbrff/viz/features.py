"""Random features, three ways: the same budget of cosines cos(ω·x − b), ω from N(0, 2γ I),
used by different methods — arrays in, Plotly figures out.

Each figure takes a dict keyed by a method of the registry
(:func:`gbrff.methods.get_method`: ``"LogReg+RFF"`` — the ω drawn at random,
a linear model on top; ``"GBRFF2"`` — each ω learned by boosting; any other
registered method, e.g. a Fourier kernel learner, is one more key), which
gives the line's label and colour; an unknown key is drawn under its own
name. Nothing here fits a model or reads a file.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..methods import get_method
from .style import _BOTTOM_LEGEND, _layout

__all__ = ["method_style", "features_accuracy_figure", "frequencies_figure", "prior_norm_density"]

_SYMBOLS = ("circle", "diamond", "square", "triangle-up", "x")


def method_style(name):
    """The label and colour of a method of the registry.

    Parameters
    ----------
    name : str
        A method's name.

    Returns
    -------
    label : str
        Its label (``name`` for a name the registry does not know).
    color : str or None
        Its colour (None for such a name: Plotly's next colour).

    Examples
    --------
    >>> from gbrff.viz.features import method_style
    >>> method_style("GBRFF2"), method_style("mine")
    (('GBRFF2', '#d62728'), ('mine', None))
    """
    try:
        spec = get_method(name)
    except ValueError:
        return name, None
    return spec.label, spec.color


def features_accuracy_figure(n_features, scores, *, title=None, height=400):
    """Test accuracy (%) against the number of cosine features D, one line per method.

    Parameters
    ----------
    n_features : sequence of int
        The numbers D of features.
    scores : dict
        A method name to an array of shape ``(len(n_features),)`` or
        ``(len(n_features), n_repeats)`` (then mean ± std over the repeats) of
        accuracies in [0, 1]; NaN leaves a gap.
    title : str or None, default=None
        The figure's title.
    height : int, default=400
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> from gbrff.viz.features import features_accuracy_figure
    >>> fig = features_accuracy_figure([1, 10, 100], {"GBRFF2": [0.6, 0.9, 0.95],
    ...                                               "RFF-SKL": [0.5, 0.8, 0.9]})
    >>> [trace.name for trace in fig.data]
    ['GBRFF2', 'RFF-SKL']
    """
    fig = go.Figure()
    for i, (method, s) in enumerate(scores.items()):
        name, color = method_style(method)
        s = 100 * np.asarray(s, dtype=np.float64)
        mean = s.mean(axis=1) if s.ndim == 2 else s
        std = s.std(axis=1) if s.ndim == 2 else None
        fig.add_trace(go.Scatter(
            x=list(n_features), y=mean, name=name, mode="lines+markers",
            line=dict(width=3, color=color), marker=dict(symbol=_SYMBOLS[i % len(_SYMBOLS)], size=9),
            error_y=dict(type="data", array=std, visible=std is not None, thickness=1.5),
            hovertemplate=f"{name}<br>D = %{{x}}: %{{y:.1f}} %<extra></extra>",
        ))
    fig.update_xaxes(title_text="number of cosine features D", type="log", tickvals=list(n_features))
    fig.update_yaxes(title_text="test accuracy (%)")
    return _layout(fig, title, height=height, bottom=95, legend=_BOTTOM_LEGEND)


def prior_norm_density(r, scales):
    """Density of ‖ω‖ at ``r`` for ω ~ N(0, diag(σ²)).

    Axes with σ = 0 hold no frequency and drop out. Equal σ: σ times a chi
    with as many degrees of freedom as axes; two unequal σ₁, σ₂:
    r/(σ₁σ₂) · exp(−r²(a + b)/4) · I₀(r²(a − b)/4), a = 1/σ₁², b = 1/σ₂²
    (the angle integrated out).

    Parameters
    ----------
    r : array-like
        Norms.
    scales : array-like
        The σ of each axis.

    Returns
    -------
    ndarray or None
        The density at ``r``; None where no closed form is used (three or
        more unequal σ, or every σ zero).

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.viz.features import prior_norm_density
    >>> prior_norm_density(np.array([0.5, 1.0]), [1.0, 1.0]).round(4)     # a Rayleigh density
    array([0.4412, 0.6065])
    """
    from scipy.special import i0e
    from scipy.stats import chi

    r = np.asarray(r, dtype=np.float64)
    s = np.asarray(scales, dtype=np.float64).ravel()
    s = s[s > 1e-12 * max(float(np.abs(s).max(initial=0.0)), 1e-300)]
    if len(s) == 0:
        return None
    if np.allclose(s, s[0], rtol=1e-9):
        return chi.pdf(r / s[0], len(s)) / s[0]
    if len(s) == 2:
        a, b = 1.0 / s[0] ** 2, 1.0 / s[1] ** 2
        x = np.abs(r * r * (a - b) / 4.0)
        return r / (s[0] * s[1]) * np.exp(-r * r * (a + b) / 4.0 + x) * i0e(x)
    return None


def frequencies_figure(frequencies, gamma, *, weights=None, starts=None, scales=None, captions=None,
                       title=None, height=None):
    """The frequencies ω of each method over the prior N(0, 2γ I) they are drawn from.

    Top row: one plane per method (the first two coordinates), each over the
    circles ‖ω‖ = σ, 2σ, 3σ of the prior (σ = √(2γ)), all on one scale; the
    view holds 3.3σ and 95 % of the points, the few beyond it are drawn on its
    edge as open markers. Bottom: the prior's density of ‖ω‖ (σ times a chi
    with d degrees of freedom) over one row of ticks per method, a tick at
    each ‖ω‖ (a rug: readable from D = 1 to a few hundred, where a histogram
    of twenty values is noise).

    Parameters
    ----------
    frequencies : dict
        A method name to an ``(m, d)`` array of its ω (``d ≥ 1``).
    gamma : float
        γ of the prior.
    weights : dict or None, default=None
        By method, the ``(m,)`` weights of the cosines in the model (``|α|``,
        ``|coefficient|``): a marker's area grows with its weight, relative to the
        method's largest.
    starts : dict or None, default=None
        By method, the ``(m, d)`` points each ω started from (for a Fourier
        kernel learner, its random draws before σ was learned), drawn as small
        open markers, each joined to its ω by a thin line (a point's
        ``customdata`` then holds ω₁, ω₂, weight, start₁, start₂).
    scales : dict or None, default=None
        By method, the ``(d,)`` per-axis σ of the prior the method's ω follow
        in the end, N(0, diag(σ²)) (a learned bandwidth): dashed ellipses at
        1, 2, 3 σ in the plane and its density of ‖ω‖
        (:func:`prior_norm_density`) dashed below.
    captions : dict or None, default=None
        By method, the title of its plane (default: its label).
    title : str or None, default=None
        The figure's title.
    height : int or None, default=None
        The figure's height in pixels; None: from the number of methods.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.viz.features import frequencies_figure
    >>> rng = np.random.default_rng(0)
    >>> fig = frequencies_figure({"GBRFF2": rng.normal(size=(20, 2)),
    ...                           "RFF-SKL": rng.normal(size=(20, 2))}, gamma=0.5)
    >>> len(fig.data) > 2
    True
    """
    from scipy.stats import chi

    weights, starts, scales, captions = weights or {}, starts or {}, scales or {}, captions or {}
    sigma = float(np.sqrt(2.0 * gamma))
    sets = {}
    for method, W in frequencies.items():
        W = np.asarray(W, dtype=np.float64)
        sets[method] = W.reshape(len(W), -1) if W.size else np.zeros((0, 2))
    if not sets:
        raise ValueError("frequencies_figure needs the frequencies of at least one method")
    d = max([W.shape[1] for W in sets.values()] + [1])

    def plane(W):
        W = np.asarray(W, dtype=np.float64)
        W = W.reshape(len(W), -1) if W.size else np.zeros((0, 2))
        return W[:, :2] if W.shape[1] > 1 else np.column_stack([W[:, :1], np.zeros(len(W))])

    planes = {m: plane(W) for m, W in sets.items()}
    begins = {m: plane(starts[m]) for m in sets if m in starts}
    for m, B in begins.items():
        if len(B) != len(planes[m]):
            raise ValueError(f"{m}: {len(B)} starts for {len(planes[m])} frequencies")
    every = np.vstack(list(planes.values()) + [np.zeros((0, 2))])
    lim = max(3.3 * sigma, 1.1 * float(np.quantile(np.abs(every).max(axis=1), 0.95)) if len(every) else 0.0)
    norms = {m: np.linalg.norm(W, axis=1) for m, W in sets.items()}
    every_norm = np.concatenate(list(norms.values()) + [np.zeros(0)])
    top = max(3.5 * sigma, 1.15 * float(np.quantile(every_norm, 0.95)) if len(every_norm) else 0.0)

    k = len(sets)
    labels = {m: method_style(m)[0] for m in sets}
    fig = make_subplots(rows=2, cols=k, specs=[[{}] * k, [{"colspan": k}] + [None] * (k - 1)],
                        row_heights=[0.55, 0.45], vertical_spacing=0.2, horizontal_spacing=0.06,
                        subplot_titles=[captions.get(m, labels[m]) for m in sets] + [""])
    fig.update_annotations(font=dict(size=16))  # the panels' titles
    theta = np.linspace(0, 2 * np.pi, 200)
    hist = f"x{k + 1}"
    for i, (method, P) in enumerate(planes.items()):
        col = i + 1
        name, color = method_style(method)
        symbol = _SYMBOLS[i % len(_SYMBOLS)]
        for j in (1, 2, 3):
            fig.add_trace(go.Scatter(x=j * sigma * np.cos(theta), y=j * sigma * np.sin(theta), mode="lines",
                                     line=dict(color="gray", dash="dot", width=1.5), hoverinfo="skip",
                                     name="prior N(0, 2γ I): 1, 2, 3 σ", showlegend=i == 0 and j == 1,
                                     legendgroup="prior"), row=1, col=col)
        if method in scales:
            s = np.asarray(scales[method], dtype=np.float64).ravel()
            s = np.append(s, s[-1:]) if len(s) == 1 else s
            for j in (1, 2, 3):
                fig.add_trace(go.Scatter(
                    x=j * s[0] * np.cos(theta), y=j * s[1] * np.sin(theta), mode="lines",
                    line=dict(color=color, dash="dash", width=1.5), hoverinfo="skip",
                    name=f"{name}: learned prior, 1, 2, 3 σⱼ per axis", showlegend=j == 1,
                    legendgroup=f"{method}:prior"), row=1, col=col)
        if method in begins:
            B, E = np.clip(begins[method], -lim, lim), np.clip(P, -lim, lim)
            seg = np.full((3 * len(B), 2), np.nan)
            seg[0::3], seg[1::3] = B, E
            fig.add_trace(go.Scatter(x=seg[:, 0], y=seg[:, 1], mode="lines", hoverinfo="skip",
                                     line=dict(color=color, width=1), opacity=0.45, showlegend=False,
                                     legendgroup=f"{method}:start"), row=1, col=col)
            fig.add_trace(go.Scatter(
                x=B[:, 0], y=B[:, 1], mode="markers", name=f"{name}: draws before learning",
                legendgroup=f"{method}:start", customdata=begins[method],
                marker=dict(color=color, size=6, symbol="circle-open", line=dict(width=1.5)), opacity=0.7,
                hovertemplate=f"{name}, drawn<br>ω = (%{{customdata[0]:.2f}}, %{{customdata[1]:.2f}})<extra></extra>",
            ), row=1, col=col)
        out = np.abs(P).max(axis=1) > lim
        w = np.abs(np.asarray(weights.get(method, np.ones(len(P))), dtype=np.float64)).ravel()
        if len(w) != len(P):
            raise ValueError(f"{method}: {len(w)} weights for {len(P)} frequencies")
        rel = w / w.max() if len(w) and w.max() > 0 else np.ones(len(P))
        size = 6 + 12 * np.sqrt(rel) if method in weights else np.full(len(P), 9.0)
        for mask, open_ in ((~out, False), (out, True)):
            if not mask.any():
                continue
            Q = np.clip(P[mask], -0.98 * lim, 0.98 * lim)
            fig.add_trace(go.Scatter(
                x=Q[:, 0], y=Q[:, 1], mode="markers", legendgroup=method, showlegend=False,  # titled panels
                name=name if not open_ else f"{name}, beyond the view",
                customdata=np.column_stack([P[mask], w[mask]] + ([begins[method][mask]] if method in begins else [])),
                marker=dict(color=color, size=size[mask] + (2 if open_ else 0),
                            symbol=symbol + ("-open" if open_ else ""),
                            line=dict(width=2 if open_ else 0.5, color=color if open_ else "white")),
                hovertemplate=f"{name}<br>ω = (%{{customdata[0]:.2f}}, %{{customdata[1]:.2f}})"
                              + ("<br>weight %{customdata[2]:.3g}" if method in weights else "")
                              + ("<br>drawn at (%{customdata[3]:.2f}, %{customdata[4]:.2f})" if method in begins
                                 else "") + "<extra></extra>",
            ), row=1, col=col)
        # equal units on both axes; the plane shrinks to its cell (its range stays [−lim, lim])
        fig.update_xaxes(range=[-lim, lim], title_text="ω₁", constrain="domain", row=1, col=col)
        fig.update_yaxes(range=[-lim, lim], title_text="ω₂" if col == 1 else None, constrain="domain",
                         scaleanchor="x" if col == 1 else f"x{col}", scaleratio=1, row=1, col=col)
    beyond = int((every_norm > top).sum())
    r = np.linspace(0, top, 300)
    curves = [(r, chi.pdf(r / sigma, d) / sigma, "prior density of ‖ω‖", "prior",
               dict(color="black", width=2.5))]
    for method, s in scales.items():
        p = prior_norm_density(r, s) if method in sets else None
        if p is not None:
            name, color = method_style(method)
            curves.append((r, p, f"{name}: learned prior's density", f"{method}:prior",
                           dict(color=color, width=2.5, dash="dash")))
    peak = max(float(np.nanmax(c[1])) for c in curves)
    step = 0.22 * peak  # one row of ticks per method below the densities, named on the axis
    for x, p, name, group, line in curves:
        fig.add_trace(go.Scatter(x=x, y=p, mode="lines", name=name, legendgroup=group,
                                 showlegend=group == "prior", line=line, hoverinfo="skip"), row=2, col=1)
    for i, (method, v) in enumerate(norms.items()):
        name, color = method_style(method)
        level = -(i + 1) * step
        fig.add_trace(go.Scatter(
            x=np.minimum(v, top), y=np.full(len(v), level), mode="markers", name=f"{name}: ‖ω‖",
            legendgroup=f"{method}:length", showlegend=False, customdata=v,
            marker=dict(symbol="line-ns-open", size=16, color=color, line=dict(width=2.5, color=color)),
            opacity=0.7, hovertemplate=f"{name}<br>‖ω‖ = %{{customdata:.2f}}<extra></extra>"), row=2, col=1)
    if beyond:
        fig.add_annotation(text=f"{beyond} of {len(every_norm)} beyond, up to ‖ω‖ = {every_norm.max():.0f}: "
                                "drawn at the right edge", xref=f"{hist} domain", yref=f"y{k + 1} domain", x=1,
                           y=1.0, showarrow=False, xanchor="right", yanchor="top", font=dict(size=13))
    ticks = list(np.linspace(0, peak, 3))
    rows = [-(i + 1) * step for i in range(k)]
    names = [f"<span style='color:{method_style(m)[1] or '#444'}'>{method_style(m)[0]}</span>" for m in sets]
    fig.update_xaxes(range=[0, top], title_text="length ‖ω‖", title_standoff=6, automargin=True, row=2, col=1)
    fig.update_yaxes(range=[-(k + 0.6) * step, 1.08 * peak], tickvals=ticks + rows, automargin=True,
                     ticktext=[f"{t:.2g}" for t in ticks] + names, title_text="density", row=2, col=1)
    fig = _layout(fig, title, height=height or 740, bottom=150, legend=_BOTTOM_LEGEND)
    lines = max(captions.get(m, labels[m]).count("<br>") for m in sets)
    # the panels' titles under the figure's title, which hangs from the top
    fig.update_layout(margin_t=fig.layout.margin.t + 22 * (lines + 1), title_yref="container", title_y=1,
                      title_yanchor="top", title_pad_t=16)
    return fig
