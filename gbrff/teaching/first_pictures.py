"""The home page's pictures: one GBRFF2 fit on the two moons seen three ways (one weak learner, the sum
of the first ones, the boundary), and a kernel as the mean of random cosines (Bochner's theorem;
Rahimi & Recht, NIPS 2007)."""

import numpy as np

from .._estimators import GBRFF2Classifier
from ..datasets import make_toy
from .expansions import band_limited, make_grid, staged_scores

__all__ = ["moons_example", "kernel_averages"]


def moons_example(n_sum=3, T=40):
    """GBRFF2 with T iterations on 200 moons (noise 0.1, seed 0): the points ``X``, ``y``, the ``model``,
    the 100 × 100 grid ``xs``, ``ys``, ``G``, the first ``n_sum`` weak learners ``h`` on it, their
    weighted ``vote`` and the final vote ``H`` (each cell the mean of H over it, as the playground draws it)."""
    X, y = make_toy("moons", n_samples=200, noise=0.1, random_state=0)
    model = GBRFF2Classifier(n_estimators=T, random_state=0, standardize=False).fit(X, y)
    xs, ys, G = make_grid(X, n=100)
    e = model.expansion_
    h = [e.weak_learner(t, G) for t in range(n_sum)]
    vote = sum(float(e.alphas[t]) * h[t] for t in range(n_sum))
    H = staged_scores(band_limited(e, xs[1] - xs[0], ys[1] - ys[0]), G, [T])[0]
    return {"X": X, "y": y, "model": model, "xs": xs, "ys": ys, "G": G, "h": h, "vote": vote, "H": H}


def kernel_averages(gamma, r, sizes=(1, 10, 100, 1000), seed=0):
    """The RBF kernel e^{−γ r²} at the distances ``r`` and the mean of cos(ω r) over the first m of
    ``max(sizes)`` draws ω ~ N(0, 2γ) (one coordinate is enough along r), for each m of ``sizes``."""
    omegas = np.random.RandomState(seed).normal(scale=np.sqrt(2 * gamma), size=max(sizes))
    return np.exp(-gamma * r ** 2), {m: np.cos(np.outer(r, omegas[:m])).mean(axis=1) for m in sizes}
