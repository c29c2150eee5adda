"""Shared test set-up: the data folder, a JIT warm-up, and the load test only when asked."""

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_MIRROR = ROOT.parent / "shared" / "datasets"
if not os.environ.get("GBRFF_DATA_DIR", "").strip() and _MIRROR.is_dir():   # empty counts as unset, as for gbrff
    # the read-only mirror beside the checkout (CI and the dev machines)
    os.environ["GBRFF_DATA_DIR"] = str(_MIRROR)


def pytest_collection_modifyitems(config, items):
    """Leave the load test (thirty browser sessions at once, ``-m load``) out of every run whose ``-m``
    does not name it: the full suite, and a lane such as ``-m "not slow and not browser"``, which an
    ``-m 'not load'`` in pyproject's addopts could not do (a command line's ``-m`` replaces it)."""
    if re.search(r"\bload\b", config.getoption("markexpr") or ""):
        return
    load = [item for item in items if item.get_closest_marker("load")]
    if load:
        config.hook.pytest_deselected(items=load)
        items[:] = [item for item in items if not item.get_closest_marker("load")]


@pytest.fixture(scope="session", autouse=True)
def _warm_engine():
    """Compile (or load) the numba kernels once, before any timed code."""
    import gbrff

    gbrff.warm_up()


@pytest.fixture
def in_checkout(monkeypatch):
    """The working directory at the checkout's root, as ``streamlit run app.py``
    has it (the app's pages read results/ and appkit/player/ from there); the
    data folder is the one set above."""
    monkeypatch.chdir(ROOT)
