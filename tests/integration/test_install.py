"""gbrff as the README's set-up command installs it (editable, from this checkout).

A user who runs Python in the folder that holds the clone (a folder named
``gbrff``, the package in ``gbrff/gbrff/``) must still get the package, not the
clone's folder taken for an empty namespace package ("cannot import name
'GBRFF2Classifier' from 'gbrff' (unknown location)"): the editable install puts
the checkout's root on ``sys.path`` (``pyproject.toml``, ``package-dir``).
"""

import json
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _editable_here():
    """True when gbrff is installed editable from this checkout (the README's set-up)."""
    for dist in metadata.distributions(name="gbrff"):    # (the checkout's gbrff.egg-info has no record)
        direct = json.loads(dist.read_text("direct_url.json") or "{}")
        if direct.get("dir_info", {}).get("editable") and direct.get("url") == ROOT.as_uri():
            return True
    return False


@pytest.mark.skipif(not _editable_here(), reason="gbrff is not installed editable from this checkout "
                                                  "(python -m pip install -r requirements.txt)")
def test_python_beside_the_clone_imports_the_package(tmp_path):
    beside = tmp_path / "gbrff"          # the clone as `git clone` names it, seen from its parent
    beside.symlink_to(ROOT, target_is_directory=True)
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", "import gbrff; from gbrff import GBRFF2Classifier; "
                          "print(gbrff.__file__)"], cwd=tmp_path, env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    assert Path(out.stdout.strip().splitlines()[-1]).resolve() == (ROOT / "gbrff" / "__init__.py").resolve()
