"""Draw your own data, in Chromium: points clicked and painted onto the playground's picture are fitted, the
player keeps its iframe, the address carries the drawing (a fresh page opens on it), undo and clear work, and
the data download holds the drawn points. Screenshots at 1024×768 and 1920×1080 go to tests/artifacts/."""

import csv
import io
import time
from urllib.parse import parse_qs, urlparse

import numpy as np
import pytest

from tests.app.test_browser import ARTIFACTS, _no_errors, _settle, browser, player_frame, server  # noqa: F401

pytestmark = pytest.mark.browser

PLOT_BOX = """() => { const V = S.views[0], r = V.gd._lp.canvas.getBoundingClientRect(), a = LightPlot.axes(V.gd);
  return {l: r.left + a.x.offset, t: r.top + a.y.offset, w: a.x.length, h: a.y.length,
          x: a.x.range, y: a.y.range}; }"""


def _fitted(frame, timeout=60):
    """Wait until the player draws a payload fitted on the student's newest set; the seconds it took."""
    t0 = time.time()
    while True:
        s = frame.evaluate("gbrffDraw.state()")
        if s["fittedSeq"] >= s["seq"] and frame.evaluate("S.args.draw.seq") >= s["seq"]:
            return time.time() - t0
        assert time.time() - t0 < timeout, f"no refit of the drawing: {s}"
        time.sleep(0.02)


class Picture:
    """The playground's first figure in the page: clicks at fractions of its plot area."""

    def __init__(self, page, frame):
        self.page, self.frame = page, frame
        self.iframe = page.locator('iframe[title="appkit._player.frame_player"]').first

    def at(self, fx, fy):
        ib, box = self.iframe.bounding_box(), self.frame.evaluate(PLOT_BOX)
        return ib["x"] + box["l"] + fx * box["w"], ib["y"] + box["t"] + fy * box["h"]

    def data(self, fx, fy):
        box = self.frame.evaluate(PLOT_BOX)
        return box["x"][0] + fx * (box["x"][1] - box["x"][0]), box["y"][1] - fy * (box["y"][1] - box["y"][0])

    def click(self, fx, fy):
        self.page.mouse.click(*self.at(fx, fy))


def _shown_points(frame):
    """The points of the first figure as the player draws them (train and test traces), in the plane."""
    return frame.evaluate("""() => S.views[0].cur.data.filter(t => /^(train|test) /.test(t.name || ""))
        .flatMap(t => Array.from(t.x).map((x, i) => [x, t.y[i], t.name.endsWith("+1") ? 1 : -1]))""")


@pytest.mark.parametrize("size", [(1024, 768), (1920, 1080)], ids=["1024x768", "1920x1080"])
def test_clicked_points_are_fitted_in_place(server, browser, size):  # noqa: F811
    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, accept_downloads=True)
    page.goto(f"{server}/playground?data=draw", wait_until="domcontentloaded")
    frame = player_frame(page)
    _settle(page)
    frame.evaluate("window.__kept = 'same iframe'")
    pic = Picture(page, frame)
    # the picture at the top of the screen: its plot grows to the screen's height (a plot of 500 px and more for
    # the back of a room), so at 1024×768 its lower half starts below the first screen
    pic.iframe.evaluate("f => f.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(300)
    assert frame.evaluate("gbrffDraw.state()")["fitted"] == 16  # the seed set
    grid0 = frame.evaluate("window.__gbrffGrid(100)")
    # three clicks of class +1 on the left, each fitted before the next
    waits = []
    frame.click("#cls-pos")
    for fx, fy in [(0.2, 0.2), (0.25, 0.3), (0.3, 0.2)]:
        pic.click(fx, fy)
        waits.append(_fitted(frame))
    # a painted stroke of class −1 on the right: one point every 14 px or more
    frame.click("#cls-neg")
    x0, y0 = pic.at(0.6, 0.5)  # in the first screen at 1024×768 too (the plot runs below it)
    page.mouse.move(x0, y0)
    page.mouse.down()
    for k in range(1, 7):
        page.mouse.move(x0 + 15 * k, y0 - 10 * k, steps=3)
    page.mouse.up()
    waits.append(_fitted(frame))
    state = frame.evaluate("gbrffDraw.state()")
    assert len(state["points"]) >= 16 + 3 + 6 and state["fitted"] == len(state["points"])
    assert [p[2] for p in state["points"][16:19]] == [1, 1, 1] and {p[2] for p in state["points"][19:]} == {-1}
    _settle(page)
    # the picture is the model of the drawn set: its points are the drawing's, and its vote has moved
    shown = sorted(map(tuple, np.round(_shown_points(frame), 6).tolist()))
    want = sorted((round(i * 0.02 - 2.5, 6), round(j * 0.02 - 2.5, 6), c) for i, j, c in state["points"])
    assert shown == want
    x, y = pic.data(0.2, 0.2)
    assert any(abs(a - x) < 0.03 and abs(b - y) < 0.03 and c == 1 for a, b, c in shown)
    assert frame.evaluate("window.__gbrffGrid(100)") != grid0
    assert frame.evaluate("window.__kept") == "same iframe"  # the player was never remounted
    starts = frame.evaluate("window.gbrffStats.starts")
    assert set(starts.values()) == {1}, starts  # one render per payload
    # the address carries the drawing; a fresh page opens on it
    pts = parse_qs(urlparse(page.url).query)["pts"][0]
    from appkit._drawing import decode

    q, labels = decode(pts)
    assert [[int(a), int(b), int(c)] for (a, b), c in zip(q, labels)] == state["points"]
    page.screenshot(path=str(ARTIFACTS / f"draw_{size[0]}x{size[1]}.png"))
    _no_errors(page, f"draw_{size[0]}")
    other = browser.new_page(viewport={"width": size[0], "height": size[1]})
    other.goto(page.url, wait_until="domcontentloaded")
    f2 = player_frame(other)
    assert f2.evaluate("gbrffDraw.state()")["points"] == state["points"]
    other.close()
    # the data download holds the drawn points, each with its split
    page.locator('[data-testid="stMain"] [data-testid="stExpander"] summary', has_text="Downloads").click()
    _settle(page)
    with page.expect_download(timeout=60_000) as dl:
        page.get_by_role("button", name="data set (CSV)").click()
    assert dl.value.suggested_filename == "gbrff-playground-data-drawn.csv"
    rows = list(csv.DictReader(io.StringIO(open(dl.value.path()).read())))
    assert sorted((float(r["x1"]), float(r["x2"]), int(r["label"])) for r in rows) == want
    assert {r["split"] for r in rows} == {"train", "test"}
    # undo takes the stroke back; clear leaves the empty area, no model, the same iframe
    frame.click("#undo")
    _fitted(frame)
    assert len(frame.evaluate("gbrffDraw.state()")["points"]) == 19
    frame.click("#clear")
    _fitted(frame)
    _settle(page)
    assert frame.evaluate("gbrffDraw.state()")["fitted"] == 0
    assert page.get_by_text("no model yet").count() >= 1
    frame.click("#cls-pos")
    pic.click(0.5, 0.5)
    _fitted(frame)
    assert frame.evaluate("gbrffDraw.state()")["fitted"] == 1
    assert frame.evaluate("window.__kept") == "same iframe"
    page.screenshot(path=str(ARTIFACTS / f"draw_empty_{size[0]}x{size[1]}.png"))
    _no_errors(page, f"draw_empty_{size[0]}")
    print(f"click → refitted picture (s) at {size}: {[round(w, 2) for w in waits]}")
    page.close()


def test_points_drawn_by_keyboard_alone(server, browser):  # noqa: F811
    """Drawing without a mouse (issue 48.5, every control operable by keyboard): Tab reaches the drawing area (a
    focus ring, its keys described), the arrows move a cursor (Shift: farther), Enter and Space add a point of the
    chosen class, C switches the class, Backspace takes the last point back; each change is said and fitted, and
    the address carries it."""
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(f"{server}/playground?data=draw", wait_until="domcontentloaded")
    frame = player_frame(page)
    _settle(page)
    # Tab from the player's first button to the drawing area, through the drawing tools
    frame.focus("#reset")
    for _ in range(30):
        if frame.evaluate("document.activeElement.classList.contains('drawarea')"):
            break
        page.keyboard.press("Tab")
    area = frame.locator(".drawarea")
    assert frame.evaluate("document.activeElement.classList.contains('drawarea')"), "Tab never reaches the drawing"
    assert area.get_attribute("role") == "application"
    helptext = frame.evaluate("document.getElementById(document.activeElement.getAttribute('aria-describedby'))"
                              ".textContent")
    assert all(w in helptext for w in ("Arrow keys", "Shift", "Enter or Space", "Backspace")), helptext
    assert frame.evaluate("getComputedStyle(document.activeElement).outlineStyle") == "solid"  # the focus ring
    assert frame.locator(".kcursor").is_visible()
    assert "Enter adds" in frame.locator("#drawnote").text_content()  # the keys in sight, for a sighted user too
    said = frame.locator("#drawsaid")
    assert said.get_attribute("aria-live") == "polite"
    n0 = len(frame.evaluate("gbrffDraw.state()")["points"])
    c0 = frame.evaluate("gbrffDraw.state()")["cursor"]
    # three points: +1 three steps right; +1 one big step up; −1 (C) two steps left of the centre
    for key in ("ArrowRight",) * 3:
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    _fitted(frame)
    assert said.text_content() == f"point {n0 + 1} added, class +1 at (0.3, 0)"
    page.keyboard.press("Shift+ArrowUp")
    page.keyboard.press(" ")
    _fitted(frame)
    assert said.text_content() == f"point {n0 + 2} added, class +1 at (0.3, 0.5)"
    page.keyboard.press("c")
    assert said.text_content() == "class −1 chosen"
    for key in ("Shift+ArrowDown", "ArrowLeft", "ArrowLeft", "ArrowDown", "ArrowDown", "ArrowDown"):
        page.keyboard.press(key)
    page.keyboard.press("Enter")
    _fitted(frame)
    assert said.text_content() == f"point {n0 + 3} added, class −1 at (0.1, −0.3)"
    # the focus stayed on the drawing through three refits (each payload draws a new figure)
    assert frame.evaluate("document.activeElement.classList.contains('drawarea')")
    state = frame.evaluate("gbrffDraw.state()")
    i0, j0 = c0
    assert state["points"][n0:] == [[i0 + 15, j0, 1], [i0 + 15, j0 + 25, 1], [i0 + 5, j0 - 15, -1]]
    assert state["fitted"] == n0 + 3 and frame.evaluate("S.args.draw.seq") == state["seq"]
    _settle(page)
    from appkit._drawing import decode

    q, labels = decode(parse_qs(urlparse(page.url).query)["pts"][0])
    assert [[int(a), int(b), int(c)] for (a, b), c in zip(q, labels)] == state["points"]
    # the model refitted on them: the picture's points are the drawing's
    shown = sorted(map(tuple, np.round(_shown_points(frame), 6).tolist()))
    assert (0.3, 0.5, 1) in shown and (0.1, -0.3, -1) in shown
    page.screenshot(path=str(ARTIFACTS / "draw_keyboard_1280x900.png"))
    # Backspace takes the last point back; the player's space and arrows do nothing here
    t = frame.evaluate("S.labels[S.k]")
    page.keyboard.press("Backspace")
    _fitted(frame)
    assert len(frame.evaluate("gbrffDraw.state()")["points"]) == n0 + 2
    assert said.text_content() == f"point {n0 + 3} taken back: {n0 + 2} points"
    assert frame.evaluate("S.labels[S.k]") == t
    _no_errors(page, "draw_keyboard")
    page.close()
