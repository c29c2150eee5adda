"""LightPlot (appkit/player/figure.js) in a real headless Chromium: every figure the player and the pages
hand it is drawn without an error, and a heatmap's cell has the colour of its colour scale at its z.

The figures come from the pages themselves (streamlit.testing's AppTest: the player's payload and the
pages' Plotly charts), so a new trace type or attribute in gbrff.viz reaches this test without editing it.
Needs Debian's ``chromium`` and Playwright, as tests/app/test_browser.py (``pytest -m browser``).
"""

import base64
import json
import os
import shutil
import zlib
from pathlib import Path

import numpy as np
import pytest

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("in_checkout")]

ROOT = Path(__file__).resolve().parents[2]
FIGURE_JS = ROOT / "appkit" / "player" / "figure.js"
CHROMIUM = (os.environ.get("GBRFF_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser") or "/usr/bin/chromium")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM}", allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed")

# the pages (and settings) whose figures LightPlot draws: the playground's four algorithms, the loss landscape,
# and the pages whose teaching figures may move to it
PAGES = [("pages/playground.py", {}), ("pages/playground.py", {"algo": "GBRFF2+"}),
         ("pages/playground.py", {"algo": "GBRFF1"}), ("pages/playground.py", {"algo": "GBRFF-LS"}),
         ("pages/playground.py", {"discrete": "true"}), ("pages/loss_landscape.py", {}),
         ("pages/random_features.py", {}), ("pages/k_and_lambda.py", {}), ("pages/home.py", {})]


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True)
        pg = browser.new_page(viewport={"width": 900, "height": 700})
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.on("console", lambda m: (m.type == "error" or m.text.startswith("LightPlot")) and errors.append(m.text))
        pg.set_content('<!doctype html><html><head><meta charset="utf-8"></head><body style="margin:0">'
                       '<div id="fig" style="width: 800px"></div></body></html>')
        pg.add_script_tag(path=str(FIGURE_JS))
        pg.errors = errors
        yield pg
        browser.close()


def page_figures():
    """(name, figure dict with its frames) of every player and Plotly chart of :data:`PAGES`."""
    from streamlit.testing.v1 import AppTest

    from gbrff import warm_up

    from tests.app.test_pages import SECTIONS, light_charts, open_sections

    warm_up()
    out = []
    for path, query in PAGES:
        at = AppTest.from_file(str(ROOT / path), default_timeout=300)
        for k, v in query.items():
            at.query_params[k] = v
        at.run()
        if Path(path).stem in SECTIONS:  # the figures of its sections too, drawn when opened
            open_sections(at, Path(path).stem).run()
        assert not at.exception, at.exception[0].message
        name = Path(path).stem + "".join(f"_{v}" for v in query.values())
        for el in at.get("component_instance"):
            args = json.loads(el.proto.json_args)
            if "payload" in args:
                body = json.loads(zlib.decompress(base64.b64decode(args["payload"])))
                out += [(f"{name}:player{i}", f) for i, f in enumerate(body["figures"])]
        out += [(f"{name}:chart{i}", json.loads(el.proto.spec)) for i, el in enumerate(at.get("plotly_chart"))]
        out += [(f"{name}:light:{key}", fig) for key, fig in light_charts(at).items()]  # appkit.light_chart's
    return out


DRAW_ALL = """async (fig) => {
    const div = document.getElementById('fig');
    LightPlot.purge(div);
    const layout = Object.assign({}, fig.layout, {width: 800});
    delete layout.template;
    await LightPlot.newPlot(div, fig.data, layout);
    const drawn = [];
    const ink = () => {  // pixels that are not the paper's white: the figure drew something
        const cv = div.querySelector('canvas'), d = cv.getContext('2d').getImageData(0, 0, cv.width, cv.height).data;
        let n = 0;
        for (let i = 0; i < d.length; i += 4) if (d[i] < 250 || d[i + 1] < 250 || d[i + 2] < 250) n++;
        return n;
    };
    drawn.push(ink());
    // each frame as the player shows it: its traces and layout over the figure's
    for (const fr of (fig.frames || [])) {
        const restyle = {}, idx = fr.traces || [];
        await LightPlot.react(div, div._lp.data.map((t, i) => {
            const m = idx.indexOf(i);
            if (m < 0 || !fr.data[m]) return t;
            const d = Object.assign({}, t, fr.data[m]);
            if (d.marker && t.marker) d.marker = Object.assign({}, t.marker, fr.data[m].marker);
            return d;
        }), Object.assign({}, div._lp.layout, fr.layout || {}));
    }
    drawn.push(ink());
    return {drawn: drawn, ms: div._lp.ms};
}"""


def test_lightplot_draws_every_figure_of_the_pages(page):
    figures = page_figures()
    assert len(figures) >= 30, len(figures)
    kinds = set()
    for name, fig in figures:
        kinds |= {t.get("type", "scatter") for t in fig["data"]}
        got = page.evaluate(DRAW_ALL, fig)
        assert not page.errors, (name, page.errors[:3])
        assert min(got["drawn"]) > 2000, (name, got)  # axes, labels, traces: thousands of pixels of ink
    assert {"heatmap", "contour", "scatter", "histogram"} <= kinds, kinds


def plotly_colour(scale, f):
    """Plotly's colour scale at ``f`` in [0, 1]: linear in RGB between its stops."""
    stops = [(float(p), [float(v) for v in c[c.index("(") + 1:-1].split(",")[:3]] if c.startswith("rgb")
              else [int(c[i:i + 2], 16) for i in (1, 3, 5)]) for p, c in scale]
    for (p0, c0), (p1, c1) in zip(stops, stops[1:]):
        if f <= p1:
            u = 0 if p1 == p0 else (f - p0) / (p1 - p0)
            return np.array(c0) + u * (np.array(c1) - np.array(c0))
    return np.array(stops[-1][1])


@pytest.mark.parametrize("dpr", [1, 2])
def test_a_heatmap_cell_has_the_colour_of_its_z(page, dpr):
    """The vote's surface (gbrff.viz.surfaces.surface_figure): the pixel at the centre of a cell far from every
    point and from the boundary is the colour scale's colour at the cell's p(+1), at the heatmap's opacity
    over the white plot, on a screen of any pixel ratio."""
    from gbrff.viz.style import VOTE_COLORSCALE
    from gbrff.viz.surfaces import surface_figure

    xs, ys = np.linspace(-2, 2, 50), np.linspace(-1, 1, 25)
    H = (0.8 * np.sin(1.3 * xs)[None, :] + 0.3 * ys[:, None]).ravel()
    X, y = np.array([[-1.8, -0.9], [1.8, 0.9]]), np.array([-1, 1])
    fig = json.loads(json.dumps(surface_figure(xs, ys, H, X, y).to_dict(), default=lambda a: np.asarray(a).tolist()))
    fig["layout"].pop("template", None)  # as the player's figures come: Plotly.js's own defaults, a white plot
    heat = fig["data"][0]
    z_cells = np.frombuffer(base64.b64decode(heat["z"]["bdata"]), dtype=heat["z"]["dtype"]).reshape(len(ys), len(xs))
    page.set_viewport_size({"width": 900, "height": 700})
    page.evaluate(f"() => {{ Object.defineProperty(window, 'devicePixelRatio', {{value: {dpr}, configurable: true}}); }}")
    for i, j in [(6, 10), (18, 30), (9, 44)]:  # cells off the zero lines (drawn under the cells, as Plotly does)
        z = float(z_cells[i, j])
        # the cell's centre on the canvas, in device pixels, through LightPlot's own axes
        x_px, y_px = page.evaluate("""async ([fig, x, y]) => {
            const div = document.getElementById('fig');
            LightPlot.purge(div);
            await LightPlot.newPlot(div, fig.data, Object.assign({}, fig.layout, {width: 800}));
            const ax = LightPlot.axes(div);
            return [ax.x.d2p(x), ax.y.d2p(y)];
        }""", [fig, float(xs[j]), float(ys[i])])
        rgba = page.evaluate("""([x, y, dpr]) => {
            const cv = document.querySelector('#fig canvas');
            return Array.from(cv.getContext('2d').getImageData(Math.round(x * dpr), Math.round(y * dpr), 1, 1).data);
        }""", [x_px, y_px, dpr])
        want = 0.85 * plotly_colour(VOTE_COLORSCALE, (z - 0) / (1 - 0)) + 0.15 * 255
        assert np.abs(np.array(rgba[:3]) - want).max() <= 2.5, (i, j, z, rgba, want.round(1))
    assert not page.errors, page.errors[:3]


def test_plotly_attribute_strings(page):
    """restyle, relayout and update take Plotly's attribute strings ("marker.size", "xaxis.range") and
    Plotly's one-value-a-trace arrays; the axes' pixel mapping follows the new range."""
    got = page.evaluate("""async () => {
        const div = document.getElementById('fig');
        LightPlot.purge(div);
        await LightPlot.newPlot(div, [{x: [0, 1, 2], y: [0, 1, 4], mode: 'markers', marker: {size: 6}},
                                      {x: [0, 2], y: [1, 1], mode: 'lines'}], {width: 600, height: 400});
        await LightPlot.restyle(div, {'marker.size': [[5, 9, 13]], 'line.dash': 'dot'}, [0]);
        await LightPlot.relayout(div, {'xaxis.range': [-1, 3], 'title.text': 'moved'});
        await LightPlot.update(div, {y: [[4, 1, 0]]}, {'yaxis.range': [0, 5]}, [0]);
        const ax = LightPlot.axes(div), L = div._lp.layout, t = div._lp.data[0];
        return {x: ax.x.range, y: ax.y.range, px: [ax.x.d2p(-1), ax.x.d2p(3)], size: Array.from(t.marker.size),
                y0: Array.from(t.y), dash: t.line.dash, other: div._lp.data[1].line, title: L.title.text,
                box: LightPlot.boxes(div).plots.length};
    }""")
    assert got["x"] == [-1, 3] and got["y"] == [0, 5] and got["title"] == "moved", got
    assert got["size"] == [5, 9, 13] and got["y0"] == [4, 1, 0] and got["dash"] == "dot" and got["other"] is None, got
    assert got["px"][0] < got["px"][1] and got["box"] == 1, got
    assert not page.errors, page.errors[:3]
