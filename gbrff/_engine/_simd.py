"""Fixed-width vector arithmetic: float64 vector types of 4 and 16 lanes
(``float64x4``, ``float64x16``: LLVM ``<4 x double>``, ``<16 x double>``)
with loads, stores, gathers, products and fused multiply-adds, and for the
4-lane type a fixed horizontal sum, so that a dot product is vectorised in
one summation order on every CPU, and element-wise work (GBRFF2's Fourier
coefficients, :mod:`._bias`) keeps the same operations, with explicit fused
multiply-adds, whatever the machine's vector width.

Why: a reduction compiled with ``fastmath={"reassoc"}`` is vectorised by
LLVM at the width of the machine (4 doubles with AVX2, 8 with AVX-512), and
the width sets the order of the sums, hence the last bits of every model
(the committed results were computed with AVX2 code: on an AVX-512 machine
100 of 320 GBRFF2 rows came out different). Written with these vectors and
no fast-math flags, the order is the code's: LLVM may map a ``<4 x double>``
operation onto any instructions but may not reorder the arithmetic.

:func:`dot_f32` and :func:`dot4_f32` reproduce, operation for operation, what
LLVM made of the former reassociated loops on AVX2 (Zen 3/Haswell) CPUs —
the machine code of the committed results — so the models do not change
there and become the same everywhere else. tests/engine/test_simd.py checks
them against numpy twins of that order.
"""

from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic, models, register_model

from ._elementary import fma


class Float64xN(types.Type):
    """``lanes`` float64 lanes held in one LLVM vector (a value, never an
    array): ``float64x4`` for the fixed-order dot products, ``float64x16``
    for element-wise work that wants several independent chains in flight."""

    def __init__(self, lanes):
        self.lanes = lanes
        super().__init__(name=f"float64x{lanes}")


float64x4 = Float64xN(4)
float64x16 = Float64xN(16)
_LL_V4 = ir.VectorType(ir.DoubleType(), 4)
_NEG0 = ir.Constant(ir.DoubleType(), -0.0)
_I64 = ir.IntType(64)


def _ll(vt):
    """The LLVM vector type of a Float64xN."""
    return ir.VectorType(ir.DoubleType(), vt.lanes)


@register_model(Float64xN)
class _Float64xNModel(models.PrimitiveModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, _ll(fe_type))


@intrinsic
def v4_start(typingctx, x):
    """<x, -0, -0, -0>: an accumulator holding x (LLVM's reduction start)."""
    sig = float64x4(types.float64)

    def codegen(context, builder, signature, args):
        base = ir.Constant(_LL_V4, [ir.Undefined, _NEG0, _NEG0, _NEG0])
        return builder.insert_element(base, args[0], ir.Constant(_I64, 0))

    return sig, codegen


@intrinsic
def v4_zero(typingctx):
    """<-0, -0, -0, -0>: the additive identity of every lane."""
    sig = float64x4()

    def codegen(context, builder, signature, args):
        return ir.Constant(_LL_V4, [_NEG0] * 4)

    return sig, codegen


def _element_pointer(context, builder, aryty, ary, index):
    arr = context.make_array(aryty)(context, builder, ary)
    return cgutils.get_item_pointer(context, builder, aryty, arr, [index], wraparound=False,
                                    boundscheck=False)


def _load(vt):
    def load(typingctx, ary, index):
        if not (isinstance(ary, types.Array) and ary.ndim == 1
                and ary.dtype in (types.float32, types.float64)):
            return None
        sig = vt(ary, types.intp)

        def codegen(context, builder, signature, args):
            aryty = signature.args[0]
            ptr = _element_pointer(context, builder, aryty, args[0], args[1])
            if aryty.dtype == types.float32:
                f32 = ir.VectorType(ir.FloatType(), vt.lanes)
                vec = builder.load(builder.bitcast(ptr, f32.as_pointer()), align=4)
                return builder.fpext(vec, _ll(vt))
            return builder.load(builder.bitcast(ptr, _ll(vt).as_pointer()), align=8)

        return sig, codegen

    load.__doc__ = (f"{vt.lanes} consecutive elements ary[index:index + {vt.lanes}] of a "
                    "contiguous 1-d float32 or float64 array, as float64 (float32 widened exactly).")
    return intrinsic(load)


def _store(vt):
    def store(typingctx, ary, index, v):
        if not (isinstance(ary, types.Array) and ary.ndim == 1 and ary.dtype == types.float64
                and v == vt):
            return None
        sig = types.void(ary, types.intp, vt)

        def codegen(context, builder, signature, args):
            ptr = _element_pointer(context, builder, signature.args[0], args[0], args[1])
            builder.store(args[2], builder.bitcast(ptr, _ll(vt).as_pointer()), align=8)
            return context.get_dummy_value()

        return sig, codegen

    store.__doc__ = f"ary[index:index + {vt.lanes}] = v for a contiguous 1-d float64 array."
    return intrinsic(store)


def _gather(vt):
    def gather(typingctx, ary, idx, start):
        if not (isinstance(ary, types.Array) and ary.ndim == 1 and ary.dtype == types.float64
                and isinstance(idx, types.Array) and idx.ndim == 1
                and isinstance(idx.dtype, types.Integer)):
            return None
        sig = vt(ary, idx, types.intp)

        def codegen(context, builder, signature, args):
            aryty, idxty, _ = signature.args
            vec = ir.Constant(_ll(vt), [ir.Undefined] * vt.lanes)
            for k in range(vt.lanes):
                pos = builder.add(args[2], ir.Constant(args[2].type, k))
                i = builder.load(_element_pointer(context, builder, idxty, args[1], pos))
                i = context.cast(builder, i, idxty.dtype, types.intp)
                x = builder.load(_element_pointer(context, builder, aryty, args[0], i))
                vec = builder.insert_element(vec, x, ir.Constant(_I64, k))
            return vec

        return sig, codegen

    gather.__doc__ = f"<ary[idx[start]], ..., ary[idx[start + {vt.lanes - 1}]]>."
    return intrinsic(gather)


def _splat(vt):
    def splat(typingctx, x):
        sig = vt(types.float64)

        def codegen(context, builder, signature, args):
            vec = ir.Constant(_ll(vt), [ir.Undefined] * vt.lanes)
            for k in range(vt.lanes):
                vec = builder.insert_element(vec, args[0], ir.Constant(_I64, k))
            return vec

        return sig, codegen

    splat.__doc__ = f"<x, x, ..., x> ({vt.lanes} lanes)."
    return intrinsic(splat)


def _same(*args):
    """The Float64xN type of all ``args``, or None."""
    return args[0] if isinstance(args[0], Float64xN) and all(a == args[0] for a in args) else None


@intrinsic
def vmul(typingctx, a, b):
    """a * b lane by lane (rounded, not fused with what follows)."""
    vt = _same(a, b)
    if vt is None:
        return None

    def codegen(context, builder, signature, args):
        return builder.fmul(args[0], args[1])

    return vt(vt, vt), codegen


@intrinsic
def vadd(typingctx, a, b):
    """a + b lane by lane."""
    vt = _same(a, b)
    if vt is None:
        return None

    def codegen(context, builder, signature, args):
        return builder.fadd(args[0], args[1])

    return vt(vt, vt), codegen


@intrinsic
def vneg(typingctx, a):
    """-a lane by lane (exact: flips the signs)."""
    vt = _same(a)
    if vt is None:
        return None

    def codegen(context, builder, signature, args):
        return builder.fneg(args[0])

    return vt(vt), codegen


@intrinsic
def vfma(typingctx, a, b, c):
    """a * b + c lane by lane, each rounded once."""
    vt = _same(a, b, c)
    if vt is None:
        return None

    def codegen(context, builder, signature, args):
        ll = _ll(vt)
        fn = cgutils.get_or_insert_function(builder.module, ir.FunctionType(ll, [ll] * 3),
                                            f"llvm.fma.v{vt.lanes}f64")
        return builder.call(fn, args)

    return vt(vt, vt, vt), codegen


v4_load = _load(float64x4)
v4_splat = _splat(float64x4)
v16_load = _load(float64x16)
v16_store = _store(float64x16)
v16_gather = _gather(float64x16)
v16_splat = _splat(float64x16)


@intrinsic
def v4_lanes(typingctx, v):
    """The four lanes of v as a tuple."""
    sig = types.UniTuple(types.float64, 4)(float64x4)

    def codegen(context, builder, signature, args):
        lanes = [builder.extract_element(args[0], ir.Constant(_I64, k)) for k in range(4)]
        return context.make_tuple(builder, signature.return_type, lanes)

    return sig, codegen


@intrinsic
def v4_hsum(typingctx, v):
    """(v0 + v2) + (v1 + v3): LLVM's horizontal sum of a <4 x double>."""
    sig = types.float64(float64x4)

    def codegen(context, builder, signature, args):
        v = args[0]
        lane = [builder.extract_element(v, ir.Constant(_I64, k)) for k in range(4)]
        return builder.fadd(builder.fadd(lane[0], lane[2]), builder.fadd(lane[1], lane[3]))

    return sig, codegen


@njit(cache=True, inline="always")
def dot_f32(x, g):
    """sum_i x_i g_i for a float32 x and a float64 g of x's length, in the
    order of LLVM's AVX2 vectorisation of the plain loop: 4 accumulators of 4
    lanes over the first n & -16 terms (summed ((a0 + a1) + a2) + a3, then
    across lanes), a 4-lane epilogue over the next terms up to n & -4
    starting from that sum, then the last terms one by one; all fused."""
    n = x.shape[0]
    s = 0.0
    i = 0
    if n >= 4:
        if n >= 16:
            a0 = v4_start(0.0)
            a1 = v4_zero()
            a2 = v4_zero()
            a3 = v4_zero()
            nv = n & -16
            for j in range(0, nv, 16):
                a0 = vfma(v4_load(x, j), v4_load(g, j), a0)
                a1 = vfma(v4_load(x, j + 4), v4_load(g, j + 4), a1)
                a2 = vfma(v4_load(x, j + 8), v4_load(g, j + 8), a2)
                a3 = vfma(v4_load(x, j + 12), v4_load(g, j + 12), a3)
            s = v4_hsum(vadd(vadd(vadd(a1, a0), a2), a3))
            i = nv
        ne = n & -4
        if i < ne:
            a = v4_start(s)
            for j in range(i, ne, 4):
                a = vfma(v4_load(x, j), v4_load(g, j), a)
            s = v4_hsum(a)
            i = ne
    for j in range(i, n):
        s = fma(float(x[j]), g[j], s)
    return s


@njit(cache=True, inline="always")
def dot4_f32(r0, r1, r2, r3, g):
    """Four dot products with g (float32 rows of g's length) in one pass
    over g, each in the order of LLVM's AVX2 vectorisation of the plain
    four-accumulator loop: 2 accumulators of 4 lanes a row over the first
    n & -8 terms (summed a1 + a0, then across lanes), then the last terms
    one by one; all fused."""
    n = g.shape[0]
    s0 = 0.0
    s1 = 0.0
    s2 = 0.0
    s3 = 0.0
    nv = 0
    if n >= 8:
        nv = n & -8
        a0 = v4_start(0.0)
        b0 = v4_zero()
        a1 = v4_start(0.0)
        b1 = v4_zero()
        a2 = v4_start(0.0)
        b2 = v4_zero()
        a3 = v4_start(0.0)
        b3 = v4_zero()
        for j in range(0, nv, 8):
            g0 = v4_load(g, j)
            g1 = v4_load(g, j + 4)
            a0 = vfma(v4_load(r0, j), g0, a0)
            b0 = vfma(v4_load(r0, j + 4), g1, b0)
            a1 = vfma(v4_load(r1, j), g0, a1)
            b1 = vfma(v4_load(r1, j + 4), g1, b1)
            a2 = vfma(v4_load(r2, j), g0, a2)
            b2 = vfma(v4_load(r2, j + 4), g1, b2)
            a3 = vfma(v4_load(r3, j), g0, a3)
            b3 = vfma(v4_load(r3, j + 4), g1, b3)
        s0 = v4_hsum(vadd(b0, a0))
        s1 = v4_hsum(vadd(b1, a1))
        s2 = v4_hsum(vadd(b2, a2))
        s3 = v4_hsum(vadd(b3, a3))
    for j in range(nv, n):
        gj = g[j]
        s0 = fma(float(r0[j]), gj, s0)
        s1 = fma(float(r1[j]), gj, s1)
        s2 = fma(float(r2[j]), gj, s2)
        s3 = fma(float(r3[j]), gj, s3)
    return s0, s1, s2, s3


@njit(cache=True, inline="always")
def dot8(a, b):
    """a . b of contiguous float64 arrays in the order of the engine's scalar
    ``_dot``: eight accumulators (lane l sums a[i] b[i] for i = l mod 8 over
    the first n - n % 8 terms; products rounded, then added, not fused),
    combined as ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)), plus the
    last terms in order; in two 4-lane vectors."""
    n = a.shape[0]
    m = n - n % 8
    lo = v4_splat(0.0)
    hi = v4_splat(0.0)
    for i in range(0, m, 8):
        lo = vadd(lo, vmul(v4_load(a, i), v4_load(b, i)))
        hi = vadd(hi, vmul(v4_load(a, i + 4), v4_load(b, i + 4)))
    r = 0.0
    for i in range(m, n):
        r += a[i] * b[i]
    s0, s1, s2, s3 = v4_lanes(lo)
    s4, s5, s6, s7 = v4_lanes(hi)
    return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7)) + r
