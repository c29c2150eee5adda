"""gbrff.viz.rotation: test accuracy against the angle, GBRFF beside LightGBM."""

import numpy as np

from gbrff.viz.rotation import angle_curve_figure


def test_lines_bands_and_the_current_angle():
    angles = [0.0, 45.0, 90.0]
    scores = {"GBRFF2": np.array([[0.9, 0.92], [0.91, 0.91], [0.9, 0.9]]),
              "LGBM": np.array([[0.97, 0.95], [0.9, 0.88], [0.96, 0.98]])}
    figure = angle_curve_figure(angles, scores, current=45)
    fig = figure.to_plotly_json()
    lines = [t for t in figure.data if t.showlegend is not False]
    bands = [t for t in figure.data if t.fill == "toself"]
    assert [t.name for t in lines] == ["GBRFF2", "LightGBM"]
    np.testing.assert_allclose(lines[1].y, [96, 89, 97])  # percent, the mean of the draws
    assert len(bands) == 2 and all("error_y" not in t.to_plotly_json() for t in figure.data)  # the canvas renderer draws bands
    band = np.asarray(bands[1].y, dtype=float)
    np.testing.assert_allclose(band[:3], [97, 90, 98])  # mean + std, then back along mean − std
    np.testing.assert_allclose(band[3:], [96, 88, 95])
    assert lines[0].line.color != lines[1].line.color
    (shape,) = fig["layout"]["shapes"]
    assert shape["x0"] == shape["x1"] == 45
    assert list(figure.layout.xaxis.ticktext) == ["0°", "45°", "90°"]
    assert "test accuracy" in figure.layout.yaxis.title.text


def test_one_draw_has_no_band_and_no_line_without_an_angle():
    fig = angle_curve_figure([0, 15], {"GBRFF2": [0.9, 0.9]})
    assert [t.name for t in fig.data] == ["GBRFF2"] and not fig.layout.shapes
