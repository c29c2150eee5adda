"""Shared test set-up: the data folder and a JIT warm-up."""

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
_MIRROR = ROOT.parent / "shared" / "datasets"
if not os.environ.get("GBRFF_DATA_DIR", "").strip() and _MIRROR.is_dir():   # empty counts as unset, as for gbrff
    # the read-only mirror beside the checkout (CI and the dev machines)
    os.environ["GBRFF_DATA_DIR"] = str(_MIRROR)


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
