"""The engine's small products against the BLAS they replace.

``blas_dot``, ``matvec`` and ``matvec_t`` compute x.y, A @ x and A.T @ g
bit for bit as OpenBLAS's Haswell/Zen kernels (the machine the committed
results were computed on), on any CPU. The reference is scipy's OpenBLAS
forced onto those kernels with OPENBLAS_CORETYPE=Haswell, in a child process
(the variable is read when the library loads)."""

import os
import platform
import subprocess
import sys

import pytest

_SCRIPT = r"""
import numpy as np
from numba import njit
from scipy.linalg.blas import ddot
from gbrff._engine import blas_dot, matvec, matvec_t

@njit
def gemv(A, x):
    return A @ x

@njit
def gemv_t(A, g):
    return A.T @ g

rng = np.random.default_rng(0)
bad = []
for trial in range(3000):
    n = int(rng.integers(1, 150))
    x = rng.standard_normal(n) * 10.0 ** rng.uniform(-3, 3)
    y = rng.standard_normal(n) * 10.0 ** rng.uniform(-3, 3)
    if blas_dot(x, y) != ddot(x, y):
        bad.append(("dot", n))
    K, d = int(rng.integers(1, 24)), int(rng.integers(1, 70))
    A = rng.standard_normal((K, d)) * 10.0 ** rng.uniform(-2, 2)
    v = rng.standard_normal(d)
    g = rng.standard_normal(K) * 10.0 ** rng.uniform(-3, 3)
    out = np.empty(K)
    matvec(A, v, out)
    if not np.array_equal(out, gemv(A, v)):
        bad.append(("matvec", K, d))
    out = np.empty(d)
    matvec_t(A, g, out)
    if not np.array_equal(out, gemv_t(A, g)):
        bad.append(("matvec_t", K, d))
print(len(bad), bad[:5])
"""


@pytest.mark.slow
@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"),
                    reason="OPENBLAS_CORETYPE=Haswell exists on x86-64 only")
def test_small_products_equal_openblas_haswell_bit_for_bit():
    env = dict(os.environ, OPENBLAS_CORETYPE="Haswell", GBRFF_ENGINE="jit")
    r = subprocess.run([sys.executable, "-c", _SCRIPT], capture_output=True, text=True,
                       env=env, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stdout.split()[0] == "0", r.stdout
