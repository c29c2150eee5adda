"""A drag of a playground slider reruns the page once, on release, not once per value passed (issue 45, item 3).

Streamlit 1.67's slider (both ``st.slider`` and ``st.select_slider``: one frontend component, react-aria's
slider) keeps the values it passes under the mouse to itself (``onChange`` sets the thumb's local state) and
sends the widget's value only from ``onChangeEnd``, when the thumb is let go (streamlit/streamlit#11879,
"Update slider value on mouse release"; before it, a drag sent one value every 200 ms). This test holds
that behaviour against a future Streamlit: a real mouse drags the γ and T thumbs from their place to the
left end and on to the right end over about a second, and the test counts, on the page's websocket, the
rerun requests the browser sent (``BackMsg.rerun_script``) and the script runs the server started
(``ForwardMsg.new_session``, one per run).

Run with ``pytest -m browser tests/app/test_drag.py``.
"""

import time

import pytest

from tests.app.test_browser import ERRORS, browser, player_frame, server  # noqa: F401

pytestmark = pytest.mark.browser

DRAG_SECONDS = 1.0   # a student's sweep across the slider
MOVES = 50           # mouse positions along it (a value of T every 10, each of γ's 11 several times)


class Wire:
    """The page's websocket, decoded: when each rerun request went out, when each script run began and ended."""

    def __init__(self, page):
        self.reruns, self.runs, self.finished = [], [], []
        page.on("websocket", self._watch)

    def _watch(self, ws):
        from streamlit.proto.BackMsg_pb2 import BackMsg
        from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

        def sent(payload):
            if not isinstance(payload, (bytes, bytearray)):
                return
            if BackMsg.FromString(payload).WhichOneof("type") == "rerun_script":
                self.reruns.append(time.monotonic())

        def received(payload):
            if not isinstance(payload, (bytes, bytearray)):
                return
            kind = ForwardMsg.FromString(payload).WhichOneof("type")
            if kind == "new_session":
                self.runs.append(time.monotonic())
            elif kind == "script_finished":
                self.finished.append(time.monotonic())

        ws.on("framesent", sent)
        ws.on("framereceived", received)


def drag_across(page, label):
    """Drag the thumb of the sidebar slider labelled ``label`` to the left end, then to the right end, over
    :data:`DRAG_SECONDS`; (time pressed, time released, the slider's value shown just before the release)."""
    inp = page.locator('[data-testid="stSlider"]').filter(has_text=label).first.get_by_role("slider")
    thumb = inp.locator("xpath=../..")     # react-aria: the range input sits, hidden, in the thumb
    track = thumb.locator("xpath=..")
    thumb.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    tb, kb = thumb.bounding_box(), track.bounding_box()
    x0, y = tb["x"] + tb["width"] / 2, tb["y"] + tb["height"] / 2
    left, right = kb["x"] - 5, kb["x"] + kb["width"] + 5
    back = MOVES // 4
    path = [x0 + (left - x0) * k / back for k in range(1, back + 1)]
    path += [left + (right - left) * k / (MOVES - back) for k in range(1, MOVES - back + 1)]
    page.mouse.move(x0, y)
    page.mouse.down()
    pressed = time.monotonic()
    for k, x in enumerate(path, 1):
        page.mouse.move(x, y)
        wait = pressed + DRAG_SECONDS * k / len(path) - time.monotonic()
        if wait > 0:
            page.wait_for_timeout(wait * 1000)
    during = inp.get_attribute("aria-valuetext")
    page.mouse.up()
    return pressed, time.monotonic(), during, inp


@pytest.mark.parametrize("label, last", [("γ", "32.0"), ("Iterations T", "500")])
def test_a_drag_reruns_once_on_release(server, browser, label, last):  # noqa: F811
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    wire = Wire(page)
    page.goto(f"{server}/playground")
    frame = player_frame(page)
    deadline = time.time() + 60
    while not wire.finished:                        # the first run has ended: the page is idle
        assert time.time() < deadline, "the playground's first run did not finish"
        page.wait_for_timeout(100)
    page.wait_for_timeout(500)
    renders = frame.evaluate("window.gbrffStats.renders")
    reruns0, runs0 = len(wire.reruns), len(wire.runs)
    pressed, released, during, inp = drag_across(page, label)
    deadline = time.time() + 120
    while not (wire.runs[runs0:] and any(t > wire.runs[-1] for t in wire.finished)):   # the run has ended
        assert time.time() < deadline, f"no run of the page after the drag of {label}"
        page.wait_for_timeout(100)
    page.wait_for_timeout(1500)                     # a late rerun would have been sent by now
    reruns, runs = wire.reruns[reruns0:], wire.runs[runs0:]
    print(f"\n{label}: drag of {released - pressed:.2f} s over {MOVES} mouse positions; {len(reruns)} rerun "
          f"request(s) sent, the first {reruns[0] - released:+.3f} s after the release; "
          f"{len(runs)} script run(s) on the server")
    # the thumb followed the mouse to the end, and the page took that value
    assert during == last and inp.get_attribute("aria-valuetext") == last, (during, inp.get_attribute("aria-valuetext"))
    # nothing went out while the button was held; one run (two at most) for the whole drag
    assert all(t >= released - 0.05 for t in reruns), [round(t - pressed, 3) for t in reruns]
    assert 1 <= len(reruns) <= 2 and 1 <= len(runs) <= 2, (len(reruns), len(runs))
    # and the player drew the new model
    deadline = time.time() + 60
    while frame.evaluate("window.gbrffStats.renders") == renders:
        assert time.time() < deadline, f"the player did not draw the model of the dragged {label}"
        page.wait_for_timeout(100)
    assert page.locator(ERRORS).count() == 0
    page.close()
