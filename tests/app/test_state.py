"""A page's state across pages and in its address (appkit._state).

* each page keeps its own settings when a student moves between pages by the
  sidebar's menu (an address without parameters), and shows them in the
  address; a link's parameters win over what the page remembers;
* the address and the share box are written from the same parameters: a
  control the page no longer draws leaves both.
"""

from pathlib import Path
from urllib.parse import parse_qsl, urlsplit

import pytest
from streamlit.testing.v1 import AppTest

from tests.app.test_pages import player, share_links, shown

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 180


pytestmark = pytest.mark.usefixtures("in_checkout")  # tests/conftest.py


def address(at):
    return {k: at.query_params[k] for k in at.query_params}


def by_menu(at, page):
    """The sidebar's menu: the browser opens the page's plain address (no parameters)."""
    at.query_params.clear()
    at.switch_page(page).run()
    assert not at.exception, at.exception[0].message
    return at


@pytest.mark.slow
def test_a_page_keeps_its_settings_when_a_student_comes_back_by_the_menu():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    by_menu(at, "pages/playground.py")
    at.segmented_control(key="playground:algo").set_value("GBRFF1")
    at.select_slider(key="playground:gamma").set_value(1.0)
    at.slider(key="playground:T").set_value(30)
    at.run()
    assert address(at) == {"algo": "GBRFF1", "T": "30", "gamma": "1.0"}
    by_menu(at, "pages/home.py")
    by_menu(at, "pages/k_and_lambda.py")  # another page of controls between
    assert at.select_slider(key="k_and_lambda:gamma").value == 1.0  # its own default (no leak)
    at.select_slider(key="k_and_lambda:gamma").set_value(4.0).run()
    by_menu(at, "pages/playground.py")
    assert at.segmented_control(key="playground:algo").value == "GBRFF1"
    assert at.select_slider(key="playground:gamma").value == 1.0 and at.slider(key="playground:T").value == 30
    assert address(at) == {"algo": "GBRFF1", "T": "30", "gamma": "1.0"}  # the address shows them
    assert player(at)["start"] == 30
    assert not any("What changed" in m.value for m in at.markdown)
    by_menu(at, "pages/k_and_lambda.py")  # and the other page its own
    assert at.select_slider(key="k_and_lambda:gamma").value == 4.0 and address(at) == {"gamma": "4.0"}


def test_a_link_wins_over_what_the_page_remembers():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    by_menu(at, "pages/playground.py")
    at.segmented_control(key="playground:algo").set_value("GBRFF1").run()
    by_menu(at, "pages/home.py")
    at.query_params.clear()
    at.query_params["gamma"] = "4.0"       # a link to the playground (or the browser's Back)
    at.switch_page("pages/playground.py").run()
    assert not at.exception
    assert at.select_slider(key="playground:gamma").value == 4.0
    assert at.segmented_control(key="playground:algo").value == "GBRFF2"  # what the link does not say: defaults
    assert address(at) == {"gamma": "4.0"}


def test_address_and_share_link_hold_the_same_parameters():
    """GBRFF1 → GBRFF-LS → GBRFF2: the parameters of the algorithms not drawn leave the address."""
    at = AppTest.from_file(str(ROOT / "pages" / "playground.py"), default_timeout=TIMEOUT)
    at.query_params["T"] = "20"
    at.run()
    for section in ("_share_open", "sec_lgbm"):  # the share box and the section with the learning curve's toggle
        at.session_state[f"playground:{section}"] = True
    at.run()
    at.segmented_control(key="playground:algo").set_value("GBRFF1").run()
    at.slider(key="playground:K").set_value(7)
    at.select_slider(key="playground:beta").set_value(10.0)
    at.run()
    assert {"K": "7", "beta": "10.0"}.items() <= address(at).items()
    at.segmented_control(key="playground:algo").set_value("GBRFF-LS").run()
    at.select_slider(key="playground:c").set_value(4.0).run()
    assert "K" not in address(at) and "beta" not in address(at) and address(at)["c"] == "4.0"
    at.segmented_control(key="playground:algo").set_value("GBRFF2").run()
    assert not at.exception
    assert address(at) == {"T": "20"}
    link, = share_links(at)
    assert dict(parse_qsl(urlsplit(link).query)) == address(at)
    # with controls hidden, the link is the address plus them (their values) and hide
    at.multiselect(key="playground:_share_hide").set_value(["noise", "lc"]).run()
    link, = share_links(at)
    assert dict(parse_qsl(urlsplit(link).query)) == {**address(at), "noise": "0.1", "lc": "false",
                                                     "hide": "lc,noise"}


def _xor_csv(n=80):
    import numpy as np
    X = np.random.RandomState(0).normal(size=(n, 2))
    return ("u,v,label\n" + "\n".join(f"{a:.4f},{b:.4f},{'yes' if a * b > 0 else 'no'}" for a, b in X)).encode()


@pytest.mark.slow
def test_an_uploaded_file_is_still_there_when_the_student_comes_back():
    """Streamlit forgets an uploader's file once a run does not draw it; the page keeps the last one
    (another page, or another data set chosen in between), until the student removes it (its ✕)."""
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=TIMEOUT)
    at.run()
    by_menu(at, "pages/playground.py")
    at.segmented_control(key="playground:data").set_value("upload").run()
    at.file_uploader(key="upload_file").set_value(("xor.csv", _xor_csv(), "text/csv")).run()
    assert any(s.value.startswith("80 points") for s in at.sidebar.success)
    fitted = player(at)["figures"][0]["data"][0]
    by_menu(at, "pages/home.py")
    by_menu(at, "pages/playground.py")
    assert at.segmented_control(key="playground:data").value == "upload"
    assert any("Your earlier file xor.csv: 80 points" in shown(s.value) for s in at.sidebar.success)
    assert not any("No file yet" in i.value for i in at.sidebar.info)
    assert player(at)["figures"][0]["data"][0] == fitted          # the same points, the same picture
    at.slider(key="playground:T").set_value(30).run()              # a later run keeps it too
    assert any("Your earlier file xor.csv" in shown(s.value) for s in at.sidebar.success)
    at.segmented_control(key="playground:data").set_value("circles").run()  # another data set and back
    at.segmented_control(key="playground:data").set_value("upload").run()
    assert any("Your earlier file xor.csv" in shown(s.value) for s in at.sidebar.success)
    # another file replaces it; the uploader's ✕ removes it
    at.file_uploader(key="upload_file").set_value(("other.csv", _xor_csv(60), "text/csv")).run()
    assert any(s.value.startswith("60 points") for s in at.sidebar.success)
    at.file_uploader(key="upload_file").set_value(None).run()
    assert any("No file yet" in i.value for i in at.sidebar.info)
    by_menu(at, "pages/home.py")
    by_menu(at, "pages/playground.py")
    assert any("No file yet" in i.value for i in at.sidebar.info)
