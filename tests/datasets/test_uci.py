"""Tests for gbrff.datasets._uci: the 16 UCI tasks against Table 1 of the paper."""

import os
import shutil
from pathlib import Path

import numpy as np
import pytest

from gbrff.datasets import UCI_TASKS, DataNotFoundError, load_uci, registry
from gbrff.datasets import _uci
from tests._data import mirror_readme

_REPO = Path(__file__).resolve().parents[2]


def _mirror():
    env = os.environ.get("GBRFF_DATA_DIR")
    if env:
        return Path(env)
    shared = _REPO.parent / "shared" / "datasets"
    return shared if shared.is_dir() else None


MIRROR = _mirror()
needs_data = pytest.mark.skipif(
    MIRROR is None or not (MIRROR / "wine" / "wine.data").is_file(),
    reason="no UCI data: set GBRFF_DATA_DIR or run `python -m gbrff.datasets download`",
)

# Table 1 of the paper (n, d), and the number of +1 examples its label rule gives
# (cross-checked with the class percentages in the paper authors' own loader).
TABLE1 = {
    "wine": (178, 13, 59), "sonar": (208, 60, 97), "newthyroid": (215, 5, 65),
    "heart": (270, 13, 120), "bupa": (345, 6, 145), "iono": (351, 34, 126),
    "wdbc": (569, 30, 212), "balance": (625, 4, 288), "australian": (690, 14, 307),
    "pima": (768, 8, 268), "vehicle": (846, 18, 199), "german": (1000, 23, 300),
    "splice": (3175, 60, 1527), "spambase": (4597, 57, 1812),
    "occupancy": (20560, 5, 4750), "bankmarketing": (45211, 51, 5289),
}


def test_task_names_in_table1_order():
    assert UCI_TASKS == tuple(TABLE1)
    assert tuple(registry()["tasks"]) == UCI_TASKS


def test_registry_is_complete():
    for name, task in registry()["tasks"].items():
        assert (task["n"], task["d"], task["n_positive"]) == TABLE1[name]
        assert task["citation"] and task["classes"]
        data = [f for f in task["files"] if f["role"] == "data"]
        assert len(data) == 1
        for entry in task["files"]:
            assert len(entry["sha256"]) == 64 and int(entry["sha256"], 16) >= 0
            assert entry["source"]["convert"] in {"raw", "zip", "keel", "whitespace", "manual", "none"}
            if entry["source"]["convert"] != "none":
                assert entry["source"]["url"].startswith("https://")


def test_registry_digests_match_shared_readme():
    readme = mirror_readme()
    pinned = {}
    for line in readme.read_text().splitlines():
        parts = line.split()
        if len(parts) == 2 and len(parts[0]) == 64:
            pinned[parts[1]] = parts[0]
    ours = {f["path"]: f["sha256"] for t in registry()["tasks"].values() for f in t["files"] if f["role"] == "data"}
    # the mirror also holds data sets beyond Table 1's 16 tasks (glass, optdigits, ...)
    assert {path: pinned.get(path) for path in ours} == ours


@needs_data
@pytest.mark.parametrize("name", UCI_TASKS)
def test_load_matches_table1(name):
    X, y = load_uci(name, data_dir=MIRROR)
    n, d, n_pos = TABLE1[name]
    assert X.shape == (n, d) and X.dtype == np.float64
    assert y.dtype == np.int64 and set(np.unique(y)) == {-1, 1}
    assert int((y == 1).sum()) == n_pos
    assert np.all(np.isfinite(X))


@needs_data
def test_label_rules_on_raw_rows():
    # spot checks against the files' first rows and README's rules
    X, y = load_uci("wine", MIRROR)
    assert y[0] == 1 and X[0, 0] == 14.23 and X[0, -1] == 1065  # class 1 is +1, first column dropped
    X, y = load_uci("vehicle", MIRROR)
    assert y[0] == 1 and y[2] == -1  # van +1, saab -1
    X, y = load_uci("splice", MIRROR)
    assert y[0] == -1  # file label +1 becomes -1
    X, y = load_uci("german", MIRROR)
    assert X[0, 0] == 6 and y[0] == -1  # first column (1) dropped, class 1 is -1
    X, y = load_uci("balance", MIRROR)
    assert y[0] == -1 and list(X[0]) == [1, 1, 1, 1]


@needs_data
def test_bankmarketing_one_hot():
    X, y = load_uci("bankmarketing", MIRROR)
    numeric, dummies = X[:, :7], X[:, 7:]
    assert list(numeric[0]) == [58, 2143, 5, 261, 1, -1, 0]
    assert set(np.unique(dummies)) == {0.0, 1.0}
    assert np.all(dummies.sum(axis=1) == 9)  # one indicator per categorical column


def test_bankmarketing_reads_quoted_uci_form(tmp_path):
    plain = 'age;job;y\r\n58;management;no\r\n44;"blue-collar";yes\r\n'
    quoted = '"age";"job";"y"\n58;"management";"no"\n44;"blue-collar";"yes"\n'
    for text in (plain, quoted):
        path = tmp_path / "b.csv"
        path.write_text(text, newline="")
        names, rows = _uci._read_rows(path, ";", True)
        assert names == ["age", "job", "y"] and rows == [["58", "management", "no"], ["44", "blue-collar", "yes"]]


def _copy_task(name, dst):
    entry = next(f for f in registry()["tasks"][name]["files"] if f["role"] == "data")
    target = dst / entry["path"]
    target.parent.mkdir(parents=True)
    shutil.copyfile(MIRROR / entry["path"], target)
    return target, entry


@needs_data
def test_corrupt_file_is_refused(tmp_path):
    target, entry = _copy_task("wine", tmp_path)
    target.write_bytes(target.read_bytes().replace(b"14.23", b"14.24", 1))
    with pytest.raises(DataNotFoundError) as err:
        load_uci("wine", data_dir=tmp_path)
    msg = str(err.value)
    assert str(target) in msg and entry["sha256"] in msg and "python -m gbrff.datasets download wine" in msg


def test_missing_file_message(tmp_path):
    with pytest.raises(FileNotFoundError) as err:
        load_uci("sonar", data_dir=tmp_path)
    msg = str(err.value)
    assert isinstance(err.value, DataNotFoundError)
    assert "sonar/sonar.dat" in msg and "c4fc7ddde14c9ab2cba911706203dab64c9fa86da4506585c752528bb649b2dd" in msg
    assert "python -m gbrff.datasets download sonar" in msg


def test_data_dir_resolution(tmp_path, monkeypatch):
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))
    assert _uci.resolve_data_dir() == tmp_path
    assert _uci.resolve_data_dir(tmp_path / "x") == tmp_path / "x"
    monkeypatch.delenv("GBRFF_DATA_DIR")
    assert _uci.resolve_data_dir() == _REPO / "datasets" / "cache"
    with pytest.raises(DataNotFoundError, match=str(tmp_path)):
        monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))
        load_uci("heart")


def test_registry_is_package_data():
    assert _uci.REGISTRY_PATH.name == "registry.json"
    assert Path(str(_uci.REGISTRY_PATH)).parent == Path(_uci.__file__).parent


def test_default_data_dir(monkeypatch, tmp_path):
    # from a checkout: its datasets/cache/ (git-ignored)
    assert _uci.default_data_dir() == _REPO / "datasets" / "cache"
    # installed (a wheel in site-packages): a per-user cache folder, never the package
    monkeypatch.setattr(_uci, "_checkout_root", lambda: None)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("LOCALAPPDATA", str(tmp_path / "local"))
    expected = {"linux": tmp_path / "xdg", "darwin": tmp_path / "Library" / "Caches", "win32": tmp_path / "local"}
    for platform, base in expected.items():
        monkeypatch.setattr(_uci.sys, "platform", platform)
        assert _uci.default_data_dir() == base / "gbrff" / "datasets"
    monkeypatch.setattr(_uci.sys, "platform", "linux")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert _uci.default_data_dir() == tmp_path / ".cache" / "gbrff" / "datasets"
    monkeypatch.delenv("GBRFF_DATA_DIR", raising=False)
    assert _uci.resolve_data_dir() == tmp_path / ".cache" / "gbrff" / "datasets"


def test_unknown_task():
    with pytest.raises(ValueError, match="valid names: wine, sonar"):
        load_uci("iris")
