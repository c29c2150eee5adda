"""Tests for gbrff._optional: an optional part without its extra says which extra to install."""

import subprocess
import sys
from pathlib import Path

import pytest

from gbrff import _optional

ROOT = Path(__file__).resolve().parents[1]


def test_require_names_the_extra():
    _optional.require("gbrff.core", "experiments", "numpy", "json")  # present: no error
    expected = (r"gbrff.thing needs no_such_pkg_x, which is not installed; "
                r"install it with pip install 'gbrff\[app\]' or pip install 'gbrff\[experiments\]'")
    with pytest.raises(ImportError, match=expected):
        _optional.require("gbrff.thing", ("app", "experiments"), "numpy", "no_such_pkg_x")


def test_import_optional(monkeypatch):
    assert _optional.import_optional("json", "x", "app").dumps([1]) == "[1]"
    monkeypatch.setitem(sys.modules, "no_such_pkg_y", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'gbrff\[dask\]'") as err:
        _optional.import_optional("no_such_pkg_y", "--backend dask", "dask")
    assert err.value.name == "no_such_pkg_y"


def test_lightgbm_and_xgboost_methods_without_them(monkeypatch):
    from gbrff.baselines import get_method

    monkeypatch.setitem(sys.modules, "lightgbm", None)
    with pytest.raises(ImportError, match=r"the LGBM method needs lightgbm.*gbrff\[experiments\]"):
        get_method("LGBM").make(5)
    monkeypatch.setitem(sys.modules, "xgboost", None)
    monkeypatch.delitem(sys.modules, "gbrff.baselines._xgb", raising=False)
    with pytest.raises(ImportError, match=r"the XGB method needs xgboost.*gbrff\[xgboost\]"):
        get_method("XGB").make(5)


def test_dask_backend_without_distributed(monkeypatch):
    from gbrff.experiments import make_executor

    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(ImportError, match=r"--backend dask needs distributed.*gbrff\[dask\]"):
        make_executor("dask", scheduler="tcp://127.0.0.1:1")


@pytest.mark.parametrize("blocked, module, extra", [
    ("pandas", "gbrff.experiments", "experiments"),
    ("plotly", "gbrff.viz.paper", "app"),
])
def test_package_without_its_extra(blocked, module, extra):
    """A fresh interpreter in which ``blocked`` cannot be imported."""
    code = f"import sys; sys.modules[{blocked!r}] = None; import {module}"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: ") and f"needs {blocked}" in last, last
    assert f"pip install 'gbrff[{extra}]'" in last, last
