"""No traceback on any path (issue #17, point 1).

* every URL value, hidden or not, is checked against the page's own bounds
  (:func:`appkit.adopt`) and clamped or replaced with a visible note;
* each page owns its widgets' session keys, so touching the controls of one
  page never breaks (or leaks into) another page of the same session;
* the CSV parser answers every bad file with a message, never a TypeError.
"""

import json
import time
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from appkit import adopt
from appkit import _files as files

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 180


pytestmark = pytest.mark.usefixtures("in_checkout")  # tests/conftest.py


def notes(at):
    """The notes of the link's values, as the reader sees them (Markdown escapes gone: tests.app.test_pages.shown)."""
    from tests.app.test_pages import shown

    return [shown(i.value) for i in at.info if "The link asked for it" in i.value]


# ---------------------------------------------------------------- adopt
@pytest.mark.parametrize("raw, default, kw, value, words", [
    ("5000", 100, dict(min_value=1, max_value=500), 500,
     "T = 5000 is too large: T takes a whole number from 1 to 500 here; using 500."),
    ("0", 100, dict(min_value=1, max_value=500), 1, "T = 0 is too small: T takes a whole number from 1 to 500 here"),
    ("-1", 0, dict(min_value=0, max_value=9999, step=1), 0, "too small"),
    ("nan", 0.1, dict(min_value=0.0, max_value=0.6, step=0.02), 0.1,
     "T = nan is not a number: T takes a number from 0 to 0.6 in steps of 0.02 here; using the default 0.1."),
    # a number, too large for a float (float('1e309') is inf): too large, clamped, never "not a number"
    ("1e309", 100, dict(min_value=1, max_value=500), 500,
     "T = 1e309 is too large: T takes a whole number from 1 to 500 here; using 500."),
    ("-1e309", 100, dict(min_value=1, max_value=500), 1, "T = -1e309 is too small"),
    ("inf", 0.1, dict(min_value=0.0, max_value=0.6, step=0.02), 0.6, "T = inf is too large"),
    ("1e400", 0, dict(min_value=0, step=1), 0, "T = 1e400 is too large: T takes a whole number ≥ 0 here; using the "
                                                 "default 0."),
    ("abc", 10, dict(min_value=1, max_value=50), 10,
     "T = abc is not a number: T takes a whole number from 1 to 50 here; using the default 10."),
    ("0.131", 0.1, dict(min_value=0.0, max_value=0.6, step=0.02), 0.14,
     "T = 0.131 is not on this control's steps: T takes a number from 0 to 0.6 in steps of 0.02 here; using 0.14."),
    ("0.12", 0.1, dict(min_value=0.0, max_value=0.6, step=0.02), 0.12, None),
    ("7", 60, dict(min_value=5, max_value=300, step=5), 5, "in steps of 5 here; using 5."),
    ("20", 100, dict(min_value=1, max_value=500), 20, None),
    ("2.5", 100, dict(min_value=1, max_value=500), 2, "T = 2.5 is not a whole number"),
])
def test_adopt_numbers(raw, default, kw, value, words):
    got, note = adopt("T", raw, default, **kw)
    assert got == pytest.approx(value) and type(got) is type(default)
    assert (note is None) if words is None else (words in note)


def test_adopt_options_and_bools():
    assert adopt("gamma", "2.0", 0.5, options=[0.5, 2.0]) == (2.0, None)
    assert adopt("gamma", "2", 0.5, options=[0.5, 2.0]) == (2.0, None)
    v, note = adopt("gamma", "-1", 0.5, options=[0.5, 2.0])
    assert v == 0.5 and "not one of this page's choices" in note
    v, note = adopt("algo", "GBRFF3", "GBRFF2", options=["GBRFF2", "GBRFF1"])
    assert v == "GBRFF2" and "GBRFF3" in note
    assert adopt("lgbm", "false", True) == (False, None)
    assert adopt("lgbm", "1", False) == (True, None)
    v, note = adopt("lgbm", "maybe", True)
    assert v is True and "neither true nor false" in note
    v, note = adopt("task", "nosuch", "t0", options=[f"t{i}" for i in range(16)])  # a long list says it is cut
    assert v == "t0" and "(t0, t1, t2, t3, t4, t5, t6, t7, t8, t9, t10, t11, … (16 in all)); using t0." in note


# ---------------------------------------------------------------- links
LINKS = [  # the link shapes, plus visible out-of-range and garbage values
    ("pages/playground.py", {"hide": "T", "T": "0"}, "T = 0 is too small"),
    ("pages/playground.py", {"hide": "noise", "noise": "nan"}, "noise = nan is not a number"),
    ("pages/playground.py", {"hide": "seed", "seed": "-1"}, "seed = -1 is too small"),
    ("pages/playground.py", {"hide": "test", "test": "0"}, "test = 0 is too small"),
    ("pages/playground.py", {"hide": "n", "n": "-1"}, "n = -1 is too small"),
    ("pages/playground.py", {"hide": "angle", "data": "board", "angle": "1e400"}, "angle = 1e400 is too large"),
    ("pages/playground.py", {"hide": "algo,K", "algo": "GBRFF1", "K": "0"}, "K = 0 is too small"),
    ("pages/playground.py", {"hide": "n", "n": "50000"},
     "n = 50000 is too large: n takes a whole number from 40 to 1000 in steps of 20 here; using 1000."),
    ("pages/playground.py", {"hide": "algo,K_ls", "algo": "GBRFF-LS", "K_ls": "0"}, "K_ls = 0 is too small"),
    ("pages/playground.py", {"hide": "algo,c,v", "algo": "GBRFF-LS", "c": "3", "v": "nan"},
     "c = 3 is not one of this page's choices"),
    ("pages/playground.py", {"algo": "GBRFF-LS", "K_ls": "5000", "v": "2"},
     "K_ls = 5000 is too large: K_ls takes a whole number from 1 to 30 here; using 30."),
    ("pages/playground.py", {"algo": "GBRFF-LS", "v": "-1"}, "v = -1 is not one of this page's choices"),
    ("pages/playground.py", {"algo": "GBRFF3"}, "algo = GBRFF3 is not one of this page's choices"),
    ("pages/playground.py", {"T": "5000"}, "T = 5000 is too large: T takes a whole number from 1 to 500 here; using 500."),
    ("pages/playground.py", {"T": "1e309"}, "T = 1e309 is too large: T takes a whole number from 1 to 500 here"),
    ("pages/playground.py", {"noise": "nan", "seed": "x", "data": "nosuch", "lgbm": "maybe"}, "noise = nan"),
    ("pages/loss_landscape.py", {"hide": "T", "T": "-1"}, "T = -1 is too small"),
    ("pages/loss_landscape.py", {"T": "100", "n": "2000"}, "T = 100 is too large: T takes a whole number from 1 to 30"),
    ("pages/k_and_lambda.py", {"hide": "T", "T": "0"}, "T = 0 is too small"),
    ("pages/k_and_lambda.py", {"T": "7", "gamma": "32.0"},
     "T = 7 is not on this control's steps: T takes a whole number from 5 to 300 in steps of 5 here; using 5."),
    ("pages/kernel_average.py", {"hide": "D", "D": "7"}, "D = 7 is not one of this page's choices"),
    ("pages/kernel_average.py", {"x1": "9", "density": "student"},
     "x1 = 9 is too large: x1 takes a number from -2 to 2 in steps of 0.25 here; using 2."),
]


@pytest.mark.slow
@pytest.mark.parametrize("page, query, words", LINKS, ids=[f"{p[6:-3]}?{q}" for p, q, _ in LINKS])
def test_links_are_clamped_with_a_visible_note(page, query, words):
    at = AppTest.from_file(str(ROOT / page), default_timeout=TIMEOUT)
    for k, v in query.items():
        at.query_params[k] = v
    t0 = time.perf_counter()
    at.run()
    assert not at.exception, at.exception[0].message
    assert any(words in n for n in notes(at)), notes(at)
    assert time.perf_counter() - t0 < 60  # n = 50000 took 87 s
    at.run()  # a rerun keeps the page (and, for a hidden control, the note)
    assert not at.exception


# ---------------------------------------------------------------- cross-page
TOUCH = {  # a non-default value for every control of each page, above the other pages' maxima where shared
    "playground": [("segmented_control", "data", "circles"), ("slider", "n", 1000), ("slider", "noise", 0.56),
                   ("slider", "test", 0.5), ("slider", "seed", 9999), ("toggle", "show_test", False),
                   ("select_slider", "gamma", 32.0), ("select_slider", "lam", 1.0), ("slider", "T", 400),
                   ("select_slider", "lr", 0.5), ("toggle", "lgbm", False), ("toggle", "discrete", True)],
    "loss_landscape": [("slider", "n", 400), ("slider", "noise", 0.5), ("slider", "seed", 7),
                       ("slider", "T", 3), ("select_slider", "gamma", 4.0)],
    "k_and_lambda": [("segmented_control", "data", "moons"), ("slider", "n", 100), ("slider", "noise", 0.3),
                     ("slider", "seed", 3), ("select_slider", "gamma", 0.125), ("slider", "T", 5)],
    "random_features": [("segmented_control", "data", "moons"), ("slider", "n", 150), ("slider", "noise", 0.2),
                        ("slider", "seed", 5), ("select_slider", "gamma", 4.0), ("select_slider", "D", 10)],
    "kernel_average": [("slider", "x1", -2.0), ("slider", "x2", 2.0), ("radio", "density", "cauchy"),
                       ("select_slider", "gamma", 8.0), ("slider", "seed", 9999), ("select_slider", "D", 1000)],
    "uci_comparison": [("slider", "splits", 10)],
}
DEFAULTS = {"playground": {"n": 300, "T": 100, "noise": 0.1, "seed": 0, "gamma": 0.5, "data": "moons"},
            "loss_landscape": {"n": 200, "T": 10, "noise": 0.1, "seed": 0, "gamma": 0.5},
            "k_and_lambda": {"n": 300, "T": 60, "noise": 0.1, "seed": 0, "gamma": 1.0, "data": "board"},
            "random_features": {"n": 300, "noise": 0.1, "seed": 0, "gamma": 1.0, "data": "board", "D": 20},
            "kernel_average": {"x1": 0.5, "x2": 0.5, "density": "gaussian", "gamma": 1.0, "seed": 0, "D": 10},
            "uci_comparison": {"splits": 3}}


def _widget(at, kind, key):
    return getattr(at, kind)(key=key)


@pytest.mark.slow
@pytest.mark.parametrize("source", list(TOUCH))
def test_every_page_after_touching_every_control_of_another(source):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    for target in TOUCH:
        if target == source:
            continue
        at.switch_page(f"pages/{source}.py").run()
        assert not at.exception, (source, at.exception[0].message)
        for kind, key, value in TOUCH[source]:
            _widget(at, kind, f"{source}:{key}").set_value(value)
        at.run()
        assert not at.exception, (source, at.exception[0].message)
        for kind, key, value in TOUCH[source]:
            assert _widget(at, kind, f"{source}:{key}").value == value, (source, key)
        at.switch_page(f"pages/{target}.py").run()
        assert not at.exception, (source, target, at.exception[0].message)
        assert not notes(at), (source, target, notes(at))
        for kind, key, _ in TOUCH[target]:
            if key in DEFAULTS[target]:  # the page opens with its own defaults
                assert _widget(at, kind, f"{target}:{key}").value == DEFAULTS[target][key], (source, target, key)


@pytest.mark.slow
def test_gbrff_ls_controls_do_not_leak_into_other_pages():
    """The 2019 GBRFF's controls (K_ls, c, v) at their maxima, then every other page and back."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    at.switch_page("pages/playground.py").run()
    at.segmented_control(key="playground:algo").set_value("GBRFF-LS").run()
    at.slider(key="playground:T").set_value(20).run()  # K's maximum follows T (T × K ≤ 3,000): T first
    at.slider(key="playground:K_ls").set_value(100)
    at.select_slider(key="playground:c").set_value(1024.0)
    at.select_slider(key="playground:v").set_value(0.01)
    at.run()
    assert not at.exception, at.exception[0].message
    for target in [p for p in TOUCH if p != "playground"]:
        at.switch_page(f"pages/{target}.py").run()
        assert not at.exception, (target, at.exception[0].message)
        assert not notes(at), (target, notes(at))
        for kind, key, _ in TOUCH[target]:
            if key in DEFAULTS[target]:
                assert _widget(at, kind, f"{target}:{key}").value == DEFAULTS[target][key], (target, key)
    at.query_params.clear()  # the sidebar's menu: the page's plain address
    at.switch_page("pages/playground.py").run()
    assert not at.exception and not notes(at)
    # the page keeps its own settings of this session (tests/app/test_state.py)
    assert at.segmented_control(key="playground:algo").value == "GBRFF-LS"
    assert at.slider(key="playground:K_ls").value == 100 and at.select_slider(key="playground:c").value == 1024.0


# ---------------------------------------------------------------- bad CSVs
def _rows(n, fmt):
    return "\n".join(fmt(i) for i in range(n))


BAD_CSVS = [
    ("empty label cell", "x1,x2,label\n" + _rows(20, lambda i: f"{i},{i},{'' if i == 3 else i % 2}"), "no label"),
    ("empty label, no header", _rows(20, lambda i: f"{i},{i},{'' if i == 3 else i % 2}"), "Line 4 has no label"),
    ("empty feature cell", "x1,x2,label\n" + _rows(20, lambda i: f"{i},{'' if i == 5 else i},{i % 2}"),
     "empty cell in the column 'x2'"),
    ("short row", "x1,x2,label\n1,2\n" + _rows(20, lambda i: f"{i},{i},{i % 2}"), "missing cells"),
    ("one class", _rows(20, lambda i: f"{i},{i},1"), "same label"),
    ("three classes", _rows(30, lambda i: f"{i},{i},{i % 3}"), "exactly two classes"),
    ("text in a number column", "x1,x2,label\n" + _rows(20, lambda i: f"{i},x{i},{i % 2}"), "must be numbers"),
    ("nan text in a number column", _rows(20, lambda i: f"{i},nan,{i % 2}"), "must be numbers"),
    ("empty file", "", "empty"),
    ("header only", "x1,x2,label\n", "no data rows"),
    ("header only, no newline", "x1,x2,label", "no data rows"),
    ("huge file", "x" * (files.MAX_UPLOAD_BYTES + 1), "MB"),
    ("too many rows", _rows(files.MAX_UPLOAD_ROWS + 5, lambda i: f"{i},{i},{i % 2}"), "at most"),
]


@pytest.mark.parametrize("name, text, words", BAD_CSVS, ids=[c[0] for c in BAD_CSVS])
def test_bad_csv_gives_a_message(name, text, words):
    with pytest.raises(ValueError, match=words):
        files.parse_points_csv(text.encode())


def test_nan_as_a_label_is_a_class_name():
    X, y, classes = files.parse_points_csv(_rows(20, lambda i: f"{i},{i},{'nan' if i % 2 else 'a'}").encode())
    assert set(classes) == {"a", "nan"} and (np.unique(y) == [-1, 1]).all()


def test_failed_upload_keeps_sidebar_and_picture_in_agreement():
    at = AppTest.from_file(str(ROOT / "pages/playground.py"), default_timeout=TIMEOUT)
    at.run()
    at.slider(key="playground:T").set_value(30)
    at.segmented_control(key="playground:data").set_value("upload").run()
    for name, text, _ in BAD_CSVS[:7]:
        at.file_uploader(key="upload_file").set_value((f"{name}.csv", text.encode(), "text/csv")).run()
        assert not at.exception, (name, at.exception[0].message)
        assert any("Could not use this file" in e.value for e in at.sidebar.error), name
        # the main area says it as well, beside the picture of moons it shows instead
        assert [w.value for w in at.main.warning if w.value.startswith("Your file could not be used: ")
                and w.value.endswith("; showing moons instead.")], name
        assert at.slider(key="playground:T").value == 30 and at.slider(key="playground:n").value == 300
        assert json.loads(at.get("component_instance")[0].proto.json_args)["start"] == 30  # the sidebar's T
