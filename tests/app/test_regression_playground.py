"""The playground's regression problems under AppTest (issue 47, point 2): ?data=plane and ?data=gaussians fit the
menu's regressor, the player receives the model (not frames of pixels) and the readout, curves, sections, URL
state and tooltips speak of RMSE and R²."""

import numpy as np
import pytest

from gbrff.datasets import make_toy
from gbrff.teaching.fits import fit_run
from gbrff.teaching.regression import regression_split
from tests.app.test_pages import array, charts, frame, light_charts, open_sections, player, run_page, share_links

pytestmark = pytest.mark.usefixtures("in_checkout")  # tests/conftest.py


@pytest.fixture(scope="module", autouse=True)
def _warm_jit():
    from gbrff import warm_up

    warm_up()


def test_plane_fits_the_regressor_and_ships_its_model():
    at = run_page("pages/playground.py", {"data": "plane", "T": "30"}, opened=True)
    assert at.segmented_control(key="playground:data").value == "plane"
    labels = [m.label for m in at.metric]
    assert labels[0].startswith("GBRFF2 (T = 30, fit ") and labels[0].endswith("): test RMSE · R²")
    assert labels[1].startswith("LightGBM (fit ") and labels[1].endswith("): test RMSE · R²")
    # the numbers of the readout are the regressor's on the page's split
    X, y = make_toy("plane", n_samples=300, noise=0.1, random_state=0)
    tr, te = regression_split(300, 0.3, 0)
    run = fit_run(("GBRFF2", 30, 0.5, 0.0, 1, None, 1.0, 0), (X[tr], X[te], y[tr], y[te]), task="regression")
    assert at.metric[0].value == f"{run['test']['rmse'][-1]:.3f} · {run['test']['r2'][-1]:.2f}"
    play = player(at)
    surf, weak, curves = play["figures"]
    assert play["labels"] == list(range(31)) and play["start"] == 30
    # the model, not its pictures: the player computes ŷ, the learners and the residuals
    vote = play["vote"]
    assert vote["task"] == "regression" and vote["figure"] == 0 and vote["learner_figure"] == 1
    assert array(vote["W"]).shape == (30, 2) and array(vote["zx"]).shape == (100, 2)
    assert np.allclose(array(vote["points"]["y"]), y[tr]) and np.allclose(array(vote["test_points"]["y"]), y[te])
    assert vote["size_reference"] == pytest.approx(np.abs(y[tr] - run["model"].init_score_).max())
    assert all("z" not in frame(surf, t)["data"][0] for t in range(1, 31))
    # the surface: ŷ on the value scale, its own colour bar, the points coloured by y on it
    heat, pts_tr, pts_te = surf["data"][:3]
    assert heat["colorscale"][0][1] == "#440154" and heat["colorbar"]["title"]["text"].startswith("ŷ")
    assert (pts_tr["marker"]["cmin"], pts_tr["marker"]["cmax"]) == (heat["zmin"], heat["zmax"]) == run["range"]
    assert np.allclose(array(pts_te["marker"]["color"]), y[te].astype(np.float32))
    assert "RMSE train" in frame(surf, 30)["layout"]["title"]["text"]
    assert "R² train" in frame(surf, 30)["readout"] and "|y − ŷ|" in frame(surf, 30)["readout"]
    # the weak learner with the residuals it fits; RMSE and R² against t
    assert "ỹ" in weak["data"][2]["name"]
    names = {t.get("name") for t in curves["data"]}
    assert {"train RMSE", "test RMSE", "LightGBM test", "noise σ = 0.1"} <= names
    assert np.allclose(array(curves["data"][2]["y"]), run["test"]["rmse"])
    # the sections: the regression's own words, both surfaces on one scale, the downloads
    assert any("Left — the prediction so far" in m.value for m in at.markdown)
    assert "cmp_surfaces" in light_charts(at) and "omegas" in light_charts(at)
    both = light_charts(at)["cmp_surfaces"]
    assert [t["type"] for t in both["data"]].count("heatmap") == 2
    assert {b.key for b in at.get("download_button")} >= {"dl_data", "dl_model", "dl_curves", "dl_cmp_surfaces"}
    at.toggle(key="playground:lc").set_value(True).run()
    assert not at.exception
    lc = charts(at)["learning_curve"]
    assert lc["layout"]["yaxis"]["title"]["text"] == "test R²"
    # every control in the link, the data set's name as the contract has it
    at.select_slider(key="playground:gamma").set_value(2.0).run()
    assert any("data=plane" in link and "gamma=2.0" in link for link in share_links(at))


def test_gbrff2_plus_has_no_regressor_and_says_so():
    at = run_page("pages/playground.py", {"data": "gaussians", "algo": "GBRFF2+", "T": "10"})
    assert any("GBRFF2+ has no regressor" in w.value for w in at.sidebar.warning)
    assert any("GBRFF2+ has no regressor" in c.value for c in at.caption)
    assert at.metric[0].label.startswith("GBRFF2 (T = 10")
    assert "playground:lam" in {w.key for w in at.select_slider}  # GBRFF2's controls, for GBRFF2's regressor
    assert at.segmented_control(key="playground:algo").value == "GBRFF2+"  # the choice is kept: back to a
    at.segmented_control(key="playground:data").set_value("circles").run()  # classification, GBRFF2+ again
    assert not at.exception and at.metric[0].label.startswith("GBRFF2+ (T = 10)")
    assert not at.sidebar.warning


@pytest.mark.parametrize("algo,query,figures", [("GBRFF1", {"K": "4"}, 3), ("GBRFF-LS", {"K_ls": "8"}, 4)])
def test_the_landmark_regressors(algo, query, figures):
    at = run_page("pages/playground.py", {"data": "gaussians", "algo": algo, "T": "12", **query}, opened=True)
    play = player(at)
    assert len(play["figures"]) == figures  # GBRFF-LS: its weights Q under the learner
    assert play["vote"]["task"] == "regression" and array(play["vote"]["q"]).shape[0] == 12
    assert any("K random cosines around a landmark" in m.value for m in at.markdown)


def test_regression_controls_and_old_links():
    at = run_page("pages/playground.py", {"data": "gaussians", "show_test": "false", "discrete": "true", "T": "8"})
    noise = at.slider(key="playground:noise")
    assert noise.label == "Noise (std of the Gaussian noise on y)" and "RMSE" in noise.help
    assert at.toggle(key="playground:discrete").disabled  # a regression surface has no classes
    assert "plane" in at.segmented_control(key="playground:data").help
    play = player(at)
    assert play["vote"]["test_points"] is None and len(play["figures"][0]["data"]) == 2  # no test points
    # the classification problems as before: an old link opens as it did
    at = run_page("pages/playground.py", {"data": "board", "T": "8"})
    assert at.metric[0].label == "GBRFF2 (T = 8): test accuracy · fit time"
    assert "task" not in player(at)["vote"] and not at.toggle(key="playground:discrete").disabled


def test_the_regression_downloads_say_what_they_hold():
    """The model: the regressor's own to_dict (appkit's gbrff-model/1 file is a classifier's, with classes and a
    link); the data: the target in a column y."""
    at = run_page("pages/playground.py", {"data": "plane", "T": "5"})
    open_sections(at, "playground", "sec_downloads").run()
    assert not at.exception
    helps = {b.key: b.proto.help for b in at.get("download_button")}
    assert "GBRFF2Regressor.to_dict()" in helps["dl_model"] and "from_dict" in helps["dl_model"]
    assert "target y" in helps["dl_data"]
