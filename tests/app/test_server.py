"""The app's server (``app_server.py``): Streamlit's scripts sent compressed, each compressed once.

The middleware is driven as an ASGI application with a stand-in for
Streamlit's static files; that ``streamlit run app.py`` serves through it
(``st.App``) is checked against a running server in
``test_served_compressed`` (marker ``browser``, with the browser tests' server).
"""

import asyncio
import gzip
import urllib.request

import pytest

from app_server import MIDDLEWARE, CompressedStatic

SCRIPT = b"function f(){return 1}\n" * 400


class Files:
    """A stand-in for Streamlit's static route: counts the requests that reach it."""

    def __init__(self, body=SCRIPT, status=200, ctype=b"application/javascript", extra=()):
        self.body, self.status, self.ctype, self.extra, self.calls = body, status, ctype, list(extra), 0

    async def __call__(self, scope, receive, send):
        self.calls += 1
        await send({"type": "http.response.start", "status": self.status,
                    "headers": [(b"content-type", self.ctype), (b"content-length", str(len(self.body)).encode()),
                                (b"cache-control", b"public, immutable, max-age=31536000"), *self.extra]})
        # in two pieces, as a file response may send it
        half = len(self.body) // 2
        await send({"type": "http.response.body", "body": self.body[:half], "more_body": True})
        await send({"type": "http.response.body", "body": self.body[half:]})


def get(app, path="/static/js/index.abc123.js", **headers):
    """(status, headers, body) of a GET through ``app``."""
    scope = {"type": "http", "method": "GET", "path": path,
             "headers": [(k.replace("_", "-").encode(), v.encode()) for k, v in headers.items()]}
    out = {"body": b""}

    async def receive():
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message):
        if message["type"] == "http.response.start":
            out["status"], out["headers"] = message["status"], dict(message["headers"])
        else:
            out["body"] += message.get("body", b"")

    asyncio.run(app(scope, receive, send))
    return out["status"], out["headers"], out["body"]


def test_a_script_goes_compressed_and_is_compressed_once():
    files = Files()
    app = CompressedStatic(files)
    for _ in range(3):
        status, headers, body = get(app, accept_encoding="gzip, deflate, br")
        assert status == 200 and headers[b"content-encoding"] == b"gzip"
        assert gzip.decompress(body) == SCRIPT and int(headers[b"content-length"]) == len(body) < len(SCRIPT) / 10
        assert headers[b"cache-control"].startswith(b"public, immutable") and headers[b"vary"] == b"Accept-Encoding"
    assert files.calls == 1  # the file was read and compressed once, then kept


@pytest.mark.parametrize("case", ["no gzip", "range", "revalidation", "not static", "small", "image", "404",
                                  "already encoded"])
def test_everything_else_passes_untouched(case):
    files = {"small": Files(body=b"x" * 100), "image": Files(ctype=b"image/png"), "404": Files(status=404),
             "already encoded": Files(extra=[(b"content-encoding", b"br")])}.get(case, Files())
    headers = {"accept_encoding": "gzip"} if case != "no gzip" else {"accept_encoding": "identity"}
    if case == "range":
        headers["range"] = "bytes=0-99"
    if case == "revalidation":
        headers["if_none_match"] = '"abc"'
    path = "/_stcore/host-config" if case == "not static" else "/static/js/index.abc123.js"
    status, out, body = get(CompressedStatic(files), path, **headers)
    assert b"content-encoding" not in out or out[b"content-encoding"] == b"br"
    assert body == files.body and status == files.status


def test_the_app_hands_it_to_streamlit():
    assert [m.cls for m in MIDDLEWARE] == [CompressedStatic]
    source = (__import__("pathlib").Path(__file__).resolve().parents[2] / "app.py").read_text()
    assert "st.App(__file__, middleware=MIDDLEWARE)" in source


@pytest.mark.browser
def test_served_compressed(server):  # noqa: F811 - the browser tests' server: `streamlit run app.py`
    page = urllib.request.urlopen(f"{server}/", timeout=30).read().decode()
    script = page.split('src="', 2)[1].split('"')[0] if 'src="' in page else None
    assert script and "/static/" in script, page[:500]
    req = urllib.request.Request(f"{server}/{script.lstrip('./')}", headers={"Accept-Encoding": "gzip"})
    with urllib.request.urlopen(req, timeout=30) as r:
        assert r.headers.get("Content-Encoding") == "gzip"
        assert gzip.decompress(r.read())[:200]
    # the player's files are served once a session has run (appkit, imported by the session, declared the
    # component in Streamlit's runtime: app_server.py imports nothing of the app, so it is not declared before)
    websockets = pytest.importorskip("websockets")  # noqa: F841
    from tests.app.test_load import open_page, run_async

    assert run_async(open_page(server, {}))["player"] is not None
    assert urllib.request.urlopen(f"{server}/component/appkit._player.frame_player/index.html",
                                  timeout=30).status == 200


from tests.app.test_browser import server  # noqa: E402,F401 - the fixture
