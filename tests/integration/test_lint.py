"""The code follows its lint rules: ``ruff check`` on the repository passes (the rules, and why each
one is chosen or left out, are in pyproject.toml's ``[tool.ruff]``)."""

import importlib.util
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(importlib.util.find_spec("ruff") is None,
                    reason="ruff is not installed (python -m pip install -r requirements.txt, or pip install ruff)")
def test_ruff_check_passes():
    out = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--output-format", "concise", "."],
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, f"ruff check found problems:\n{out.stdout[-5000:]}{out.stderr[-2000:]}"
