"""doc/conf.py loaded as a module, for the tests that read its lists (no Sphinx needed to load it)."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "doc"


def load_conf():
    """doc/conf.py as a module (it imports gbrff, which the tests import anyway)."""
    spec = importlib.util.spec_from_file_location("gbrff_doc_conf", DOC / "conf.py")
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    return conf
