"""
A first fit
===========

GBRFF2 on scikit-learn's two moons: fit, score, and the decision surface of the
boosted vote H(x), a sum of learned cosines.
"""

import matplotlib.pyplot as plt
import numpy as np
from sklearn.datasets import make_moons
from sklearn.model_selection import train_test_split

from gbrff import GBRFF2Classifier

X, y = make_moons(400, noise=0.2, random_state=0)
X_train, X_test, y_train, y_test = train_test_split(X, y, test_size=0.3, random_state=0)
clf = GBRFF2Classifier(n_estimators=100, random_state=0).fit(X_train, y_train)
print(f"test accuracy: {clf.score(X_test, y_test):.3f}")

# %%
# The decision surface: the vote over a grid of the plane, the boundary where it is 0.
xx, yy = np.meshgrid(np.linspace(-1.5, 2.5, 200), np.linspace(-1.0, 1.5, 200))
H = clf.decision_function(np.c_[xx.ravel(), yy.ravel()]).reshape(xx.shape)
fig, ax = plt.subplots(figsize=(6, 4))
ax.contourf(xx, yy, H, levels=20, cmap="RdBu", alpha=0.8)
ax.contour(xx, yy, H, levels=[0], colors="k")
ax.scatter(X_test[:, 0], X_test[:, 1], c=y_test, cmap="RdBu", edgecolors="k", s=20)
ax.set(xlabel="$x_1$", ylabel="$x_2$", title="GBRFF2 on the moons, T = 100")
plt.show()
