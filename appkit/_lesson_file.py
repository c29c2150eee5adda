"""A lesson as one file: the player's animation, downloaded, plays in any browser with no server.

The file is the player itself (``appkit/player/index.html`` with its renderer ``figure.js`` written
in, as Streamlit serves it: :func:`appkit._player._player_page`) and the payload the page sends it
(:func:`appkit._player.pack_frames`: the model's cosines, the figures' frames), inline. The page
finds its payload in a ``<script id="gbrff-lesson">`` and plays alone, without Streamlit's component
messages; everything else — play, pause, step, back, reset, the slider, the keys, the vote computed
on the grid in the browser — is the player's own code, so the file shows the frames the app shows.
No request leaves the file: no plotly.js (the player draws on canvas), system fonts, no links to
fetch. It is assembled when the download is clicked, from the files of the app it comes from.

:func:`lesson_file` assembles it (no Streamlit); :func:`animation_download` is the pages' button.
"""

import base64
import html
import json
import re
import zlib
from datetime import date

from ._player import FPS, _player_page

__all__ = ["lesson_file", "animation_download", "settings_words", "CITATION"]

#: The paper the lessons teach, cited by reference in every lesson file.
CITATION = ("Gautheron, Germain, Habrard, Metzler, Morvant, Sebban, Zantedeschi. Landmark-based Ensemble "
            "Learning with Random Fourier Features and Gradient Boosting. ECML-PKDD 2020.")

_HEAD = """<title>{title}</title>
<meta name="description" content="{description}">
<meta name="generator" content="gbrff {version}">
<style>
  .lesson {{ padding: 0.6rem 0.8rem 0.2rem; }}
  .lesson h1 {{ font-size: 26px; margin: 0 0 0.3rem; font-weight: 700; }}
  .lesson p {{ font-size: 16px; line-height: 1.4; margin: 0.2rem 0; }}
  .lesson .how, .lesson .cite {{ color: #555867; font-size: 14px; }}
  main.lesson-player {{ display: block; padding: 0 0.8rem; }}
</style>
"""
_HEADER = """<header class="lesson">
<h1>{title}</h1>
<p>{caption}</p>
<p class="how">▶ play (space plays and pauses), ◀ back and step ▶ (← →), ↺ reset (Home), or drag the slider. This
file plays offline in any recent browser: the model and every frame are in it.</p>
<p class="cite">Made on {day} with the teaching app of gbrff {version}. GBRFF: {citation}</p>
</header>
<script type="application/json" id="gbrff-lesson">{args}</script>
<main class="lesson-player">
"""


def _version():
    import gbrff

    return gbrff.__version__


def _recompressed(payload):
    """The payload deflated again at the highest level: the page deflates fast (level 1) for its
    first picture; a file is made once and kept, so it takes the smallest."""
    return base64.b64encode(zlib.compress(zlib.decompress(base64.b64decode(payload)), 9)).decode("ascii")


def lesson_file(packed, title, caption, start=0, *, bookmarks=(), presenter=False, fps=FPS, made=None):
    """The animation ``packed`` (:func:`appkit._player.pack_frames`) as one self-contained HTML page (bytes).

    The page is the app's player with its renderer and its frames inline: it plays, steps and scrubs
    from ``file://`` with no network. Over the player: ``title`` (a heading), ``caption`` (what the
    animation shows: data, algorithm, parameters; plain text), the keys, the version of gbrff that
    made it and the paper's citation (:data:`CITATION`).

    Parameters
    ----------
    packed : tuple of (str, str)
        ``(digest, payload)`` of :func:`appkit._player.pack_frames`.
    title, caption : str
        Plain text (escaped, never HTML).
    start : int, default=0
        The iteration the file opens at (an iteration of the frames, else their first).
    bookmarks : sequence of (str, int), default=()
        Buttons ``(text, t)`` that jump to an iteration, as on the page.
    presenter : bool, default=False
        Presenter mode's layout: one figure a row, large controls and titles.
    fps : int, default=FPS
        The frames per second of a play.
    made : datetime.date, optional
        The date written in the file (today by default).

    Returns
    -------
    bytes
        The HTML page, UTF-8.

    Examples
    --------
    >>> import plotly.graph_objects as go
    >>> from appkit._player import pack_frames
    >>> fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 0]),
    ...                 frames=[go.Frame(name=str(t), data=[go.Scatter(y=[0, t])], traces=[0]) for t in (0, 1)])
    >>> page = lesson_file(pack_frames([fig], [0, 1]), "A line that rises", "Two frames.")
    >>> page.startswith(b"<!doctype html>"), b"http://" in page or b"https://" in page
    (True, False)
    """
    digest, payload = packed
    args = {"payload": _recompressed(payload), "digest": digest, "start": int(start), "url_key": "t",
            "default_t": None, "bookmarks": [[str(a), int(b)] for a, b in bookmarks], "fps": int(fps),
            "presenter": bool(presenter)}
    version = _version()
    fields = {"title": html.escape(str(title)), "caption": html.escape(str(caption)), "version": html.escape(version),
              "description": html.escape(f"{title}. {caption}"), "citation": html.escape(CITATION),
              "day": (made or date.today()).isoformat(),
              # JSON inside <script>: no "</" may close it early (the payload is base64, the texts may hold one)
              "args": json.dumps(args, separators=(",", ":")).replace("</", "<\\/")}
    page = _player_page()
    # the header and the payload after <body>, the player in the page's one landmark (a screen reader's "main")
    for anchor, before, after in ((b"<meta charset=\"utf-8\">\n", b"", _HEAD), (b"<body>\n", b"", _HEADER),
                                  (b"</body>", b"</main>\n", "")):
        if page.count(anchor) != 1:
            raise RuntimeError(f"appkit/player/index.html no longer has one {anchor.decode().strip()}: "
                               "the lesson file cannot be assembled")
        page = page.replace(anchor, before + anchor + after.format(**fields).encode(), 1)
    return page


def settings_words():
    """The page's settings as a line of text for a lesson file: each control of this run (:func:`appkit.control`)
    as ``label = value``, the label cut to its name ("γ: frequencies drawn from N(0, 2γ)" -> "γ", "Noise (std of
    the Gaussian jitter)" -> "Noise"). Left out: the switches of the view (true/false), the values the player
    reports (the iteration) and the controls a classroom link hides."""
    import streamlit as st

    from ._state import _REGISTRY, _fmt, hidden_keys

    hidden, words = hidden_keys(), []
    for key, c in st.session_state.get(_REGISTRY, {}).items():
        if key.startswith("_") or key in hidden or c.get("fixed") or "value" not in c or isinstance(c["value"], bool):
            continue
        name = re.sub(r"\s*\(.*\)\s*$", "", str(c["label"]).split(": ")[0]).strip()
        words.append(f"{name} = {_fmt(c['value'])}")
    return " · ".join(words)


def animation_download(packed, start, *, title, name, key, data=None, note="", bookmarks=(), presenter=False,
                       fps=FPS, label="animation (HTML)"):
    """The pages' download of their player's animation as one file (:func:`lesson_file`), made when clicked.

    The file is named as the app's downloads (:func:`appkit.download_name`: ``gbrff-<page>-<name>[-<data>].html``);
    its caption is ``note`` and the page's settings (:func:`settings_words`), taken on this run.
    """
    import streamlit as st

    from ._files import download_name
    from ._state import page_name

    caption = " ".join(w for w in (note.strip(), f"Settings: {settings_words()}.") if w)
    st.download_button(label, data=lambda: lesson_file(packed, title, caption, start, bookmarks=bookmarks,
                                                       presenter=presenter, fps=fps),
                       file_name=download_name(page_name(), name, data, "html"), mime="text/html", key=key,
                       on_click="ignore", icon=":material/download:",
                       help="The player with its model and every frame in one HTML file: it plays, steps and scrubs "
                            "in a browser with no server and no network (a slide deck, a course page, next year).")
