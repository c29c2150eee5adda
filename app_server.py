"""The app's server around Streamlit's own: Streamlit's scripts sent compressed.

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

Naming the frontend's pieces that the pages use in Streamlit's first page
(``<link rel="modulepreload">`` for the sliders', metrics', component frame's
and KaTeX's code, read from the build's ``manifest.json``), so that they come
while Streamlit boots rather than when the first element of each kind arrives,
was tried and left out: measured on the quiet machine, five fresh visits each,
it moved the websocket's opening 0.3–0.4 s later (the preloads compete with
Streamlit's own boot) for no gain in the first picture (landscape 2.61 s
against 2.53 s, playground 2.90 s against 2.96 s) and 0.27 MB more.

Warming the default pages at start (``st.App``'s ``lifespan``) was tried and
left out: the lifespan runs before Streamlit's runtime exists, so the pages
cannot run there with Streamlit's public API, and a failed warm-up held the
caches' lock the first session waited on. The first visit (the teacher's)
computes the defaults once; Streamlit's caches share them with every session.
"""

import asyncio
import gzip

__all__ = ["CompressedStatic", "MIDDLEWARE"]

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
        self._kept = {}   # path → (headers, compressed body) of its 200 answer

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
            kept = self._kept[path] = (headers, packed)
        headers, packed = kept
        await send({"type": "http.response.start", "status": 200,
                    "headers": headers + [(b"content-length", str(len(packed)).encode())]})
        await send({"type": "http.response.body", "body": packed})

    @staticmethod
    def _applies(scope):
        if scope.get("type") != "http" or scope.get("method") != "GET" or "/static/" not in scope.get("path", ""):
            return False
        head = dict((k.lower(), v) for k, v in scope.get("headers", []))
        return (b"gzip" in head.get(b"accept-encoding", b"") and b"range" not in head
                and b"if-none-match" not in head and b"if-modified-since" not in head)


def _middleware():
    from starlette.middleware import Middleware

    return [Middleware(CompressedStatic)]


#: The middleware ``app.py`` gives ``st.App``.
MIDDLEWARE = _middleware()
