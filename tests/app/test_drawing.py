"""The playground's drawn data set: the ``pts`` codec (appkit/_drawing.py), and the page with a drawing in
its address (AppTest). The browser side (clicks on the picture, the refit) is tests/app/test_draw_browser.py."""

import base64
import json

import numpy as np
import pytest

from appkit._drawing import (LEVELS, MAX_CODE_LENGTH, MAX_POINTS, SEED_CODE, STEP, Board, coordinates, decode,
                             encode, quantise)
from gbrff.teaching.drawing import HALF_WIDTH, seed_points
from tests.app.test_pages import array, player, run_page, texts

PAGE = "pages/playground.py"


# ---------------------------------------------------------------- the codec
def test_round_trip_of_random_sets():
    rng = np.random.RandomState(0)
    for n in [0, 1, 7, 8, 9, 16, 100, MAX_POINTS]:
        q = rng.randint(0, LEVELS, size=(n, 2))
        y = rng.choice([-1, 1], size=n)
        code = encode(q, y)
        assert code.startswith("1.") and len(code) <= MAX_CODE_LENGTH
        assert set(code[2:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        q2, y2 = decode(code)
        assert np.array_equal(q2, q) and np.array_equal(y2, y) and q2.dtype == y2.dtype == np.int64
    assert len(encode(np.zeros((300, 2), int), np.ones(300, int))) < 860  # 2.1 bytes a point: short links


def test_old_links_keep_their_points():
    """Version 1 as it was first written: these codes must decode to these points for ever."""
    q, y = decode("1.AH36fUA")
    assert q.tolist() == [[0, 250], [125, 125]] and y.tolist() == [-1, 1]
    assert decode("1.")[0].shape == (0, 2)
    X, y = seed_points()
    assert SEED_CODE == "1.QVotUChpN0a5oM2q0pHDtIeWoG54grRac2RajIJ4RqAA_w"
    np.testing.assert_allclose(coordinates(decode(SEED_CODE)[0]), X, atol=1e-9)


def test_quantise_and_coordinates():
    assert quantise([[-HALF_WIDTH, HALF_WIDTH], [0.0, 0.011], [9.0, -9.0]]).tolist() == [[0, 250], [125, 126],
                                                                                          [250, 0]]
    np.testing.assert_allclose(coordinates([[0, 250], [125, 126]]), [[-2.5, 2.5], [0.0, 0.02]])
    assert STEP * (LEVELS - 1) == pytest.approx(2 * HALF_WIDTH)


@pytest.mark.parametrize("code, words", [
    ("2.AH36fUA", "format version 2"),
    ("AH36fUA", "version number and a dot"),
    ("x.AH36fUA", "version number and a dot"),
    ("1.AH36f+A", "characters other than"),
    ("1.AH36fU=", "characters other than"),
    ("1.AH36f", "matches no number of points"),
    ("1.A", "matches no number of points"),
    ("1.AH36fUB", "bits that no drawing sets"),
    ("1." + base64.urlsafe_b64encode(bytes([251, 0, 0, 0, 0])).decode().rstrip("="), "outside the drawing area"),
    ("1." + base64.urlsafe_b64encode(bytes([0, 0, 0, 0, 0b01100000])).decode().rstrip("="), "beyond its points"),
    ("1." + "A" * (MAX_CODE_LENGTH + 5), "longer than any drawing"),
    ("1." + base64.urlsafe_b64encode(bytes(2 * 501 + 63)).decode().rstrip("="), "at most 500 points"),
    ("", "version number"),
    (None, "a text"),
], ids=lambda v: str(v)[:24] if isinstance(v, str) else None)
def test_garbage_says_what_is_wrong(code, words):
    with pytest.raises(ValueError, match=words):
        decode(code)


def test_encode_refuses_what_no_drawing_is():
    for q, y, words in [([[0, 251]], [1], "outside"), ([[0, -1]], [1], "outside"), ([[0, 0]], [0], "−1 or \\+1"),
                        ([[0, 0]], [1, 1], "labels"), (np.zeros((MAX_POINTS + 1, 2), int), np.ones(MAX_POINTS + 1),
                                                      "at most 500")]:
        with pytest.raises(ValueError, match=words):
            encode(q, y)


def test_the_board_takes_only_newer_valid_sets():
    import streamlit as st

    board = Board(SEED_CODE, 0)
    key = "test:_drawn"
    st.session_state[key] = {"code": SEED_CODE, "seq": 0}
    try:
        assert not board.take({"points": [[1, 2, 1]], "seq": 0}, key=key)  # not newer
        assert not board.take({"points": [[1, 2, 3]], "seq": 1}, key=key)  # not a label
        assert not board.take({"points": [[1, 999, 1]], "seq": 1}, key=key)  # outside
        assert not board.take({"points": "x", "seq": 1}, key=key) and not board.take("junk", key=key)
        assert not board.take({"points": [[1, 2, 1]], "seq": True}, key=key)
        assert board.take({"points": [[1, 2, 1], [3, 4, -1]], "seq": 2}, key=key)
        assert st.session_state[key] == {"code": encode([[1, 2], [3, 4]], [1, -1]), "seq": 2}
        assert board.stale(key=key)
        assert Board(st.session_state[key]["code"], 2).args()["points"] == [[1, 2, 1], [3, 4, -1]]
    finally:
        del st.session_state[key]


# ---------------------------------------------------------------- the page

def _train_points(at):
    surf = player(at)["figures"][0]
    pts = [np.column_stack([array(t["x"]), array(t["y"])]) for t in surf["data"]
           if str(t.get("name", "")).startswith(("train", "test"))]
    out = np.vstack(pts)
    return out[np.lexsort(out.T[::-1])]


@pytest.mark.usefixtures("in_checkout")
def test_a_drawing_in_the_address_is_the_data():
    rng = np.random.RandomState(3)
    q = rng.randint(0, LEVELS, size=(30, 2))
    y = np.where(q[:, 0] > q[:, 1], 1, -1)
    code = encode(q, y)
    at = run_page(PAGE, {"data": "draw", "pts": code, "T": "10"})
    assert at.segmented_control(key="playground:data").value == "draw"
    assert "your drawing: 21 training and 9 test points" in texts(at)
    X = coordinates(q)
    np.testing.assert_allclose(_train_points(at), X[np.lexsort(X.T[::-1])], atol=1e-9)
    args = json.loads(at.get("component_instance")[0].proto.json_args)
    assert args["draw"]["points"] == [[int(a), int(b), int(c)] for (a, b), c in zip(q, y)]
    assert args["draw"]["max"] == MAX_POINTS and args["draw"]["seq"] == 0
    assert at.query_params["pts"] == code  # kept in the address, for the share link
    assert at.slider(key="playground:n").disabled and at.slider(key="playground:angle").disabled
    # the grid is the drawing area's, whatever the points: the picture does not move as they change
    surf = player(at)["figures"][0]
    assert surf["layout"]["xaxis"]["range"] == pytest.approx([-3.25, 3.25])
    # the downloads name the drawing
    at.session_state["playground:sec_downloads"] = True
    at.run()
    names = {b.proto.label: b for b in at.get("download_button")}
    assert any("data set" in label for label in names)


@pytest.mark.usefixtures("in_checkout")
def test_the_seed_set_and_its_short_address():
    at = run_page(PAGE, {"data": "draw"})
    assert "your drawing: 11 training and 5 test points" in texts(at)
    assert "pts" not in at.query_params  # the seed set needs no pts
    assert any("Your drawing: 16 points" in m.value for m in at.sidebar.markdown)


@pytest.mark.usefixtures("in_checkout")
@pytest.mark.parametrize("pts", ["1.zz$", "7.AAAA", "1.AH36fUB", "1." + "A" * 2000, "<script>alert(1)</script>"],
                         ids=["chars", "version", "bits", "long", "script"])
def test_a_tampered_drawing_says_so_and_starts_from_the_seed(pts):
    at = run_page(PAGE, {"data": "draw", "pts": pts, "T": "5"})
    warning = " ".join(w.value for w in at.sidebar.warning)
    assert "could not be read" in warning and "seed set" in warning
    assert "your drawing: 11 training and 5 test points" in texts(at)


@pytest.mark.usefixtures("in_checkout")
def test_too_few_points_show_the_area_and_what_to_draw():
    at = run_page(PAGE, {"data": "draw", "pts": encode([[10, 10], [200, 200], [30, 40]], [-1, 1, 1])})
    assert "no model yet: Draw at least 2 points of each class (now 1 of class −1 and 2 of class +1)" in texts(at)
    play = player(at)
    assert play["labels"] == [0] and len(play["figures"]) == 1
    assert play["figures"][0]["layout"]["xaxis"]["range"] == pytest.approx([-3.25, 3.25])
    assert json.loads(at.get("component_instance")[0].proto.json_args)["draw"]["points"][0] == [10, 10, -1]
    assert len(at.get("component_instance")) == 1
    # a test share that leaves no room for both classes on each side
    at = run_page(PAGE, {"data": "draw", "pts": encode([[1, 1], [2, 2], [3, 3], [4, 4]], [-1, -1, 1, 1]),
                         "test": "0.9"})
    assert "test share of 0.9" in texts(at)


@pytest.mark.usefixtures("in_checkout")
def test_a_new_drawing_is_fitted_and_said():
    """What the player's report leaves in the session (Board.take): the page's next run fits that set, says
    what changed and writes it into the address."""
    at = run_page(PAGE, {"data": "draw", "T": "10"})
    q, y = decode(SEED_CODE)
    new = encode(np.vstack([q, [[200, 200], [210, 200]]]), np.concatenate([y, [1, 1]]))
    at.session_state["playground:_drawn"] = {"code": new, "seq": 1}
    at.run()
    assert not at.exception
    assert "2 points of class +1 added: 18 points now" in " ".join(m.value for m in at.markdown).replace("\\", "")
    assert at.query_params["pts"] == new
    assert json.loads(at.get("component_instance")[0].proto.json_args)["draw"]["seq"] == 1
    # to moons and back: the drawing is kept for the session, and leaves the address meanwhile
    at.segmented_control(key="playground:data").set_value("moons").run()
    assert "pts" not in at.query_params
    at.segmented_control(key="playground:data").set_value("draw").run()
    assert at.query_params["pts"] == new and "your drawing: 12 training" in texts(at)
