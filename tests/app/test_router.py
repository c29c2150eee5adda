"""The app's router (appkit._router): one list of pages, and deep links on a fresh server.

A ``pages/`` folder beside ``app.py`` puts Streamlit in its legacy multipage
mode until some session runs ``st.navigation``: a fresh server's first visit
to a page's address runs that file alone. AppTest starts every run in that
mode (it resets it), so ``switch_page`` before the first run replays exactly
such a first visit. The pages must then come back through ``app.py``'s
router without any private Streamlit API (checked with Streamlit 1.67).
"""

import ast
import html
import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import appkit
from appkit import _router

ROOT = Path(__file__).resolve().parents[2]


pytestmark = pytest.mark.usefixtures("in_checkout")  # tests/conftest.py


def test_every_page_file_is_listed_once():
    files = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pages").glob("*.py"))
    assert sorted(spec.file for spec in appkit.PAGES) == files
    paths = [spec.url_path for spec in appkit.PAGES]
    assert paths[0] == "" and len(set(paths)) == len(paths)  # Home is the default page


def test_app_py_routes_over_the_list():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120).run()
    assert not at.exception
    assert at.session_state[_router._CURRENT] == ""  # the home page, through the router
    assert "Where to go next" in [h.value for h in at.header]


@pytest.mark.parametrize("page, title, hide", [("pages/playground.py", "Boosting playground", "seed"),
                                               ("pages/uci_comparison.py", "UCI comparison", "task")])
def test_first_visit_of_a_deep_link_goes_through_the_router(page, title, hide):
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=120)
    at.switch_page(page)  # before the first run: the legacy mode's address of the file
    at.query_params["hide"] = hide
    at.run()
    assert not at.exception, at.exception[0].message if at.exception else ""
    assert [t.value for t in at.title] == [title]
    url_path = Path(page).stem
    assert at.session_state[_router._CURRENT] == url_path, "the page ran without app.py's router"
    # the share box, opened, links to the page's address (AppTest's rerun gives no URL: relative, "?…")
    at.session_state[f"{url_path}:_share_open"] = True
    at.run()
    assert [t.value for t in at.title] == [title]
    links = [html.unescape(m) for el in at.get("html") for m in re.findall(r'data-gbrff-link="([^"]*)"', el.proto.body)]
    assert any(link.startswith((f"/{url_path}?", "?")) and f"hide={hide}" in link for link in links), links


def test_a_page_run_alone_runs_once_more_and_stays_alone():
    at = AppTest.from_file(str(ROOT / "pages" / "home.py"), default_timeout=120).run()
    assert not at.exception
    assert _router._CURRENT not in at.session_state  # no router: the page file is the app
    assert at.session_state[_router._TRIED]
    assert "Where to go next" in [h.value for h in at.header]


def test_no_private_streamlit_api():
    """appkit and the pages use Streamlit's public API only (``streamlit.runtime``,
    ``streamlit.web`` … are private; ``streamlit.testing`` is for tests)."""
    private = ("streamlit.runtime", "streamlit.web", "streamlit.elements", "streamlit.commands",
               "streamlit.proto", "streamlit.source_util")
    for path in [ROOT / "app.py", ROOT / "app_server.py", *ROOT.glob("appkit/*.py"), *ROOT.glob("pages/*.py")]:
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            assert not [n for n in names if n.startswith(private)], f"{path.name} imports {names}"
