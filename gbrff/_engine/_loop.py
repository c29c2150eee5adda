"""The one boosting loop, for every weak learner and loss (``boost``)."""

import math

import numpy as np
from numba import njit

from ._bias import best_bias
from ._elementary import fsincos
from ._lbfgs import lbfgs
from ._learners import (LANDMARK_EXP, LANDMARK_FREE, LANDMARK_LS, OMEGA_EXP, OMEGA_LS, ls_phase,
                        rff_weights)
from ._losses import (EXPONENTIAL, _advance, _cosine_and_step, _step, criterion, loss_value,
                      residuals, unit_residuals)
from .loss_registry import LEAST_SQUARES
from ._reductions import matvec, project


@njit(cache=True)
def _early_stopping(val, best, since_best, tol):
    """Track the best validation loss: (best, iterations since it improved by tol)."""
    if val < best - tol:
        return val, 0
    return best, since_best + 1


# --------------------------------------------------------------------------
# the boosting loop, for every weak learner and loss
# --------------------------------------------------------------------------
COSINE = 0      # one cosine, learned omega, global b (GBRFF2)
LANDMARK = 1    # K cosines around a landmark, q weights (GBRFF1, random landmarks)


@njit(cache=True, nogil=True)
def boost(XT, y, sw, H, omegas, phases, qs, landmarks, alphas, train_loss,
          learner, loss, n_steps, reg_lambda, beta, learning_rate,
          XvT, yv, swv, Hv, val_loss, n_iter_no_change, tol, quantile, scale_free):
    """Run ``omegas.shape[0]`` boosting iterations (the paper's Algorithms 2
    and 3, and the preprint's Algorithm 1 for other losses).

    Each iteration computes the residuals yt of ``loss`` (EXPONENTIAL,
    LOG_LOSS, SQUARED_ERROR, HUBER) at the scores H, fits the weak learner to them
    by the loss's criterion (:func:`._losses.criterion`: the 2020 paper's
    exponential one, or the 2019 preprint's least squares), takes the loss's
    step alpha (times ``learning_rate``) and adds alpha h to H. HUBER's scale
    delta is the ``quantile`` of |y - H| at each iteration (unused by the
    other losses). ``scale_free`` (the regressors): the weak learner's fit
    does not depend on how small the residuals have become: it fits the
    residuals divided by their weighted root mean square
    (:func:`._losses.unit_residuals`), GBRFF1's landmark with a free
    amplitude (LANDMARK_FREE, line 4 of the preprint's Algorithm 1, as
    GBRFF2's least-squares omega already is) and q on the residuals oriented
    by that amplitude's sign; the step alpha is taken on the residuals
    themselves. 0: the papers' learners on the residuals as they are (the
    classifiers).

    learner COSINE (GBRFF2): omegas (T, 1, d) hold the draws
    omega ~ N(0, 2 gamma)^d on entry and the refined frequencies on exit
    (``n_steps`` L-BFGS steps with penalty ``reg_lambda``); phases[:, 0] gets
    the global b, qs[:, 0] = 1. learner LANDMARK (GBRFF1): omegas (T, K, d)
    are the draws; landmarks (T, d) hold the starting points on entry (the
    paper's origin, or training points for the random-landmark learner, run
    with n_steps = 0) and the landmarks after ``n_steps`` L-BFGS steps on
    exit; qs (T, K) get the pseudo-posterior of inverse temperature ``beta``
    (phases is not written). Least squares: GBRFF2's omega minimises the
    squared error of the best a1 cos z + a2 sin z (variable projection) and
    b = atan2(a2, a1); GBRFF1's landmark minimises the preprint's Eq. (5).
    H (n,) holds H^0 on entry and the final scores
    on exit; alphas, train_loss (T,) are written. With a non-empty
    validation set (XvT, yv, swv, Hv), val_loss is written and the loop
    stops after ``n_iter_no_change`` iterations without a decrease of the
    validation loss by more than ``tol`` (n_iter_no_change <= 0: never).
    Returns the number of iterations run."""
    d, n = XT.shape
    T, K, _ = omegas.shape
    w = np.empty(n)
    yt = np.empty(n)
    z = np.empty(n)
    p = np.empty(n)
    qb = np.empty(n)
    buf = np.empty(n)
    hbuf = np.empty(n)
    h = np.empty(n)
    nK = K if learner == LANDMARK else 0
    Cm = np.empty((nK, n))
    Sm = np.empty((nK, n))
    nv = yv.shape[0]
    zv = np.empty(nv)
    bufv = np.empty(nv)
    best_val = np.inf
    since_best = 0
    least_squares = criterion(loss) == LEAST_SQUARES
    Om0 = np.empty((0, d))
    G = np.empty(K)
    ua = np.empty(K)
    at = np.empty(K)
    a = np.empty(K)
    ytl = np.empty(n) if scale_free else yt   # what the learner fits
    tl, shift, delta = residuals(loss, y, H, sw, w, yt, quantile)
    for t in range(T):
        if scale_free:
            shift = unit_residuals(yt, sw, ytl)
        if learner == COSINE:
            omega = omegas[t, 0]
            project(XT, omega, z)
            if least_squares:
                if n_steps > 0:
                    lbfgs(OMEGA_LS, omega, z, XT, Om0, Cm, Sm, ytl, sw, 0.0, 0.0, reg_lambda,
                          n_steps, p, hbuf, buf, h, qb, False)
                b = ls_phase(z, ytl, sw, p, qb)
            else:
                b = best_bias(z, ytl, sw, shift, p, qb, buf)[0]
                if n_steps > 0:
                    # p, qb hold ytl cos z, ytl sin z from the b search
                    lbfgs(OMEGA_EXP, omega, z, XT, Om0, Cm, Sm, ytl, sw, shift, b, reg_lambda,
                          n_steps, p, hbuf, buf, h, qb, True)
            if loss == EXPONENTIAL:
                al = learning_rate * _cosine_and_step(y, w, sw, z, b, h, p, qb)
            else:
                for i in range(n):
                    h[i] = fsincos(z[i] - b)[1]
                al = learning_rate * _step(loss, y, H, w, yt, sw, h, buf, delta)
            phases[t, 0] = b
            qs[t, 0] = 1.0
        else:
            Om = np.ascontiguousarray(omegas[t])
            for j in range(K):
                project(XT, Om[j], z)
                for i in range(n):
                    s_, c_ = fsincos(z[i])
                    Cm[j, i] = c_
                    Sm[j, i] = s_
            x = landmarks[t]
            if n_steps > 0:
                matvec(Om, x, a)
                if least_squares:
                    lbfgs(LANDMARK_FREE if scale_free else LANDMARK_LS, x, a, XT, Om, Cm, Sm, ytl,
                          sw, 0.0, 0.0, 0.0, n_steps, G, ua, at, buf, hbuf, False)
                else:
                    lbfgs(LANDMARK_EXP, x, a, XT, Om, Cm, Sm, ytl, sw, shift, 0.0, 0.0, n_steps,
                          G, ua, at, buf, hbuf, False)
            matvec(Om, x, a)
            q = qs[t]
            rff_weights(Cm, Sm, a, ytl, sw, shift, beta, q, buf, least_squares, scale_free != 0)
            for i in range(n):
                h[i] = 0.0
            for j in range(K):
                s_, c_ = fsincos(a[j])
                cq = c_ * q[j]
                sq = s_ * q[j]
                Cj = Cm[j]
                Sj = Sm[j]
                for i in range(n):
                    h[i] += cq * Cj[i] + sq * Sj[i]
            al = learning_rate * _step(loss, y, H, w, yt, sw, h, buf, delta)
        alphas[t] = al
        tl, shift, delta = _advance(loss, y, sw, al, h, H, w, yt, quantile)
        train_loss[t] = tl
        if nv > 0:
            if learner == COSINE:
                project(XvT, omegas[t, 0], zv)
                b = phases[t, 0]
                for i in range(nv):
                    Hv[i] += al * fsincos(zv[i] - b)[1]
            else:
                Om = omegas[t]
                x = landmarks[t]
                q = qs[t]
                a = np.empty(K)
                matvec(np.ascontiguousarray(Om), x, a)
                for j in range(K):
                    project(XvT, Om[j], zv)
                    for i in range(nv):
                        Hv[i] += al * q[j] * fsincos(a[j] - zv[i])[1]
            val_loss[t] = loss_value(loss, yv, Hv, swv, bufv, delta)
            best_val, since_best = _early_stopping(val_loss[t], best_val, since_best, tol)
            if 0 < n_iter_no_change <= since_best:
                return t + 1
    return T
