"""What a student waits for, in headless Chromium: first pictures, changes and bytes, beside TensorFlow Playground's.

    python benchmarks/app_latency.py [--repeat 3] [--only first,plain,anchor,changes,bytes,boot,proxy,cold,cpu]
                                     [--markdown FILE]

Measures as ``../shared/checks/app-latency`` does: Debian's Chromium through
playwright, a fresh browser context for every first visit, and a page counts
as *drawn and quiet* when no frame of it has changed its DOM, drawn on a
canvas, run a long task, had a request in flight or shown Streamlit's status
widget for 0.6 s (the time reported is that of the last activity). In one run:

* ``first``   — gbrff's first picture on every page of ``appkit.PAGES`` (warm server);
* ``plain``   — the playground's and the landscape's first picture again, with no request
  interception: the check (and ``first``) hands every request of the page to playwright's Python
  side (``route``: nothing may leave the machine), which answers only while it polls the page, about
  every 0.1 s; a page of a hundred requests in waves (Streamlit's scripts, then the code of each kind of
  element, then fonts, then the player's frame and its renderer) waits for it at each wave. A
  student's browser has no such stop: this is the first picture they see;
* ``anchor``  — TensorFlow Playground's first picture, its own build served from
  ``--anchor`` by ``python -m http.server`` on 127.0.0.1, same browser (the ratios use it);
* ``changes`` — a step of γ, T, λ, noise and n, and a change of data set and algorithm on the
  playground, each to a value the session has not seen (the check steps back and forth, and a value
  seen before costs ~20 kB: the browser keeps Streamlit's big messages): drawn and quiet after, and
  the bytes received (websocket frames and HTTP responses); beside TensorFlow Playground's noise step
  and data set change;
* ``bytes``   — bytes of a fresh load of the playground (HTTP responses as sent, websocket frames), by kind;
* ``boot``    — Streamlit's own boot: a one-line script served the same way (same config),
  navigation → websocket open → first element → quiet; the playground's websocket open beside it;
* ``proxy``   — the fresh load again behind nginx with gzip (the user guide's proxy set-up), when
  ``nginx`` is installed: Streamlit 1.67 serves its scripts uncompressed on purpose (see below);
* ``cpu``     — what a first visit costs the machine: the CPU time of the benchmark's own processes
  (browser, servers; not other work on the machine) while one, then three fresh contexts open the
  playground at once, beside Streamlit's one-line page (same config), and the pictures' times. Three
  browsers on the server's two cores are the load test's set-up (``tests/app/test_load.py``): this says
  how much of their wait is Streamlit's own;
* ``cold``    — first visits on a just-started server (home opened first, as a teacher does): the
  playground in the browser, and the server's part alone (a websocket client) for the playground and
  the landscape.

Streamlit 1.67 serves its scripts uncompressed by design (``_should_bypass_gzip`` in
``streamlit/web/server/starlette/starlette_gzip_middleware.py``: no option turns it on; only
``server.enableWebsocketCompression`` exists, for the websocket); a component's files (the
player's) do go through its gzip middleware. So the compressed load is measured behind a proxy.
The load average is printed with the figures: other work on the machine slows the browser more
than the server. ``--markdown FILE`` also writes the medians as a Markdown table with the machine
line under it (the documentation's speed page includes ``benchmarks/results/app_latency.md``).
"""

import ast
import asyncio
import concurrent.futures
import contextlib
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, number, pick  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"


def _shared():
    """The project's ``shared`` folder beside the main checkout (``../shared``), also from a git worktree."""
    git = ROOT / ".git"
    if git.is_file():   # a worktree: "gitdir: <main>/.git/worktrees/<name>"
        main = Path(git.read_text().split(":", 1)[1].strip()).parents[2]
        if (main.parent / "shared").is_dir():
            return main.parent / "shared"
    return ROOT.parent / "shared"


SHARED = _shared()
ANCHOR = SHARED / "anchors" / "tf-playground"
MEASUREMENTS = ("first", "plain", "anchor", "changes", "bytes", "boot", "proxy", "cold", "cpu")
HEALTH_SECONDS = 120          # a server that has not answered by then is not coming
QUIET_MS = 600                # the check's "quiet": nothing happened for 0.6 s
LIMIT_S = 60                  # a page not quiet by then is reported as "> 60 s"
#: pages that draw a picture (a canvas or a Plotly SVG of at least 200 × 150 px) before they count as drawn
PICTURE_PAGES = ("playground", "loss_landscape", "k_and_lambda", "random_features")

# The check's instrumentation, unchanged: a DOM change, a canvas draw or the end of a long task is activity.
INIT = """
(() => {
  const mark = () => { window.__act = performance.timeOrigin + performance.now(); };
  mark();
  new MutationObserver(mark).observe(document, {subtree: true, childList: true, attributes: true, characterData: true});
  try {
    new PerformanceObserver(l => { for (const e of l.getEntries()) {
      const end = performance.timeOrigin + e.startTime + e.duration; if (!window.__act || end > window.__act) window.__act = end; } })
      .observe({entryTypes: ["longtask"]});
  } catch (e) {}
  for (const C of [window.CanvasRenderingContext2D, window.OffscreenCanvasRenderingContext2D]) {
    if (!C) continue;
    for (const m of ["drawImage", "putImageData", "fillRect", "fill", "stroke"]) {
      const f = C.prototype[m]; C.prototype[m] = function (...a) { mark(); return f.apply(this, a); };
    }
  }
})();
"""
# Beside the check's: when the first websocket opened and when ``window.__want`` text first appeared, in the page's
# own clock (a playwright event or a poll from Python arrives late on a busy machine).
STAMPS = """
(() => {
  const W = window.WebSocket;
  window.WebSocket = function (...a) {
    const s = new W(...a);
    s.addEventListener("open", () => { if (!window.__wsopen) window.__wsopen = performance.timeOrigin + performance.now(); });
    return s;
  };
  window.WebSocket.prototype = W.prototype;
  Object.assign(window.WebSocket, {CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3});
  new MutationObserver(() => {
    if (!window.__shown && document.body && document.body.textContent.includes("booted"))
      window.__shown = performance.timeOrigin + performance.now();
  }).observe(document, {subtree: true, childList: true, characterData: true});
})();
"""
PIC = """() => Array.from(document.querySelectorAll('canvas, svg.main-svg')).some(e => {
  const r = e.getBoundingClientRect(); return r.width >= 200 && r.height >= 150; })"""
BUSY = '[data-testid="stStatusWidget"], [data-stale="true"], [data-testid="stSkeleton"]'
BOOT_SCRIPT = 'import streamlit as st\n\nst.write("booted")\n'

NGINX_CONF = """\
# The proxy in front of the app (user guide, "Serving a class"): gzip for Streamlit's scripts, websockets passed on.
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 256; }}
http {{
    include /etc/nginx/mime.types;
    access_log off;
    client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fcgi; uwsgi_temp_path {tmp}/uwsgi; scgi_temp_path {tmp}/scgi;
    gzip on; gzip_comp_level 6; gzip_min_length 1024; gzip_proxied any; gzip_vary on;
    gzip_types text/css text/plain application/javascript text/javascript application/json image/svg+xml;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://127.0.0.1:{upstream};
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $host;
            proxy_read_timeout 86400;
        }}
    }}
}}
"""


def app_pages():
    """The addresses of ``appkit.PAGES`` ("" for home), read from its source: importing appkit without a
    server would fill the output with Streamlit's warnings."""
    tree = ast.parse((ROOT / "appkit" / "_router.py").read_text())
    return [node.args[3].value for node in ast.walk(tree) if isinstance(node, ast.Call)
            and getattr(node.func, "id", "") == "PageSpec" and len(node.args) == 4]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load_average():
    try:
        return "load average %.2f, %.2f, %.2f (%d cores)" % (*os.getloadavg(), os.cpu_count() or 0)
    except OSError:
        return "load average unknown"


@contextlib.contextmanager
def streamlit_server(script="app.py", cwd=ROOT, extra=(), env=None):
    """A ``streamlit run`` on a free port, as the check starts it; yields its url once it is healthy."""
    port = free_port()
    path = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")]))   # this checkout's gbrff
    env = dict(os.environ, **(env or {}), PYTHONPATH=path)
    env.setdefault("GBRFF_DATA_DIR", str(SHARED / "datasets"))
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", script, "--server.address", "127.0.0.1",
                             "--server.port", str(port), "--server.headless", "true",
                             "--browser.gatherUsageStats", "false", *extra], cwd=cwd, env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + HEALTH_SECONDS
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"streamlit run {script} (port {port}) "
                                   f"{'exited' if proc.poll() is not None else 'did not answer'}")
            try:
                if urllib.request.urlopen(url + "/_stcore/health", timeout=2).read().strip() == b"ok":
                    break
            except OSError:
                time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            proc.kill()


@contextlib.contextmanager
def _answering(proc, url, probe):
    """Yield ``url`` once ``url + probe`` answers (10 s at most), then stop ``proc``, the server behind it."""
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(url + probe, timeout=2).read()
                break
            except OSError:
                time.sleep(0.1)
        yield url
    finally:
        proc.terminate()
        proc.wait(15)


@contextlib.contextmanager
def static_server(folder):
    """``python -m http.server`` on 127.0.0.1 serving ``folder``; yields its url."""
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=folder,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with _answering(proc, f"http://127.0.0.1:{port}", "/") as url:
        yield url


@contextlib.contextmanager
def nginx_proxy(upstream_url):
    """nginx with gzip in front of ``upstream_url`` (its own temporary prefix); yields its url."""
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="gbrff-nginx-") as tmp:
        conf = Path(tmp) / "nginx.conf"
        conf.write_text(NGINX_CONF.format(tmp=tmp, port=port, upstream=upstream_url.rsplit(":", 1)[1]))
        proc = subprocess.Popen([shutil.which("nginx"), "-p", tmp, "-c", str(conf)],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        with _answering(proc, f"http://127.0.0.1:{port}", "/_stcore/health") as url:
            yield url


def _kind(url):
    """What a response of a Streamlit page is: Streamlit's own files, a component's (the player), or other."""
    path = url.split("://", 1)[-1].partition("/")[2]
    return ("Streamlit's files" if path.startswith("static/") else
            "component files" if path.startswith("component/") else "other HTTP")


class Browser:
    """Chromium with the check's instrumentation; every ``fresh()`` page is a new context (a first visit)."""

    def __init__(self, playwright):
        self.browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])

    def fresh(self, intercept=True):
        """A new context and page; ``intercept``: every request through playwright, as the check does."""
        ctx = self.browser.new_context(viewport={"width": 1280, "height": 800})
        ctx.add_init_script(INIT)
        ctx.add_init_script(STAMPS)
        page = ctx.new_page()
        page.inflight = 0
        page.received = 0           # bytes: websocket frames received and HTTP responses (as sent on the wire)

        def up(_):
            page.inflight += 1

        def down(r):
            page.inflight = max(0, page.inflight - 1)

        urls = {}
        page.kinds = {}             # bytes of a fresh load by kind: Streamlit's files, the component's, the websocket

        def response(event):
            urls[event["requestId"]] = event["response"]["url"]

        def received(event):   # HTTP bytes as they came over the wire (compressed if they were), headers included
            n = int(event.get("encodedDataLength", 0))
            page.received += n
            kind = _kind(urls.pop(event["requestId"], ""))
            page.kinds[kind] = page.kinds.get(kind, 0) + n

        def ws(sock):
            def frame(d):
                n = len(d if isinstance(d, (bytes, str)) else b"")
                page.received += n
                page.kinds["websocket"] = page.kinds.get("websocket", 0) + n

            sock.on("framereceived", frame)

        ctx.on("request", up)
        ctx.on("requestfinished", down)
        ctx.on("requestfailed", down)
        page.on("websocket", ws)
        # playwright's responseBodySize missed most of Streamlit's scripts (2.8 MB for a load of 8 MB); the
        # browser's own count of every response's bytes on the wire does not
        cdp = ctx.new_cdp_session(page)
        cdp.send("Network.enable")
        cdp.on("Network.responseReceived", response)
        cdp.on("Network.loadingFinished", received)
        # nothing is fetched from another server, as in the check (a font, a CDN)
        if intercept:
            ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(
                ("http://127.0.0.1", "ws://127.0.0.1", "data:", "blob:")) else r.abort())
        return ctx, page

    def close(self):
        self.browser.close()


def _last_activity(page):
    acts = []
    for fr in page.frames:
        try:
            acts.append(fr.evaluate("window.__act || 0"))
        except Exception:     # a frame gone while asked
            pass
    return max(acts or [0])


def _busy(page):
    if page.inflight > 0:
        return True
    try:
        return page.locator(BUSY).count() > 0
    except Exception:
        return True


def _has_picture(page):
    for fr in page.frames:
        try:
            if fr.evaluate(PIC):
                return True
        except Exception:
            pass
    return False


def _stamp(page, name, t0_ms):
    """Seconds from ``t0_ms`` to the page's ``window[name]`` time stamp (None when it was not set)."""
    try:
        at = page.evaluate(f"window.{name} || 0")
    except Exception:
        return None
    return (at - t0_ms) / 1000 if at else None


def wait_quiet(page, t0_ms, picture=True, limit=LIMIT_S):
    """Seconds from ``t0_ms`` to the last activity once the page is drawn and quiet (inf after ``limit``)."""
    end = time.time() + limit
    while time.time() < end:
        time.sleep(0.1)
        a = _last_activity(page)
        if a and time.time() * 1000 - a >= QUIET_MS and not _busy(page) and (not picture or _has_picture(page)):
            return (a - t0_ms) / 1000
    return float("inf")


def first_visit(browser, url, picture=True, limit=LIMIT_S, intercept=True):
    """(seconds to drawn and quiet, seconds to the websocket's open or None, bytes received) of a fresh visit."""
    ctx, page = browser.fresh(intercept=intercept)
    try:
        t0 = time.time() * 1000
        page.goto(url, wait_until="commit")
        seconds = wait_quiet(page, t0, picture=picture, limit=limit)
        return seconds, _stamp(page, "__wsopen", t0), page.received
    finally:
        ctx.close()


def secs(values):
    """'median 1.23 s of [1.2, 1.23, 1.4]'."""
    return f"median {statistics.median(values):.2f} s of {[round(v, 2) for v in values]}"


def ratio(ours, theirs):
    return f"{ours / theirs:.1f}× TensorFlow Playground's" if theirs and theirs != float("inf") else ""


# --- the measurements ---------------------------------------------------------------------------------------

def measure_first(browser, url, repeat, pages, out):
    for path in pages:
        name = path or "home"
        ts = [first_visit(browser, f"{url}/{path}", picture=path in PICTURE_PAGES)[0] for _ in range(repeat)]
        out[f"first {name}"] = statistics.median(ts)
        vs = ratio(out[f"first {name}"], out.get("anchor"))
        print(f"first picture, {name}: {secs(ts)}{f'  ({vs})' if vs else ''}", flush=True)


def measure_plain(browser, url, repeat, out):
    """The first pictures the check times, without its request interception (the module's docstring)."""
    for path in ("playground", "loss_landscape"):
        ts = [first_visit(browser, f"{url}/{path}", intercept=False)[0] for _ in range(repeat)]
        out[f"plain {path}"] = statistics.median(ts)
        vs = ratio(out[f"plain {path}"], out.get("anchor"))
        print(f"first picture, {path}, no request interception: {secs(ts)}{f'  ({vs})' if vs else ''}", flush=True)


def measure_anchor(browser, anchor, repeat, out):
    """TensorFlow Playground: first picture and bytes of fresh visits, then a noise step and a data set change."""
    with static_server(anchor) as url:
        rows = [first_visit(browser, f"{url}/index.html", limit=20) for _ in range(repeat)]
        out["anchor"] = statistics.median(r[0] for r in rows)
        out["anchor bytes"] = statistics.median(r[2] for r in rows)
        print(f"first picture, TensorFlow Playground (same browser): {secs([r[0] for r in rows])}; "
              f"{out['anchor bytes'] / 1e3:.0f} kB fetched", flush=True)
        ctx, page = browser.fresh()
        try:
            page.goto(f"{url}/index.html")
            wait_quiet(page, time.time() * 1000, limit=20)
            for name, act in (("noise step", lambda k: page.locator("#noise").press(
                                  ("ArrowRight", "ArrowLeft")[k % 2])),
                              ("data set", lambda k: page.locator(
                                  f'[data-dataset="{("xor", "circle")[k % 2]}"]').first.click())):
                ts = []
                for k in range(repeat):
                    page.received = 0
                    t0 = time.time() * 1000
                    act(k)
                    ts.append(wait_quiet(page, t0, limit=20))
                out[f"anchor change {name}"] = statistics.median(ts)
                print(f"TensorFlow Playground, change {name}: drawn and quiet after {secs(ts)}", flush=True)
        finally:
            ctx.close()


def _slider(page, label):
    return page.locator('[data-testid="stSlider"]').filter(has_text=label).first.get_by_role("slider")


def measure_changes(browser, url, repeat, out):
    """Each change on one playground session: drawn and quiet after it, bytes received."""
    ctx, page = browser.fresh()
    try:
        page.goto(f"{url}/playground")
        wait_quiet(page, time.time() * 1000)

        def timed(act):
            page.received = 0
            t0 = time.time() * 1000
            act()
            return wait_quiet(page, t0), page.received

        steps = [("γ", "γ"), ("T", "Iterations"), ("λ", "λ"), ("noise", "Noise"), ("n", "Number of points")]
        for name, label in steps:
            slider = _slider(page, label)
            if slider.count() == 0:
                print(f"change {name}: no slider labelled {label!r} on the playground", flush=True)
                continue
            rows = []
            for _ in range(repeat):   # each step to a value the session has not seen: a new fit, new frames
                slider.focus()
                rows.append(timed(lambda: slider.press("ArrowRight")))
            _report_change(name + " step", rows, out)
            if name == "γ":   # back to a value seen before: the browser has its big messages (Streamlit's cache)
                slider.focus()
                seconds, received = timed(lambda: slider.press("ArrowLeft"))
                print(f"change γ step back to a value seen before: drawn and quiet after {seconds:.2f} s; "
                      f"{received / 1e3:.0f} kB received", flush=True)

        def press(name):
            # a segmented control's button (the data set's, the algorithm's): no two controls share an option
            return lambda: page.locator('[data-testid="stButtonGroup"] button').filter(
                has_text=re.compile(rf"^\s*{re.escape(name)}\s*$")).first.click()

        rows = [timed(press(("circles", "swiss", "board", "moons")[k % 4])) for k in range(repeat)]
        _report_change("data set", rows, out)
        rows = [timed(press(("GBRFF1", "GBRFF-LS", "GBRFF2+", "GBRFF2")[k % 4])) for k in range(repeat)]
        _report_change("algorithm", rows, out)
    finally:
        ctx.close()


def _report_change(name, rows, out):
    ts = [r[0] for r in rows]
    kb = statistics.median(r[1] for r in rows) / 1e3
    out[f"change {name}"] = statistics.median(ts)
    out[f"change {name} kB"] = kb
    # a slider step beside TensorFlow Playground's noise step, a data set change beside its data set change
    theirs = out.get("anchor change " + ("data set" if name == "data set" else "noise step"))
    vs = ratio(out[f"change {name}"], theirs) if name != "algorithm" else ""
    print(f"change {name}: drawn and quiet after {secs(ts)}; {kb:.0f} kB received (median)"
          f"{f'  ({vs})' if vs else ''}", flush=True)


def measure_bytes(browser, url, out, label="fresh load of the playground"):
    ctx, page = browser.fresh()
    try:
        t0 = time.time() * 1000
        page.goto(f"{url}/playground", wait_until="commit")
        seconds = wait_quiet(page, t0)
        received, kinds = page.received, dict(page.kinds)
    finally:
        ctx.close()
    out[label] = received
    theirs = out.get("anchor bytes")
    print(f"bytes of a {label}: {received / 1e6:.2f} MB "
          f"({', '.join(f'{k} {v / 1e6:.2f} MB' for k, v in sorted(kinds.items(), key=lambda kv: -kv[1]))}; "
          f"drawn and quiet after {seconds:.2f} s)"
          f"{f'  ({received / theirs:.0f}× TensorFlow Playground’s)' if theirs else ''}", flush=True)


@contextlib.contextmanager
def one_line_server(browser):
    """Streamlit alone: :data:`BOOT_SCRIPT` served with the app's config (in a folder of its own), its first
    run done; yields its url."""
    with tempfile.TemporaryDirectory(prefix="gbrff-boot-") as tmp:
        (Path(tmp) / ".streamlit").mkdir()
        shutil.copy(ROOT / ".streamlit" / "config.toml", Path(tmp) / ".streamlit" / "config.toml")
        (Path(tmp) / "boot.py").write_text(BOOT_SCRIPT)
        with streamlit_server("boot.py", cwd=tmp) as boot_url:
            first_visit(browser, boot_url, picture=False)          # the server's first run
            yield boot_url


def measure_boot(browser, url, repeat, out):
    """Streamlit alone: a one-line script served with the app's config, beside the playground's websocket open."""
    with one_line_server(browser) as boot_url:
        rows = []
        for _ in range(repeat):
            ctx, page = browser.fresh()
            try:
                t0 = time.time() * 1000
                page.goto(boot_url, wait_until="commit")
                quiet = wait_quiet(page, t0, picture=False)
                rows.append((_stamp(page, "__wsopen", t0) or float("inf"),
                             _stamp(page, "__shown", t0) or float("inf"), quiet))
            finally:
                ctx.close()
    ws, element, quiet = (statistics.median(r[i] for r in rows) for i in range(3))
    out["boot"] = quiet
    print(f"Streamlit's own boot (a one-line page, same config): websocket open {secs([r[0] for r in rows])}, "
          f"first element {secs([r[1] for r in rows])}, drawn and quiet {secs([r[2] for r in rows])}", flush=True)
    if url:
        opens = [first_visit(browser, f"{url}/playground")[1] for _ in range(repeat)]
        opens = [o for o in opens if o is not None]
        if opens:
            print(f"  the playground's websocket open: {secs(opens)}; of the 2.0 s target Streamlit alone "
                  f"leaves {2.0 - element:.2f} s after its first element", flush=True)


async def _server_visit(url, page):
    """Seconds until a websocket client (no browser) asking for ``page`` has the player, and until the run ends:
    the server's part of a first visit, as ``tests/app/test_load.py`` measures it."""
    import websockets
    from streamlit.proto.BackMsg_pb2 import BackMsg
    from streamlit.proto.ForwardMsg_pb2 import ForwardMsg

    t0, player = time.perf_counter(), None
    async with websockets.connect(url.replace("http", "ws", 1) + "/_stcore/stream", subprotocols=["streamlit"],
                                  max_size=None, open_timeout=60) as ws:
        msg = BackMsg()
        msg.rerun_script.page_name = page
        await ws.send(msg.SerializeToString())
        while True:
            fm = ForwardMsg.FromString(await asyncio.wait_for(ws.recv(), 300))
            kind = fm.WhichOneof("type")
            if (player is None and kind == "delta" and fm.delta.WhichOneof("type") == "new_element"
                    and fm.delta.new_element.WhichOneof("type") == "component_instance"):
                player = time.perf_counter() - t0
            elif kind == "script_finished":
                return player, time.perf_counter() - t0


def _busy_seconds():
    """CPU seconds used so far by this process's descendants (the browser's processes, the servers, playwright's
    driver), read from ``/proc``: other work on the machine is not counted. The processes of a context count
    only while it is open (every visit here is measured before its context closes)."""
    parent, times = {}, {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            text = stat.read_text()
        except OSError:   # a process that has just ended
            continue
        pid, rest = int(stat.parent.name), text[text.rindex(")") + 2:].split()
        parent[pid], times[pid] = int(rest[1]), int(rest[11]) + int(rest[12])   # ppid; utime + stime
    me, total = os.getpid(), 0
    for pid, ticks in times.items():
        up = parent.get(pid)
        while up and up != me:
            up = parent.get(up)
        total += ticks if up == me else 0
    return total / os.sysconf("SC_CLK_TCK")


# The picture of a visit: the player's first frame drawn (its own statistics) or the one-line page's text.
SHOWN = """() => { if (window.__shown) return window.__shown;
  for (const f of document.querySelectorAll('iframe')) { try { const s = f.contentWindow.gbrffStats;
    if (s && s.stamps && s.stamps.length) return f.contentWindow.performance.timeOrigin + s.stamps[0]; }
    catch (e) {} }
  return 0; }"""


def _visits_at_once(browser, url, n):
    """``n`` fresh contexts (no interception) open ``url`` at once: (their pictures' seconds, core-seconds)."""
    pages = [browser.fresh(intercept=False) for _ in range(n)]
    busy0, t0 = _busy_seconds(), time.time() * 1000
    for _, page in pages:
        page.goto(url, wait_until="commit")
    shown, deadline = [0] * n, time.monotonic() + LIMIT_S
    while not all(shown) and time.monotonic() < deadline:
        time.sleep(0.05)
        for i, (_, page) in enumerate(pages):
            if not shown[i]:
                with contextlib.suppress(Exception):
                    shown[i] = page.evaluate(SHOWN)
    busy = _busy_seconds() - busy0
    for ctx, _ in pages:
        ctx.close()
    return [(at - t0) / 1000 if at else float("inf") for at in shown], busy


def measure_cpu(browser, url, repeat, out):
    """Core-seconds of a fresh visit, one and three at once: the playground beside Streamlit's one-line page."""
    with one_line_server(browser) as boot_url:
        for name, target in (("the playground", f"{url}/playground"), ("Streamlit's one-line page", boot_url)):
            for n in (1, 3):
                rows = [_visits_at_once(browser, target, n) for _ in range(repeat)]
                per_visit = statistics.median(busy / n for _, busy in rows)
                out[f"cpu {name} {n}"] = per_visit
                print(f"{name}, {n} fresh visit(s) at once: pictures "
                      f"{'; '.join(secs(shown) for shown, _ in rows)}; the cores busy "
                      f"{per_visit:.2f} s a visit (median)", flush=True)


def measure_cold(browser, repeat, out):
    """First visits on a just-started server, home opened first (the teacher's visit): the playground in the
    browser, and on other servers the server's part alone (a websocket client, the playground then the loss
    landscape)."""
    for warm in ("0",):  # the app warms no page at start: Streamlit 1.67 has no public hook to do it with
        mode = "not warmed"
        ts, parts = [], []
        for _ in range(repeat):
            with streamlit_server() as url:
                home = first_visit(browser, url, picture=False)[0]
                ts.append(first_visit(browser, f"{url}/playground", limit=120)[0])
            print(f"  just-started server, defaults {mode}: home drawn and quiet after {home:.2f} s, "
                  f"then the playground {ts[-1]:.2f} s", flush=True)
        for _ in range(repeat):
            with streamlit_server() as url:
                first_visit(browser, url, picture=False)
                # playwright's sync API holds this thread's event loop: the client runs in a thread of its own
                with concurrent.futures.ThreadPoolExecutor(1) as pool:
                    parts.append([pool.submit(asyncio.run, _server_visit(url, page)).result()
                                  for page in ("playground", "loss_landscape")])
        out[f"cold warm={warm}"] = statistics.median(ts)
        print(f"first picture, playground, just-started server (home first), defaults {mode}: {secs(ts)}; "
              f"server's part (websocket client): playground's player after "
              f"{secs([p[0][0] for p in parts if p[0][0] is not None])}, loss landscape's after "
              f"{secs([p[1][0] for p in parts if p[1][0] is not None])}", flush=True)


# --- the Markdown table -------------------------------------------------------------------------------------

#: TensorFlow Playground's figure beside each of gbrff's that has one (same browser, same run)
ANCHOR_BESIDE = {"first playground": "anchor", "change noise step": "anchor change noise step",
                 "change data set": "anchor change data set", "fresh load of the playground": "anchor bytes"}


def _row(key, value, out):
    """(what, gbrff's figure) of one entry of ``out``, or None for the entries that are not rows."""
    if key.startswith("anchor") or key.endswith(" kB"):
        return None
    if key.startswith("first "):
        return f"first picture, {key[6:]} (warm server)", f"{value:.2f} s"
    if key.startswith("plain "):
        return f"first picture, {key[6:]}, no request interception", f"{value:.2f} s"
    if key.startswith("change "):
        kb = out.get(key + " kB")
        return f"{key[7:]}: drawn and quiet after", f"{value:.2f} s" + (f"; {kb:.0f} kB" if kb is not None else "")
    if key == "boot":
        return "Streamlit alone (a one-line page): drawn and quiet", f"{value:.2f} s"
    if key.startswith("fresh load"):
        return f"bytes of a {key}", f"{value / 1e6:.2f} MB"
    if key.startswith("cpu "):
        return f"CPU a fresh visit, {key[4:-2]}, {key[-1]} at once", f"{value:.2f} core-s"
    if key.startswith("cold"):
        return "first picture, playground, just-started server (home first)", f"{value:.2f} s"
    return key, f"{value:.2f}"


def markdown(out, machine, repeat, load, when):
    """The medians of ``out`` as a Markdown table, TensorFlow Playground's beside gbrff's where measured,
    with the machine line under it (what ``--markdown`` writes)."""
    lines = ["| what the user waits for | gbrff | TensorFlow Playground |", "|---|---|---|"]
    for key, value in out.items():
        row = _row(key, value, out)
        if row is None:
            continue
        theirs = out.get(ANCHOR_BESIDE.get(key, ""))
        if theirs is None:
            beside = "—"
        elif key.startswith("fresh load"):
            beside = f"{theirs / 1e6:.2f} MB"
        else:
            beside = f"{theirs:.2f} s"
        lines.append(f"| {row[0]} | {row[1]} | {beside} |")
    lines += ["", f"Machine: {machine}; headless Chromium, medians of {repeat}; "
                  f"load average {load[0]:.1f} before, {load[1]:.1f} after; {when}."]
    return "\n".join(lines) + "\n"


def _machine():
    import platform
    cpu = platform.processor() or "unknown CPU"
    try:
        with open("/proc/cpuinfo") as fh:
            cpu = next((line.split(":", 1)[1].strip() for line in fh if line.startswith("model name")), cpu)
    except OSError:
        pass
    return f"{platform.machine()}, {cpu}, {os.cpu_count()} cores"


def main(argv=None):
    ap = Parser(prog="app_latency.py", description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=number(int, 1), default=3, metavar="N",
                    help="first visits and changes per measurement; medians are printed (default 3)")
    ap.add_argument("--only", default=",".join(MEASUREMENTS), metavar="NAMES",
                    help=f"comma-separated measurements among {', '.join(MEASUREMENTS)} (default: all)")
    ap.add_argument("--anchor", type=Path, default=ANCHOR, metavar="DIR",
                    help="TensorFlow Playground's build (default ../shared/anchors/tf-playground)")
    ap.add_argument("--pages", default=None, metavar="PATHS",
                    help="comma-separated page addresses for 'first' (default: every page; 'home' for the home page)")
    ap.add_argument("--markdown", type=Path, default=None, metavar="FILE",
                    help="also write the medians as a Markdown table to this file")
    args = ap.parse_args(argv)
    if args.markdown is not None and not args.markdown.resolve().parent.is_dir():
        ap.fail(f"--markdown {args.markdown}: its folder does not exist", code=2)
    only = pick(ap, "measurement", args.only, MEASUREMENTS)
    if not Path(CHROMIUM).is_file():
        ap.fail(f"{CHROMIUM} is missing: install Debian's chromium (apt-get install chromium)", code=2)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        ap.fail("playwright is not installed: pip install playwright (Chromium comes from Debian)", code=2)
    if "anchor" in only and not (args.anchor / "index.html").is_file():
        ap.fail(f"TensorFlow Playground's build is missing: no {args.anchor / 'index.html'} "
                f"(--anchor DIR, or leave 'anchor' out of --only)", code=2)
    if "proxy" in only and not shutil.which("nginx"):
        print("proxy: nginx is not installed (apt-get install nginx-light): the compressed load is not measured")
        only.remove("proxy")
    valid = [path or "home" for path in app_pages()]
    pages = pick(ap, "page", args.pages, valid) if args.pages else valid
    pages = ["" if p == "home" else p for p in pages]

    out = {}
    load_before = os.getloadavg()[0]
    print(f"app latency, headless Chromium, {args.repeat} repeat(s); {load_average()}", flush=True)
    with sync_playwright() as p:
        browser = Browser(p)
        try:
            if "anchor" in only:
                measure_anchor(browser, args.anchor, args.repeat, out)
            needs_app = {"first", "plain", "changes", "bytes", "boot", "proxy", "cpu"} & set(only)
            with (streamlit_server() if needs_app else contextlib.nullcontext()) as url:
                if url:   # warm the server's caches and the engine, as the check does
                    for path in ("", "playground", "loss_landscape"):
                        first_visit(browser, f"{url}/{path}", picture=bool(path), limit=180)
                if "boot" in only:
                    measure_boot(browser, url, args.repeat, out)
                if "first" in only:
                    measure_first(browser, url, args.repeat, pages, out)
                if "plain" in only:
                    measure_plain(browser, url, args.repeat, out)
                if "changes" in only:
                    measure_changes(browser, url, args.repeat, out)
                if "bytes" in only:
                    measure_bytes(browser, url, out)
                if "cpu" in only:
                    measure_cpu(browser, url, args.repeat, out)
                if "proxy" in only:
                    with nginx_proxy(url) as proxied:
                        first_visit(browser, f"{proxied}/playground")
                        measure_bytes(browser, proxied, out, label="fresh load of the playground behind nginx gzip")
            if "cold" in only:
                measure_cold(browser, args.repeat, out)
        finally:
            browser.close()
    print(f"done; {load_average()}", flush=True)
    if args.markdown is not None:
        args.markdown.write_text(markdown(out, _machine(), args.repeat, (load_before, os.getloadavg()[0]),
                                          time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
