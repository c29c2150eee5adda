"""gbrff.viz.kernel_average: the kernel lesson's figures (arrays in, figures out)."""

import numpy as np

from gbrff.viz import kernel_average as figs
from gbrff.viz.style import VOTE_COLORSCALE


def test_kernel_panels_share_one_scale_and_mark_x0():
    xs = ys = np.linspace(-3, 3, 5)
    panels = [np.full((5, 5), v, dtype=np.float32) for v in (0.2, -0.4, 0.9)]
    fig = figs.kernel_panels_figure(xs, ys, panels, ["a", "b<br>c", "d"], (0.5, -1.0))
    heat = [t for t in fig.data if t.type == "heatmap"]
    assert len(heat) == 3
    assert all((t.zmin, t.zmax) == (-1.0, 1.0) for t in heat)  # one scale: a difference reads as the kernel
    assert [t.showscale for t in heat] == [True, False, False]
    assert [list(c) for c in heat[0].colorscale] == [[p, c] for p, c in VOTE_COLORSCALE]
    crosses = [t for t in fig.data if t.name == "x′"]
    assert [(t.x[0], t.y[0], t.xaxis) for t in crosses] == [(0.5, -1.0, "x"), (0.5, -1.0, "x2"), (0.5, -1.0, "x3")]
    for i, ax in enumerate(("", "2", "3")):  # one unit of x₁ as long as one of x₂ in every panel
        assert fig.layout[f"yaxis{ax}"].scaleanchor == f"x{ax}"
    assert [a.text for a in fig.layout.annotations] == ["a", "b<br>c", "d"]
    assert fig.layout.showlegend is False


def test_kernel_panels_with_points_tell_the_classes_by_shape():
    xs = ys = np.linspace(-3, 3, 5)
    X, y = np.array([[0.0, 0.0], [1.0, 1.0], [2.0, -1.0]]), np.array([1, -1, 1])
    fig = figs.kernel_panels_figure(xs, ys, [np.zeros((5, 5))] * 2, ["a", "b"], (0, 0), X=X, y=y)
    pts = [t for t in fig.data if t.type == "scatter" and t.name != "x′"]
    assert len(pts) == 4  # two classes in each of two panels
    assert {t.marker.symbol for t in pts if len(t.x) == 2} == {"circle"}
    assert {t.marker.symbol for t in pts if len(t.x) == 1} == {"circle-open"}
    assert sum(bool(t.showlegend) for t in pts) == 2 and fig.layout.showlegend


def test_error_figure_log_log_with_the_law_and_the_ring():
    sizes = [1, 10, 100, 1000]
    rms, largest = [0.7, 0.22, 0.07, 0.02], [1.2, 0.6, 0.2, 0.06]
    fig = figs.kernel_error_figure(sizes, rms, largest, 0.7, D=100, title="t")
    by = {t.name: t for t in fig.data}
    assert (fig.layout.xaxis.type, fig.layout.yaxis.type) == ("log", "log")
    law = by["expected RMS error 0.7 / √D"]
    np.testing.assert_allclose(law.y, 0.7 / np.sqrt(law.x))
    assert list(by["D = 100"].x) == [100, 100] and list(by["D = 100"].y) == [0.07, 0.2]
    # every y tick labelled with its value (no lone minor digits), inside the range
    ticks, text = fig.layout.yaxis.tickvals, fig.layout.yaxis.ticktext
    assert [float(s) for s in text] == list(ticks) and 0.02 in ticks and 1 in ticks
    lo, hi = fig.layout.yaxis.range
    assert all(lo <= np.log10(t) <= hi for t in ticks)
    assert list(fig.layout.xaxis.tickvals) == sizes
    assert "D = 5" not in {t.name for t in figs.kernel_error_figure(sizes, rms, largest, 0.7, D=5).data}
