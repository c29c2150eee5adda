"""The weak learners' fits: GBRFF2's refinement of omega (``refine_omega``)
and GBRFF1's landmark descent (``landmark_descent``), both by the L-BFGS of
:mod:`._lbfgs`, and GBRFF1's pseudo-posterior q (``rff_weights``).

The objective of every weak-learner search is the paper's criterion between
the residuals ``yt`` (ỹ) and the learner's outputs h,
F = (1/n) sum_i sw_i exp(-yt_i h_i), computed as (1/n) sum sw expm1(-yt h)
(F - 1, free of cancellation) or, when exp would overflow, as ln F with the
largest exponent factored out: the same argmin."""

import math

import numpy as np
from numba import njit

from ._elementary import fexp, fexpm1_shift, fexpm1_shift_lp, fsincos, fsincos_lp
from ._lbfgs import _backtrack, _converged, _descent_direction, _lbfgs_store
from ._reductions import _dot, _sum, back_project, blas_dot, matvec, matvec_t, project


@njit(cache=True)
def _omega_loss_terms(z, yt, sw, shift, b, g, lbuf, curv, want_curv):
    """Data part of the omega objective at projections z; its derivative with
    respect to each z_i is written to g and, if ``want_curv``, its second
    derivative to curv. Returns the data loss."""
    n = z.shape[0]
    inv_n = 1.0 / n
    if want_curv:
        for i in range(n):
            s, c = fsincos(z[i] - b)
            phi, e = fexpm1_shift(-yt[i] * c, shift)
            lbuf[i] = sw[i] * phi
            we = sw[i] * yt[i] * e * inv_n
            g[i] = we * s
            curv[i] = we * (c + yt[i] * s * s)
    else:
        for i in range(n):
            s, c = fsincos(z[i] - b)
            phi, e = fexpm1_shift(-yt[i] * c, shift)
            lbuf[i] = sw[i] * phi
            g[i] = sw[i] * yt[i] * s * e * inv_n
    return _sum(lbuf) / n


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


@njit(cache=True)
def _omega_first_terms(p, q, yt, sw, b, g, lbuf, curv):
    """:func:`_omega_loss_terms` (shift 0, with curvature) at the projections
    z whose ``p = yt cos z`` and ``q = yt sin z`` the b search has computed:
    yt cos(z - b) = p cos b + q sin b and yt sin(z - b) = q cos b - p sin b,
    so no sine or cosine per sample. g may be p's array (read before written)."""
    n = p.shape[0]
    inv_n = 1.0 / n
    sb, cb = fsincos(b)
    for i in range(n):
        a = p[i] * cb + q[i] * sb
        s = q[i] * cb - p[i] * sb
        phi, e = fexpm1_shift_lp(-a, 0.0)
        lbuf[i] = sw[i] * phi
        we = sw[i] * e * inv_n
        g[i] = we * s
        curv[i] = we * (a + s * s)
    return _sum(lbuf) / n


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
    inv_n = 1.0 / n
    for i in range(n):
        t = z[i] + step * u[i]
        zt[i] = t
        s, c = fsincos_lp(t - b)
        phi, e = fexpm1_shift_lp(-yt[i] * c, 0.0)
        lbuf[i] = sw[i] * phi
        g[i] = sw[i] * yt[i] * s * e * inv_n
    return _sum(lbuf) / n + lam * om_sq, 1.0


@njit(cache=True)
def refine_omega(XT, yt, sw, shift, b, lam, omega, z, n_steps, work_n, work_n2, work_n3, work_n4,
                 have_pq=False):
    """Minimise lam ||omega||^2 + (1/n) sum sw exp(-yt cos(omega.x - b)) over
    omega with at most ``n_steps`` L-BFGS iterations from the given omega
    (modified in place). ``z`` holds X @ omega on entry and on exit.

    The line search moves along z + s * (X @ direction), so a trial step costs
    no pass over X; an iteration costs two (X @ direction and X.T @ g), each
    at the arithmetic peak of the machine. ``have_pq``: work_n and work_n2 hold yt cos z and
    yt sin z on entry (the b search's), which spares the first evaluation
    its sines and cosines. Returns (objective, number of evaluations)."""
    d = omega.shape[0]
    m = 10
    S = np.zeros((m, d))
    Y = np.zeros((m, d))
    rho = np.zeros(m)
    abuf = np.zeros(m)
    n_hist = 0
    head = 0
    g_i = work_n          # per-sample derivative at the current point
    u = work_n2           # X @ direction
    zt = work_n3          # trial projections
    lbuf = work_n4        # loss terms
    z_out = z
    grad = np.empty(d)
    gnew = np.empty(d)
    direction = np.empty(d)
    otrial = np.empty(d)
    # the first step is a Newton step along the steepest descent, with the
    # curvature of the objective along it (one extra reduction, no extra pass
    # over X), capped at scipy's first step (a move of unit length); later
    # steps are L-BFGS's unit steps
    if have_pq and shift == 0.0:
        f = _omega_first_terms(g_i, u, yt, sw, b, g_i, lbuf, zt) + lam * blas_dot(omega, omega)
        kappa = 1.0
    else:
        f, kappa = _omega_objective(z, yt, sw, shift, b, lam, blas_dot(omega, omega), g_i, lbuf,
                                    zt, shift == 0.0)
    n_eval = 1
    back_project(XT, g_i, grad)
    for k in range(d):
        grad[k] += 2.0 * lam * kappa * omega[k]
    if _converged(np.inf, f, grad, shift):
        return f, n_eval
    for it in range(n_steps):
        slope, n_hist = _descent_direction(grad, S, Y, rho, n_hist, head, direction, abuf)
        if not (slope < 0.0):
            break
        have_u = False
        step = 1.0
        if n_hist == 0:
            step = 1.0 / math.sqrt(blas_dot(direction, direction))
            if it == 0 and shift == 0.0:
                project(XT, direction, u)
                have_u = True
                cv = 0.0
                for i in range(u.shape[0]):
                    cv += zt[i] * u[i] * u[i]
                cv += 2.0 * lam * blas_dot(direction, direction)
                if cv > 0.0 and math.isfinite(cv):
                    # never longer than scipy's first step (unit length)
                    step = min(-slope / cv, step)
        accepted = False
        ft = 0.0
        kt = 1.0
        for _ls in range(30):
            for k in range(d):
                otrial[k] = omega[k] + step * direction[k]
            if not have_u:
                project(XT, direction, u)
            ft, kt = _omega_trial(z, u, step, yt, sw, shift, b, lam, blas_dot(otrial, otrial),
                                  g_i, zt, lbuf)
            have_u = True
            n_eval += 1
            if ft <= f + 1e-4 * step * slope:
                accepted = True
                break
            step = _backtrack(step, slope, f, ft)
        if not accepted:
            # z, omega, f are unchanged
            break
        z, zt = zt, z          # the trial's projections become the current ones
        omega[:] = otrial
        if it == n_steps - 1:
            # the gradient at the last point would only feed a next step
            f = ft
            break
        back_project(XT, g_i, gnew)
        for k in range(d):
            gnew[k] += 2.0 * lam * kt * omega[k]
        n_hist, head = _lbfgs_store(step * direction, gnew - grad, S, Y, rho, n_hist, head)
        grad[:] = gnew
        f_old = f
        f = ft
        if _converged(f_old, f, grad, shift):
            break
    if z is not z_out:
        z_out[:] = z
    return f, n_eval


@njit(cache=True)
def _landmark_terms(C, S, a, yt, sw, shift, want_grad, G, buf, hbuf):
    """Landmark objective through a = Omega @ x (K,):
    f = (1/n) sum sw expm1(-yt (1/K) sum_j cos(a_j - Z_ji)) (shift == 0) or
    the log of (1/n) sum sw exp(...) (shift > 0, exp would overflow), with
    cos(a_j - Z_ji) = cos a_j C_ji + sin a_j S_ji; G_j = df/da_j."""
    K, n = C.shape
    inv_k = 1.0 / K
    ca = np.empty(K)
    sa = np.empty(K)
    for j in range(K):
        s_, c_ = fsincos(a[j])
        ca[j] = c_ * inv_k
        sa[j] = s_ * inv_k
    for i in range(n):
        hbuf[i] = 0.0
    for j in range(K):
        cj = ca[j]
        sj = sa[j]
        Cj = C[j]
        Sj = S[j]
        for i in range(n):
            hbuf[i] += cj * Cj[i] + sj * Sj[i]
    if shift > 0.0:
        # exp would overflow: f is the log of the paper's objective (same argmin)
        mx = -np.inf
        for i in range(n):
            if sw[i] > 0.0:
                mx = max(mx, -yt[i] * hbuf[i])
        for i in range(n):
            buf[i] = sw[i] * math.exp(-yt[i] * hbuf[i] - mx) if sw[i] > 0.0 else 0.0
        D = _sum(buf) / n
        f = mx + math.log(D)
        scale = 1.0 / (n * D)
    else:
        for i in range(n):
            buf[i] = sw[i] * fexpm1_shift(-yt[i] * hbuf[i], 0.0)[0]
        f = _sum(buf) / n
        mx = 0.0
        scale = 1.0 / n
    if want_grad:
        for i in range(n):
            buf[i] = sw[i] * yt[i] * fexp(-yt[i] * hbuf[i] - mx) * scale if sw[i] > 0.0 else 0.0
        # d/da_j of -yt (1/K) cos(a_j - Z) = yt (1/K) sin(a_j - Z)
        # sin(a_j - Z) = sin a_j C - cos a_j S
        for j in range(K):
            G[j] = sa[j] * _dot(buf, C[j]) - ca[j] * _dot(buf, S[j])
    return f


@njit(cache=True)
def landmark_descent(C, S, Om, yt, sw, shift, n_steps, x, buf, hbuf):
    """At most ``n_steps`` L-BFGS iterations on the landmark x (d,) from its
    given value (the paper starts at the origin), minimising the GBRFF1
    landmark objective. Om (K, d) are the frequencies."""
    K, d = Om.shape
    m = 10
    Sm = np.zeros((m, d))
    Ym = np.zeros((m, d))
    rho = np.zeros(m)
    abuf = np.zeros(m)
    n_hist = 0
    head = 0
    a = np.empty(K)
    matvec(Om, x, a)
    G = np.empty(K)
    f = _landmark_terms(C, S, a, yt, sw, shift, True, G, buf, hbuf)
    grad = np.empty(d)
    matvec_t(Om, G, grad)
    gnew = np.empty(d)
    ua = np.empty(K)
    direction = np.empty(d)
    at = np.empty(K)
    if _converged(np.inf, f, grad, shift):
        return f
    for it in range(n_steps):
        slope, n_hist = _descent_direction(grad, Sm, Ym, rho, n_hist, head, direction, abuf)
        if not (slope < 0.0):
            break
        step = 1.0
        if n_hist == 0:
            step = 1.0 / math.sqrt(blas_dot(direction, direction))
        matvec(Om, direction, ua)
        accepted = False
        ft = 0.0
        for _ls in range(30):
            for j in range(K):
                at[j] = a[j] + step * ua[j]
            ft = _landmark_terms(C, S, at, yt, sw, shift, False, G, buf, hbuf)
            if ft <= f + 1e-4 * step * slope:
                accepted = True
                break
            step = _backtrack(step, slope, f, ft)
        if not accepted:
            break
        for k in range(d):
            x[k] += step * direction[k]
        a[:] = at
        f_old = f
        f = _landmark_terms(C, S, a, yt, sw, shift, True, G, buf, hbuf)
        matvec_t(Om, G, gnew)
        n_hist, head = _lbfgs_store(step * direction, gnew - grad, Sm, Ym, rho, n_hist, head)
        grad, gnew = gnew, grad
        if _converged(f_old, f, grad, shift):
            break
    return f


@njit(cache=True)
def rff_weights(C, S, a, yt, sw, shift, beta, q, buf):
    """The paper's Eq. (10): q_j proportional to
    exp(-beta sqrt(n) (1/n) sum_i exp(-yt_i cos(a_j - Z_ji))), normalised
    to sum to one (computed as a softmax, so it never overflows; with
    residuals whose exp overflows, the losses are compared by their logs)."""
    K, n = C.shape
    L = np.empty(K)
    for j in range(K):
        s_, c_ = fsincos(a[j])
        Cj = C[j]
        Sj = S[j]
        if shift > 0.0:
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
    for j in range(K):
        diff = L[j] - lmin
        if diff <= 0.0:
            e = 0.0
        elif shift > 0.0:
            # beta sqrt(n) (loss_j - loss_min) = beta sqrt(n) loss_min expm1(diff)
            le = math.log(beta * math.sqrt(n_pos)) + lmin + math.log(math.expm1(diff)) if beta > 0.0 else -np.inf
            e = math.exp(min(le, 700.0))
        else:
            e = beta * math.sqrt(n_pos) * diff
        q[j] = math.exp(-e)
        tot += q[j]
    for j in range(K):
        q[j] /= tot
