"""appkit.light_chart in a real headless Chromium: the figure drawn on a canvas, in its colours, at its
height, once, with no plotly.js loaded; a chart below the first screen drawn when scrolled near
(``pytest -m browser``)."""

import os
from pathlib import Path

import pytest

from .test_browser import CHROMIUM, CHROMIUM_ARGS, stop, streamlit_server

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
if not (ROOT / "appkit" / "player" / "figure.js").exists():
    pytest.skip("appkit/player/figure.js is missing: light_chart falls back to st.plotly_chart",
                allow_module_level=True)

PIXELS = """() => {  // how many device pixels of each colour the chart's canvases hold
  const out = {red: 0, blue: 0, green: 0, canvases: 0};
  for (const c of document.querySelectorAll("canvas")) {
    out.canvases += 1;
    const d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4) {
      const [r, g, b, a] = [d[i], d[i + 1], d[i + 2], d[i + 3]];
      if (a < 200) continue;
      if (r > 230 && g < 30 && b < 30) out.red += 1;
      else if (b > 230 && r < 30 && g < 30) out.blue += 1;
      else if (g > 150 && g < 190 && r < 30 && b < 30) out.green += 1;
    }
  }
  return out;
}"""


@pytest.fixture(scope="module")
def chart_page():
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    url, proc = streamlit_server("tests/app/light_chart_app.py", env=env, timeout=60)
    yield url
    stop(proc)


def test_light_chart_draws_its_figure_on_a_canvas_once(chart_page):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        page = b.new_page(viewport={"width": 1000, "height": 800})
        requests = []
        page.on("request", lambda r: requests.append(r.url))
        page.goto(chart_page)
        iframe = page.locator('iframe[title="appkit._charts.light_chart"]').first
        iframe.wait_for(timeout=60_000)
        frame = iframe.element_handle().content_frame()
        frame.wait_for_function("window.gbrffChart && window.gbrffChart.renders === 1", timeout=60_000)
        digest = frame.evaluate("window.gbrffChart.digest")
        assert iframe.bounding_box()["height"] == 320  # the figure's own height
        got = frame.evaluate(PIXELS)
        dpr = page.evaluate("window.devicePixelRatio")
        # the plot is about 650 × 280 CSS px: each half of the heatmap ~90,000 pixels, each marker ~700
        assert got["canvases"] >= 1 and got["red"] > 50_000 * dpr ** 2 and got["blue"] > 50_000 * dpr ** 2, got
        assert got["green"] > 2 * 300 * dpr ** 2, got
        page.get_by_role("button", name="rerun").click()
        page.wait_for_timeout(1500)
        stats = frame.evaluate("window.gbrffChart")
        assert stats["renders"] == 1 and stats["starts"] == {digest: 1}  # the same figure: not drawn again
        assert not [u for u in requests if "plotly" in u.lower()]  # no plotly.js anywhere
        # the chart a screen's length below: its figure received, neither figure.js loaded nor drawn until
        # it is scrolled near
        below = page.locator('iframe[title="appkit._charts.light_chart"]').nth(1)
        low = below.element_handle().content_frame()
        low.wait_for_function("Object.keys(window.gbrffChart.starts).length === 1", timeout=60_000)
        page.wait_for_timeout(1000)
        assert low.evaluate("[window.gbrffChart.renders, typeof window.LightPlot]") == [0, "undefined"]
        below.scroll_into_view_if_needed()
        low.wait_for_function("window.gbrffChart.renders === 1", timeout=30_000)
        assert below.bounding_box()["height"] == 300
        b.close()
