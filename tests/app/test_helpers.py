"""The app's numeric helpers (gbrff.teaching.expansions), figure builders (gbrff.viz.surfaces, learners, curves, …)
and its uploads and downloads (appkit._files)."""

import json
from pathlib import Path

import numpy as np
import plotly.graph_objects as go
import pytest

from appkit import _files as files
from gbrff import LOSSES as _LOSSES
from gbrff import Expansion
from gbrff.teaching import expansions as cmp
from gbrff.viz import curves as curve_figs
from gbrff.viz import landscape as landscape_figs
from gbrff.viz import learners as learner_figs
from gbrff.viz import omega_prior as omega_figs
from gbrff.viz import surfaces as surface_figs


def cosine_expansion(omegas, phases, alphas, init_score=0.0):
    """A hand-made expansion of single cosines cos(ω_t·x − b_t) (K = 1, GBRFF2's learner)."""
    omegas = np.asarray(omegas, dtype=float)
    T, d = omegas.shape
    return Expansion("cosine", "exponential", init_score, omegas.reshape(T, 1, d),
                     np.asarray(phases, dtype=float).reshape(T, 1), np.ones((T, 1)),
                     np.asarray(alphas, dtype=float))


def landmark_expansion(omegas, landmarks, q, alphas, init_score=0.0):
    """A hand-made expansion of K cosines around a landmark each (GBRFF1's learner)."""
    omegas, landmarks = np.asarray(omegas, dtype=float), np.asarray(landmarks, dtype=float)
    return Expansion("landmark", "exponential", init_score, omegas,
                     np.einsum("tkd,td->tk", omegas, landmarks), np.asarray(q, dtype=float),
                     np.asarray(alphas, dtype=float), landmarks)


# ---------------------------------------------------------------- uploads
def test_parse_points_csv_reads_header_and_maps_labels():
    text = "a,b,label\n" + "\n".join(f"{i / 10},{-i / 10},{'cat' if i % 2 else 'dog'}" for i in range(20))
    X, y, classes = files.parse_points_csv(text.encode())
    assert X.shape == (20, 2) and X.dtype == np.float64
    assert classes == ("cat", "dog")
    assert set(y.tolist()) == {-1, 1}
    assert y[1] == -1 and y[0] == 1  # "cat" sorts first -> -1
    assert X[3, 0] == pytest.approx(0.3)


def test_parse_points_csv_label_column_by_name_semicolons_no_header_numeric_labels():
    text = "label;x;y\n" + "\n".join(f"{i % 2};{i};{i * i}" for i in range(12))
    X, y, classes = files.parse_points_csv(text.encode())
    assert classes == ("0", "1") and X[5].tolist() == [5.0, 25.0] and y[5] == 1
    plain = "\n".join(f"{i},{-i},{-1 if i < 6 else 1}" for i in range(12))
    X, y, classes = files.parse_points_csv(plain.encode())
    assert classes == ("-1", "1") and (y == np.array([-1] * 6 + [1] * 6)).all()


@pytest.mark.parametrize("data, words", [
    (b"", "empty"),
    (b"   \n\n", "empty"),
    (b"x1,x2,label\n", "no data rows"),
    ("\n".join(f"{i},{i},{i % 3}" for i in range(30)).encode(), "exactly two classes"),
    ("\n".join(f"{i},abc,{i % 2}" for i in range(30)).encode(), "must be numbers"),
    ("\n".join(f"{i},{i},{i},{i % 2}" for i in range(30)).encode(), "three columns"),
    (b"\xff\xfe\x00\x01garbage", "not UTF-8"),
    (b"1,2,0\n3,4,1\n", "at least 10"),
    (b"x" * (files.MAX_UPLOAD_BYTES + 1), "MB"),
    ("\n".join(f"{i},{i},{i % 2}" for i in range(files.MAX_UPLOAD_ROWS + 5)).encode(), "at most"),
])
def test_parse_points_csv_friendly_errors(data, words):
    with pytest.raises(ValueError, match=words):
        files.parse_points_csv(data)


def test_points_to_csv_round_trips():
    rng = np.random.RandomState(0)
    X, y = rng.normal(size=(15, 2)), np.where(rng.rand(15) > 0.5, 1, -1)
    X2, y2, classes = files.parse_points_csv(files.points_to_csv(X, y).encode())
    np.testing.assert_allclose(X2, X, rtol=1e-5)
    assert classes == ("-1", "1") and (y2 == y).all()


# ---------------------------------------------------------------- geometry
def test_make_grid_covers_points_and_included_landmark():
    X = np.array([[0.0, 0.0], [1.0, 2.0]])
    xs, ys, G = cmp.make_grid(X, n=11, include=[[5.0, -1.0]])
    assert G.shape == (121, 2)
    assert xs[0] < 0 and xs[-1] > 5 and ys[0] < -1 and ys[-1] > 2
    # row-major: the second grid point moves along x
    assert G[1, 0] > G[0, 0] and G[1, 1] == G[0, 1]


def test_phase_landmark_lies_on_a_crest_near_center():
    omega, b, c = np.array([1.5, -0.5]), 2.0, np.array([3.0, 1.0])
    L = learner_figs.phase_landmark(omega, b, c)
    phase = omega @ L - b
    assert np.isclose(np.cos(phase), 1.0)
    # the crests are 2π/‖ω‖ apart: the nearest is within half of that
    assert np.linalg.norm(L - c) <= np.pi / np.linalg.norm(omega) + 1e-9
    x = np.random.RandomState(1).normal(size=(5, 2))
    np.testing.assert_allclose(np.cos(x @ omega - b), np.cos((x - L) @ omega))


def test_losses():
    H, y = np.array([0.0, 1.0, -2.0]), np.array([1, 1, 1])
    assert cmp.accuracy(H, y) == pytest.approx(2 / 3)
    assert cmp.exp_loss(H, y) == pytest.approx(np.mean(np.exp(-H)))


# ---------------------------------------------------------------- figures
def _grid(n=20):
    xs = np.linspace(-2, 2, n)
    ys = np.linspace(-1, 1, n)
    return xs, ys


def test_surface_figure_traces_and_discretised():
    xs, ys = _grid()
    H = np.linspace(-3, 3, len(xs) * len(ys))
    X = np.random.RandomState(0).normal(size=(30, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    fig = surface_figs.surface_figure(xs, ys, H, X, y, X[:5], y[:5], landmarks=[[0, 0]])
    kinds = [t.type for t in fig.data]
    assert kinds[:2] == ["heatmap", "contour"]
    names = [t.name for t in fig.data]
    assert {"train −1", "train +1", "test −1", "test +1", "landmark"} <= set(names)
    z = np.asarray(fig.data[0].z)
    assert z.shape == (len(ys), len(xs)) and 0 <= z.min() and z.max() <= 1
    # p(+1) = 1 / (1 + exp(-2H))
    assert z.ravel()[-1] == pytest.approx(1 / (1 + np.exp(-6)), rel=1e-5)
    disc = surface_figs.surface_figure(xs, ys, H, X, y, discretise=True)
    assert set(np.unique(np.asarray(disc.data[0].z))) == {0.0, 1.0}
    json.loads(fig.to_json())
    # another loss, its own link: sigma(H) for log_loss
    z = np.asarray(surface_figs.surface_figure(xs, ys, H, X, y, loss="log_loss").data[0].z)
    assert z.ravel()[-1] == pytest.approx(1 / (1 + np.exp(-3)), rel=1e-5)
    # in whole percent: the same picture in uint8, its boundary at 50
    pc = surface_figs.surface_figure(xs, ys, H, X, y, percent=True)
    z100 = np.asarray(pc.data[0].z)
    assert z100.dtype == np.uint8 and np.array_equal(z100, np.rint(100 * np.asarray(fig.data[0].z)).astype(np.uint8))
    assert pc.data[0].zmax == 100 and pc.data[1].contours.start == 50


def test_weak_learner_figure_marks_landmark_and_crest():
    xs, ys = _grid()
    G = np.array([[x, y] for y in ys for x in xs])
    om, b = np.array([2.0, 1.0]), 0.5
    X = G[::37]
    y = np.where(X[:, 1] > 0, 1, -1)
    e = cosine_expansion([om], [b], [-0.4])
    fig = learner_figs.weak_learner_figure(xs, ys, e, 1, X, y, center=[0, 0], weights=np.ones(len(X)))
    names = [t.name for t in fig.data]
    assert "crest ω·x = b" in names and "landmark xₜ" in names
    z = np.asarray(fig.data[0].z)
    np.testing.assert_allclose(z.ravel(), -0.4 * np.cos(G @ om - b), atol=1e-6)
    assert fig.data[0].zmin == pytest.approx(-0.4) and fig.data[0].zmax == pytest.approx(0.4)
    # the landmark drawn is the phase's, on the crest nearest the centre
    cross = [t for t in fig.data if t.name == "landmark xₜ"][0]
    L = np.array([cross.x[0], cross.y[0]])
    np.testing.assert_allclose(L, learner_figs.phase_landmark(om, b, [0, 0]))


def test_weak_learner_figure_of_a_landmark_learner_has_no_crest():
    xs, ys = _grid()
    rng = np.random.RandomState(0)
    e = landmark_expansion(rng.normal(size=(2, 3, 2)), [[0.5, -0.2], [1.0, 0.3]], np.full((2, 3), 1 / 3),
                           [0.3, -0.2])
    X = rng.normal(size=(10, 2))
    fig = learner_figs.weak_learner_figure(xs, ys, e, 2, X, np.where(X[:, 0] > 0, 1, -1))
    names = [t.name for t in fig.data]
    assert "crest ω·x = b" not in names
    cross = [t for t in fig.data if t.name == "landmark xₜ"][0]
    assert (cross.x[0], cross.y[0]) == (1.0, 0.3)
    G = np.array([[x, y] for y in ys for x in xs])
    np.testing.assert_allclose(np.asarray(fig.data[0].z).ravel(), -0.2 * e.weak_learner(1, G), atol=1e-6)


def test_curves_omega_and_other_figures_build():
    curves = {"accuracy": np.linspace(0.5, 1, 11), "loss": np.linspace(1, 0.1, 11)}
    fig = curve_figs.curves_figure(curves, curves, current=4, extra={"LightGBM": 0.9})
    assert len([t for t in fig.data if t.type == "scatter"]) == 5
    lgbm = [t for t in fig.data if t.name == "LightGBM"][0]  # in the legend, not written over the curves
    assert list(lgbm.y) == [90, 90] and list(lgbm.x) == [0, 10] and not fig.layout.annotations[2:]
    W = np.random.RandomState(0).normal(size=(40, 2))
    fig = omega_figs.omega_prior_figure(cosine_expansion(W, np.zeros(40), np.ones(40)), 0.5, upto=10)
    learned = [t for t in fig.data if t.name == "learned ωₜ"][0]
    assert len(learned.x) == 10
    hist = [t for t in fig.data if t.type == "histogram"][0]
    assert len(hist.x) == 10
    # K frequencies an iteration: all K of the first `upto` iterations, coloured by their t
    e = landmark_expansion(W.reshape(10, 4, 2), np.zeros((10, 2)), np.full((10, 4), 0.25), np.ones(10))
    learned = [t for t in omega_figs.omega_prior_figure(e, 0.5, upto=3).data if t.name == "learned ωₜ"][0]
    assert len(learned.x) == 12 and list(learned.marker.color) == [1] * 4 + [2] * 4 + [3] * 4
    xs, ys = _grid()
    F = np.random.RandomState(0).rand(len(xs) * len(ys))
    fig = landscape_figs.landscape_figure(xs, ys, F, W, np.where(W[:, 0] > 0, 1, -1), landmark=[0.1, 0.2])
    assert fig.data[0].reversescale
    bs = np.linspace(-np.pi, np.pi, 50)
    fig = landscape_figs.bias_curve_figure(bs, np.cos(bs - 1.0), b_landmark=-2.0)
    star = fig.data[1]
    assert star.x[0] == pytest.approx(bs[np.argmin(np.cos(bs - 1.0))])
    fig = curve_figs.budget_figure([20, 50], {1: [0.8, 0.9], 20: [np.nan, 0.85]})
    assert [t.name for t in fig.data] == ["K = 1", "K = 20"]
    fig = curve_figs.lambda_sweep_figure([0, 0.25, 1], [3, 2, 1], [0.8, 0.9, 0.7], [1, 0.95, 0.7], current=0.25)
    assert len(fig.data) == 3
    fig = curve_figs.learning_curve_figure([10, 20], {"GBRFF2": np.ones((2, 3)), "LGBM": [0.5, 0.6]})
    assert fig.data[0].error_y.array is not None
    from gbrff.methods import METHODS  # the registry's labels and colours

    assert [(t.name, t.line.color) for t in fig.data] == [("GBRFF2", METHODS["GBRFF2"].color),
                                                           ("LightGBM", METHODS["LGBM"].color)]
    fig = surface_figs.surfaces_grid_figure(xs, ys, [F, F, F], W, np.ones(40), ["a", "b", "c"], cols=2)
    assert sum(t.type == "heatmap" for t in fig.data) == 3
    assert isinstance(surface_figs.cosine_figure(xs, ys, F), go.Figure)


# ---------------------------------------------------------------- against the fitted estimators
@pytest.mark.parametrize("kind", ["GBRFF2", "GBRFF1"])
def test_stages_curves_and_json_read_the_expansion(kind):
    from gbrff import GBRFF1Classifier, GBRFF2Classifier
    from gbrff.datasets import make_toy

    X, y = make_toy("moons", n_samples=120, random_state=0)
    # the app's models work on the plane's coordinates (pages/playground.py: standardize=False)
    est = (GBRFF2Classifier(n_estimators=15, random_state=0, standardize=False) if kind == "GBRFF2"
           else GBRFF1Classifier(n_estimators=15, n_components=3, random_state=0,
                                 standardize=False)).fit(X, y)
    e = est.expansion_
    xs, ys, G = cmp.make_grid(X, n=12)
    frames = cmp.staged_scores(e, G, [15, 0, 4, 40])
    np.testing.assert_allclose(frames[0], est.decision_function(G), atol=1e-4)
    np.testing.assert_allclose(frames[1], e.init_score, atol=1e-6)
    np.testing.assert_allclose(frames[3], frames[0])  # beyond T: the final model
    np.testing.assert_allclose(frames[2], e.truncated(4).decision_function(G), atol=1e-4)
    curves = cmp.staged_curves(e, X, y)
    assert len(curves["accuracy"]) == 16
    assert curves["accuracy"][-1] == pytest.approx(est.score(X, y))
    assert curves["loss"][-1] < curves["loss"][0]
    # the landmark of a learner: GBRFF1's own, or the phase's for GBRFF2's single cosine
    land = learner_figs.learner_landmark(e, 3, X.mean(axis=0))
    if e.landmarks is not None:
        np.testing.assert_array_equal(land, e.landmarks[2])
    else:
        assert np.cos(e.omegas[2, 0] @ land - e.phases[2, 0]) == pytest.approx(1.0)
    # the JSON download rebuilds the model exactly
    doc = json.loads(files.model_to_json(est, kind))
    assert doc["model"] == kind and doc["classes"] == [-1, 1] and len(doc["expansions"]) == 1
    back = Expansion.from_dict(doc["expansions"][0])
    assert back.learner == e.learner and back.n_iter == 15
    np.testing.assert_array_equal(back.decision_function(G), est.decision_function(G))


@pytest.mark.parametrize("loss", sorted(n for n, loss in _LOSSES.items() if loss.link is not None))
def test_loss_curves_follow_the_model_s_loss(loss):
    """The learning curves of every loss: its own mean loss (the registry's),
    named on the figure by the registry's label."""
    from gbrff import LOSSES, GBRFF2Classifier
    from gbrff.datasets import make_toy

    X, y = make_toy("moons", n_samples=100, random_state=0)
    est = GBRFF2Classifier(n_estimators=8, loss=loss, random_state=0, standardize=False).fit(X, y)
    curves = cmp.staged_curves(est.expansion_, X, y)
    H = est.decision_function(X)
    assert curves["loss"][-1] == pytest.approx(LOSSES[loss].mean(H, y))
    assert curves["loss"][-1] < curves["loss"][0]
    fig = curve_figs.curves_figure(curves, loss=loss)
    assert any(LOSSES[loss].label in a.text for a in fig.layout.annotations)


def test_loss_curves_refuse_a_loss_they_do_not_know():
    e = cosine_expansion([[1.0, 0.0]], [0.0], [0.5])
    e.loss = "no_such_loss"
    with pytest.raises(ValueError, match="no_such_loss"):
        cmp.staged_curves(e, np.zeros((3, 2)), np.array([1, -1, 1]))


def test_weak_learner_figure_points_to_a_landmark_off_the_view():
    xs, ys = _grid()
    G = np.array([[x, y] for y in ys for x in xs])
    off = landmark_expansion([[[0.0, 1.0]]], [[0.0, -3.0]], [[1.0]], [0.2])
    fig = learner_figs.weak_learner_figure(xs, ys, off, 1, G[:5], np.ones(5))
    # the arrow at the view's edge; its words under the title (not over the points)
    notes = [a for a in fig.layout.annotations if a.showarrow]
    assert len(notes) == 1 and notes[0].y == pytest.approx(ys[0]) and "off the view" in fig.layout.title.text
    inside = learner_figs.weak_learner_figure(xs, ys, cosine_expansion([[0.0, 1.0]], [0.0], [0.2]), 1, G[:5], np.ones(5),
                                      center=[0.0, 0.0])
    assert "off the view" not in (inside.layout.title.text or "")


# ---------------------------------------------------------------- animations and the player's payload
def test_animations_hold_one_frame_per_stage_with_a_fixed_trace_structure():
    e = cosine_expansion([[1.0, 0.0], [0.0, 2.0], [1.0, 1.0]], [0.0, 0.5, 1.0], [0.3, 0.2, 0.1])
    X = np.array([[0.0, 0.0], [1.0, 1.0], [-1.0, 0.5], [0.5, -1.0]])
    y = np.array([-1, 1, 1, -1])
    xs, ys, G = cmp.make_grid(X, n=20)
    stages = [0, 1, 2, 3]
    H = cmp.staged_scores(e, G, stages)
    surf = surface_figs.surface_animation(xs, ys, stages, H, X, y, titles=[f"t = {t}" for t in stages])
    assert [f["name"] for f in surf["frames"]] == ["0", "1", "2", "3"]
    for f, Ht in zip(surf["frames"], H):
        assert f["traces"] == [0, 1]
        z = f["data"][0]["z"]
        assert z.dtype == np.uint8 and z.shape == (20, 20)
        np.testing.assert_allclose(z / 100, (1 / (1 + np.exp(-2 * Ht))).reshape(20, 20), atol=0.006)
    W = cmp.boosting_weights(e, X, y, stages)
    np.testing.assert_allclose(W[0], W[1])  # t = 0 and t = 1 both start from H0
    # w_i = exp(−y_i H^{t−1}(x_i)) at the start of t, as gbrff.inspection.residuals defines it
    np.testing.assert_allclose(W[3], np.exp(-y * e.truncated(2).decision_function(X)), rtol=1e-5)
    weak = learner_figs.weak_learner_animation(xs, ys, e, stages, X, y, W)
    n_traces = len(weak["data"])
    for f in weak["frames"]:
        assert f["traces"] == list(range(n_traces))  # the same traces in every frame
    assert np.abs(weak["frames"][0]["data"][0]["z"]).max() == 0  # t = 0: no learner yet
    assert "weak learner 2" in weak["frames"][2]["layout"]["title"]["text"]
    curves = curve_figs.curves_animation({"accuracy": np.linspace(.5, 1, 4), "loss": np.linspace(1, .1, 4)}, None, stages)
    assert [f["layout"]["shapes"][-1]["x0"] for f in curves["frames"]] == stages


def test_least_squares_sizes_are_residuals_and_q_bars_follow_the_learner():
    """The 2019 GBRFF (squared error): point sizes |y − H^{t−1}|, and its weights Q as sorted bars."""
    from dataclasses import replace

    e = replace(landmark_expansion([[[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]]] * 2, [[0.0, 0.0], [1.0, 0.5]],
                                   [[0.2, 0.5, 0.3], [1 / 3, 1 / 3, 1 / 3]], [0.4, 0.2], init_score=0.1),
                loss="squared_error")
    X = np.array([[0.0, 0.0], [1.0, 1.0], [-1.0, 0.5], [0.5, -1.0]])
    y = np.array([-1, 1, 1, -1])
    W = cmp.boosting_weights(e, X, y, [0, 1, 2])
    np.testing.assert_allclose(W[1], np.abs(y - 0.1))
    np.testing.assert_allclose(W[2], np.abs(y - e.truncated(1).decision_function(X)), rtol=1e-6)
    fig = learner_figs.q_weights_animation(e, [0, 1, 2], c=4.0)
    assert [f["name"] for f in fig["frames"]] == ["0", "1", "2"]
    # steps of K + 1 points: the first weight repeated, then Q largest first
    np.testing.assert_allclose(fig["frames"][1]["data"][0]["y"], [0.5, 0.5, 0.3, 0.2])
    assert "1/ΣQ² = 2.6 of K = 3" in fig["frames"][1]["layout"]["title"]["text"]
    assert "1/ΣQ² = 3.0" in fig["frames"][2]["layout"]["title"]["text"]  # uniform: every cosine counts
    assert not np.any(fig["frames"][0]["data"][0]["y"])
    assert fig["layout"]["shapes"][0]["y0"] == pytest.approx(1 / 3)  # the uniform weight 1/K


def test_player_payload_round_trips_and_schedules_every_iteration_up_to_a_hundred():
    import base64
    import zlib

    from appkit._player import pack_frames, play_schedule

    assert play_schedule(100) == list(range(101))
    long = play_schedule(500)
    assert long[:31] == list(range(31)) and long[-1] == 500 and 95 <= len(long) <= 105
    fig = {"data": [{"type": "heatmap", "z": np.arange(6, dtype=np.uint8).reshape(2, 3)}], "layout": {},
           "frames": [{"name": "0", "data": [{"z": np.ones((2, 3), dtype=np.int8)}], "traces": [0]}]}
    digest, payload = pack_frames([fig], [0])
    body = json.loads(zlib.decompress(base64.b64decode(payload)))
    back = body["figures"][0]
    z = back["data"][0]["z"]
    assert z["dtype"] == "u1" and z["shape"] == "2,3"
    assert np.frombuffer(base64.b64decode(z["bdata"]), np.uint8).tolist() == list(range(6))
    assert body["labels"] == [0] and digest == pack_frames([fig], [0])[0]


@pytest.mark.parametrize("K", [1, 3])
def test_band_limited_expansion_is_the_mean_over_each_cell(K):
    """Pictures show the score averaged over each cell (no aliasing of large ω): exactly, by sinc factors."""
    rng = np.random.RandomState(0)
    T = 4
    om = rng.normal(scale=15, size=(T, K, 2))
    ph = rng.uniform(-3, 3, size=(T, K))
    q = rng.dirichlet(np.ones(K), size=T) if K > 1 else np.ones((T, 1))
    e = Expansion("cosine" if K == 1 else "landmark", "exponential", 0.1, om, ph, q, rng.uniform(.1, .5, T),
                  None if K == 1 else rng.normal(size=(T, 2)))
    xs, ys = np.linspace(-1, 1, 9), np.linspace(-1, 1, 7)
    dx, dy = xs[1] - xs[0], ys[1] - ys[0]
    gx, gy = np.meshgrid(xs, ys)
    G = np.column_stack([gx.ravel(), gy.ravel()])
    bl = cmp.band_limited(e, dx, dy)
    u = (np.arange(40) + 0.5) / 40 - 0.5
    ox, oy = np.meshgrid(u * dx, u * dy)
    cells = [np.column_stack([g[0] + ox.ravel(), g[1] + oy.ravel()]) for g in G]
    np.testing.assert_allclose(cmp.staged_scores(bl, G, [T])[0],
                               [e.decision_function(c).mean() for c in cells], atol=1e-3)
    np.testing.assert_allclose(bl.weak_learner(1, G), [e.weak_learner(1, c).mean() for c in cells], atol=1e-3)
    # a wave of several cells keeps its amplitude
    slow = cosine_expansion([[0.5, 0.2]], [0.0], [1.0])
    assert cmp.band_limited(slow, dx, dy).alphas[0] > 0.99


def test_omega_plot_is_robust_to_outliers():
    """A few huge learned ω sit on the edge of the view, counted, instead of squashing the rest."""
    W = np.random.RandomState(0).normal(size=(60, 2))
    W[:2] = [[120.0, 5.0], [-80.0, 60.0]]
    fig = omega_figs.omega_prior_figure(cosine_expansion(W, np.zeros(60), np.ones(60)), 0.5)
    lim = fig.layout.xaxis.range[1]
    assert lim < 10  # the prior's 3.3σ (σ = 1) and the bulk of the ω, not ±120
    inside = [t for t in fig.data if t.name == "learned ωₜ"][0]
    beyond = [t for t in fig.data if str(t.name).startswith("learned ωₜ beyond")][0]
    assert len(inside.x) == 58 and len(beyond.x) == 2 and max(abs(np.asarray(beyond.x))) <= lim
    assert any("beyond" in a.text for a in fig.layout.annotations)


def test_gate_lets_first_paints_before_the_rest_of_the_pages():
    """appkit._gate: with its places taken, a page waiting for its first picture enters before a page
    waiting to draw the rest (they queued in the other order); no place is lost."""
    import threading
    import time

    from appkit._gate import Gate

    gate, order = Gate(slots=1), []
    gate.enter(first=True)  # a page computing its picture

    def wait(first, name):
        gate.enter(first=first)
        order.append(name)
        gate.leave()

    rest = threading.Thread(target=wait, args=(False, "rest"))
    rest.start()
    time.sleep(0.05)
    paint = threading.Thread(target=wait, args=(True, "paint"))
    paint.start()
    time.sleep(0.05)
    assert order == []
    gate.leave()
    rest.join(5)
    paint.join(5)
    assert order == ["paint", "rest"]
    gate.enter(first=False)  # free again
    gate.leave()


def test_small_fits_run_on_one_blas_thread():
    """appkit._gate.one_blas_thread, around a page's small fits: BLAS on one thread while any computation is
    inside, the first in sets it, the last out restores it (two sessions overlapping)."""
    import threading

    from threadpoolctl import threadpool_info

    from appkit import _gate

    def blas():
        return {d["num_threads"] for d in threadpool_info() if d["user_api"] == "blas"}

    before = blas()
    entered, leave = threading.Event(), threading.Event()

    def other_session():
        with _gate.one_blas_thread():
            entered.set()
            leave.wait(5)

    other = threading.Thread(target=other_session)
    other.start()
    assert entered.wait(5) and blas() == {1}
    with _gate.one_blas_thread():
        leave.set()
        other.join(5)
        assert blas() == {1}  # the other session left, this one is still inside
    assert blas() == before
    page = (Path(__file__).resolve().parents[2] / "pages" / "random_features.py").read_text()
    assert page.count("with one_blas_thread():") == 2  # the accuracy curves and the three ways


@pytest.mark.parametrize("K", [1, 3])
def test_learner_thumbnails_are_each_weak_learner_in_hundredths(K):
    """The strip's thumbnails: h_t of the band-limited expansion on an n × n grid, clipped, in hundredths."""
    rng = np.random.RandomState(1)
    W = rng.normal(size=(5, K, 2))
    e = landmark_expansion(W, rng.normal(size=(5, 2)), np.full((5, K), 1.0 / K), np.ones(5))
    xs, ys = np.linspace(-2, 2, 50), np.linspace(-1, 3, 40)
    assert cmp.strip_learners([0, 3, 5], n=2) == [2, 3, 4, 5] and cmp.strip_learners([4], n=6) == [1, 2, 3, 4]
    got = cmp.learner_thumbnails(e, xs, ys, [2, 5], n=8)
    gx, gy = np.linspace(-2, 2, 8), np.linspace(-1, 3, 8)
    drawn = cmp.band_limited(e, gx[1] - gx[0], gy[1] - gy[0])
    G = np.array([[x, y] for y in gy for x in gx])
    for row, t in zip(got, [2, 5]):
        np.testing.assert_array_equal(row, np.rint(100 * np.clip(drawn.weak_learner(t - 1, G), -1, 1)))


# ---------------------------------------------------------------- GBRFF2+ (ω act on z(x), not on the plane)
@pytest.fixture(scope="module")
def plus_model():
    from sklearn.datasets import make_moons

    from gbrff import GBRFF2PlusClassifier

    X, y = make_moons(120, noise=0.2, random_state=0)
    return GBRFF2PlusClassifier(n_estimators=15, gamma=0.5, random_state=0).fit(X, y), X, y


def test_model_space_is_the_estimator_s_own_map(plus_model):
    """H on z(x) = the estimator's decision function at every stage; z has 2d columns (x, then the ranks)."""
    est, X, y = plus_model
    assert not cmp.acts_on_plane(est)
    Z = cmp.model_space(est, X)
    assert Z.shape == (len(X), 4) and est.omegas_.shape == (15, 4)
    for a, b in zip(est.expansion_.staged_decision_function(Z), est.staged_decision_function(X)):
        np.testing.assert_allclose(a, b, rtol=1e-6, atol=1e-6)
    # the ranks' columns: standardised F(x), monotone in x_j
    order = np.argsort(X[:, 0])
    assert np.all(np.diff(Z[order, 2]) >= -1e-12)
    # a model on the plane's own coordinates: z(x) = x
    from gbrff import GBRFF2Classifier

    plain = GBRFF2Classifier(n_estimators=3, standardize=False, random_state=0).fit(X, y)
    assert cmp.acts_on_plane(plain) and np.array_equal(cmp.model_space(plain, X), X)


def test_plus_weak_learners_are_drawn_in_the_plane_without_plane_marks(plus_model):
    est, X, y = plus_model
    xs, ys, G = cmp.make_grid(X, n=20)
    ZG = cmp.model_space(est, G)
    stages = [0, 1, 15]
    w = cmp.boosting_weights(est.expansion_, cmp.model_space(est, X), np.where(y == 1, 1, -1), stages)
    fig = learner_figs.weak_learner_animation(xs, ys, est.expansion_, stages, X, np.where(y == 1, 1, -1), w, grid=ZG)
    frames = {f["name"]: f for f in fig["frames"]}
    h = est.expansion_.weak_learner(14, ZG).reshape(20, 20)
    np.testing.assert_array_equal(frames["15"]["data"][0]["z"], np.rint(100 * np.clip(h, -1, 1)).astype(np.int8))
    for t in ("1", "15"):  # no crest, no landmark: ω has 4 entries, no direction of the plane
        assert frames[t]["data"][3]["x"] == [] and frames[t]["data"][4]["x"] == []
        assert "‖ω‖ =" in frames[t]["layout"]["title"]["text"] and not frames[t]["layout"]["annotations"]
    # the strip's thumbnails through the same map
    thumbs = cmp.learner_thumbnails(est.expansion_, xs, ys, [1, 15], n=8,
                                    space=lambda P: cmp.model_space(est, P))
    gx, gy = np.meshgrid(np.linspace(xs[0], xs[-1], 8), np.linspace(ys[0], ys[-1], 8))
    want = est.expansion_.weak_learner(0, cmp.model_space(est, np.column_stack([gx.ravel(), gy.ravel()])))
    np.testing.assert_array_equal(thumbs[0], np.rint(100 * np.clip(want, -1, 1)).astype(np.int8))


def test_feature_columns_and_json_of_gbrff2_plus(plus_model):
    est = plus_model[0]
    cols = cmp.feature_columns(est)
    assert cols["column"] == ["x₁", "x₂", "F(x₁)", "F(x₂)"]
    np.testing.assert_allclose(cols["bandwidth"], est.gamma_ * est.bandwidth_scales_ ** 2)
    np.testing.assert_allclose(cols["rms_omega"], np.sqrt(np.mean(est.omegas_ ** 2, axis=0)))
    out = files.model_to_dict(est, "GBRFF2+")  # the steps before the expansion: [x, F(x)], then standardised
    knots, standardise = out["preprocessing"]
    assert len(knots["knots"]) == 2 and len(standardise["mean"]) == 4 and standardise["step"] == "standardise"
    v, lv = est.quantile_knots_[0]
    assert knots["knots"][0] == {"values": v.tolist(), "levels": lv.tolist()}
    json.loads(files.model_to_json(est, "GBRFF2+"))


# ---------------------------------------------------------------- UCI page: beyond the paper
def test_defaults_overview_reads_means_ranks_and_times():
    import pandas as pd

    from appkit import defaults_overview

    rows = [("wine", "A", 90.0), ("wine", "B", 80.0), ("sonar", "A", 70.0), ("sonar", "B", 75.0),
            ("heart", "A", 60.0)]  # heart: B missing, not averaged
    summary = pd.DataFrame([{"task": t, "method": m, "n_splits": 20, "mean": v, "std": 1.0} for t, m, v in rows])
    runs = pd.DataFrame({"task": ["wine", "sonar", "heart"] * 2, "method": ["A"] * 3 + ["B"] * 3,
                         "fit_seconds": [1.0, 3.0, 100.0, 0.5, 0.5, 0.5]})
    out = defaults_overview(summary, runs)
    assert list(out.index) == ["A", "B"] and sorted(out.attrs["tasks"]) == ["sonar", "wine"]
    assert out.loc["A", "mean accuracy (%)"] == 80.0 and out.loc["B", "mean accuracy (%)"] == 77.5
    assert out.loc["A", "average rank"] == 1.5 and out.loc["A", "fit (s)"] == 2.0


def test_ablation_table_reads_the_cv_summary():
    import pandas as pd

    from appkit import ablation_table

    cv = pd.DataFrame({"round": [1, 1, 2], "candidate": ["GBRFF2 defaults", "+ lambda 2^-4, gamma 2/d", "x"],
                       "splits": ["0,1", "0,1", "2,3"], "cv_mean": [86.0, 88.0, 80.0],
                       "fit_seconds": [0.1, 0.2, 0.3]})
    out = ablation_table(cv)
    assert list(out["candidate"]) == ["GBRFF2 defaults", "+ λ = 2⁻⁴, γ = 2/d", "x"]
    assert list(out["best in round"]) == [False, True, True] and list(out["splits"]) == ["0, 1", "0, 1", "2, 3"]
    with pytest.raises(ValueError, match="cv_mean"):
        ablation_table(cv.drop(columns="cv_mean"))


def test_committed_beyond_the_paper_tables_load():
    """The app reads results/defaults and results/gbrff2plus through load_results (no number copied)."""
    from pathlib import Path

    from appkit import ablation_table, defaults_overview
    from gbrff.experiments import load_results

    tables = load_results(Path(__file__).resolve().parents[2] / "results")
    over = defaults_overview(tables["defaults"], tables.get("defaults_runs"))
    assert {"GBRFF2+", "GBRFF2", "LGBM"} <= set(over.index)
    assert len(ablation_table(tables["gbrff2plus_cv"])) == len(tables["gbrff2plus_cv"])
