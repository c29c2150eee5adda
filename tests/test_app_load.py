"""Thirty students at once (issue 17, point 4): ``python -m pytest -m load tests/test_app_load.py``.

Starts the app on 127.0.0.1 (one Streamlit process), opens the playground in
30 Chromium contexts at once, each with its own parameters (data set, seed,
T: 30 different models to fit), waits for each player's first paint, then
presses play in every session and waits until each has shown its last frame.
Holds when every session reaches the end, none shows an error element, none
shows another session's data (no cross-talk) and the first paint of each
session is quick. Prints the figures the README quotes.

Excluded from the default run (``-m "not load"`` in pyproject.toml): it
takes a minute or two and all of a small machine. The 30 browsers run on the
same machine as the server here; in a class each student's laptop plays its
own frames, so the server's share is the fits and the first paints.
"""

import statistics
import time

import pytest

from tests.test_app_browser import ERRORS, browser, server, server_cpu_seconds  # noqa: F401 - fixtures

pytestmark = pytest.mark.load

SESSIONS = 30
FIRST_PAINT_SECONDS = 5.0
DATA = ("moons", "circles", "swiss", "board")


def session_query(k):
    return {"data": DATA[k % 4], "seed": str(k), "T": str(40 + 2 * k)}


def test_thirty_sessions_open_the_playground_and_play_to_the_end(server, browser):  # noqa: F811
    contexts, pages, opened = [], [], []
    cpu0 = server_cpu_seconds()
    for k in range(SESSIONS):
        ctx = browser.new_context(viewport={"width": 1280, "height": 900})
        page = ctx.new_page()
        query = "&".join(f"{a}={b}" for a, b in session_query(k).items())
        opened.append(time.time())
        page.goto(f"{server}/playground?{query}", wait_until="commit")
        contexts.append(ctx)
        pages.append(page)
    # first paint: the session's player has drawn its frames
    frames, first_paint = [None] * SESSIONS, [None] * SESSIONS
    deadline = time.time() + 300
    while None in first_paint and time.time() < deadline:
        for k, page in enumerate(pages):
            if first_paint[k] is not None:
                continue
            for frame in page.frames:
                try:
                    if frame.evaluate("!!(window.gbrffStats && window.gbrffStats.renders)"):
                        frames[k], first_paint[k] = frame, time.time() - opened[k]
                        break
                except Exception:  # a frame still loading
                    pass
        time.sleep(0.2)
    assert None not in first_paint, f"{first_paint.count(None)} sessions never drew"
    cpu_open = server_cpu_seconds() - cpu0
    # play everywhere at once
    cpu1 = server_cpu_seconds()
    t_play = time.time()
    for frame in frames:
        frame.click("#play")
    done = [None] * SESSIONS
    while None in done and time.time() < t_play + 300:
        for k, frame in enumerate(frames):
            if done[k] is None and frame.evaluate(
                    "!document.getElementById('play').textContent.startsWith('⏸') && "
                    "window.gbrffStats.shown.length > 1 && "
                    "window.gbrffStats.shown[window.gbrffStats.shown.length - 1] === S.labels[S.labels.length - 1]"):
                done[k] = time.time() - t_play
        time.sleep(0.3)
    cpu_play = server_cpu_seconds() - cpu1
    problems = []
    for k, (page, frame) in enumerate(zip(pages, frames)):
        q = session_query(k)
        if done[k] is None:
            problems.append(f"session {k} did not reach the end")
        if page.locator(ERRORS).count():
            problems.append(f"session {k}: {page.locator(ERRORS).first.inner_text()[:200]}")
        # no cross-talk: this session's data, T and seed, nobody else's
        labels = frame.evaluate("S.labels")
        caption = page.get_by_text(f"{q['data']}: ").first.inner_text() if page.get_by_text(f"{q['data']}: ").count() else ""
        if labels[-1] != int(q["T"]) or not caption.startswith(f"{q['data']}:") or f"seed={q['seed']}" not in page.url:
            problems.append(f"session {k}: T {labels[-1]} / caption {caption[:40]!r} / url {page.url}")
        shown = frame.evaluate("window.gbrffStats.shown")
        if shown[-len(labels):] != labels:
            problems.append(f"session {k} skipped frames")
    paints = sorted(first_paint)
    print(f"\n{SESSIONS} sessions: first paint median {statistics.median(paints):.1f} s, "
          f"max {paints[-1]:.1f} s; server CPU {cpu_open:.1f} s to open them all; "
          f"all {SESSIONS} played to the end in {max(d for d in done if d is not None):.1f} s "
          f"with {cpu_play:.2f} s of server CPU")
    for ctx in contexts:
        ctx.close()
    assert not problems, problems
    assert paints[-1] <= FIRST_PAINT_SECONDS, f"first paint up to {paints[-1]:.1f} s"
