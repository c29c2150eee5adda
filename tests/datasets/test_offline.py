"""`python -m gbrff.datasets download` when the host fails: a port that refuses, a host that never
answers, one that trickles its headers or its body, one that serves wrong bytes or nothing (404), a
name that does not resolve. Loopback servers only; no data folder needed.

Each failure must end (soon: the waits are bounded by --timeout, the tests use 1 s), in one line
`gbrff: error: ...` saying what to do (a mirror with --base-url, or GBRFF_DATA_DIR), exit code 1,
with no folder left empty and nothing of the user's overwritten; command-line mistakes exit 2
before anything is fetched or written."""

import contextlib
import errno
import functools
import http.server
import os
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from gbrff.datasets import DataNotFoundError, _download, _http, download, registry
from gbrff.datasets.__main__ import main

_REPO = Path(__file__).resolve().parents[2]
WINE = next(f for f in registry()["tasks"]["wine"]["files"] if f["role"] == "data")


@pytest.fixture(autouse=True)
def _no_mirror_from_the_environment(monkeypatch):
    monkeypatch.delenv("GBRFF_DATA_URL", raising=False)


# ---------------------------------------------------------------- loopback hosts

@pytest.fixture
def refusing():
    """The URL of a port that refuses (bound, then closed)."""
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    sock.close()
    return f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def _raw_server(talk=None):
    """A loopback TCP server: accepts every connection and runs ``talk(conn, stop)`` on it (None:
    says nothing). Yields (URL, the list of accepted connections)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(16)
    accepted, stop = [], threading.Event()

    def serve():
        while True:
            try:
                conn, _ = srv.accept()
            except OSError:
                return
            accepted.append(conn)
            if talk:
                threading.Thread(target=talk, args=(conn, stop), daemon=True).start()

    threading.Thread(target=serve, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{srv.getsockname()[1]}", accepted
    finally:
        stop.set()
        with contextlib.suppress(OSError):
            srv.shutdown(socket.SHUT_RDWR)
        srv.close()
        for conn in accepted:
            conn.close()


def _trickle(first, then):
    """talk(): read the request, send ``first``, then ``then`` a byte every 0.1 s until stopped."""
    def talk(conn, stop):
        with contextlib.suppress(OSError):
            data = b""
            while b"\r\n\r\n" not in data:
                data += conn.recv(4096)
            conn.sendall(first)
            while not stop.wait(0.1):
                conn.sendall(then)
    return talk


@contextlib.contextmanager
def _http_server(body=None):
    """A loopback HTTP server answering every GET with ``body`` (200), or 404 when None."""
    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self):
            if body is None:
                self.send_error(404)
                return
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}"
    finally:
        httpd.shutdown()
        httpd.server_close()


def _run(capsys, *argv):
    """main()'s exit code, its stderr lines and how long it took."""
    began = time.monotonic()
    code = main(["download", *argv])
    captured = capsys.readouterr()
    return code, captured.err.splitlines(), captured.out, time.monotonic() - began


def _empty_folders(root):
    return [p for p in Path(root).rglob("*") if p.is_dir() and not any(p.iterdir())]


def _one_error_line(lines):
    errors = [ln for ln in lines if ln.startswith("gbrff: error: ")]
    assert len(errors) == 1 and lines[-1] == errors[0], lines
    assert "Traceback" not in "\n".join(lines) and "urlopen error" not in errors[0]
    return errors[0]


# ---------------------------------------------------------------- the host fails

def test_a_refusing_port_ends_at_once_with_what_to_do(refusing, tmp_path, capsys):
    data = tmp_path / "new" / "data"                   # not there yet: must not be made for nothing
    code, lines, out, took = _run(capsys, "wine", "iono", "--data-dir", str(data), "--base-url", refusing)
    assert code == 1 and out == "" and took < 30
    assert lines[0].startswith(f"[download] wine/wine.data (10.8 kB) from {refusing}/wine/wine.data ... FAILED: ")
    assert "refused the connection" in lines[0]
    assert lines[1] == (f"[download] 1 more file(s) not tried: {refusing[7:]} refused the connection "
                        "(nothing listens there)")          # the host memo: iono is not asked for
    error = _one_error_line(lines)
    assert "--base-url" in error and "GBRFF_DATA_DIR" in error and "page 'Data sets'" in error
    assert not (tmp_path / "new").exists()


def test_a_host_that_never_answers_is_asked_once(tmp_path, capsys):
    (tmp_path / "wine").mkdir()                        # the user's own empty folder stays
    with _raw_server() as (url, accepted):
        code, lines, _, took = _run(capsys, "wine", "iono", "sonar", "--data-dir", str(tmp_path),
                                    "--base-url", url, "--timeout", "1")
        assert len(accepted) == 1
    assert code == 1 and took < 30
    assert "accepted the connection but sent no answer in 1 s" in lines[0]
    assert "2 more file(s) not tried" in lines[1]
    error = _one_error_line(lines)
    assert f"Is the mirror {url} up and reachable?" in error and "GBRFF_DATA_DIR" in error
    assert [p.name for p in tmp_path.iterdir()] == ["wine"] and not any((tmp_path / "wine").iterdir())


@pytest.mark.slow
def test_headers_sent_a_byte_at_a_time_meet_a_deadline(tmp_path, capsys):
    """Each read comes within the timeout, so only the headers' deadline (2 x timeout) ends it."""
    with _raw_server(_trickle(b"HTTP/1.1 200 OK\r\nX-Slow: ", b"a")) as (url, _):
        code, lines, _, took = _run(capsys, "wine", "--data-dir", str(tmp_path), "--base-url", url,
                                    "--timeout", "1")
    assert code == 1 and took < 30
    assert "sent no complete answer in 2 s" in lines[0]
    _one_error_line(lines)
    assert not any(tmp_path.iterdir())


def test_a_body_sent_a_byte_at_a_time_is_abandoned_and_kept_to_resume(tmp_path, capsys):
    head = f"HTTP/1.1 200 OK\r\nContent-Length: {WINE['bytes']}\r\n\r\n".encode()
    with _raw_server(_trickle(head + b"1", b"3")) as (url, _):
        code, lines, _, took = _run(capsys, "wine", "--data-dir", str(tmp_path), "--base-url", url,
                                    "--timeout", "1")
    assert code == 1 and took < 30
    assert "is too slow" in lines[0] and "under 1 kB/s" in lines[0]
    part = tmp_path / "wine" / "wine.data.part"
    assert part.read_bytes().startswith(b"13")        # what came is kept ...
    assert "kept in wine.data.part: the same command resumes it" in lines[0]
    error = _one_error_line(lines)
    assert "1 partial file(s) kept: the same command resumes them" in error
    assert not (tmp_path / "wine" / "wine.data").exists()


def test_wrong_bytes_are_not_installed_and_the_users_file_stays(tmp_path, capsys):
    mine = tmp_path / "wine" / "wine.data"
    mine.parent.mkdir()
    mine.write_bytes(b"my own wine data\n")
    with _http_server(b"1,2,3\n" * 100) as url:
        code, lines, _, took = _run(capsys, "wine", "--data-dir", str(tmp_path), "--base-url", url)
    assert code == 1 and took < 30
    assert "FAILED: SHA-256 " in lines[0] and f"expected {WINE['sha256']}; not installed" in lines[0]
    error = _one_error_line(lines)
    assert WINE["sha256"] in error and "use a mirror of the pinned files with --base-url" in error
    assert mine.read_bytes() == b"my own wine data\n" and sorted(p.name for p in mine.parent.iterdir()) == ["wine.data"]


def test_a_mirror_without_the_file_says_how_a_mirror_is_laid_out(tmp_path, capsys):
    with _http_server(None) as url:
        code, lines, _, _ = _run(capsys, "wine", "balance", "--data-dir", str(tmp_path), "--base-url", url)
    assert code == 1
    assert "answered HTTP 404" in lines[0] and "answered HTTP 404" in lines[1]    # a file's failure: both asked
    error = _one_error_line(lines)
    assert f"({url}/wine/wine.data, ...): check --base-url" in error
    assert not any(tmp_path.iterdir())


@pytest.mark.slow
def test_the_command_in_a_process_ends_in_one_line(refusing, tmp_path):
    """As the acceptance script runs it: no traceback, the hint, no empty folder."""
    env = dict(os.environ, GBRFF_DATA_DIR=str(tmp_path / "unused"))
    env.pop("GBRFF_DATA_URL", None)
    proc = subprocess.run([sys.executable, "-m", "gbrff.datasets", "download", "wine", "--data-dir", str(tmp_path),
                           "--base-url", refusing], capture_output=True, text=True, env=env, cwd=_REPO, timeout=120)
    assert proc.returncode == 1 and proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 2 and "refused the connection" in lines[0]
    _one_error_line(lines)
    assert not any(tmp_path.iterdir())


# ---------------------------------------------------------------- offline: the run stops

def _fake_task(urls):
    """_task() for names whose files are served from ``urls`` (original sources)."""
    entries = {name: {"files": [{"path": f"{name}/{name}.data", "role": "data", "sha256": "0" * 64,
                                 "bytes": 10, "source": {"url": f"{url}/{name}.data", "convert": "raw"}}]}
               for name, url in urls.items()}
    return entries.__getitem__


def test_two_hosts_failing_before_any_answered_means_offline(refusing, tmp_path, monkeypatch, capsys):
    other = socket.socket()
    other.bind(("127.0.0.1", 0))
    second = f"http://127.0.0.1:{other.getsockname()[1]}"
    other.close()
    with _raw_server() as (silent, accepted):
        monkeypatch.setattr(_download, "_task", _fake_task({"wine": refusing, "sonar": second, "iono": silent}))
        code, lines, _, _ = _run(capsys, "wine", "sonar", "iono", "--data-dir", str(tmp_path), "--timeout", "1")
        assert accepted == []                          # the third host is not asked
    assert code == 1
    assert lines[2].startswith("[download] 1 more file(s) not tried: no host answered (127.0.0.1:")
    error = _one_error_line(lines)
    assert "offline?" in error and "Fetch the files from a mirror with --base-url URL" in error


def test_an_unreachable_network_stops_the_run_at_the_first_file(tmp_path, monkeypatch):
    calls = []

    def unreachable(url, timeout, headers=None):
        calls.append(url)
        raise _http.TransferError("the network is unreachable (Network is unreachable): offline?", "network")

    monkeypatch.setattr(_download, "open_url", unreachable)
    with pytest.raises(DataNotFoundError) as err:
        download(["wine", "sonar", "heart"], data_dir=tmp_path, log=lambda s: None)
    assert len(calls) == 1 and set(err.value.failures) == {"wine/wine.data", "sonar/sonar.dat", "heart/heart.data"}
    assert "\n" not in str(err.value) and "GBRFF_DATA_DIR" in str(err.value)


def test_a_folder_that_cannot_be_written_stops_the_run(tmp_path, monkeypatch, capsys):
    def refused(self, folder):
        raise PermissionError(errno.EACCES, "Permission denied", str(folder))

    monkeypatch.setattr(_download._Run, "_make_folder", refused)
    with _http_server(b"1,2,3\n") as url:
        code, lines, _, _ = _run(capsys, "wine", "sonar", "heart", "--data-dir", str(tmp_path), "--base-url", url)
    assert code == 1
    assert lines[0].endswith(f"FAILED: Permission denied: {tmp_path / 'wine'}")
    assert lines[1] == f"[download] 2 more file(s) not tried: Permission denied: {tmp_path / 'wine'}"
    error = _one_error_line(lines)
    assert f"3 of 3 files not installed in {tmp_path}: Permission denied: {tmp_path / 'wine'}. Choose a folder " \
           "you can write with --data-dir (or GBRFF_DATA_DIR)" in error


def test_socket_errors_are_said_in_words():
    explain = functools.partial(_http._explain, where="h:80", url="http://h/", fired=False, deadline=2)
    down = explain(OSError(errno.ENETUNREACH, "Network is unreachable"))
    assert down.scope == "network" and "offline?" in str(down)
    assert explain(ConnectionRefusedError(errno.ECONNREFUSED, "x")).scope == "host"
    assert str(explain(OSError(errno.EHOSTUNREACH, "No route"))) == "no route to h:80 (offline?)"
    assert "sent no complete answer in 2 s" in str(_http._explain(OSError(), "h:80", "http://h/", True, 2))


def test_https_to_a_plain_http_server_is_a_failed_secure_connection():
    with _http_server(b"x") as url:
        with pytest.raises(_http.TransferError, match="no secure connection to 127.0.0.1:") as err:
            _http.open_url(url.replace("http:", "https:"), 5)
    assert err.value.scope == "host"


def test_a_name_that_does_not_resolve(tmp_path, monkeypatch):
    """No query leaves the machine: getaddrinfo is replaced (failing, then hanging)."""
    def fails(*args, **kwargs):
        raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")

    monkeypatch.setattr(_http.socket, "getaddrinfo", fails)
    with pytest.raises(DataNotFoundError, match=r"cannot resolve mirror\.invalid \(Name or service not known\)"):
        download(["wine"], data_dir=tmp_path, base_url="http://mirror.invalid/gbrff", log=lambda s: None)
    release = threading.Event()
    monkeypatch.setattr(_http.socket, "getaddrinfo", lambda *a, **k: release.wait(30) and fails())
    try:
        began = time.monotonic()
        with pytest.raises(DataNotFoundError, match="no answer from the name server for mirror.invalid in 0.5 s"):
            download(["wine"], data_dir=tmp_path, base_url="http://mirror.invalid", timeout=0.5, log=lambda s: None)
        assert time.monotonic() - began < 20
    finally:
        release.set()
    assert not any(tmp_path.iterdir())


# ---------------------------------------------------------------- mistakes: exit 2, nothing touched

@pytest.mark.parametrize("argv, says", [
    (["--base-url", "127.0.0.1:8000"], "argument --base-url: expected an http:// or https:// URL, got '127.0.0.1:80"),
    (["--base-url", "ftp://host/x"], "expected an http:// or https:// URL, got 'ftp://host/x'"),
    (["--base-url", "http://host:99999"], "(bad port)"),
    (["--timeout", "0"], "argument --timeout: expected a number of seconds > 0"),
    (["wien"], "unknown UCI task(s) ['wien']"),
])
def test_command_line_mistakes_come_before_the_network(argv, says, tmp_path, capsys):
    data = tmp_path / "data"
    with _raw_server() as (url, accepted):
        try:
            mirror = [] if "--base-url" in argv else ["--base-url", url]
            code = main(["download", "wine", *argv, "--data-dir", str(data), *mirror])
        except SystemExit as exc:
            code = exc.code
        assert accepted == []
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and err.startswith("gbrff: error: ") and says in err
    assert not data.exists()


def test_a_bad_GBRFF_DATA_URL_is_the_environments_mistake(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GBRFF_DATA_URL", "mirror.example/files")
    assert main(["download", "wine", "--data-dir", str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err == ("gbrff: error: GBRFF_DATA_URL=mirror.example/files: expected an http:// or https:// URL, "
                   "got 'mirror.example/files'\n")
    with pytest.raises(ValueError, match="base_url: expected an http"):
        download(["wine"], data_dir=tmp_path, base_url="file:///tmp", log=lambda s: None)
    assert not any(tmp_path.iterdir())


def test_help_without_data(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))
    for argv in (["--help"], ["download", "--help"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "--base-url" in out and "GBRFF_DATA_DIR" in out and "(default: 10)" in out
    assert "page 'Data sets'" in out and not any(tmp_path.iterdir())


# ---------------------------------------------------------------- the progress line

class _Terminal:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass

    def isatty(self):
        return True


def test_on_a_terminal_the_line_shows_the_percentage():
    term = _Terminal()
    log = _download.StreamLog(term)
    log.start("wine/wine.data (10.8 kB) from http://m/wine/wine.data")
    log.advance(5391, 10782)
    log.end("done in 0.1 s")
    assert "\r[download] wine/wine.data (10.8 kB) from http://m/wine/wine.data ... 50%" in term.text
    assert term.text.endswith("\r\x1b[K[download] wine/wine.data (10.8 kB) from http://m/wine/wine.data ... "
                              "done in 0.1 s\n") and term.text.count("\n") == 1
