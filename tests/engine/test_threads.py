"""Threads: a fit splits the samples into fixed blocks and adds their partial
sums in block order, so the model is bit for bit the same for any n_jobs,
and the serial ahead-of-time engine (one thread) equals the JIT's threads."""

from pathlib import Path

import numpy as np
import pytest
from sklearn.datasets import make_classification

from gbrff import GBRFF1Classifier, GBRFF2Classifier, _boosting
from gbrff._engine.blocks import BLOCK, n_blocks


def _arrays(m):
    return [np.asarray(a) for e in m.expansions_
            for a in (e.omegas, e.phases, e.q, e.alphas, e.train_loss)]


def _same(a, b):
    return all(np.array_equal(x, y) for x, y in zip(_arrays(a), _arrays(b)))


@pytest.fixture(scope="module")
def data():
    # three blocks and a part: work for two threads, a short last block
    X, y = make_classification(n_samples=3 * BLOCK + 517, n_features=7, random_state=0)
    return X, y


@pytest.mark.slow
@pytest.mark.parametrize("make", [
    lambda nj: GBRFF2Classifier(n_estimators=8, random_state=0, n_jobs=nj),
    lambda nj: GBRFF2Classifier(n_estimators=8, reg_lambda=0.05, loss="log_loss",
                                random_state=0, n_jobs=nj),
    lambda nj: GBRFF2Classifier(n_estimators=8, loss="squared_error", random_state=0,
                                n_jobs=nj),
    lambda nj: GBRFF1Classifier(n_estimators=4, n_components=5, random_state=0, n_jobs=nj),
], ids=["gbrff2", "gbrff2-log-lambda", "gbrff2-ls", "gbrff1"])
def test_the_model_does_not_depend_on_n_jobs(data, make):
    X, y = data
    ref = make(1).fit(X, y)
    for nj in (2, 3, None, -1):
        assert _same(ref, make(nj).fit(X, y)), nj


def test_one_vs_rest_with_blocks_does_not_depend_on_n_jobs():
    X, y = make_classification(n_samples=BLOCK + 100, n_features=6, n_informative=4,
                               n_classes=3, random_state=1)
    a = GBRFF2Classifier(n_estimators=5, random_state=0, n_jobs=1).fit(X, y)
    b = GBRFF2Classifier(n_estimators=5, random_state=0, n_jobs=2).fit(X, y)
    assert _same(a, b)


def test_the_jit_engine_on_one_thread_equals_it_on_two(data):
    """The ahead-of-time module, when built, is the serial build of the same
    code; the JIT's prange on one thread and on two give the same bits."""
    from gbrff import _engine

    X, y = data
    fits = []
    for threads in (1, 2):
        import numba
        numba.set_num_threads(min(threads, numba.config.NUMBA_NUM_THREADS))
        orig = _boosting.engine_for
        try:
            _boosting.engine_for = lambda n, t: (_engine, threads)
            fits.append(GBRFF2Classifier(n_estimators=6, random_state=0).fit(X, y))
        finally:
            _boosting.engine_for = orig
    assert _same(*fits)


@pytest.mark.skipif(not _boosting.serial_engine_available(),
                    reason="the ahead-of-time engine is not built here")
def test_the_serial_aot_engine_equals_the_threaded_jit(data):
    X, y = data
    aot = GBRFF2Classifier(n_estimators=6, random_state=0, n_jobs=1).fit(X, y)
    assert _boosting.engine_for(X.shape[0], 1)[0] is _boosting._aot_kernels
    jit = GBRFF2Classifier(n_estimators=6, random_state=0, n_jobs=2).fit(X, y)
    assert _same(aot, jit)


def test_n_jobs_resolution(monkeypatch):
    monkeypatch.setenv("NUMBA_NUM_THREADS", "2")
    assert _boosting.resolve_threads(None) == min(2, _boosting.max_threads())
    assert _boosting.resolve_threads(1) == 1
    assert _boosting.resolve_threads(64) <= 2
    assert _boosting.resolve_threads(-1) == _boosting.max_threads()
    # one block: one thread whatever n_jobs
    assert _boosting.engine_for(BLOCK, 8)[1] == 1
    assert n_blocks(BLOCK + 1) == 2


_FORK_SCRIPT = """
import multiprocessing as mp, sys, warnings
warnings.simplefilter("error")  # no joblib warning about its loky workers inside a worker
import numpy as np
from sklearn.datasets import make_classification
from gbrff import GBRFF2Classifier
X, y = make_classification(n_samples=5000, n_features=6, random_state=0)
def fit(seed):
    m = GBRFF2Classifier(n_estimators=5, random_state=seed).fit(X, y)  # every core by default
    return m.expansions_[0].omegas.tobytes()
if __name__ == "__main__":
    parent = fit(0)                      # the threaded engine: numba's OpenMP pool started
    with mp.get_context("fork").Pool(2) as pool:
        children = pool.map_async(fit, [0, 1]).get(timeout=60)
    assert children[0] == parent         # the serial engine in the child: the same model
    print("ok")
"""


@pytest.mark.slow
@pytest.mark.skipif(not _boosting.serial_engine_available(), reason="the ahead-of-time engine is not built")
def test_a_child_forked_after_a_threaded_fit_fits_on_one_thread(tmp_path):
    """numba's OpenMP pool does not survive fork(): a multiprocessing child forked after a threaded fit
    used to stop at its first parallel region (the pool waited forever); it now fits serially."""
    import subprocess
    import sys

    script = tmp_path / "fork.py"
    script.write_text(_FORK_SCRIPT)
    env = {**__import__("os").environ, "PYTHONPATH": str(Path(__file__).resolve().parents[2])}
    env.pop("NUMBA_NUM_THREADS", None)
    proc = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0 and proc.stdout.strip() == "ok", proc.stderr[-2000:]


def test_the_default_follows_openmps_own_default_as_lightgbm_does(monkeypatch):
    """n_jobs=None: fewer threads under OMP_NUM_THREADS or a threadpoolctl limit (LightGBM's and
    HistGradientBoosting's knobs); an explicit n_jobs is the user's choice."""
    import lightgbm  # noqa: F401  (loads the OpenMP runtime, as a user's session would)
    from threadpoolctl import threadpool_limits

    monkeypatch.setattr(_boosting, "max_threads", lambda: 8)
    monkeypatch.setattr("joblib.cpu_count", lambda *a, **k: 8)
    with threadpool_limits(limits=3, user_api="openmp"):
        assert _boosting.resolve_threads(None) == 3
        assert _boosting.resolve_threads(5) == 5 and _boosting.resolve_threads(-1) == 8

    def not_loaded(*args, **kwargs):
        raise OSError("libgomp.so.1: not loaded")

    monkeypatch.setattr("ctypes.CDLL", not_loaded)  # no OpenMP runtime in the process yet
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    assert _boosting.resolve_threads(None) == 2
    monkeypatch.delenv("OMP_NUM_THREADS")
    assert _boosting.resolve_threads(None) == 8


def test_negative_n_jobs_is_counted_without_joblibs_worker_warning(monkeypatch):
    """joblib.effective_n_jobs warns and says 1 inside a multiprocessing worker; gbrff counts itself."""
    import warnings

    monkeypatch.delenv("NUMBA_NUM_THREADS", raising=False)
    monkeypatch.setattr(_boosting, "max_threads", lambda: 8)
    monkeypatch.setattr("joblib.cpu_count", lambda *a, **k: 8)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert [_boosting.resolve_threads(k) for k in (-1, -2, -8, -20, 3, 20)] == [8, 7, 1, 1, 3, 8]


def test_float32_input_is_not_widened_as_a_whole():
    """float32 data give the model of the same values in float64 (the fit
    reads float32 anyway), and neither fit nor scoring makes a float64 copy
    of X (which alone would be 2 x its size). standardize=False: the engine's
    promise (standardised, the estimator adds one copy of X in X's dtype)."""
    import tracemalloc

    X, y = make_classification(n_samples=2 * BLOCK, n_features=20, random_state=2)
    X32 = X.astype(np.float32)
    a = GBRFF2Classifier(n_estimators=3, random_state=0, n_jobs=1, standardize=False).fit(X32.astype(np.float64), y)
    b = GBRFF2Classifier(n_estimators=3, random_state=0, n_jobs=1, standardize=False).fit(X32, y)
    assert _same(a, b)
    np.testing.assert_array_equal(a.decision_function(X32.astype(np.float64)),
                                  b.decision_function(X32))
    tracemalloc.start()
    _boosting.final_scores(b.expansion_, X32, 1, chunk=1024)    # widened 1024 rows at a time
    peak_predict = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    GBRFF2Classifier(n_estimators=3, random_state=0, n_jobs=1, standardize=False).fit(X32, y)
    peak_fit = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak_predict < 0.5 * X32.nbytes
    # the transposed float32 copy (1 x) and the per-sample work arrays; a
    # float64 copy of X would add 2 x
    assert peak_fit < 4.5 * X32.nbytes
