"""
Three losses side by side
=========================

Every GBRFF estimator boosts one of three losses, chosen by its ``loss``
parameter (scikit-learn's names):

- ``"exponential"``, exp(−yH), the loss of the GBRFF paper (Gautheron et
  al., ECML-PKDD 2020), as in AdaBoost;
- ``"log_loss"``, ln(1 + exp(−yH)), the binomial deviance of logistic
  regression;
- ``"squared_error"``, (y − H)², the loss of the 2019 preprint (Gautheron et
  al., *Learning Landmark-Based Ensembles with Random Fourier Features and
  Gradient Boosting*, 2019).

Here y = ±1 is the label and H(x) the model's score. ``gbrff.LOSSES`` holds
each loss's formulas. This example draws them, then fits the same model
with each loss on data with wrong labels.
"""

# %%
# The losses and the weight of a point
# ------------------------------------
# The margin m = yH is positive on the right side of the boundary and large
# when the model is sure. Each iteration fits the next weak learner to the
# residuals ỹ of the loss (``LOSSES[name].residuals``): the size of ỹ is
# how much a point counts in it.
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from gbrff import LOSSES, GBRFF2Classifier

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16, "lines.linewidth": 2.5})
STYLE = {"exponential": dict(color="#0072B2", linestyle="-", marker="o"),
         "log_loss": dict(color="#E69F00", linestyle="--", marker="s"),
         "squared_error": dict(color="#009E73", linestyle="-.", marker="^")}

margin = np.linspace(-2, 3, 101)
y_pos = np.ones_like(margin)  # y = +1, so that H = m

fig, (ax_loss, ax_weight) = plt.subplots(1, 2, figsize=(12, 5), layout="constrained")
for name, loss in LOSSES.items():
    if loss.link is None:  # a regression loss (huber): no probability, not a classifier's
        continue
    _, y_tilde = loss.residuals(y_pos, margin)
    ax_loss.plot(margin, loss.terms(y_pos, margin), markevery=10, label=loss.label,
                 **STYLE[name])
    ax_weight.plot(margin, np.abs(y_tilde), markevery=10, **STYLE[name])
ax_loss.set_ylim(0, 6)
ax_loss.set_ylabel("loss of the point")
ax_loss.set_title("the loss")
ax_loss.legend()
ax_weight.set_ylim(0, 4)
ax_weight.set_ylabel("|residual| ỹ")
ax_weight.set_title("its weight in the next learner")
for ax in (ax_loss, ax_weight):
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_xlabel("margin m = yH  (wrong side < 0 < right side)")
    ax.grid(alpha=0.3)
plt.show()

# %%
# A point far on the wrong side (m ≪ 0) weighs exp(−m) under the exponential
# loss: it grows without bound, so a few mislabelled points can take over the
# next weak learners. The log loss caps the weight at 1. The squared error
# is a regression loss: it also pulls down points that are right with a
# margin above 1 (its weight rises again on the right).
#
# The same model, three losses
# ----------------------------
# The two moons with 10 % of the labels flipped at random. We fit
# :class:`gbrff.GBRFF2Classifier` with each loss, and measure the accuracy
# against the true (unflipped) labels of held-out points. The squared error
# is fitted twice: at the default λ = 0 (``reg_lambda``, the penalty λ‖ω‖²
# on the frequencies while they are refined) and with a tiny λ = 2⁻¹⁰.
X, y_true = make_moons(n_samples=600, noise=0.3, random_state=0)
flip = np.random.RandomState(1).rand(y_true.shape[0]) < 0.10
y_noisy = np.where(flip, 1 - y_true, y_true)
X_train, X_test, y_train, _, _, y_test_true = train_test_split(
    X, y_noisy, y_true, test_size=0.5, stratify=y_noisy, random_state=0)

xx, yy = np.meshgrid(np.linspace(-2, 3, 150), np.linspace(-1.6, 2.1, 150))
grid = np.column_stack([xx.ravel(), yy.ravel()])
settings = [("exponential", 0.0), ("log_loss", 0.0), ("squared_error", 0.0),
            ("squared_error", 2.0**-10)]

fig, axes = plt.subplots(2, 2, figsize=(12, 10), sharex=True, sharey=True, layout="constrained")
for ax, (name, reg_lambda) in zip(axes.flat, settings):
    clf = GBRFF2Classifier(n_estimators=200, loss=name, reg_lambda=reg_lambda, random_state=0)
    clf.fit(X_train, y_train)
    accuracy = clf.score(X_test, y_test_true)
    largest = np.abs(clf.omegas_).max()
    penalty = "λ = 0" if reg_lambda == 0 else "λ = 2⁻¹⁰"
    print(f"{name:13s} {penalty:8s}: accuracy {accuracy:.3f}, largest |ω| {largest:.0f}")
    proba = clf.predict_proba(grid)[:, 1].reshape(xx.shape)
    surface = ax.contourf(xx, yy, proba, levels=np.linspace(0, 1, 11), cmap="RdBu_r", alpha=0.6)
    ax.contour(xx, yy, proba, levels=[0.5], colors="black", linewidths=2.5)
    for label, marker, color in ((0, "o", "#2166ac"), (1, "^", "#b2182b")):
        pts = X_train[y_train == label]
        ax.scatter(pts[:, 0], pts[:, 1], marker=marker, s=35, c=color, edgecolors="black",
                   linewidths=0.7, label=f"class {label}")
    ax.set_title(f"{LOSSES[name].label}, {penalty}: accuracy {accuracy:.2f}")
for ax in axes[1]:
    ax.set_xlabel("$x_1$")
for ax in axes[:, 0]:
    ax.set_ylabel("$x_2$")
axes[0, 0].legend(loc="lower left", framealpha=0.95, markerscale=1.5)
fig.colorbar(surface, ax=axes, label="P(class 1)", ticks=[0, 0.5, 1], shrink=0.6)
plt.show()

# %%
# The training points drawn are the noisy ones. The exponential and the log
# loss give smooth boundaries and close accuracies; the log loss's bounded
# weights make it less hurt by wrong labels far from the boundary, and
# whether that pays on your data is a question for cross-validation (the
# paper's results are with ``"exponential"``, the default).
#
# The squared error at λ = 0 draws noise: fitting the residuals by least
# squares leaves the cosine's amplitude free, and the refinement of ω runs
# to frequencies in the thousands, each cosine fitting a few points. The
# smallest penalty on ‖ω‖ stops that. Each loss also has its own link from
# H to a probability (``predict_proba``): σ(2H) for the exponential loss,
# σ(H) for the log loss, and (1 + H)/2 clipped to [0, 1] for the squared
# error.
