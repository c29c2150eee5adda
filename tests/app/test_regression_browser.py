"""The regression playground in a real headless Chromium (issue 47, point 2): the surface the player computes
from the model's cosines is the regressor's ``staged_predict`` on the same grid, its points' sizes and the weak
learner's residual colours are the server's, and the page holds on a projector.

Shares the harness (the app's server, Chromium, the player's frame) of ``tests/app/test_browser.py``. Run with
``pytest -m browser``.
"""

import numpy as np
import pytest

from tests.app.test_browser import (ARTIFACTS, SIZES, _fits_its_column, _no_errors, _open, _player_layout_holds,
                                    _settle, browser, click_sections_open, player_frame, server)

pytestmark = pytest.mark.browser
__all__ = ["browser", "server"]  # the harness's fixtures, used by name below

# The regression views, with the parameters the page fits (data, n = 300, noise 0.1, test share 0.3, seed 0)
PARITY = [("?data=plane", "plane", ("GBRFF2", 100, 0.5, 0.0, 1, None, 1.0, 0)),
          ("?data=gaussians&algo=GBRFF1&K=5", "gaussians", ("GBRFF1", 100, 0.5, None, 5, 1.0, 1.0, 0)),
          ("?data=gaussians&algo=GBRFF-LS&K_ls=20", "gaussians", ("GBRFF-LS", 100, 0.5, None, 20, 16.0, 0.5, 0))]


def _js_array(frame, expr):
    return np.array(frame.evaluate(f"Array.from({expr})"), dtype=np.float64)


@pytest.mark.parametrize("query,data,params", PARITY, ids=[p[0] for _, _, p in PARITY])
def test_the_players_regression_surface_equals_staged_predict(server, browser, query, data, params):
    """H^t on the grid, computed in the browser from the cosines it receives (window.__gbrffGrid, float64),
    equals the regressor's staged_predict on the same grid to a max error of 1e-9 of the grid's largest |ŷ|;
    the picture is its float32; the points' sizes are gbrff.teaching.regression.residual_sizes of
    y − staged_predict at the points, the weak learner's points are coloured by ỹ = y − H^{t−1} over max |ỹ|."""
    from gbrff.datasets import make_toy
    from gbrff.teaching.fits import fit_run
    from gbrff.teaching.regression import regression_split, residual_sizes

    X, y = make_toy(data, n_samples=300, noise=0.1, random_state=0)
    tr, te = regression_split(300, 0.3, 0)
    run = fit_run(params, (X[tr], X[te], y[tr], y[te]), task="regression")
    model, G, ref = run["model"], run["G"], run["size_reference"]

    def staged(P):
        return [np.full(len(P), model.init_score_)] + list(model.staged_predict(P))

    grid, at_tr, at_te = staged(G), staged(X[tr]), staged(X[te])

    page = _open(browser, f"{server}/playground{query}", n_charts=0)
    frame = player_frame(page)
    _no_errors(page, f"regression_parity_{params[0]}")
    labels = frame.evaluate("S.labels")
    assert frame.evaluate("!!(vote && vote.task === 'regression')"), "the player received frames, not the model"
    worst = 0.0
    for t in sorted({0, 1, 2, 7, labels[len(labels) // 2], labels[-1]}):
        got = np.array(frame.evaluate(f"window.__gbrffGrid({t})"), dtype=np.float64)
        want = grid[t]
        err = float(np.abs(got - want).max() / max(np.abs(want).max(), 1e-300))
        worst = max(worst, err)
        assert err <= 1e-9, (params[0], t, err)
        k = labels.index(t)
        z = np.array(frame.evaluate(f"Array.from(S.figs[0].frames[{k}].data[0].z, r => Array.from(r))"))
        assert np.array_equal(z.astype(np.float32).ravel(), got.astype(np.float32)), (params[0], t, "picture")
        for m, (at, part) in enumerate(((at_tr, tr), (at_te, te)), start=1):
            size = _js_array(frame, f"S.figs[0].frames[{k}].data[{m}].marker.size")
            assert np.allclose(size, residual_sizes(y[part] - at[t], ref), rtol=1e-5), (params[0], t, "sizes")
        # the learner's points: the residuals it fits, at H^{t−1}
        r = y[tr] - at_tr[max(t - 1, 0)]
        color = _js_array(frame, f"S.figs[1].frames[{k}].data[2].marker.color")
        size = _js_array(frame, f"S.figs[1].frames[{k}].data[2].marker.size")
        assert np.allclose(color, r / np.abs(r).max(), atol=1e-6), (params[0], t, "learner colours")
        assert np.allclose(size, 4 + 18 * np.sqrt(np.abs(r) / np.abs(r).max()), rtol=1e-5), (params[0], t)
        if t:  # the learner h_t in hundredths, as the classification's
            h = run["expansion"].weak_learner(t - 1, G).reshape(len(run["ys"]), len(run["xs"]))
            zw = np.array(frame.evaluate(f"Array.from(S.figs[1].frames[{k}].data[0].z, r => Array.from(r))"))
            off = np.abs(zw - np.rint(100 * np.clip(h, -1, 1)))
            assert off.max() <= 1 and (off > 0).mean() <= 1e-3, (params[0], t, "learner")
    print(f"{params[0]} on {data}: max error of the player's ŷ^t, relative to max |ŷ|: {worst:.2e}; "
          f"computed in {frame.evaluate('window.gbrffStats.voteMs'):.0f} ms")
    page.close()


@pytest.mark.parametrize("size", ["1024x768", "1920"])
def test_the_regression_playground_for_a_projector(server, browser, size):
    """The gaussians at a projector's and a desktop's size (tests/artifacts/screen_playground_regression_<size>.png):
    the player's titles above their plots, its colour bars beside them, nothing wider than the main column,
    its sections opened as a teacher would, without an error."""
    width, height, _ = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.goto(f"{server}/playground?data=gaussians", wait_until="domcontentloaded")
    page.wait_for_selector('[data-testid="stMain"] h1', timeout=120_000)
    frame = player_frame(page)
    _settle(page)
    page.wait_for_timeout(500)
    _no_errors(page, f"regression_{size}")
    page.screenshot(path=str(ARTIFACTS / f"screen_playground_regression_{size}.png"))
    _fits_its_column(page, f"regression playground at {size}")
    _player_layout_holds(frame, f"regression playground at {size}")
    assert click_sections_open(page) >= 4
    _no_errors(page, f"regression_{size}_open")
    _fits_its_column(page, f"regression playground at {size}, its sections open")
    page.close()
