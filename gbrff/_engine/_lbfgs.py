"""The one L-BFGS driver of every weak-learner fit (``lbfgs``) and its pieces:
scipy L-BFGS-B's stopping tests, the two-loop recursion, the backtracking
step, the curvature-pair store.

The objectives are :mod:`._learners`'s, chosen by an integer code ``kind``
(OMEGA_EXP, OMEGA_LS: GBRFF2's omega; LANDMARK_EXP, LANDMARK_LS: GBRFF1's
landmark) through :func:`._learners.objective` and :func:`._learners.trial`.
Every objective is a function of a linear map of the parameters, the
projections p = M x (omega: z = X @ omega, M the data; landmark: a = Omega @ x,
M the frequencies), so the line search moves along p + s (M @ direction)
without applying M again, and the gradient is M.T @ (df/dp) (plus the
penalty's). An integer code rather than a function argument: numba's
ahead-of-time compiler (pycc) exports no first-class functions, and a
factory of one driver per objective would compile the same code four
times; the dispatch costs a comparison an evaluation, each evaluation a
pass over the data."""

import math

import numpy as np
from numba import njit

from ._learners import (LANDMARK_EXP, OMEGA_EXP, OMEGA_LS, criterion_offset, objective,
                        omega_trial_fused, penalised, trial, trial_gives_gradient)
from ._reductions import back_project, bcurv, blas_dot, matvec, matvec_t, n_blocks, project


# Stopping rules of the L-BFGS refinements: those of scipy's L-BFGS-B with the
# settings of the authors' code (fmin_l_bfgs_b(..., maxiter=10): pgtol=1e-5,
# factr=1e7), applied to the paper's objective values.
_PGTOL = 1e-5
_FTOL = 1e7 * 2.220446049250313e-16


@njit(cache=True)
def _converged(f_old, f_new, grad, shift, offset=1.0):
    """scipy L-BFGS-B's tests on the paper's objective f_paper = f + offset.
    With shift == 0, f is f_paper - 1 (offset 1: the exponential criterion
    in expm1 form) or f_paper (offset 0: least squares); with shift > 0
    (residuals whose exp overflows), f is ln f_paper, so that a relative
    decrease of f_paper is a decrease of f and the gradient test, on a
    gradient of astronomic size, never holds."""
    if shift > 0.0:
        return math.isfinite(f_old) and f_old - f_new <= _FTOL
    gmax = 0.0
    for k in range(grad.shape[0]):
        gmax = max(gmax, abs(grad[k]))
    if gmax <= _PGTOL:
        return True
    if not math.isfinite(f_old):
        return False
    scale = max(abs(f_old + offset), abs(f_new + offset), 1.0)
    return f_old - f_new <= _FTOL * scale


@njit(cache=True)
def _lbfgs_direction(grad, S, Y, rho, n_hist, head, direction, alpha_buf):
    """Two-loop recursion: direction = -H grad with the stored pairs."""
    m = S.shape[0]
    for k in range(grad.shape[0]):
        direction[k] = -grad[k]
    # newest to oldest
    for j in range(n_hist):
        idx = (head - 1 - j) % m
        a = rho[idx] * blas_dot(S[idx], direction)
        alpha_buf[idx] = a
        for k in range(direction.shape[0]):
            direction[k] -= a * Y[idx, k]
    if n_hist > 0:
        idx = (head - 1) % m
        gamma = blas_dot(S[idx], Y[idx]) / blas_dot(Y[idx], Y[idx])
        for k in range(direction.shape[0]):
            direction[k] *= gamma
    for j in range(n_hist - 1, -1, -1):
        idx = (head - 1 - j) % m
        bcoef = rho[idx] * blas_dot(Y[idx], direction)
        for k in range(direction.shape[0]):
            direction[k] += S[idx, k] * (alpha_buf[idx] - bcoef)


@njit(cache=True)
def _descent_direction(grad, S, Y, rho, n_hist, head, direction, abuf):
    """The L-BFGS direction, or the steepest descent when it is not a descent
    direction (the history is then dropped). Returns (slope, n_hist); a slope
    that is not negative (zero or non-finite gradient) means: stop."""
    gnorm2 = blas_dot(grad, grad)
    if not (gnorm2 > 0.0) or not math.isfinite(gnorm2):
        return 0.0, n_hist
    _lbfgs_direction(grad, S, Y, rho, n_hist, head, direction, abuf)
    slope = blas_dot(grad, direction)
    if not (slope < 0.0):
        for k in range(grad.shape[0]):
            direction[k] = -grad[k]
        return -gnorm2, 0
    return slope, n_hist


@njit(cache=True)
def _backtrack(step, slope, f, ft):
    """Next trial step after a failed Armijo test: the minimiser of the
    quadratic through f, the slope and ft, kept within [0.1, 0.5] of the step."""
    denom = 2.0 * (ft - f - step * slope)
    ns = -slope * step * step / denom if denom > 0.0 else 0.5 * step
    return min(max(ns, 0.1 * step), 0.5 * step)


@njit(cache=True)
def _lbfgs_store(s_vec, y_vec, S, Y, rho, n_hist, head):
    """Store a curvature pair if s.y > 0 (relative test); returns (n_hist, head)."""
    sy = blas_dot(s_vec, y_vec)
    if sy > 1e-12 * math.sqrt(blas_dot(s_vec, s_vec) * blas_dot(y_vec, y_vec)) and sy > 0.0:
        S[head] = s_vec
        Y[head] = y_vec
        rho[head] = 1.0 / sy
        head = (head + 1) % S.shape[0]
        n_hist = min(n_hist + 1, S.shape[0])
    return n_hist, head


@njit(cache=True)
def _forward(kind, XT, Om, v, out):
    """out = M @ v: X @ v (omega) or Omega @ v (landmark)."""
    if kind < LANDMARK_EXP:
        project(XT, v, out)
    else:
        matvec(Om, v, out)


@njit(cache=True)
def _gradient(kind, XT, Om, g, lam, kappa, x, out):
    """out = M.T @ g, plus 2 lam kappa x for the penalised (omega) objectives."""
    if kind < LANDMARK_EXP:
        back_project(XT, g, out)
    else:
        matvec_t(Om, g, out)
    if penalised(kind):
        for k in range(x.shape[0]):
            out[k] += 2.0 * lam * kappa * x[k]


@njit(cache=True)
def _gradient_from_parts(parts, lam, kappa, x, out):
    """:func:`_gradient` for omega from back_project's per-block partial
    products (the same sums in the same order)."""
    d = x.shape[0]
    for k in range(d):
        out[k] = 0.0
    for b in range(parts.shape[0]):
        for k in range(d):
            out[k] += parts[b, k]
    for k in range(d):
        out[k] += 2.0 * lam * kappa * x[k]


@njit(cache=True)
def lbfgs(kind, x, p, XT, Om, C, S, yt, sw, shift, b, lam, n_steps, g, u, pt, buf, buf2,
          have_pq):
    """At most ``n_steps`` L-BFGS iterations on the weak-learner objective
    ``kind`` from x (d,), modified in place; p holds the projections M @ x
    on entry and on exit (M: X for omega, Omega for the landmark).

    Data: XT (d, n) for omega, Om (K, d) and C, S (K, n), the cos and sin of
    Omega @ X.T, for the landmark; the residuals yt, sample weights sw,
    ``shift`` (> 0: exp would overflow, see :mod:`._losses`), the phase b
    and the penalty lam of omega. Work arrays: g, u, pt of p's length
    (df/dp, M @ direction, trial projections), buf, buf2 of n. ``have_pq``
    (OMEGA_EXP): g and u hold yt cos z and yt sin z on entry.

    scipy L-BFGS-B's recursion, memory 10, with its stopping tests; Armijo
    backtracking with quadratic interpolation; the first step a unit move
    along the steepest descent, or for omega the Newton step with the
    objective's curvature along it if shorter. A trial step costs no pass
    over the data's features: an iteration costs two (M @ direction,
    M.T @ g). Returns (objective, number of evaluations)."""
    d = x.shape[0]
    m = 10
    Sh = np.zeros((m, d))
    Yh = np.zeros((m, d))
    rho = np.zeros(m)
    abuf = np.zeros(m)
    n_hist = 0
    head = 0
    p_out = p
    grad = np.empty(d)
    gnew = np.empty(d)
    direction = np.empty(d)
    xt = np.empty(d)
    offset = criterion_offset(kind)
    # pt gets the curvature of the objective along each projection (omega)
    f, kappa, has_curv = objective(kind, p, C, S, yt, sw, shift, b, lam, blas_dot(x, x), g,
                                   buf, buf2, pt, True, have_pq)
    n_eval = 1
    _gradient(kind, XT, Om, g, lam, kappa, x, grad)
    if _converged(np.inf, f, grad, shift, offset):
        return f, n_eval
    # omega with the exponential criterion: after the first step, a trial is
    # one pass over the data with the projection before it and the gradient's
    # products after it (omega_trial_fused; the same numbers)
    fusable = kind == OMEGA_EXP and shift == 0.0 and XT.shape[1] > 0
    parts_g = np.empty((n_blocks(XT.shape[1]) if fusable else 0, d))
    for it in range(n_steps):
        slope, n_hist = _descent_direction(grad, Sh, Yh, rho, n_hist, head, direction, abuf)
        if not (slope < 0.0):
            break
        step = 1.0
        first_curv = n_hist == 0 and it == 0 and has_curv
        fused = fusable and not first_curv
        if not fused:
            _forward(kind, XT, Om, direction, u)
        if n_hist == 0:
            step = 1.0 / math.sqrt(blas_dot(direction, direction))
            if first_curv:
                cv = bcurv(pt, u)
                cv += 2.0 * lam * blas_dot(direction, direction)
                if cv > 0.0 and math.isfinite(cv):
                    # never longer than scipy's first step (unit length)
                    step = min(-slope / cv, step)
        accepted = False
        ft = 0.0
        kt = 1.0
        projected = not fused
        want_g = fused and it < n_steps - 1
        for _ls in range(30):
            for k in range(d):
                xt[k] = x[k] + step * direction[k]
            if fused:
                ft = omega_trial_fused(XT, direction, p, u, step, yt, sw, b, g, pt, not projected,
                                       want_g, parts_g) + lam * blas_dot(xt, xt)
                kt = 1.0
                projected = True
            else:
                ft, kt = trial(kind, p, u, step, pt, C, S, yt, sw, shift, b, lam,
                               blas_dot(xt, xt), g, buf, buf2, it < n_steps - 1)
            n_eval += 1
            if ft <= f + 1e-4 * step * slope:
                accepted = True
                break
            step = _backtrack(step, slope, f, ft)
        if not accepted:
            # x, p, f are unchanged
            break
        p, pt = pt, p          # the trial's projections become the current ones
        x[:] = xt
        if it == n_steps - 1:
            # the gradient at the last point would only feed a next step
            f = ft
            break
        if kind >= LANDMARK_EXP and not trial_gives_gradient(kind, shift):
            # the trial skipped the gradient: evaluate it here, from the
            # outputs the accepted trial left in buf2
            objective(kind, p, C, S, yt, sw, shift, b, lam, 0.0, g, buf, buf2, pt, True, True)
        if want_g:
            _gradient_from_parts(parts_g, lam, kt, x, gnew)
        else:
            _gradient(kind, XT, Om, g, lam, kt, x, gnew)
        n_hist, head = _lbfgs_store(step * direction, gnew - grad, Sh, Yh, rho, n_hist, head)
        grad[:] = gnew
        f_old = f
        f = ft
        if _converged(f_old, f, grad, shift, offset):
            break
    if p is not p_out:
        p_out[:] = p
    return f, n_eval
