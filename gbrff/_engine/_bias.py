"""GBRFF2's global search for the phase b: the objective over b as a Fourier
series of the small residuals plus the large ones summed directly, scanned
and polished by safeguarded Newton steps (:func:`best_bias`)."""

import math

import numpy as np
from numba import njit, prange

from ._elementary import fexpm1_shift, fma, fsincos, fsincos_lp
from ._reductions import PARALLEL, _sum, block_bounds, n_blocks
from ._simd import v16_gather, v16_load, v16_splat, v16_store, vadd, vfma, vmul, vneg


# Residuals up to _TIER_YT[-1] go through the Fourier series, in tiers by size,
# each with the harmonics it needs: I_{K+1}(y) / I_0(y) < 6e-15 at the tier's
# largest y (0.5: K = 10; 1: 12 -> 1.6e-14 of a term ~1; 2: 16; 4: 20;
# 16: 35 -> 2e-14), and the lengths of the two Bessel series of
# _fourier_coefficients for it (the last tier: relative truncation < 1e-17 at
# y^2/4 = 64 needs 20 and 29 terms). Exactly five tiers: best_bias unrolls
# them. The last tier holds the few large residuals of late iterations
# (~1 % of the samples at T = 100): through the series they cost ~0.1 us
# each once, instead of one exp per scan point and Newton step each.
_N_HARM = 35
_TIER_YT = np.array([0.5, 1.0, 2.0, 4.0, 16.0])
_TIER_K = np.array([10, 12, 16, 20, 35])
_TIER_NHI = np.array([5, 6, 8, 10, 22])
_TIER_N0 = np.array([8, 11, 13, 21, 34])


@njit(cache=True)
def _fourier_tables(K, n_hi, n_0):
    """1/k! for k <= K + 2 and the ratios of consecutive terms of the Bessel
    series of :func:`_fourier_coefficients` (no divisions in its loops)."""
    inv_fact = np.empty(K + 3)
    inv_fact[0] = 1.0
    for k in range(1, K + 3):
        inv_fact[k] = inv_fact[k - 1] / k
    ratio_hi = np.empty((2, n_hi + 1))
    for j in range(2):
        for m in range(1, n_hi + 1):
            ratio_hi[j, m] = 1.0 / (m * (m + K + j))
    ratio_0 = np.empty(n_0 + 1)
    for m in range(2, n_0 + 1):
        ratio_0[m] = 1.0 / (m * m)
    return inv_fact, ratio_hi, ratio_0


@njit(cache=True, inline="always")
def _fourier_lane(x2, tr, ti, w, shift, K, n_hi, n_0, inv_fact, ratio_hi, ratio_0, J, accA,
                  accB, r, blk):
    """One sample's terms added to lane r of the accumulators (accA, accB:
    harmonic k of lane r at k * blk + r), every multiply-add fused
    explicitly."""
    for j in range(2):
        t = 1.0
        for m in range(n_hi, 0, -1):
            t = fma(x2 * ratio_hi[j, m], t, 1.0)
        J[K + j] = 2.0 * w * inv_fact[K + j] * t
    t = 1.0
    for m in range(n_0, 1, -1):
        t = fma(x2 * ratio_0[m], t, 1.0)
    j0m1 = x2 * t
    for kk in range(K, 0, -1):
        J[kk - 1] = fma(float(kk), J[kk], x2 * J[kk + 1])
    accA[r] = fma(w, j0m1 if shift == 0.0 else j0m1 + 1.0, accA[r])
    vr = 1.0
    vi = 0.0
    kk = 1
    while kk + 1 <= K:
        a = fma(vr, tr, -(vi * ti))
        c = fma(vi, tr, vr * ti)
        a2 = fma(a, tr, -(c * ti))
        c2 = fma(a, ti, c * tr)
        vr = a2
        vi = c2
        o = kk * blk + r
        accA[o] = fma(J[kk], a, accA[o])
        accB[o] = fma(J[kk], c, accB[o])
        accA[o + blk] = fma(J[kk + 1], a2, accA[o + blk])
        accB[o + blk] = fma(J[kk + 1], c2, accB[o + blk])
        kk += 2
    if kk == K:
        a = fma(vr, tr, -(vi * ti))
        c = fma(vi, tr, vr * ti)
        o = kk * blk + r
        accA[o] = fma(J[kk], a, accA[o])
        accB[o] = fma(J[kk], c, accB[o])


@njit(cache=True, inline="always")
def _fourier_lanes16(small, s0, r, p, q, yt, sw, shift, K, n_hi, n_0, inv_fact, ratio_hi,
                     ratio_0, Jv, accA, accB, blk):
    """The terms of the samples small[s0 + r .. s0 + r + 15] added to lanes
    r .. r + 15 of the accumulators: :func:`_fourier_lane` on sixteen lanes
    at once (float64x16 values, the Bessel values in Jv at 16 k), the same
    operations; sixteen lanes keep enough independent multiply-adds in
    flight to hide their latency along the series and the recurrences."""
    one = v16_splat(1.0)
    y = v16_gather(yt, small, s0 + r)
    x2 = vmul(vmul(v16_splat(0.25), y), y)
    tr = vmul(v16_splat(-0.5), v16_gather(p, small, s0 + r))
    ti = vmul(v16_splat(-0.5), v16_gather(q, small, s0 + r))
    w = v16_gather(sw, small, s0 + r)
    for j in range(2):
        t = one
        for m in range(n_hi, 0, -1):
            t = vfma(vmul(x2, v16_splat(ratio_hi[j, m])), t, one)
        v16_store(Jv, 16 * (K + j), vmul(vmul(vmul(v16_splat(2.0), w),
                                                v16_splat(inv_fact[K + j])), t))
    t = one
    for m in range(n_0, 1, -1):
        t = vfma(vmul(x2, v16_splat(ratio_0[m])), t, one)
    j0m1 = vmul(x2, t)
    hi = v16_load(Jv, 16 * (K + 1))
    cur = v16_load(Jv, 16 * K)
    for kk in range(K, 0, -1):
        nxt = vfma(v16_splat(float(kk)), cur, vmul(x2, hi))
        v16_store(Jv, 16 * (kk - 1), nxt)
        hi = cur
        cur = nxt
    v16_store(accA, r, vfma(w, j0m1 if shift == 0.0 else vadd(j0m1, one), v16_load(accA, r)))
    vr = one
    vi = v16_splat(0.0)
    kk = 1
    while kk + 1 <= K:
        a = vfma(vr, tr, vneg(vmul(vi, ti)))
        c = vfma(vi, tr, vmul(vr, ti))
        a2 = vfma(a, tr, vneg(vmul(c, ti)))
        c2 = vfma(a, ti, vmul(c, tr))
        vr = a2
        vi = c2
        o = kk * blk + r
        jk = v16_load(Jv, 16 * kk)
        jk1 = v16_load(Jv, 16 * (kk + 1))
        v16_store(accA, o, vfma(jk, a, v16_load(accA, o)))
        v16_store(accB, o, vfma(jk, c, v16_load(accB, o)))
        v16_store(accA, o + blk, vfma(jk1, a2, v16_load(accA, o + blk)))
        v16_store(accB, o + blk, vfma(jk1, c2, v16_load(accB, o + blk)))
        kk += 2
    if kk == K:
        a = vfma(vr, tr, vneg(vmul(vi, ti)))
        c = vfma(vi, tr, vmul(vr, ti))
        o = kk * blk + r
        jk = v16_load(Jv, 16 * kk)
        v16_store(accA, o, vfma(jk, a, v16_load(accA, o)))
        v16_store(accB, o, vfma(jk, c, v16_load(accB, o)))


@njit(cache=True)
def _fourier_coefficients(p, q, yt, sw, shift, small, K, n_hi, n_0, A, B):
    """Add to A, B (unnormalised) the Fourier coefficients of the residuals
    indexed by ``small``: with K harmonics,
    sum_small sw phi(-yt cos(z - b)) = A[0] + sum_k A[k] cos(kb) + B[k] sin(kb)
    up to the truncation error I_{K+1}(|yt|) / I_0(|yt|) (n_hi and n_0 are the
    lengths of the two series below; best_bias's tiers choose all three).

    Jacobi-Anger: exp(-y cos t) = I_0(y) + 2 sum_k I_k(-y) cos(kt), with the
    modified Bessel functions written I_k(x) = (x/2)^k J_k(x),
    J_k(x) = sum_m (x^2/4)^m / (m! (m+k)!), computed by the (all-positive,
    hence stable) backward recurrence J_{k-1} = k J_k + (x^2/4) J_{k+1}
    from J_K and J_{K+1} (Horner forms of their series) multiplied by 2 sw:
    the recurrence is linear, so every J_k comes out weighted.
    Then 2 I_k(-y) cos(k(z - b)) = 2 J_k Re[t^k e^{-ikb}] with
    t = -(y/2) e^{iz} = -(p + i q)/2.

    The samples go by runs of 128, the r-th of a run into lane r of 128
    per-harmonic accumulators (summed over the lanes at the end: a fixed
    order), sixteen lanes at a time in float64x16 registers (:mod:`._simd`),
    the last lanes of a run one by one; every multiply-add fused
    explicitly (``fma``), so the coefficients are the same bits on every
    CPU. These are the operations of the former loop compiled with
    ``fastmath={"contract"}`` on AVX2/AVX-512 CPUs, where LLVM fused them so
    (the committed results' machine code): tests/engine/test_kernels.py
    checks them against a plain twin of that order."""
    inv_fact, ratio_hi, ratio_0 = _fourier_tables(K, n_hi, n_0)
    blk = 128
    accA = np.zeros((K + 1) * blk)
    accB = np.zeros((K + 1) * blk)
    Jv = np.empty(16 * (K + 2))
    Js = np.empty(K + 2)
    m_idx = small.shape[0]
    for s0 in range(0, m_idx, blk):
        nb = min(blk, m_idx - s0)
        nq = nb & -16
        for r in range(0, nq, 16):
            _fourier_lanes16(small, s0, r, p, q, yt, sw, shift, K, n_hi, n_0, inv_fact, ratio_hi,
                             ratio_0, Jv, accA, accB, blk)
        for r in range(nq, nb):
            i = small[s0 + r]
            _fourier_lane(0.25 * yt[i] * yt[i], -0.5 * p[i], -0.5 * q[i], sw[i], shift, K, n_hi,
                          n_0, inv_fact, ratio_hi, ratio_0, Js, accA, accB, r, blk)
    for kk in range(K + 1):
        A[kk] += _sum(accA[kk * blk:(kk + 1) * blk])
        B[kk] += _sum(accB[kk * blk:(kk + 1) * blk])


@njit(cache=True)
def _series_terms(A, B, b):
    """(F, F', F'') of the Fourier series at b; cos(kb), sin(kb) by rotation."""
    s1, c1 = fsincos(b)
    ck = 1.0
    sk = 0.0
    f = A[0]
    g = 0.0
    h = 0.0
    for k in range(1, A.shape[0]):
        ck, sk = ck * c1 - sk * s1, sk * c1 + ck * s1
        v = A[k] * ck + B[k] * sk
        f += v
        g += k * (B[k] * ck - A[k] * sk)
        h -= k * k * v
    return f, g, h


@njit(cache=True)
def _direct_terms(p, q, sw, shift, b, n_total):
    """(F, F', F'') of (1/n_total) sum sw phi(-(p cos b + q sin b)) summed
    directly (the residuals too large for the series)."""
    sb, cb = fsincos(b)
    f = 0.0
    g = 0.0
    h = 0.0
    for i in range(p.shape[0]):
        a = p[i] * cb + q[i] * sb          # yt cos(z - b)
        s = p[i] * sb - q[i] * cb          # -yt sin(z - b)
        phi, e = fexpm1_shift(-a, shift)
        we = sw[i] * e
        f += sw[i] * phi
        g += we * s
        h += we * (s * s + a)
    return f / n_total, g / n_total, h / n_total


@njit(cache=True)
def _log_bias_terms(A, B, pl, ql, wl, b, n_total, has_series):
    """(G, G', G'') with G = ln F, for residuals so large that F overflows:
    the series part (absolute values, |yt| <= _TIER_YT[-1]) plus the large residuals,
    all scaled by exp(-M) with M the largest exponent at this b."""
    sb, cb = fsincos(b)
    mb = -np.inf
    for i in range(pl.shape[0]):
        mb = max(mb, -(pl[i] * cb + ql[i] * sb))
    M = max(mb, 0.0) if has_series else mb
    f = 0.0
    g = 0.0
    h = 0.0
    if has_series:
        fs, gs, hs = _series_terms(A, B, b)
        sc = math.exp(-M)
        f = fs * sc
        g = gs * sc
        h = hs * sc
    for i in range(pl.shape[0]):
        a = pl[i] * cb + ql[i] * sb
        s = pl[i] * sb - ql[i] * cb
        e = wl[i] * math.exp(-a - M) / n_total
        f += e
        g += e * s
        h += e * (s * s + a)
    g1 = g / f
    return math.log(f) + M, g1, h / f - g1 * g1


@njit(cache=True)
def _bias_terms(A, B, pl, ql, wl, shift, b, n_total, has_series, want_derivatives, buf):
    """(F, F', F'') of the objective over b (``shift == 0``), or of its
    logarithm (``shift > 0``: residuals large enough to overflow exp)."""
    if shift > 0.0:
        return _log_bias_terms(A, B, pl, ql, wl, b, n_total, has_series)
    if not want_derivatives:
        f = _series_terms(A, B, b)[0]
        if pl.shape[0] > 0:
            sb, cb = fsincos(b)
            m = pl.shape[0]
            for i in range(m):
                buf[i] = wl[i] * fexpm1_shift(-(pl[i] * cb + ql[i] * sb), 0.0)[0]
            f += _sum(buf[:m]) / n_total
        return f, 0.0, 0.0
    f, g, h = _series_terms(A, B, b)
    if pl.shape[0] > 0:
        f2, g2, h2 = _direct_terms(pl, ql, wl, 0.0, b, n_total)
        f += f2
        g += g2
        h += h2
    return f, g, h


@njit(cache=True)
def _tier_block(z, yt, sw, p, q, tier, s0, s1, counts):
    """p = yt cos z, q = yt sin z and each sample's tier over samples
    [s0, s1), with the number of samples of each tier (0..n_tiers) in counts."""
    c0 = 0
    c1 = 0
    c2 = 0
    c3 = 0
    c4 = 0
    c5 = 0
    zb = z[s0:s1]
    ytb = yt[s0:s1]
    swb = sw[s0:s1]
    pb = p[s0:s1]
    qb = q[s0:s1]
    tb = tier[s0:s1]
    for i in range(s1 - s0):
        s, c = fsincos_lp(zb[i])
        pb[i] = ytb[i] * c
        qb[i] = ytb[i] * s
        a = abs(ytb[i])
        j = ((a > _TIER_YT[0]) + (a > _TIER_YT[1]) + (a > _TIER_YT[2])
             + (a > _TIER_YT[3]) + (a > _TIER_YT[4]))
        j = j if swb[i] > 0.0 else -1
        tb[i] = j
        c0 += j == 0
        c1 += j == 1
        c2 += j == 2
        c3 += j == 3
        c4 += j == 4
        c5 += j == 5
    counts[0] = c0
    counts[1] = c1
    counts[2] = c2
    counts[3] = c3
    counts[4] = c4
    counts[5] = c5


@njit(cache=True)
def _compact_block(tier, s0, s1, start, idx):
    """Write the indices of samples [s0, s1) of each tier j to the flat list
    idx from position start[j] on, in sample order (a counting sort's
    scatter: one write a sample; weight-0 samples, tier -1, are left out)."""
    pos = np.empty(start.shape[0] + 1, dtype=np.int64)
    pos[:-1] = start
    skip = start.shape[0]
    for i in range(s0, s1):
        j = tier[i]
        j = j if j >= 0 else skip
        k = pos[j]
        if j < skip:
            idx[k] = i
        pos[j] = k + 1


@njit(cache=True, parallel=PARALLEL)
def best_bias(z, yt, sw, shift, p, q, buf):
    """Global minimiser over [-pi, pi] of F(b) = (1/n) sum sw exp(-yt cos(z - b)).

    F is split exactly into the residuals with |yt| <= 16, whose sum is a
    trigonometric polynomial of degree <= 35 to ~1e-14 relative (its
    coefficients come from one pass over them, :func:`_fourier_coefficients`,
    with the samples' sin z, cos z to 1e-8),
    and the few larger residuals, summed directly. F is scanned on an even
    grid fine enough for the largest residual (4 points a period of its
    highest significant harmonic, at least 128 points), then the three best
    local minima of the scan are polished by safeguarded Newton steps within
    their grid cells, and the best polished point wins.
    Returns (b, number of scan points)."""
    n = z.shape[0]
    n_tiers = _TIER_YT.shape[0]
    nb = n_blocks(n)
    # one vectorised pass a block: p, q, each sample's tier (-1: weight 0,
    # n_tiers: too large for the series) and the block's tier sizes
    tier = np.empty(n, dtype=np.int8)
    counts = np.zeros((nb + 1, n_tiers + 1), dtype=np.int64)
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        _tier_block(z, yt, sw, p, q, tier, s0, s1, counts[blk + 1])
    # offsets of each block's run in each tier's index list (prefix sums)
    for blk in range(nb):
        for j in range(n_tiers + 1):
            counts[blk + 1, j] += counts[blk, j]
    tot = counts[nb]
    # each tier's sample indices in sample order (the large residuals last),
    # in one flat list: tier j's run of block blk is idx[starts[blk, j]:ends[blk, j]]
    starts = np.empty((nb, n_tiers + 1), dtype=np.int64)
    ends = np.empty((nb, n_tiers + 1), dtype=np.int64)
    base = 0
    for j in range(n_tiers + 1):
        for blk in range(nb):
            starts[blk, j] = base + counts[blk, j]
            ends[blk, j] = base + counts[blk + 1, j]
        base += tot[j]
    idx = np.empty(base, dtype=np.int32)
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        _compact_block(tier, s0, s1, starts[blk], idx)
    n_large = tot[n_tiers]
    # the largest residual (it sets the scan's resolution): in the last tier
    # or among the large ones
    R = 0.0
    pl = np.empty(n_large)
    ql = np.empty(n_large)
    wl = np.empty(n_large)
    jl = 0
    for blk in range(nb):
        for k in range(starts[blk, n_tiers - 1], ends[blk, n_tiers - 1]):
            R = max(R, abs(yt[idx[k]]))
        for k in range(starts[blk, n_tiers], ends[blk, n_tiers]):
            i = idx[k]
            R = max(R, abs(yt[i]))
            pl[jl] = p[i]
            ql[jl] = q[i]
            wl[jl] = sw[i]
            jl += 1
    # shift > 0: absolute values of the series (combined with the large
    # residuals in the log domain by _bias_terms); else expm1 form.
    # Each block's coefficients from its runs of the tiers, in parallel, then
    # added in block order.
    AB = np.zeros((nb, 2, _N_HARM + 1))
    for blk in prange(nb):
        for j in range(n_tiers):
            a = starts[blk, j]
            b_ = ends[blk, j]
            if b_ > a:
                _fourier_coefficients(p, q, yt, sw, shift, idx[a:b_], _TIER_K[j],
                                      _TIER_NHI[j], _TIER_N0[j], AB[blk, 0], AB[blk, 1])
    A = np.zeros(_N_HARM + 1)
    B = np.zeros(_N_HARM + 1)
    for blk in range(nb):
        for k in range(_N_HARM + 1):
            A[k] += AB[blk, 0, k]
            B[k] += AB[blk, 1, k]
    c_series = 0
    for j in range(n_tiers):
        c_series += tot[j]
    for k in range(_N_HARM + 1):
        A[k] /= n
        B[k] /= n
    has_series = c_series > 0
    M = 128
    if R > _TIER_YT[3]:
        M = min(max(128, 4 * int(math.ceil(R + 3.0 * R ** (1.0 / 3.0))) + 64), 2048)
    step = 2.0 * math.pi / M
    F = np.empty(M)
    for m in range(M):
        F[m] = _bias_terms(A, B, pl, ql, wl, shift, -math.pi + m * step, n, has_series,
                           False, buf)[0]
    cand = np.empty(M, dtype=np.int64)
    nc = 0
    for m in range(M):
        if F[m] <= F[(m - 1) % M] and F[m] <= F[(m + 1) % M]:
            cand[nc] = m
            nc += 1
    if nc == 0:
        # no scan point compares (every value NaN): no phase is better than 0
        return 0.0, M
    vals = np.empty(nc)
    for j in range(nc):
        vals[j] = F[cand[j]]
    order = np.argsort(vals, kind="mergesort")
    best_b = -math.pi + cand[order[0]] * step
    best_f = vals[order[0]]
    for jj in range(min(3, nc)):
        b0 = -math.pi + cand[order[jj]] * step
        lo = b0 - step
        hi = b0 + step
        b = b0
        for _ in range(40):
            f, g, h = _bias_terms(A, B, pl, ql, wl, shift, b, n, has_series, True, buf)
            if f < best_f:
                best_f = f
                best_b = b
            if g > 0.0:
                hi = min(hi, b)
            else:
                lo = max(lo, b)
            nb = b - g / h if h > 0.0 else 0.5 * (lo + hi)
            if not (lo < nb < hi):
                nb = 0.5 * (lo + hi)
            if abs(nb - b) <= 1e-12 or hi - lo <= 1e-12:
                break
            b = nb
    best_b = best_b - 2.0 * math.pi * math.floor((best_b + math.pi) / (2.0 * math.pi))
    return best_b, M
