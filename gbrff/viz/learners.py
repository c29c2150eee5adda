"""Weak learners: one learner's stripes (a cosine, or K cosines around a landmark) over the plane with the
points sized by their boosting weight, one frame per iteration, and GBRFF-LS's weights Q; the landmark a
single cosine's phase stands for. Fitted :class:`gbrff.Expansion` in, ``go.Figure`` out.
"""

import numpy as np
import plotly.graph_objects as go

from .style import CLASS_SYMBOLS, NEG_COLOR, POS_COLOR, VOTE_COLORSCALE, _frame, _layout, _plane, _points, _with_frames

__all__ = ["weak_learner_figure", "fineness_words", "weak_learner_animation", "q_weights_animation", "phase_landmark",
           "learner_landmark"]


def weak_learner_figure(xs, ys, expansion, t, X, y, *, weights=None, center=None, title=None,
                        height=470):
    """The ``t``-th weak learner's vote ``α_t h_t(x)`` (``t = 1 … T``) as a stripe pattern.

    Its landmark ``x_t`` is a cross: the learned one when the learner has
    landmarks, else (a single cosine ``cos(ω·x − b)``) the point of the crest
    ``ω·x = b`` nearest ``center``; then the crest is dashed and ``ω`` drawn
    as an arrow from the landmark, so that one wavelength ``2π/‖ω‖`` is
    visible.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    expansion : Expansion
        A fitted 2-D :class:`gbrff.Expansion`; ``h_t`` is drawn on the grid.
    t : int
        The learner, 1 … T.
    X : ndarray of shape (n, 2)
        The training points.
    y : ndarray of shape (n,)
        Their labels in {-1, +1}.
    weights : ndarray of shape (n,) or None, default=None
        The boosting weights ``w_i`` at this iteration: they set the point
        sizes (the learner concentrates on big points).
    center : array-like of shape (2,) or None, default=None
        Where the crest's landmark is sought; None: the mean of ``X``.
    title : str or None, default=None
        The figure's title.
    height : int, default=470
        The figure's height in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The figure.

    See Also
    --------
    weak_learner_animation : One frame per iteration.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import make_grid
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> y = 2 * y - 1
    >>> est = GBRFF2Classifier(n_estimators=10, standardize=False, random_state=0).fit(X, y)
    >>> xs, ys, G = make_grid(X, n=30)
    >>> from gbrff.viz.learners import weak_learner_figure
    >>> fig = weak_learner_figure(xs, ys, est.expansion_, 1, X, y)
    >>> fig.data[0].type
    'heatmap'
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
                marker=dict(color=color, symbol=CLASS_SYMBOLS[label], size=size[m], line=dict(color="white", width=1),
                            opacity=0.85),
            ))
    else:
        data += _points(X, y, "train", size=7)
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
    """What a picture of the ``t``-th weak learner cannot show, or None.

    Its cosines may be finer than the picture's cells, so the cell means that
    the picture shows fade. The fade is the learner's weights drawn over its
    own, Σ|q s| / Σ|q| (each cosine's sinc factor s, weighted): below 10 % the
    learner is "too fine to draw", below 50 % "drawn faded". The words give
    its wavelength 2π/‖ω‖ (the range of its K cosines' wavelengths) beside the
    cell's size.

    Parameters
    ----------
    expansion : Expansion
        The fitted expansion.
    drawn : Expansion
        What the picture shows: :func:`gbrff.teaching.expansions.band_limited`
        of ``expansion``.
    t : int
        The learner, 1 … T.
    cell : float
        The larger side of a cell.

    Returns
    -------
    str or None
        The words, or None when the learner is drawn at half its amplitude or more.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> from gbrff.teaching.expansions import band_limited
    >>> from gbrff.viz.learners import fineness_words
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> e = GBRFF2Classifier(n_estimators=3, standardize=False, random_state=0).fit(X, y).expansion_
    >>> fineness_words(e, band_limited(e, 0.05, 0.05), 1, 0.05) is None    # fine cells
    True
    >>> print(fineness_words(e, band_limited(e, 5.0, 5.0), 1, 5.0))         # coarse ones
    ω too fine to draw: wavelength 3.8, a cell 5
    """
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
                           size_label="weight wᵢ", grid=None, browser_learner=False):
    """:func:`weak_learner_figure` at every iteration of ``stages``, as Plotly frames.

    The heatmap is the learner ``h_t(x)`` in [−1, 1] (α is in the title);
    iteration 0, before any learner, is blank. Every frame has the same
    traces: the heatmap, the points of each class, the crest line and the
    landmark.

    Parameters
    ----------
    xs, ys : ndarray
        The grid's abscissas and ordinates (:func:`gbrff.teaching.expansions.make_grid`).
    expansion : Expansion
        A fitted 2-D :class:`gbrff.Expansion` (the titles and marks read it).
    stages : sequence of int
        The iterations shown.
    X : ndarray of shape (n, 2)
        The training points.
    y : ndarray of shape (n,)
        Their labels in {-1, +1}.
    weights : ndarray of shape (len(stages), n)
        The boosting weights ``w_i`` at the start of each stage: they set the
        point sizes.
    center : array-like of shape (2,) or None, default=None
        Where a crest's landmark is sought; None: the mean of ``X``.
    drawn : Expansion or None, default=None
        The expansion whose learners the heatmaps show (default
        ``expansion``; e.g. :func:`gbrff.teaching.expansions.band_limited` of it).
    height : int, default=470
        The figure's height in pixels.
    size_label : str, default="weight wᵢ"
        What the point sizes show, in the legend (the least-squares model's
        are residuals ``|ỹᵢ|``).
    grid : ndarray or None, default=None
        The grid's points ``xs × ys`` (row-major) mapped to the space the
        expansion acts on (:func:`gbrff.teaching.expansions.model_space`), for
        a model whose ω act on z(x) rather than on the plane (GBRFF2+): the
        heatmap is then ``h_t(z(x))``, and no crest, arrow or landmark is drawn.
    browser_learner : bool, default=False
        The frames' heatmaps carry no ``z`` (the player computes ``h_t`` from
        the expansion it receives beside the figure,
        :func:`gbrff.teaching.expansions.grid_expansion`), nor the points'
        sizes (it computes them from H^{t−1}); only the figure's own picture
        is computed here.

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
    >>> from gbrff.teaching.expansions import boosting_weights
    >>> from gbrff.viz.learners import weak_learner_animation
    >>> stages = [1, 2, 3]
    >>> w = boosting_weights(est.expansion_, X, y, stages)
    >>> fig = weak_learner_animation(xs, ys, est.expansion_, stages, X, y, w)
    >>> len(fig["frames"])
    3
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
            if browser_learner and base is not None:
                z = None  # the player's own
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
        heat = dict(type="heatmap") if z is None else dict(type="heatmap", z=z)
        # the points' sizes too, when the player computes them (from H^{t-1} on the points: pack_frames' vote)
        parts = [heat] + [dict(type="scatter") if z is None else dict(type="scatter", marker=dict(size=size[m]))
                          for m in masks] + [
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
                         marker=dict(color=color, symbol=CLASS_SYMBOLS[label], size=size[m],
                                     line=dict(color="white", width=1), opacity=0.85)))
    data.append(dict(type="scatter", x=crest_x, y=crest_y, mode="lines", name="crest ω·x = b",
                     line=dict(color="black", dash="dash", width=2),
                     showlegend=plane and expansion.landmarks is None and expansion.n_components == 1))
    data.append(dict(type="scatter", x=land_x, y=land_y, mode="markers", name="landmark xₜ", showlegend=plane,
                     marker=dict(symbol="x-thin", size=18, line=dict(width=4, color="black"))))
    fig = _plane(data, xs, ys, title=title, height=height, annotations=notes, as_dict=True)
    return _with_frames(fig, frames)


def q_weights_animation(expansion, stages, *, c=None, height=300):
    """The weights Q of the K cosines of the weak learner at each iteration of ``stages``, as frames.

    One step (a bar) per cosine, largest first (the order of the draw carries
    no meaning), with the uniform weight 1/K dashed: c = 0 in the preprint's
    Eq. 7, Q_j ∝ exp(−c f_j). The title gives the largest weight and the
    effective number of cosines 1/ΣQ², from K (uniform) down to 1 (one cosine
    takes all). The steps are a line of ``K + 1`` points (x = 0.5 … K + 0.5,
    the first weight repeated) filled down to 0.

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion` with K cosines an iteration.
    stages : sequence of int
        The iterations shown (0: no learner yet).
    c : float or None, default=None
        The inverse temperature, named in the title.
    height : int, default=300
        The figure's height in pixels.

    Returns
    -------
    dict
        The figure as a dict (``data``, ``layout``, ``frames``).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFFLSClassifier
    >>> from gbrff.viz.learners import q_weights_animation
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> e = GBRFFLSClassifier(n_estimators=3, n_components=5, random_state=0).fit(X, y).expansion_
    >>> fig = q_weights_animation(e, [0, 1, 2], c=1.0)
    >>> [frame["name"] for frame in fig["frames"]]
    ['0', '1', '2']
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


def phase_landmark(omega, b, center):
    """The landmark that the phase ``b`` of ``cos(ω·x − b)`` stands for.

    ``cos(ω·x − b) = cos(ω·(x − x_t))`` for every ``x_t`` on the crest lines
    ``ω·x_t = b + 2πk``; this returns the one nearest to ``center``.

    Parameters
    ----------
    omega : array-like of shape (d,)
        The frequency ω.
    b : float
        The phase.
    center : array-like of shape (d,)
        The point the landmark is sought near.

    Returns
    -------
    ndarray of shape (d,)
        The landmark (``center`` itself for ω = 0).

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.viz.learners import phase_landmark
    >>> phase_landmark(np.array([2.0, 0.0]), 1.0, np.array([0.0, 0.0]))
    array([0.5, 0. ])
    """
    omega = np.asarray(omega, dtype=np.float64)
    center = np.asarray(center, dtype=np.float64)
    norm2 = float(omega @ omega)
    if norm2 == 0.0:
        return center.copy()
    k = np.round((omega @ center - b) / (2 * np.pi))
    return center - ((omega @ center - b - 2 * np.pi * k) / norm2) * omega


def learner_landmark(expansion, t, center):
    """The landmark ``x_t`` of the ``t``-th weak learner (``t = 1 … T``), or None.

    A learner fitted around a landmark has it in ``expansion.landmarks``; a
    single cosine ``cos(ω·x − b)`` (K = 1, no landmarks) stands for any point
    of its crest ``ω·x = b``, and this returns the one nearest ``center``
    (:func:`phase_landmark`). A sum of K > 1 free cosines has none.

    Parameters
    ----------
    expansion : Expansion
        A fitted :class:`gbrff.Expansion`.
    t : int
        The learner, 1 … T.
    center : array-like of shape (d,)
        The point a crest's landmark is sought near.

    Returns
    -------
    ndarray of shape (d,) or None
        The landmark.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF1Classifier
    >>> from gbrff.viz.learners import learner_landmark
    >>> X, y = make_moons(100, noise=0.1, random_state=0)
    >>> e = GBRFF1Classifier(n_estimators=3, n_components=2, standardize=False,
    ...                      random_state=0).fit(X, y).expansion_
    >>> bool((learner_landmark(e, 1, X.mean(axis=0)) == e.landmarks[0]).all())
    True
    """
    i = int(t) - 1
    if expansion.landmarks is not None:
        return np.asarray(expansion.landmarks[i], dtype=np.float64)
    if expansion.n_components == 1:
        return phase_landmark(expansion.omegas[i, 0], expansion.phases[i, 0], center)
    return None
