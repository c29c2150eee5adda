"""The app's server around Streamlit's own: Streamlit's scripts fetched early, sent compressed.

Beside ``app.py``, not in ``appkit``: ``streamlit run app.py`` imports
``app.py`` before Streamlit's runtime exists, and ``appkit`` declares the
player's component when imported — declared then, the runtime would not know
it (the player's files answer 404). This module imports nothing of the app.

``app.py`` hands :data:`MIDDLEWARE` to ``st.App`` (Streamlit's public ASGI
application, which ``streamlit run app.py`` finds in the script and serves
with uvicorn). :class:`CompressedStatic` sends Streamlit's scripts and styles
(``/static/…``, 8 MB for a first visit of the playground) gzip-compressed, a
quarter of the bytes, to the browsers that accept it: thirty students fetch
about 70 MB at the start of a lesson instead of 250 MB, which a classroom's
Wi-Fi feels. Streamlit serves them uncompressed on purpose (its
``starlette_gzip_middleware``): Starlette's ``GZipMiddleware`` would compress
every response again, on every request. These files are content-hashed and
immutable, so each is compressed once, in a worker thread, and kept in
memory (about 2 MB for all that the app's pages load).

:class:`PreloadedPieces` names, in the page Streamlit sends first, the pieces
of Streamlit's frontend that the app's pages use (the code of a slider, a
metric, a component's frame, KaTeX, their fonts: :data:`PRELOADED_ELEMENTS`,
:data:`PRELOADED_FONTS`) as ``<link rel="modulepreload">`` / ``rel="preload"``.
Streamlit's frontend fetches each only when the first element of its kind
arrives, after the websocket opened: some forty small files, six at a time
(one host, HTTP/1.1), about half a second of a first visit spent waiting. Named
in the page, they come while Streamlit boots. Their file names are read from the
build's own ``manifest.json`` (Vite's, shipped in Streamlit's ``static`` folder);
a name a future Streamlit no longer has is skipped.

Warming the default pages at start (``st.App``'s ``lifespan``) was tried and
left out: the lifespan runs before Streamlit's runtime exists, so the pages
cannot run there with Streamlit's public API, and a failed warm-up held the
caches' lock the first session waited on. The first visit (the teacher's)
computes the defaults once; Streamlit's caches share them with every session.
"""

import asyncio
import gzip
import json
import re
from pathlib import Path

__all__ = ["CompressedStatic", "PreloadedPieces", "MIDDLEWARE", "PRELOADED_ELEMENTS", "PRELOADED_FONTS",
           "preload_links"]

#: The kinds of element the app's pages draw (the names of their chunks in Streamlit's build), fetched early;
#: not PlotlyChart (4.7 MB, on the UCI page and a few figures only).
PRELOADED_ELEMENTS = ("Slider", "Selectbox", "NumberInput", "Checkbox", "ButtonGroup", "Multiselect", "Metric",
                      "DownloadButton", "Html", "PageLink", "ComponentInstance", "rehype-katex")
#: The fonts their text needs at once (the formulas' KaTeX fonts, the icons, code and italics).
PRELOADED_FONTS = ("KaTeX_Main-Regular", "KaTeX_Math-Italic", "KaTeX_Size1-Regular", "KaTeX_Size2-Regular",
                   "MaterialSymbols-Rounded", "SourceCodeVF-Upright.ttf", "SourceSansVF-Italic.ttf")

_COMPRESSIBLE = (b"text/", b"application/javascript", b"application/json", b"image/svg+xml")


async def _whole(app, scope, receive):
    """``app``'s answer to ``scope`` kept whole: (its ``http.response.start`` message, its body)."""
    start, chunks = {}, []

    async def keep(message):
        if message["type"] == "http.response.start":
            start.update(message)
        else:
            chunks.append(message.get("body", b""))

    await app(scope, receive, keep)
    return start, b"".join(chunks)


class CompressedStatic:
    """ASGI middleware: ``GET /static/…`` answered gzip-compressed, each file compressed once.

    Applies to successful, uncompressed, text-like responses (scripts, styles,
    source maps, SVG) when the request accepts gzip and asks for the whole file
    (no ``Range``, no ``If-None-Match``: a revalidation keeps Streamlit's own
    304). Everything else passes through untouched.
    """

    def __init__(self, app, *, level=6, minimum_size=1024):
        self.app, self.level, self.minimum_size = app, level, minimum_size
        self._kept = {}   # path → (status, headers, compressed body)

    async def __call__(self, scope, receive, send):
        if not self._applies(scope):
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        kept = self._kept.get(path)
        if kept is None:
            start, body = await _whole(self.app, scope, receive)
            headers = [(k, v) for k, v in start.get("headers", []) if k.lower() != b"content-length"]
            ctype = dict((k.lower(), v) for k, v in headers).get(b"content-type", b"")
            encoded = any(k.lower() == b"content-encoding" for k, _ in headers)
            if start.get("status") != 200 or encoded or len(body) < self.minimum_size \
                    or not ctype.startswith(_COMPRESSIBLE):
                await send({"type": "http.response.start", "status": start.get("status", 500),
                            "headers": headers + [(b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
            packed = await asyncio.to_thread(gzip.compress, body, self.level, mtime=0)
            headers = [(k, v) for k, v in headers if k.lower() != b"vary"] + [
                (b"content-encoding", b"gzip"), (b"vary", b"Accept-Encoding")]
            kept = self._kept[path] = (200, headers, packed)
        status, headers, packed = kept
        await send({"type": "http.response.start", "status": status,
                    "headers": headers + [(b"content-length", str(len(packed)).encode())]})
        await send({"type": "http.response.body", "body": packed})

    @staticmethod
    def _applies(scope):
        if scope.get("type") != "http" or scope.get("method") != "GET" or "/static/" not in scope.get("path", ""):
            return False
        head = dict((k.lower(), v) for k, v in scope.get("headers", []))
        return (b"gzip" in head.get(b"accept-encoding", b"") and b"range" not in head
                and b"if-none-match" not in head and b"if-modified-since" not in head)




def _streamlit_static():
    import streamlit

    return Path(streamlit.__file__).parent / "static"


def preload_links(static=None, elements=PRELOADED_ELEMENTS, fonts=PRELOADED_FONTS):
    """The ``<link>`` tags that fetch ``elements`` (with every module they import) and ``fonts`` early,
    leaving out what Streamlit's page already preloads; "" when the build has no manifest."""
    static = Path(static) if static is not None else _streamlit_static()
    try:
        manifest = json.loads((static / "manifest.json").read_text())
        page = (static / "index.html").read_text()
    except (OSError, ValueError):
        return ""
    named = {v.get("name"): k for k, v in manifest.items() if v.get("isDynamicEntry")}
    files, todo = [], [named[e] for e in elements if e in named]
    while todo:
        entry = manifest.get(todo.pop(0))
        if entry and entry["file"] not in files:
            files.append(entry["file"])
            todo += entry.get("imports", [])
    # crossorigin, as Streamlit's own: a module is fetched in CORS mode, and a preload in another mode is not used
    links = [f'<link rel="modulepreload" crossorigin href="./{f}">' for f in files if f not in page]
    media = sorted(p.name for p in (static / "static" / "media").glob("*.woff2")) if (static / "static").is_dir() \
        else []
    for font in fonts:
        for name in media:
            if name.startswith(font + ".") and name not in page:
                links.append(f'<link rel="preload" href="./static/media/{name}" as="font" type="font/woff2" '
                             "crossorigin>")
    return "".join(links)


class PreloadedPieces:
    """ASGI middleware: the links of :func:`preload_links` put into Streamlit's page (``text/html`` answers
    outside ``/static``, ``/component``, ``/media`` and ``/_stcore``), before its ``</head>``."""

    def __init__(self, app, links=None):
        self.app = app
        self.links = (preload_links() if links is None else links).encode()

    async def __call__(self, scope, receive, send):
        path = scope.get("path", "")
        if (scope.get("type") != "http" or scope.get("method") != "GET" or not self.links
                or re.search(r"/(static|component|media|_stcore)/", path + "/")):
            await self.app(scope, receive, send)
            return
        # asked uncompressed (Streamlit gzips a page's document at a page's path, not at the root): 12 kB
        plain = dict(scope, headers=[(k, v) for k, v in scope.get("headers", []) if k.lower() != b"accept-encoding"])
        start, body = await _whole(self.app, plain, receive)
        headers = list(start.get("headers", []))
        head = dict((k.lower(), v) for k, v in headers)
        if start.get("status") == 200 and head.get(b"content-type", b"").startswith(b"text/html") \
                and b"content-encoding" not in head and b"</head>" in body:
            body = body.replace(b"</head>", self.links + b"</head>", 1)
            headers = [(k, v) for k, v in headers if k.lower() != b"content-length"] + [
                (b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": start.get("status", 500), "headers": headers})
        await send({"type": "http.response.body", "body": body})


def _middleware():
    from starlette.middleware import Middleware

    return [Middleware(PreloadedPieces), Middleware(CompressedStatic)]


#: The middleware ``app.py`` gives ``st.App``.
MIDDLEWARE = _middleware()
