"""Every page of the teaching app under streamlit.testing's AppTest.

Each page runs with its defaults and with changed widgets, including a step of
the animation; the tests read the Plotly figures the page sends (traces and
their data) rather than only checking for the absence of an exception.
"""

import base64
import json
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[1]
TIMEOUT = 120
DONE = ":green[:material/check_box:]"


@pytest.fixture(scope="module", autouse=True)
def _warm_jit():
    """Compile the engine once, outside the AppTest timeouts."""
    from gbrff.inspection import warm_up

    warm_up()


@pytest.fixture(autouse=True)
def _in_root(monkeypatch):
    monkeypatch.chdir(ROOT)
    monkeypatch.setenv("GBRFF_DATA_DIR", str(ROOT.parent / "shared" / "datasets"))


def run_page(name, query=None, timeout=TIMEOUT):
    at = AppTest.from_file(str(ROOT / name), default_timeout=timeout)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception[0].message if at.exception else ""
    return at


def charts(at):
    """Plotly figures on the page, by element key, as dicts."""
    return {el.proto.id.split("-")[-1] if not getattr(el, "key", None) else el.key: json.loads(el.proto.spec)
            for el in at.get("plotly_chart")}


def array(value):
    """A Plotly JSON array (plain list or base64 typed array) as numpy."""
    if isinstance(value, dict) and "bdata" in value:
        out = np.frombuffer(base64.b64decode(value["bdata"]), dtype=np.dtype(value["dtype"]))
        shape = value.get("shape")
        if shape:
            out = out.reshape([int(s) for s in str(shape).split(",")])
        return out
    return np.asarray(value, dtype=float)


def texts(at):
    return " ".join(m.value for m in at.markdown) + " " + " ".join(m.value for m in at.caption)


# ---------------------------------------------------------------- home / router
def test_router_opens_home_with_three_pictures():
    at = run_page("app.py")
    figs = charts(at)
    assert {"home_wave", "home_sum", "home_boundary"} <= set(figs)
    wave = figs["home_wave"]["data"][0]
    z = array(wave["z"])
    assert wave["type"] == "heatmap" and z.shape == (100, 100)
    assert -1.0001 <= z.min() < -0.9 and 0.9 < z.max() <= 1.0001  # one cosine spans [-1, 1]
    boundary = figs["home_boundary"]["data"]
    assert [t["type"] for t in boundary[:2]] == ["heatmap", "contour"]
    assert len(at.latex) >= 3
    assert {b.key for b in at.get("download_button")} == {"dl_home_wave", "dl_home_sum", "dl_home_boundary"}


def test_home_page_alone():
    at = run_page("pages/home.py")
    assert "Where to go next" in [h.value for h in at.header]


# ---------------------------------------------------------------- playground
def test_playground_defaults():
    at = run_page("pages/playground.py")
    assert "learning_curve" not in charts(at)  # off by default: it refits 36 models
    at.toggle(key="playground:lc").set_value(True).run()
    assert not at.exception
    figs = charts(at)
    for key in ("surface", "weak", "curves", "omegas", "cmp_gbrff", "cmp_lgbm", "learning_curve"):
        assert key in figs, key
    surf = figs["surface"]
    assert [t["type"] for t in surf["data"][:2]] == ["heatmap", "contour"]
    assert array(surf["data"][0]["z"]).shape == (100, 100)
    names = {t.get("name") for t in surf["data"]}
    assert {"train −1", "train +1", "test −1", "test +1"} <= names
    # the default shows the final model: T = 100 curves of length T + 1
    curves = figs["curves"]["data"]
    assert len(array(curves[0]["y"])) == 101
    assert at.slider(key="t").value == 100
    labels = [m.label for m in at.metric]
    assert any("fit time" in s and "GBRFF2" in s for s in labels) and "LightGBM fit time" in labels
    assert {b.key for b in at.get("download_button")} >= {"dl_data", "dl_model", "dl_surface", "dl_weak", "dl_curves",
                                                          "dl_omegas", "dl_cmp_gbrff", "dl_cmp_lgbm", "dl_lc"}
    assert len(at.latex) >= 4
    lc = figs["learning_curve"]["data"]
    assert [t["name"] for t in lc] == ["GBRFF2", "LightGBM"]
    assert array(lc[0]["x"])[-1] == 210 and len(array(lc[0]["y"])) == len(array(lc[0]["x"]))


def test_playground_step_back_reset_and_play():
    at = run_page("pages/playground.py", {"T": "12"})
    at.button(key="t_reset").click().run()
    assert at.slider(key="t").value == 0
    assert "weak" not in charts(at)  # iteration 0: only H0
    at.button(key="t_step").click().run()
    assert at.slider(key="t").value == 1
    weak = charts(at)["weak"]
    assert "weak learner 1" in weak["layout"]["title"]["text"]
    assert "landmark xₜ" in {t.get("name") for t in weak["data"]}
    at.button(key="t_step").click().run()
    at.button(key="t_back").click().run()
    assert at.slider(key="t").value == 1
    # play: every run of the animated fragment shows the next frame of the schedule
    at.button(key="t_play").click().run()
    assert at.session_state["_playing_t"]
    first = at.slider(key="t").value
    at.run()
    assert at.slider(key="t").value > first
    surf = charts(at)["surface"]
    assert f"t = {at.slider(key='t').value}" in surf["layout"]["title"]["text"]
    for _ in range(20):  # plays to the end, then stops by itself
        at.run()
        assert not at.exception
    assert at.slider(key="t").value == 12 and not at.session_state["_playing_t"]


def test_playground_changed_widgets_gbrff1_board():
    at = run_page("pages/playground.py")
    at.selectbox(key="playground:data").set_value("board")
    at.segmented_control(key="playground:algo").set_value("GBRFF1")
    at.run()
    assert not at.exception
    at.slider(key="playground:T").set_value(30)
    at.slider(key="playground:K").set_value(3)
    at.select_slider(key="playground:gamma").set_value(2.0)
    at.toggle(key="playground:show_test").set_value(False)
    at.toggle(key="playground:discrete").set_value(True)
    at.run()
    assert not at.exception
    figs = charts(at)
    surf = figs["surface"]
    assert not any(str(t.get("name", "")).startswith("test") for t in surf["data"])
    assert set(np.unique(array(surf["data"][0]["z"]))) <= {0.0, 1.0}
    assert "K = 3" in figs["weak"]["layout"]["title"]["text"]
    # GBRFF1's ω are T × K draws from the prior
    learned = [t for t in figs["omegas"]["data"] if t.get("name") == "learned ω_t"][0]
    assert len(array(learned["x"])) == 30 * 3


def test_playground_url_state_and_classroom_hiding():
    at = run_page("pages/playground.py", {"data": "circles", "T": "20", "lam": "0.125", "t": "7",
                                          "hide": "noise,seed,algo"})
    assert at.selectbox(key="playground:data").value == "circles"
    assert at.slider(key="t").value == 7
    keys = {w.key for w in at.slider} | {w.key for w in at.number_input} | {w.key for w in at.segmented_control}
    assert not {"playground:noise", "playground:seed", "playground:algo"} & keys
    assert "playground:T" in keys
    assert "t = 7" in charts(at)["surface"]["layout"]["title"]["text"]
    # the share box rebuilds the link, keeping the hidden controls hidden
    code = " ".join(c.value for c in at.code)
    assert "data=circles" in code and "t=7" in code and "hide=" in code and "noise" in code
    assert "Iteration t" not in at.multiselect(key="playground:_share_hide").options  # the iteration cannot be hidden
    # choosing more controls to hide rebuilds the link
    at.multiselect(key="playground:_share_hide").set_value(["noise", "seed", "algo", "gamma"]).run()
    assert "gamma" in " ".join(c.value for c in at.code).split("hide=")[1]


def test_playground_challenge_ticks():
    at = run_page("pages/playground.py", {"data": "circles", "T": "20", "gamma": "2.0"})
    assert not any(m.value.startswith(DONE) for m in at.markdown)
    at.slider(key="playground:noise").set_value(0.04)
    at.select_slider(key="playground:gamma").set_value(4.0)
    at.run()
    line = [m.value for m in at.markdown if "circles" in m.value and "20" in m.value and "95" in m.value][0]
    acc = [t for t in charts(at)["curves"]["data"] if t.get("name") == "test accuracy"][0]
    reached = array(acc["y"])[-1] >= 95
    assert line.startswith(DONE) == reached
    assert reached, "the circles challenge should be reachable with noise 0.04, γ = 4, T = 20"
    # ticked challenges stay ticked when the settings move on
    at.selectbox(key="playground:data").set_value("moons").run()
    assert any(m.value.startswith(DONE) and "circles" in m.value for m in at.markdown)


def test_playground_upload_good_and_bad_files():
    at = run_page("pages/playground.py")
    at.selectbox(key="playground:data").set_value("upload").run()
    assert not at.exception
    assert any("No file yet" in i.value for i in at.sidebar.info)
    rng = np.random.RandomState(0)
    X = rng.normal(size=(80, 2))
    good = "u,v,label\n" + "\n".join(f"{a:.4f},{b:.4f},{'yes' if a * b > 0 else 'no'}" for a, b in X)
    at.file_uploader(key="upload_file").set_value(("xor.csv", good.encode(), "text/csv")).run()
    assert not at.exception
    assert any("80 points" in s.value for s in at.sidebar.success)
    assert "your data" in charts(at)["surface"]["layout"]["title"]["text"] or at.slider(key="t").value == 100
    bad = [("three.csv", "\n".join(f"{i},{i},{i % 3}" for i in range(40)).encode()),
           ("text.csv", "\n".join(f"{i},x{i},{i % 2}" for i in range(40)).encode()),
           ("empty.csv", b""),
           ("binary.csv", bytes(range(256)) * 10)]
    for name, data in bad:
        at.file_uploader(key="upload_file").set_value((name, data, "text/csv")).run()
        assert not at.exception, name
        assert any("Could not use this file" in e.value for e in at.sidebar.error), name
        assert "surface" in charts(at), name  # the app keeps working on moons


# ---------------------------------------------------------------- loss landscape
def test_loss_landscape_defaults_and_steps():
    at = run_page("pages/loss_landscape.py")
    figs = charts(at)
    assert {"landscape", "bias_curve", "boundary"} <= set(figs)
    land = figs["landscape"]["data"]
    assert land[0]["type"] == "heatmap" and land[0]["reversescale"]
    assert "chosen landmark xₜ" in {t.get("name") for t in land}
    curve = figs["bias_curve"]["data"]
    f = array(curve[0]["y"])
    star = array(curve[1]["y"])[0]
    assert star == pytest.approx(f.min())
    at.button(key="it_reset").click().run()
    assert at.slider(key="it").value == 0 and "landscape" not in charts(at)
    at.button(key="it_step").click().run()
    figs = charts(at)
    assert "iteration 1" in figs["landscape"]["layout"]["title"]["text"]
    # the chosen landmark's phase b = ω·x_t sits at (or very near) the global minimum of f(b)
    shapes = figs["bias_curve"]["layout"].get("shapes", [])
    b_land = shapes[0]["x0"]
    bs, f = array(figs["bias_curve"]["data"][0]["x"]), array(figs["bias_curve"]["data"][0]["y"])
    assert np.interp(b_land, bs, f) <= f.min() + 0.05 * (f.max() - f.min())
    at.button(key="it_play").click().run()
    at.run()
    assert at.slider(key="it").value >= 2


def test_loss_landscape_changed_widgets():
    at = run_page("pages/loss_landscape.py", {"T": "5", "gamma": "2.0", "n": "120"})
    assert at.slider(key="it").value == 5
    assert "after 5 iterations" in charts(at)["boundary"]["layout"]["title"]["text"]


# ---------------------------------------------------------------- K and lambda
def test_k_and_lambda_defaults():
    at = run_page("pages/k_and_lambda.py")
    figs = charts(at)
    assert {"k_budget", "lambda_sweep", "lambda_surfaces"} <= set(figs)
    assert [t["name"] for t in figs["k_budget"]["data"]] == ["K = 1", "K = 5", "K = 10", "K = 20"]
    norms = array(figs["lambda_sweep"]["data"][0]["y"])
    assert norms[0] > norms[-1]  # a strong penalty shrinks ω
    assert sum(t["type"] == "heatmap" for t in figs["lambda_surfaces"]["data"]) == 7
    if (ROOT / "results" / "kbudget" / "curve.csv").exists():
        assert "uci_fig3" in figs
    else:
        assert any("No stored UCI results for Fig. 3" in i.value for i in at.info)


def test_k_and_lambda_changed_widgets():
    at = run_page("pages/k_and_lambda.py", {"data": "moons", "n": "150"})
    at.slider(key="k_and_lambda:T").set_value(20).run()
    assert not at.exception
    assert "T = 20" in charts(at)["lambda_sweep"]["layout"]["title"]["text"]


# ---------------------------------------------------------------- UCI
def test_uci_page_shows_table_or_clear_message():
    at = run_page("pages/uci_comparison.py")
    summary = ROOT / "results" / "table2" / "summary.csv"
    if summary.exists():
        table = at.dataframe[0].value
        cells = " ".join(str(v) for v in table.to_numpy().ravel())
        assert "paper" in cells and "±" in cells  # reproduced mean ± std beside the paper's value
        assert "table2_fig" in charts(at)
    else:
        assert any("No reproduced Table 2" in i.value for i in at.info)
        assert len(at.dataframe) >= 1  # the published values still show


def test_uci_live_run_or_how_to_get_data():
    at = run_page("pages/uci_comparison.py", {"task": "wine", "splits": "1"})
    if not [b for b in at.button if b.key == "live_run"]:
        assert any("not on this machine" in i.value for i in at.info)
        return
    at.multiselect(key="live_methods").set_value(["GBRFF2", "LGBM"])
    at.button(key="live_run").click().run()
    assert not at.exception
    result = at.dataframe[-1].value
    assert set(result.index) == {"GBRFF2", "LGBM"}
    assert (result["mean"] > 80).all()  # wine is easy


# ---------------------------------------------------------------- extremes
@pytest.mark.parametrize("page, query", [
    ("pages/playground.py", {"n": "40", "test": "0.9", "T": "1", "gamma": "32.0", "lr": "0.05", "lam": "1.0",
                             "t": "1", "lc": "true"}),
    ("pages/playground.py", {"data": "board", "noise": "0.6", "algo": "GBRFF1", "K": "50", "beta": "100.0",
                             "T": "3", "seed": "9999"}),
    ("pages/playground.py", {"T": "notanumber", "data": "nosuchdata", "gamma": "-1", "t": "999"}),
    ("pages/loss_landscape.py", {"n": "40", "T": "50", "gamma": "4.0", "it": "50"}),
    ("pages/k_and_lambda.py", {"data": "swiss", "n": "100", "T": "5", "gamma": "8.0"}),
])
def test_pages_survive_extreme_and_malformed_urls(page, query):
    at = run_page(page, query)
    assert charts(at)


def test_playground_stopping_rule_jumps_to_best_iteration():
    at = run_page("pages/playground.py", {"data": "board", "noise": "0.3", "gamma": "8.0", "T": "150"})
    curves = charts(at)["curves"]["data"]
    test_loss = array([c for c in curves if c.get("name") == "test loss"][0]["y"])
    star = [c for c in curves if str(c.get("name", "")).startswith("stop at")][0]
    assert star["x"][0] == int(np.argmin(test_loss)) < 150  # noisy board overfits: stop early
    at.button(key="go_stop").click().run()
    assert at.slider(key="t").value == star["x"][0]
