"""The full-row pass of stochastic boosting (gbrff._engine._rows.cosine_sums)
against its numpy twin, in both engines (the JIT's and the ahead-of-time
module's, when built)."""

import numpy as np
import pytest

from gbrff import _aot, _boosting
from gbrff import _engine


def cosine_sums_numpy(X, W, phases, coefs):
    """The twin: Σ_c coefs[c] cos(W[c]·x − phases[c]) on every row x of X,
    the projection in float64 from the float32 data."""
    Z = X.astype(np.float64) @ W.T - phases
    return np.cos(Z) @ coefs


def _data(n, d, k, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d)).astype(np.float32)
    W = rng.standard_normal((k, d)) * np.sqrt(2.0 / d)
    return X, W, rng.uniform(-np.pi, np.pi, k), rng.standard_normal(k)


def _engines():
    out = [("jit", _engine)]
    if _boosting._aot_kernels is not None:
        out.append(("aot", _boosting._aot_kernels))
    return out


@pytest.mark.parametrize("name,kernels", _engines())
@pytest.mark.parametrize("n,d,k", [(1, 1, 1), (255, 3, 1), (257, 7, 4), (3000, 40, 16), (5000, 2, 3)])
def test_cosine_sums_agree_with_the_numpy_twin(name, kernels, n, d, k):
    X, W, phases, coefs = _data(n, d, k, seed=n + d + k)
    want = cosine_sums_numpy(X, W, phases, coefs)
    h = np.full(n, np.nan)
    assert _aot.call(kernels, "cosine_sums", X=X, W=W, phases=phases, coefs=coefs, out=h,
                     accumulate=0) == n
    # the projection is accumulated in float32: |z| error ~ 1e-7 |w||x| d, cos 1-Lipschitz
    tol = 1e-6 * np.abs(coefs).sum() * max(1.0, np.sqrt(d))
    np.testing.assert_allclose(h, want, rtol=0, atol=tol)
    H = np.arange(n, dtype=np.float64)
    _aot.call(kernels, "cosine_sums", X=X, W=W, phases=phases, coefs=coefs, out=H, accumulate=1)
    np.testing.assert_array_equal(H, np.arange(n) + h)


def test_cosine_sums_the_same_bits_in_both_engines_and_any_threads():
    X, W, phases, coefs = _data(20_000, 13, 5, seed=1)
    outs = []
    for _, kernels in _engines():
        h = np.empty(X.shape[0])
        _aot.call(kernels, "cosine_sums", X=X, W=W, phases=phases, coefs=coefs, out=h, accumulate=0)
        outs.append(h)
    import numba
    numba.set_num_threads(min(2, numba.config.NUMBA_NUM_THREADS))
    h = np.empty(X.shape[0])
    _engine.cosine_sums(X, W, phases, coefs, h, 0)
    outs.append(h)
    for h in outs[1:]:
        np.testing.assert_array_equal(h, outs[0])


def test_no_cosine_adds_nothing():
    X, W, phases, coefs = _data(300, 4, 1)
    H = np.ones(300)
    _engine.cosine_sums(X, W[:0], phases[:0], coefs[:0], H, 1)
    np.testing.assert_array_equal(H, 1.0)


@pytest.mark.parametrize("name,kernels", _engines())
def test_rank_columns_are_np_interp_bit_for_bit(name, kernels):
    from gbrff._feature_map import fit_quantile_knots

    rng = np.random.default_rng(0)
    n, d = 20_000, 5
    X = rng.standard_normal((n, d)) * rng.uniform(0.1, 100, d)
    X[:, 2] = np.round(X[:, 2])                 # ties: few knots
    X[:, 3] = rng.integers(0, 2, n)             # two values
    X[:, 4] = 3.0                               # one knot
    knots = fit_quantile_knots(X[: n // 2], np.ones(n // 2))
    Xq = np.ascontiguousarray(np.vstack([X, np.full((2, d), 1e9), np.full((2, d), -1e9)]))
    out = np.full((2 * d, Xq.shape[0]), np.nan)
    offsets = np.cumsum([0] + [u.shape[0] for u, _ in knots]).astype(np.int64)
    _aot.call(kernels, "rank_columns", X=Xq, values=np.concatenate([u for u, _ in knots]),
              levels=np.concatenate([lv for _, lv in knots]), offsets=offsets, out=out)
    np.testing.assert_array_equal(out[:d], Xq.T)
    for j, (u, levels) in enumerate(knots):
        np.testing.assert_array_equal(out[d + j], np.interp(Xq[:, j], u, levels))
