"""Tests for gbrff._optional: an optional part without its extra says which extra to install."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gbrff import _optional

ROOT = Path(__file__).resolve().parents[2]


def test_require_names_the_extra():
    _optional.require("gbrff.core", "experiments", "numpy", "json")  # present: no error
    expected = (r"gbrff.thing needs no_such_pkg_x, which is not installed; "
                r"install it with pip install 'gbrff\[dask\]' or pip install 'gbrff\[experiments\]'")
    with pytest.raises(ImportError, match=expected):
        _optional.require("gbrff.thing", ("dask", "experiments"), "numpy", "no_such_pkg_x")


def test_import_optional(monkeypatch):
    assert _optional.import_optional("json", "x", "experiments").dumps([1]) == "[1]"
    monkeypatch.setitem(sys.modules, "no_such_pkg_y", None)
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'gbrff\[dask\]'") as err:
        _optional.import_optional("no_such_pkg_y", "--backend dask", "dask")
    assert err.value.name == "no_such_pkg_y"


def test_lightgbm_and_xgboost_methods_without_them(monkeypatch):
    from gbrff.methods import get_method

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


@pytest.mark.slow
@pytest.mark.parametrize("blocked, module, extra", [
    ("pandas", "gbrff.experiments", "experiments"),
    ("plotly", "gbrff.viz.paper", "experiments"),
])
def test_package_without_its_extra(blocked, module, extra):
    """A fresh interpreter in which ``blocked`` cannot be imported."""
    code = f"import sys; sys.modules[{blocked!r}] = None; import {module}"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 1
    last = out.stderr.strip().splitlines()[-1]
    assert last.startswith("ModuleNotFoundError: ") and f"needs {blocked}" in last, last
    assert f"pip install 'gbrff[{extra}]'" in last, last


# a fresh interpreter in which these modules are not installed, as far as the import system can tell:
# PathFinder (which searches sys.path) no longer finds them, so find_spec gives None and import fails
_SITECUSTOMIZE = """
import sys
from importlib.machinery import PathFinder

HIDDEN = set({hidden!r})


class _Hide(PathFinder):
    @classmethod
    def find_spec(cls, name, path=None, target=None):
        if name.partition(".")[0] in HIDDEN:
            return None
        return PathFinder.find_spec(name, path, target)


sys.meta_path[sys.meta_path.index(PathFinder)] = _Hide
"""


def _without(tmp_path, hidden, *argv):
    site = tmp_path / "site"
    site.mkdir(exist_ok=True)
    (site / "sitecustomize.py").write_text(_SITECUSTOMIZE.format(hidden=sorted(hidden)))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=os.pathsep.join([str(site), str(ROOT)]), GBRFF_DATA_DIR=str(tmp_path))
    return subprocess.run([sys.executable, *argv], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)


@pytest.mark.slow
@pytest.mark.parametrize("hidden, argv, says", [
    ("pandas", ["--help"], "gbrff.experiments needs pandas"),
    ("plotly", ["--help"], "gbrff.experiments needs plotly"),
    ("pandas", ["table2", "--tasks", "wine"], "gbrff.experiments needs pandas"),
    ("lightgbm", ["table2", "--tasks", "wine", "--methods", "GBRFF2,LGBM"], "the LGBM method needs lightgbm"),
    ("distributed", ["table2", "--tasks", "wine", "--backend", "dask", "--scheduler", "tcp://127.0.0.1:9"],
     "--backend dask needs distributed"),
])
def test_a_command_without_its_extra_is_one_line_and_exit_code_2(tmp_path, hidden, argv, says):
    """`python -m gbrff.experiments` without gbrff[experiments] was a 9-line traceback (issue 43)."""
    extra = "dask" if hidden == "distributed" else "experiments"
    proc = _without(tmp_path, {hidden}, "-m", "gbrff.experiments", *argv)
    assert proc.returncode == 2, proc.stderr
    assert proc.stdout == "" and proc.stderr.count("\n") == 1, proc.stderr
    assert proc.stderr.startswith(f"gbrff: error: {says}, which is not installed; ")
    assert f"pip install 'gbrff[{extra}]'" in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]    # nothing written


@pytest.mark.slow
def test_commands_without_an_extra_need_none(tmp_path):
    """`python -m gbrff.datasets` and `python -m gbrff._aot_build` need no extra: they start
    without pandas, Plotly, LightGBM or Dask."""
    for module in ("gbrff.datasets", "gbrff._aot_build"):
        proc = _without(tmp_path, {"pandas", "plotly", "lightgbm", "distributed"}, "-m", module, "--help")
        assert proc.returncode == 0 and proc.stdout.startswith(f"usage: python -m {module}"), proc.stderr


@pytest.mark.parametrize("orig_argv, argv, module", [
    (["python", "-m", "gbrff.experiments", "--help"], ["-m", "--help"], "gbrff.experiments"),
    (["python", "-B", "-X", "dev", "-mgbrff.datasets"], ["-m"], "gbrff.datasets"),
    (["python", "-Im", "gbrff.experiments", "-m", "x"], ["-m", "-m", "x"], "gbrff.experiments"),
    (["python", "-c", "import gbrff.experiments", "-m"], ["-c", "-m"], None),
    (["python", "/path/to/__main__.py", "-m"], ["/path/to/__main__.py", "-m"], None),
])
def test_the_module_python_m_is_importing(monkeypatch, orig_argv, argv, module):
    monkeypatch.setattr(sys, "orig_argv", orig_argv)
    monkeypatch.setattr(sys, "argv", argv)
    assert _optional._command() == module


def test_a_missing_extra_outside_a_command_stays_an_import_error(monkeypatch):
    """Under `python -m pytest` (argv[0] is pytest's file by the time tests import gbrff) or a
    user's `python -m theirs`: the ModuleNotFoundError, as in a library."""
    monkeypatch.setattr(sys, "orig_argv", ["python", "-m", "theirs"])
    monkeypatch.setattr(sys, "argv", ["-m"])
    with pytest.raises(ModuleNotFoundError, match=r"gbrff.x needs no_such_pkg_z"):
        _optional.require("gbrff.x", "experiments", "no_such_pkg_z")
