"""The L-BFGS pieces shared by the omega refinement and the landmark descent:
scipy L-BFGS-B's stopping tests, the two-loop recursion, the backtracking
step, the curvature-pair store."""

import math

import numpy as np
from numba import njit

from ._reductions import blas_dot


# Stopping rules of the L-BFGS refinements: those of scipy's L-BFGS-B with the
# settings of the authors' code (fmin_l_bfgs_b(..., maxiter=10): pgtol=1e-5,
# factr=1e7), applied to the paper's objective values.
_PGTOL = 1e-5
_FTOL = 1e7 * 2.220446049250313e-16


@njit(cache=True)
def _converged(f_old, f_new, grad, shift):
    """scipy L-BFGS-B's tests on the paper's objective. With shift == 0, f is
    f_paper - 1; with shift > 0 (residuals whose exp overflows), f is
    ln f_paper, so that a relative decrease of f_paper is a decrease of f
    and the gradient test, on a gradient of astronomic size, never holds."""
    if shift > 0.0:
        return math.isfinite(f_old) and f_old - f_new <= _FTOL
    gmax = 0.0
    for k in range(grad.shape[0]):
        gmax = max(gmax, abs(grad[k]))
    if gmax <= _PGTOL:
        return True
    if not math.isfinite(f_old):
        return False
    scale = max(abs(f_old + 1.0), abs(f_new + 1.0), 1.0)
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
