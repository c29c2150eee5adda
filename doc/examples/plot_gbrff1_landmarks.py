"""
GBRFF1: landmarks and their weights q
=====================================

GBRFF1 (Algorithm 2 of Gautheron et al., ECML-PKDD 2020) boosts *landmarks*.
At iteration t it draws K random frequencies ω_1 … ω_K, learns a point
x^t of the input space (the landmark), and weighs the K cosines
cos(ω_j·(x^t − x)) with a distribution q over them, the PAC-Bayesian
pseudo-posterior of the paper's Eq. 10: a cosine that fits the residuals
better gets more weight, the more so the larger β. The weak learner is

    h_t(x) = Σ_j q_j cos(ω_j·(x^t − x)),

largest (equal to 1) at the landmark itself. The model adds α_t h_t(x) to
its score.

The fitted :class:`gbrff.GBRFF1Classifier` exposes ``landmarks_`` (T, d),
``omegas_`` (T, K, d), ``q_`` (T, K) and ``alphas_`` (T,). This example
draws them.
"""

# %%
# A fit with 20 landmarks
# -----------------------
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from gbrff import GBRFF1Classifier

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16})

X, y = make_moons(n_samples=400, noise=0.2, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.3, stratify=y, random_state=0)

clf = GBRFF1Classifier(n_estimators=20, n_components=10, random_state=0).fit(X_train, y_train)
print(f"test accuracy: {clf.score(X_test, y_test):.3f}")
print(f"landmarks_ {clf.landmarks_.shape}, q_ {clf.q_.shape}, omegas_ {clf.omegas_.shape}")

# %%
# Where the landmarks are
# -----------------------
# The estimator standardises the features (``standardize=True``), and the
# landmarks live in that space: ``landmarks_ * scale_ + mean_`` puts them
# back in the units of X. ``feature_map_.transform`` takes points the other
# way, which is what the fitted expansion (``expansion_``) is evaluated on.
#
# Left: the decision surface and the 20 landmarks, their size growing with
# the step α_t. Right: the weak learner of the first iteration. It is a wave
# whose crest passes through its landmark: with this q it is nearly one
# cosine (see below). Its crest votes for class 1 (the score goes up there)
# and its troughs, half a period away, for class 0.
landmarks = clf.landmarks_ * clf.scale_ + clf.mean_
print(f"steps alpha_t from {clf.alphas_.min():.2f} to {clf.alphas_.max():.2f}")

xx, yy = np.meshgrid(np.linspace(-4.5, 4.3, 200), np.linspace(-3.5, 2.2, 150))
grid = np.column_stack([xx.ravel(), yy.ravel()])
proba = clf.predict_proba(grid)[:, 1].reshape(xx.shape)
h_first = clf.expansion_.weak_learner(0, clf.feature_map_.transform(grid)).reshape(xx.shape)
star = dict(marker="*", c="#F0E442", edgecolors="black", linewidths=1.5, zorder=3)

fig, (ax_model, ax_h) = plt.subplots(1, 2, figsize=(13, 5), sharey=True, layout="constrained")
ax_model.contourf(xx, yy, proba, levels=np.linspace(0, 1, 11), cmap="RdBu_r", alpha=0.5)
ax_model.contour(xx, yy, proba, levels=[0.5], colors="black", linewidths=2)
for label, marker, color in ((0, "o", "#2166ac"), (1, "^", "#b2182b")):
    pts = X_train[y_train == label]
    ax_model.scatter(pts[:, 0], pts[:, 1], marker=marker, s=20, c=color, alpha=0.7,
                     label=f"class {label}")
ax_model.scatter(*landmarks.T, s=700 * clf.alphas_ / clf.alphas_.max(), **star)
ax_model.scatter([], [], s=300, label="landmark", **star)  # a legend entry of fixed size
ax_model.set_title("the model and its 20 landmarks")
ax_model.legend(loc="lower right", framealpha=0.95, markerscale=1.2)

wave = ax_h.contourf(xx, yy, h_first, levels=np.linspace(-1, 1, 21), cmap="PuOr_r")
ax_h.scatter(*landmarks[0], s=600, **star)
ax_h.set_title("weak learner $h_1(x)$ of iteration 1")
fig.colorbar(wave, ax=ax_h, ticks=[-1, 0, 1], label="$h_1(x)$")
for ax in (ax_model, ax_h):
    ax.set_xlabel("$x_1$")
    ax.set_aspect("equal")
ax_model.set_ylabel("$x_2$")
plt.show()

# %%
# The weights q and the role of β
# -------------------------------
# ``q_[t]`` sums to one over the K cosines of iteration t. Its inverse
# temperature is β√n (n training points): β = 0 gives every cosine 1/K,
# a large β puts all the weight on the best cosine. With the same seed the
# first iteration draws the same ω and learns the same landmark for every
# β, so its q can be compared directly.
fig, (ax_q, ax_beta) = plt.subplots(1, 2, figsize=(13, 5.2), layout="constrained")
fig.get_layout_engine().set(wspace=0.12)
image = ax_q.imshow(clf.q_, aspect="auto", cmap="viridis", vmin=0, vmax=1,
                    extent=(0.5, clf.q_.shape[1] + 0.5, clf.q_.shape[0] + 0.5, 0.5))
fig.colorbar(image, ax=ax_q, label="$q_{t,j}$")
ax_q.set_xlabel("cosine j of the iteration")
ax_q.set_ylabel("iteration t")
ax_q.set_yticks([1, 5, 10, 15, 20])
ax_q.set_title("q_ of the fit above (β = 1)")

betas = (0.0, 1.0, 10.0)
hatches = ("", "//", "..")
colors = ("#56B4E9", "#E69F00", "#009E73")
width = 0.27
j = np.arange(1, clf.q_.shape[1] + 1)
for k, (beta, hatch, color) in enumerate(zip(betas, hatches, colors)):
    q_first = GBRFF1Classifier(n_estimators=1, n_components=10, beta=beta,
                               random_state=0).fit(X_train, y_train).q_[0]
    ax_beta.bar(j + (k - 1) * width, q_first, width, color=color, hatch=hatch,
                edgecolor="black", label=f"β = {beta:g}")
    print(f"beta = {beta:4g}: largest q of iteration 1 = {q_first.max():.2f}")
ax_beta.set_xticks(j)
ax_beta.set_xlabel("cosine j of iteration 1")
ax_beta.set_ylabel("$q_{1,j}$")
ax_beta.set_title("iteration 1's q for three β")
ax_beta.legend(loc="upper center")
plt.show()

# %%
# At β = 1 most iterations already lean on one or two cosines; β = 10 picks
# one. Here every step α_t is positive: a landmark marks where its learner votes
# most for class 1, here on or below the lower moon, and some landmarks lie
# far from the data, which only their waves reach. The paper searches
# β ∈ {10⁻², …, 10²} with γ by cross-validation
# (``gbrff.methods.METHODS["GBRFF1"].grid``). The landmarks themselves are
# learned by a few L-BFGS steps from the origin (``n_optim_steps``);
# ``landmarks="random"`` takes training points instead, the 2019
# preprint's "GBRFF Random" ablation.
