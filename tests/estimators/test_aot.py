"""The engine compiled ahead of time (gbrff/_aot.py): same models as the JIT,
used only when built from the current sources for this CPU, and a fresh
process that fits without importing numba."""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_moons

import gbrff
from gbrff import GBRFF1Classifier, GBRFF2Classifier, _aot, _boosting, _engine

PACKAGE = Path(gbrff.__file__).resolve().parent
BUILT = (PACKAGE / _aot.RECORD).exists()
needs_build = pytest.mark.skipif(
    not BUILT, reason="the ahead-of-time module is not built (pip install -e . builds it)")


@pytest.fixture
def aot_kernels():
    kernels, reason = _aot.load()
    assert kernels is not None, reason
    return kernels


def _fits(kernels, monkeypatch):
    monkeypatch.setattr(_boosting, "_kernels", kernels)
    X2, y2 = make_moons(400, noise=0.25, random_state=0)
    X20, y20 = make_classification(2000, 20, n_informative=8, random_state=1)
    X3, y3 = make_classification(600, 6, n_informative=4, n_classes=3, random_state=2)
    estimators = [
        (GBRFF2Classifier(n_estimators=80, random_state=0), X2, y2),
        (GBRFF2Classifier(n_estimators=40, reg_lambda=0.125, gamma=0.3, random_state=1), X20, y20),
        (GBRFF2Classifier(n_estimators=300, gamma=30.0, random_state=2), X2, y2),   # late, large residuals
        (GBRFF2Classifier(n_estimators=200, n_iter_no_change=5, random_state=3), X20, y20),
        (GBRFF1Classifier(n_estimators=40, n_components=10, random_state=0), X2, y2),
        (GBRFF1Classifier(n_estimators=30, n_components=5, beta=0.1, n_iter_no_change=3,
                          random_state=4), X20, y20),
        (GBRFF2Classifier(n_estimators=30, n_jobs=2, random_state=5), X3, y3),      # threads
        (GBRFF2Classifier(n_estimators=40, loss="log_loss", random_state=6), X2, y2),
        (GBRFF1Classifier(n_estimators=20, n_components=5, loss="squared_error",
                          landmarks="random", n_iter_no_change=3, random_state=7), X20, y20),
    ]
    out = []
    for est, X, y in estimators:
        est.fit(X, y)
        staged = np.array([s for s in est.staged_decision_function(X[:50])])
        out.append([getattr(est, "alphas_", est.init_score_),
                    est.decision_function(X), staged])
    return out


@pytest.mark.slow
@needs_build
def test_ahead_of_time_models_equal_the_jit_ones_bit_for_bit(aot_kernels, monkeypatch):
    jit = _fits(_engine, monkeypatch)
    aot = _fits(aot_kernels, monkeypatch)
    for a, b in zip(jit, aot):
        for u, v in zip(a, b):
            np.testing.assert_array_equal(np.asarray(u), np.asarray(v))


@needs_build
def test_the_compiled_functions_refuse_arrays_of_the_wrong_type(aot_kernels):
    X = np.zeros((10, 2))
    W = np.ones((3, 2))
    args = [X, W, np.zeros(3), np.ones(3), 1, np.zeros(10), np.array([3]), np.empty((1, 10))]
    aot_kernels.staged_cosine_sums(*args)                   # the right types work
    for k, bad in [(0, X.astype(np.float32)), (0, np.zeros((10, 4))[:, ::2]), (0, np.asfortranarray(X)),
                   (1, W[:, ::-1]), (6, np.array([3], dtype=np.int32)), (7, np.empty(10))]:
        wrong = list(args)
        wrong[k] = bad
        with pytest.raises(TypeError, match=f"argument {k} must be a C-contiguous"):
            aot_kernels.staged_cosine_sums(*wrong)
    with pytest.raises(TypeError, match="takes 8 arguments"):
        aot_kernels.staged_cosine_sums(*args[:7])


def _copy_package_files(tmp_path):
    for name in _aot.KERNEL_SOURCES + (_aot.RECORD,):
        if (PACKAGE / name).exists():
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(PACKAGE / name, tmp_path / name)


@needs_build
def test_the_loader_falls_back_to_the_jit_when_the_build_does_not_match(tmp_path, monkeypatch):
    _copy_package_files(tmp_path)
    record = json.loads((tmp_path / _aot.RECORD).read_text())
    assert record["sources_sha256"] == _aot.sources_digest(tmp_path)

    # kernel sources edited after the build
    src = tmp_path / "_engine" / "_loop.py"
    src.write_text(src.read_text() + "\n# edited\n")
    kernels, reason = _aot.load(tmp_path)
    assert kernels is None and "sources changed" in reason

    # built for another CPU (its /proc/cpuinfo differs, and so does LLVM's view)
    _copy_package_files(tmp_path)
    other = dict(record, cpuinfo_sha256="0" * 64, cpu_features="+sse2")
    (tmp_path / _aot.RECORD).write_text(json.dumps(other))
    kernels, reason = _aot.load(tmp_path)
    assert kernels is None and "another CPU" in reason
    # /proc/cpuinfo reads differently (another kernel) but LLVM sees the same CPU
    (tmp_path / _aot.RECORD).write_text(json.dumps(dict(record, cpuinfo_sha256="0" * 64)))
    kernels, reason = _aot.load(tmp_path)
    assert kernels is not None, reason

    # built with another numba / llvmlite
    (tmp_path / _aot.RECORD).write_text(json.dumps(dict(record, llvmlite="0.0.1")))
    kernels, reason = _aot.load(tmp_path)
    assert kernels is None and "another numba" in reason

    # not built
    (tmp_path / _aot.RECORD).unlink()
    kernels, reason = _aot.load(tmp_path)
    assert kernels is None and "not built" in reason

    # asked for the JIT
    monkeypatch.setenv("GBRFF_ENGINE", "jit")
    assert _aot.load()[0] is None
    # a typo is named, not silently ignored
    monkeypatch.setenv("GBRFF_ENGINE", "jti")
    with pytest.warns(RuntimeWarning, match="'jti' is not a known engine"):
        _aot.load(tmp_path)


@pytest.mark.slow
@needs_build
def test_a_fresh_process_fits_without_importing_numba():
    code = ("import sys; from gbrff import GBRFF2Classifier, GBRFF1Classifier, _boosting; "
            "import numpy as np; X = np.random.default_rng(0).standard_normal((200, 3)); "
            "y = (X[:, 0] * X[:, 1] > 0).astype(int); "
            "GBRFF2Classifier(n_estimators=20).fit(X, y).predict_proba(X); "
            "GBRFF1Classifier(n_estimators=5, n_components=3).fit(X, y).predict(X); "
            "print(_boosting.ENGINE); print('numba' in sys.modules)")
    env = {k: v for k, v in os.environ.items() if k != "GBRFF_ENGINE"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout.split("\n")
    assert out[0].startswith("aot:")
    assert out[1] == "False"
    env["GBRFF_ENGINE"] = "jit"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout.split("\n")
    assert out[0] == "jit: GBRFF_ENGINE=jit" and out[1] == "True"


def test_the_rebuild_clears_the_jit_cache_of_the_former_engine(tmp_path):
    # numba checks only the file defining a cached function: a cached boost
    # would outlive an edit of _bias.py, so the rebuild removes the cache
    from gbrff._aot_build import clear_jit_cache

    cache = tmp_path / "_engine" / "__pycache__"
    cache.mkdir(parents=True)
    for name in ("_loop.boost-33.py311.nbi", "_loop.boost-33.py311.1.nbc", "_loop.cpython-311.pyc"):
        (cache / name).write_bytes(b"x")
    assert clear_jit_cache(tmp_path) == 2
    assert [p.name for p in cache.iterdir()] == ["_loop.cpython-311.pyc"]


def test_the_jit_cache_of_other_sources_goes_on_import(tmp_path):
    """An edit of one engine file would leave another file's cached functions running the former code
    (numba checks only the defining file): importing the engine clears a cache whose stamp is not the
    sources' digest, and keeps one that is."""
    import shutil

    from gbrff import _aot

    shutil.copytree(Path(_aot.__file__).parent / "_engine", tmp_path / "_engine",
                    ignore=shutil.ignore_patterns("__pycache__"))
    cache = tmp_path / "_engine" / "__pycache__"
    cache.mkdir()
    (cache / "_loop.boost-33.py311.nbi").write_bytes(b"x")
    assert _aot.ensure_fresh_jit_cache(tmp_path) == 1           # no stamp yet: cleared, stamped
    (cache / "_loop.boost-33.py311.nbi").write_bytes(b"x")
    assert _aot.ensure_fresh_jit_cache(tmp_path) == 0           # the same sources: kept
    assert (cache / "_loop.boost-33.py311.nbi").exists()
    with open(tmp_path / "_engine" / "_losses.py", "a") as f:   # an edit of another file
        f.write("\n# edited\n")
    assert _aot.ensure_fresh_jit_cache(tmp_path) == 1
    assert not (cache / "_loop.boost-33.py311.nbi").exists()
    assert (cache / _aot.JIT_STAMP).read_text() == _aot.sources_digest(tmp_path)


@pytest.mark.slow      # two fresh processes, each compiling the kernel (~15 s)
def test_an_edit_of_an_inlined_engine_function_reaches_the_baselines_cached_kernels(tmp_path):
    """The comparison methods' kernels (``_engine/_baselines.py``) inline the engine's cosine
    (``_elementary.fcos``) and are cached on disk, where numba checks only their own file: in a
    copy of the package, an edit of ``fcos`` alone must still reach the cached kernel (the engine's
    one stamp covers every module with ``cache=True``), not leave it running the former cosine."""
    shutil.copytree(PACKAGE, tmp_path / "gbrff",
                    ignore=shutil.ignore_patterns("__pycache__", _aot.MODULE_NAME + "*"))
    engine = tmp_path / "gbrff" / _aot.ENGINE_PACKAGE
    code = ("from numpy import ones, zeros; from gbrff._engine import landmark_features; "
            "print(landmark_features(ones((2, 1)), zeros((1, 1)), zeros(1), ones(1), 1, True)[0, 0])")
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_CACHE_DIR", "GBRFF_ENGINE")}
    env["PYTHONPATH"] = str(tmp_path)

    def run():
        return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                              check=True, env=env, cwd=tmp_path).stdout.strip()

    assert run() == "1.0"                                           # cos 0, compiled and cached
    assert list((engine / "__pycache__").glob("_baselines.landmark_features-*.nbi"))
    elementary = engine / "_elementary.py"
    old = "    return fsincos(x)[1]\n"
    assert elementary.read_text().count(old) == 1                   # fcos's body
    elementary.write_text(elementary.read_text().replace(old, "    return 2.0 * fsincos(x)[1]\n"))
    assert run() == "2.0"                                           # not the cached former cosine
