"""A lesson as one file, in a real headless Chromium: the playground's and the loss landscape's animation,
downloaded as the pages give it (their button under AppTest, its file made as a click makes it), opened from
``file://`` with every request that is not to a file refused. The file draws at once, plays, steps and scrubs,
asks nothing of the network, and the frames it shows are the app's: the vote's grid values equal the engine's
``staged_decision_function`` (to 1e-9 of max |H|, as the player's parity test in tests/app/test_browser.py),
the titles the engine's accuracies, the landscape's pictures and landmarks the engine's.

Needs Debian's ``chromium`` and Playwright, as tests/app/test_browser.py (``pytest -m browser``).
"""

import re

import numpy as np
import pytest

from tests.app.test_browser import ARTIFACTS, PARITY, browser  # noqa: F401 - the Chromium fixture
from tests.app.test_files import downloads  # noqa: F401 - the fixture recording the pages' download buttons
from tests.app.test_lesson_file import _lesson_of

pytestmark = pytest.mark.browser

LOCAL = ("file://", "data:", "blob:")


def _offline(browser, path, size=(1280, 900)):  # noqa: F811
    """The file opened from file:// with every other request refused: (page, refused requests, errors)."""
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    refused, errors = [], []
    ctx.route("**/*", lambda r: r.continue_() if r.request.url.startswith(LOCAL)
              else (refused.append(r.request.url), r.abort()))
    page = ctx.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(path.as_uri())
    # a picture within 3 s, as the lessons' check asks
    page.wait_for_function("window.gbrffStats && window.gbrffStats.renders > 0", timeout=3000)
    return page, refused, errors


def _shown(page):
    """The iteration the file shows (its label), its slider position and the first figure's title."""
    t = page.evaluate("S.labels[S.k]")
    assert page.locator("#label").inner_text() == f"t = {t}"
    assert int(page.locator("#slider").input_value()) == page.evaluate("S.k")
    return t, page.locator(".ftitle .tt").first.inner_text()


def _play_to_the_end(page):
    """Press play (the button named so) and wait until it stops at the last frame: the iterations it showed."""
    n0 = len(page.evaluate("window.gbrffStats.shown"))
    before = page.locator("#figs canvas").first.screenshot()
    page.get_by_role("button", name=re.compile("play", re.I)).first.click()
    page.wait_for_timeout(400)
    assert page.locator("#figs canvas").first.screenshot() != before, "play changed nothing"
    page.wait_for_function("!playing", timeout=60_000)
    return page.evaluate("window.gbrffStats.shown")[n0:]


def _step_and_scrub(page, check):
    """Reset, step twice, back once, then drag the slider to a third and to two thirds: ``check(t)`` at each
    stop, and the picture changes at each move."""
    labels = page.evaluate("S.labels")
    canvas = page.locator("#figs canvas").first
    moves = [("#reset", 0), ("#step", 1), ("#step", 2), ("#back", 1)]
    for what, k in moves:
        before = canvas.screenshot()
        page.click(what)
        page.wait_for_function(f"S.k === {k} && window.gbrffStats.shown.at(-1) === {labels[k]}")
        assert canvas.screenshot() != before, what
        check(_shown(page))
    slider = page.locator("#slider")
    box = slider.bounding_box()
    for share in (1 / 3, 2 / 3):
        before = canvas.screenshot()
        slider.click(position={"x": box["width"] * share, "y": box["height"] / 2})
        page.wait_for_timeout(300)
        k = page.evaluate("S.k")
        assert abs(k - share * (len(labels) - 1)) <= 0.05 * len(labels) + 1, (share, k)
        assert canvas.screenshot() != before, f"scrub to {share:.2f}"
        check(_shown(page))


def test_the_playground_s_animation_plays_offline_with_the_app_s_frames(browser, downloads, tmp_path):  # noqa: F811
    from appkit import split_indices
    from gbrff.datasets import make_toy
    from gbrff.teaching.fits import fit_run
    from gbrff.viz.surfaces import _surface_traces

    name, html, _ = _lesson_of(downloads, "pages/playground.py")
    path = tmp_path / name
    path.write_bytes(html)
    # the engine, on the page's defaults: moons, n = 300, noise 0.1, test share 0.3, seed 0, GBRFF2 T = 100
    X, y = make_toy("moons", n_samples=300, noise=0.1, random_state=0)
    tr, te = split_indices(y, 0.3, 0)
    run = fit_run(PARITY[0][1], (X[tr], X[te], y[tr], y[te]))
    engine = [np.full(len(run["Z_G"]), run["drawn"].init_score)]
    engine += list(run["drawn"].staged_decision_function(run["Z_G"]))
    acc_tr, acc_te = run["train"]["accuracy"], run["test"]["accuracy"]

    page, refused, errors = _offline(browser, path)
    seen = {}

    def check(shown):
        t, title = shown
        assert title == f"H after t = {t}: train {100 * acc_tr[t]:.0f} %, test {100 * acc_te[t]:.0f} %", title
        got = np.array(page.evaluate(f"window.__gbrffGrid({t})"), dtype=np.float64)
        err = float(np.abs(got - engine[t]).max() / max(np.abs(engine[t]).max(), 1e-300))
        assert err <= 1e-9, (t, err)
        # the picture drawn: p(+1) in whole percent, as the server's surface (a rounding tie may differ by one)
        z = np.array(page.evaluate("Array.from(S.views[0].cur.data[0].z, r => Array.from(r))"))
        heat, _ = _surface_traces(run["xs"], run["ys"], engine[t].astype(np.float32), False,
                                  loss=run["expansion"].loss, percent=True)
        off = np.abs(z.astype(int) - heat["z"].astype(int))
        assert off.max() <= 1 and (off > 0).mean() <= 1e-3, (t, int(off.max()))
        seen[t] = err

    labels = page.evaluate("S.labels")
    assert labels[-1] == 100 and len(labels) == 101
    check(_shown(page))                        # it opens where the page was: the final model, t = T
    assert _play_to_the_end(page) == labels    # at the end, play starts again from t = 0 and shows every frame
    check(_shown(page))
    _step_and_scrub(page, check)
    page.screenshot(path=str(ARTIFACTS / "lesson_file_playground.png"))
    assert not refused, refused
    assert not errors, errors
    print(f"{name}: {len(html) / 1e6:.3f} MB; iterations checked {sorted(seen)}, "
          f"max error of H^t relative to max |H| {max(seen.values()):.1e}")
    page.context.close()


def test_the_landscape_s_animation_plays_offline_with_the_app_s_frames(browser, downloads, tmp_path):  # noqa: F811
    from gbrff.teaching.landscape import fit_landscape, landscape_frames
    from gbrff.viz.surfaces import _surface_traces

    name, html, _ = _lesson_of(downloads, "pages/loss_landscape.py")
    path = tmp_path / name
    path.write_bytes(html)
    fit = fit_landscape(200, 0.1, 0, 10, 0.5)  # the page's defaults: n, noise, seed, T, γ
    f, e = landscape_frames(fit), fit["expansion"]
    F = f["F"].reshape(len(f["stages"]), len(f["ys"]), len(f["xs"]))

    page, refused, errors = _offline(browser, path, size=(1024, 768))
    seen = []

    def check(shown):
        t, title = shown
        k = f["stages"].index(t)
        assert title == f"iteration {t}: loss of every landmark, ω = ({e.omegas[t - 1, 0, 0]:.1f}, " \
                        f"{e.omegas[t - 1, 0, 1]:.1f})", title
        # the landscape: each landmark's loss f(x) from its lowest (0) to its highest (100), as the engine's
        z = np.array(page.evaluate("Array.from(S.views[0].cur.data[0].z, r => Array.from(r))"))
        lo, hi = F[k].min(), F[k].max()
        np.testing.assert_array_equal(z, np.rint(100 * (F[k] - lo) / (hi - lo)))
        landmark = page.evaluate("[S.views[0].cur.data.at(-1).x[0], S.views[0].cur.data.at(-1).y[0]]")
        np.testing.assert_allclose(landmark, e.landmarks[t - 1], rtol=1e-12)
        # the vote below: p(+1) in whole percent of the engine's cell means
        zs = np.array(page.evaluate("Array.from(S.views[2].cur.data[0].z, r => Array.from(r))"))
        heat, _ = _surface_traces(f["gx"], f["gy"], f["H"][k].astype(np.float32), False, percent=True)
        assert np.abs(zs.astype(int) - heat["z"].astype(int)).max() <= 1, t
        seen.append(t)

    labels = page.evaluate("S.labels")
    assert labels == list(range(1, 11))
    check(_shown(page))
    assert _play_to_the_end(page) == labels
    _step_and_scrub(page, check)
    page.screenshot(path=str(ARTIFACTS / "lesson_file_landscape.png"))
    assert not refused, refused
    assert not errors, errors
    print(f"{name}: {len(html) / 1e6:.3f} MB; iterations checked {sorted(set(seen))}")
    page.context.close()


def test_a_regression_animation_plays_offline(browser, downloads, tmp_path):  # noqa: F811
    """The playground's regression problems (the predicted surface ŷ) travel as one file too: it draws, plays
    every frame, steps and scrubs with nothing fetched, and opens on the page's final model."""
    name, html, player = _lesson_of(downloads, "pages/playground.py", {"data": "gaussians"})
    assert "gaussians" in name
    path = tmp_path / name
    path.write_bytes(html)
    page, refused, errors = _offline(browser, path)
    labels = page.evaluate("S.labels")
    assert _shown(page)[0] == labels[-1] == 100
    assert _play_to_the_end(page) == labels
    _step_and_scrub(page, lambda shown: None)
    page.screenshot(path=str(ARTIFACTS / "lesson_file_regression.png"))
    assert not refused, refused
    assert not errors, errors
    page.context.close()
