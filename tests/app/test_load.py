"""Thirty students at once (issue 17, point 4): ``python -m pytest -m load tests/app/test_load.py -s``.

Starts the app on 127.0.0.1 (one Streamlit process) and opens the playground
in 30 sessions at once, each with its own parameters (data set, seed, T:
30 different models to fit). The sessions are websocket clients that speak
Streamlit's protocol (a ``BackMsg`` asking for the page with its query
string, then the ``ForwardMsg`` deltas until the run finishes), so that the
machine measures the server, not 30 browsers drawing. First paint is the
time until the session has received its player with all its frames. Then
three sessions in headless Chromium press play and must show every frame to
the end while the server stays idle (the frames play in the browser).

Then 30 sessions open one shared link at once (a class following the
teacher's link, which the teacher opened first: one model, fitted once). Holds when every session gets its
own picture (its data set in the caption, its T in the player: no
cross-talk), no session shows an exception, the three browsers play every
frame with the server idle, and every first paint arrives within
:data:`FIRST_PAINT_SECONDS` (the issue's 5 s). First paints come in first because the
server's gate (``appkit/_gate.py``) lets each page's picture go before the rest of
the other pages, and a fresh session costs the server ~0.2 s of CPU
(``.streamlit/config.toml``: no source watcher, no magic, no GC after a run). The
figure needs the machine's cores: it prints the load average beside it (run it on a
quiet machine). Prints the figures the README quotes. Left out of every run whose ``-m``
does not name ``load`` (tests/conftest.py).
"""

import asyncio
import json
import os
import statistics
import time

import pytest

from tests.app.test_browser import (ERRORS, browser, play_to_the_end, player_frame, server,  # noqa: F401
                                    server_cpu_seconds)

websockets = pytest.importorskip("websockets")
pytestmark = pytest.mark.load

SESSIONS = 30
FIRST_PAINT_SECONDS = 5.0  # the target, for thirty students at once
DATA = ("moons", "circles", "swiss", "board")


def session_query(k):
    return {"data": DATA[k % 4], "seed": str(k), "T": str(40 + 2 * k)}


async def open_page(url, query, page="playground"):
    """One session: ask for ``page`` with ``query`` and read the deltas until the run finishes."""
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    t0 = time.perf_counter()
    out = {"errors": [], "texts": [], "player": None}
    async with websockets.connect(url.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"],
                                  max_size=None, open_timeout=60) as ws:
        msg = BackMsg()
        msg.rerun_script.query_string = "&".join(f"{k}={v}" for k, v in query.items())
        msg.rerun_script.page_name = page
        await ws.send(msg.SerializeToString())
        while True:
            fm = ForwardMsg.FromString(await asyncio.wait_for(ws.recv(), 300))
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


def test_thirty_sessions_open_the_playground_and_play(server, browser):  # noqa: F811
    run_async(open_page(server, {}))  # the engine compiles once per server: not a student's wait
    load = os.getloadavg()[0]
    cpu0 = server_cpu_seconds()
    t0 = time.perf_counter()
    results = run_async(open_all(server, [session_query(k) for k in range(SESSIONS)]))
    wall = time.perf_counter() - t0
    cpu_open = server_cpu_seconds() - cpu0
    problems = []
    for k, r in enumerate(results):
        q = session_query(k)
        if r["errors"]:
            problems.append(f"session {k}: {r['errors'][0][:200]}")
        captions = [t for t in r["texts"] if " training and " in t]
        if not captions or not captions[0].startswith(f"{q['data']}:") or r["player"]["start"] != int(q["T"]):
            problems.append(f"session {k} shows another picture: {captions[:1]}, start {r['player']['start']}")
    paints = sorted(r["first_paint"] for r in results)
    # a class: thirty students open the teacher's link (one model, fitted once for all)
    shared = {"data": "circles", "T": "60", "gamma": "2.0", "seed": "77"}
    run_async(open_page(server, shared))  # the teacher opened it first
    t1 = time.perf_counter()
    same = run_async(open_all(server, [shared] * SESSIONS))
    wall_same = time.perf_counter() - t1
    for k, r in enumerate(same):
        if r["errors"] or r["player"]["start"] != 60:
            problems.append(f"shared-link session {k}: {r['errors'][:1]}, start {r['player']['start']}")
    paints_same = sorted(r["first_paint"] for r in same)
    # three of them in a real browser: press play, every frame to the end, the server idle
    plays = []
    for k in range(3):
        q = session_query(k)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{server}/playground?" + "&".join(f"{a}={b}" for a, b in q.items()))
        frame = player_frame(page)
        cpu1 = server_cpu_seconds()
        shown, stamps, labels = play_to_the_end(frame)
        cpu = server_cpu_seconds() - cpu1
        fps = (len(stamps) - 1) / max((stamps[-1] - stamps[0]) / 1000, 1e-9)
        plays.append((len(shown), fps, cpu))
        if shown != labels or page.locator(ERRORS).count():
            problems.append(f"browser session {k}: frames {shown[:5]}… of {labels[:5]}…")
        page.close()
    print(f"\nload average {load:.1f} before, {os.getloadavg()[0]:.1f} after (2 cores); "
          f"{SESSIONS} sessions at once, each its own model: first paint median {statistics.median(paints):.2f} s, "
          f"max {paints[-1]:.2f} s (all in {wall:.2f} s), server CPU {cpu_open:.2f} s; "
          f"{SESSIONS} sessions on one shared link: first paint median {statistics.median(paints_same):.2f} s, "
          f"max {paints_same[-1]:.2f} s (all in {wall_same:.2f} s); "
          + "; ".join(f"play: {n} frames at {fps:.1f}/s, server CPU {cpu:.2f} s" for n, fps, cpu in plays))
    assert not problems, problems
    # Every student sees a picture within 5 s. Measured on the 2-core machine, it holds when the machine is
    # quiet; with the cores busy with other work (load average of 10 and more) the server gets a fraction of
    # them and the last first paints arrive later (README: the figures with their load averages).
    assert max(paints[-1], paints_same[-1]) <= FIRST_PAINT_SECONDS, (
        f"first paint up to {paints[-1]:.1f} s (30 models), {paints_same[-1]:.1f} s (one link), "
        f"load average {load:.1f}")
