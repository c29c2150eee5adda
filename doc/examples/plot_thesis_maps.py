"""
Random features + linear models: accuracy against D
===================================================

A kernel machine compares every point with every training point: its cost
grows with the square of the data. Random features replace the kernel by
an explicit map z(x) of D features whose inner products approximate it, and
a linear model on z(x) then acts like the kernel machine. Two maps of the
RBF kernel exp(−γ‖x − x′‖²) are common:

- **random Fourier features** (Rahimi and Recht, NIPS 2007):
  z(x) = √(2/D) cos(ωx + b), ω drawn from the kernel's Fourier transform;
- **Nyström** (Williams and Seeger, NIPS 2001): the kernel's values at D
  training points, whitened.

The random-features thesis that gbrff reproduces (Ribes, *Using Random
Fourier Features with Random Forest*, Bachelor's thesis, UPC BarcelonaTech,
2019) puts such maps, with D = 500 and γ by a quantile rule, in front of
ordinary models, alone or in ensembles. gbrff's
:class:`gbrff.baselines.RandomFeatureMap` is that map as a scikit-learn
transformer, and :class:`gbrff.baselines.RandomFeatureEnsembleClassifier`
the thesis's four ensembles (:data:`gbrff.baselines.SCHEMES`).
"""

# %%
# Handwritten digits
# ------------------
# scikit-learn's 1,797 digits (8×8 pixels, 10 classes), a part of the UCI
# optical digits set among the thesis's tasks. 30 % are kept for the test.
import matplotlib.pyplot as plt
from sklearn.datasets import load_digits
from sklearn.model_selection import train_test_split
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC

from gbrff.baselines import RBFSVC, SCHEMES, RandomFeatureEnsembleClassifier, RandomFeatureMap

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16, "lines.linewidth": 2.5})

X, y = load_digits(return_X_y=True)
X_train, X_test, y_train, y_test = train_test_split(
    X, y, test_size=0.3, stratify=y, random_state=0)
print("ensemble schemes:", ", ".join(SCHEMES))

# %%
# A linear SVM behind each map, D from 20 to 500
# ----------------------------------------------
# Each model is a pipeline: standardise, map (``kind="rff"`` or
# ``"nystroem"``, ``n_components=D``; ``gamma="quantile"``, the thesis's
# rule, is the default), then a linear SVM. Two references: the linear SVM
# on the pixels themselves, and the exact kernel machine, an RBF SVM with
# the same γ rule (:class:`gbrff.baselines.RBFSVC`).
sizes = [20, 50, 100, 200, 500]


def accuracy(*steps):
    model = make_pipeline(StandardScaler(), *steps).fit(X_train, y_train)
    return model.score(X_test, y_test)


curves = {kind: [accuracy(RandomFeatureMap(kind, D, random_state=0), LinearSVC())
                 for D in sizes]
          for kind in ("rff", "nystroem")}
linear = accuracy(LinearSVC())
exact = accuracy(RBFSVC(C=10, random_state=0))

# %%
# An ensemble of small maps
# -------------------------
# The thesis's "white bag": each of 10 members draws its own map and sees a
# bootstrap sample of the training data; the ensemble averages their votes.
# Ten maps of D features hold 10·D features in all.
ensemble_sizes = [20, 50, 100]
ensemble = [accuracy(RandomFeatureEnsembleClassifier(LinearSVC(), scheme="white_bag",
                                                     n_components=D, n_estimators=10,
                                                     random_state=0))
            for D in ensemble_sizes]
for D, rff, nys in zip(sizes, curves["rff"], curves["nystroem"]):
    print(f"D = {D:3d}: RFF {rff:.3f}, Nystroem {nys:.3f}")
print(f"linear on pixels {linear:.3f}, exact RBF SVM {exact:.3f}")

# %%
# The picture
# -----------
fig, ax = plt.subplots(figsize=(11, 6), layout="constrained")
ax.plot(sizes, curves["rff"], marker="o", markersize=10, color="#0072B2",
        label="RFF + linear SVM")
ax.plot(sizes, curves["nystroem"], marker="s", markersize=10, linestyle="--", color="#E69F00",
        label="Nyström + linear SVM")
ax.plot(ensemble_sizes, ensemble, marker="^", markersize=11, linestyle="-.", color="#009E73",
        label="white bag: 10 × (RFF + linear SVM)")
ax.axhline(exact, color="black", linewidth=2, label="exact RBF SVM")
ax.axhline(linear, color="#CC79A7", linestyle=":", linewidth=3, label="linear SVM on the pixels")
ax.set_xscale("log")
ax.set_xticks(sizes, [str(D) for D in sizes])
ax.xaxis.set_minor_locator(plt.NullLocator())
ax.set_xlabel("D, features of a map (log scale)")
ax.set_ylabel("test accuracy")
ax.set_title("digits: random maps of the RBF kernel")
ax.legend(loc="lower right", framealpha=0.95)
ax.grid(alpha=0.3)
plt.show()

# %%
# With few features Nyström, whose features are built from the data, is
# ahead of random Fourier features, whose frequencies ignore it; both
# approach the exact kernel machine as D grows, and pass the linear model
# on the pixels from about a hundred features on. Ten small maps in a
# bagged ensemble do better than one map of the same size. Every number
# here rests on one draw of the maps and one split: the thesis averages 20
# splits, and its tables, reproduced, are in "Reproducing the papers".
