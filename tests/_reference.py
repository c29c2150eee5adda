"""Plain-numpy GBRFF1 and GBRFF2, written from the paper's formulas.

Algorithms 2 and 3 of Gautheron et al. (ECML-PKDD 2020), line by line, with
numpy only: no numba, no shared code with the engine. The optimisers are
those the engine documents (the authors' code runs scipy's L-BFGS-B with
maxiter=10, pgtol=1e-5, factr=1e7; the engine runs the same L-BFGS
recursion, memory 10, Armijo backtracking with quadratic interpolation, a
Newton first step along the steepest descent for omega, and scipy's two
stopping tests), so that the same random draws must give the same model.
The global search for b here is a brute-force dense grid followed by Newton
polishing, rather than the engine's Fourier series.

The losses "squared_error" and "huber" fit their learners by least squares,
as the 2019 preprint (Algorithm 1, Eqs. 4-8): GBRFF2's omega by variable
projection (the best a1 cos z + a2 sin z re-solved at every omega,
b = atan2(a2, a1)), GBRFF1's landmark by Eq. (5) and q by Eq. (7) read as a
softmax. ``scale_free`` (the regressors'): the learners fit the residuals
divided by their weighted root mean square, GBRFF1's landmark with a free
amplitude c (Algorithm 1, line 4) and q on the residuals times sign(c).
"""

import numpy as np

PGTOL = 1e-5
FTOL = 1e7 * np.finfo(float).eps


def _converged(f_old, f_new, grad):
    if np.max(np.abs(grad)) <= PGTOL:
        return True
    if not np.isfinite(f_old):
        return False
    return f_old - f_new <= FTOL * max(abs(f_old), abs(f_new), 1.0)


def lbfgs(fun_grad, x0, n_steps, line, newton_first=None):
    """Minimise fun_grad(x) -> (f, grad) from x0 with at most n_steps
    iterations. ``line(x, p, s)`` returns the trial point x + s p;
    ``newton_first(x, p, slope)`` may give a shorter first step than
    scipy's unit-length move."""
    x = np.array(x0, dtype=float)
    f, g = fun_grad(x)
    S, Y = [], []
    if _converged(np.inf, f, g):
        return x, f
    for it in range(n_steps):
        gnorm = np.sqrt(g @ g)
        if not gnorm > 0:
            break
        # two-loop recursion
        p = -g.copy()
        alphas = []
        for s, y in zip(reversed(S), reversed(Y)):
            a = (s @ p) / (s @ y)
            alphas.append(a)
            p -= a * y
        if S:
            p *= (S[-1] @ Y[-1]) / (Y[-1] @ Y[-1])
        for (s, y), a in zip(zip(S, Y), reversed(alphas)):
            bcoef = (y @ p) / (s @ y)
            p += s * (a - bcoef)
        slope = g @ p
        if not slope < 0:
            p = -g.copy()
            slope = -gnorm ** 2
            S, Y = [], []
        if not S:
            step = 1.0 / np.sqrt(p @ p)
            if it == 0 and newton_first is not None:
                cand = newton_first(x, p, slope)
                if cand is not None:
                    step = min(cand, step)
        else:
            step = 1.0
        ok = False
        for _ in range(30):
            xt = line(x, p, step)
            ft, gt = fun_grad(xt)
            if ft <= f + 1e-4 * step * slope:
                ok = True
                break
            denom = 2.0 * (ft - f - step * slope)
            ns = -slope * step * step / denom if denom > 0 else 0.5 * step
            step = min(max(ns, 0.1 * step), 0.5 * step)
        if not ok:
            break
        s_vec = step * p
        y_vec = gt - g
        sy = s_vec @ y_vec
        if sy > 1e-12 * np.sqrt((s_vec @ s_vec) * (y_vec @ y_vec)) and sy > 0:
            S.append(s_vec)
            Y.append(y_vec)
            if len(S) > 10:
                S.pop(0)
                Y.pop(0)
        x, f_old, f, g = xt, f, ft, gt
        if _converged(f_old, f, g):
            break
    return x, f


def global_bias(wx, yt, sw):
    """argmin over [-pi, pi] of (1/n) sum sw exp(-yt cos(wx - b)): dense grid,
    then Newton inside the cells of the best grid minima."""
    n = wx.shape[0]

    def F(b):
        return np.sum(sw * np.exp(-yt * np.cos(wx - b))) / n

    def dF(b):
        e = sw * np.exp(-yt * np.cos(wx - b))
        # d/db exp(-yt cos(wx - b)) = -yt sin(wx - b) e
        s = -yt * np.sin(wx - b)
        g = np.sum(s * e) / n
        # d2/db2 exp(-yt cos(wx - b)) = (yt cos(wx - b) + yt^2 sin^2(wx - b)) e
        c = yt * np.cos(wx - b)
        h = np.sum((s * s + c) * e) / n
        return g, h

    grid = np.linspace(-np.pi, np.pi, 8193)[:-1]
    vals = np.array([F(b) for b in grid])
    M = grid.shape[0]
    step = grid[1] - grid[0]
    mins = [m for m in range(M) if vals[m] <= vals[m - 1] and vals[m] <= vals[(m + 1) % M]]
    mins.sort(key=lambda m: vals[m])
    best_b, best_f = grid[mins[0]], vals[mins[0]]
    for m in mins[:3]:
        lo, hi, b = grid[m] - step, grid[m] + step, grid[m]
        for _ in range(60):
            g, h = dF(b)
            nb = b - g / h if h > 0 else 0.5 * (lo + hi)
            if g > 0:
                hi = min(hi, b)
            else:
                lo = max(lo, b)
            if not lo < nb < hi:
                nb = 0.5 * (lo + hi)
            if abs(nb - b) < 1e-13:
                b = nb
                break
            b = nb
        if F(b) < best_f:
            best_b, best_f = b, F(b)
    return (best_b + np.pi) % (2 * np.pi) - np.pi


def alpha_step(y, w, sw, h):
    """Line 8 of Algorithms 2 and 3."""
    return 0.5 * np.log(np.sum(sw * w * (1 + y * h)) / np.sum(sw * w * (1 - y * h)))


# The other losses, written from their definitions: the residual yt is the
# negative gradient of the loss in H, w its second derivative.
def weighted_median(y, sw):
    """The smallest y_i at which the weight of {y <= y_i} reaches half the total."""
    keep = sw > 0
    y, sw = y[keep], sw[keep]
    return min(v for v in y if np.sum(sw[y <= v]) >= 0.5 * np.sum(sw))


def init_score(loss, y, sw):
    if loss == "huber":
        return weighted_median(y, sw)
    pos, neg = np.sum(sw * (1 + y)), np.sum(sw * (1 - y))
    return {"exponential": 0.5 * np.log(pos / neg), "log_loss": np.log(pos / neg),
            "squared_error": np.sum(sw * y) / np.sum(sw)}[loss]


def huber_delta(y, H, sw, alpha=0.9):
    """huber's δ: the smallest |y_i - H_i| (weight > 0) at which the weight of
    {|y - H| <= it} reaches alpha of the total."""
    r = np.abs(y - H)
    keep = sw > 0
    r, sw = r[keep], sw[keep]
    return min(v for v in r if np.sum(sw[r <= v]) >= alpha * np.sum(sw))


def loss_parts(loss, y, H, delta=0.0):
    """(yt, w, loss per sample) at the scores H (huber: at its scale delta)."""
    if loss == "exponential":
        w = np.exp(-y * H)
        return y * w, w, w
    if loss == "log_loss":                       # ln(1 + exp(-y H))
        p = 1.0 / (1.0 + np.exp(-H))             # P(y = +1)
        return (y + 1) / 2 - p, p * (1 - p), np.logaddexp(0.0, -y * H)
    if loss == "huber":                          # r^2 within delta, delta (2|r| - delta) beyond
        r = y - H
        inside = np.abs(r) <= delta
        terms = np.where(inside, r * r, delta * (2 * np.abs(r) - delta))
        return np.clip(r, -delta, delta), inside.astype(float), terms
    return y - H, np.ones_like(H), (y - H) ** 2  # squared_error, (y - H)^2 / 2's derivatives


def huber_line_min(y, H, sw, h, delta):
    """argmin_a sum sw huber(y - H - a h): the root of its slope (scipy's brentq)."""
    from scipy.optimize import brentq

    def slope(a):
        return np.sum(sw * np.clip(y - H - a * h, -delta, delta) * h)

    if slope(0.0) == 0.0:
        return 0.0
    s = np.sign(slope(0.0))
    far = 1.0
    while s * slope(s * far) > 0:
        far *= 2.0
    return brentq(slope, 0.0, s * far, xtol=1e-14, rtol=1e-14)


def step(loss, y, yt, w, sw, h, H=None, delta=0.0):
    """alpha: the closed form (exponential), the exact line minimum (huber) or
    one Newton step (Eq. 8 for squared_error)."""
    if loss == "exponential":
        return alpha_step(y, w, sw, h)
    if loss == "huber":
        return huber_line_min(y, H, sw, h, delta)
    return np.sum(sw * yt * h) / np.sum(sw * w * h * h)


def cosine_fit(z, yt, sw):
    """(a1, a2) minimising sum sw (yt - a1 cos z - a2 sin z)^2 (np.linalg.lstsq)."""
    r = np.sqrt(sw)
    A = np.column_stack([np.cos(z), np.sin(z)]) * r[:, None]
    return np.linalg.lstsq(A, r * yt, rcond=None)[0]


def ls_omega(X, yt, sw, omega, reg_lambda, n_steps):
    """GBRFF2's least-squares learner: omega refined by L-BFGS on
    lam |omega|^2 + (1/n) sum sw (yt - a1 cos z - a2 sin z)^2, (a1, a2)
    re-solved at each omega; returns (omega, b = atan2(a2, a1))."""
    n = X.shape[0]

    def parts(om):
        z = X @ om
        a1, a2 = cosine_fit(z, yt, sw)
        r = yt - a1 * np.cos(z) - a2 * np.sin(z)
        dh = a2 * np.cos(z) - a1 * np.sin(z)
        return r, dh

    def fun_grad(om):
        r, dh = parts(om)
        f = reg_lambda * om @ om + np.sum(sw * r * r) / n
        return f, X.T @ (-2.0 / n * sw * r * dh) + 2 * reg_lambda * om

    def newton_first(om, p, slope):                     # Gauss-Newton curvature
        _, dh = parts(om)
        curv = np.sum(2.0 / n * sw * dh * dh * (X @ p) ** 2) + 2 * reg_lambda * p @ p
        return -slope / curv if curv > 0 else None

    omega, _ = lbfgs(fun_grad, omega, n_steps, lambda x, p, s: x + s * p, newton_first)
    a1, a2 = cosine_fit(X @ omega, yt, sw)
    return omega, np.arctan2(a2, a1)


LEAST_SQUARES = ("squared_error", "huber")


def _scale(loss, y, H, sw, quantile):
    """huber's δ at H (the quantile of |y - H|), 0 for the other losses."""
    return huber_delta(y, H, sw, quantile) if loss == "huber" else 0.0


def _unit(yt, sw):
    """yt over its weighted root mean square (yt itself if that is 0)."""
    s = np.sqrt(np.sum(sw * yt * yt) / np.sum(sw))
    return yt / s if s > 0 else yt


def gbrff2(X, y, omegas0, reg_lambda=0.0, n_steps=10, sw=None, loss="exponential",
           learning_rate=1.0, quantile=0.9, scale_free=False):
    """Algorithm 3 on X (n, d), y in {-1, +1} (or real targets), with the
    given draws (T, d); for another loss, its residuals and step, and for
    squared_error and huber the least-squares learner (:func:`ls_omega`)."""
    n, d = X.shape
    sw = np.ones(n) if sw is None else sw * n / sw.sum()
    H0 = init_score(loss, y, sw)
    H = np.full(n, H0)
    omegas, biases, alphas, losses = [], [], [], []
    for omega in omegas0:
        delta = _scale(loss, y, H, sw, quantile)
        yt, w, _ = loss_parts(loss, y, H, delta)             # lines 3, 4
        if loss in LEAST_SQUARES:
            fit_to = _unit(yt, sw) if scale_free else yt
            omega, b = ls_omega(X, fit_to, sw, omega, reg_lambda, n_steps)
            h = np.cos(X @ omega - b)
            a = learning_rate * step(loss, y, yt, w, sw, h, H, delta)  # Eq. (8), times v
            H = H + a * h
            omegas.append(omega)
            biases.append(b)
            alphas.append(a)
            losses.append(np.sum(sw * loss_parts(loss, y, H, _scale(loss, y, H, sw, quantile))[2])
                          / n)
            continue
        b = global_bias(X @ omega, yt, sw)                   # line 6

        def fun_grad(om):                                    # line 7
            t = X @ om - b
            e = sw * np.exp(-yt * np.cos(t))
            f = reg_lambda * om @ om + np.sum(e) / n
            grad = 2 * reg_lambda * om + X.T @ (yt * np.sin(t) * e) / n
            return f, grad

        def newton_first(om, p, slope):
            t = X @ om - b
            e = sw * np.exp(-yt * np.cos(t))
            curv = np.sum(e * (yt * np.cos(t) + yt ** 2 * np.sin(t) ** 2) * (X @ p) ** 2) / n
            curv += 2 * reg_lambda * p @ p
            return -slope / curv if curv > 0 else None

        omega, _ = lbfgs(fun_grad, omega, n_steps, lambda x, p, s: x + s * p, newton_first)
        h = np.cos(X @ omega - b)
        a = learning_rate * step(loss, y, yt, w, sw, h)      # line 8
        H = H + a * h                                        # line 9
        omegas.append(omega)
        biases.append(b)
        alphas.append(a)
        losses.append(np.sum(sw * loss_parts(loss, y, H)[2]) / n)
    return dict(init_score=H0, omegas=np.array(omegas), biases=np.array(biases),
                alphas=np.array(alphas), train_loss=np.array(losses))


def gbrff1(X, y, omegas0, beta=1.0, n_steps=10, loss="exponential", starts=None,
           learning_rate=1.0, quantile=0.9, scale_free=False):
    """Algorithm 2 on X (n, d), y in {-1, +1} (or real targets), with the
    given draws (T, K, d); ``starts`` (T, d): the landmarks' starting points
    (default the origin; the random-landmark learner: training points, with
    n_steps=0)."""
    n, d = X.shape
    sw = np.ones(n)
    H0 = init_score(loss, y, sw)
    H = np.full(n, H0)
    landmarks, qs, alphas, losses = [], [], [], []
    for t, Om in enumerate(omegas0):
        K = Om.shape[0]
        delta = _scale(loss, y, H, sw, quantile)
        yt, w, _ = loss_parts(loss, y, H, delta)             # lines 3, 4
        fit_to = _unit(yt, sw) if scale_free else yt

        def fun_grad(x):                                     # Eq. (9) and its gradient
            A = Om @ (x[:, None] - X.T)                      # (K, n): omega_j.(x - x_i)
            e = np.exp(-yt * np.cos(A).mean(axis=0))
            f = e.mean()
            grad = Om.T @ (np.sin(A) @ (yt * e)) / (K * n)
            return f, grad

        def fun_grad_ls(x):                                  # the preprint's Eqs. (5), (6)
            A = Om @ (x[:, None] - X.T)
            r = fit_to - np.cos(A).mean(axis=0)
            f = np.mean(r * r)
            grad = 2.0 / n * (Om * 1.0 / K).T @ (np.sin(A) @ r)
            return f, grad

        def fun_grad_free(x):                                # Eq. (5), the amplitude c solved
            A = Om @ (x[:, None] - X.T)
            h = np.cos(A).mean(axis=0)
            c = (fit_to @ h) / (h @ h)
            r = fit_to - c * h
            f = np.mean(r * r)
            grad = 2.0 / n * c * (Om * 1.0 / K).T @ (np.sin(A) @ r)
            return f, grad

        ls = loss in LEAST_SQUARES
        x0 = np.zeros(d) if starts is None else starts[t]
        objective = (fun_grad_free if scale_free else fun_grad_ls) if ls else fun_grad
        x, _ = lbfgs(objective, x0, n_steps, lambda x, p, s: x + s * p)   # line 6
        A = Om @ (x[:, None] - X.T)
        if ls:                                               # Eq. (7), a softmax
            target = fit_to
            if scale_free:                                   # oriented by the sign of c
                target = fit_to * (-1.0 if fit_to @ np.cos(A).mean(axis=0) < 0 else 1.0)
            loss_j = np.mean((target - np.cos(A)) ** 2, axis=1)
        else:
            loss_j = np.exp(-yt * np.cos(A)).mean(axis=1)    # Eq. (10)
        logits = -beta * np.sqrt(n) * loss_j
        q = np.exp(logits - logits.max())
        q /= q.sum()                                         # line 7
        h = q @ np.cos(A)
        a = learning_rate * step(loss, y, yt, w, sw, h, H, delta)   # line 8 (times v)
        H = H + a * h                                        # line 9
        landmarks.append(x)
        qs.append(q)
        alphas.append(a)
        losses.append(np.mean(loss_parts(loss, y, H, _scale(loss, y, H, sw, quantile))[2]))
    return dict(init_score=H0, landmarks=np.array(landmarks), q=np.array(qs),
                alphas=np.array(alphas), train_loss=np.array(losses))
