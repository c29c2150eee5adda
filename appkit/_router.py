"""The app's pages and its router (``st.navigation``), also for a deep link on a fresh server.

:data:`PAGES` is the one list of the app's pages (file, title, icon,
address); ``app.py`` routes over it with :func:`run_router` and the home
page links to it.

**A deep link on a fresh server.** A ``pages/`` folder beside ``app.py``
puts Streamlit in its legacy multipage mode until some session runs
``st.navigation``. So the very first visit of a fresh server, if it opens a
page's address (``/playground?…``, a classroom link), runs that page file
alone — not through ``app.py`` (no wide layout, the file names as menu).
Streamlit 1.67 (checked) has no public switch for that mode: the option
``client.showSidebarNavigation`` only hides the menu, and the folder keeps
its name. But its documented behaviour of ``st.navigation`` serves:
"as soon as any session of your app executes the st.navigation command,
your app will ignore the pages/ directory (across all sessions)" (API
reference of ``st.navigation``). :func:`ensure_router`, called by every page,
does exactly that when the page did not come through :func:`run_router`,
then reruns: the rerun goes through ``app.py``, which opens the same page
(a page's address is its ``url_path``, the legacy mode's too: the file
name). No private Streamlit API is used; ``tests/app/test_router.py``
replays such a first visit under AppTest (which starts each run in that
legacy mode) and the browser test on a fresh server.
"""

from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

import streamlit as st

from . import _gate

__all__ = ["ROOT", "FAVICON", "PAGES", "PageSpec", "run_router", "ensure_router", "current_page"]

#: The app's folder (``app.py``, ``pages/``, ``results/``).
ROOT = Path(__file__).resolve().parents[1]
#: The browser tab's icon, a file of the app: a ``:material/…:`` icon would be fetched from Google's fonts.
FAVICON = Path(__file__).with_name("favicon.png")


@dataclass(frozen=True)
class PageSpec:
    """One page of the app: its file (relative to :data:`ROOT`), title, icon and
    address (``url_path``; "" for the home page, the default)."""

    file: str
    title: str
    icon: str
    url_path: str

    def page(self):
        """The ``st.Page`` of this page (an absolute path: valid from any entry script)."""
        if not self.url_path:
            return st.Page(ROOT / self.file, title=self.title, icon=self.icon, default=True)
        return st.Page(ROOT / self.file, title=self.title, icon=self.icon, url_path=self.url_path)


PAGES = (
    PageSpec("pages/home.py", "Home", ":material/home:", ""),
    PageSpec("pages/playground.py", "Boosting playground", ":material/tune:", "playground"),
    PageSpec("pages/loss_landscape.py", "Loss landscape", ":material/landscape:", "loss_landscape"),
    PageSpec("pages/k_and_lambda.py", "K and λ", ":material/straighten:", "k_and_lambda"),
    PageSpec("pages/random_features.py", "Random features, three ways", ":material/scatter_plot:",
             "random_features"),
    PageSpec("pages/kernel_average.py", "A kernel is an average of cosines", ":material/waves:", "kernel_average"),
    PageSpec("pages/uci_comparison.py", "UCI comparison", ":material/table_chart:", "uci_comparison"),
)

_ROUTED = ContextVar("gbrff_routed", default=False)
_CURRENT = "_gbrff_page"      # session key: url_path of the page the router runs
_TRIED = "_gbrff_router_tried"


def _navigation():
    return st.navigation([spec.page() for spec in PAGES])


def run_router():
    """Route over :data:`PAGES` and run the chosen page (``app.py``'s body)."""
    page = _navigation()
    st.session_state[_CURRENT] = page.url_path
    token = _ROUTED.set(True)
    place = _gate.hold()  # first paints first (appkit._gate)
    try:
        page.run()
    finally:
        _gate.release(place)
        _ROUTED.reset(token)


def current_page():
    """The ``url_path`` of the page the router is running ("" for the home page, or
    None when the page runs alone)."""
    return st.session_state.get(_CURRENT) if _ROUTED.get() else None


def ensure_router():
    """Make sure the page runs through :func:`run_router` (see the module's docstring).

    A page run without the router is either a fresh server's legacy mode or
    the page file run alone (``AppTest.from_file("pages/x.py")``, ``streamlit
    run pages/x.py``); Streamlit tells neither apart publicly, so this tries
    the router once per session: in the legacy mode the rerun comes back
    through ``app.py``; a page run alone simply runs again.
    """
    if _ROUTED.get() or st.session_state.get(_TRIED):
        return
    st.session_state[_TRIED] = True
    _navigation()  # switches the legacy pages/ mode off, for every session
    st.rerun()
