"""Random features, three ways: the same budget of cosines cos(ω·x − b), ω from N(0, 2γ I),
used by different methods — arrays in, Plotly figures out.

Each figure takes a dict keyed by a method of the registry
(:func:`gbrff.baselines.get_method`: ``"LogReg+RFF"`` — the ω drawn at random,
a linear model on top; ``"GBRFF2"`` — each ω learned by boosting; any other
registered method, e.g. a Fourier kernel learner, is one more key), which
gives the line's label and colour; an unknown key is drawn under its own
name. Nothing here fits a model or reads a file.
"""

from __future__ import annotations

import numpy as np
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from ..baselines import get_method
from .playground import _BOTTOM_LEGEND, _layout

__all__ = ["method_style", "features_accuracy_figure", "frequencies_figure"]

_SYMBOLS = ("circle", "diamond", "square", "triangle-up", "x")


def method_style(name):
    """(label, colour) of a method of the registry; ``(name, None)`` for another name."""
    try:
        spec = get_method(name)
    except ValueError:
        return name, None
    return spec.label, spec.color


def features_accuracy_figure(n_features, scores, *, title=None, height=400):
    """Test accuracy (%) against the number of cosine features D, one line per method.

    ``scores`` maps a method name to an array of shape ``(len(n_features),)`` or
    ``(len(n_features), n_repeats)`` (then mean ± std over the repeats) of
    accuracies in [0, 1]; NaN leaves a gap.
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


def frequencies_figure(frequencies, gamma, *, weights=None, title=None, height=440):
    """The frequencies ω of each method over the prior N(0, 2γ I) they are drawn from.

    ``frequencies`` maps a method name to an ``(m, d)`` array of its ω
    (``d ≥ 1``; the plane shows the first two coordinates); ``weights``
    (optional) maps a method to the ``(m,)`` weights of its cosines in the
    model (|α|, |coefficient|): a marker's area then grows with its weight,
    relative to the method's largest. Left: every ω
    over the circles ‖ω‖ = σ, 2σ, 3σ of the prior (σ = √(2γ)); the view
    holds 3.3σ and 95 % of the points, the few beyond it are drawn on its
    edge as open markers. Right: the distribution of ‖ω‖ of each method
    against the prior's density of ‖ω‖ (σ times a chi with d degrees of freedom).
    """
    from scipy.stats import chi

    sigma = float(np.sqrt(2.0 * gamma))
    sets = {}
    for method, W in frequencies.items():
        W = np.asarray(W, dtype=np.float64)
        W = W.reshape(len(W), -1) if W.size else np.zeros((0, 2))
        sets[method] = W
    d = max([W.shape[1] for W in sets.values()] + [1])
    fig = make_subplots(rows=1, cols=2, horizontal_spacing=0.14,
                        subplot_titles=("ω in the plane (ω₁, ω₂)", "length ‖ω‖"))
    theta = np.linspace(0, 2 * np.pi, 200)
    for k in (1, 2, 3):
        fig.add_trace(go.Scatter(x=k * sigma * np.cos(theta), y=k * sigma * np.sin(theta), mode="lines",
                                 line=dict(color="gray", dash="dot", width=1.5), hoverinfo="skip",
                                 name="prior N(0, 2γ): 1, 2, 3 σ", showlegend=k == 1, legendgroup="prior"),
                      row=1, col=1)
    planes = {m: (W[:, :2] if W.shape[1] > 1 else np.column_stack([W[:, :1], np.zeros(len(W))]))
              for m, W in sets.items()}
    every = np.vstack([P for P in planes.values()] + [np.zeros((0, 2))])
    lim = max(3.3 * sigma, 1.1 * float(np.quantile(np.abs(every).max(axis=1), 0.95)) if len(every) else 0.0)
    norms = {m: np.linalg.norm(W, axis=1) for m, W in sets.items()}
    every_norm = np.concatenate([v for v in norms.values()] + [np.zeros(0)])
    top = max(3.5 * sigma, 1.15 * float(np.quantile(every_norm, 0.95)) if len(every_norm) else 0.0)
    for i, (method, P) in enumerate(planes.items()):
        name, color = method_style(method)
        symbol = _SYMBOLS[i % len(_SYMBOLS)]
        out = np.abs(P).max(axis=1) > lim
        w = np.abs(np.asarray((weights or {}).get(method, np.ones(len(P))), dtype=np.float64)).ravel()
        if len(w) != len(P):
            raise ValueError(f"{method}: {len(w)} weights for {len(P)} frequencies")
        rel = w / w.max() if len(w) and w.max() > 0 else np.ones(len(P))
        size = 6 + 12 * np.sqrt(rel) if weights and method in weights else np.full(len(P), 9.0)
        for mask, open_ in ((~out, False), (out, True)):
            if not mask.any():
                continue
            Q = np.clip(P[mask], -0.98 * lim, 0.98 * lim)
            fig.add_trace(go.Scatter(
                x=Q[:, 0], y=Q[:, 1], mode="markers", legendgroup=method, showlegend=not open_,
                name=name if not open_ else f"{name}, beyond the view",
                customdata=np.column_stack([P[mask], w[mask]]),
                marker=dict(color=color, size=size[mask] + (2 if open_ else 0),
                            symbol=symbol + ("-open" if open_ else ""),
                            line=dict(width=2 if open_ else 0.5, color=color if open_ else "white")),
                hovertemplate=f"{name}<br>ω = (%{{customdata[0]:.2f}}, %{{customdata[1]:.2f}})"
                              + ("<br>weight %{customdata[2]:.3g}" if weights and method in weights else "")
                              + "<extra></extra>",
            ), row=1, col=1)
        if len(norms[method]):
            fig.add_trace(go.Histogram(
                x=np.minimum(norms[method], top), histnorm="probability density", name=name,
                legendgroup=method, showlegend=False, marker=dict(color=color), opacity=0.55,
                xbins=dict(start=0, end=top * 1.0001, size=top / 20),
                hovertemplate=f"{name}<br>‖ω‖ %{{x}}<extra></extra>"), row=1, col=2)
    beyond = int((every_norm > top).sum())
    if beyond:
        fig.add_annotation(text=f"{beyond} of {len(every_norm)} beyond, up to ‖ω‖ = {every_norm.max():.0f}: "
                                "counted in the last bar", xref="x2 domain", yref="y2 domain", x=1, y=0.98,
                           showarrow=False, xanchor="right", yanchor="top", font=dict(size=13))
    r = np.linspace(0, top, 200)
    fig.add_trace(go.Scatter(x=r, y=chi.pdf(r / sigma, d) / sigma, mode="lines", name="prior density of ‖ω‖",
                             line=dict(color="black", width=2.5)), row=1, col=2)
    fig.update_layout(barmode="overlay")
    fig.update_xaxes(range=[-lim, lim], title_text="ω₁", row=1, col=1)
    fig.update_yaxes(range=[-lim, lim], title_text="ω₂", scaleanchor="x", scaleratio=1, row=1, col=1)
    fig.update_xaxes(range=[0, top], title_text="‖ω‖", row=1, col=2)
    fig.update_yaxes(title_text="density", row=1, col=2)
    fig.update_annotations(font=dict(size=16))
    return _layout(fig, title, height=height, bottom=95, legend=_BOTTOM_LEGEND)
