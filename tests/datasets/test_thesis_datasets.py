"""The random-features thesis's five multi-class tasks in the dataset registry."""

import http.server
import functools
import threading
import zipfile
from pathlib import Path

import numpy as np
import pytest

from gbrff.datasets import (THESIS_TASKS, UNAVAILABLE_TASKS, DataNotFoundError, download, load_uci,
                            registry)
from gbrff.datasets import _download
from tests._data import data_folder, mirror_readme
from tests._data import needs_data as _needs_data

_REPO = Path(__file__).resolve().parents[2]
MIRROR = data_folder()                        # the loader's: GBRFF_DATA_DIR, else the default folder
needs_data = _needs_data(*THESIS_TASKS)

# rows after the thesis's subsample (Table 3.1), features, classes (shared/datasets/README.md)
EXPECTED = {"optdigits": (5000, 64, 10), "pendigits": (5000, 16, 10), "satellite": (5000, 36, 6),
            "segment": (2310, 19, 7), "vowel": (990, 10, 11)}


def _pins_in_shared_readme():
    readme = mirror_readme()
    return {p[1]: p[0] for p in (ln.split() for ln in readme.read_text().splitlines())
            if len(p) == 2 and len(p[0]) == 64}


def test_registry_lists_the_thesis_sets_with_pins_and_sources():
    reg = registry()
    assert tuple(reg["multiclass"]) == THESIS_TASKS
    pins = _pins_in_shared_readme()
    for name, task in reg["multiclass"].items():
        (data,) = task["files"]
        assert pins[data["path"]] == data["sha256"]
        assert data["source"]["url"].startswith("https://sci2s.ugr.es/keel/")
        assert data["source"]["convert"] in {"keel", "keel-body"}
        assert sum(task["class_counts"].values()) == task["n"]
        assert (task["subsample"] is not None) == (task["n"] > 5000)
    for name in UNAVAILABLE_TASKS:
        entry = reg["unavailable"][name]
        assert entry["source"].startswith("http") and entry["reason"]


@needs_data
@pytest.mark.parametrize("name", THESIS_TASKS)
def test_load_gives_the_theses_sizes(name):
    X, y = load_uci(name, data_dir=MIRROR)
    n, d, k = EXPECTED[name]
    assert X.shape == (n, d) and X.dtype == np.float64 and np.isfinite(X).all()
    assert y.dtype == np.int64 and len(np.unique(y)) == k


@needs_data
@pytest.mark.parametrize("name", ["optdigits", "pendigits", "satellite"])
def test_subsample_is_stratified_seeded_and_a_subset(name):
    X_all, y_all = load_uci(name, data_dir=MIRROR, subsample=False)
    X, y = load_uci(name, data_dir=MIRROR)
    X2, y2 = load_uci(name, data_dir=MIRROR)
    assert np.array_equal(X, X2) and np.array_equal(y, y2)  # seeded
    classes, full = np.unique(y_all, return_counts=True)
    _, sub = np.unique(y, return_counts=True)
    assert np.abs(sub - full * 5000 / len(y_all)).max() <= 1  # stratified
    rows = {tuple(r) + (c,) for r, c in zip(X_all, y_all)}
    assert all(tuple(r) + (c,) in rows for r, c in zip(X, y))  # rows of the file, unchanged


@needs_data
def test_vowel_drops_keels_three_leading_columns():
    X, _ = load_uci("vowel", data_dir=MIRROR)
    first = (MIRROR / "vowel" / "vowel.dat").read_text().splitlines()[0].split(",")
    assert np.allclose(X[0], [float(v) for v in first[3:13]])


def test_unavailable_sets_say_why(tmp_path):
    for name in UNAVAILABLE_TASKS:
        with pytest.raises(DataNotFoundError, match="not available"):
            load_uci(name, data_dir=tmp_path)
    with pytest.raises(DataNotFoundError, match="not available"):
        download(["mnist"], data_dir=tmp_path, log=lambda s: None)


def test_missing_file_names_the_download_command(tmp_path):
    with pytest.raises(DataNotFoundError, match="python -m gbrff.datasets download vowel"):
        load_uci("vowel", data_dir=tmp_path)


def test_keel_body_keeps_the_rows():
    raw = b"@relation p\n@attribute a integer\n@data\n47, 100, 8\n0, 89, 2\n"
    assert _download._keel_body(raw) == b"47, 100, 8\n0, 89, 2\n"


@needs_data
@pytest.mark.parametrize("name", ["vowel", "segment"])
def test_download_from_keel_style_zip(name, tmp_path, monkeypatch):
    """The original-source path on loopback: a KEEL zip (header + body) becomes the pinned file."""
    entry = registry()["multiclass"][name]["files"][0]
    pinned = (MIRROR / entry["path"]).read_bytes()
    body = pinned.replace(b",", b", ") if entry["source"]["convert"] == "keel" else pinned
    site = tmp_path / "site"
    site.mkdir()
    with zipfile.ZipFile(site / f"{name}.zip", "w") as zf:
        zf.writestr(entry["source"]["member"], b"@relation x\n@inputs a\n@data\n" + body)
    handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=str(site))
    handler.log_message = lambda *a: None
    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        local = dict(entry, source=dict(entry["source"],
                                        url=f"http://127.0.0.1:{httpd.server_address[1]}/{name}.zip"))
        target = tmp_path / "data" / entry["path"]
        assert _download._download_file(local, target, None, 10, lambda s: None) == "downloaded"
        assert target.read_bytes() == pinned
    finally:
        httpd.shutdown()
        httpd.server_close()
