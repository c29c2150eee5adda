"""The hand-vectorised dot products of the back-projection (gbrff._engine._simd)
against plain-Python twins of their summation order, with exact fused
multiply-adds (fractions): the same bits on every CPU."""

from fractions import Fraction

import numpy as np
import pytest
from numba import njit

from gbrff._engine._simd import dot4_f32, dot_f32


def _fma(a, b, c):
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _lanes_fma(x, g, acc, j):
    return [_fma(float(x[j + k]), float(g[j + k]), acc[k]) for k in range(4)]


def _hsum(v):
    return (v[0] + v[2]) + (v[1] + v[3])


def _dot_twin(x, g):
    n = len(x)
    s, i = 0.0, 0
    if n >= 4:
        if n >= 16:
            acc = [[0.0, -0.0, -0.0, -0.0]] + [[-0.0] * 4 for _ in range(3)]
            nv = n & -16
            for j in range(0, nv, 16):
                acc = [_lanes_fma(x, g, acc[k], j + 4 * k) for k in range(4)]
            r = [((acc[1][k] + acc[0][k]) + acc[2][k]) + acc[3][k] for k in range(4)]
            s, i = _hsum(r), nv
        ne = n & -4
        if i < ne:
            a = [s, -0.0, -0.0, -0.0]
            for j in range(i, ne, 4):
                a = _lanes_fma(x, g, a, j)
            s, i = _hsum(a), ne
    for j in range(i, n):
        s = _fma(float(x[j]), float(g[j]), s)
    return s


def _dot4_twin(rows, g):
    n = len(g)
    out = []
    for x in rows:
        s, nv = 0.0, 0
        if n >= 8:
            nv = n & -8
            a, b = [0.0, -0.0, -0.0, -0.0], [-0.0] * 4
            for j in range(0, nv, 8):
                a = _lanes_fma(x, g, a, j)
                b = _lanes_fma(x, g, b, j + 4)
            s = _hsum([b[k] + a[k] for k in range(4)])
        for j in range(nv, n):
            s = _fma(float(x[j]), float(g[j]), s)
        out.append(s)
    return tuple(out)


@njit(cache=True)
def _call_dot(x, g):
    return dot_f32(x, g)


@njit(cache=True)
def _call_dot4(X, g):
    return dot4_f32(X[0], X[1], X[2], X[3], g)


def _bits(a):
    return np.asarray(a, dtype=np.float64).view(np.int64)


@pytest.mark.parametrize("n", list(range(0, 41)) + [63, 64, 65, 100, 203])
def test_dots_match_their_order_twins_bit_for_bit(n):
    rng = np.random.default_rng(n)
    X = rng.standard_normal((4, n)).astype(np.float32)
    g = rng.standard_normal(n) * 10.0 ** rng.integers(-3, 4, n)
    assert _bits(_call_dot(X[0], g)) == _bits(_dot_twin(X[0], g))
    assert np.array_equal(_bits(_call_dot4(X, g)), _bits(_dot4_twin(X, g)))
    assert np.isclose(_call_dot(X[0], g), float(X[0].astype(np.float64) @ g), rtol=1e-12, atol=1e-12)


def test_dots_work_on_row_slices_of_the_transposed_data():
    """The back-projection passes rows of XT (d, n) sliced to a block."""
    from gbrff._engine._reductions import back_project

    rng = np.random.default_rng(0)
    XT = rng.standard_normal((7, 5000)).astype(np.float32)
    g = rng.standard_normal(5000)
    out = back_project(XT, g, np.empty(7))
    np.testing.assert_allclose(out, XT.astype(np.float64) @ g, rtol=1e-10, atol=1e-9)


@pytest.mark.parametrize("n", [0, 1, 7, 8, 9, 15, 16, 17, 100, 4099])
def test_the_vectorised_dot_keeps_the_scalar_order(n):
    """_dot's hand-vectorised path (dot8) equals its scalar eight-accumulator
    loop bit for bit (the scalar path runs on strided views)."""
    from gbrff._engine._reductions import _dot

    rng = np.random.default_rng(n)
    a = rng.standard_normal(2 * n) * 10.0 ** rng.integers(-5, 5, 2 * n)
    b = rng.standard_normal(2 * n)
    a_c, b_c = np.ascontiguousarray(a[::2]), np.ascontiguousarray(b[::2])
    assert _bits(_dot(a_c, b_c)) == _bits(_dot(a[::2], b[::2]))
