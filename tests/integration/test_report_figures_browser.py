"""Every report figure, at the smallest size a run can produce and at the committed results' size, in Chromium.

The smallest runs (one task, one method, one split; one number of landmarks, one budget, one size) are
drawn from one-row tables by the functions ``python -m gbrff.experiments`` draws its reports with (no
data folder needed), all on one page (one load of plotly.js: the test stays fast); the largest are the
committed ``results/*/*.html`` as written. The smallest are seen at 1280 × 900 and at a 1024-px
projector's width, the committed ones at 1280 × 900. Every figure must be at least 250 px high, every
plot area at least 80 px high and wide, and no two text labels (ticks, titles, colour-bar labels,
legend entries, cell texts; rotated ones by their rotated boxes) on top of each other. Screenshots of
each figure land in ``tests/artifacts/reports/`` for a person to look at.

No page may request anything but local files (every other request is refused and counted).

Needs Debian's ``chromium`` (Playwright only drives it). Run with ``pytest -m browser``.
"""

from pathlib import Path

import pandas as pd
import pytest

# Debian's Chromium driven by Playwright, found as the app's browser tests find it (skipped without either)
from tests.app.test_browser import CHROMIUM, CHROMIUM_ARGS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts" / "reports"

pytest.importorskip("gbrff.baselines")

# per page: the figures' heights, the plot areas' sizes and the pairs of text labels that overlap
MEASURE = r"""
() => {
  const quad = t => {  // the four corners of a text's box on the screen (rotated labels too)
    const b = t.getBBox(), m = t.getScreenCTM();
    if (!m || b.width === 0 || b.height === 0) return null;
    return [[b.x, b.y], [b.x + b.width, b.y], [b.x + b.width, b.y + b.height], [b.x, b.y + b.height]]
      .map(([x, y]) => [m.a * x + m.c * y + m.e, m.b * x + m.d * y + m.f]);
  };
  const apart = (p, q) => {  // a separating axis between two convex quadrilaterals, 1 px of slack
    for (const poly of [p, q]) for (let i = 0; i < 4; i++) {
      const [x1, y1] = poly[i], [x2, y2] = poly[(i + 1) % 4];
      const n = [y1 - y2, x2 - x1], len = Math.hypot(n[0], n[1]);
      if (!len) continue;
      const a = p.map(([x, y]) => (x * n[0] + y * n[1]) / len), b = q.map(([x, y]) => (x * n[0] + y * n[1]) / len);
      if (Math.max(...a) <= Math.min(...b) + 1 || Math.max(...b) <= Math.min(...a) + 1) return true;
    }
    return false;
  };
  const shown = t => {
    for (let e = t; e && e.tagName !== 'svg'; e = e.parentElement) {
      const cs = getComputedStyle(e);
      if (cs.display === 'none' || cs.visibility === 'hidden' || cs.opacity === '0') return false;
    }
    return true;
  };
  return [...document.querySelectorAll('.js-plotly-plot')].map(plot => {
    const id = plot.id || plot.parentElement.id || '';
    const texts = [...plot.querySelectorAll('.main-svg text')].filter(t => t.textContent.trim() && shown(t))
      .map(t => ({text: t.textContent, q: quad(t)})).filter(t => t.q);
    const overlaps = [];
    for (let i = 0; i < texts.length; i++) for (let j = i + 1; j < texts.length; j++)
      if (!apart(texts[i].q, texts[j].q)) overlaps.push([texts[i].text, texts[j].text]);
    const areas = [...plot.querySelectorAll('.draglayer .nsewdrag')].map(r => {
      const b = r.getBoundingClientRect(); return [Math.round(b.width), Math.round(b.height)]; });
    return {id, height: plot.querySelector('.main-svg').getBoundingClientRect().height, areas, overlaps,
            texts: texts.length};
  });
}
"""


def _smallest_figures():
    """name -> figure of the smallest run of each experiment's reports (and the edge cases of a run)."""
    from gbrff.experiments import load_paper_table2, preprint_fig2_gap
    from gbrff.viz import fkl, paper, thesis

    p = load_paper_table2()
    one = pd.DataFrame({"task": ["wine"], "method": ["GBRFF2"], "n_splits": [1], "mean": [98.3], "std": [0.0]})
    # a method the paper has no value for: nothing to compare, said on the figure
    beyond = one.assign(method="GBRFF2+")
    curve = pd.DataFrame({"method": ["GBRFF2"], "n_landmarks": [1], "mean": [96.3], "n_tasks": [1], "n_splits": [1]})
    budget = pd.DataFrame({"K": [1], "budget": [5], "mean": [88.9], "n_tasks": [1], "n_splits": [1]})
    toy = pd.DataFrame({"problem": ["circles"], "method": ["GBRFF2"], "n_train": [50], "mean": [68.0],
                        "std": [0.0], "n_splits": [1]})
    times = pd.DataFrame({"method": ["GBRFF2"], "n_samples": [150], "seconds": [0.003], "seed": [0]})
    per_task = pd.DataFrame({"task": ["sonar"] * 2, "method": ["GBRFF-LS", "PBRFF"], "n_landmarks": [1, 1],
                             "mean": [76.0, 52.1], "n_splits": [1, 1]})
    ribes = pd.DataFrame({"task": ["optdigits"], "method": ["LogReg"], "n_splits": [1], "mean": [96.7],
                          "std": [0.0], "fit_seconds": [0.4]})
    fkl_one = pd.DataFrame({"task": ["synthetic"], "method": ["RFF-SKL"], "n": [200], "n_components": [10],
                            "max_iter": [5], "seed": [0], "status": ["ok"], "accuracy": [0.64],
                            "fit_seconds": [0.24]})
    fkl_refused = pd.concat([fkl_one.assign(method="KRR-GD", n_components=None),
                             fkl_one.assign(method="KRR-GD", n_components=None, n=10**6, status="memory",
                                            accuracy=None, fit_seconds=None)])
    return {
        "table2": paper.table2_figure(one, p),
        "table2_diff": paper.table2_diff_figure(one, p, tasks=["wine"]),
        "table2_beyond_the_paper": paper.table2_figure(beyond, p),
        "table2_diff_beyond_the_paper": paper.table2_diff_figure(beyond, p, tasks=["wine"]),
        "fig2_landmarks": paper.landmarks_figure(curve),
        "fig3_kbudget": paper.kbudget_figure(budget),
        "fig5_toy": paper.toy_figure(toy),
        "fig4_scaling": paper.scaling_figure(times, time_limit=1000),
        "fig1_landmarks_2019": paper.preprint_fig1_figure(per_task[:1]),
        "fig2_landmarks_2019": paper.preprint_fig2_figure(preprint_fig2_gap(per_task)),
        "thesis": thesis.thesis_figure(ribes),
        "fkl": fkl.scaling_figure(fkl_one),
        "fkl_refused": fkl.scaling_figure(fkl_refused),
    }


@pytest.fixture(scope="module")
def page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                                    args=CHROMIUM_ARGS)
        context = browser.new_context(offline=True)
        outside = []  # requests that would leave the machine (a CDN's plotly.js, MathJax, fonts): refused

        def route(r):
            if r.request.url.startswith(("file:", "data:", "blob:", "about:")):
                r.continue_()
            else:
                outside.append(r.request.url)
                r.abort()

        context.route("**/*", route)
        page = context.new_page()
        page.outside = outside
        yield page
        browser.close()


def _check(page, width, name):
    """The problems of every figure on the page, a screenshot of each."""
    problems = []
    figures = page.evaluate(MEASURE)
    for i, fig in enumerate(figures):
        label = f"{name}{'_' + fig['id'] if len(figures) > 1 else ''} at {width} px"
        page.locator(".js-plotly-plot").nth(i).screenshot(
            path=str(ARTIFACTS / f"{label.replace(' at ', '_').replace(' px', '')}.png"))
        if fig["height"] < 250:
            problems.append(f"{label}: a figure {fig['height']:.0f} px high")
        problems += [f"{label}: a plot area of {w}×{h} px" for w, h in fig["areas"] if w < 80 or h < 80]
        problems += [f"{label}: labels {a!r} and {b!r} overlap" for a, b in fig["overlaps"]]
        if fig["texts"] < 2:  # a title and what the figure says: drawn at all
            problems.append(f"{label}: only {fig['texts']} text labels")
    return problems


def _open(page, html, width):
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(html.as_uri())
    page.wait_for_selector(".js-plotly-plot .main-svg", timeout=30_000)


def test_report_figures_are_readable_from_one_task_to_all(page, tmp_path):
    from plotly.offline import get_plotlyjs

    from gbrff.experiments._reports import _plotly_settings

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    figures = _smallest_figures()
    (tmp_path / "plotly.min.js").write_text(get_plotlyjs(), encoding="utf-8")
    with _plotly_settings():  # as the report writer draws them
        divs = [fig.to_html(full_html=False, include_plotlyjs=False, div_id=name) for name, fig in figures.items()]
    html = tmp_path / "smallest.html"
    html.write_text('<html><head><meta charset="utf-8"><script src="plotly.min.js"></script></head><body>'
                    + "".join(divs) + "</body></html>", encoding="utf-8")
    _open(page, html, 1280)
    page.wait_for_function(f"document.querySelectorAll('.js-plotly-plot .main-svg').length >= {len(figures)}")
    problems = _check(page, 1280, "smallest")
    page.set_viewport_size({"width": 1024, "height": 900})  # Plotly redraws the responsive figures
    page.wait_for_timeout(800)
    problems += _check(page, 1024, "smallest")
    committed = sorted((ROOT / "results").glob("*/*.html"))
    assert committed, "no committed report figures under results/"
    for path in committed:
        _open(page, path, 1280)
        problems += _check(page, 1280, f"committed_{path.parent.name}_{path.stem}")
    assert not problems, "\n".join(problems)
    # the reports work offline: plotly.js from the file beside them, nothing fetched from elsewhere
    assert page.outside == [], page.outside
