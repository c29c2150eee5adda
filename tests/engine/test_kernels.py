"""Kernels against plain numpy: elementary functions, the global b search,
gradients against finite differences."""

from fractions import Fraction

import numpy as np
import pytest

from gbrff._engine import _bias, _elementary, _learners, _loop, _losses, _reductions
from tests import _reference as ref


# arguments of the elementary-function tests: exp's whole range, tiny values,
# the reduction's boundaries; sin/cos far out and near 0
_EXP_ARGS = np.concatenate([np.linspace(-700, 700, 20001), np.logspace(-300, 0, 500),
                            -np.logspace(-300, 0, 500), [0.0, -0.5, 0.5, 0.3465, -0.3466]])
_TRIG_ARGS = np.concatenate([np.linspace(-2e4, 2e4, 200001), np.linspace(-7, 7, 10001)])


def test_fast_exp_expm1_sincos_against_numpy():
    x = _EXP_ARGS
    out = np.empty_like(x)
    _elementary.vexp(x, out)
    np.testing.assert_allclose(out, np.exp(x), rtol=5e-16, atol=0)
    _elementary.vexpm1(x, out)
    np.testing.assert_allclose(out, np.expm1(x), rtol=5e-16, atol=0)
    z = _TRIG_ARGS
    s = np.empty_like(z)
    c = np.empty_like(z)
    _elementary.vsincos(z, s, c)
    np.testing.assert_allclose(s, np.sin(z), rtol=0, atol=2e-15)
    np.testing.assert_allclose(c, np.cos(z), rtol=0, atol=2e-15)
    # exp never overflows nor returns a denormal: clamped
    _elementary.vexp(np.array([800.0, -800.0]), out[:2])
    assert np.all(np.isfinite(out[:2])) and out[1] > 0


def test_low_precision_sincos_expm1_against_numpy():
    # the line search's functions: float64 reduction and leading terms,
    # float32 corrections; errors far below the 1e-6 the engine is held to
    z = _TRIG_ARGS
    s = np.empty_like(z)
    c = np.empty_like(z)
    _elementary.vsincos_lp(z, s, c)
    np.testing.assert_allclose(s, np.sin(z), rtol=0, atol=2e-8)
    np.testing.assert_allclose(c, np.cos(z), rtol=0, atol=2e-8)
    x = _EXP_ARGS
    out = np.empty_like(x)
    _elementary.vexpm1_lp(x, out)
    np.testing.assert_allclose(out, np.expm1(x), rtol=3e-9, atol=0)


def test_sincos_stay_within_one_far_beyond_their_range():
    # beyond |x| ~ 1e15 the reduction by pi/2 fails (r grows with |x|) and
    # the polynomials gave values of 1e28 and more; the weak learners' h =
    # cos(z - b) must lie in [-1, 1] for the steps alpha. Within the range the
    # bound changes no bit (the tests above and the engines' comparison)
    x = np.concatenate([np.logspace(5, 300, 2000), -np.logspace(5, 300, 2000)])
    s = np.empty_like(x)
    c = np.empty_like(x)
    _elementary.vsincos(x, s, c)
    assert np.all(np.abs(s) <= 1.0) and np.all(np.abs(c) <= 1.0)


def test_b_search_with_no_comparable_scan_point_returns_a_phase():
    # every residual NaN: no local minimum on the scan; a phase, not a crash
    n = 50
    z = np.linspace(-3, 3, n)
    yt = np.full(n, np.nan)
    b, _ = _bias.best_bias(z, yt, np.ones(n), 0.0, np.empty(n), np.empty(n), np.empty(n))
    assert b == 0.0


def test_first_evaluation_from_the_b_search_sums():
    # the refinement's first evaluation through p = yt cos z, q = yt sin z
    # equals the direct one (loss, derivatives, curvature)
    rng = np.random.default_rng(1)
    n = 500
    z = rng.uniform(-20, 20, n)
    yt = rng.standard_normal(n) * 2
    sw = rng.uniform(0.2, 2.0, n)
    b = -1.3
    g, lb, cv = np.empty(n), np.empty(n), np.empty(n)
    f = _learners._omega_loss_terms(z, yt, sw, 0.0, b, g, lb, cv, True)
    p, q = yt * np.cos(z), yt * np.sin(z)
    g2, lb2, cv2 = p.copy(), np.empty(n), np.empty(n)
    f2 = _learners._omega_first_terms(p, q, yt, sw, b, g2, lb2, cv2)   # g may be p's array
    assert f2 == pytest.approx(f, rel=1e-9)
    np.testing.assert_allclose(g2, g, rtol=1e-8, atol=1e-14)
    np.testing.assert_allclose(cv2, cv, rtol=1e-8, atol=1e-14)


def test_trial_evaluation_matches_the_objective():
    rng = np.random.default_rng(2)
    n = 400
    z, u = rng.standard_normal(n) * 3, rng.standard_normal(n)
    yt = rng.standard_normal(n)
    sw = rng.uniform(0.5, 1.5, n)
    g, zt, lb = np.empty(n), np.empty(n), np.empty(n)
    ft, kt = _learners._omega_trial(z, u, 0.37, yt, sw, 0.0, 0.4, 0.1, 2.0, g, zt, lb)
    np.testing.assert_array_equal(zt, z + 0.37 * u)
    g2, lb2 = np.empty(n), np.empty(n)
    f, k = _learners._omega_objective(z + 0.37 * u, yt, sw, 0.0, 0.4, 0.1, 2.0, g2, lb2, lb2, False)
    assert (ft, kt) == (pytest.approx(f, rel=1e-9), k)
    np.testing.assert_allclose(g, g2, rtol=1e-7, atol=1e-12)


@pytest.mark.parametrize("tier", range(len(_bias._TIER_YT)))
def test_fourier_series_of_each_tier_equals_the_direct_sum(tier):
    # each tier's truncated Jacobi-Anger series, up to the tier's largest |yt|,
    # is the direct sum of sw expm1(-yt cos(z - b)) to ~1e-14 of its scale
    rng = np.random.default_rng(10 + tier)
    n = 300
    lo = 0.0 if tier == 0 else _bias._TIER_YT[tier - 1]
    hi = _bias._TIER_YT[tier]
    yt = rng.uniform(lo, hi, n) * rng.choice([-1.0, 1.0], n)
    yt[:2] = [hi, -hi]
    z = rng.uniform(-30, 30, n)
    sw = rng.uniform(0.2, 2.0, n)
    A = np.zeros(_bias._N_HARM + 1)
    B = np.zeros(_bias._N_HARM + 1)
    _bias._fourier_coefficients(
        yt * np.cos(z), yt * np.sin(z), yt, sw, 0.0, np.arange(n), _bias._TIER_K[tier],
        _bias._TIER_NHI[tier], _bias._TIER_N0[tier], A, B)
    scale = np.sum(sw * np.exp(np.abs(yt)))
    for b in np.linspace(-np.pi, np.pi, 37):
        direct = np.sum(sw * np.expm1(-yt * np.cos(z - b)))
        assert abs(_bias._series_terms(A, B, b)[0] - direct) <= 1e-13 * scale, (tier, b)


def _fma(a, b, c):
    """a * b + c rounded once (exact rational arithmetic, then one rounding)."""
    return float(Fraction(a) * Fraction(b) + Fraction(c))


def _fourier_twin(p, q, yt, sw, shift, small, K, n_hi, n_0):
    """_fourier_coefficients in plain Python, operation for operation: sample
    s0 + r of each run of 128 into lane r, the lanes summed in _sum's order."""
    inv_fact = [1.0]
    for k in range(1, K + 3):
        inv_fact.append(inv_fact[-1] / k)
    ratio_hi = [[1.0 / (m * (m + K + j)) if m else 0.0 for m in range(n_hi + 1)] for j in range(2)]
    ratio_0 = [1.0 / (m * m) if m > 1 else 0.0 for m in range(n_0 + 1)]
    accA = np.zeros((K + 1, 128))
    accB = np.zeros((K + 1, 128))
    for pos, i in enumerate(small):
        r = pos % 128
        x2 = 0.25 * yt[i] * yt[i]
        tr, ti, w = -0.5 * p[i], -0.5 * q[i], sw[i]
        J = [0.0] * (K + 2)
        for j in range(2):
            t = 1.0
            for m in range(n_hi, 0, -1):
                t = _fma(x2 * ratio_hi[j][m], t, 1.0)
            J[K + j] = 2.0 * w * inv_fact[K + j] * t
        t = 1.0
        for m in range(n_0, 1, -1):
            t = _fma(x2 * ratio_0[m], t, 1.0)
        j0m1 = x2 * t
        for k in range(K, 0, -1):
            J[k - 1] = _fma(float(k), J[k], x2 * J[k + 1])
        accA[0, r] = _fma(w, j0m1 if shift == 0.0 else j0m1 + 1.0, accA[0, r])
        vr, vi = 1.0, 0.0
        for k in range(1, K + 1):
            if k % 2:    # the odd harmonics, then the even ones, as fused
                vr, vi = _fma(vr, tr, -(vi * ti)), _fma(vi, tr, vr * ti)
            else:
                vr, vi = _fma(vr, tr, -(vi * ti)), _fma(vr, ti, vi * tr)
            accA[k, r] = _fma(J[k], vr, accA[k, r])
            accB[k, r] = _fma(J[k], vi, accB[k, r])

    def lane_sum(a):   # _reductions._sum: eight accumulators over 128 lanes
        s = [0.0] * 8
        for i in range(0, 128, 8):
            for k in range(8):
                s[k] += a[i + k]
        return ((s[0] + s[1]) + (s[2] + s[3])) + ((s[4] + s[5]) + (s[6] + s[7])) + 0.0

    return ([lane_sum(accA[k]) for k in range(K + 1)], [lane_sum(accB[k]) for k in range(K + 1)])


@pytest.mark.parametrize("tier", range(len(_bias._TIER_YT)))
@pytest.mark.parametrize("shift", [0.0, 2.0])
def test_fourier_coefficients_keep_their_operations_bit_for_bit(tier, shift):
    # 150 samples: a whole run of 128 (eight groups of 16 lanes) and one of 22
    # (a group of 16, then six lanes one by one), indexed out of order
    rng = np.random.default_rng(20 + tier)
    n = 400
    lo = 0.0 if tier == 0 else _bias._TIER_YT[tier - 1]
    yt = rng.uniform(lo, _bias._TIER_YT[tier], n) * rng.choice([-1.0, 1.0], n)
    z = rng.uniform(-30, 30, n)
    sw = rng.uniform(0.0, 2.0, n)
    p, q = yt * np.cos(z), yt * np.sin(z)
    small = rng.choice(n, 150, replace=False).astype(np.int32)
    K, n_hi, n_0 = _bias._TIER_K[tier], _bias._TIER_NHI[tier], _bias._TIER_N0[tier]
    A = np.zeros(_bias._N_HARM + 1)
    B = np.zeros(_bias._N_HARM + 1)
    _bias._fourier_coefficients(p, q, yt, sw, shift, small, K, n_hi, n_0, A, B)
    A2, B2 = _fourier_twin(p, q, yt, sw, shift, small, K, n_hi, n_0)
    np.testing.assert_array_equal(A[:K + 1], A2)
    np.testing.assert_array_equal(B[:K + 1], B2)
    assert not A[K + 1:].any() and not B[K + 1:].any()


def _brute_force_log_objective(z, yt, sw, grid):
    # log of (1/n) sum sw exp(-yt cos(z - b)), computed stably on a dense grid
    u = -yt[None, :] * np.cos(z[None, :] - grid[:, None])
    m = u.max(axis=1, keepdims=True)
    return (m[:, 0] + np.log(np.sum(sw * np.exp(u - m), axis=1) / len(z)))


@pytest.mark.slow
@pytest.mark.parametrize("scale", [1e-9, 0.3, 1.0, 3.0, 8.0, 40.0, 900.0])
def test_best_bias_is_the_global_minimum(scale):
    """Against a dense brute-force grid, on multimodal objectives: residuals
    of all sizes (the largest needing the stabilising shift), weights."""
    rng = np.random.default_rng(int(scale * 10) % 1000)
    grid = np.linspace(-np.pi, np.pi, 40001)
    for trial in range(6):
        n = int(rng.integers(3, 400))
        z = rng.uniform(-30, 30, n)
        yt = rng.standard_normal(n) * scale * rng.exponential(1.0, n)
        sw = rng.uniform(0.0, 2.0, n) if trial % 2 else np.ones(n)
        R = np.abs(yt[sw > 0]).max()
        shift = 0.0 if R <= 600 else R - 600
        p, q, buf = np.empty(n), np.empty(n), np.empty(n)
        b, M = _bias.best_bias(z, yt, sw, shift, p, q, buf)
        assert -np.pi <= b <= np.pi
        F = _brute_force_log_objective(z, yt, sw, grid)
        Fb = _brute_force_log_objective(z, yt, sw, np.array([b]))[0]
        # never worse than the best of 40001 grid points (log scale: relative)
        assert Fb <= F.min() + 1e-12 * max(1.0, abs(F.min())), (scale, trial, b, grid[F.argmin()])


def test_best_bias_beats_a_local_search():
    """The authors' bounded local search can stop in a local minimum; the
    engine's result is the global one on an objective with many minima."""
    from scipy.optimize import fminbound

    rng = np.random.default_rng(7)
    n = 60
    z = rng.uniform(-40, 40, n)
    yt = rng.standard_normal(n) * 6
    sw = np.ones(n)
    grid = np.linspace(-np.pi, np.pi, 20001)
    F = np.array([np.mean(np.exp(-yt * np.cos(z - b))) for b in grid])
    n_local_minima = np.sum((F < np.roll(F, 1)) & (F < np.roll(F, -1)))
    assert n_local_minima >= 3
    b, _ = _bias.best_bias(z, yt, sw, 0.0, np.empty(n), np.empty(n), np.empty(n))
    f_engine = np.mean(np.exp(-yt * np.cos(z - b)))
    b_local = 2 * np.pi * fminbound(lambda t: np.mean(np.exp(-yt * np.cos(2 * np.pi * t - z))),
                                    -0.5, 0.5, xtol=1e-2)
    f_local = np.mean(np.exp(-yt * np.cos(z - b_local)))
    assert f_engine <= F.min() + 1e-12
    assert f_engine <= f_local + 1e-12


@pytest.mark.slow
def test_omega_gradient_and_curvature_by_finite_differences():
    rng = np.random.default_rng(0)
    n, d = 300, 4
    X = rng.standard_normal((n, d))
    XT = np.ascontiguousarray(X.T)
    yt = rng.standard_normal(n) * 1.5
    sw = rng.uniform(0.5, 1.5, n)
    b, lam = 0.7, 0.1
    g_i, lbuf, curv = np.empty(n), np.empty(n), np.empty(n)
    grad = np.empty(d)

    def objective(om):
        z = X @ om
        return _learners._omega_loss_terms(z, yt, sw, 0.0, b, g_i, lbuf, curv, True) + lam * om @ om

    om = rng.standard_normal(d)
    objective(om)
    _reductions.back_project(XT, g_i, grad)
    grad = grad + 2 * lam * om
    eps = 1e-6
    fd = np.array([(objective(om + eps * e) - objective(om - eps * e)) / (2 * eps)
                   for e in np.eye(d)])
    np.testing.assert_allclose(grad, fd, rtol=1e-6, atol=1e-9)
    # curvature along a direction p: sum curv_i (x_i.p)^2 + 2 lam |p|^2
    p = rng.standard_normal(d)
    objective(om)
    cv = np.sum(curv * (X @ p) ** 2) + 2 * lam * p @ p
    fd2 = (objective(om + 1e-4 * p) - 2 * objective(om) + objective(om - 1e-4 * p)) / 1e-8
    assert cv == pytest.approx(fd2, rel=1e-4)


def test_landmark_gradient_by_finite_differences():
    rng = np.random.default_rng(1)
    n, d, K = 200, 3, 4
    X = rng.standard_normal((n, d))
    Om = rng.standard_normal((K, d))
    Z = Om @ X.T
    C, S = np.cos(Z), np.sin(Z)
    yt = rng.standard_normal(n)
    sw = np.ones(n)
    G = np.empty(K)
    buf, hbuf = np.empty(n), np.empty(n)

    def f(x):
        return _learners._landmark_terms(C, S, Om @ x, yt, sw, 0.0, True, G, buf, hbuf)

    x = rng.standard_normal(d)
    f(x)
    grad = Om.T @ G
    eps = 1e-6
    fd = np.array([(f(x + eps * e) - f(x - eps * e)) / (2 * eps) for e in np.eye(d)])
    np.testing.assert_allclose(grad, fd, rtol=1e-6, atol=1e-10)
    # and the value is the paper's Eq. (9) minus one
    A = Om @ (x[:, None] - X.T)
    assert f(x) == pytest.approx(np.mean(np.exp(-yt * np.cos(A).mean(0))) - 1, abs=1e-13)


def test_step_size_is_finite_for_a_perfect_weak_learner():
    y = np.array([1.0, -1.0, 1.0, -1.0])
    w = np.ones(4)
    sw = np.ones(4)
    a = _losses.step_size(y, w, sw, y.copy(), np.empty(4))
    assert np.isfinite(a) and 10 < a < 20
    assert _losses.step_size(y, w, sw, -y, np.empty(4)) < -10


@pytest.mark.slow
def test_log_mode_gradients_by_finite_differences():
    """Residuals whose exp overflows: the searches minimise ln(objective)."""
    rng = np.random.default_rng(2)
    n, d, K = 150, 3, 3
    X = rng.standard_normal((n, d))
    yt = rng.standard_normal(n) * 900.0
    sw = rng.uniform(0.5, 1.5, n)
    b, lam = 0.3, 0.2
    g_i, lbuf, curv = np.empty(n), np.empty(n), np.empty(n)
    XT = np.ascontiguousarray(X.T)

    def L(om):
        return _learners._omega_objective(X @ om, yt, sw, 1.0, b, lam, om @ om, g_i, lbuf, curv, False)

    om = rng.standard_normal(d) * 0.3
    f, kappa = L(om)
    u = -yt * np.cos(X @ om - b)
    ref = np.log(np.sum(sw * np.exp(u - u.max())) / n + lam * om @ om * np.exp(-u.max())) + u.max()
    assert f == pytest.approx(ref, rel=1e-12)
    grad = _reductions.back_project(XT, g_i, np.empty(d)) + 2 * lam * kappa * om
    fd = np.array([(L(om + 1e-7 * e)[0] - L(om - 1e-7 * e)[0]) / 2e-7 for e in np.eye(d)])
    np.testing.assert_allclose(grad, fd, rtol=1e-5, atol=1e-6)
    # GBRFF1's landmark objective in the log domain
    Om = rng.standard_normal((K, d))
    Z = Om @ X.T
    C, S = np.cos(Z), np.sin(Z)
    G = np.empty(K)

    def fl(x):
        return _learners._landmark_terms(C, S, Om @ x, yt, sw, 1.0, True, G, np.empty(n), np.empty(n))

    x = rng.standard_normal(d)
    fl(x)
    gx = Om.T @ G
    fd = np.array([(fl(x + 1e-7 * e) - fl(x - 1e-7 * e)) / 2e-7 for e in np.eye(d)])
    np.testing.assert_allclose(gx, fd, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("loss", [_losses.EXPONENTIAL, _losses.LOG_LOSS, _losses.SQUARED_ERROR])
def test_boosting_with_overflowing_residuals_stays_finite_and_learns(loss):
    """Start a GBRFF2 and a GBRFF1 run from scores that misclassify some points
    by a margin of 700 (exp(700) overflows any sum; the squared error's
    residuals of 700 overflow the learners' exp(-yt h)): every output is
    finite, and the loss goes down."""
    rng = np.random.default_rng(0)
    n, d = 300, 2
    X = rng.standard_normal((n, d))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1.0, -1.0)
    XT = np.ascontiguousarray(X.T, dtype=np.float32)
    sw = np.ones(n)
    H0 = np.where(np.arange(n) < 5, -700.0 * y, 0.0)
    empty = np.empty((d, 0), dtype=np.float32)
    T = 30

    def run(learner, om, lm, q):
        H = H0.copy()
        a, lo = np.zeros(T), np.zeros(T)
        _loop.boost(XT, y, sw, H, om, np.zeros(q.shape), q, lm, a, lo, learner, loss, 10,
                       0.1, 1.0, 1.0, empty, np.empty(0), np.empty(0), np.empty(0),
                       np.empty(T), 0, 0.0, 0.9, 0)
        assert np.all(np.isfinite(H)) and np.all(np.isfinite(om)) and np.all(np.isfinite(a))
        assert np.all(np.isfinite(lo)) and lo[-1] < lo[0]

    run(_loop.COSINE, rng.standard_normal((T, 1, d)), np.zeros((T, d)), np.zeros((T, 1)))
    lm, q = np.zeros((T, d)), np.zeros((T, 3))
    run(_loop.LANDMARK, rng.standard_normal((T, 3, d)), lm, q)
    assert np.all(np.isfinite(lm))
    np.testing.assert_allclose(q.sum(1), 1)


# --------------------------------------------------------------------------
# the least-squares learners (loss="squared_error")
# --------------------------------------------------------------------------
def _ls_data(n=180, d=3, seed=3):
    rng = np.random.default_rng(seed)
    X = rng.standard_normal((n, d))
    yt = rng.standard_normal(n) * 0.7
    sw = rng.uniform(0.0, 2.0, n)
    sw[::11] = 0.0
    return rng, X, yt, sw


def test_cosine_fit_is_the_weighted_least_squares_fit():
    rng, X, yt, sw = _ls_data()
    z = X @ rng.standard_normal(3)
    a1, a2 = _learners._cosine_fit(z, yt, sw, np.empty(z.shape), np.empty(z.shape))
    expect = ref.cosine_fit(z, yt, sw)
    np.testing.assert_allclose([a1, a2], expect, rtol=1e-10)
    # b = atan2(a2, a1) is the global argmin over b of min_alpha sum sw (yt - alpha cos(z - b))^2
    b = _learners.ls_phase(z, yt, sw, np.empty(z.shape), np.empty(z.shape))

    def best_over_alpha(b):
        h = np.cos(z - b)
        return np.sum(sw * yt ** 2) - np.sum(sw * yt * h) ** 2 / np.sum(sw * h * h)

    grid = np.linspace(-np.pi, np.pi, 20001)
    assert best_over_alpha(b) <= min(best_over_alpha(g) for g in grid) + 1e-12


@pytest.mark.parametrize("z", [np.full(50, 0.3), np.zeros(50), np.array([1.2])])
def test_cosine_fit_of_collinear_columns_is_finite(z):
    """All z equal (or one sample): cos z and sin z are collinear; the fit is
    the least-norm one, and the fitted h is the weighted mean of yt."""
    n = z.shape[0]
    yt = np.linspace(-1, 1, n) + 0.2
    sw = np.ones(n)
    a1, a2 = _learners._cosine_fit(z, yt, sw, np.empty(n), np.empty(n))
    assert np.isfinite(a1) and np.isfinite(a2)
    h = a1 * np.cos(z) + a2 * np.sin(z)
    np.testing.assert_allclose(h, np.mean(yt), rtol=1e-12)
    a_ref = np.linalg.lstsq(np.column_stack([np.cos(z), np.sin(z)]), yt, rcond=None)[0]
    np.testing.assert_allclose([a1, a2], a_ref, rtol=1e-9, atol=1e-12)


def test_ls_omega_gradient_by_finite_differences():
    """Variable projection: the envelope theorem's gradient is the gradient
    of the objective with (a1, a2) re-solved at every omega."""
    rng, X, yt, sw = _ls_data()
    n, d = X.shape
    XT = np.ascontiguousarray(X.T)
    lam = 0.07
    g, cb, sb, curv = np.empty(n), np.empty(n), np.empty(n), np.empty(n)

    def f(om):
        return _learners._omega_ls(X @ om, yt, sw, lam, om @ om, g, cb, sb, curv, True)

    om = rng.standard_normal(d)
    value = f(om)
    grad = _reductions.back_project(XT, g, np.empty(d)) + 2 * lam * om
    eps = 1e-6
    fd = np.array([(f(om + eps * e) - f(om - eps * e)) / (2 * eps) for e in np.eye(d)])
    np.testing.assert_allclose(grad, fd, rtol=1e-6, atol=1e-9)
    # the value is the projected least squares (numpy's lstsq)
    z = X @ om
    a = ref.cosine_fit(z, yt, sw)
    r = yt - a[0] * np.cos(z) - a[1] * np.sin(z)
    assert value == pytest.approx(lam * om @ om + np.sum(sw * r * r) / n, rel=1e-12)


def test_ls_landmark_gradient_by_finite_differences():
    """The preprint's Eq. (5) and its gradient, Eq. (6), with sample weights."""
    rng, X, yt, sw = _ls_data(d=3)
    n, d = X.shape
    K = 4
    Om = rng.standard_normal((K, d))
    Z = Om @ X.T
    C, S = np.cos(Z), np.sin(Z)
    G = np.empty(K)

    def f(x):
        return _learners._landmark_ls(C, S, Om @ x, yt, sw, True, G, np.empty(n), np.empty(n))

    x = rng.standard_normal(d)
    value = f(x)
    grad = Om.T @ G
    eps = 1e-6
    fd = np.array([(f(x + eps * e) - f(x - eps * e)) / (2 * eps) for e in np.eye(d)])
    np.testing.assert_allclose(grad, fd, rtol=1e-6, atol=1e-10)
    A = Om @ (x[:, None] - X.T)
    assert value == pytest.approx(np.mean(sw * (yt - np.cos(A).mean(0)) ** 2), rel=1e-12)


def test_ls_rff_weights_are_the_preprint_s_eq_7():
    rng, X, yt, sw = _ls_data(d=2)
    n = X.shape[0]
    K = 6
    Om = rng.standard_normal((K, 2))
    Z = Om @ X.T
    x = rng.standard_normal(2)
    q = np.empty(K)
    beta = 0.3
    _learners.rff_weights(np.cos(Z), np.sin(Z), Om @ x, yt, sw, 0.0, beta, q, np.empty(n), True)
    A = Om @ (x[:, None] - X.T)
    L = np.mean(sw * (yt - np.cos(A)) ** 2, axis=1)
    c = beta * np.sqrt(np.sum(sw > 0))                 # the preprint's c
    expect = np.exp(-c * (L - L.min()))
    np.testing.assert_allclose(q, expect / expect.sum(), rtol=1e-12)


# --------------------------------------------------------------------------
# the regressors' scale-free learners (scale_free=1)
# --------------------------------------------------------------------------
def test_free_landmark_gradient_by_finite_differences():
    """LANDMARK_FREE: Eq. (5) with the amplitude of h re-solved at every
    landmark (variable projection); the envelope theorem's gradient is the
    gradient of the projected objective, and its value numpy's."""
    rng, X, yt, sw = _ls_data(d=3)
    n, d = X.shape
    K = 4
    Om = rng.standard_normal((K, d))
    Z = Om @ X.T
    C, S = np.cos(Z), np.sin(Z)
    G = np.empty(K)

    def f(x):
        return _learners._landmark_ls(C, S, Om @ x, yt, sw, True, G, np.empty(n), np.empty(n),
                                      False, True)

    x = rng.standard_normal(d)
    value = f(x)
    grad = Om.T @ G
    eps = 1e-6
    fd = np.array([(f(x + eps * e) - f(x - eps * e)) / (2 * eps) for e in np.eye(d)])
    np.testing.assert_allclose(grad, fd, rtol=1e-5, atol=1e-9)
    h = np.cos(Om @ (x[:, None] - X.T)).mean(0)
    c = np.sum(sw * yt * h) / np.sum(sw * h * h)
    assert value == pytest.approx(np.mean(sw * (yt - c * h) ** 2), rel=1e-12)
    # through the driver's dispatch, and the same argmin for residuals of either sign
    f(x)                                      # G at x again (the differences moved it)
    g2 = np.empty(K)
    f2 = _learners.objective(_learners.LANDMARK_FREE, Om @ x, C, S, yt, sw, 0.0, 0.0, 0.0, 0.0,
                             g2, np.empty(n), np.empty(n), np.empty(0), True, False)[0]
    assert f2 == value
    np.testing.assert_array_equal(g2, G)
    assert f(x) == pytest.approx(_learners._landmark_ls(C, S, Om @ x, -yt, sw, False, G,
                                                        np.empty(n), np.empty(n), False, True))


@pytest.mark.parametrize("sign", [1.0, -1.0])
def test_free_rff_weights_are_eq_7_on_oriented_residuals(sign):
    """q of the free landmark: Eq. 7 on sign(c) ỹ, c the landmark's amplitude:
    residuals and their negatives give the same q."""
    rng, X, yt, sw = _ls_data(d=2)
    n = X.shape[0]
    K = 6
    Om = rng.standard_normal((K, 2))
    Z = Om @ X.T
    x = rng.standard_normal(2)
    q = np.empty(K)
    beta = 0.3
    _learners.rff_weights(np.cos(Z), np.sin(Z), Om @ x, sign * yt, sw, 0.0, beta, q, np.empty(n),
                          True, True)
    A = Om @ (x[:, None] - X.T)
    h = np.cos(A).mean(0)
    oriented = yt * np.sign(np.sum(sw * yt * h))
    L = np.mean(sw * (oriented - np.cos(A)) ** 2, axis=1)
    c = beta * np.sqrt(np.sum(sw > 0))
    expect = np.exp(-c * (L - L.min()))
    np.testing.assert_allclose(q, expect / expect.sum(), rtol=1e-12)


def test_unit_residuals_have_unit_weighted_rms():
    rng, _, yt, sw = _ls_data()
    out = np.empty_like(yt)
    shift = _losses.unit_residuals(1e-3 * yt, sw, out)
    assert shift == 0.0
    assert np.sum(sw * out ** 2) / np.sum(sw) == pytest.approx(1.0, rel=1e-12)
    np.testing.assert_allclose(out, yt / np.sqrt(np.sum(sw * yt ** 2) / np.sum(sw)), rtol=1e-12)
    zero = np.zeros_like(yt)
    _losses.unit_residuals(zero, sw, out)
    np.testing.assert_array_equal(out, zero)


@pytest.mark.parametrize("learner", ["cosine", "landmark"])
def test_scale_free_fits_do_not_depend_on_the_target_s_scale(learner):
    """scale_free: the weak learners fit the residuals at unit scale with a free
    amplitude, so a target times 1000 gives the same ω, b, landmarks and q, and
    steps α times 1000 (to rounding)."""
    from gbrff import _boosting

    rng, X, _, _ = _ls_data(n=200, d=2)
    y = np.sin(2 * X[:, 0]) + X[:, 1] ** 2 + 0.1 * rng.standard_normal(200)
    y = y - y.mean()
    sw = np.ones(200)
    kw = dict(learner=learner, loss="squared_error", n_estimators=15, n_components=4,
              gamma=0.5, learning_rate=0.5, scale_free=True)
    a = _boosting.fit(X, y, sw, rng=np.random.RandomState(0), **kw)
    b = _boosting.fit(X, 1000.0 * y, sw, rng=np.random.RandomState(0), **kw)
    np.testing.assert_allclose(b.omegas, a.omegas, rtol=1e-6, atol=1e-8)
    np.testing.assert_allclose(b.alphas, 1000.0 * a.alphas, rtol=1e-6)
    np.testing.assert_allclose(b.q, a.q, rtol=1e-6, atol=1e-8)
