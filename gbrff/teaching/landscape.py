"""The loss landscape of a landmark (the GBRFF paper's Fig. 1; Gautheron et al., ECML-PKDD 2020): GBRFF1
with K = 1 on the two moons, and at each iteration the loss of every candidate landmark, the same loss
over the phase b, and the vote so far."""

import numpy as np

from .._estimators import GBRFF1Classifier
from ..datasets import make_toy
from ..inspection import bias_objective, landmark_objective
from .expansions import band_limited, boosting_weights, make_grid, staged_curves, staged_scores

__all__ = ["N_B", "GRID", "LANDSCAPE_GRID", "fit_landscape", "landscape_frames"]

#: Phases b on [−π, π] of the loss curve over the phase.
N_B = 361  # phases b on [−π, π]
#: Points per axis of the vote's grid.
GRID = 100  # the vote's grid
#: Points per axis of the landmarks' grid.
LANDSCAPE_GRID = 60  # the landmarks' grid


def fit_landscape(n, noise, seed, T, gamma):
    """GBRFF1 with K = 1 and T iterations on the moons.

    Parameters
    ----------
    n : int
        Points of the moons.
    noise : float
        Their noise.
    seed : int
        The data's and the model's seed.
    T : int
        Iterations.
    gamma : float
        γ.

    Returns
    -------
    dict
        ``X``, ``y``, ``model``, ``expansion``.

    Examples
    --------
    >>> from gbrff.teaching.landscape import fit_landscape
    >>> fit = fit_landscape(60, 0.1, seed=0, T=5, gamma=0.5)
    >>> fit["expansion"].landmarks.shape
    (5, 2)
    """
    X, y = make_toy("moons", n_samples=int(n), noise=float(noise), random_state=int(seed))
    model = GBRFF1Classifier(n_estimators=T, n_components=1, gamma=gamma, random_state=int(seed),
                             standardize=False).fit(X, y)
    return {"X": X, "y": y, "model": model, "expansion": model.expansion_}


def landscape_frames(fit):
    """What each iteration t = 1 … T shows, from :func:`fit_landscape`'s ``fit``.

    Parameters
    ----------
    fit : dict
        What :func:`fit_landscape` returned.

    Returns
    -------
    dict
        ``stages``; the landmarks' grid ``xs``, ``ys`` (one window for every
        frame: the data and every landmark, wide enough for several periods of
        the stripes) and ``F`` (T, grid²), the loss of every landmark;
        ``at_landmark`` (the chosen landmark's loss); ``bs`` and ``fb``
        (T, N_B), the loss over the phase b, with ``b_landmark`` (the chosen
        landmark's phase); ``curves`` (accuracy and loss after every
        iteration); the vote's grid ``gx``, ``gy`` and ``H`` (T, grid²), each
        cell's mean.

    Examples
    --------
    >>> from gbrff.teaching.landscape import fit_landscape, landscape_frames
    >>> frames = landscape_frames(fit_landscape(60, 0.1, seed=0, T=5, gamma=0.5))
    >>> frames["F"].shape, frames["fb"].shape, frames["H"].shape
    ((5, 3600), (5, 361), (5, 10000))
    """
    X, y, e = fit["X"], fit["y"], fit["expansion"]
    T = e.n_iter
    stages = list(range(1, T + 1))
    xs, ys, G = make_grid(X, n=LANDSCAPE_GRID, pad=0.75, include=e.landmarks)
    weights = boosting_weights(e, X, y, stages)
    bs = np.linspace(-np.pi, np.pi, N_B)
    F, fb, b_land, at_land = [], [], [], []
    for k, t in enumerate(stages):
        y_tilde = y * weights[k]
        om, land = e.omegas[t - 1], e.landmarks[t - 1]
        F.append(landmark_objective(X, y_tilde, om, G))
        at_land.append(float(landmark_objective(X, y_tilde, om, land[None, :])[0]))
        fb.append(bias_objective(X, y_tilde, om[0], bs))
        b_land.append(float((om[0] @ land + np.pi) % (2 * np.pi) - np.pi))
    gx, gy, GG = make_grid(X, n=GRID)
    H = staged_scores(band_limited(e, gx[1] - gx[0], gy[1] - gy[0]), GG, stages)  # each cell's mean
    return {"stages": stages, "xs": xs, "ys": ys, "F": np.array(F), "at_landmark": at_land, "bs": bs,
            "fb": np.array(fb), "b_landmark": b_land, "curves": staged_curves(e, X, y), "gx": gx, "gy": gy, "H": H}
