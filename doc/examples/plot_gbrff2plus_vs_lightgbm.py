"""
GBRFF2+ against LightGBM on raw features
========================================

GBRFF2+ is gbrff's own variant of GBRFF2, not a method of the paper:
:class:`gbrff.GBRFF2PlusClassifier`, a :class:`gbrff.GBRFF2Classifier` with
other defaults, each chosen by cross-validation on training parts only:

- ``quantile_features=True``: beside each feature, its rank (its empirical
  distribution function on the training data), as trees see features;
- ``feature_bandwidths="fkl"``: one bandwidth per column, learned by Fourier
  kernel learning (Băzăvan, Li and Sminchisescu, ECCV 2012) and shrunk back
  towards the shared one;
- ``"auto"`` values that adapt to the training data: the penalty λ‖ω‖² on the
  frequencies, the shrinkage, the loss, the number of iterations, the rows of
  each weak learner and a screen of the features. Up to 1,000 training rows
  and with fewer than 100 features they are λ = 2⁻⁴, the shrinkage 0.75, the
  exponential loss and 100 iterations, every row, no screen: GBRFF2+'s first
  definition. The user guide's "GBRFF2+" gives the rules.

This example puts GBRFF2+, plain GBRFF2 and LightGBM's ``LGBMClassifier``,
all three at their defaults, on the raw (unscaled) features of the
Wisconsin breast cancer data, over five random splits.
"""

# %%
# Raw features of very different scales
# -------------------------------------
# The 30 features of the breast cancer data (569 tumours) are measured in
# their own units; their standard deviations differ by a factor of more
# than 100,000. Trees do not care. The GBRFF estimators standardise inside
# (``standardize=True``), so they do not either: no scaler is needed.
import time

import matplotlib.pyplot as plt
import numpy as np
from lightgbm import LGBMClassifier
from sklearn.datasets import load_breast_cancer
from sklearn.model_selection import train_test_split

from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier

plt.rcParams.update({"font.size": 15, "axes.titlesize": 16})

X, y = load_breast_cancer(return_X_y=True)
spread = X.std(axis=0)
print(f"{X.shape[0]} rows, {X.shape[1]} features; standard deviations from "
      f"{spread.min():.1e} to {spread.max():.1e}")
# each "auto" resolved on these rows (569 of them: the first definition's values)
print("GBRFF2+ resolves", GBRFF2PlusClassifier(random_state=0).fit(X, y).resolved_params_)

# %%
# Five splits, three models
# -------------------------
# Each split keeps 30 % of the data for the test, stratified by class, with
# its own seed. ``GBRFF2PlusClassifier()`` is GBRFF2+ (the registry's
# ``GBRFF2+`` at its defaults, ``gbrff.methods.get_method("GBRFF2+")``). LightGBM's
# model is its default one; ``verbose=-1`` only silences its log, and
# ``n_jobs=1`` makes it fit on one thread, as the GBRFF estimators do on data
# of fewer than 4,096 rows, so that the times compare the algorithms, not
# the threads (on a busy machine a threaded fit of 400 rows mostly waits).
# The first fit of each model loads compiled code, so we make one untimed
# fit of each first: the times are those of a warm process.
models = {
    "GBRFF2": lambda seed: GBRFF2Classifier(random_state=seed),
    "GBRFF2+": lambda seed: GBRFF2PlusClassifier(random_state=seed),
    "LightGBM": lambda seed: LGBMClassifier(n_jobs=1, verbose=-1),
}
for make in models.values():
    make(0).fit(X[:100], y[:100])  # warm-up, not timed

accuracy = {name: [] for name in models}
seconds = {name: [] for name in models}
for seed in range(5):
    X_train, X_test, y_train, y_test = train_test_split(
        X, y, test_size=0.3, stratify=y, random_state=seed)
    for name, make in models.items():
        model = make(seed)
        start = time.perf_counter()
        model.fit(X_train, y_train)
        seconds[name].append(time.perf_counter() - start)
        accuracy[name].append(model.score(X_test, y_test))

for name in models:
    print(f"{name:9s} accuracy {100 * np.mean(accuracy[name]):.1f} % "
          f"(± {100 * np.std(accuracy[name]):.1f}), median fit "
          f"{1000 * np.median(seconds[name]):.0f} ms")

# %%
# The picture
# -----------
# Left: the test accuracy of each split (one marker a split, the same split
# joined by a line) and the mean (the black line). Right: the median fit time, on a log scale.
# Times depend on the machine and its load; the accuracies do not.
names = list(models)
colors = {"GBRFF2": "#56B4E9", "GBRFF2+": "#0072B2", "LightGBM": "#E69F00"}
hatches = {"GBRFF2": "", "GBRFF2+": "//", "LightGBM": ".."}
markers = {"GBRFF2": "o", "GBRFF2+": "s", "LightGBM": "^"}

fig, (ax_acc, ax_time) = plt.subplots(1, 2, figsize=(12, 5), layout="constrained")
positions = np.arange(len(names))
per_split = 100 * np.array([accuracy[name] for name in names])  # (model, split)
offsets = np.linspace(-0.12, 0.12, per_split.shape[1])  # splits side by side
ax_acc.plot(positions[:, None] + offsets, per_split, color="grey", linewidth=1, alpha=0.6)
for k, name in enumerate(names):
    ax_acc.scatter(k + offsets, per_split[k], marker=markers[name], s=90, color=colors[name],
                   edgecolors="black", zorder=3)
    ax_acc.hlines(per_split[k].mean(), k - 0.3, k + 0.3, color="black", linewidth=3, zorder=4)
ax_acc.hlines([], 0, 0, color="black", linewidth=3, label="mean")  # legend entry
ax_acc.legend(loc="lower left")
ax_acc.set_xlim(-0.5, len(names) - 0.5)
ax_acc.set_xticks(positions, names)
ax_acc.set_ylabel("test accuracy (%)")
ax_acc.grid(axis="y", alpha=0.3)
ax_acc.set_title("accuracy, five splits")

medians = [1000 * np.median(seconds[name]) for name in names]
ax_time.bar(positions, medians, 0.6, color=[colors[n] for n in names],
            hatch=[hatches[n] for n in names], edgecolor="black")
for k, value in enumerate(medians):
    ax_time.text(k, value * 1.15, f"{value:.0f} ms", ha="center", va="bottom")
ax_time.set_yscale("log")
ax_time.set_ylim(min(medians) / 2, max(medians) * 4)
ax_time.set_xticks(positions, names)
ax_time.set_ylabel("median fit time (ms, log scale)")
ax_time.set_title("fit time")
plt.show()

# %%
# On this data set the three are within a couple of points of one another;
# five splits of 171 test points cannot separate them (one test point is
# 0.6 %). The comparison over the paper's 15 UCI tasks, and what each
# ingredient of GBRFF2+ adds, are in the user guide and in "Reproducing
# the papers". GBRFF2+ pays for its ranks (twice the columns) and its
# bandwidth fit (a small Fourier-kernel-learning fit on at most 1,000 rows)
# with a few times GBRFF2's fit time.
