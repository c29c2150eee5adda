"""gbrff.viz.features: the figures of the page "Random features, three ways" (arrays in, figures out)."""

import numpy as np
import pytest

from gbrff.viz import features


def test_method_style_from_the_registry_or_the_name():
    from gbrff.baselines import get_method

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
    hists = [t for t in fig.data if t.type == "histogram"]
    assert len(hists) == 2 and sum(len(h.x) for h in hists) == 50
    density = [t for t in fig.data if t.name == "prior density of ‖ω‖"][0]
    r, p = np.asarray(density.x), np.asarray(density.y)
    area = float(np.sum((p[1:] + p[:-1]) / 2 * np.diff(r)))
    assert abs(area - 1) < 0.05  # the view holds nearly all of the prior


def test_frequencies_figure_with_an_empty_set():
    fig = features.frequencies_figure({"GBRFF2": np.zeros((0, 2))}, 1.0)
    assert [t for t in fig.data if t.type == "histogram"] == []


def test_frequencies_figure_sizes_markers_by_weight():
    W = {"GBRFF2": np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])}
    fig = features.frequencies_figure(W, 1.0, weights={"GBRFF2": np.array([0.0, 0.25, -1.0])})
    (pts,) = [t for t in fig.data if t.legendgroup == "GBRFF2" and t.type == "scatter"]
    size = np.asarray(pts.marker.size)
    assert size[0] < size[1] < size[2]  # by |weight|
    with pytest.raises(ValueError, match="2 weights for 3 frequencies"):
        features.frequencies_figure(W, 1.0, weights={"GBRFF2": np.ones(2)})
