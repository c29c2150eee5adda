"""
Staged predictions and early stopping
=====================================

A boosted model is built one weak learner at a time, and the first t
iterations of a fit *are* the model of t iterations. The ``staged_*``
methods of the GBRFF estimators (as those of scikit-learn's gradient
boosting) yield the predictions after each iteration, so one fit shows the
whole learning curve.

This example draws the training and held-out curves of
:class:`gbrff.GBRFF2Classifier` on noisy data, then lets the estimator stop
by itself when a validation loss stops improving (``n_iter_no_change``,
``validation_fraction``, ``tol``).
"""

# %%
# Noisy moons, a narrow kernel
# ----------------------------
# Much noise and a large γ (narrow kernel: high frequencies) make the model
# fit the noise if it runs long enough. We hold out 40 % of the points.
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from gbrff import LOSSES, GBRFF2Classifier

plt.rcParams.update({"font.size": 15, "axes.titlesize": 17, "lines.linewidth": 2.5})

X, y = make_moons(n_samples=800, noise=0.35, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.4, stratify=y, random_state=0)

clf = GBRFF2Classifier(n_estimators=300, gamma=2.0, random_state=0).fit(X_train, y_train)

# %%
# The curves of one fit
# ---------------------
# ``staged_decision_function`` yields the score H after each iteration.
# The loss the model minimises is the exponential loss exp(−yH) with labels
# y = ±1; ``gbrff.LOSSES`` holds each loss's formula, here its ``mean``.
# ``staged_predict`` yields the labels, hence the accuracy.
loss = LOSSES[clf.loss]


def curves(X_part, y_part):
    """Mean loss and accuracy after each iteration."""
    y_pm = np.where(y_part == 1, 1.0, -1.0)
    losses = [loss.mean(H, y_pm) for H in clf.staged_decision_function(X_part)]
    accuracies = [np.mean(p == y_part) for p in clf.staged_predict(X_part)]
    return np.array(losses), np.array(accuracies)


train_loss, train_acc = curves(X_train, y_train)
test_loss, test_acc = curves(X_test, y_test)
t = np.arange(1, clf.n_estimators_ + 1)
best = int(np.argmin(test_loss)) + 1
print(f"held-out loss lowest after {best} iterations: {test_loss[best - 1]:.3f} "
      f"(after {clf.n_estimators_}: {test_loss[-1]:.3f})")

fig, (ax_loss, ax_acc) = plt.subplots(1, 2, figsize=(14, 5.5), layout="constrained")
for ax, train, test, name in ((ax_loss, train_loss, test_loss, "exponential loss"),
                              (ax_acc, train_acc, test_acc, "accuracy")):
    ax.plot(t, train, color="#0072B2", label="training part")
    ax.plot(t, test, color="#D55E00", linestyle="--", label="held-out part")
    ax.axvline(best, color="black", linestyle=":", linewidth=2)
    ax.set_xscale("log")
    ax.set_xlabel("iterations t (log scale)")
    ax.set_ylabel(name)
    ax.grid(alpha=0.3)
ax_loss.annotate(f"lowest held-out\nloss, t = {best}", xy=(best, test_loss[best - 1]),
                 xytext=(best * 1.6, test_loss[best - 1] + 0.15),
                 arrowprops=dict(arrowstyle="->", linewidth=1.5))
ax_loss.legend(loc="upper right")
ax_loss.set_title("the loss boosting minimises")
ax_acc.set_title("the share of points right")
plt.show()

# %%
# The training loss keeps falling; the held-out loss falls, then rises once
# the cosines start to follow the noise. Accuracy is a coarser measure and
# moves later and less, but it drops too.
#
# Early stopping
# --------------
# ``n_iter_no_change=10`` sets ``validation_fraction`` of the training part
# aside (here 20 %), computes the loss on it after each iteration, and stops
# when it has not decreased by ``tol`` for 10 iterations. The fitted model
# keeps every iteration it ran: its ``train_loss_`` and ``validation_loss_``
# are the two curves, and ``n_estimators_`` says how far it went.
early = GBRFF2Classifier(n_estimators=300, gamma=2.0, random_state=0, n_iter_no_change=10,
                         validation_fraction=0.2, tol=1e-4).fit(X_train, y_train)
print(f"early stopping ran {early.n_estimators_} of 300 iterations; held-out accuracy "
      f"{early.score(X_test, y_test):.3f} (all 300: {clf.score(X_test, y_test):.3f})")

fig, ax = plt.subplots(figsize=(10, 5.5), layout="constrained")
t_early = np.arange(1, early.n_estimators_ + 1)
ax.plot(t_early, early.train_loss_, color="#0072B2", label="train_loss_")
ax.plot(t_early, early.validation_loss_, color="#D55E00", linestyle="--", marker="o",
        markevery=5, label="validation_loss_")
low = int(np.argmin(early.validation_loss_)) + 1
ax.plot(low, early.validation_loss_[low - 1], marker="*", markersize=22, color="black",
        linestyle="none", label=f"lowest, t = {low}")
ax.axvline(early.n_estimators_, color="black", linestyle=":", linewidth=2)
ax.text(early.n_estimators_ - 0.5, 0.97, f"stopped\nat t = {early.n_estimators_}",
        transform=ax.get_xaxis_transform(), ha="right", va="top")
ax.set_xlabel("iterations t")
ax.set_ylabel("exponential loss")
ax.set_title("early stopping watches the validation loss")
ax.legend(loc="upper center")
ax.grid(alpha=0.3)
plt.show()

# %%
# The validation loss was lowest at the star; the fit ran the 10 iterations
# of patience after it, found no better one, and stopped. Early stopping
# needs no test set and no second fit, and here it runs a sixth of the
# iterations for a better held-out accuracy than all 300. It
# costs a fifth of the training data, which the model does not learn from:
# on small data sets, cross-validating ``n_estimators`` (one fit per fold,
# scored at every t with ``staged_predict``) keeps every point.
