"""
Choosing γ, the kernel's bandwidth
==================================

GBRFF draws its frequencies ω from N(0, 2γ)^d, the Fourier transform of the
RBF kernel exp(−γ‖x − x′‖²). γ sets the scale of the model: a small γ
draws low frequencies (slow waves, smooth surfaces), a large γ high ones
(fast waves, a surface that can follow every point).

The estimators take ``gamma`` as a number or as a rule:

- ``"auto"`` (the default): γ = 1/d, d the number of features, meant for
  standardised features, which the estimators make themselves
  (``standardize=True``);
- ``"quantile"``: the rule of the random-features thesis (Ribes, 2019),
  γ = 1/(2σ²) with σ² the mean of the 10 % and 90 % quantiles of the
  squared distances between pairs of training points
  (:func:`gbrff.quantile_gamma`, through :func:`gbrff.resolve_gamma`).

The fitted ``gamma_`` is the number used. This example draws the surface
for four values, then the accuracy against γ.
"""

# %%
# Four values of γ
# ----------------
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from gbrff import GBRFF2Classifier

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16, "lines.linewidth": 2.5})

X, y = make_moons(n_samples=300, noise=0.25, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.3, stratify=y, random_state=0)

xx, yy = np.meshgrid(np.linspace(-1.8, 2.8, 150), np.linspace(-1.3, 1.8, 150))
grid = np.column_stack([xx.ravel(), yy.ravel()])

fig, axes = plt.subplots(2, 2, figsize=(12, 9.5), sharex=True, sharey=True, layout="constrained")
for ax, gamma in zip(axes.flat, (0.02, "quantile", "auto", 20.0)):
    clf = GBRFF2Classifier(n_estimators=100, gamma=gamma, random_state=0).fit(X_train, y_train)
    proba = clf.predict_proba(grid)[:, 1].reshape(xx.shape)
    surface = ax.contourf(xx, yy, proba, levels=np.linspace(0, 1, 11), cmap="RdBu_r", alpha=0.6)
    ax.contour(xx, yy, proba, levels=[0.5], colors="black", linewidths=2.5)
    for label, marker, color in ((0, "o", "#2166ac"), (1, "^", "#b2182b")):
        pts = X_train[y_train == label]
        ax.scatter(pts[:, 0], pts[:, 1], marker=marker, s=35, c=color, edgecolors="black",
                   linewidths=0.7, label=f"class {label}")
    name = f'"{gamma}"' if isinstance(gamma, str) else "γ"
    ax.set_title(f"{name} = {clf.gamma_:.2g}: test accuracy {clf.score(X_test, y_test):.2f}")
    print(f"gamma={gamma!r:10s} gamma_={clf.gamma_:.3f} "
          f"test accuracy {clf.score(X_test, y_test):.3f}")
for ax in axes[1]:
    ax.set_xlabel("$x_1$")
for ax in axes[:, 0]:
    ax.set_ylabel("$x_2$")
axes[0, 0].legend(loc="lower left", framealpha=0.95, markerscale=1.5)
fig.colorbar(surface, ax=axes, label="P(class 1)", ticks=[0, 0.5, 1], shrink=0.6)
plt.show()

# %%
# At γ = 0.02 the waves are too slow to bend around the moons. The two rules
# give sensible values here. At γ = 20 the boundary wiggles around single
# training points; GBRFF2 refines each ω from its draw, which tempers a γ
# too large, so the test accuracy suffers less than the surface suggests.
#
# Accuracy against γ
# ------------------
# Training and test accuracy over a range of γ (log scale), with the two
# rules marked. The paper searches γ ∈ {2⁻², …, 2²}/d by cross-validation
# (``gbrff.methods.METHODS["GBRFF2"].grid``); the rules are a good start
# without a search.
gammas = np.logspace(-2.5, 1.5, 13)
train_acc, test_acc = [], []
for gamma in gammas:
    clf = GBRFF2Classifier(n_estimators=100, gamma=gamma, random_state=0).fit(X_train, y_train)
    train_acc.append(clf.score(X_train, y_train))
    test_acc.append(clf.score(X_test, y_test))
rules = {rule: GBRFF2Classifier(gamma=rule, random_state=0).fit(X_train, y_train).gamma_
         for rule in ("quantile", "auto")}

fig, ax = plt.subplots(figsize=(11, 5.5), layout="constrained")
ax.plot(gammas, train_acc, marker="o", markersize=9, color="#0072B2", label="training part")
ax.plot(gammas, test_acc, marker="s", markersize=9, linestyle="--", color="#D55E00",
        label="test part")
for (rule, value), style in zip(rules.items(), (":", "-.")):
    ax.axvline(value, color="black", linestyle=style, linewidth=2,
               label=f'"{rule}": γ = {value:.2g}')
ax.set_xscale("log")
ax.set_xlabel("γ (log scale)")
ax.set_ylabel("accuracy")
ax.set_title("GBRFF2, 100 iterations, two moons")
ax.legend(loc="lower right", framealpha=0.95)
ax.grid(alpha=0.3)
plt.show()

# %%
# The user guide's page on the parameters shows the effect of γ with λ, T
# and the loss; :ref:`sphx_glr_auto_examples_plot_fkl_bandwidths.py` learns
# one bandwidth per feature instead of one for all.
