"""The weak learners' objectives: GBRFF2's omega (with its phase b) and
GBRFF1's landmark, for each criterion of :mod:`.loss_registry`, minimised by the
one L-BFGS driver of :mod:`._lbfgs` (which picks them by the code ``kind``
through :func:`objective` and :func:`trial`); GBRFF2's least-squares phase
(``ls_phase``) and GBRFF1's pseudo-posterior q (``rff_weights``).

The exponential criterion (the 2020 paper's) between the residuals ``yt``
(ỹ) and the learner's outputs h is F = (1/n) sum_i sw_i exp(-yt_i h_i),
computed as (1/n) sum sw expm1(-yt h) (F - 1, free of cancellation) or,
when exp would overflow, as ln F with the largest exponent factored out:
the same argmin. The least-squares criterion (the 2019 preprint's, loss
"squared_error") is (1/n) sum_i sw_i (yt_i - h_i)^2."""

import math

import numpy as np
from numba import njit, prange

from ._elementary import fexp, fexpm1_shift, fexpm1_shift_lp, fsincos, fsincos_lp
from ._reductions import (_BLOCK, PARALLEL, _back_project_block, _dot, _project_block,
                          _sum, block_bounds, combine, n_blocks)

# The objectives of the L-BFGS driver (``kind``): omega or the landmark, by
# the exponential criterion or least squares; LANDMARK_FREE: least squares
# with a free amplitude (the regressors').
OMEGA_EXP = 0
OMEGA_LS = 1
LANDMARK_EXP = 2
LANDMARK_LS = 3
LANDMARK_FREE = 4


@njit(cache=True, parallel=PARALLEL)
def _omega_loss_terms(z, yt, sw, shift, b, g, lbuf, curv, want_curv):
    """Data part of the omega objective at projections z; its derivative with
    respect to each z_i is written to g and, if ``want_curv``, its second
    derivative to curv. Returns the data loss. By blocks, in parallel."""
    n = z.shape[0]
    inv_n = 1.0 / n
    nb = n_blocks(n)
    parts = np.empty(nb)
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        # slices indexed from 0: numba then knows the indices are not
        # negative and vectorises the loop
        zb = z[s0:s1]
        ytb = yt[s0:s1]
        swb = sw[s0:s1]
        gb = g[s0:s1]
        lb = lbuf[s0:s1]
        if want_curv:
            cb = curv[s0:s1]
            for i in range(s1 - s0):
                s, c = fsincos(zb[i] - b)
                phi, e = fexpm1_shift(-ytb[i] * c, shift)
                lb[i] = swb[i] * phi
                we = swb[i] * ytb[i] * e * inv_n
                gb[i] = we * s
                cb[i] = we * (c + ytb[i] * s * s)
        else:
            for i in range(s1 - s0):
                s, c = fsincos(zb[i] - b)
                phi, e = fexpm1_shift(-ytb[i] * c, shift)
                lb[i] = swb[i] * phi
                gb[i] = swb[i] * ytb[i] * s * e * inv_n
        parts[blk] = _sum(lb)
    return combine(parts) / n


@njit(cache=True)
def _omega_objective(z, yt, sw, shift, b, lam, om_sq, g, lbuf, curv, want_curv):
    """The omega objective and its per-sample derivatives g.

    shift == 0: f = lam |omega|^2 + (1/n) sum sw expm1(-yt cos(z - b)), and
    d f / d omega = X.T g + 2 lam omega. shift > 0 (exp would overflow):
    f = ln(lam |omega|^2 + (1/n) sum sw exp(-yt cos(z - b))), the same argmin,
    computed with the largest exponent factored out, and
    d f / d omega = X.T g + 2 lam omega kappa. Returns (f, kappa)."""
    if shift == 0.0:
        f = _omega_loss_terms(z, yt, sw, 0.0, b, g, lbuf, curv, want_curv) + lam * om_sq
        return f, 1.0
    n = z.shape[0]
    m = -np.inf
    for i in range(n):
        s, c = fsincos(z[i] - b)
        u = -yt[i] * c
        lbuf[i] = u
        g[i] = s
        if sw[i] > 0.0 and u > m:
            m = u
    for i in range(n):
        e = math.exp(lbuf[i] - m) if sw[i] > 0.0 else 0.0
        g[i] = sw[i] * yt[i] * g[i] * e
        lbuf[i] = sw[i] * e
    D = _sum(lbuf) / n + lam * om_sq * math.exp(-m)
    inv = 1.0 / (n * D)
    for i in range(n):
        g[i] *= inv
    return m + math.log(D), math.exp(-m) / D


@njit(cache=True, parallel=PARALLEL)
def _omega_first_terms(p, q, yt, sw, b, g, lbuf, curv):
    """:func:`_omega_loss_terms` (shift 0, with curvature) at the projections
    z whose ``p = yt cos z`` and ``q = yt sin z`` the b search has computed:
    yt cos(z - b) = p cos b + q sin b and yt sin(z - b) = q cos b - p sin b,
    so no sine or cosine per sample. g may be p's array (read before written)."""
    n = p.shape[0]
    inv_n = 1.0 / n
    sb, cb = fsincos(b)
    nb = n_blocks(n)
    parts = np.empty(nb)
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        pb = p[s0:s1]
        qb = q[s0:s1]
        swb = sw[s0:s1]
        gb = g[s0:s1]
        lb = lbuf[s0:s1]
        cvb = curv[s0:s1]
        for i in range(s1 - s0):
            a = pb[i] * cb + qb[i] * sb
            s = qb[i] * cb - pb[i] * sb
            phi, e = fexpm1_shift_lp(-a, 0.0)
            lb[i] = swb[i] * phi
            we = swb[i] * e * inv_n
            gb[i] = we * s
            cvb[i] = we * (a + s * s)
        parts[blk] = _sum(lb)
    return combine(parts) / n


@njit(cache=True)
def _omega_trial(z, u, step, yt, sw, shift, b, lam, om_sq, g, zt, lbuf):
    """The omega objective at the trial projections zt = z + step * u
    (written to zt) and its per-sample derivatives g, in one pass when
    shift == 0. Returns (f, kappa) as :func:`_omega_objective`."""
    n = z.shape[0]
    if shift != 0.0:
        for i in range(n):
            zt[i] = z[i] + step * u[i]
        return _omega_objective(zt, yt, sw, shift, b, lam, om_sq, g, lbuf, lbuf, False)
    return _omega_trial_terms(z, u, step, yt, sw, b, g, zt, lbuf) + lam * om_sq, 1.0


@njit(cache=True)
def _trial_block(z, u, step, yt, sw, b, g, zt, lbuf, inv_n):
    """The trial's per-sample terms over one block (arrays sliced to it).
    Samples i and i + n // 2 go through one iteration of the loop, so that
    the vectorised loop has two independent chains of polynomial steps in
    flight (their latency, not their count, bounds it: ~10 % faster); each
    sample's numbers are the same as one at a time."""
    n = z.shape[0]
    h = n // 2
    for i in range(h):
        j = i + h
        t = z[i] + step * u[i]
        t2 = z[j] + step * u[j]
        zt[i] = t
        zt[j] = t2
        s, c = fsincos_lp(t - b)
        s2, c2 = fsincos_lp(t2 - b)
        phi, e = fexpm1_shift_lp(-yt[i] * c, 0.0)
        phi2, e2 = fexpm1_shift_lp(-yt[j] * c2, 0.0)
        lbuf[i] = sw[i] * phi
        lbuf[j] = sw[j] * phi2
        g[i] = sw[i] * yt[i] * s * e * inv_n
        g[j] = sw[j] * yt[j] * s2 * e2 * inv_n
    for i in range(2 * h, n):
        t = z[i] + step * u[i]
        zt[i] = t
        s, c = fsincos_lp(t - b)
        phi, e = fexpm1_shift_lp(-yt[i] * c, 0.0)
        lbuf[i] = sw[i] * phi
        g[i] = sw[i] * yt[i] * s * e * inv_n


@njit(cache=True, parallel=PARALLEL)
def _omega_trial_terms(z, u, step, yt, sw, b, g, zt, lbuf):
    """The data part of :func:`_omega_trial` (shift 0), by blocks in parallel."""
    n = z.shape[0]
    inv_n = 1.0 / n
    nb = n_blocks(n)
    parts = np.empty(nb)
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        _trial_block(z[s0:s1], u[s0:s1], step, yt[s0:s1], sw[s0:s1], b, g[s0:s1], zt[s0:s1],
                     lbuf[s0:s1], inv_n)
        parts[blk] = _sum(lbuf[s0:s1])
    return combine(parts) / n


@njit(cache=True, parallel=PARALLEL)
def omega_trial_fused(XT, direction, z, u, step, yt, sw, b, g, zt, with_proj, with_grad,
                      parts_g):
    """:func:`_omega_trial_terms` in one pass over the data with the products
    around it: by blocks, u = X @ direction first (``with_proj``; else u is
    given), then the trial at zt = z + step u, then (``with_grad``) each
    block's X.T g into parts_g[blk] while the block's rows of XT are still
    in cache. The same numbers as :func:`._reductions.project`, the trial and
    :func:`._reductions.back_project` one after the other (whose partial
    sums by block these are); XT is read from memory once instead of twice."""
    n = z.shape[0]
    inv_n = 1.0 / n
    nb = n_blocks(n)
    parts = np.empty(nb)
    for blk in prange(nb):
        s0, s1 = block_bounds(blk, n)
        if with_grad:
            for k in range(parts_g.shape[1]):
                parts_g[blk, k] = 0.0
        # the block's loss terms in a scratch of its own (stays in cache)
        lb = np.empty(s1 - s0)
        for c0 in range(s0, s1, _BLOCK):
            c1 = min(c0 + _BLOCK, s1)
            if with_proj:
                _project_block(XT, direction, c0, c1, u[c0:c1])
            _trial_block(z[c0:c1], u[c0:c1], step, yt[c0:c1], sw[c0:c1], b, g[c0:c1],
                         zt[c0:c1], lb[c0 - s0:c1 - s0], inv_n)
            if with_grad:
                _back_project_block(XT, c0, c1, g[c0:c1], parts_g[blk])
        parts[blk] = _sum(lb)
    return combine(parts) / n


@njit(cache=True)
def _solve_gram(gcc, gcs, gss, rc, rs):
    """(a1, a2) = G^-1 r for the 2 x 2 Gram matrix G = [[gcc, gcs], [gcs, gss]]
    (positive semi-definite); when cos z and sin z are collinear to 1e-12
    (det G <= 1e-12 gcc gss: all z equal, or one sample), the least-norm
    solution G^+ r along G's one direction. (The test is on the angle
    between the two columns, not on det / tr^2: a small omega gives z near
    0, cos z near 1 and sin z near z, independent but of unequal scales.)"""
    tr = gcc + gss
    if not (tr > 0.0):
        return 0.0, 0.0
    det = gcc * gss - gcs * gcs
    if det > 1e-12 * (gcc * gss):
        return (gss * rc - gcs * rs) / det, (gcc * rs - gcs * rc) / det
    # rank one: G = tr v v^T, v the unit row of G of the larger norm
    v1, v2 = (gcc, gcs) if gcc >= gss else (gcs, gss)
    nv = math.sqrt(v1 * v1 + v2 * v2)
    v1 /= nv
    v2 /= nv
    coef = (v1 * rc + v2 * rs) / tr
    return coef * v1, coef * v2


@njit(cache=True)
def _cosine_fit(z, yt, sw, cbuf, sbuf):
    """The weighted least-squares fit of yt by a1 cos z + a2 sin z:
    (a1, a2) = G^-1 r with G the weighted Gram matrix of (cos z, sin z) and
    r = (sum sw yt cos z, sum sw yt sin z). cbuf, sbuf get cos z, sin z."""
    gcc = 0.0
    gcs = 0.0
    gss = 0.0
    rc = 0.0
    rs = 0.0
    for i in range(z.shape[0]):
        s, c = fsincos(z[i])
        cbuf[i] = c
        sbuf[i] = s
        wc = sw[i] * c
        ws = sw[i] * s
        gcc += wc * c
        gcs += wc * s
        gss += ws * s
        rc += wc * yt[i]
        rs += ws * yt[i]
    return _solve_gram(gcc, gcs, gss, rc, rs)


@njit(cache=True)
def ls_phase(z, yt, sw, cbuf, sbuf):
    """GBRFF2's phase b for least squares: with (a1, a2) of :func:`_cosine_fit`,
    a1 cos z + a2 sin z = rho cos(z - b) for b = atan2(a2, a1), so b is the
    exact global argmin over b of min_alpha sum sw (yt - alpha cos(z - b))^2
    (alpha absorbs the sign and scale; the preprint's Eq. 8 gives it)."""
    a1, a2 = _cosine_fit(z, yt, sw, cbuf, sbuf)
    return math.atan2(a2, a1)


@njit(cache=True)
def _omega_ls(z, yt, sw, lam, om_sq, g, cbuf, sbuf, curv, want_curv):
    """The least-squares omega objective by variable projection:
    f = lam |omega|^2 + (1/n) sum sw (yt - a1 cos z - a2 sin z)^2 with
    (a1, a2) solved at these z (:func:`_cosine_fit`). By the envelope
    theorem df/dz_i = (2/n) sw (h_i - yt_i)(-a1 sin z_i + a2 cos z_i)
    (written to g; d f / d omega = X.T g + 2 lam omega), and with
    ``want_curv`` the Gauss-Newton curvature (2/n) sw (dh/dz)^2 to curv."""
    n = z.shape[0]
    a1, a2 = _cosine_fit(z, yt, sw, cbuf, sbuf)
    two_n = 2.0 / n
    for i in range(n):
        c = cbuf[i]
        s = sbuf[i]
        r = yt[i] - (a1 * c + a2 * s)
        dh = a2 * c - a1 * s
        cbuf[i] = sw[i] * r * r
        g[i] = -two_n * sw[i] * r * dh
        if want_curv:
            curv[i] = two_n * sw[i] * dh * dh
    return _sum(cbuf) / n + lam * om_sq


@njit(cache=True)
def _landmark_coefs(a, ca, sa):
    """ca, sa = cos a / K, sin a / K: the coefficients of the K cosines."""
    inv_k = 1.0 / a.shape[0]
    for j in range(a.shape[0]):
        s_, c_ = fsincos(a[j])
        ca[j] = c_ * inv_k
        sa[j] = s_ * inv_k


@njit(cache=True)
def _landmark_outputs(C, S, a, ca, sa, hbuf):
    """h_i = (1/K) sum_j cos(a_j - Z_ji) = sum_j ca_j C_ji + sa_j S_ji into
    hbuf, with ca, sa = cos a / K, sin a / K (written)."""
    K, n = C.shape
    _landmark_coefs(a, ca, sa)
    for i in range(n):
        hbuf[i] = 0.0
    for j in range(K):
        cj = ca[j]
        sj = sa[j]
        Cj = C[j]
        Sj = S[j]
        for i in range(n):
            hbuf[i] += cj * Cj[i] + sj * Sj[i]


@njit(cache=True)
def _landmark_gradient(C, S, ca, sa, buf, G):
    """G_j = sum_i buf_i sin(a_j - Z_ji) / K: d f / d a_j for an objective
    whose derivative in h_i is -buf_i (d/da_j cos(a_j - Z) = -sin(a_j - Z),
    sin(a_j - Z) = sin a_j C - cos a_j S)."""
    for j in range(C.shape[0]):
        G[j] = sa[j] * _dot(buf, C[j]) - ca[j] * _dot(buf, S[j])


@njit(cache=True)
def _landmark_terms(C, S, a, yt, sw, shift, want_grad, G, buf, hbuf, have_h=False):
    """Landmark objective through a = Omega @ x (K,):
    f = (1/n) sum sw expm1(-yt (1/K) sum_j cos(a_j - Z_ji)) (shift == 0) or
    the log of (1/n) sum sw exp(...) (shift > 0, exp would overflow), with
    cos(a_j - Z_ji) = cos a_j C_ji + sin a_j S_ji; G_j = df/da_j.
    ``have_h``: hbuf already holds the outputs at a (the accepted trial's)."""
    K, n = C.shape
    ca = np.empty(K)
    sa = np.empty(K)
    if have_h:
        _landmark_coefs(a, ca, sa)
    else:
        _landmark_outputs(C, S, a, ca, sa, hbuf)
    if shift == 0.0:
        if want_grad:
            # one pass: the loss terms to buf and, over the outputs in hbuf,
            # the gradient's weights sw yt exp(-yt h) / n (the e of the same
            # expm1: fexp's bits, as |yt h| <= 600 here keeps 2^k expm1(r)
            # normal); hbuf then holds the weights, not the outputs
            scale = 1.0 / n
            for i in range(n):
                phi, e = fexpm1_shift(-yt[i] * hbuf[i], 0.0)
                buf[i] = sw[i] * phi
                hbuf[i] = sw[i] * yt[i] * e * scale if sw[i] > 0.0 else 0.0
            _landmark_gradient(C, S, ca, sa, hbuf, G)
        else:
            for i in range(n):
                buf[i] = sw[i] * fexpm1_shift(-yt[i] * hbuf[i], 0.0)[0]
        return _sum(buf) / n
    # exp would overflow: f is the log of the paper's objective (same argmin)
    mx = -np.inf
    for i in range(n):
        if sw[i] > 0.0:
            mx = max(mx, -yt[i] * hbuf[i])
    for i in range(n):
        buf[i] = sw[i] * math.exp(-yt[i] * hbuf[i] - mx) if sw[i] > 0.0 else 0.0
    D = _sum(buf) / n
    f = mx + math.log(D)
    if want_grad:
        scale = 1.0 / (n * D)
        for i in range(n):
            buf[i] = sw[i] * yt[i] * fexp(-yt[i] * hbuf[i] - mx) * scale if sw[i] > 0.0 else 0.0
        _landmark_gradient(C, S, ca, sa, buf, G)
    return f


@njit(cache=True)
def _landmark_ls(C, S, a, yt, sw, want_grad, G, buf, hbuf, have_h=False, free=False):
    """The preprint's Eq. (5) through a = Omega @ x (K,):
    f = (1/n) sum sw (yt - (1/K) sum_j cos(a_j - Z_ji))^2, and with
    ``want_grad`` G_j = df/da_j (d f / d x = Omega.T G: its Eq. 6, weighted).
    ``have_h``: hbuf already holds the outputs at a.

    ``free`` (LANDMARK_FREE): the amplitude of h is free, as in line 4 of the
    preprint's Algorithm 1 (the weak learner and its weight fitted jointly):
    f = (1/n) sum sw (yt - c h)^2 with c = sum sw yt h / sum sw h^2 solved at
    each landmark (variable projection, as GBRFF2's least-squares omega), so
    that a landmark of negative residuals fits as well as one of positive
    residuals; by the envelope theorem df/dh_i = -(2/n) sw (yt_i - c h_i) c."""
    K, n = C.shape
    ca = np.empty(K)
    sa = np.empty(K)
    if have_h:
        _landmark_coefs(a, ca, sa)
    else:
        _landmark_outputs(C, S, a, ca, sa, hbuf)
    c = 1.0
    if free:
        num = 0.0
        den = 0.0
        for i in range(n):
            num += sw[i] * yt[i] * hbuf[i]
            den += sw[i] * hbuf[i] * hbuf[i]
        c = num / den if den > 0.0 else 0.0
    for i in range(n):
        r = yt[i] - c * hbuf[i]
        buf[i] = sw[i] * r * r
    f = _sum(buf) / n
    if want_grad:
        two_n = 2.0 / n
        for i in range(n):
            buf[i] = two_n * sw[i] * (yt[i] - c * hbuf[i]) * c
        _landmark_gradient(C, S, ca, sa, buf, G)
    return f


# --------------------------------------------------------------------------
# the objectives by code, for the L-BFGS driver
# --------------------------------------------------------------------------
@njit(cache=True)
def penalised(kind):
    """Whether the objective carries the penalty lam |x|^2 (omega's)."""
    return kind == OMEGA_EXP or kind == OMEGA_LS


@njit(cache=True)
def criterion_offset(kind):
    """f_criterion - f as computed: 1 for the exponential criterion (f is
    F - 1), 0 for least squares (the stopping test's scale)."""
    return 1.0 if kind == OMEGA_EXP or kind == LANDMARK_EXP else 0.0


@njit(cache=True)
def objective(kind, p, C, S, yt, sw, shift, b, lam, om_sq, g, buf, buf2, curv, want_grad,
              have_pq):
    """The objective ``kind`` at the projections p (z = X @ omega, or
    a = Omega @ x), its derivatives in p to g (omega: always; landmark: with
    ``want_grad``) and, for omega, its curvature along each projection to
    curv. ``have_pq``: for OMEGA_EXP, g and buf2 hold yt cos z and yt sin z
    (the b search's); for the landmark, buf2 holds the outputs h at p (the
    accepted trial's). Returns (f, kappa, curvature written): the gradient
    is M.T g + 2 lam kappa x (see :func:`._lbfgs.lbfgs`)."""
    if kind == OMEGA_EXP:
        if have_pq and shift == 0.0:
            f = _omega_first_terms(g, buf2, yt, sw, b, g, buf, curv) + lam * om_sq
            return f, 1.0, True
        f, kappa = _omega_objective(p, yt, sw, shift, b, lam, om_sq, g, buf, curv, shift == 0.0)
        return f, kappa, shift == 0.0
    if kind == OMEGA_LS:
        return _omega_ls(p, yt, sw, lam, om_sq, g, buf, buf2, curv, True), 1.0, True
    if kind == LANDMARK_EXP:
        return (_landmark_terms(C, S, p, yt, sw, shift, want_grad, g, buf, buf2, have_pq),
                1.0, False)
    return (_landmark_ls(C, S, p, yt, sw, want_grad, g, buf, buf2, have_pq, kind == LANDMARK_FREE),
            1.0, False)


@njit(cache=True)
def trial_gives_gradient(kind, shift):
    """Whether :func:`trial` asked for it leaves the landmark's df/da in g
    (the exponential criterion without shift: one pass gives the loss and the
    gradient's weights); otherwise the gradient of an accepted landmark trial
    is evaluated from the outputs it left in buf2."""
    return kind == LANDMARK_EXP and shift == 0.0


@njit(cache=True)
def trial(kind, p, u, step, pt, C, S, yt, sw, shift, b, lam, om_sq, g, buf, buf2, want_grad):
    """The objective ``kind`` at the trial projections pt = p + step u
    (written), with its derivatives to g for omega, and for the landmark when
    ``want_grad`` and :func:`trial_gives_gradient`. Returns (f, kappa)."""
    if kind == OMEGA_EXP:
        return _omega_trial(p, u, step, yt, sw, shift, b, lam, om_sq, g, pt, buf)
    for i in range(p.shape[0]):
        pt[i] = p[i] + step * u[i]
    if kind == OMEGA_LS:
        return _omega_ls(pt, yt, sw, lam, om_sq, g, buf, buf2, buf, False), 1.0
    if kind == LANDMARK_EXP:
        return _landmark_terms(C, S, pt, yt, sw, shift,
                               want_grad and trial_gives_gradient(kind, shift), g, buf,
                               buf2), 1.0
    return _landmark_ls(C, S, pt, yt, sw, False, g, buf, buf2, False, kind == LANDMARK_FREE), 1.0


@njit(cache=True)
def rff_weights(C, S, a, yt, sw, shift, beta, q, buf, least_squares, free=False):
    """GBRFF1's pseudo-posterior q over the K cosines around the landmark,
    a softmax (it never overflows): q_j proportional to exp(-beta sqrt(n) L_j),
    n the samples of positive weight, with L_j the criterion of the single
    cosine h = cos(a_j - Z_j.):

    - exponential (the 2020 paper's Eq. 10): L_j = (1/n) sum_i sw exp(-yt_i h_i)
      (with residuals whose exp overflows, the losses are compared by their logs);
    - ``least_squares`` (the 2019 preprint's Eq. 7, whose printed second
      equality drops the minus sign of the first): L_j = (1/n) sum sw (yt - h)^2;
      beta sqrt(n) plays the preprint's c;
    - ``free`` (the regressors', whose landmark was fitted with a free
      amplitude c, LANDMARK_FREE): Eq. 7 on the residuals oriented by the
      sign of c, L_j = (1/n) sum sw (sign(c) yt - h)^2 with
      sign(c) = sign(sum sw yt (1/K) sum_j cos(a_j - Z_j.)), so that the
      cosines that agree with the landmark's fit weigh most, whichever the
      sign of the residuals there."""
    K, n = C.shape
    L = np.empty(K)
    orient = 1.0
    if free:
        ca = np.empty(K)
        sa = np.empty(K)
        _landmark_outputs(C, S, a, ca, sa, buf)
        corr = 0.0
        for i in range(n):
            corr += sw[i] * yt[i] * buf[i]
        orient = -1.0 if corr < 0.0 else 1.0
    for j in range(K):
        s_, c_ = fsincos(a[j])
        Cj = C[j]
        Sj = S[j]
        if least_squares:
            for i in range(n):
                r = orient * yt[i] - (c_ * Cj[i] + s_ * Sj[i])
                buf[i] = sw[i] * r * r
            L[j] = _sum(buf) / n
        elif shift > 0.0:
            mx = -np.inf
            for i in range(n):
                if sw[i] > 0.0:
                    mx = max(mx, -yt[i] * (c_ * Cj[i] + s_ * Sj[i]))
            for i in range(n):
                u = -yt[i] * (c_ * Cj[i] + s_ * Sj[i])
                buf[i] = sw[i] * math.exp(u - mx) if sw[i] > 0.0 else 0.0
            L[j] = mx + math.log(_sum(buf) / n)           # ln of the loss
        else:
            for i in range(n):
                buf[i] = sw[i] * fexpm1_shift(-yt[i] * (c_ * Cj[i] + s_ * Sj[i]), 0.0)[0]
            L[j] = _sum(buf) / n                          # loss - 1
    lmin = L.min()
    n_pos = 0                 # the paper's n: samples with a positive weight
    for i in range(n):
        if sw[i] > 0.0:
            n_pos += 1
    tot = 0.0
    log_domain = shift > 0.0 and not least_squares
    for j in range(K):
        diff = L[j] - lmin
        if diff <= 0.0:
            e = 0.0
        elif log_domain:
            # beta sqrt(n) (loss_j - loss_min) = beta sqrt(n) loss_min expm1(diff)
            le = math.log(beta * math.sqrt(n_pos)) + lmin + math.log(math.expm1(diff)) if beta > 0.0 else -np.inf
            e = math.exp(min(le, 700.0))
        else:
            e = beta * math.sqrt(n_pos) * diff
        q[j] = math.exp(-e)
        tot += q[j]
    for j in range(K):
        q[j] /= tot
