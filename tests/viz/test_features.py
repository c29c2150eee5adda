"""gbrff.viz.features: the figures of the page "Random features, three ways" (arrays in, figures out)."""

import numpy as np
import pytest

from gbrff.viz import features


def test_method_style_from_the_registry_or_the_name():
    from gbrff.methods import get_method

    assert features.method_style("GBRFF2") == (get_method("GBRFF2").label, get_method("GBRFF2").color)
    assert features.method_style("LogReg+RFF")[1] == get_method("LogReg+RFF").color
    assert features.method_style("not a method") == ("not a method", None)


def test_accuracy_figure_mean_and_std_over_repeats():
    budgets = (1, 10, 100)
    scores = {"LogReg+RFF": np.array([[0.5, 0.7], [0.8, 0.8], [0.9, 1.0]]), "GBRFF2": np.array([0.6, 0.9, 1.0])}
    fig = features.features_accuracy_figure(budgets, scores, title="t")
    random, learned = fig.data
    np.testing.assert_allclose(random.y, [60, 80, 95])
    np.testing.assert_allclose(random.error_y.array, [10, 0, 5])
    assert learned.error_y.visible is False and list(learned.x) == [1, 10, 100]
    assert fig.layout.xaxis.type == "log"


@pytest.mark.parametrize("d", [1, 2, 5])
def test_frequencies_figure_keeps_every_point_and_the_prior_density(d):
    rng = np.random.default_rng(0)
    gamma = 0.5
    W = {"LogReg+RFF": rng.normal(scale=np.sqrt(2 * gamma), size=(30, d)),
         "GBRFF2": np.vstack([rng.normal(size=(19, d)), np.full((1, d), 1e3)])}  # one far outlier
    fig = features.frequencies_figure(W, gamma)
    pts = [t for t in fig.data if t.type == "scatter" and t.legendgroup in W]
    assert sum(len(t.x) for t in pts) == 50
    lim = fig.layout.xaxis.range[1]
    assert all(np.abs(np.asarray(t.x)).max() <= lim for t in pts)  # the outlier is drawn on the edge
    assert any(t.marker.symbol.endswith("-open") for t in pts)
    rugs = [t for t in fig.data if str(t.legendgroup).endswith(":length")]  # one tick per ‖ω‖, one row each
    assert len(rugs) == 2 and sum(len(t.x) for t in rugs) == 50 and all(t.xaxis == "x3" for t in rugs)
    assert max(np.max(t.x) for t in rugs) <= fig.layout.xaxis3.range[1]  # the outlier at the right edge
    density = [t for t in fig.data if t.name == "prior density of ‖ω‖"][0]
    r, p = np.asarray(density.x), np.asarray(density.y)
    area = float(np.sum((p[1:] + p[:-1]) / 2 * np.diff(r)))
    assert abs(area - 1) < 0.05  # the view holds nearly all of the prior


def test_frequencies_figure_with_an_empty_set():
    fig = features.frequencies_figure({"GBRFF2": np.zeros((0, 2))}, 1.0)
    (rug,) = [t for t in fig.data if t.legendgroup == "GBRFF2:length"]
    assert len(rug.x) == 0


def test_frequencies_figure_sizes_markers_by_weight():
    W = {"GBRFF2": np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])}
    fig = features.frequencies_figure(W, 1.0, weights={"GBRFF2": np.array([0.0, 0.25, -1.0])})
    (pts,) = [t for t in fig.data if t.legendgroup == "GBRFF2" and t.type == "scatter"]
    size = np.asarray(pts.marker.size)
    assert size[0] < size[1] < size[2]  # by |weight|
    with pytest.raises(ValueError, match="2 weights for 3 frequencies"):
        features.frequencies_figure(W, 1.0, weights={"GBRFF2": np.ones(2)})


def test_frequencies_figure_one_plane_per_method_with_starts_and_a_learned_prior():
    rng = np.random.default_rng(1)
    drawn = rng.normal(scale=np.sqrt(2.0), size=(25, 2))
    sigma = np.array([3.0, 0.5])
    W = {"LogReg+RFF": rng.normal(size=(25, 2)), "RFF-SKL": drawn * sigma / np.sqrt(2.0),
         "GBRFF2": rng.normal(size=(25, 2))}
    fig = features.frequencies_figure(W, 1.0, starts={"RFF-SKL": drawn}, scales={"RFF-SKL": sigma},
                                      captions={"RFF-SKL": "draws × σ"})
    pts = [t for t in fig.data if t.type == "scatter" and t.legendgroup in W]
    assert {t.xaxis for t in pts} == {"x", "x2", "x3"}  # one plane each, the lengths below on x4
    assert all(t.xaxis == "x4" for t in fig.data if str(t.legendgroup).endswith(":length"))
    assert "draws × σ" in [a.text for a in fig.layout.annotations]
    skl = np.vstack([np.asarray(t.customdata) for t in pts if t.legendgroup == "RFF-SKL"])
    assert len(skl) == 25  # each ω's draw travels with it
    np.testing.assert_allclose(skl[:, :2], skl[:, 3:] * sigma / np.sqrt(2.0))
    starts = [t for t in fig.data if t.legendgroup == "RFF-SKL:start"]
    assert {t.mode for t in starts} == {"lines", "markers"}
    segments = next(t for t in starts if t.mode == "lines")
    assert len(segments.x) == 3 * 25  # draw, ω, gap
    ellipses = [t for t in fig.data if t.legendgroup == "RFF-SKL:prior" and t.xaxis == "x2"]
    assert len(ellipses) == 3
    assert np.isclose(np.max(ellipses[0].x), 3.0, rtol=1e-3) and np.isclose(np.max(ellipses[0].y), 0.5, rtol=1e-3)
    assert any(t.legendgroup == "RFF-SKL:prior" and t.xaxis == "x4" for t in fig.data)  # its density of ‖ω‖
    with pytest.raises(ValueError, match="3 starts for 25 frequencies"):
        features.frequencies_figure(W, 1.0, starts={"RFF-SKL": drawn[:3]})


@pytest.mark.parametrize("scales", [[1.5, 1.5], [3.0, 0.5], [0.0, 2.0], [0.7]])
def test_prior_norm_density_against_samples(scales):
    rng = np.random.default_rng(0)
    norms = np.linalg.norm(rng.normal(size=(1_000_000, len(scales))) * np.asarray(scales), axis=1)
    edges = np.linspace(0, np.quantile(norms, 0.995), 41)
    hist = np.histogram(norms, bins=edges)[0] / len(norms) / np.diff(edges)
    fine = np.linspace(edges[0], edges[-1], 40 * 50 + 1)  # the density's mean over each bin
    p = features.prior_norm_density((fine[1:] + fine[:-1]) / 2, scales).reshape(40, 50).mean(axis=1)
    np.testing.assert_allclose(p, hist, atol=0.02 * hist.max())
    r = np.linspace(0, 20 * max(scales), 20_001)
    assert abs(np.trapezoid(features.prior_norm_density(r, scales), r) - 1) < 1e-3


def test_prior_norm_density_without_a_closed_form():
    assert features.prior_norm_density([1.0], [0.0, 0.0]) is None
    assert features.prior_norm_density([1.0], [1.0, 2.0, 3.0]) is None
