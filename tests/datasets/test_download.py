"""Tests for gbrff.datasets._download against a loopback HTTP server serving the mirror."""

import functools
import hashlib
import http.server
import io
import os
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

from gbrff.datasets import DataNotFoundError, download, load_uci, registry
from gbrff.datasets import _download
from gbrff.datasets.__main__ import main
from tests._data import data_folder, needs_data

_REPO = Path(__file__).resolve().parents[2]
MIRROR = data_folder()          # the loader's folder, served as a mirror by the loopback server
pytestmark = needs_data("wine", "sonar", "bankmarketing", "spambase", "heart", "balance", "pima")


class _RangeHandler(http.server.SimpleHTTPRequestHandler):
    """SimpleHTTPRequestHandler plus single-range GET (for resume) and a request log."""

    requests = []

    def log_message(self, *args):
        pass

    def do_GET(self):
        type(self).requests.append((self.path, self.headers.get("Range")))
        rng = self.headers.get("Range")
        path = Path(self.translate_path(self.path))
        if not rng or not path.is_file():
            return super().do_GET()
        data = path.read_bytes()
        start = int(rng.split("=")[1].split("-")[0])
        if start >= len(data):
            self.send_error(416)
            return
        self.send_response(206)
        self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        self.send_header("Content-Length", str(len(data) - start))
        self.end_headers()
        self.wfile.write(data[start:])


@pytest.fixture()
def server():
    _RangeHandler.requests = []
    handler = functools.partial(_RangeHandler, directory=str(MIRROR))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}", _RangeHandler.requests
    httpd.shutdown()
    httpd.server_close()


@pytest.mark.slow
def test_download_verify_skip(server, tmp_path):
    url, requests = server
    status = download(["wine", "sonar", "bankmarketing"], data_dir=tmp_path, base_url=url, log=lambda s: None)
    assert set(status.values()) == {"downloaded"} and len(status) == 3
    X, y = load_uci("bankmarketing", data_dir=tmp_path)
    assert X.shape == (45211, 51)
    assert not list(tmp_path.rglob("*.part"))
    n_before = len(requests)
    status = download(["wine", "sonar"], data_dir=tmp_path, base_url=url, log=lambda s: None)
    assert set(status.values()) == {"skipped"} and len(requests) == n_before  # nothing fetched


def test_resume_partial_file(server, tmp_path):
    url, requests = server
    full = (MIRROR / "spambase" / "spambase.dat").read_bytes()
    part = tmp_path / "spambase" / "spambase.dat.part"
    part.parent.mkdir()
    part.write_bytes(full[:100_000])
    download(["spambase"], data_dir=tmp_path, base_url=url, log=lambda s: None)
    assert requests == [("/spambase/spambase.dat", "bytes=100000-")]
    assert (tmp_path / "spambase" / "spambase.dat").read_bytes() == full
    assert not part.exists()


def test_corrupt_existing_file_is_replaced_and_kept_aside(server, tmp_path):
    """The pinned file takes its place; the user's one is not lost: <name>.<its SHA-256[:12]>.bak."""
    url, _ = server
    target = tmp_path / "heart" / "heart.data"
    target.parent.mkdir()
    target.write_bytes(b"garbage\n")
    lines = []
    assert download(["heart"], data_dir=tmp_path, base_url=url, log=lines.append) == {"heart/heart.data": "downloaded"}
    assert load_uci("heart", data_dir=tmp_path)[0].shape == (270, 13)
    backup = target.with_name("heart.data." + hashlib.sha256(b"garbage\n").hexdigest()[:12] + ".bak")
    assert backup.read_bytes() == b"garbage\n"
    assert len(lines) == 1 and lines[0].startswith(f"heart/heart.data (16.5 kB) from {url}/heart/heart.data ... done")
    assert lines[0].endswith(f"; the file that was there (another SHA-256) is kept as {backup.name}")


def test_the_command_line_says_each_file_as_it_comes(server, tmp_path, capsys):
    url, _ = server
    (tmp_path / "wine").mkdir()
    (tmp_path / "wine" / "wine.data").write_bytes((MIRROR / "wine" / "wine.data").read_bytes())
    assert main(["download", "wine", "balance", "--data-dir", str(tmp_path), "--base-url", url]) == 0
    out, err = capsys.readouterr()
    lines = err.splitlines()
    assert lines[0] == "[download] wine/wine.data: present, SHA-256 ok"
    assert lines[1].startswith(f"[download] balance/balance.data (6.2 kB) from {url}/balance/balance.data ... done in ")
    assert len(lines) == 2 and out == f"1 downloaded, 1 already present, in {tmp_path}\n"


def test_wrong_bytes_are_not_installed(server, tmp_path):
    url, _ = server
    wine = next(f for f in registry()["tasks"]["wine"]["files"] if f["role"] == "data")
    entry = dict(wine, path="balance/balance.data")  # the server answers with other bytes than the pin
    target = tmp_path / "wine" / "wine.data"
    with pytest.raises(DataNotFoundError) as err:
        _download._download_file(entry, target, url, 10, lambda s: None)
    assert wine["sha256"] in str(err.value) and "not installed" in str(err.value)
    assert not target.exists() and not list(tmp_path.rglob("*.part"))


def test_manual_source_needs_a_mirror(tmp_path, monkeypatch):
    monkeypatch.delenv("GBRFF_DATA_URL", raising=False)
    with pytest.raises(DataNotFoundError, match="--base-url"):
        download(["vehicle"], data_dir=tmp_path, log=lambda s: None)


def test_conversions():
    assert _download._whitespace_to_csv(b"  1   6  4\n 2 48 2 \n\n") == b"1,6,4\n2,48,2\n"
    keel = b"@relation x\n@attribute a real\n@data\n0.02, 0.037, R\n0.1, 0.2, M\n"
    assert _download._keel_to_csv(keel) == b"0.02,0.037,R\n0.1,0.2,M\n"
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        zf.writestr("bank/bank-full.csv", b"a;b\n1;2\n")
    assert _download._convert(buf.getvalue(), {"convert": "zip", "member": "bank-full.csv"}) == b"a;b\n1;2\n"


@pytest.mark.slow
def test_command_line_with_env_base_url(server, tmp_path):
    url, _ = server
    env = dict(os.environ, GBRFF_DATA_URL=url, GBRFF_DATA_DIR=str(tmp_path))
    cmd = [sys.executable, "-m", "gbrff.datasets", "download", "wine", "pima"]
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=_REPO, timeout=120)
    assert out.returncode == 0, out.stderr
    assert "2 downloaded" in out.stdout
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=_REPO, timeout=120)
    assert "0 downloaded, 2 already present" in out.stdout
    out = subprocess.run(cmd[:-2] + ["nope"], env=env, capture_output=True, text=True, cwd=_REPO, timeout=120)
    assert out.returncode == 2, out.stderr      # a mistake of the command line, as in gbrff.experiments
    assert out.stderr.startswith("gbrff: error: unknown UCI task") and "valid names" in out.stderr


def test_original_source_path_with_keel_conversion(tmp_path):
    """The non-mirror path end to end: a KEEL-style zip (header + ', ' separators) on loopback."""
    sonar = (MIRROR / "sonar" / "sonar.dat").read_bytes()
    header = b"@relation sonar\n@attribute Band1 real [0.0, 1.0]\n@inputs Band1\n@outputs Type\n@data\n"
    keel_body = sonar.replace(b",", b", ")
    site = tmp_path / "site"
    site.mkdir()
    with zipfile.ZipFile(site / "sonar.zip", "w") as zf:
        zf.writestr("sonar.dat", header + keel_body)
    handler = functools.partial(_RangeHandler, directory=str(site))
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        entry = next(f for f in registry()["tasks"]["sonar"]["files"] if f["role"] == "data")
        local = dict(entry, source=dict(entry["source"], url=f"http://127.0.0.1:{httpd.server_address[1]}/sonar.zip"))
        target = tmp_path / "data" / "sonar" / "sonar.dat"
        assert _download._download_file(local, target, None, 10, lambda s: None) == "downloaded"
        assert target.read_bytes() == sonar
        assert not list(target.parent.glob("*.part"))
    finally:
        httpd.shutdown()
        httpd.server_close()
