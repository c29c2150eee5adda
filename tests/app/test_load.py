"""Thirty students at once (issues 17 and 45): ``python -m pytest -m load tests/app/test_load.py -s``.

Starts the app on 127.0.0.1 (one Streamlit process) and opens the playground
in 30 sessions at once, each with its own parameters (data set, seed, T:
30 different models to fit). Twenty-seven of them are websocket clients that
speak Streamlit's protocol (a ``BackMsg`` asking for the page with its query
string, then the ``ForwardMsg`` deltas until the run finishes): the machine
measures the server, not 27 browsers drawing; their first paint is the time
until the session has received its player with all its frames. The other
:data:`BROWSERS` are what a student sees: real headless Chromium pages, each in
a fresh browser context (nothing cached), navigated at the same moment as the
websocket sessions connect. Each reports, from its navigation:

- its *picture*: the player's first frame drawn, read in the player's own
  frame (``window.gbrffStats``: ``stamps[0]``, pushed once the frame's figures
  are drawn, on the frame's clock) — the player's statistics, kept whatever
  draws its figures (plotly.js before issue 45, the canvas renderer after);
- *drawn and quiet*, as ``../shared/checks/app-latency`` defines it (:data:`INIT`:
  no DOM change, canvas drawing, long task, request in flight or running/stale
  widget for :data:`QUIET_MS` in any frame, and a picture of at least
  200 × 150 px on the page), counted from the player's picture on;
- its bytes on a first visit: HTTP response bodies as received (encoded) and
  websocket frames received, to drawn and quiet; beside them the websocket
  clients' bytes (every frame of their first run).

Then 30 sessions (27 clients, 3 browsers) open one shared link at once (a class
following the teacher's link, which the teacher opened first: one model, fitted
once). Before either round the teacher has opened the playground once in a
browser (the engine compiles once per server, and Streamlit reads its scripts
from disk once: not a student's wait). Then Streamlit's floor under the same load:
the three browsers open a one-line Streamlit page (its own server, the app's
config) while 27 clients open the playground, which says how much of the
browsers' wait is Streamlit's own boot on these cores. Then three sessions in headless Chromium
press play and must show every frame to the end while the server stays idle
(the frames play in the browser). Last, a class as it is: in each of six rounds
(three of own models, three on the shared link) 30 sessions open at once, one
of them a real Chromium page and 29 websocket clients — a student's browser
runs on the student's machine, so one page a round shares the server's cores
with the server's work for the whole class (pessimistic: in a room it has cores
of its own).

Holds when every session gets its own picture (its data set in the caption, its
T in the player: no cross-talk), no session shows an exception, no page fetches
anything from outside the machine, the three browsers play every frame with the
server idle, every websocket first paint arrives within
:data:`FIRST_PAINT_SECONDS` (issue 17's 5 s), every Chromium picture too, and
the real page of every class on the teacher's link has its picture within
:data:`PICTURE_SECONDS` (issue 45's 3 s). Printed, not held to 3 s: the real
page of a class of thirty models of its own (served after the 29 clients,
whose websockets open a second before its own), and the three pages opened at
once, beside Streamlit's floor (three students' browsers on the server's two
cores is no class's situation). First paints come in first because
the server's gate (``appkit/_gate.py``) lets each page's picture go before the
rest of the other pages, and a fresh session costs the server ~0.2 s of CPU
(``.streamlit/config.toml``: no source watcher, no magic, no GC after a run).
The figures need the machine's cores (2 here, shared by the server, the 27
clients and the 3 browsers): the test prints the load average beside them (run
it on a quiet machine). Prints the figures ``benchmarks/HISTORY.md`` records. Left out of every
run whose ``-m`` does not name ``load`` (tests/conftest.py).
"""

import asyncio
import json
import os
import re
import statistics
import time
from urllib.parse import urlencode, urlsplit

import pytest

from tests._benchmarks import load_benchmark

from tests.app.test_browser import (CHROMIUM, CHROMIUM_ARGS, ERRORS, browser, play_to_the_end,  # noqa: F401
                                    player_frame, server, server_cpu_seconds, stop, streamlit_server)

websockets = pytest.importorskip("websockets")
pytestmark = pytest.mark.load

SESSIONS = 30
BROWSERS = 3               # of the thirty, real Chromium pages (the rest websocket clients)
FIRST_PAINT_SECONDS = 5.0  # issue 17's target for the websocket clients, thirty students at once
PICTURE_SECONDS = 3.0      # issue 45's target: a real page of a class on the teacher's link, its picture
QUIET_MS = 600             # app-latency's "quiet": nothing happened in any frame for this long
VISIT_SECONDS = 120        # a page not drawn and quiet by then is reported as never
DATA = ("moons", "circles", "swiss", "board")

# ../shared/checks/app-latency's instrumentation, run in every frame before the page's own scripts: the last
# moment of activity (a DOM change, the end of a long task, a canvas drawing call), in ms since the epoch; one
# copy, the benchmark's (benchmarks/app_latency.py measures the same way)
INIT = load_benchmark("app_latency").INIT
# Streamlit's floor (issue 45's evidence): its one-line page and the stamps of its text on the page's clock, the
# benchmark's too
BOOT_SCRIPT, STAMPS = load_benchmark("app_latency").BOOT_SCRIPT, load_benchmark("app_latency").STAMPS
# One look at a page, from its top frame through its frames (the player's iframe is of the same origin): the
# last activity in any frame, a running or stale widget (app-latency's busy), a picture of at least 200 × 150
# px in any frame (app-latency's has_picture), and the player's first frame drawn: [when (ms since the epoch,
# on the player frame's clock), its iteration]. One evaluation a poll rather than one per frame, and the
# picture's size (which lays the page out) only once the rest says quiet, as app-latency asks it: three pages
# polled ten times a second must not take the cores the server and their own drawing need.
SNAPSHOT = """lookForPicture => {
  const out = {act: 0, pic: false, picture: null, unreachable: 0,
               busy: document.querySelectorAll('[data-testid="stStatusWidget"], [data-stale="true"], '
                                               + '[data-testid="stSkeleton"]').length > 0};
  const big = doc => Array.from(doc.querySelectorAll('canvas, svg.main-svg')).some(e => {
    const r = e.getBoundingClientRect(); return r.width >= 200 && r.height >= 150; });
  const visit = w => {
    let doc;
    try { doc = w.document; doc.body; } catch (e) { out.unreachable += 1; return; }
    out.act = Math.max(out.act, w.__act || 0);
    if (lookForPicture && !out.pic && doc && big(doc)) out.pic = true;   // a layout: only when asked
    const st = w.gbrffStats;
    if (!out.picture && st && st.shown && st.shown.length) {
      out.picture = [w.performance.timeOrigin + st.stamps[0], st.shown[0]];
    }
    for (let i = 0; i < w.frames.length; i++) visit(w.frames[i]);
  };
  visit(window);
  return out;
}"""


def _local(url):
    """Whether the page asked the machine itself (the app serves everything; nothing comes from outside)."""
    parts = urlsplit(url)
    return parts.scheme in ("data", "blob", "about") or parts.hostname in ("127.0.0.1", "localhost")


class Student:
    """One student's first visit in a fresh Chromium context (Playwright's async API): when the picture is on
    the screen, when the page is drawn and quiet, and the bytes it received."""

    @classmethod
    async def arrive(cls, browser):
        self = cls()
        self.ctx = await browser.new_context(viewport={"width": 1280, "height": 800})
        await self.ctx.add_init_script(INIT)
        self.page = await self.ctx.new_page()
        self.inflight, self.requests, self.ws_bytes, self.outside = 0, [], 0, []
        self.page.on("request", self._request)
        self.page.on("requestfinished", self._finished)
        self.page.on("requestfailed", self._failed)
        self.page.on("websocket", lambda ws: ws.on("framereceived", self._frame))
        return self

    def _request(self, request):
        self.inflight += 1
        if not _local(request.url):
            self.outside.append(request.url)

    def _finished(self, request):
        self.inflight = max(0, self.inflight - 1)
        self.requests.append(request)

    def _failed(self, request):
        self.inflight = max(0, self.inflight - 1)

    def _frame(self, payload):
        self.ws_bytes += len(payload.encode() if isinstance(payload, str) else payload)

    async def _look(self, picture=False):
        try:
            snap = await self.page.evaluate(SNAPSHOT, picture)
        except Exception:  # the document is being replaced (the navigation's commit)
            return None
        if snap["unreachable"]:  # a frame of another origin: ask each frame, as app-latency does
            snap["act"] = 0
            for frame in self.page.frames:
                try:
                    snap["act"] = max(snap["act"], await frame.evaluate("window.__act || 0"))
                except Exception:
                    pass
        return snap

    async def visit(self, url, query):
        """Open ``url``/playground?``query`` now; picture and quiet in seconds from the navigation."""
        out = {"query": query, "picture": float("inf"), "quiet": float("inf"), "start": None, "problems": []}
        t0 = time.time() * 1000
        await self.page.goto(f"{url}/playground?{urlencode(query)}", wait_until="commit",
                             timeout=VISIT_SECONDS * 1000)
        deadline = time.monotonic() + VISIT_SECONDS
        while time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            snap = await self._look()
            if snap is None:
                continue
            if out["start"] is None and snap["picture"]:
                out["picture"] = (snap["picture"][0] - t0) / 1000
                out["start"] = snap["picture"][1]
            if (out["start"] is not None and snap["act"] and time.time() * 1000 - snap["act"] >= QUIET_MS
                    and not snap["busy"] and self.inflight == 0):
                again = await self._look(picture=True)   # app-latency's has_picture, and nothing since
                if again is not None and again["pic"] and again["act"] == snap["act"]:
                    out["quiet"] = (snap["act"] - t0) / 1000
                    break
        http = 0
        for request in self.requests:
            try:
                http += max(0, (await request.sizes())["responseBodySize"])
            except Exception:  # a request whose sizes the browser no longer holds: not counted
                pass
        out["http_bytes"], out["ws_bytes"] = http, self.ws_bytes
        caption = (await self.page.get_by_text(re.compile(rf"^{query['data']}: \d+ training")).count()
                   if "data" in query else 1)
        errors = await self.page.locator(ERRORS).count()
        if errors or not caption or self.outside:
            out["problems"].append(f"{errors} error(s), caption {'found' if caption else 'missing'}, "
                                   f"fetched from outside: {self.outside[:3]}")
        await self.ctx.close()
        return out


    async def visit_floor(self, url):
        """Open Streamlit's one-line page at ``url`` now: seconds from the navigation until its text is shown
        (stamped on the page's clock as it appears)."""
        await self.ctx.add_init_script(STAMPS)
        t0 = time.time() * 1000
        await self.page.goto(url, wait_until="commit", timeout=VISIT_SECONDS * 1000)
        shown, deadline = None, time.monotonic() + VISIT_SECONDS
        while shown is None and time.monotonic() < deadline:
            await asyncio.sleep(0.1)
            try:
                shown = await self.page.evaluate("window.__shown || null")
            except Exception:  # the document is being replaced
                pass
        await self.ctx.close()
        return {"picture": (shown - t0) / 1000 if shown else float("inf")}


def session_query(k):
    return {"data": DATA[k % 4], "seed": str(k), "T": str(40 + 2 * k)}


async def open_page(url, query, page="playground"):
    """One session: ask for ``page`` with ``query`` and read the deltas until the run finishes (the bytes of
    every frame received counted)."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    t0 = time.perf_counter()
    out = {"errors": [], "texts": [], "player": None, "bytes": 0}
    async with websockets.connect(url.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"],
                                  max_size=None, open_timeout=60) as ws:
        msg = BackMsg()
        msg.rerun_script.query_string = "&".join(f"{k}={v}" for k, v in query.items())
        msg.rerun_script.page_name = page
        await ws.send(msg.SerializeToString())
        while True:
            data = await asyncio.wait_for(ws.recv(), 300)
            out["bytes"] += len(data)
            fm = ForwardMsg.FromString(data)
            kind = fm.WhichOneof("type")
            if kind == "delta" and fm.delta.WhichOneof("type") == "new_element":
                el = fm.delta.new_element
                which = el.WhichOneof("type")
                if which == "exception":
                    out["errors"].append(el.exception.message)
                elif which == "component_instance" and "payload" in el.component_instance.json_args:
                    out["player"] = json.loads(el.component_instance.json_args)
                    out["first_paint"] = time.perf_counter() - t0
                elif which in ("markdown", "caption"):
                    out["texts"].append(getattr(el, which).body)
            elif kind == "script_finished" and (out["player"] is not None or out["errors"]):
                out["finished"] = time.perf_counter() - t0
                return out


async def open_all(url, queries):
    return await asyncio.gather(*[open_page(url, q) for q in queries])


def run_async(coro):
    """Run ``coro`` to its end in a thread of its own (Playwright's sync API holds this thread's loop)."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def a_round(url, browser, queries, browsers=BROWSERS):
    """Open the playground for ``queries`` at once: the first ``browsers`` in fresh Chromium contexts (made
    ready before the moment), the others as websocket clients; (clients' results, browsers' results, seconds
    until the last of them was done, server CPU seconds)."""
    students = [await Student.arrive(browser) for _ in queries[:browsers]]
    cpu0 = server_cpu_seconds()
    t0 = time.perf_counter()
    results = await asyncio.gather(*[open_page(url, q) for q in queries[browsers:]],
                                   *[s.visit(url, q) for s, q in zip(students, queries)])
    wall = time.perf_counter() - t0
    n = len(queries) - browsers
    return results[:n], results[n:], wall, server_cpu_seconds() - cpu0


async def a_floor_round(url, boot_url, browser, queries):
    """Streamlit's floor under the same load: the first :data:`BROWSERS` open a one-line Streamlit page (its own
    server, the app's config) in fresh Chromium contexts while the others open the playground as websocket
    clients. The one-line pages' seconds to their text."""
    students = [await Student.arrive(browser) for _ in queries[:BROWSERS]]
    results = await asyncio.gather(*[open_page(url, q) for q in queries[BROWSERS:]],
                                   *[s.visit_floor(boot_url) for s in students])
    return results[len(queries) - BROWSERS:]


async def a_lesson(url, shared, boot_url=None):
    """The teacher opens the playground in a browser, then the two rounds: thirty students each with a model of
    their own, then thirty on the teacher's link (which the teacher opened first). The teacher's visit (alone on
    the server) and both rounds' results."""
    from playwright.async_api import async_playwright

    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        try:
            teacher = await Student.arrive(browser)
            alone = await teacher.visit(url, {})  # the engine compiles once per server: not a student's wait
            own = await a_round(url, browser, [session_query(k) for k in range(SESSIONS)])
            await open_page(url, shared)
            same = await a_round(url, browser, [shared] * SESSIONS)
            floor = None
            if boot_url:
                first = await Student.arrive(browser)
                await first.visit_floor(boot_url)  # the one-line server's first run: not a student's wait
                floor = await a_floor_round(url, boot_url, browser,
                                            [session_query(k + SESSIONS) for k in range(SESSIONS)])
            # a class as it is: each student's browser on the student's own machine, the server's cores for the
            # thirty sessions; one real page a round (its browser shares the server's cores, as the server's
            # own work), the other 29 websocket clients; BROWSERS rounds of each kind
            apart = []
            for r in range(BROWSERS):
                apart.append(await a_round(url, browser, [session_query(k + (2 + r) * SESSIONS)
                                                          for k in range(SESSIONS)], browsers=1))
                apart.append(await a_round(url, browser, [shared] * SESSIONS, browsers=1))
        finally:
            await browser.close()
    return alone, own, same, floor, apart


def _kb(values):
    return f"{statistics.median(values) / 1e3:,.0f} kB"


def _seconds(values):
    return ", ".join(f"{v:.2f}" for v in values)


def _class_mb(students):
    return f"{SESSIONS * statistics.median(r['http_bytes'] + r['ws_bytes'] for r in students) / 1e6:,.0f} MB"


def _summary(clients, students, wall, cpu):
    paints = sorted(r.get("first_paint", float("inf")) for r in clients)
    return (f"websocket clients' first paint median {statistics.median(paints):.2f} s, max {paints[-1]:.2f} s "
            f"(all {len(clients) + len(students)} done in {wall:.2f} s), server CPU {cpu:.2f} s; "
            f"Chromium picture {_seconds(r['picture'] for r in students)} s, drawn and quiet "
            f"{_seconds(r['quiet'] for r in students)} s; bytes per student on a first visit: "
            f"Chromium {_kb([r['http_bytes'] for r in students])} HTTP + {_kb([r['ws_bytes'] for r in students])} "
            f"websocket (median; {SESSIONS} such students: {_class_mb(students)}), a websocket client "
            f"{_kb([r['bytes'] for r in clients])}")


def test_thirty_sessions_open_the_playground_and_play(server, browser, tmp_path):  # noqa: F811
    load = os.getloadavg()[0]
    shared = {"data": "circles", "T": "60", "gamma": "2.0", "seed": "77"}
    (tmp_path / "boot.py").write_text(BOOT_SCRIPT)  # Streamlit's one-line page, served with the app's config
    boot_url, boot = streamlit_server(str(tmp_path / "boot.py"))
    try:
        alone, (own, own_students, wall, cpu), (same, same_students, wall_same, cpu_same), floor, apart = run_async(
            a_lesson(server, shared, boot_url))
    finally:
        stop(boot)
    problems = []
    queries = [session_query(k) for k in range(SESSIONS)]
    for k, r in zip(range(BROWSERS, SESSIONS), own):
        q = queries[k]
        if r["errors"]:
            problems.append(f"session {k}: {r['errors'][0][:200]}")
        captions = [t for t in r["texts"] if " training and " in t]
        if not captions or not captions[0].startswith(f"{q['data']}:") or r["player"]["start"] != int(q["T"]):
            problems.append(f"session {k} shows another picture: {captions[:1]}, start {r['player']['start']}")
    for k, r in enumerate(same):
        if r["errors"] or r["player"]["start"] != 60:
            problems.append(f"shared-link session {k}: {r['errors'][:1]}, start {r['player']['start']}")
    apart_students = [r for _, students, _, _ in apart for r in students]
    for where, students in (("own model", own_students), ("shared link", same_students),
                            ("one browser a class", apart_students)):
        for r in students:
            if r["start"] != int(r["query"]["T"]) or r["problems"]:
                problems.append(f"Chromium, {where}, {r['query']}: player at {r['start']}, {r['problems']}")
    # three of them in a real browser: press play, every frame to the end, the server idle
    plays = []
    for k in range(3):
        q = session_query(k)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{server}/playground?" + "&".join(f"{a}={b}" for a, b in q.items()))
        frame = player_frame(page)
        cpu1 = server_cpu_seconds()
        shown, stamps, labels = play_to_the_end(frame)
        cpu_play = server_cpu_seconds() - cpu1
        fps = (len(stamps) - 1) / max((stamps[-1] - stamps[0]) / 1000, 1e-9)
        plays.append((len(shown), fps, cpu_play))
        if shown != labels or page.locator(ERRORS).count():
            problems.append(f"browser session {k}: frames {shown[:5]}… of {labels[:5]}…")
        page.close()
    print(f"\nload average {load:.1f} before, {os.getloadavg()[0]:.1f} after (2 cores); {SESSIONS} sessions "
          f"at once ({SESSIONS - BROWSERS} websocket clients, {BROWSERS} Chromium pages); the teacher's visit "
          f"of the fresh server before them: picture {alone['picture']:.2f} s, drawn and quiet {alone['quiet']:.2f} s\n"
          f"each its own model: {_summary(own, own_students, wall, cpu)}\n"
          f"one shared link: {_summary(same, same_students, wall_same, cpu_same)}\n"
          f"Streamlit's floor, the same load: {BROWSERS} Chromium pages opening a one-line Streamlit page while "
          f"{SESSIONS - BROWSERS} websocket clients open the playground: its text shown after "
          f"{_seconds(r['picture'] for r in floor)} s\n"
          f"one Chromium page among {SESSIONS} sessions (29 websocket clients), {2 * BROWSERS} classes, own models "
          f"and the shared link in turn: picture {_seconds(r['picture'] for r in apart_students)} s, drawn and "
          f"quiet {_seconds(r['quiet'] for r in apart_students)} s; websocket first paint max "
          f"{max(c.get('first_paint', float('inf')) for clients, _, _, _ in apart for c in clients):.2f} s\n"
          + "; ".join(f"play: {n} frames at {fps:.1f}/s, server CPU {c:.2f} s" for n, fps, c in plays))
    assert not problems, problems
    # Every student sees a picture within 5 s (the websocket clients: the player's message received; every real
    # page too), and in a class on the teacher's link (the lesson's way in) the real page has its picture on the
    # screen within 3 s: both reported when late. What a student waits for is the server under the whole class
    # plus the student's own browser, which runs on the student's machine: a round of one Chromium page and 29
    # clients measures that (pessimistically: that browser shares the server's 2 cores). Not held to 3 s, printed:
    # - a class of thirty models of their own: the server fits 30 models (about 2.8 core-seconds, one GIL) and
    #   the real page, whose websocket opens a second after the clients' (Streamlit's frontend boots first),
    #   is served last: its picture follows the last client's first paint (3.6 s on the idle machine);
    # - three Chromium pages opened at once on the server's cores, something no class does (three students'
    #   browsers on the server), printed beside Streamlit's floor in the same situation. On this machine, idle
    #   (2026-11-28): 4.1-4.8 s, and Streamlit's one-line page three at once 2.4-2.6 s: a fresh Chromium visit
    #   costs about 2.5 core-seconds for the playground and 1.5 for the one-line page, 0.5 of either in headless
    #   Chromium's own user-interface renderer (benchmarks/HISTORY.md).
    clients = own + same + [c for clients, _, _, _ in apart for c in clients]
    paints = max(r.get("first_paint", float("inf")) for r in clients)
    every = max(r["picture"] for r in own_students + same_students + apart_students)
    linked = [r for r in apart_students if r["query"] == shared]
    pictures = max(r["picture"] for r in linked)
    late = [f"websocket first paint up to {paints:.1f} s > {FIRST_PAINT_SECONDS} s"] * (paints > FIRST_PAINT_SECONDS)
    late += [f"a Chromium picture after {every:.1f} s > {FIRST_PAINT_SECONDS} s"] * (every > FIRST_PAINT_SECONDS)
    late += [f"the last Chromium picture of a class on the teacher's link after {pictures:.1f} s > "
             f"{PICTURE_SECONDS} s ({_seconds(r['picture'] for r in linked)})"] * (pictures > PICTURE_SECONDS)
    assert not late, f"{'; '.join(late)}; load average {load:.1f} before"
