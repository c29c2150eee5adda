"""
A first fit: GBRFF2 on the two moons
====================================

GBRFF2 (Gautheron et al., ECML-PKDD 2020) is gradient boosting whose weak
learners are single cosines. At each iteration t it draws a random
frequency ω, learns the phase b, refines ω, and adds α cos(ω·x − b) to the
score H(x). The class is the sign of H.

This example fits :class:`gbrff.GBRFF2Classifier` on scikit-learn's two
moons, measures its accuracy on held-out points, and draws the decision
surface after one iteration and at the end.
"""

# %%
# The data
# --------
# Two interleaving half circles with some noise: no straight line separates
# them. We keep 30 % of the points aside to test the model.
import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from gbrff import GBRFF2Classifier

plt.rcParams.update({"font.size": 15, "axes.titlesize": 17})  # readable when projected

X, y = make_moons(n_samples=600, noise=0.2, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.3, stratify=y, random_state=0)

# %%
# The fit
# -------
# ``n_estimators`` is T, the number of cosines. The frequencies ω are drawn
# from the Fourier transform of the RBF kernel exp(−γ‖x − x′‖²), and the
# default ``gamma="auto"`` is γ = 1 / (number of features), here 0.5. It
# suits features of unit variance, and the estimator standardises the
# features itself (``standardize=True``): raw features need no scaling.
clf = GBRFF2Classifier(n_estimators=100, random_state=0)
clf.fit(X_train, y_train)
print(f"test accuracy: {clf.score(X_test, y_test):.3f}")
print(f"gamma used: {clf.gamma_:.2f}, iterations run: {clf.n_estimators_}")

# %%
# The decision surface
# --------------------
# ``predict_proba`` on a grid of the plane gives the probability of the
# class drawn with triangles. Boosting adds one cosine at a time:
# ``staged_predict_proba`` yields the model after each iteration, so the
# same fitted model shows the surface after 1 iteration and after all 100.
# The black line is the decision boundary (probability 0.5); the markers are
# the test points.
xx, yy = np.meshgrid(np.linspace(-1.8, 2.8, 200), np.linspace(-1.3, 1.8, 200))
grid = np.column_stack([xx.ravel(), yy.ravel()])
stages = {t: p[:, 1] for t, p in enumerate(clf.staged_predict_proba(grid), start=1)
          if t in (1, clf.n_estimators_)}
test_predictions = list(clf.staged_predict(X_test))  # one array per iteration

fig, axes = plt.subplots(1, 2, figsize=(13, 5.5), sharey=True, layout="constrained")
for ax, (t, proba) in zip(axes, stages.items()):
    surface = ax.contourf(xx, yy, proba.reshape(xx.shape), levels=np.linspace(0, 1, 11),
                          cmap="RdBu_r", alpha=0.6)
    ax.contour(xx, yy, proba.reshape(xx.shape), levels=[0.5], colors="black", linewidths=2.5)
    for label, marker, color in ((0, "o", "#2166ac"), (1, "^", "#b2182b")):
        pts = X_test[y_test == label]
        ax.scatter(pts[:, 0], pts[:, 1], marker=marker, s=70, c=color, edgecolors="black",
                   linewidths=1.0, label=f"class {label}")
    test_acc = np.mean(test_predictions[t - 1] == y_test)
    ax.set_title(f"after {t} iteration{'s' * (t > 1)}: test accuracy {test_acc:.2f}")
    ax.set_xlabel("feature $x_1$")
axes[0].set_ylabel("feature $x_2$")
axes[0].legend(loc="lower left", framealpha=0.95, markerscale=1.3)
fig.colorbar(surface, ax=axes, label="P(class 1)", ticks=[0, 0.25, 0.5, 0.75, 1])
plt.show()

# %%
# One cosine cuts the plane into parallel stripes; the sum of a hundred
# follows the moons. The
# next examples look at how the model grows with the iterations
# (:ref:`sphx_glr_auto_examples_plot_staged_early_stopping.py`) and at what
# the weak learners are.
