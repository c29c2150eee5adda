"""End-to-end: `streamlit run app.py` in a real headless Chromium.

Starts the app on 127.0.0.1 on a free port, opens every page, presses play
where there is an animation, waits for frames, checks that no error element
appears and saves a screenshot of each page under ``tests/artifacts/``.

Needs Debian's ``chromium`` (``apt-get install chromium``); Playwright only
drives it (no browser download). Run with ``pytest -m browser``.
"""

import os
import re
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = (os.environ.get("GBRFF_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser") or "/usr/bin/chromium")
if not os.path.exists(CHROMIUM):
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set GBRFF_CHROMIUM)",
                allow_module_level=True)
pytest.importorskip("playwright.sync_api", reason="Playwright is not installed "
                    "(pip install playwright; it drives the system Chromium)")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ERRORS = '[data-testid="stException"], [data-testid="stAlertContentError"]'


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_SERVER = {}


def server_cpu_seconds():
    """User + system CPU time of the Streamlit server so far (Linux /proc)."""
    with open(f"/proc/{_SERVER['pid']}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def streamlit_server(script="app.py", log=subprocess.DEVNULL, env=None, timeout=90):
    """``streamlit run script`` on a free port of 127.0.0.1, as a user starts it (the app's
    ``.streamlit/config.toml`` holds, not a flag of the test): ``(url, process)`` once it answers."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "streamlit", "run", script, "--server.port", str(port),
                             "--server.address", "127.0.0.1", "--server.headless", "true"],
                            cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.time() + timeout
    while True:
        try:
            if urllib.request.urlopen(f"{url}/_stcore/health", timeout=2).read().strip() == b"ok":
                return url, proc
        except OSError:
            pass
        if proc.poll() is not None or time.time() > deadline:
            proc.kill()
            pytest.fail(f"streamlit did not start ({script})")
        time.sleep(0.3)


def stop(proc):
    proc.terminate()
    try:
        proc.wait(timeout=15)
    except subprocess.TimeoutExpired:
        proc.kill()


@pytest.fixture(scope="module")
def server():
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    env.setdefault("GBRFF_DATA_DIR", str(ROOT.parent / "shared" / "datasets"))
    log = open(ARTIFACTS / "streamlit.log", "w")
    url, proc = streamlit_server("app.py", log=log, env=env)
    _SERVER["pid"] = proc.pid
    yield url
    stop(proc)
    log.close()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


# charts on the page: Plotly's (st.plotly_chart) drawn, and the canvas renderer's (appkit.light_chart) with their
# figure received (one draws when it comes near the screen)
DRAWN_CHARTS = """(plotly) => document.querySelectorAll(plotly).length
    + [...document.querySelectorAll('iframe[title="appkit._charts.light_chart"]')].filter(f => {
        try { return Object.keys(f.contentWindow.gbrffChart.starts).length > 0; } catch (e) { return false; } }).length"""


def _wait_for_charts(page, n_charts, plotly=".js-plotly-plot", timeout=120_000):
    page.wait_for_function(f"({DRAWN_CHARTS})({plotly!r}) >= {n_charts}", timeout=timeout)


def _open(browser, url, n_charts=1, timeout=120_000):
    page = browser.new_page(viewport={"width": 1500, "height": 1100})
    page.goto(url, wait_until="domcontentloaded")
    _wait_for_charts(page, n_charts, timeout=timeout)
    _settle(page)
    return page


def _settle(page, timeout=120):
    """Wait until Streamlit's 'running' indicator has been gone for a moment."""
    deadline = time.time() + timeout
    quiet = 0
    while time.time() < deadline and quiet < 3:
        running = page.locator('[data-testid="stStatusWidget"]').count()
        quiet = quiet + 1 if running == 0 else 0
        page.wait_for_timeout(400)


def open_share_box(page):
    """Open the sidebar's share box (drawn when opened, appkit.share_box) and wait for its link."""
    summary = page.locator('[data-testid="stSidebar"] details:not([open]) summary', has_text="Share")
    if summary.count():
        summary.first.click()
    page.locator("[data-gbrff-link]").first.wait_for(state="attached", timeout=60_000)
    _settle(page)


def click_sections_open(page, most=12):
    """Open every closed section of the main column (appkit.section, drawn when opened), one after the other,
    as a teacher would; returns how many were opened."""
    closed, opened = page.locator('[data-testid="stMain"] [data-testid="stExpander"] details:not([open]) summary'), 0
    while closed.count() and opened < most:   # the list shrinks as each opens
        closed.first.click()
        opened += 1
        page.wait_for_timeout(300)
        _settle(page)
    return opened


def _no_errors(page, name):
    n = page.locator(ERRORS).count()
    if n:
        page.screenshot(path=str(ARTIFACTS / f"error_{name}.png"), full_page=True)
    assert n == 0, f"{name}: {page.locator(ERRORS).first.inner_text()[:500]}"


def _shot(page, name):
    # Streamlit scrolls inside its main block: grow the viewport to the content
    height = page.evaluate("Math.max(...[...document.querySelectorAll('[data-testid=\"stMain\"], section')]"
                           ".map(e => e.scrollHeight), document.body.scrollHeight)")
    page.set_viewport_size({"width": 1500, "height": int(min(max(height, 1100), 9000))})
    page.wait_for_timeout(800)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)
    page.set_viewport_size({"width": 1500, "height": 1100})


def player_frame(page, timeout=120):
    """The frame of the iteration player (appkit/player/index.html), once it has drawn."""
    deadline = time.time() + timeout
    while time.time() < deadline:
        for frame in page.frames:
            try:
                if frame.evaluate("!!(window.gbrffStats && window.gbrffStats.renders)"):
                    return frame
            except Exception:  # a frame still loading
                pass
        page.wait_for_timeout(300)
    raise AssertionError("the player did not draw")


def play_to_the_end(frame, timeout=120):
    """Press play and wait until the player stops at the last frame; what it showed and when."""
    n0 = frame.evaluate("window.gbrffStats.shown.length")
    frame.click("#play")
    deadline = time.time() + timeout
    frame.page.wait_for_timeout(300)
    while frame.evaluate("document.getElementById('play').textContent").startswith("⏸"):
        assert time.time() < deadline, "play did not reach the end"
        frame.page.wait_for_timeout(200)
    stats = frame.evaluate("window.gbrffStats")
    return stats["shown"][n0:], stats["stamps"][n0:], frame.evaluate("S.labels")


def test_classroom_link_on_a_fresh_server(server, browser):
    """First in this file: a shared deep link is the server's very first visit."""
    page = _open(browser, f"{server}/playground?data=circles&T=15&hide=noise,seed,algo", n_charts=0)
    player_frame(page)   # the picture: the figures below it are in sections, drawn when opened
    _settle(page)
    _no_errors(page, "classroom")
    # the page ran through app.py's router (its titles), not Streamlit's legacy pages/ mode (file names)
    nav = " | ".join(page.locator('[data-testid="stSidebarNav"]').all_inner_texts())
    assert "Boosting playground" in nav and "Loss landscape" in nav, nav
    labels = " | ".join(page.locator('[data-testid="stSidebar"] [data-testid="stWidgetLabel"]').all_inner_texts())
    assert "Number of points" in labels and "Iterations T" in labels, labels
    for label in ("Noise", "Seed", "Algorithm"):
        assert label not in labels, labels
    assert page.get_by_text(re.compile(r"^circles: \d+ training")).count() == 1  # the URL chose the data
    page.close()


def _view_name(spec):
    """A page's name in the test's ids and screenshots: its address, "home" for the default page."""
    return spec.url_path or "home"


# What the test waits for and presses on a page, by its address; a page not named here (a new entry of
# appkit.PAGES) is opened, waited for one chart, checked and shot like the others, and not played.
ANIMATED = {"playground", "loss_landscape"}           # its figures play in the player
NO_CHART_ON_ARRIVAL = {"playground", "loss_landscape", "uci_comparison"}   # no chart beside the player on arrival

# two settings of one page worth their own screenshots, beside every page of the app's menu (appkit.PAGES):
# view name -> (address, the page it shows)
SETTINGS_SHOWN = {
    # the 2019 GBRFF in the playground: its landmark view and its weights Q under the player
    "playground_ls": ("playground?algo=GBRFF-LS&T=30", "playground"),
    # GBRFF2+ (beyond the paper): its weak learners drawn in the plane through z(x)
    "playground_plus": ("playground?algo=GBRFF2%2B&T=30", "playground"),
    # the rotation lesson's setting: the board turned by 45°, its section's curve of accuracy against the angle
    "playground_turned": ("playground?data=board&n=1000&noise=0.0&gamma=2.0&angle=45", "playground")}


def views():
    """{view name: (address, the page it shows)}: every page of appkit.PAGES, then :data:`SETTINGS_SHOWN`.
    Read when the tests are collected, not when this module is imported: the load test and
    benchmarks/app_processes.py import this module for its browser helpers, and appkit loads Streamlit."""
    from appkit import PAGES

    return {**{_view_name(spec): (spec.url_path, spec.url_path) for spec in PAGES}, **SETTINGS_SHOWN}


def pytest_generate_tests(metafunc):
    """Every view, for the tests that take a ``name`` (and, for the projector, every size after it)."""
    if "name" in metafunc.fixturenames:
        metafunc.parametrize("name", list(views()))
    if "size" in metafunc.fixturenames and metafunc.function is test_screenshots_for_a_projector:
        metafunc.parametrize("size", list(SIZES))


def _animated(name):
    return views()[name][1] in ANIMATED


def _charts_on_arrival(name):
    return 0 if views()[name][1] in NO_CHART_ON_ARRIVAL else 1


def _press_play_and_watch(page, name):
    frame = player_frame(page)
    cpu0 = server_cpu_seconds()
    shown, stamps, labels = play_to_the_end(frame)
    page.wait_for_timeout(500)
    cpu = server_cpu_seconds() - cpu0
    _no_errors(page, f"{name}_playing")
    # every frame, in order, from the first to the last iteration
    assert shown == labels, (shown, labels)
    fps = (len(stamps) - 1) / max((stamps[-1] - stamps[0]) / 1000, 1e-9)
    print(f"{name}: {len(shown)} frames at {fps:.1f} frames/s, server CPU {cpu:.3f} s for the press of play")
    # the player's cap (20 frames/s), slower for few frames: a whole play lasts at least 3 s
    assert fps >= 0.75 * min(20, (len(labels) - 1) / 3), f"{name}: {fps:.1f} frames/s"
    assert cpu <= 0.3, f"{name}: the server spent {cpu:.2f} s CPU while the browser played"
    # the iteration shown lives in the address and in the share box: a shared link shows the same picture
    open_share_box(page)
    frame.click("#back")
    page.wait_for_timeout(300)
    t = labels[-2]
    assert re.search(rf"[?&](t|it)={t}(&|$)", page.url), page.url
    links = page.evaluate("[...document.querySelectorAll('[data-gbrff-link]')].map(e => e.textContent)")
    assert links and all(re.search(rf"[?&](t|it)={t}(&|$)", link) for link in links), links
    _shot(page, f"{name}_playing")


def test_share_link_follows_a_fragment_control(server, browser):
    """K and λ: the λ section's T is a control of an st.fragment, which cannot redraw the sidebar; a script
    (appkit.refresh_share_box) rewrites the sidebar's share link in the browser, so the link keeps the new T."""
    page = _open(browser, f"{server}/k_and_lambda", n_charts=2)
    _no_errors(page, "k_and_lambda_share")
    open_share_box(page)
    def links():
        return page.evaluate("[...document.querySelectorAll('[data-gbrff-link]')]"
                             ".map(e => e.getAttribute('data-gbrff-link'))")

    def carry_65(links):
        return [bool(re.search(r"[?&]T=65(&|$)", link)) for link in links]

    assert links() and not any(carry_65(links())), links()
    slider = page.get_by_role("slider", name="Iterations T of each GBRFF2")
    slider.focus()
    slider.press("ArrowRight")              # one step: 60 → 65, a rerun of the fragment only
    deadline = time.time() + 120
    while time.time() < deadline and not all(carry_65(links())):
        page.wait_for_timeout(500)
    assert all(carry_65(links())), links()
    _no_errors(page, "k_and_lambda_share")
    page.close()


def test_share_link_keeps_the_iteration_after_hide(server, browser):
    """The player reports the frame it stopped on: a later run of the page (here the share box's "Hide")
    keeps that t in the link and the address, instead of the t the page last ran with (T)."""
    page = _open(browser, f"{server}/playground?gamma=2.0&T=50", n_charts=0)
    frame = player_frame(page)
    frame.click("#back")
    frame.click("#back")
    page.wait_for_timeout(1500)   # the report (after 0.3 s of rest) and its fragment's run
    _settle(page)
    assert re.search(r"[?&]t=48(&|$)", page.url), page.url

    def links():
        return page.evaluate("[...document.querySelectorAll('[data-gbrff-link]')].map(e => e.textContent)")

    def hides_noise(link):
        return "noise" in re.search(r"[?&]hide=([^&]*)", link + "&hide=").group(1).split(",")

    page.locator('[data-testid="stSidebar"] summary', has_text="Share").click()
    box = page.locator('[data-testid="stSidebar"] [data-testid="stMultiSelect"] input')
    box.wait_for(state="visible")
    box.scroll_into_view_if_needed()
    box.click()
    box.fill("Noise")
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    deadline = time.time() + 60
    while time.time() < deadline and not (links() and all(hides_noise(link) for link in links())):
        page.wait_for_timeout(300)
    _settle(page)
    assert links() and all(hides_noise(link) and re.search(r"[?&]t=48(&|$)", link) for link in links()), links()
    assert re.search(r"[?&]t=48(&|$)", page.url), page.url
    _no_errors(page, "share_hide")
    page.close()


def test_page_in_chromium(server, browser, name):
    path, _ = views()[name]
    page = _open(browser, f"{server}/{path}", n_charts=_charts_on_arrival(name))
    if _animated(name):
        player_frame(page)
        _settle(page)
    _no_errors(page, name)
    assert page.locator('[data-testid="stHeading"], h1').count() > 0
    _shot(page, name)
    if _animated(name):
        _press_play_and_watch(page, name)
    page.close()


# width, height, sidebar open?  (a 1024×768 beamer with the sidebar open, a narrow window without it, desktops)
SIZES = {"1024x768": (1024, 768, True), "800_collapsed": (800, 900, False), "1400": (1400, 900, True),
         "1920": (1920, 1080, True)}


def test_screenshots_for_a_projector(server, browser, name, size):
    """Screenshots of the first screen of each page at projector and desktop sizes, for a human to look at
    (tests/artifacts/screen_<page>_<size>.png); checks that nothing in the main column overflows it."""
    width, height, sidebar = SIZES[size]
    path, _ = views()[name]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server}/{path}", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMain"] h1', timeout=120_000)
    # a drawn chart, as test_page_in_chromium waits for: on a busy machine the status widget can be gone
    # for seconds while Plotly still draws the first chart (a screenshot without it)
    _wait_for_charts(page, _charts_on_arrival(name), plotly=".js-plotly-plot .main-svg")
    _settle(page)
    if _animated(name):
        player_frame(page)
        page.wait_for_timeout(500)
    if not sidebar:  # the « button shows when the pointer is over the sidebar
        page.hover('[data-testid="stSidebar"]')
        page.locator('[data-testid="stSidebarCollapseButton"] button').first.click()
        page.wait_for_timeout(1000)
        assert page.locator('[data-testid="stSidebar"][aria-expanded="true"]').count() == 0
    _no_errors(page, f"{name}_{size}")
    page.screenshot(path=str(ARTIFACTS / f"screen_{name}_{size}.png"))
    _fits_its_column(page, f"{name} at {size}")
    # the sections below the picture (appkit.section), opened as a teacher would: their formulas and figures
    if click_sections_open(page):
        _no_errors(page, f"{name}_{size}_open")
        _fits_its_column(page, f"{name} at {size}, its sections open")
    if _animated(name):
        _player_layout_holds(player_frame(page), f"{name} at {size}")
    page.close()


def _fits_its_column(page, where):
    """Nothing wider than the main column (a clipped formula or figure would be), and no formula cut
    inside its own column (KaTeX scrolls a display that is too wide)."""
    # nothing wider than the main column (a clipped formula or figure would be)
    over = page.evaluate("""() => {
        const main = document.querySelector('[data-testid="stMain"] [data-testid="stMainBlockContainer"]')
                     || document.querySelector('[data-testid="stMain"]');
        const right = main.getBoundingClientRect().right + 2;
        return [...main.querySelectorAll('.katex-display, .js-plotly-plot, iframe, [data-testid="stMetric"]')]
            .filter(e => e.getBoundingClientRect().right > right && e.scrollWidth > e.clientWidth + 2)
            .map(e => e.className || e.tagName).slice(0, 5);
    }""")
    assert not over, f"{where}: overflowing {over}"
    # no formula cut inside its own column, anywhere on the page (KaTeX scrolls a display that is too wide)
    cut = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMain"] .katex-display')]
        .filter(e => e.scrollWidth > e.clientWidth + 2)
        .map(e => `${e.scrollWidth}px in ${e.clientWidth}px: ${e.textContent.slice(0, 40)}`)""")
    assert not cut, f"{where}: formulas cut on the right {cut}"


def _player_layout_holds(frame, where):
    """The player's figures as a projector should show them: each title (and its readout) above its plot,
    however many lines it wraps to, each colour bar beside its plot (an equal-aspect plane shrinks to the
    middle of a wide cell), and the figures that sit side by side filling the row (no empty column on a
    wide screen)."""
    # where each figure drew its plot and colour bar: LightPlot.boxes (appkit/player/figure.js)
    covered = frame.evaluate("""() => [...document.querySelectorAll('.ftitle')].filter(t => {
        const boxes = LightPlot.boxes(t.parentNode.querySelector('.lp-plot')), plot = boxes && boxes.plots[0];
        return plot && t.getBoundingClientRect().bottom > plot.top + 1;
    }).map(t => t.textContent)""")
    assert not covered, f"{where}: a title covers its plot: {covered}"
    far = frame.evaluate("""() => [...document.querySelectorAll('#figs > div')].map(c => {
        const boxes = c.querySelector('.lp-plot') && LightPlot.boxes(c.querySelector('.lp-plot'));
        const plot = boxes && boxes.plots[0], bar = boxes && boxes.colorbars[0];
        return plot && bar ? bar.left - plot.right : 0;
    }).filter(gap => gap > 60)""")
    assert not far, f"{where}: a colour bar {far} px away from its plot"
    row = frame.evaluate("""() => {
        const grid = document.getElementById('figs'), g = grid.getBoundingClientRect();
        const cells = [...grid.children].filter(c => !c.classList.contains('wide'));
        const top = cells.length ? cells[0].getBoundingClientRect().top : 0;
        const first = cells.filter(c => Math.abs(c.getBoundingClientRect().top - top) < 2);
        return {n: cells.length, first: first.length,
                right: first.length ? g.right - Math.max(...first.map(c => c.getBoundingClientRect().right)) : 0};
    }""")
    if row["first"] == row["n"]:  # all of them in one row: it ends at the grid's right edge
        assert row["right"] < 4, f"{where}: {row['right']:.0f} px of empty column right of the figures"


@pytest.mark.parametrize("size", ["1024x768", "1400"])
def test_uci_2019_section_for_a_projector(server, browser, size):
    """The UCI page scrolled to its tables beyond the paper (out of the box, GBRFF2+'s ablation), the 2019
    preprint's table and its Figs. 1-2, as a projector shows them (tests/artifacts/screen_uci_beyond_<size>.png,
    screen_uci_ablation_<size>.png, screen_uci_2019_<size>.png, screen_uci_fig1_<size>.png,
    screen_uci_fig2_2019_<size>.png): no error."""
    width, height, _ = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server}/uci_comparison", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMain"] h1', timeout=120_000)
    _settle(page)
    _no_errors(page, f"uci_2019_{size}")
    for heading, shot in (("Beyond the paper", "uci_beyond"), ("Ablation", "uci_ablation"),
                          ("The 2019 preprint", "uci_2019"), ("Fig. 1 (2019)", "uci_fig1"),
                          ("Fig. 2 (2019)", "uci_fig2_2019")):
        page.get_by_role("heading", name=re.compile(re.escape(heading))).first.scroll_into_view_if_needed()
        page.evaluate("""(h) => [...document.querySelectorAll('h2, h3')].find(e => e.textContent.startsWith(h))
                              .scrollIntoView({block: 'start'})""", heading)
        page.wait_for_timeout(800)
        page.screenshot(path=str(ARTIFACTS / f"screen_{shot}_{size}.png"))
    page.close()


def test_presenter_mode_keeps_the_headline_numbers_large(server, browser):
    """Presenter mode (?presenter=true) enlarges the page's text but its headline numbers (st.metric's
    values) more: larger than their label, as on a normal page; at 1280×720 the first figure starts on the
    first screen."""
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(f"{server}/playground?presenter=true", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMetricValue"]', timeout=120_000)
    _settle(page)
    frame = player_frame(page)
    page.wait_for_timeout(500)
    _no_errors(page, "presenter")
    sizes = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMetric"]')].map(m => [
        parseFloat(getComputedStyle(m.querySelector('[data-testid="stMetricValue"] p')).fontSize),
        parseFloat(getComputedStyle(m.querySelector('[data-testid="stMetricLabel"] p')).fontSize)])""")
    assert sizes, "no metric on the playground"
    for value, label in sizes:
        assert value >= 32 and value >= 1.5 * label, f"metric value {value}px beside its label {label}px"
    top = page.evaluate("""() => [...document.querySelectorAll('iframe')]
        .find(f => f.contentWindow && f.contentWindow.gbrffStats).getBoundingClientRect().top""")
    plot = frame.evaluate("LightPlot.boxes(document.querySelector('#figs .lp-plot')).plots[0].top")
    page.screenshot(path=str(ARTIFACTS / "screen_presenter_1280x720.png"))
    assert top + plot < 720, f"the first figure's plot starts at {top + plot:.0f} px, below the first screen"
    page.close()


def _chart_layout(page, key):
    """Where the Plotly chart of Streamlit key ``key`` draws its title, plot, x axis title and legend (px)."""
    return page.evaluate("""(key) => {
        const root = document.querySelector('.st-key-' + key + ' .js-plotly-plot');
        if (!root) return null;
        const box = s => { const e = root.querySelector(s); if (!e) return null;
                           const r = e.getBoundingClientRect(); return {l: r.left, r: r.right, t: r.top, b: r.bottom}; };
        return {svg: box('.main-svg'), title: box('.gtitle'), plot: box('.nsewdrag'), xtitle: box('.xtitle'),
                legend: box('.legend'), ticks: [...root.querySelectorAll('.xtick text')].map(
                    t => t.getAttribute('transform') || '')};
    }""", key)


@pytest.mark.parametrize("size", ["1024x768", "1280"])
def test_uci_figures_2_and_4_for_a_projector(server, browser, size):
    """Figs. 2 and 4 of the UCI page, each the column's width: the title whole inside the figure, a plot
    wide enough that the tick labels stay upright, the legend under the x axis's title, never over it."""
    width, height = (1024, 768) if size == "1024x768" else (1280, 720)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server}/uci_comparison", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMain"] h1', timeout=120_000)
    _settle(page)
    _no_errors(page, f"uci_figs_{size}")
    for key in ("fig2", "fig4"):
        page.locator(f".st-key-{key}").scroll_into_view_if_needed()
        page.wait_for_function(f"!!document.querySelector('.st-key-{key} .js-plotly-plot .legend')",
                               timeout=60_000)
        page.wait_for_timeout(800)
        page.screenshot(path=str(ARTIFACTS / f"screen_uci_{key}_{size}.png"))
        at = _chart_layout(page, key)
        assert at is not None, f"{key}: no chart"
        svg, title, plot, xtitle, legend = at["svg"], at["title"], at["plot"], at["xtitle"], at["legend"]
        assert svg["l"] - 1 <= title["l"] and title["r"] <= svg["r"] + 1, f"{key} at {size}: title clipped {at}"
        assert plot["r"] - plot["l"] >= 400, f"{key} at {size}: a plot {plot['r'] - plot['l']:.0f} px wide"
        assert not any("rotate" in t for t in at["ticks"]), f"{key} at {size}: tick labels turned {at['ticks']}"
        assert legend["t"] >= xtitle["b"] - 1, f"{key} at {size}: the legend covers the x axis's title {at}"
    page.close()


@pytest.mark.parametrize("size", ["1024x768", "1280"])
def test_home_links_are_whole_on_a_projector(server, browser, size):
    """Home's "Where to go next": each link is its page's title, whole (a link is one line, cut at the
    column's edge), with what the page shows as text under it."""
    width, height = (1024, 768) if size == "1024x768" else (1280, 720)
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server}/", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMain"] [data-testid="stPageLink-NavLink"]', timeout=120_000)
    _settle(page)
    _no_errors(page, f"home_links_{size}")
    links = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stMain"] [data-testid="stPageLink-NavLink"]')]
        .map(a => ({text: a.innerText.trim(), cut: [a, ...a.querySelectorAll('*')].some(
            e => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible')}))""")
    assert len(links) == 5, links
    titles = page.evaluate("""() => [...document.querySelectorAll('[data-testid="stSidebarNav"] a')]
        .map(a => a.innerText.trim())""")
    for link in links:
        assert not link["cut"], f"at {size}: link cut {link}"
        assert any(link["text"].endswith(t) for t in titles), f"at {size}: {link['text']!r} is no page title"
    page.get_by_role("heading", name="Where to go next").scroll_into_view_if_needed()
    page.wait_for_timeout(500)
    page.screenshot(path=str(ARTIFACTS / f"screen_home_next_{size}.png"))
    page.close()


def test_a_few_frames_play_long_enough_to_be_seen(server, browser):
    """The loss landscape's 10 frames play in about 3 s (they took half a second at the cap of 20 frames/s);
    the playground's 101 frames still play at the cap."""
    for path, n in (("loss_landscape", 10), ("playground", 101)):
        page = _open(browser, f"{server}/{path}", n_charts=0)
        frame = player_frame(page)
        shown, stamps, labels = play_to_the_end(frame)
        assert len(labels) == n and shown == labels, (path, len(labels))
        seconds = (stamps[-1] - stamps[0]) / 1000
        fps = (len(stamps) - 1) / max(seconds, 1e-9)
        print(f"{path}: {len(shown)} frames in {seconds:.2f} s, {fps:.1f} frames/s")
        if n < 60:
            assert 2.7 <= seconds <= 6, f"{path}: {n} frames played in {seconds:.2f} s"
        else:
            assert fps >= 15, f"{path}: {fps:.1f} frames/s"
        page.close()


def test_a_learner_too_fine_to_draw_says_so(server, browser):
    """At /playground?gamma=2.0&T=50&t=48 weak learner 48 has ω = (1687.90, 2664.64): its picture (each cell's
    mean) is plain grey. Its panel says why under its title, with its wavelength; its thumbnail in the strip
    says so over the blank picture, the others' thumbnails do not."""
    page = _open(browser, f"{server}/playground?gamma=2.0&T=50&t=48", n_charts=0)
    frame = player_frame(page)
    page.wait_for_timeout(500)
    _no_errors(page, "too_fine")
    readouts = frame.evaluate("[...document.querySelectorAll('.ftitle')].map(t => t.textContent)")
    weak = [r for r in readouts if r.startswith("weak learner 48")]
    assert weak and "ω too fine to draw: wavelength 0.002" in weak[0], readouts
    thumbs = frame.evaluate("""() => [...document.querySelectorAll('.thumb')].filter(d => !d.hidden).map(d => ({
        label: d.querySelector('.lab').textContent, fine: !d.querySelector('.fine').hidden
                                                       && d.querySelector('.fine').offsetWidth > 0}))""")
    assert [t["label"].split(" · ")[0] for t in thumbs] == [f"t = {t}" for t in range(43, 49)], thumbs
    assert thumbs[-1]["fine"] and not any(t["fine"] for t in thumbs[:-1]), thumbs
    frame.locator(".strip").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "too_fine_to_draw.png"))
    page.close()


def test_an_uploaded_file_survives_a_visit_to_another_page(server, browser, tmp_path):
    """The real uploader and the sidebar's menu: Streamlit forgets the uploader's file on another page;
    the playground keeps it for the session (appkit.kept_upload), until the uploader's ✕ removes it."""
    import numpy as np

    X = np.random.RandomState(0).normal(size=(80, 2))
    csv = tmp_path / "xor.csv"
    csv.write_text("u,v,label\n" + "\n".join(f"{a:.4f},{b:.4f},{int(a * b > 0)}" for a, b in X))
    page = _open(browser, f"{server}/playground?data=upload", n_charts=0)
    player_frame(page)
    sidebar = page.locator('[data-testid="stSidebar"]')
    sidebar.locator('input[type="file"]').set_input_files(str(csv))
    sidebar.get_by_text(re.compile(r"^80 points")).wait_for(timeout=60_000)
    _settle(page)

    def by_menu(title):
        page.locator('[data-testid="stSidebarNav"] a', has_text=title).first.click()
        page.wait_for_timeout(500)
        _settle(page)

    by_menu("Home")
    by_menu("Boosting playground")
    sidebar.get_by_text(re.compile(r"^Your earlier file xor\.csv: 80 points")).wait_for(timeout=60_000)
    assert sidebar.get_by_text("No file yet").count() == 0
    _no_errors(page, "upload_kept")
    _shot(page, "upload_kept")
    page.close()


# The playground's views whose vote the player computes from the model, with the parameters the page fits
# (its defaults, data moons, n = 300, noise 0.1, test share 0.3, seed 0): (query, fit_run's params)
PARITY = [("", ("GBRFF2", 100, 0.5, 0.0, 1, None, 1.0, 0)),
          ("?algo=GBRFF1&K=5", ("GBRFF1", 100, 0.5, None, 5, 1.0, 1.0, 0)),
          ("?algo=GBRFF2%2B", ("GBRFF2+", 100, 0.5, "PLUS_LAM", 1, None, 1.0, 0)),
          ("?algo=GBRFF-LS&K_ls=20", ("GBRFF-LS", 100, 0.5, None, 20, 16.0, 0.5, 0))]


@pytest.mark.parametrize("query,params", PARITY, ids=[p[0] for _, p in PARITY])
def test_the_players_vote_equals_the_engine(server, browser, query, params):
    """The player computes H^t on the grid from the cosines it receives (appkit.pack_frames' vote): its
    float64 values (window.__gbrffGrid) equal the engine's staged_decision_function of the drawn expansion
    (the cell means, gbrff.teaching.expansions.band_limited; GBRFF2+'s z(x) of the grid) on the same grid,
    to a max error of 1e-9 of the grid's largest |H|; the pictures' whole percents and the weak learner's
    hundredths equal the server's (a rounding tie may fall on the other side: one unit, 0.1 % of cells), its
    point sizes the server's boosting weights'."""
    import numpy as np

    from appkit import split_indices
    from gbrff.datasets import make_toy
    from gbrff.teaching.expansions import boosting_weights
    from gbrff.teaching.fits import fit_run
    from gbrff.teaching.menu import PLUS_LAM
    from gbrff.viz.surfaces import _surface_traces

    params = tuple(PLUS_LAM if p == "PLUS_LAM" else p for p in params)
    X, y = make_toy("moons", n_samples=300, noise=0.1, random_state=0)
    tr, te = split_indices(y, 0.3, 0)
    run = fit_run(params, (X[tr], X[te], y[tr], y[te]))
    engine = [np.full(len(run["Z_G"]), run["drawn"].init_score)]
    engine += list(run["drawn"].staged_decision_function(run["Z_G"]))

    page = _open(browser, f"{server}/playground{query}", n_charts=0)
    frame = player_frame(page)
    _no_errors(page, f"parity_{params[0]}")
    labels = frame.evaluate("S.labels")
    assert frame.evaluate("!!(S.args && vote)"), "the player received frames, not the model"
    worst = 0.0
    for t in sorted({0, 1, 2, 7, labels[len(labels) // 2], labels[-1]}):
        got = np.array(frame.evaluate(f"window.__gbrffGrid({t})"), dtype=np.float64)
        want = engine[t]
        err = float(np.abs(got - want).max() / max(np.abs(want).max(), 1e-300))
        worst = max(worst, err)
        assert err <= 1e-9, (params[0], t, err)
        k = labels.index(t)
        z = np.array(frame.evaluate(f"Array.from(S.figs[0].frames[{k}].data[0].z, r => Array.from(r))"))
        heat, _ = _surface_traces(run["xs"], run["ys"], want.astype(np.float32), False, loss=run["expansion"].loss,
                                  percent=True)
        off = np.abs(z.astype(int) - heat["z"].astype(int))
        assert off.max() <= 1 and (off > 0).mean() <= 1e-3, (params[0], t, int(off.max()), (off > 0).mean())
        if t:
            h = run["drawn"].weak_learner(t - 1, run["Z_G"]).reshape(len(run["ys"]), len(run["xs"]))
            zw = np.array(frame.evaluate(f"Array.from(S.figs[1].frames[{k}].data[0].z, r => Array.from(r))"))
            off = np.abs(zw - np.rint(100 * np.clip(h, -1, 1)))
            assert off.max() <= 1 and (off > 0).mean() <= 1e-3, (params[0], t, "learner")
        # the learner's point sizes, from |ỹᵢ| at H^{t−1} of the model itself
        w = boosting_weights(run["expansion"], run["Z_tr"], y[tr], [t])[0].astype(np.float64)
        size = 4 + 18 * np.sqrt(w / max(w.max(), 1e-12))
        for c, label in enumerate((-1, 1)):
            got_size = np.array(frame.evaluate(f"Array.from(S.figs[1].frames[{k}].data[{1 + c}].marker.size)"))
            assert np.allclose(got_size, size[y[tr] == label], rtol=1e-5), (params[0], t, "sizes")
    print(f"{params[0]}: max error of the player's H^t, relative to max |H|: {worst:.2e}; "
          f"computed in {frame.evaluate('window.gbrffStats.voteMs'):.0f} ms")
    page.close()


def test_one_render_per_payload_and_the_player_survives_a_change(server, browser):
    """Streamlit posts several render messages per payload: the player draws each payload once. A γ step (the
    session's first change, which brings the "What changed" line above the player) keeps the player's iframe
    (a value set in it survives) and draws the new model once."""
    import re as _re

    page = _open(browser, f"{server}/playground", n_charts=0)
    frame = player_frame(page)
    _settle(page)
    frame.evaluate("window.__kept = 'still here'")
    before = frame.evaluate("window.gbrffStats.renders")
    slider = page.get_by_role("slider", name=_re.compile("γ"))
    slider.focus()
    slider.press("ArrowRight")
    deadline = time.time() + 120
    while frame.evaluate("window.gbrffStats.renders") == before:
        assert time.time() < deadline, "the player was not redrawn in place after a γ step"
        page.wait_for_timeout(100)
    _settle(page)
    page.wait_for_timeout(500)
    assert frame.evaluate("window.__kept") == "still here"
    assert page.get_by_text("What changed").count() >= 1
    starts = frame.evaluate("window.gbrffStats.starts")
    assert len(starts) == 2 and set(starts.values()) == {1}, starts
    _no_errors(page, "gamma_step")
    page.close()
