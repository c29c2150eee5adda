"""The pages' still figures: appkit.light_chart (the canvas renderer's component) and the figures' downloads
(appkit._charts, appkit._widgets.figure_download)."""

import base64
import json
import zlib

import numpy as np
import plotly.graph_objects as go
import pytest
from streamlit.testing.v1 import AppTest

import appkit
from appkit import _charts, _widgets
from gbrff.viz import surfaces as surface_figs


def unpack(payload):
    """The figure dict a chart's payload carries, each shared array back in its places."""
    body = json.loads(zlib.decompress(payload))

    def untable(o):
        if isinstance(o, dict):
            if isinstance(o.get("bdata"), int):
                return dict(o, bdata=body["arrays"][o["bdata"]])
            return {k: untable(v) for k, v in o.items()}
        return [untable(v) for v in o] if isinstance(o, list) else o

    return body, untable(body["figure"])


def values(spec):
    return np.frombuffer(base64.b64decode(spec["bdata"]), dtype=np.dtype(spec["dtype"]))


def surface():
    xs, ys = np.linspace(-1, 1, 60), np.linspace(-1, 1, 50)
    H = np.sin(3 * xs)[None, :] * np.cos(2 * ys)[:, None]
    X = np.random.RandomState(0).uniform(-1, 1, (30, 2))
    return surface_figs.surface_figure(xs, ys, H.ravel(), X, np.where(X[:, 0] > 0, 1, -1), height=430)


def test_pack_figure_round_trips_and_sends_a_shared_array_once():
    fig = surface()
    digest, payload, height = appkit.pack_figure(fig)
    body, out = unpack(payload)
    assert height == 430 and out["layout"]["height"] == 430
    heat, boundary = out["data"][:2]
    assert (heat["type"], boundary["type"]) == ("heatmap", "contour")
    assert len(body["arrays"]) == 1  # the heatmap's z and the boundary's: one text
    z = values(heat["z"]).reshape(50, 60)
    assert np.array_equal(z, values(boundary["z"]).reshape(50, 60))
    assert np.allclose(z, np.asarray(fig.data[0].z, dtype=np.float32))
    assert np.allclose(values(out["data"][2]["x"]), fig.data[2].x)
    assert out["layout"]["xaxis"]["range"] == list(fig.layout.xaxis.range)
    # the digest names the figure: the same figure, the same digest; another height, another
    assert appkit.pack_figure(surface())[0] == digest
    d2, _, h2 = appkit.pack_figure(fig, height=300)
    assert h2 == 300 and d2 != digest


def test_pack_figure_takes_figure_dicts_with_numpy_arrays():
    fig = {"data": [{"type": "scatter", "x": np.arange(5), "y": np.linspace(0, 1, 5), "name": "a"}],
           "layout": {"title": {"text": "t"}}}
    _, payload, height = appkit.pack_figure(fig)
    _, out = unpack(payload)
    assert height == _charts.DEFAULT_HEIGHT
    assert list(values(out["data"][0]["x"])) == [0, 1, 2, 3, 4] and out["layout"]["title"]["text"] == "t"


def test_error_bars_that_show_keep_a_figure_with_plotly():
    bars = {"type": "scatter", "x": [1, 2], "y": [3, 4], "error_y": {"array": [0.5, 0.2]}}
    hidden = dict(bars, error_y={"array": [0.5, 0.2], "visible": False})
    none = dict(bars, error_y={})  # what go.Figure's to_dict may hold for an unset error bar
    assert not _charts._light({"data": [bars]})
    if _charts._component is not None:
        assert _charts._light({"data": [hidden, none]})


def _page(kind):
    """A page with one figure: a heatmap (drawn by the renderer), a 3-D surface or error bars (not drawn)."""
    import plotly.graph_objects as go  # noqa: F811 - the script runs on its own

    import appkit

    if kind == "light":
        fig = go.Figure(go.Heatmap(z=[[0, 1], [1, 0]]), layout={"height": 320})
    elif kind == "3d":
        fig = go.Figure(go.Surface(z=[[0, 1], [1, 0]]))
    else:  # error bars
        fig = go.Figure(go.Scatter(x=[1, 2], y=[3, 4], error_y={"array": [0.5, 0.2]}))
    appkit.light_chart(fig, key="fig")


@pytest.mark.parametrize("kind", ["light", "3d", "errorbars"])
def test_light_chart_draws_with_the_renderer_or_falls_back_to_plotly(kind, monkeypatch):
    if kind == "light" and _charts._component is None:
        pytest.skip("appkit/player/figure.js is missing: every figure goes to st.plotly_chart")
    at = AppTest.from_function(_page, args=(kind,), default_timeout=30)
    at.run()
    assert not at.exception
    charts, plotly = at.get("component_instance"), at.get("plotly_chart")
    if kind == "light":
        assert not plotly and len(charts) == 1
        args = json.loads(charts[0].proto.json_args)
        assert args["height"] == 320 and args["presenter"] is False and args["key"] == "fig"
        assert [a.key for a in charts[0].proto.special_args] == ["payload"]  # binary, not base64 in the JSON
    else:
        assert not charts and len(plotly) == 1


def test_figure_download_makes_the_html_only_when_clicked(monkeypatch):
    made, seen = [], {}

    class Figure:
        def to_html(self, **kw):
            made.append(kw)
            return "<html>figure</html>"

    def button(label, data, **kw):
        seen.update(data=data, **kw)

    monkeypatch.setattr(_widgets.st, "download_button", button)
    monkeypatch.setattr(_widgets, "page_name", lambda: "playground")
    for fig in (Figure(), lambda: Figure()):  # a figure, or a function making it
        made.clear()
        _widgets.figure_download(fig, "curves", "dl", data="moons")
        assert callable(seen["data"]) and not made  # nothing made on the page's run
        assert seen["data"]() == "<html>figure</html>" and made == [{"include_plotlyjs": True, "full_html": True}]
        assert seen["file_name"] == "gbrff-playground-curves-moons.html"


def test_a_real_figure_download_is_a_stand_alone_plotly_page(monkeypatch):
    seen = {}
    monkeypatch.setattr(_widgets.st, "download_button", lambda label, data, **kw: seen.update(data=data))
    monkeypatch.setattr(_widgets, "page_name", lambda: "playground")
    _widgets.figure_download(go.Figure(go.Scatter(x=[1, 2], y=[3, 4])), "x", "dl")
    html = seen["data"]()
    assert "<html>" in html[:100] and "Plotly.newPlot" in html and len(html) > 1_000_000  # plotly.js inside
