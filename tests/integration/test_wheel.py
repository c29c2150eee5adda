"""gbrff as a user installs it: a wheel, in a fresh virtual environment.

The wheel is built from a copy of the package's sources (without the engine's
ahead-of-time build, ``GBRFF_NO_AOT=1``, so the installed engine runs the JIT),
installed non-editable into a new venv that borrows this environment's
site-packages for the dependencies (no network), and exercised in
subprocesses whose working directory is outside the checkout.
"""

import functools
import http.server
import json
import os
import shutil
import site
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests._data import data_folder, needs_data, reason

ROOT = Path(__file__).resolve().parents[2]
MIRROR = data_folder()            # the loader's folder (tests/_data.py)
HAS_DATA = reason() is None       # wine's file is in it

pytestmark = pytest.mark.slow

# build artefacts that a checkout may hold and a wheel built from the sources must not
_NOT_SOURCES = shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "*.pyd", "_aot_kernels.json",
                                      "*.egg-info", "*.nbi", "*.nbc")


def _run(cmd, cwd, env=None, timeout=300):
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    assert out.returncode == 0, f"{cmd} failed:\n{out.stdout[-3000:]}\n{out.stderr[-3000:]}"
    return out


def _clean_env(tmp, **extra):
    """The environment of a user's shell: no PYTHONPATH to the checkout, a HOME of its own."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GBRFF_DATA_DIR", "GBRFF_DATA_URL")}
    env.update(HOME=str(tmp / "home"), XDG_CACHE_HOME=str(tmp / "home" / ".cache"), GBRFF_NO_AOT="1")
    env.update(extra)
    return env


@pytest.fixture(scope="module")
def venv(tmp_path_factory):
    """(python of a fresh venv with gbrff's wheel installed, its site-packages, the temp folder)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE", "MANIFEST.in"):
        if (ROOT / name).is_file():
            shutil.copy2(ROOT / name, src / name)
    shutil.copytree(ROOT / "gbrff", src / "gbrff", ignore=_NOT_SOURCES)
    env = _clean_env(tmp)
    _run([sys.executable, "-m", "pip", "wheel", str(src), "--no-deps", "--no-build-isolation",
          "--no-index", "-q", "-w", str(tmp / "dist")], cwd=tmp, env=env)
    (wheel,) = (tmp / "dist").glob("gbrff-*.whl")

    # a venv that sees this environment's packages through a .pth file (which,
    # unlike --system-site-packages, also works when this environment is a venv)
    _run([sys.executable, "-m", "venv", "--without-pip", str(tmp / "venv")], cwd=tmp, env=env)
    python = tmp / "venv" / ("Scripts/python.exe" if os.name == "nt" else "bin/python")
    purelib = Path(_run([str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                        cwd=tmp, env=env).stdout.strip())
    outer = [p for p in site.getsitepackages() + [site.getusersitepackages()] if os.path.isdir(p)]
    (purelib / "_outer_env.pth").write_text("\n".join(outer) + "\n")
    _run([str(python), "-m", "pip", "install", "--no-deps", "--no-index", "--ignore-installed", "-q",
          str(wheel)], cwd=tmp, env=env)
    (tmp / "work").mkdir()
    return python, purelib, tmp


_SCRIPT = r"""
import json, sys
from importlib import metadata
import gbrff
from gbrff import GBRFF1Classifier
from gbrff.methods import METHODS, get_method
from gbrff.datasets import default_data_dir, load_uci
from gbrff.experiments import load_paper_table2
from sklearn.datasets import make_moons

X, y = make_moons(300, noise=0.1, random_state=0)
report = {
    "file": gbrff.__file__,
    "default_data_dir": str(default_data_dir()),
    "methods": list(METHODS),
    "lgbm": type(get_method("LGBM").make(5)).__name__,
    "paper_rows": len(load_paper_table2()),
    # GBRFF1: a cold JIT compile of its loop takes half as long as GBRFF2's (~20 s against ~40 s)
    "score": GBRFF1Classifier(n_estimators=10, n_components=3, random_state=0).fit(X, y).score(X, y),
    "requires": metadata.distribution("gbrff").requires,
    "extras": metadata.distribution("gbrff").metadata.get_all("Provides-Extra"),
    "meta": {k: metadata.distribution("gbrff").metadata.get_all(k)
             for k in ("Requires-Python", "License-Expression", "License-File", "Author", "Classifier")},
    "license_text": (metadata.distribution("gbrff").read_text("licenses/LICENSE") or "")[:40],
}
if sys.argv[1:] == ["data"]:
    X, y = load_uci("wine")
    report["wine"] = [X.shape[0], X.shape[1], int((y == 1).sum())]
print(json.dumps(report))
"""


def test_wheel_installs_and_runs(venv):
    python, purelib, tmp = venv
    env = _clean_env(tmp, **({"GBRFF_DATA_DIR": str(MIRROR)} if HAS_DATA else {}))
    out = _run([str(python), "-c", _SCRIPT] + (["data"] if HAS_DATA else []), cwd=tmp / "work", env=env,
               timeout=600)
    report = json.loads(out.stdout.strip().splitlines()[-1])

    assert Path(report["file"]).resolve() == (purelib / "gbrff" / "__init__.py").resolve()
    assert not Path(report["file"]).resolve().is_relative_to(ROOT)
    if HAS_DATA:
        assert report["wine"] == [178, 13, 59]
    assert {"GBRFF1", "GBRFF2", "LGBM", "PBRFF", "GFC", "BMKR"} <= set(report["methods"])
    assert report["lgbm"] == "LGBMClassifier"
    assert report["paper_rows"] >= 80
    assert report["score"] >= 0.8

    # downloads of an installed gbrff go to the user's cache, never into site-packages
    assert Path(report["default_data_dir"]) == tmp / "home" / ".cache" / "gbrff" / "datasets"

    requires = " ".join(report["requires"]).lower()
    for dep in ("numpy", "scipy", "numba", "scikit-learn", "joblib", "pandas", "plotly",
                "lightgbm", "xgboost-cpu", "dask"):
        assert dep in requires, dep
    core = [r.lower() for r in report["requires"] if "extra ==" not in r]
    assert not any(r.startswith(("pandas", "plotly", "streamlit", "lightgbm")) for r in core), core
    # no [app]: the app is the checkout's (app.py, pages/, results/), not the wheel's
    assert set(report["extras"]) == {"experiments", "dask", "xgboost", "onnx", "test", "docs", "all"}
    assert "streamlit" not in requires

    # the metadata tells the truth: requires-python as the build needs it, the licence
    # expression and its file, authors, classifiers
    meta = report["meta"]
    assert meta["Requires-Python"] == [">=3.11"]
    assert meta["License-Expression"] == ["BSD-3-Clause"]
    assert meta["License-File"] == ["LICENSE"] and report["license_text"].startswith("BSD 3-Clause License")
    assert meta["Author"] and "Programming Language :: Python :: 3.11" in meta["Classifier"]


def _extra_requirements(requires, extra, system):
    """The requirements that ``pip install 'gbrff[extra]'`` asks for on ``system``
    (``platform_system``), nested extras of gbrff itself followed."""
    from packaging.requirements import Requirement

    out, todo, seen = [], [extra], set()
    while todo:
        e = todo.pop()
        seen.add(e)
        env = {"extra": e, "platform_system": system}
        for r in map(Requirement, requires):
            if r.marker is None or not r.marker.evaluate(env):
                continue
            if r.name == "gbrff":
                todo += [x for x in r.extras if x not in seen]
            else:
                out.append(r.name)
    return out


@pytest.mark.parametrize("system", ["Linux", "Windows", "Darwin"])
def test_wheel_extra_all_has_no_cuda_build(venv, system):
    """[all] is every extra but the tests, and takes XGBoost's CPU-only build where it is
    published (the full xgboost pulls nvidia-nccl-cu12, 469 MB, on Linux)."""
    python, purelib, tmp = venv
    out = _run([str(python), "-c", "import json; from importlib import metadata; "
                "print(json.dumps(metadata.distribution('gbrff').requires))"], cwd=tmp / "work",
               env=_clean_env(tmp))
    requires = json.loads(out.stdout)
    everything = _extra_requirements(requires, "all", system)
    assert {"pandas", "lightgbm", "plotly", "dask"} <= set(everything)
    assert ("xgboost-cpu" if system != "Darwin" else "xgboost") in everything
    if system != "Darwin":   # (macOS's xgboost has no CUDA libraries)
        assert "xgboost" not in everything
    assert not set(everything) & {"pytest", "playwright", "streamlit"}


def test_requires_python_admits_no_python_the_build_cannot_serve():
    """The lower bound of requires-python is at least that of every pinned build
    dependency (numpy 2.4 needs 3.11: pip wheel . on 3.10 failed), and admits this Python."""
    import tomllib
    from importlib import metadata

    from packaging.specifiers import SpecifierSet
    from packaging.requirements import Requirement
    from packaging.version import Version

    project = tomllib.loads((ROOT / "pyproject.toml").read_text())
    ours = SpecifierSet(project["project"]["requires-python"])
    assert Version(".".join(map(str, sys.version_info[:3]))) in ours
    lowest = min(Version(f"3.{m}") for m in range(6, 20) if Version(f"3.{m}") in ours)
    for text in project["build-system"]["requires"]:
        req = Requirement(text)
        if req.name == "setuptools":
            continue
        theirs = SpecifierSet(metadata.metadata(req.name)["Requires-Python"] or "")
        assert lowest in theirs, f"{req} (installed: Requires-Python {theirs}) cannot build on {lowest}"


def test_wheel_command_lines(venv):
    python, purelib, tmp = venv
    env = _clean_env(tmp)
    help_ = _run([str(python), "-m", "gbrff.datasets", "download", "--help"], cwd=tmp / "work", env=env).stdout
    assert "per-user cache folder" in " ".join(help_.split())
    assert str(tmp / "home" / ".cache" / "gbrff" / "datasets") in help_.replace("\n", "").replace(" ", "")
    help_ = _run([str(python), "-m", "gbrff.experiments", "--help"], cwd=tmp / "work", env=env).stdout
    assert "table2" in help_


@needs_data()
def test_wheel_downloads_into_the_user_cache(venv):
    """`python -m gbrff.datasets download` from the wheel, from a loopback mirror: the file lands
    in the user's cache (not in site-packages) and load_uci finds it there."""
    python, purelib, tmp = venv

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

    httpd = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Quiet, directory=str(MIRROR)))
    threading.Thread(target=httpd.serve_forever, daemon=True).start()
    try:
        env = _clean_env(tmp, GBRFF_DATA_URL=f"http://127.0.0.1:{httpd.server_address[1]}")
        before = sorted(p.relative_to(purelib) for p in purelib.rglob("*") if "__pycache__" not in p.parts)
        out = _run([str(python), "-m", "gbrff.datasets", "download", "wine"], cwd=tmp / "work", env=env)
        target = tmp / "home" / ".cache" / "gbrff" / "datasets"
        assert "1 downloaded" in out.stdout and str(target) in out.stdout
        assert (target / "wine" / "wine.data").is_file()
        after = sorted(p.relative_to(purelib) for p in purelib.rglob("*") if "__pycache__" not in p.parts)
        assert after == before
        assert not any((tmp / "work").iterdir())
        out = _run([str(python), "-c", "from gbrff.datasets import load_uci; print(load_uci('wine')[0].shape)"],
                   cwd=tmp / "work", env=env)
        assert out.stdout.strip() == "(178, 13)"
    finally:
        httpd.shutdown()
        httpd.server_close()
