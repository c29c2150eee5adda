"""gbrff.viz.paper: the paper's figures as a projector shows them (tables in, figures out)."""

import numpy as np
import pandas as pd
import pytest

from gbrff.viz import paper


def _curve():
    rows = [(m, k, 80 + k / 10, 12, 20) for m in ("PBRFF", "GBRFF1", "GBRFF2") for k in (1, 5, 10, 50)]
    return pd.DataFrame(rows, columns=["method", "n_landmarks", "mean", "n_tasks", "n_splits"])


def _times():
    rows = [(m, n, n / 1e4, 0) for m in ("BMKR", "GBRFF1", "GBRFF2", "GFC", "LGBM", "PBRFF")
            for n in (150, 1500, 15000)]
    return pd.DataFrame(rows, columns=["method", "n_samples", "seconds", "seed"])


@pytest.mark.parametrize("make", [lambda: paper.landmarks_figure(_curve()),
                                  lambda: paper.scaling_figure(_times(), time_limit=100),
                                  lambda: paper.kbudget_figure(_curve().rename(
                                      columns={"method": "K", "n_landmarks": "budget"}))])
def test_curve_figures_have_short_titles_and_legends_under_the_axis_title(make):
    """Figs. 2-4 at the width of a 1024-px projector's column (560 px): a title line of at most 40
    characters (the details in its second, small line), the legend at the figure's bottom in a margin
    that holds the x axis's title and the legend's rows (Plotly's own margin let it cover the title)."""
    fig = make()
    first, *rest = fig.layout.title.text.split("<br>")
    assert len(first) <= 40, first
    assert rest and rest[0].startswith("<sup>")
    legend = fig.layout.legend
    assert (legend.orientation, legend.yref, legend.yanchor) == ("h", "container", "bottom") and legend.y < 0.05
    names = [t.name for t in fig.data]
    entry = 40 + 6.5 * max(len(n) for n in names)
    rows = -(-len(names) // max(1, int(520 // entry)))
    assert fig.layout.margin.b >= 70 + 24 * rows


def test_scaling_figure_names_its_data_and_seeds_in_a_short_title():
    fig = paper.scaling_figure(_times(), time_limit=100)
    assert fig.layout.title.text.startswith("Fig. 4: train + predict time<br>")
    assert "make_classification" in fig.layout.title.text and "1 data seed" in fig.layout.title.text
    assert fig.layout.margin.b >= 70 + 24 * 3  # 7 entries of up to 16 characters: 3 rows at 560 px


def test_differences_never_read_minus_zero():
    assert [paper.signed(v) for v in (-0.04, 0.04, -0.06, 1.25, 0.0)] == ["0.0", "0.0", "-0.1", "+1.2", "0.0"]
    assert paper.signed(-0.004, 2) == "0.00" and paper.signed(0.005 + 1e-9, 2) == "+0.01"


def test_table2_figure_has_a_short_title_and_its_legend_under_the_axis():
    from gbrff.experiments import load_paper_table2

    p = load_paper_table2()
    fig = paper.table2_figure(p.assign(n_splits=20), p)
    first, rest = fig.layout.title.text.split("<br>", 1)
    assert len(first) <= 40 and "20 splits" in rest
    assert fig.layout.legend.yref == "container" and fig.layout.margin.b >= 70 + 24 * 2


# ---------------------------------------------------------------- the smallest run's figures
# (one task, one method, one split; tests/integration/test_report_figures_browser.py looks at them in Chromium)

def _one(method="GBRFF2"):
    return pd.DataFrame({"task": ["wine"], "method": [method], "n_splits": [1], "mean": [98.3], "std": [0.0]})


def test_one_task_heatmap_keeps_a_row_and_a_symmetric_colour_bar():
    from gbrff.experiments import load_paper_table2

    p = load_paper_table2()
    heat = paper.table2_diff_figure(_one(), p, tasks=["wine"])
    assert heat.layout.height >= 300  # was 160: the row collapsed to a line
    h = heat.data[0]
    assert h.zmin == -h.zmax and h.zmax >= 1  # a difference of 0.0 keeps a colour bar of ±1 point
    assert h.colorbar.nticks <= 3 and h.colorbar.title.side == "right"  # no labels on top of each other
    assert "n = splits per cell (1)" in heat.layout.title.text
    # all 16 tasks: 40 px a row, as before
    full = paper.table2_diff_figure(p.assign(n_splits=20), p)
    assert full.layout.height == 120 + 40 * 16 and full.data[0].colorbar.nticks == 10
    # no method with a published value (GBRFF2+ alone): the figure says so instead of an empty grid
    for fig in (paper.table2_diff_figure(_one("GBRFF2+"), p), paper.table2_figure(_one("GBRFF2+"), p)):
        assert "no task and method here has a value" in fig.layout.annotations[0].text.lower()
        assert fig.layout.xaxis.visible is False


def test_count_axes_tick_at_the_values_run():
    """One number of landmarks, one budget, one size: a tick at it and a range around it, not Plotly's
    0, 0.5, 1, 1.5, 2 landmarks or a decade of minor labels (5 6 7 8 9); the legend names the one line."""
    curve = pd.DataFrame({"method": ["GBRFF2"], "n_landmarks": [1], "mean": [96.3], "n_tasks": [1],
                          "n_splits": [1]})
    fig = paper.landmarks_figure(curve)
    assert list(fig.layout.xaxis.tickvals) == [1] and list(fig.layout.xaxis.range) == [0, 2]
    assert fig.layout.showlegend is True
    assert "1 task × 1 train/test split<" in fig.layout.title.text  # singulars
    fig = paper.kbudget_figure(pd.DataFrame({"K": [1], "budget": [5], "mean": [88.9], "n_tasks": [1],
                                             "n_splits": [1]}))
    assert fig.layout.xaxis.type == "log" and list(fig.layout.xaxis.tickvals) == [5]
    assert fig.layout.xaxis.range == pytest.approx((np.log10(5) - 0.5, np.log10(5) + 0.5))
    assert [t.name for t in fig.data] == ["K = 1"] and fig.layout.showlegend is True
    toy = paper.toy_figure(pd.DataFrame({"problem": ["circles"], "method": ["GBRFF2"], "n_train": [50],
                                         "mean": [68.0], "std": [0.0], "n_splits": [1]}))
    assert list(toy.layout.xaxis.tickvals) == [50] and "1 seed per point" in toy.layout.title.text
    # many values on a log axis: the values run, none closer than a quarter decade to the previous
    budgets = [20, 50, 100, 200, 500, 1000, 1100]
    wide = paper.kbudget_figure(pd.DataFrame({"K": 1, "budget": budgets, "mean": 80.0, "n_tasks": 12,
                                              "n_splits": 20}))
    assert list(wide.layout.xaxis.tickvals) == [20, 50, 100, 200, 500, 1000]
    # a linear axis of many values keeps Plotly's own ticks
    many = paper.landmarks_figure(pd.DataFrame({"method": "GBRFF2", "n_landmarks": range(1, 11), "mean": 90.0,
                                                "n_tasks": 16, "n_splits": 20}))
    assert many.layout.xaxis.tickvals is None and many.layout.xaxis.range is None
    assert list(paper.landmarks_figure(_curve()).layout.xaxis.tickvals) == [1, 5, 10, 50]


def test_scaling_figure_of_one_size_draws_its_limit_and_labels_its_size():
    times = pd.DataFrame({"method": ["GBRFF2"], "n_samples": [150], "seconds": [0.003], "seed": [0]})
    fig = paper.scaling_figure(times, time_limit=1000)
    limit = next(t for t in fig.data if t.name == "time limit 1000 s")
    assert limit.x[0] < 150 < limit.x[1]  # a line, not a point of no length
    assert list(fig.layout.xaxis.tickvals) == [150]
    # sizes within a decade and times within one: ticks at the sizes, the seconds' decades around them
    times = pd.DataFrame({"method": "GBRFF2", "n_samples": [150, 225, 337], "seconds": [2.0, 3.0, 4.0],
                          "seed": 0})
    fig = paper.scaling_figure(times, time_limit=5)
    assert list(fig.layout.xaxis.tickvals) == [150, 225, 337] and list(fig.layout.yaxis.range) == [0, 1]


def test_thesis_figure_keeps_one_colour_a_map_in_every_panel():
    from gbrff.viz.thesis import thesis_figure

    rows = [(t, m, 20, 90.0, 1.0, 0.1) for t in ("optdigits", "vowel")
            for m in ("LogReg", "LogReg+RFF", "LogReg+Nystroem", "GBRFF2")]
    fig = thesis_figure(pd.DataFrame(rows, columns=["task", "method", "n_splits", "mean", "std", "fit_seconds"]))
    colours = {}
    for t in fig.data:
        colours.setdefault(t.name, set()).add(t.marker.color)
    assert all(len(c) == 1 for c in colours.values()) and len(set().union(*colours.values())) == 3
    one = thesis_figure(pd.DataFrame([rows[0]], columns=["task", "method", "n_splits", "mean", "std",
                                                         "fit_seconds"]).assign(n_splits=1))
    assert [a.text for a in one.layout.annotations] == ["optdigits (1 split)"]


def test_fkl_figure_of_one_point_has_whole_decades_and_an_accuracy_within_0_and_1():
    from gbrff.viz.fkl import scaling_figure

    one = pd.DataFrame({"task": ["synthetic"], "method": ["RFF-SKL"], "n": [200], "n_components": [10],
                        "max_iter": [5], "seed": [0], "status": ["ok"], "accuracy": [0.64], "fit_seconds": [0.24]})
    refused = one.assign(n=10**6, status="memory", accuracy=None, fit_seconds=None)
    fig = scaling_figure(pd.concat([one, refused]))
    assert fig.layout.yaxis2.dtick == 1 and list(fig.layout.yaxis2.range) == [-1, 0]
    lo, hi = fig.layout.yaxis.range
    assert 0 <= lo < 0.64 < hi <= 1
    assert list(fig.layout.xaxis.tickvals) == [200, 10**6]
    cross = next(t for t in fig.data if t.name.endswith("no memory"))
    assert 0.1 < cross.y[0] < 0.2  # drawn (it had no y before), just above the panel's foot
    assert fig.layout.title.text.startswith("Fourier kernel learning") and "synthetic" in fig.layout.title.text
