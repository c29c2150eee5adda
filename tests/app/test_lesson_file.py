"""A lesson as one file (appkit._lesson_file): the player, its renderer and its frames in one HTML page.

The file must need nothing outside itself (no http(s) address, no script or style to fetch), carry the
page's own payload (what the player on the page receives, so the file shows the app's frames), say what it
shows (title, settings, gbrff's version, the paper) and stay small. That it plays from ``file://`` with the
network refused is tests/app/test_lesson_file_browser.py's.
"""

import base64
import json
import re
import zlib
from pathlib import Path

import plotly.graph_objects as go
import pytest

from appkit._lesson_file import CITATION, lesson_file
from appkit._player import _player_page, pack_frames
from tests.app.test_files import NAME, downloads  # noqa: F401 - the fixture recording the pages' download buttons

ROOT = Path(__file__).resolve().parents[2]
URL = re.compile(rb"https?://", re.I)
# what would make a browser fetch something: a script, style sheet, image, font or frame from an address
FETCHES = re.compile(rb"<(?i:script|img|iframe|link|source|video|audio)\b[^>]*\b(?i:src|href)\s*=|@import|\burl\(")


def _args(page):
    """The player's arguments the file carries (its ``<script id="gbrff-lesson">``)."""
    m = re.search(rb'<script type="application/json" id="gbrff-lesson">(.*?)</script>', page, re.S)
    assert m, "no payload in the file"
    return json.loads(m.group(1).decode())


def _body(payload):
    return json.loads(zlib.decompress(base64.b64decode(payload)))


def _rising_line():
    fig = go.Figure(go.Scatter(x=[0, 1], y=[0, 0]),
                    frames=[go.Frame(name=str(t), data=[go.Scatter(y=[0, t])], traces=[0]) for t in range(4)])
    return pack_frames([fig], list(range(4)))


def test_the_file_is_the_player_with_its_renderer_and_frames_inline():
    packed = _rising_line()
    page = lesson_file(packed, "A </script> line that rises", "Four frames <b>bold</b> & more.", start=2,
                       bookmarks=[("⚑ go to t = 3", 3)], presenter=True)
    text = page.decode("utf-8")
    assert text.startswith("<!doctype html>") and text.rstrip().endswith("</html>")
    # self-contained: no address, nothing to fetch; the renderer is figure.js itself (one home, written in)
    assert not URL.search(page) and not FETCHES.search(page), (URL.search(page), FETCHES.search(page))
    assert (ROOT / "appkit" / "player" / "figure.js").read_bytes() in page
    assert b"<script src=" not in page
    # the page's own texts, escaped: a title cannot close the payload's script or add markup
    assert "<title>A &lt;/script&gt; line that rises</title>" in text
    assert "Four frames &lt;b&gt;bold&lt;/b&gt; &amp; more." in text and "<b>bold</b>" not in text
    assert CITATION in text and "ECML-PKDD 2020" in text
    # a heading, then the player in the page's one landmark (the player's own page, otherwise untouched)
    assert text.index("<h1>") < text.index('<main class="lesson-player">') < text.index('<div class="bar"') \
        < text.index("</main>") < text.index("</body>")
    import gbrff
    assert f"gbrff {gbrff.__version__}" in text
    # the payload: the page's frames (deflated again, smaller), and the player's arguments
    args = _args(page)
    assert _body(args["payload"]) == _body(packed[1]) and args["digest"] == packed[0]
    assert (args["start"], args["bookmarks"], args["presenter"]) == (2, [["⚑ go to t = 3", 3]], True)
    # its size: the player's page, the payload and a header of a kilobyte or two
    assert len(page) <= len(_player_page()) + len(args["payload"]) + 4000, len(page)


def test_the_players_standalone_path_is_there():
    """The player's page boots from the file's payload when it has one, and asks Streamlit for it otherwise."""
    index = (ROOT / "appkit" / "player" / "index.html").read_text()
    assert 'document.getElementById("gbrff-lesson")' in index
    assert re.search(r"if \(LESSON\) render\(JSON\.parse\(LESSON\.textContent\)\)", index)


def _lesson_of(downloads, path, query=None):  # noqa: F811
    """Run the page ``path`` (AppTest) and click its animation download: (file name, the file's bytes,
    the arguments the page's player received)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / path), default_timeout=300)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception[0].message
    [button] = [b for b in at.get("download_button") if b.key == "dl_animation"]
    assert "animation" in button.proto.label
    name, data = downloads["dl_animation"]
    assert callable(data), "the file is made when the button is clicked, not on every run of the page"
    player = json.loads(at.get("component_instance")[0].proto.json_args)
    return name, data(), player


@pytest.mark.parametrize("path,query,name", [
    ("pages/playground.py", None, "gbrff-playground-animation-gbrff2-moons.html"),
    ("pages/loss_landscape.py", None, "gbrff-loss-landscape-animation-moons.html"),
    pytest.param("pages/playground.py", {"T": "500"}, "gbrff-playground-animation-gbrff2-moons.html",
                 marks=pytest.mark.slow),
    pytest.param("pages/playground.py", {"algo": "GBRFF1", "K": "20", "T": "500", "n": "1000"},
                 "gbrff-playground-animation-gbrff1-moons.html", marks=pytest.mark.slow)])
def test_the_pages_animation_as_one_file(downloads, path, query, name):  # noqa: F811
    """The pages' button gives the player's own payload in a file named as every download, with the page's
    settings; under a megabyte even at the playground's largest model (T = 500 GBRFF1 learners of K = 20
    cosines on 1000 points): about 0.19 MB for the playground's default, 0.23 MB for the landscape's."""
    file_name, page, player = _lesson_of(downloads, path, query)
    assert file_name == name and NAME.match(file_name)
    args = _args(page)
    assert _body(args["payload"]) == _body(player["payload"])
    assert (args["start"], args["bookmarks"]) == (player["start"], player["bookmarks"])
    assert not URL.search(page) and not FETCHES.search(page)
    text = page.decode("utf-8")
    T = (query or {}).get("T", "10" if "landscape" in path else "100")
    assert f"Iterations T = {T}" in text and "Seed = 0" in text and "γ = 0.5" in text
    print(f"{file_name} {query or ''}: {len(page) / 1e6:.3f} MB")
    assert len(page) < 1_000_000, len(page)
