"""The frequencies ω against the prior N(0, 2γ I) they are drawn from, and a kernel as the mean of random
cosines (Bochner's theorem; Rahimi & Recht, NIPS 2007). Arrays and fitted expansions in, ``go.Figure`` out.
"""

import numpy as np
import plotly.graph_objects as go

from ._legend import LEGEND_UNDER, room_under
from .style import _FONT

__all__ = ["omega_prior_figure", "kernel_average_figure"]


def omega_prior_figure(expansion, gamma, *, upto=None, drawn=None, title=None, height=420):
    """The frequencies ω of a fitted expansion against the prior N(0, 2γ)^d they are drawn from.

    Left: every ω (the K of each iteration t) in the plane of its first two
    coordinates, coloured by t, over the circles ‖ω‖ = σ, 2σ, 3σ of the prior
    (σ = √(2γ)). Right: histogram of ‖ω‖ against the prior's density of ‖ω‖
    (a scaled chi distribution with d degrees of freedom).

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion`.
    gamma : float
        γ of the prior.
    upto : int or None, default=None
        Keep the first ``upto`` iterations.
    drawn : ndarray of shape (m, d) or None, default=None
        Initial draws from the prior, drawn beside.
    title : str or None, default=None
        The figure's title.
    height : int, default=420
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
    >>> from gbrff.viz.omega_prior import omega_prior_figure
    >>> fig = omega_prior_figure(est.expansion_, est.gamma_, upto=5)
    >>> len(fig.data) > 2
    True
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


def kernel_average_figure(r, kernel, averages, *, title=None, height=380):
    """"A kernel is the average of random cosines": the RBF kernel against means of random cosines.

    Parameters
    ----------
    r : array-like
        Distances.
    kernel : array-like
        The RBF kernel ``k(r)`` at ``r``.
    averages : dict of int to array-like
        ``m`` to the mean of ``m`` random cosines ``cos(ω r)`` at ``r``
        (:func:`gbrff.teaching.first_pictures.kernel_averages`).
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
    >>> import numpy as np
    >>> from gbrff.teaching.first_pictures import kernel_averages
    >>> from gbrff.viz.omega_prior import kernel_average_figure
    >>> r = np.linspace(0, 3, 31)
    >>> kernel, averages = kernel_averages(0.5, r, sizes=(1, 100))
    >>> [trace.name for trace in kernel_average_figure(r, kernel, averages).data]
    ['mean of 1 random cosine', 'mean of 100 random cosines', 'RBF kernel exp(−γ r²)']
    """
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
