"""Vectorisable elementary functions for the numba kernels.

numba on these machines has no SVML, so ``math.exp``/``math.cos`` in a loop
call libm one element at a time (~10 ns for exp, ~25 ns for sin+cos). The
functions here are written with arithmetic only (Cody-Waite range reduction,
fdlibm/Taylor polynomials, exponent built with integer bit operations), so
LLVM turns loops that call them into AVX2 code: ~2 ns an exp and ~4 ns a
sin+cos pair, at full float64 accuracy (max relative error ~3e-16 for exp,
absolute error ~1e-16 for sin/cos on |x| < 1e5, which the tests check
against numpy).

All functions are ``inline='always'`` so that they melt into the calling
kernel's loop.
"""

import math

import numpy as np
from numba import njit, types
from numba.extending import intrinsic

__all__ = ["FAST_TRIG_LIMIT", "fma", "fexp", "fexpm1_shift", "fsincos", "fcos", "fsincos_lp",
           "fexpm1_shift_lp"]

#: fsincos/fcos are exact to ~1e-16 for |x| < FAST_TRIG_LIMIT only: a caller
#: whose arguments may be larger checks it and calls math.sin/math.cos instead.
FAST_TRIG_LIMIT = 1e5


def _bitcast(src, dst, doc):
    """An intrinsic reinterpreting the bits of a ``src`` as a ``dst`` (free in
    machine code)."""
    def cast(typingctx, x):
        def codegen(context, builder, signature, args):
            return builder.bitcast(args[0], context.get_value_type(dst))

        return dst(src), codegen

    cast.__doc__ = doc
    return intrinsic(cast)


_f64_as_i64 = _bitcast(types.float64, types.int64, "The bits of a float64 as an int64.")
_i64_as_f64 = _bitcast(types.int64, types.float64, "The bits of an int64 as a float64.")


@intrinsic
def fma(typingctx, a, b, c):
    """a * b + c rounded once (LLVM's ``llvm.fma``): the same bits on every
    CPU, where ``fastmath={"contract"}`` leaves fusing to the optimiser."""
    sig = types.float64(types.float64, types.float64, types.float64)

    def codegen(context, builder, signature, args):
        return builder.fma(*args)

    return sig, codegen


_LOG2E = 1.4426950408889634
_LN2_HI = 6.93147180369123816490e-01
_LN2_LO = 1.90821492927058770002e-10
_ROUND_MAGIC = 6755399441055744.0  # 2**52 + 2**51: adding it rounds to an integer
_MAGIC_BITS = 0x4338000000000000   # bit pattern of _ROUND_MAGIC


@njit(cache=True, inline="always")
def _expm1_reduced(r):
    """exp(r) - 1 for |r| <= 0.5 (Taylor to degree 15; relative error < 1e-16)."""
    p = 1.0 / 1307674368000.0
    p = p * r + 1.0 / 87178291200.0
    p = p * r + 1.0 / 6227020800.0
    p = p * r + 1.0 / 479001600.0
    p = p * r + 1.0 / 39916800.0
    p = p * r + 1.0 / 3628800.0
    p = p * r + 1.0 / 362880.0
    p = p * r + 1.0 / 40320.0
    p = p * r + 1.0 / 5040.0
    p = p * r + 1.0 / 720.0
    p = p * r + 1.0 / 120.0
    p = p * r + 1.0 / 24.0
    p = p * r + 1.0 / 6.0
    p = p * r + 0.5
    p = p * r + 1.0
    return p * r


@njit(cache=True, inline="always")
def fexp(x):
    """exp(x) for float64 x; arguments are clamped to [-708, 709] (so the
    result is never inf and never a denormal; exp(-708) ~ 3e-308 stands in
    for anything smaller, which is exact to well below any sum it enters)."""
    v = min(max(x, -708.0), 709.0)
    t = v * _LOG2E + _ROUND_MAGIC
    k = t - _ROUND_MAGIC
    r = (v - k * _LN2_HI) - k * _LN2_LO          # |r| <= ln(2)/2
    ki = _f64_as_i64(t) - _MAGIC_BITS            # k as an integer
    return (_expm1_reduced(r) + 1.0) * _i64_as_f64((ki + 1023) << 52)


@njit(cache=True, inline="always")
def fexpm1_shift(u, shift):
    """Return ``(phi, e)`` with ``e = exp(u - shift)`` and
    ``phi = expm1(u)`` when ``shift == 0`` else ``phi = e``.

    This is the building block of the stabilised exponential loss: while the
    exponents are moderate (shift 0) the objective is computed as
    mean(exp(u) - 1) without cancellation, so that a loss of 1 + 1e-20 can
    still be told from 1 + 2e-20; when they could overflow, everything is
    multiplied by exp(-shift), which leaves every argmin unchanged.
    One polynomial serves both: with v = k ln2 + r,
    exp(v) = 2^k (expm1(r) + 1) and expm1(v) = 2^k expm1(r) + (2^k - 1).
    """
    v = min(max(u - shift, -708.0), 709.0)
    t = v * _LOG2E + _ROUND_MAGIC
    k = t - _ROUND_MAGIC
    r = (v - k * _LN2_HI) - k * _LN2_LO
    ki = _f64_as_i64(t) - _MAGIC_BITS
    scale = _i64_as_f64((ki + 1023) << 52)
    pm = _expm1_reduced(r)
    e = scale * pm + scale
    em1 = scale * pm + (scale - 1.0)
    phi = em1 if shift == 0.0 else e
    return phi, e


_TWO_OVER_PI = 0.6366197723675814
_PIO2_1 = 1.57079632673412561417e00
_PIO2_2 = 6.07710050650619224932e-11
_PIO2_3 = 2.02226624879595063154e-21
# The reduced argument r lies in [-pi/4, pi/4] (0.7854) wherever the
# reduction holds. Beyond |x| ~ 1e15 (2**51 pi / 2: a projection w.x of raw
# features of size 1e15 and more, or an absurd gamma) it no longer does and r
# grows with |x|. fsincos bounds r, so that the weak learners' outputs h, which
# every step alpha and update of H takes to lie in [-1, 1], do so for any x
# (meaningless there, as cos of 1e20 is in float64, but never inf or NaN); the
# bound leaves every other result's bits as they were. fsincos_lp (the line
# search's trials and the b search's scan sums, the hot loops) is left as it
# is: far out its values are garbage that those only compare (a trial is then
# rejected; a scan without a comparable point gives b = 0).
_R_MAX = 0.8


@njit(cache=True, inline="always")
def fsincos(x):
    """(sin(x), cos(x)) for float64 x with |x| < 1e5 (three-part Cody-Waite
    reduction by pi/2 and fdlibm's kernels on [-pi/4, pi/4]); within [-1, 1]
    for any x."""
    k = (x * _TWO_OVER_PI + _ROUND_MAGIC) - _ROUND_MAGIC
    r = ((x - k * _PIO2_1) - k * _PIO2_2) - k * _PIO2_3
    r = min(max(r, -_R_MAX), _R_MAX)    # see _R_MAX
    z = r * r
    s = r + r * z * (-1.66666666666666324348e-01 + z * (8.33333333332248946124e-03
        + z * (-1.98412698298579493134e-04 + z * (2.75573137070700676789e-06
        + z * (-2.50507602534068634195e-08 + z * 1.58969099521155010221e-10)))))
    c = 1.0 - 0.5 * z + z * z * (4.16666666666666019037e-02 + z * (-1.38888888888741095749e-03
        + z * (2.48015872894767294178e-05 + z * (-2.75573143513906633035e-07
        + z * (2.08757232129817482790e-09 + z * -1.13596475577881948265e-11)))))
    q = k - 4.0 * math.floor(k * 0.25)           # quadrant 0..3
    odd = (q == 1.0) or (q == 3.0)
    ss = c if odd else s
    cc = s if odd else c
    ss = -ss if q >= 2.0 else ss
    cc = -cc if (q == 1.0 or q == 2.0) else cc
    return ss, cc


# --------------------------------------------------------------------------
# Single-precision polynomials after a double-precision range reduction.
#
# Where a kernel only needs values to ~1e-7 relative (the trial points of a
# line search, whose objective is a mean of n terms), the polynomials can be
# evaluated in float32: half the degree and twice the SIMD lanes. The range
# reduction stays in float64, so the error does not grow with |x| and
# sum(phi) keeps its float64 accumulation; the leading terms of each
# polynomial stay in float64 too, so the float32 part only carries a small
# correction. Max errors, checked in the tests: sin/cos 1e-8 absolute,
# expm1 1e-9 relative.
# --------------------------------------------------------------------------
_F32 = np.float32
# Cephes sinf/cosf minimax coefficients on [-pi/4, pi/4]
_S1 = _F32(-1.6666654611e-1)
_S2 = _F32(8.3321608736e-3)
_S3 = _F32(-1.9515295891e-4)
_C1 = _F32(4.166664568298827e-2)
_C2 = _F32(-1.388731625493765e-3)
_C3 = _F32(2.443315711809948e-5)
_F32_ONE = _F32(1.0)
_F32_HALF = _F32(0.5)
# Taylor coefficients of expm1 on |r| <= ln(2)/2 (degree 8: < 2e-8 relative)
_E3 = _F32(1.0 / 6.0)
_E4 = _F32(1.0 / 24.0)
_E5 = _F32(1.0 / 120.0)
_E6 = _F32(1.0 / 720.0)
_E7 = _F32(1.0 / 5040.0)
_E8 = _F32(1.0 / 40320.0)


@njit(cache=True, inline="always")
def fsincos_lp(x):
    """(sin(x), cos(x)) to ~1e-8 for float64 x with |x| < 1e5: float64
    reduction by pi/2 and leading terms (r, 1 - r^2/2), the corrections
    r^3 P(r^2) and r^4 Q(r^2) in float32; returns float64 values (not
    bounded beyond |x| ~ 1e15, see _R_MAX)."""
    t = x * _TWO_OVER_PI + _ROUND_MAGIC
    k = t - _ROUND_MAGIC
    r = (x - k * _PIO2_1) - k * _PIO2_2
    z = r * r
    r32 = _F32(r)
    z32 = r32 * r32
    s = r + r * z * np.float64(_S1 + z32 * (_S2 + z32 * _S3))
    c = (1.0 - 0.5 * z) + z * z * np.float64(_C1 + z32 * (_C2 + z32 * _C3))
    q = (_f64_as_i64(t) - _MAGIC_BITS) & 3       # quadrant 0..3
    odd = (q & 1) == 1
    ss = c if odd else s
    cc = s if odd else c
    ss = -ss if q >= 2 else ss
    cc = -cc if (q == 1 or q == 2) else cc
    return ss, cc


@njit(cache=True, inline="always")
def fexpm1_shift_lp(u, shift):
    """:func:`fexpm1_shift` to ~1e-9 relative: the reduced argument's
    expm1(r) = r + r^2/2 + r^3 P(r) with P in float32."""
    v = min(max(u - shift, -708.0), 709.0)
    t = v * _LOG2E + _ROUND_MAGIC
    k = t - _ROUND_MAGIC
    r = (v - k * _LN2_HI) - k * _LN2_LO
    r32 = _F32(r)
    ki = _f64_as_i64(t) - _MAGIC_BITS
    scale = _i64_as_f64((ki + 1023) << 52)
    pm = r + r * r * (0.5 + r * np.float64(_E3 + r32 * (_E4 + r32 * (_E5 + r32 * (
        _E6 + r32 * (_E7 + r32 * _E8))))))
    e = scale * pm + scale
    em1 = scale * pm + (scale - 1.0)
    phi = em1 if shift == 0.0 else e
    return phi, e


@njit(cache=True, inline="always")
def fcos(x):
    """cos(x), see :func:`fsincos`."""
    return fsincos(x)[1]


@njit(cache=True)
def vexp(x, out):
    """out[i] = exp(x[i]) (test and benchmark helper)."""
    for i in range(x.shape[0]):
        out[i] = fexp(x[i])
    return out


@njit(cache=True)
def vexpm1(x, out):
    """out[i] = expm1(x[i]) (test helper)."""
    for i in range(x.shape[0]):
        out[i] = fexpm1_shift(x[i], 0.0)[0]
    return out


@njit(cache=True)
def vsincos(x, s_out, c_out):
    """s_out[i], c_out[i] = sin(x[i]), cos(x[i]) (test and benchmark helper)."""
    for i in range(x.shape[0]):
        s, c = fsincos(x[i])
        s_out[i] = s
        c_out[i] = c


@njit(cache=True)
def vsincos_lp(x, s_out, c_out):
    """:func:`fsincos_lp` over an array (test helper)."""
    for i in range(x.shape[0]):
        s, c = fsincos_lp(x[i])
        s_out[i] = s
        c_out[i] = c


@njit(cache=True)
def vexpm1_lp(x, out):
    """:func:`fexpm1_shift_lp` over an array (test helper)."""
    for i in range(x.shape[0]):
        out[i] = fexpm1_shift_lp(x[i], 0.0)[0]
    return out


def _self_check():  # pragma: no cover - used interactively
    x = np.linspace(-50, 50, 1001)
    s = np.empty_like(x)
    c = np.empty_like(x)
    vsincos(x, s, c)
    return np.max(np.abs(s - np.sin(x))), np.max(np.abs(c - np.cos(x)))
