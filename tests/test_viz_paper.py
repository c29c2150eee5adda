"""gbrff.viz.paper: the paper's figures as a projector shows them (tables in, figures out)."""

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
