"""The playground's rotation lesson under AppTest: ``?angle=`` turns the toy problem, the page says by how
much, bad values are clamped with a note, and its section draws test accuracy against the angle."""

import numpy as np
import pytest

from gbrff.datasets import make_toy
from gbrff.teaching.rotation import LESSON, rotate
from tests.app.test_pages import array, light_charts, player, run_page, shown, texts

pytestmark = pytest.mark.usefixtures("in_checkout")  # tests/conftest.py
PAGE = "pages/playground.py"


def _points(at):
    """The training points the player draws, both classes, sorted (their order is the figure's)."""
    surf = player(at)["figures"][0]
    pts = [np.column_stack([array(t["x"]), array(t["y"])]) for t in surf["data"]
           if str(t.get("name", "")).startswith("train")]
    out = np.vstack(pts)
    return out[np.lexsort(out.T[::-1])]


def test_angle_45_turns_the_board_and_says_so():
    at = run_page(PAGE, {"data": "board", "angle": "45", "T": "10"})
    assert at.slider(key="playground:angle").value == 45
    assert "board turned by 45°" in texts(at)
    X, y = make_toy("board", n_samples=300, noise=0.1, random_state=0)
    turned = rotate(X, 45)
    got = _points(at)
    # every point the player draws is a point of the turned board (none of the board as it was)
    d = np.min(np.linalg.norm(got[:, None] - turned[None], axis=-1), axis=1)
    assert len(got) == 210 and d.max() < 1e-9
    assert np.min(np.linalg.norm(got[:, None] - X[None], axis=-1), axis=1).max() > 1e-3
    assert at.query_params["angle"] == "45"
    # back to 0°: the data as generated, and the line says what changed
    at.slider(key="playground:angle").set_value(0).run()
    assert not at.exception and "board: 210 training" in texts(at)
    assert "turned by 0° instead of 45°" in shown(" ".join(m.value for m in at.markdown))
    assert "angle" not in at.query_params


@pytest.mark.parametrize("raw, used, words", [("47", 45, "not on this control's steps"),
                                              ("200", 90, "too large"), ("-10", 0, "too small"),
                                              ("abc", 0, "not a number"), ("nan", 0, "not a number")])
def test_bad_angles_in_the_address_are_clamped_with_a_note(raw, used, words):
    at = run_page(PAGE, {"data": "board", "angle": raw, "T": "5"})
    assert at.slider(key="playground:angle").value == used
    notes = " ".join(i.value for i in at.info)
    assert "angle" in notes and words in shown(notes)


def test_an_upload_is_not_turned():
    at = run_page(PAGE, {"data": "upload", "angle": "30", "T": "5"})
    assert "moons turned by 30°" in texts(at)  # no file yet: the moons it shows are turned
    rng = np.random.RandomState(0)
    X = rng.normal(size=(60, 2))
    good = "u,v,label\n" + "\n".join(f"{a:.4f},{b:.4f},{'yes' if a * b > 0 else 'no'}" for a, b in X)
    at.file_uploader(key="upload_file").set_value(("xor.csv", good.encode(), "text/csv")).run()
    assert not at.exception
    assert at.slider(key="playground:angle").disabled and "turned by" not in " ".join(c.value for c in at.caption)
    assert not any("Turn the data" in e.label for e in at.expander)


def test_the_section_draws_accuracy_against_the_angle_and_sets_the_lesson():
    at = run_page(PAGE, {"data": "board", "angle": "45", "T": "10"})
    labels = [e.label for e in at.expander]
    assert any("Turn the data" in t for t in labels)
    assert "angle_curve" not in light_charts(at)  # closed: the first picture pays nothing for it
    at.session_state["playground:sec_turn"] = True
    at.run()
    assert not at.exception
    fig = light_charts(at)["angle_curve"]
    lines = [t for t in fig["data"] if t.get("showlegend") is not False]
    assert [t["name"] for t in lines] == ["GBRFF2", "LightGBM"]
    assert list(array(lines[0]["x"])) == [0, 15, 30, 45, 60, 75, 90]
    assert fig["layout"]["shapes"][0]["x0"] == 45
    words = texts(at)
    assert "at 45°" in words
    assert "RBF kernel" in words and "axis" in words
    assert "dl_angle" in {b.key for b in at.get("download_button")}
    # the lesson's setting, one click away, in the controls and the address
    at.button(key="turn_lesson").click().run()
    assert not at.exception
    assert dict(at.query_params) == {"data": "board", "n": "1000", "noise": "0.0", "gamma": "2.0", "angle": "45",
                                     "T": "10"}  # GBRFF2 is the default algorithm: not in the address
    assert LESSON["algo"] == at.segmented_control(key="playground:algo").value
    assert "board turned by 45°: 700 training and 300 test points" in texts(at)
    assert "turn_lesson" not in {b.key for b in at.button}  # there: no button to it
    assert "board, 1000 points" in texts(at)
