"""HTTP(S) GET with every wait bounded: the downloader's transport (standard library only).

urllib's ``timeout`` bounds one connect and one socket read, not a request: a
host name whose look-up hangs (a resolver configured but out of reach), or a
server that sends its answer a byte at a time, can hold a download for hours.
:func:`open_url` and :func:`chunks` bound every wait by ``timeout``:

* the host name is resolved within ``timeout`` (the look-up runs in a helper
  thread: it cannot be interrupted, only abandoned);
* connecting, and every read, within ``timeout`` (urllib's own);
* the status line and headers within ``2 * timeout`` of the request (a timer
  shuts the socket down when the time is up, which ends a blocked read);
* the body at :data:`MIN_RATE` bytes per second or more over every
  ``timeout`` seconds (curl's ``--speed-limit``/``--speed-time``).

Every failure is a :class:`TransferError` whose text says what happened in
words (``127.0.0.1:9 refused the connection``), never ``<urlopen error ...>``,
and whose ``scope`` says what it condemns: the file, its host or the network.
"""

import errno
import http.client
import ipaddress
import socket
import ssl
import threading
import time
import urllib.error
import urllib.parse
import urllib.request

__all__ = ["MIN_RATE", "TransferError", "check_url", "chunks", "host_of", "open_url"]

#: The slowest body accepted, in bytes per second over ``timeout`` seconds.
MIN_RATE = 1000

_NETWORK_DOWN = {errno.ENETUNREACH, errno.ENETDOWN}


class TransferError(OSError):
    """A GET that failed, in words. ``scope``: ``"file"`` (this URL: HTTP 404, a
    truncated body), ``"host"`` (refused, silent, too slow, unknown name) or
    ``"network"`` (no route to any host); ``status``: the HTTP status, if any."""

    def __init__(self, message, scope, status=None):
        super().__init__(message)
        self.scope, self.status = scope, status

    def __str__(self):
        return self.args[0]


def check_url(url):
    """``url`` if it is an http:// or https:// URL with a host (and a valid port), else ValueError."""
    parts = urllib.parse.urlsplit(url)
    try:
        parts.port
    except ValueError:
        raise ValueError(f"expected an http:// or https:// URL, got {url!r} (bad port)") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"expected an http:// or https:// URL, got {url!r}")
    return url


def host_of(url):
    """``host:port`` of an http(s) URL (the default port written out)."""
    parts = urllib.parse.urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    host = parts.hostname or ""
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def _seconds(value):
    return f"{value:g} s"


def _resolve(url, timeout):
    """Look the host name up within ``timeout`` (skipped for an IP address or behind a proxy,
    which resolves it itself)."""
    parts = urllib.parse.urlsplit(url)
    host = parts.hostname
    try:
        ipaddress.ip_address(host)
        return
    except ValueError:
        pass
    if urllib.request.getproxies().get(parts.scheme) and not urllib.request.proxy_bypass(host):
        return
    found = {}

    def look_up():
        try:
            found["addresses"] = socket.getaddrinfo(host, parts.port or 80, type=socket.SOCK_STREAM)
        except OSError as exc:
            found["error"] = exc

    thread = threading.Thread(target=look_up, name="gbrff-resolve", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TransferError(f"no answer from the name server for {host} in {_seconds(timeout)}", "host")
    if "error" in found:
        raise _name_error(host, found["error"])


def _name_error(host, exc):
    why = getattr(exc, "strerror", None) or str(exc)
    return TransferError(f"cannot resolve {host} ({why})", "host")


class _Watchdog:
    """Shuts the connection's socket down after ``seconds``, ending a read that would
    otherwise be renewed a byte at a time; a context manager around the request."""

    def __init__(self, seconds):
        self.connection, self.fired = None, False
        self._timer = threading.Timer(seconds, self._fire)
        self._timer.daemon = True

    def connection_class(self, http_class):
        def make(*args, **kwargs):
            self.connection = http_class(*args, **kwargs)
            return self.connection
        return make

    def _fire(self):
        self.fired = True
        sock = getattr(self.connection, "sock", None)
        if sock is not None:
            try:
                sock.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def __enter__(self):
        self._timer.start()
        return self

    def __exit__(self, *exc):
        self._timer.cancel()


class _Watched:
    """An urllib handler whose connections the watchdog can reach."""

    def __init__(self, watchdog, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.watchdog = watchdog

    def do_open(self, http_class, req, **kwargs):
        return super().do_open(self.watchdog.connection_class(http_class), req, **kwargs)


class _HTTPHandler(_Watched, urllib.request.HTTPHandler):
    pass


class _HTTPSHandler(_Watched, urllib.request.HTTPSHandler):
    pass


def open_url(url, timeout, headers=None):
    """The response (status 2xx) to GET ``url``, its headers received within ``2 * timeout``.

    Raises :class:`TransferError` for every failure (an HTTP error status included)."""
    where = host_of(url)
    _resolve(url, timeout)
    request = urllib.request.Request(url, headers=headers or {})
    with _Watchdog(2 * timeout) as watchdog:
        opener = urllib.request.build_opener(_HTTPHandler(watchdog), _HTTPSHandler(watchdog))
        try:
            response = opener.open(request, timeout=timeout)
        except urllib.error.HTTPError as exc:
            exc.close()
            raise TransferError(f"{where} answered HTTP {exc.code} {exc.reason} for {url}", "file",
                                status=exc.code) from None
        except urllib.error.URLError as exc:     # raised while connecting (and sending the request)
            reason = exc.reason
            if isinstance(reason, TimeoutError):
                raise TransferError(f"no connection to {where} in {_seconds(timeout)} (offline, or a "
                                    "firewall dropping it?)", "host") from None
            raise _explain(reason, where, url, watchdog.fired, 2 * timeout) from None
        except TimeoutError:                     # connected; the answer did not come
            raise TransferError(f"{where} accepted the connection but sent no answer in "
                                f"{_seconds(timeout)}", "host") from None
        except (OSError, http.client.HTTPException) as exc:
            raise _explain(exc, where, url, watchdog.fired, 2 * timeout) from None
    if watchdog.fired:       # the headers, cut off by the shutdown, may have looked whole
        response.close()
        raise _explain(None, where, url, True, 2 * timeout)
    return response


def _explain(exc, where, url, fired, deadline):
    """A TransferError saying in words what ``exc`` (a socket, TLS or HTTP failure) means."""
    if fired:
        return TransferError(f"{where} sent no complete answer in {_seconds(deadline)} (a server "
                             "sending a byte at a time?)", "host")
    if isinstance(exc, socket.gaierror):
        return _name_error(urllib.parse.urlsplit(url).hostname, exc)
    if isinstance(exc, ConnectionRefusedError):
        return TransferError(f"{where} refused the connection (nothing listens there)", "host")
    if isinstance(exc, ssl.SSLError):
        return TransferError(f"no secure connection to {where}: {exc.reason or exc}", "host")
    if isinstance(exc, (http.client.RemoteDisconnected, http.client.BadStatusLine, ConnectionResetError)):
        return TransferError(f"{where} closed the connection without an HTTP answer", "host")
    number = getattr(exc, "errno", None)
    if number in _NETWORK_DOWN:
        return TransferError(f"the network is unreachable ({exc.strerror}): offline?", "network")
    if number == errno.EHOSTUNREACH:
        return TransferError(f"no route to {where} (offline?)", "host")
    why = getattr(exc, "strerror", None) or str(exc) or type(exc).__name__
    return TransferError(f"{where}: {why}", "host")


def chunks(response, timeout, size=1 << 16):
    """The body of ``response`` in pieces as they arrive.

    Raises :class:`TransferError` when the host sends nothing for ``timeout``
    seconds, less than :data:`MIN_RATE` bytes per second over ``timeout``
    seconds, or closes the connection before the announced length."""
    where = host_of(response.url)
    read = getattr(response, "read1", response.read)     # read() would wait for `size` bytes
    started, got = time.monotonic(), 0
    while True:
        try:
            block = read(size)
        except TimeoutError:
            raise TransferError(f"{where} stopped sending for {_seconds(timeout)}", "host") from None
        except (OSError, http.client.HTTPException) as exc:
            raise TransferError(f"{where} broke the transfer off ({exc or type(exc).__name__})", "file") from None
        if not block:
            missing = getattr(response, "length", None)
            if missing:
                raise TransferError(f"{where} closed the connection {missing} bytes before the end", "file")
            return
        yield block
        got += len(block)
        elapsed = time.monotonic() - started
        if elapsed >= timeout:
            if got < MIN_RATE * elapsed:
                raise TransferError(f"{where} is too slow: {got} bytes in {elapsed:.0f} s "
                                    f"(under {MIN_RATE // 1000} kB/s)", "host")
            started, got = time.monotonic(), 0
