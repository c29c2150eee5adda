"""
The periodic loss landscape of a landmark
=========================================

At each iteration GBRFF1 looks for a landmark x^t that minimises

    f(x) = (1/n) Σ_i exp(−ỹ_i (1/K) Σ_j cos(ω_j·(x − x_i))),

where ỹ_i are the residuals of the boosting so far (Eq. 9 of Gautheron et
al., ECML-PKDD 2020). It starts from the origin and takes a few L-BFGS
steps. With one cosine (K = 1), f depends on x only through the phase
b = ω·x: the landscape is a set of parallel stripes, periodic with period
2π/‖ω‖, and the search over the plane is a search over one angle. That
is the idea of GBRFF2, which finds the best phase b exactly instead of
descending to a landmark.

:mod:`gbrff.inspection` evaluates these objectives on a fitted model
(``residuals``, ``landmark_objective``, ``bias_objective``); it fits
nothing. This example draws them on the two moons.
"""

# %%
# Two GBRFF1 fits: K = 1 and K = 10
# ---------------------------------
# ``standardize=False`` keeps the landmarks in the plane's own coordinates
# (the moons of :func:`gbrff.datasets.make_toy` are already centred and of
# unit scale). ``residuals(model, X, y, t)`` gives the weights and the
# residuals ỹ at the start of iteration t (here t = 0, the first one).
import matplotlib.pyplot as plt
import numpy as np

from gbrff import GBRFF1Classifier
from gbrff.datasets import make_toy
from gbrff.inspection import bias_objective, landmark_objective, residuals

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16, "lines.linewidth": 2.5})

X, y = make_toy("moons", n_samples=200, random_state=0)  # y in {-1, +1}
fits = {K: GBRFF1Classifier(n_estimators=10, n_components=K, gamma=1.0, random_state=3,
                            standardize=False).fit(X, y)
        for K in (1, 10)}

t = 0
xs = np.linspace(-3, 3, 121)
grid = np.array([[a, b] for b in xs for a in xs])  # candidate landmarks

fig, axes = plt.subplots(1, 2, figsize=(13, 5.8), sharey=True, layout="constrained")
for ax, (K, model) in zip(axes, fits.items()):
    _, y_tilde = residuals(model, X, y, t)
    f = landmark_objective(X, y_tilde, model.omegas_[t], grid).reshape(xs.size, xs.size)
    image = ax.contourf(xs, xs, f, levels=20, cmap="viridis")
    ax.contour(xs, xs, f, levels=8, colors="white", linewidths=0.8, alpha=0.7)
    for label, marker in ((-1, "o"), (1, "^")):
        pts = X[y == label]
        ax.scatter(pts[:, 0], pts[:, 1], marker=marker, s=30, c="white", edgecolors="black",
                   linewidths=0.8, label=f"class {label:+d}")
    ax.plot(0, 0, marker="X", markersize=16, color="white", markeredgecolor="black",
            linestyle="none", label="start (origin)")
    ax.plot(*model.landmarks_[t], marker="*", markersize=26, color="#D55E00",
            markeredgecolor="black", linestyle="none", label="learned landmark")
    ax.set_title(f"K = {K}: f over the candidate landmarks")
    ax.set_xlabel("landmark $x_1$")
    ax.set_aspect("equal")
    fig.colorbar(image, ax=ax, shrink=0.85, label="f(x)", format="%.2f")
axes[0].set_ylabel("landmark $x_2$")
axes[0].legend(loc="lower left", fontsize=13, framealpha=0.9)
plt.show()

# %%
# With K = 1 (left) the landscape is the same along every stripe
# perpendicular to ω: many equally good landmarks, one per period, and the
# descent from the origin stops in the nearest valley. With K = 10 (right)
# ten stripe patterns in ten directions add up: the landscape is no longer
# periodic, and has many local minima.
#
# The same landscape as a function of the phase
# ---------------------------------------------
# For K = 1 the landmark x acts through b = ω·x only: cos(ω·(x − x_i)) =
# cos(ω·x_i − b). ``bias_objective`` draws f over b ∈ [−π, π], GBRFF2's
# objective for the phase. The learned landmark and the start are points of
# this one curve.
model = fits[1]
_, y_tilde = residuals(model, X, y, t)
omega = model.omegas_[t, 0]
phases = np.linspace(-np.pi, np.pi, 721)
f_b = bias_objective(X, y_tilde, omega, phases)


def wrap(b):
    """An angle in [−π, π)."""
    return (b + np.pi) % (2 * np.pi) - np.pi


b_landmark = wrap(omega @ model.landmarks_[t])
b_best = phases[np.argmin(f_b)]
print(f"f at the start: {bias_objective(X, y_tilde, omega, 0.0):.3f}, "
      f"at the learned landmark: {bias_objective(X, y_tilde, omega, b_landmark):.3f}, "
      f"global minimum over b: {f_b.min():.3f}")

fig, ax = plt.subplots(figsize=(11, 5), layout="constrained")
ax.plot(phases, f_b, color="#0072B2", label="f(b), one period")
ax.plot(0.0, bias_objective(X, y_tilde, omega, 0.0), marker="X", markersize=16,
        color="white", markeredgecolor="black", linestyle="none", label="start: b = ω·0 = 0")
ax.plot(b_landmark, bias_objective(X, y_tilde, omega, b_landmark), marker="*", markersize=24,
        color="#D55E00", markeredgecolor="black", linestyle="none",
        label="learned landmark: b = ω·$x^t$")
ax.plot(b_best, f_b.min(), marker="o", markersize=34, color="none", markeredgecolor="black",
        markeredgewidth=2.5, linestyle="none", label="global minimum")
ax.set_xticks([-np.pi, -np.pi / 2, 0, np.pi / 2, np.pi], ["−π", "−π/2", "0", "π/2", "π"])
ax.set_ylim(f_b.min() - 0.03, f_b.max() + 0.02)
ax.set_xlabel("phase b")
ax.set_ylabel("f(b)")
ax.set_title("K = 1: the landmark's objective is periodic in b = ω·x")
ax.legend(loc="upper left", fontsize=13, framealpha=0.95)
ax.grid(alpha=0.3)
plt.show()

# %%
# Here the descent from the origin reached the global minimum; it need not
# (a period can hold more than one valley, and with K = 10 the landscape has
# many). The whole plane of landmarks folds onto one period of b. Searching
# it is cheap, which is why GBRFF2 finds the best phase globally at every
# iteration (the paper's Algorithm 3), then refines ω. The teaching app's
# page "Loss landscape" plays this picture iteration by iteration.
