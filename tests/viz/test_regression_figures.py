"""The regression playground's figures (gbrff.viz.surfaces' value surfaces and residual learner, curves' RMSE and
R², style's value scale): what they say on themselves, and where (arrays in, figures out)."""

import numpy as np
import pytest
from plotly.colors import get_colorscale

from gbrff import GBRFF2Regressor
from gbrff.datasets import make_toy
from gbrff.teaching.expansions import make_grid, staged_scores
from gbrff.viz import curves as curve_figs
from gbrff.viz import surfaces as surface_figs
from gbrff.viz.style import VALUE_COLORSCALE, VOTE_COLORSCALE


@pytest.fixture(scope="module")
def scene():
    X, y = make_toy("gaussians", n_samples=80, random_state=0)
    reg = GBRFF2Regressor(n_estimators=6, n_iter_no_change=None, standardize=False, random_state=0).fit(X, y)
    xs, ys, G = make_grid(X, n=30)
    return X, y, reg, xs, ys, G


def test_the_value_scale_is_viridis():
    """Perceptually uniform and colour-blind-safe (not the vote's diverging red-blue)."""
    assert VALUE_COLORSCALE == [[float(p), c] for p, c in get_colorscale("Viridis")]
    assert VALUE_COLORSCALE != VOTE_COLORSCALE


def test_a_value_surface_and_its_points_share_one_scale(scene):
    X, y, reg, xs, ys, G = scene
    zrange = (-1.2, 1.1)
    sizes = (np.full(60, 5.0), np.full(20, 7.0))
    fig = surface_figs.value_surface_figure(xs, ys, reg.predict(G), X[:60], y[:60], X[60:], y[60:], zrange=zrange,
                                            sizes=sizes, title="t")
    heat, train, test = fig.data
    assert heat.type == "heatmap" and heat.showscale and (heat.zmin, heat.zmax) == zrange
    assert np.allclose(np.asarray(heat.z).ravel(), reg.predict(G).astype(np.float32))
    assert heat.colorbar.title.text.startswith("ŷ")
    for trace, part, size, symbol in ((train, slice(0, 60), 5.0, "circle"), (test, slice(60, 80), 7.0, "diamond")):
        m = trace.marker
        assert (m.cmin, m.cmax) == zrange and m.symbol == symbol and not m.showscale
        assert [list(s) for s in m.colorscale] == [list(s) for s in heat.colorscale]
        assert np.allclose(m.color, y[part].astype(np.float32)) and np.allclose(m.size, size)
    assert heat.opacity is None or heat.opacity == 1  # not washed out: a point and the surface under it compare


def test_value_surface_frames_from_the_server_or_the_player(scene):
    X, y, reg, xs, ys, G = scene
    stages = [0, 3, 6]
    H = staged_scores(reg.expansion_, G, stages)
    sizes = np.arange(3 * 60, dtype=float).reshape(3, 60)
    kw = dict(titles=[f"t = {t}" for t in stages], zrange=(-1, 1), sizes=sizes, test_sizes=sizes[:, :20],
              readouts=["a", "b", "c"])
    fig = surface_figs.value_surface_animation(xs, ys, stages, H, X[:60], y[:60], X[60:], y[60:], **kw)
    for k, fr in enumerate(fig["frames"]):
        assert fr["traces"] == [0, 1, 2] and fr["readout"] == "abc"[k]
        assert np.array_equal(fr["data"][0]["z"], H[k].reshape(30, 30))
        assert np.array_equal(fr["data"][1]["marker"]["size"], sizes[k])
    browser = surface_figs.value_surface_animation(xs, ys, stages, H, X[:60], y[:60], X[60:], y[60:],
                                                   browser_vote=True, **kw)
    assert all("z" not in fr["data"][0] and "marker" not in fr["data"][1] for fr in browser["frames"])
    assert np.array_equal(browser["data"][0]["z"], H[0].reshape(30, 30))  # the first picture, drawn at once
    no_test = surface_figs.value_surface_animation(xs, ys, stages, H, X[:60], y[:60], None, None, **kw)
    assert len(no_test["data"]) == 2 and no_test["frames"][0]["traces"] == [0, 1]


def test_the_residual_learner_colours_the_points_by_what_they_leave(scene):
    """One set of points, coloured by ỹ / max |ỹ| on the learner's own red-blue scale, sized by |ỹ|."""
    X, y, reg, xs, ys, G = scene
    staged = [np.full(len(y), reg.init_score_)] + list(reg.staged_predict(X))
    stages = [1, 4]
    r = np.array([y - staged[t - 1] for t in stages])
    fig = surface_figs.residual_learner_animation(xs, ys, reg.expansion_, stages, X, r)
    empty, points = fig["data"][1], fig["data"][2]
    assert len(empty["x"]) == 0 and empty["showlegend"] is False
    assert len(points["x"]) == len(y) and "ỹ" in points["name"]
    assert points["marker"]["colorscale"] == VOTE_COLORSCALE and (points["marker"]["cmin"], points["marker"]["cmax"]) \
        == (-1, 1)
    for k, fr in enumerate(fig["frames"]):
        marker = fr["data"][fr["traces"].index(2)]["marker"]
        assert np.allclose(marker["color"], r[k] / np.abs(r[k]).max(), atol=1e-6)
        assert np.allclose(marker["size"], 4 + 18 * np.sqrt(np.abs(r[k]) / np.abs(r[k]).max()), atol=1e-4)
    browser = surface_figs.residual_learner_animation(xs, ys, reg.expansion_, stages, X, r, browser_learner=True)
    assert "marker" not in browser["frames"][1]["data"][2]  # the player's own


def test_two_surfaces_side_by_side_share_one_colour_bar(scene):
    X, y, reg, xs, ys, G = scene
    fig = surface_figs.value_surfaces_figure(xs, ys, [reg.predict(G), np.zeros(len(G))], X[:60], y[:60], X[60:],
                                             y[60:], titles=["GBRFF2", "LightGBM"], zrange=(-1, 1))
    heats = [t for t in fig.data if t.type == "heatmap"]
    assert [h.showscale for h in heats] == [True, False] and all((h.zmin, h.zmax) == (-1, 1) for h in heats)
    assert [a.text for a in fig.layout.annotations] == ["GBRFF2", "LightGBM"]
    assert sum(bool(t.showlegend) for t in fig.data) == 2  # train and test, once
    assert fig.layout.yaxis2.scaleanchor == "x2"  # each panel in the plane's own units


def test_rmse_and_r2_curves():
    train = {"rmse": np.array([0.5, 0.2, 0.08]), "r2": np.array([0.0, 0.84, 0.97])}
    test = {"rmse": np.array([0.52, 0.21, 0.15]), "r2": np.array([-0.01, 0.83, 0.9])}
    fig = curve_figs.regression_curves_figure(train, test, current=1, stop=2, floor=0.1,
                                              extra={"LightGBM test": {"rmse": 0.2, "r2": 0.85}})
    by = {}
    for t in fig.data:
        by.setdefault(t.name, []).append(t)
    assert np.array_equal(by["test RMSE"][0].y, test["rmse"]) and np.array_equal(by["test R²"][0].y, test["r2"])
    assert [t.y[0] for t in by["LightGBM test"]] == [0.2, 0.85]
    assert list(by["noise σ = 0.1"][0].y) == [0.1, 0.1]
    assert [t.y[0] for t in by["stop at t = 2"]] == [0.15, 0.9]
    assert fig.layout.yaxis.type == "log" and list(fig.layout.yaxis.ticktext) == ["0.1", "0.2", "0.5"]
    assert [s.x0 for s in fig.layout.shapes] == [1, 1]
    anim = curve_figs.regression_curves_animation(train, test, [0, 1, 2], floor=0.0)
    assert [fr["layout"]["shapes"][0]["x0"] for fr in anim["frames"]] == [0, 1, 2]
    assert not any(t.get("name", "").startswith("noise") for t in anim["data"])  # σ = 0: no line on a log axis


def test_a_learning_curve_of_r2():
    fig = curve_figs.learning_curve_figure([10, 100], {"GBRFF2": [0.5, 0.9], "LGBM": [0.2, 0.8]}, ylabel="test R²",
                                           scale=1)
    assert list(fig.data[0].y) == [0.5, 0.9] and fig.layout.yaxis.title.text == "test R²"
