"""The classes' colours and shapes, for every eye in the room: the two classes stay apart for the three
dichromacies (Machado, Oliveira and Fernandes's simulation), their points stand out from the page and from a
region of their own colour, and they differ in shape, so that a greyscale print or a washed-out projector
still tells them apart."""

import numpy as np
import pytest

from gbrff.viz.style import CLASS_SYMBOLS, NEG_COLOR, POS_COLOR, VOTE_COLORSCALE
from gbrff.viz.surfaces import surface_figure

# Machado, Oliveira and Fernandes, "A physiologically-based model for simulation of color vision deficiency",
# IEEE TVCG 15(6), 2009: the matrices of full severity (1.0), applied to linear RGB
DICHROMACY = {
    "protanopia": [[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                   [-0.003882, -0.048116, 1.051998]],
    "deuteranopia": [[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                     [-0.011820, 0.042940, 0.968881]],
    "tritanopia": [[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                   [0.004733, 0.691367, 0.303900]],
}
# CIELAB ΔE*ab between two colours: about 2.3 is just noticeable, so 30 is more than ten times that: two
# clearly different colours (the class colours are 61 to 106 apart as dichromats see them, the vote scale's
# darkest ends 35 and more)
APART = 30


def _rgb(color):
    color = color.strip()
    if color.startswith("#"):
        return np.array([int(color[i:i + 2], 16) for i in (1, 3, 5)]) / 255
    return np.array([float(v) for v in color[color.index("(") + 1:-1].split(",")[:3]]) / 255


def _linear(rgb):
    return np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)


def _lab(linear):
    xyz = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]) @ linear
    f = xyz / np.array([0.95047, 1.0, 1.08883])
    f = np.where(f > (6 / 29) ** 3, np.cbrt(f), f / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def _seen(color, matrix=None):
    """The CIELAB coordinates of ``color`` as an eye with the dichromacy ``matrix`` sees it."""
    lin = _linear(_rgb(color))
    return _lab(np.clip(lin if matrix is None else np.asarray(matrix) @ lin, 0, 1))


def contrast(a, b):
    """WCAG 2's contrast ratio of two colours (1 to 21)."""
    la, lb = (float(np.array([0.2126, 0.7152, 0.0722]) @ _linear(_rgb(c))) for c in (a, b))
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def test_contrast_matches_wcag_examples():
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)   # the lightest grey of AA on white


def test_simulation_keeps_grey_and_confuses_red_with_green():
    """The simulation itself: greys are unchanged, and a protanope's red and green come close."""
    for matrix in DICHROMACY.values():
        assert np.allclose(_seen("#808080", matrix), _seen("#808080"), atol=1.0)
    red, green = "#d62728", "#2ca02c"
    full = np.linalg.norm(_seen(red) - _seen(green))
    for kind in ("protanopia", "deuteranopia"):
        assert np.linalg.norm(_seen(red, DICHROMACY[kind]) - _seen(green, DICHROMACY[kind])) < full / 2


@pytest.mark.parametrize("kind", sorted(DICHROMACY))
def test_the_two_classes_stay_apart_for_a_colour_blind_eye(kind):
    matrix = DICHROMACY[kind]
    assert np.linalg.norm(_seen(NEG_COLOR, matrix) - _seen(POS_COLOR, matrix)) > APART
    # the vote's colour scale: its two ends (votes for −1, votes for +1) too
    low, high = VOTE_COLORSCALE[0][1], VOTE_COLORSCALE[-1][1]
    assert np.linalg.norm(_seen(low, matrix) - _seen(high, matrix)) > APART


def test_shapes_tell_the_classes_apart_where_colour_cannot():
    """In grey (a print, a washed-out projector) the two colours are nearly one: the shapes differ."""
    assert abs(_seen(NEG_COLOR)[0] - _seen(POS_COLOR)[0]) < 10   # lightness L*: why shape is needed
    assert CLASS_SYMBOLS[-1] != CLASS_SYMBOLS[1]


@pytest.mark.parametrize("color", [NEG_COLOR, POS_COLOR])
def test_points_stand_out(color):
    """WCAG's 3:1 for graphics: a point against the white page, and its white outline against a region
    of its own colour (a correctly classified point on the vote's heatmap)."""
    assert contrast(color, "#ffffff") >= 3


def test_figures_draw_each_class_with_its_shape_and_each_split_with_its_outline():
    X = np.array([[0.0, 0.0], [1.0, 1.0], [0.5, 0.2], [0.2, 0.9]])
    y = np.array([-1, 1, -1, 1])
    xs = ys = np.linspace(-1, 2, 5)
    fig = surface_figure(xs, ys, np.zeros(25), X[:2], y[:2], X[2:], y[2:])
    points = [t for t in fig.data if t.type == "scatter" and t.mode == "markers"]
    assert len(points) == 4
    for t in points:
        split, label = t.name.split()
        assert t.marker.symbol == CLASS_SYMBOLS[1 if label == "+1" else -1]
        assert t.marker.color == (POS_COLOR if label == "+1" else NEG_COLOR)
        assert t.marker.line.color == ("white" if split == "train" else "black")


def test_the_budget_figure_tells_its_lines_apart_by_shape():
    """K and λ's lines of K = 1, 5, 10, 20: each its own marker, not colour alone."""
    from gbrff.viz.curves import budget_figure

    fig = budget_figure([20, 50], {1: [0.8, 0.9], 5: [0.7, 0.8], 10: [0.6, 0.7], 20: [0.5, 0.6]})
    assert len({t.marker.symbol for t in fig.data}) == 4
