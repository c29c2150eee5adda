"""Everyone in the room, in Chromium (issue 48, point 5).

* axe-core finds no serious, critical or moderate violation on any page of the app, in the top document and
  in every frame (the iteration player, the figures), with the page's sections and share box open (a moderate
  rule Streamlit's own markup breaks would be named, with why, in MODERATE_LEFT: none is);
* the playground's controls are all reached by the Tab key (the sidebar's, the player's play, step and
  slider, the sections below the picture) and work from the keyboard;
* its picture reads from the back of a room: at 1280 × 720 with the sidebar open the vote's plot is at
  least 500 px wide, and in presenter mode every label of a figure is at least 20 px;
* every figure says in words what it shows (the iteration, the accuracy, the weak learner), frame after
  frame, and the player says the frame it stops on.

Screenshots at 1024×768 and 1920×1080 go to ``tests/artifacts/a11y_*.png``. axe-core is vendored
(``tests/app/vendor``, MPL-2.0, with its version in the README there): the tests run offline.
"""

import re
from pathlib import Path

import pytest

from appkit import PAGES
from tests.app.test_browser import (ANIMATED, ARTIFACTS, _no_errors, _settle, browser,  # noqa: F401
                                    click_sections_open, open_share_box, player_frame, server)

pytestmark = pytest.mark.browser

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
if not AXE.exists():
    pytest.skip("axe-core is not vendored at tests/app/vendor/axe.min.js (its README says how)",
                allow_module_level=True)
SERIOUS = ("serious", "critical")
# axe-core runs once, from the page, over the page and every frame in it (its own way of auditing frames: each
# frame holds a copy of axe, which reports to the page's): the page-level rules (one main landmark, one level-one
# heading, all content in landmarks) judge the page, in whose main landmark each frame of a figure sits, and
# not each figure's frame as a page of its own
RUN_AXE = """async () => (await axe.run(document, {resultTypes: ['violations'], iframes: true})).violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 3).map(n => n.target.flat().join(' >>> ') + ' — ' + n.failureSummary)}))"""
# The moderate rules axe still reports, and why (none of them on markup of ours: tests fail on any other
# moderate rule). Checked with axe-core 4.14.1 and Streamlit 1.67.
MODERATE_LEFT = {}
# every page of the menu, and the playground's two other looks: presenter mode and the drawing tools
VIEWS = {**{spec.url_path or "home": spec.url_path for spec in PAGES},
         "playground_presenter": "playground?presenter=true", "playground_draw": "playground?data=draw"}


def _open(browser, path, width=1280, height=900):
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{_open.server}/{path}", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMain"] h1', timeout=120_000)
    if path.split("?")[0] in ANIMATED:
        player_frame(page)
    _settle(page)
    return page


@pytest.fixture(autouse=True)
def _server_url(server):
    _open.server = server


def _show_every_figure(page):
    """Scroll each shown frame into view (not one in a closed tab): the figures draw when they come near the
    screen."""
    for frame in page.locator('[data-testid="stMain"] iframe').element_handles():
        frame.evaluate("f => { if (f.getClientRects().length) f.scrollIntoView({block: 'center'}); }")
        page.wait_for_timeout(150)
    _settle(page)


def axe_violations(page):
    """axe-core's violations in the page and the frames in it (their nodes' targets go through the frames)."""
    source = AXE.read_text()
    for frame in page.frames:  # axe in every frame first: the page's run collects the frames' results
        if not frame.is_detached() and not frame.evaluate("!!window.axe"):
            frame.evaluate(source)
    return page.main_frame.evaluate(RUN_AXE)


@pytest.mark.parametrize("view", list(VIEWS))
def test_axe_finds_no_serious_violation(browser, view):
    page = _open(browser, VIEWS[view])
    if page.locator('[data-testid="stSidebar"] summary', has_text="Share").count():
        open_share_box(page)
    click_sections_open(page)
    _show_every_figure(page)
    _no_errors(page, f"a11y_{view}")
    found = axe_violations(page)
    print(f"{view}: {len(page.frames)} frames, " + (", ".join(f"{v['id']} ({v['impact']})" for v in found) or "none"))
    for v in found:
        print(f"  {v['id']} ({v['impact']}): {v['help']}\n    " + "\n    ".join(v["nodes"]))
    bad = [v for v in found if v["impact"] in SERIOUS or v["impact"] == "moderate" and v["id"] not in MODERATE_LEFT]
    page.close()
    assert not bad, f"{view}: " + "\n".join(f"{v['id']} ({v['impact']}): {v['nodes']}" for v in bad)


def test_the_audit_reaches_into_the_frames(browser):
    """A control without a name put into the player's frame is found, through the frame: the page's run of
    axe-core audits the frames, not the page alone."""
    page = _open(browser, "playground")
    player_frame(page).evaluate("document.getElementById('bar').appendChild(document.createElement('button'))")
    found = {v["id"]: v for v in axe_violations(page)}
    page.close()
    assert "button-name" in found and " >>> " in found["button-name"]["nodes"][0], found


def test_every_page_of_the_menu_is_audited(browser):
    """The audit's pages are the sidebar's: a page added to the menu is audited too."""
    page = _open(browser, "")
    links = page.locator('[data-testid="stSidebarNav"] a').evaluate_all(
        "as => as.map(a => new URL(a.href).pathname.replace(/^\\//, ''))")
    page.close()
    assert sorted(links) == sorted(spec.url_path for spec in PAGES)


# what has the keyboard's focus: the chain of frames to it, and the control it is in
FOCUS = """() => {
  let doc = document, el = doc.activeElement;
  const frames = [];
  while (el && el.tagName === 'IFRAME') {
    frames.push(el.getAttribute('aria-label') || el.title);
    try { doc = el.contentDocument; el = doc.activeElement; } catch (e) { break; }
  }
  if (!el) return null;
  const control = el.closest('[data-a11y]');
  return {frames: frames.join(' > '), tag: el.tagName, id: el.id, text: (el.textContent || '').trim().slice(0, 40),
          control: control ? control.getAttribute('data-a11y') : null};
}"""
# the controls a student uses, in the page: each marked with a name before the walk
CONTROLS = """() => {
  const out = [];
  const mark = (el, name) => { el.setAttribute('data-a11y', name); out.push(name); };
  document.querySelectorAll('[data-testid="stSidebar"] [data-testid="stSlider"], '
      + '[data-testid="stSidebar"] [data-testid="stButtonGroup"], [data-testid="stSidebar"] [data-testid="stCheckbox"]')
    .forEach((el, i) => mark(el, 'sidebar ' + el.getAttribute('data-testid') + ' ' + i + ': '
                               + (el.querySelector('[data-testid="stWidgetLabel"]') || el).textContent.trim().slice(0, 30)));
  document.querySelectorAll('[data-testid="stExpander"]').forEach((el, i) =>
    mark(el, 'section ' + i + ': ' + el.querySelector('summary').textContent.trim().slice(0, 30)));
  return out;
}"""


def _walk(page, most=250):
    """Press Tab until the focus comes back where it started; what had it, in order."""
    seen = []
    for _ in range(most):
        page.keyboard.press("Tab")
        page.wait_for_timeout(40)
        where = page.evaluate(FOCUS)
        if seen and where == seen[0] and len(seen) > 3:
            break
        seen.append(where)
    return seen


def test_keyboard_reaches_and_operates_the_playground(browser):
    page = _open(browser, "playground")
    frame = player_frame(page)
    controls = page.evaluate(CONTROLS)
    assert len(controls) >= 12, controls
    walk = _walk(page)
    reached = {w["control"] for w in walk if w and w["control"]}
    missed = [c for c in controls if c not in reached]
    assert not missed, f"not reached by Tab: {missed}"
    in_player = [w for w in walk if w and "Iteration player" in w["frames"]]
    ids = {w["id"] for w in in_player}
    assert {"reset", "back", "play", "step", "slider"} <= ids, in_player
    assert any("go to t*" in w["text"] for w in in_player), "the player's bookmark is not reached"
    # the order a student meets them: the sidebar, then the player, then the sections below it
    order = [("sidebar" if (w["control"] or "").startswith("sidebar") else "player" if w in in_player
              else "section" if (w["control"] or "").startswith("section") else None) for w in walk if w]
    order = [o for o in order if o]
    firsts = [order.index(o) for o in ("sidebar", "player")] + [
        max(i for i, o in enumerate(order) if o == "section" and i > order.index("player"))]
    assert firsts == sorted(firsts), order

    labels = frame.evaluate("S.labels")
    t = lambda: frame.evaluate("S.labels[S.k]")  # noqa: E731
    # the player's buttons by their keys: Enter and space press the focused button (space does not play)
    frame.focus("#back")
    page.keyboard.press("Enter")
    assert t() == labels[-2]
    page.keyboard.press(" ")
    assert t() == labels[-3]
    assert frame.evaluate("document.getElementById('play').textContent").startswith("▶")
    # its slider: the arrows step, Home goes to the start
    frame.focus("#slider")
    page.keyboard.press("ArrowLeft")
    assert t() == labels[-4]
    page.keyboard.press("Home")
    assert t() == labels[0]
    # play and pause with space on the play button
    frame.focus("#play")
    page.keyboard.press(" ")
    page.wait_for_timeout(300)
    assert frame.evaluate("document.getElementById('play').textContent").startswith("⏸")
    page.keyboard.press(" ")
    page.wait_for_timeout(300)
    assert frame.evaluate("document.getElementById('play').textContent").startswith("▶")
    stopped = t()
    # a control of the page keeps its own keys: space on a focused switch toggles it, and plays nothing
    switch = page.locator('[data-testid="stSidebar"] [role="switch"]').first
    before = switch.is_checked()
    switch.focus()
    page.keyboard.press(" ")
    page.wait_for_timeout(200)
    assert frame.evaluate("document.getElementById('play').textContent").startswith("▶")
    assert t() == stopped
    _settle(page)
    assert page.locator('[data-testid="stSidebar"] [role="switch"]').first.is_checked() != before
    # a section opens from the keyboard
    summary = page.locator('[data-testid="stMain"] [data-testid="stExpander"] summary').first
    summary.focus()
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    _settle(page)
    assert page.locator('[data-testid="stMain"] [data-testid="stExpander"] details[open]').count() >= 1
    _no_errors(page, "a11y_keyboard")
    page.close()


# every font LightPlot drew a figure with: the base, each used axis's ticks and title, legends, colour bars
FONTS = """gd => { const F = gd._lp.full, out = [['base', F.font.size]];
  for (const id in F.axes) { const a = F.axes[id];
    if (a.used && a.showticklabels !== false) out.push([id + ' ticks', a.tickfont.size]);
    if (a.used && a.titletext) out.push([id + ' title', a.titlefont.size]); }
  F.legends.forEach(l => out.push(['legend', l.font.size]));
  F.colorbars.forEach(c => { out.push(['colour bar', c.font.size]); if (c.title) out.push(['colour bar title', c.titlefont.size]); });
  return out; }"""


# the classes' points as LightPlot drew them (gbrff.viz.style: −1 a blue circle, +1 a red cross): each trace's name,
# symbol, mean marker size and outline width (px), and the symbol of its legend entry (null: not in a legend)
CLASSES = """gd => { const F = gd._lp.full, mean = v => v == null ? 6 : v.length === undefined ? +v
    : Array.from(v).reduce((a, b) => a + +b, 0) / Math.max(1, v.length);
  const legend = new Map(F.legends.flatMap(l => l.items.map(t => [t.name, t.marker && t.marker.symbol])));
  return F.traces.filter(t => t.marker && /^(circle|cross)$/.test(t.marker.symbol) && /[−+]1$/.test(t.name || ''))
    .map(t => [t.name, t.marker.symbol, mean(t.marker.size), (t.marker.line || {}).width || 0,
               legend.has(t.name) ? legend.get(t.name) : null]); }"""

LEGEND_MARKERS = "() => S.views[0].gd._lp.full.legends[0].items.map(t => t.marker.size)"


def _class_shapes(handles):
    """The class traces of each figure (CLASSES), checked: −1 a circle, +1 a cross, each class in a legend with its
    shape where the figure has a legend."""
    out = {}
    for i, gd in enumerate(handles):
        rows = gd.evaluate(CLASSES)
        for name, symbol, size, width, legend in rows:
            assert symbol == ("cross" if name.endswith("+1") else "circle"), (i, name, symbol)
        if any(legend for *_, legend in rows):  # the legend says which shape is which class: one entry for each
            shown = {(name[-2:], legend) for name, *_, legend in rows if legend}
            assert {("−1", "circle"), ("+1", "cross")} <= shown, (i, rows)
        out.update({(i, name): (size, width) for name, _, size, width, _ in rows})
    return out


def test_pictures_read_from_the_back_of_the_room(browser):
    # 1280 × 720 with the sidebar open: the vote's plot at least 500 px wide (it was 245 px)
    page = _open(browser, "playground", 1280, 720)
    frame = player_frame(page)
    plot = frame.evaluate("LightPlot.boxes(S.views[0].gd).plots[0]")
    print(f"the vote's plot at 1280 × 720: {plot['width']:.0f} × {plot['height']:.0f} px")
    assert plot["width"] >= 500
    desk = _class_shapes(frame.locator(".lp-plot").element_handles())
    desk_legend = frame.evaluate(LEGEND_MARKERS)
    page.close()
    # presenter mode: every label of every figure at least 20 px (they were 16 px), in the player and below it
    page = _open(browser, "playground?presenter=true", 1280, 720)
    frame = player_frame(page)
    small = [(i, *f) for i, gd in enumerate(frame.locator(".lp-plot").element_handles())
             for f in gd.evaluate(FONTS) if f[1] < 20]
    assert not small, f"presenter mode, player: labels under 20 px {small}"
    # and the classes' circles and crosses half as large again, outlines too (a 9 px point: 13.5 px)
    room = _class_shapes(frame.locator(".lp-plot").element_handles())
    assert room.keys() == desk.keys() and len(room) >= 4, (desk, room)
    print("class markers, desk → presenter (size, outline px): "
          + ", ".join(f"{k[1]} {desk[k]} → {room[k]}" for k in sorted(room)))
    for k in room:
        assert room[k][0] >= 1.5 * desk[k][0] - 1e-6 and room[k][1] >= 1.5 * desk[k][1] - 1e-6, (k, desk[k], room[k])
    room_legend = frame.evaluate(LEGEND_MARKERS)  # the legend's markers grow too (beyond Plotly's cap of 16 px)
    assert all(b >= 1.5 * a - 1e-6 for a, b in zip(desk_legend, room_legend)) and desk_legend, (desk_legend, room_legend)
    assert frame.evaluate("parseFloat(getComputedStyle(document.querySelector('.ftitle')).fontSize)") >= 20
    assert frame.evaluate("parseFloat(getComputedStyle(document.getElementById('play')).fontSize)") >= 20
    click_sections_open(page, most=2)   # the learned ω against their prior: a still figure
    _show_every_figure(page)
    charts = [f for f in page.frames if f.evaluate("!!(window.gbrffChart && window.gbrffChart.renders)")]
    assert charts, "no still figure drawn in presenter mode"
    for chart in charts:
        small = [f for f in chart.evaluate(f"({FONTS})(document.getElementById('fig'))") if f[1] < 20]
        assert not small, f"presenter mode, {chart.evaluate('document.title')}: labels under 20 px {small}"
        _class_shapes([chart.locator("#fig").element_handle()])
    page.close()
    for width, height in ((1024, 768), (1920, 1080)):   # for a human to look at, as a teacher would
        for path, name in (("playground", "playground"), ("playground?presenter=true", "presenter")):
            page = _open(browser, path, width, height)
            player_frame(page)
            page.wait_for_timeout(500)
            page.screenshot(path=str(ARTIFACTS / f"a11y_{name}_{width}x{height}.png"))
            page.close()


def test_figures_say_what_they_show(browser):
    page = _open(browser, "playground")
    frame = player_frame(page)
    T = frame.evaluate("S.labels[S.labels.length - 1]")
    said = frame.evaluate("[...document.querySelectorAll('.lp-canvas')].map(c => [c.getAttribute('role'), "
                          "c.getAttribute('aria-label')])")
    assert all(role == "img" for role, _ in said), said
    vote, learner = said[0][1], said[1][1]
    assert re.search(rf"t = {T}\b.*train \d+ %, test \d+ %", vote), vote       # the iteration and the accuracy
    assert re.search(rf"weak learner {T}\b.*α = ", learner), learner          # the weak learner and its step
    assert "p(y=+1)" in vote and "train −1" in vote and "test +1" in vote, vote  # the colour and the legend
    # frame after frame: one step back, and the player says where it stopped
    frame.click("#back")
    page.wait_for_timeout(500)
    t = frame.evaluate("S.labels[S.k]")
    assert f"t = {t}:" in frame.evaluate("document.querySelector('.lp-canvas').getAttribute('aria-label')")
    live = frame.locator("#said")
    assert live.get_attribute("aria-live") == "polite"
    assert live.text_content().startswith(f"Iteration t = {t}. H after t = {t}: train")
    assert page.locator('iframe[aria-label="Iteration player"]').count() == 1
    page.close()
    # the still figures: named frames, described canvases
    page = _open(browser, "")
    _show_every_figure(page)
    charts = [f for f in page.frames if f.evaluate("!!(window.gbrffChart && window.gbrffChart.renders)")]
    assert len(charts) >= 3
    for chart in charts:
        label = chart.evaluate("document.querySelector('#fig canvas').getAttribute('aria-label')")
        assert chart.evaluate("document.querySelector('#fig canvas').getAttribute('role')") == "img"
        assert len(label) > 20, label
    names = page.locator('iframe[title="appkit._charts.light_chart"]').evaluate_all(
        "fs => fs.filter(f => f.contentWindow.gbrffChart.renders).map(f => f.getAttribute('aria-label'))")
    assert len(names) >= 3 and all(n.startswith("Figure") for n in names), names
    page.close()
