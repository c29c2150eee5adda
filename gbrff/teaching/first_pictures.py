"""The home page's pictures: one GBRFF2 fit on the two moons seen three ways (one weak learner, the sum
of the first ones, the boundary), and a kernel as the mean of random cosines (Bochner's theorem;
Rahimi & Recht, NIPS 2007)."""

import numpy as np

from .._estimators import GBRFF2Classifier
from ..datasets import make_toy
from .expansions import band_limited, make_grid, staged_scores

__all__ = ["moons_example", "kernel_averages"]


def moons_example(n_sum=3, T=40):
    """The home page's fit: GBRFF2 on 200 moons (noise 0.1, seed 0), seen three ways.

    Parameters
    ----------
    n_sum : int, default=3
        The first weak learners shown, and summed.
    T : int, default=40
        Boosting iterations.

    Returns
    -------
    dict
        The points ``X``, ``y``, the ``model``, the 100 × 100 grid ``xs``,
        ``ys``, ``G``, the first ``n_sum`` weak learners ``h`` on it, their
        weighted ``vote`` and the final vote ``H`` (each cell the mean of H over
        it, as the playground draws it).

    Examples
    --------
    >>> from gbrff.teaching.first_pictures import moons_example
    >>> pictures = moons_example(n_sum=2, T=10)
    >>> len(pictures["h"]), pictures["H"].shape
    (2, (10000,))
    """
    X, y = make_toy("moons", n_samples=200, noise=0.1, random_state=0)
    model = GBRFF2Classifier(n_estimators=T, random_state=0, standardize=False).fit(X, y)
    xs, ys, G = make_grid(X, n=100)
    e = model.expansion_
    h = [e.weak_learner(t, G) for t in range(n_sum)]
    vote = sum(float(e.alphas[t]) * h[t] for t in range(n_sum))
    H = staged_scores(band_limited(e, xs[1] - xs[0], ys[1] - ys[0]), G, [T])[0]
    return {"X": X, "y": y, "model": model, "xs": xs, "ys": ys, "G": G, "h": h, "vote": vote, "H": H}


def kernel_averages(gamma, r, sizes=(1, 10, 100, 1000), seed=0):
    """A kernel as the mean of random cosines (Bochner's theorem).

    Parameters
    ----------
    gamma : float
        γ of the RBF kernel e^{−γ r²}.
    r : ndarray
        Distances.
    sizes : sequence of int, default=(1, 10, 100, 1000)
        The numbers m of cosines averaged.
    seed : int, default=0
        Seeds the draws ω ~ N(0, 2γ) (one coordinate is enough along r).

    Returns
    -------
    kernel : ndarray
        e^{−γ r²} at ``r``.
    averages : dict of int to ndarray
        For each m of ``sizes``, the mean of cos(ω r) over the first m of
        ``max(sizes)`` draws.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.first_pictures import kernel_averages
    >>> kernel, averages = kernel_averages(0.5, np.array([0.0, 1.0]), sizes=(1, 1000))
    >>> kernel.round(3), averages[1000].round(2)
    (array([1.   , 0.607]), array([1.  , 0.61]))
    """
    omegas = np.random.RandomState(seed).normal(scale=np.sqrt(2 * gamma), size=max(sizes))
    return np.exp(-gamma * r ** 2), {m: np.cos(np.outer(r, omegas[:m])).mean(axis=1) for m in sizes}
