"""Reductions over the data and small products: sums and dot products with
eight accumulators, OpenBLAS-exact ``blas_dot``/``matvec``/``matvec_t``, and
the two passes over the transposed data XT (d, n) that a boosting step
needs, ``project`` (X @ v) and ``back_project`` (X.T @ g).

Every result is bit-for-bit the same on every x86-64 CPU: no ``fastmath``;
the back-projection's dot products are vectorised by hand in a fixed order
(:mod:`._simd`)."""

import math
import os

import numpy as np
from numba import njit, prange

from ._elementary import fma
from ._simd import dot4_f32, dot8, dot_f32
from . import blocks
from .blocks import BLOCK


# --------------------------------------------------------------------------
# fixed blocks of samples: the unit of work of the threads
# --------------------------------------------------------------------------
# Every pass over the samples works on the fixed blocks of .layout (BLOCK
# samples), in parallel over the blocks (numba's prange; threads set by
# numba.set_num_threads), and every sum over the samples adds the blocks'
# partial sums in block order: the same bits for any number of threads. The
# ahead-of-time build (numba's pycc cannot link threads) compiles the same
# code serially (GBRFF_SERIAL_BUILD=1: prange is range).
PARALLEL = os.environ.get("GBRFF_SERIAL_BUILD", "") != "1"


# .layout's count of blocks, compiled (one definition for Python and kernels)
n_blocks = njit(cache=True)(blocks.n_blocks)


@njit(cache=True)
def block_bounds(b, n):
    """(first, end) sample of block b of n samples."""
    return b * BLOCK, min(n, (b + 1) * BLOCK)


@njit(cache=True)
def combine(parts):
    """The sum of per-block partial sums, in block order."""
    s = 0.0
    for b in range(parts.shape[0]):
        s += parts[b]
    return s


@njit(cache=True)
def _sum(a):
    n = a.shape[0]
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = 0.0
    m = n - n % 8
    for i in range(0, m, 8):
        s0 += a[i]
        s1 += a[i + 1]
        s2 += a[i + 2]
        s3 += a[i + 3]
        s4 += a[i + 4]
        s5 += a[i + 5]
        s6 += a[i + 6]
        s7 += a[i + 7]
    r = 0.0
    for i in range(m, n):
        r += a[i]
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) + r


@njit(cache=True)
def _dot(a, b):
    """a . b with eight accumulators, combined pairwise (see :func:`_sum`);
    vectorised by hand (:func:`._simd.dot8`, the same order) when both
    arrays are contiguous."""
    if a.strides[0] == 8 and b.strides[0] == 8:
        return dot8(a, b)
    n = a.shape[0]
    s0 = s1 = s2 = s3 = s4 = s5 = s6 = s7 = 0.0
    m = n - n % 8
    for i in range(0, m, 8):
        s0 += a[i] * b[i]
        s1 += a[i + 1] * b[i + 1]
        s2 += a[i + 2] * b[i + 2]
        s3 += a[i + 3] * b[i + 3]
        s4 += a[i + 4] * b[i + 4]
        s5 += a[i + 5] * b[i + 5]
        s6 += a[i + 6] * b[i + 6]
        s7 += a[i + 7] * b[i + 7]
    r = 0.0
    for i in range(m, n):
        r += a[i] * b[i]
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) + r


@njit(cache=True, parallel=PARALLEL)
def bsum(a):
    """sum(a) by blocks (:func:`_sum` within each block, :func:`combine` across)."""
    n = a.shape[0]
    nb = n_blocks(n)
    parts = np.empty(nb)
    for b in prange(nb):
        s0, s1 = block_bounds(b, n)
        parts[b] = _sum(a[s0:s1])
    return combine(parts)


@njit(cache=True, parallel=PARALLEL)
def bdot(a, c):
    """a . c by blocks (:func:`_dot` within each block, :func:`combine` across)."""
    n = a.shape[0]
    nb = n_blocks(n)
    parts = np.empty(nb)
    for b in prange(nb):
        s0, s1 = block_bounds(b, n)
        parts[b] = _dot(a[s0:s1], c[s0:s1])
    return combine(parts)


@njit(cache=True, parallel=PARALLEL)
def bcurv(c, u):
    """sum_i c_i u_i^2 by blocks (one accumulator within each block)."""
    n = u.shape[0]
    nb = n_blocks(n)
    parts = np.empty(nb)
    for b in prange(nb):
        s0, s1 = block_bounds(b, n)
        cb = c[s0:s1]
        ub = u[s0:s1]
        t = 0.0
        for i in range(cb.shape[0]):
            t += cb[i] * ub[i] * ub[i]
        parts[b] = t
    return combine(parts)


# The small products of the L-BFGS steps and of the GBRFF1 landmark (vectors
# of length d, K x d matrices) were once np.dot and @, i.e. calls into scipy's
# OpenBLAS, which picks its kernels by CPU at run time: on AVX-512 cores it
# sums in another order than on Haswell/Zen cores, so a seed gave other
# models on other machines. The three functions below compute them bit for
# bit as OpenBLAS's Haswell/Zen kernels (ddot, dgemv_t, dgemv_n), the machine
# the committed results were computed on, on every CPU: the fused
# multiply-adds are explicit (``fma``), every other operation is in the
# kernels' order. tests/engine/test_blas.py compares them with scipy's BLAS
# run with OPENBLAS_CORETYPE=Haswell.
@njit(cache=True)
def blas_dot(x, y):
    """x . y (ddot): 16 fused lanes over the first n & -16 terms (four
    256-bit accumulators, folded high half onto low, pairwise, then the two
    lanes), then the remainder in order without fusing."""
    n = x.shape[0]
    n1 = n & -16
    dot = 0.0
    if n1:
        a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = 0.0
        a8 = a9 = a10 = a11 = a12 = a13 = a14 = a15 = 0.0
        for i in range(0, n1, 16):
            a0 = fma(x[i], y[i], a0)
            a1 = fma(x[i + 1], y[i + 1], a1)
            a2 = fma(x[i + 2], y[i + 2], a2)
            a3 = fma(x[i + 3], y[i + 3], a3)
            a4 = fma(x[i + 4], y[i + 4], a4)
            a5 = fma(x[i + 5], y[i + 5], a5)
            a6 = fma(x[i + 6], y[i + 6], a6)
            a7 = fma(x[i + 7], y[i + 7], a7)
            a8 = fma(x[i + 8], y[i + 8], a8)
            a9 = fma(x[i + 9], y[i + 9], a9)
            a10 = fma(x[i + 10], y[i + 10], a10)
            a11 = fma(x[i + 11], y[i + 11], a11)
            a12 = fma(x[i + 12], y[i + 12], a12)
            a13 = fma(x[i + 13], y[i + 13], a13)
            a14 = fma(x[i + 14], y[i + 14], a14)
            a15 = fma(x[i + 15], y[i + 15], a15)
        lo = ((a0 + a2) + (a4 + a6)) + ((a8 + a10) + (a12 + a14))
        hi = ((a1 + a3) + (a5 + a7)) + ((a9 + a11) + (a13 + a15))
        dot = lo + hi
    for i in range(n1, n):
        dot += y[i] * x[i]
    return dot


@njit(cache=True)
def matvec(A, x, out):
    """out = A @ x for a C-ordered A (K, d) (dgemv_t): rows of A in groups of
    four (fused, 4 lanes), then a pair (2 lanes), then one (4 lanes, not
    fused), over the first d & -4 columns; the last d & 3 columns fused as
    gcc compiles y += a0 x0 + a1 x1 + a2 x2."""
    K, d = A.shape
    d3 = d & 3
    d4 = d - d3
    k4 = K & -4
    for j in range(K):
        a = A[j]
        acc = 0.0
        if d4 > 0:
            s0 = s1 = s2 = s3 = 0.0
            if j < k4:
                for i in range(0, d4, 4):
                    s0 = fma(a[i], x[i], s0)
                    s1 = fma(a[i + 1], x[i + 1], s1)
                    s2 = fma(a[i + 2], x[i + 2], s2)
                    s3 = fma(a[i + 3], x[i + 3], s3)
                acc = (s0 + s2) + (s1 + s3)
            elif (K & 2) and j < k4 + 2:
                for i in range(0, d4, 2):
                    s0 += a[i] * x[i]
                    s1 += a[i + 1] * x[i + 1]
                acc = s0 + s1
            else:
                for i in range(0, d4, 4):
                    s0 += a[i] * x[i]
                    s1 += a[i + 1] * x[i + 1]
                    s2 += a[i + 2] * x[i + 2]
                    s3 += a[i + 3] * x[i + 3]
                acc = (s0 + s2) + (s1 + s3)
        if d3 == 1:
            acc = fma(a[d4], x[d4], acc)
        elif d3 > 1:
            p = fma(a[d4], x[d4], a[d4 + 1] * x[d4 + 1])
            if d3 == 3:
                p = fma(a[d4 + 2], x[d4 + 2], p)
            acc = acc + p
        out[j] = acc


@njit(cache=True)
def matvec_t(A, g, out):
    """out = A.T @ g for a C-ordered A (K, d) (dgemv_n): rows of A in groups
    of four, then a pair, then one, each added into out over its first d & -4
    entries; the last d & 3 entries summed over the rows of A in order (in
    pairs when d is 2 or 3, in fours when d is 1)."""
    K, d = A.shape
    d3 = d & 3
    d4 = d - d3
    k4 = K & -4
    for r in range(d):
        out[r] = 0.0
    if d4 > 0:
        for c in range(0, k4, 4):
            a0 = A[c]
            a1 = A[c + 1]
            a2 = A[c + 2]
            a3 = A[c + 3]
            for r in range(d4):
                t0 = fma(a2[r], g[c + 2], a0[r] * g[c])
                t1 = fma(a3[r], g[c + 3], a1[r] * g[c + 1])
                out[r] += t0 + t1
        c = k4
        if K & 2:
            for r in range(d4):
                out[r] += A[c, r] * g[c] + A[c + 1, r] * g[c + 1]
            c += 2
        if K & 1:
            for r in range(d4):
                out[r] += A[c, r] * g[c]
    for r in range(d4, d):
        t = 0.0
        if d == 1:
            for c in range(0, k4, 4):
                t += ((A[c, r] * g[c] + A[c + 1, r] * g[c + 1]) + A[c + 2, r] * g[c + 2]) \
                    + A[c + 3, r] * g[c + 3]
            for c in range(k4, K):
                t += A[c, r] * g[c]
        elif d <= 3:
            for c in range(0, k4, 4):
                t += A[c, r] * g[c] + A[c + 1, r] * g[c + 1]
                t += A[c + 2, r] * g[c + 2] + A[c + 3, r] * g[c + 3]
            for c in range(k4, K):
                t += A[c, r] * g[c]
        else:
            for c in range(K):
                t += A[c, r] * g[c]
        out[r] = out[r] + t


_BLOCK = 2048   # samples a block: the block's slice of z or g stays in L1


@njit(cache=True)
def _project_block(XT, v, s0, s1, o):
    """o = (X @ v)[s0:s1]: four features at a time (one load and one store
    of ``o`` per four products)."""
    d = XT.shape[0]
    m = s1 - s0
    for i in range(m):
        o[i] = 0.0
    k = 0
    while k + 4 <= d:
        v0 = v[k]
        v1 = v[k + 1]
        v2 = v[k + 2]
        v3 = v[k + 3]
        r0 = XT[k, s0:s1]
        r1 = XT[k + 1, s0:s1]
        r2 = XT[k + 2, s0:s1]
        r3 = XT[k + 3, s0:s1]
        for i in range(m):
            o[i] = (o[i] + v0 * r0[i] + v1 * r1[i]) + (v2 * r2[i] + v3 * r3[i])
        k += 4
    while k < d:
        vk = v[k]
        r0 = XT[k, s0:s1]
        for i in range(m):
            o[i] += vk * r0[i]
        k += 1


@njit(cache=True, parallel=PARALLEL)
def project(XT, v, out):
    """out = X @ v for the transposed data XT (d, n), by blocks of samples
    (the block of ``out`` stays in L1), the blocks in parallel."""
    n = XT.shape[1]
    for b in prange(n_blocks(n)):
        first, end = block_bounds(b, n)
        for s0 in range(first, end, _BLOCK):
            s1 = min(s0 + _BLOCK, n)
            _project_block(XT, v, s0, s1, out[s0:s1])
    return out


@njit(cache=True)
def _back_project_block(XT, s0, s1, gb, out):
    """out += X[s0:s1].T @ gb, four features at a time."""
    d = XT.shape[0]
    k = 0
    while k + 4 <= d:
        a0, a1, a2, a3 = dot4_f32(XT[k, s0:s1], XT[k + 1, s0:s1], XT[k + 2, s0:s1],
                                    XT[k + 3, s0:s1], gb)
        out[k] += a0
        out[k + 1] += a1
        out[k + 2] += a2
        out[k + 3] += a3
        k += 4
    while k < d:
        out[k] += dot_f32(XT[k, s0:s1], gb)
        k += 1


@njit(cache=True, parallel=PARALLEL)
def back_project(XT, g, out):
    """out = X.T @ g for the transposed data XT (d, n), by blocks of samples
    (the block of g stays in L1 for all d rows); each BLOCK's partial
    products in parallel, added in block order."""
    d, n = XT.shape
    nb = n_blocks(n)
    parts = np.zeros((nb, d))
    for b in prange(nb):
        first, end = block_bounds(b, n)
        for s0 in range(first, end, _BLOCK):
            s1 = min(s0 + _BLOCK, n)
            _back_project_block(XT, s0, s1, g[s0:s1], parts[b])
    for k in range(d):
        out[k] = 0.0
    for b in range(nb):
        for k in range(d):
            out[k] += parts[b, k]
    return out
