"""A kernel is an average of cosines: the numbers of the app's kernel lesson (numpy only).

Bochner's theorem: a shift-invariant similarity k(x − x′) with k(0) = 1 is a
kernel exactly when it is the average of cos(ω·(x − x′)) over frequencies ω
drawn from some distribution p(ω), its *spectral density*. Rahimi & Recht
(NIPS 2007) turned this into random Fourier features: draw D frequencies,
average D cosines, and the average approaches k as D grows — with an error
that shrinks like 1/√D, as every average of bounded random numbers does (the
law of large numbers; a cosine lies in [−1, 1] whatever ω).

Three densities of ω and the kernel each stands for (Rahimi & Recht's table,
one width 1/√γ for all three; each coordinate of ω drawn on its own):

=========================  =============================  ==========================
ω drawn from               the kernel k(Δ), Δ = x − x′    its name
=========================  =============================  ==========================
Gaussian N(0, 2γ)          exp(−γ‖Δ‖²)                    RBF (Gaussian) kernel
Laplace, scale √γ          Π_j 1 / (1 + γΔ_j²)            Cauchy kernel
Cauchy, scale √γ           exp(−√γ ‖Δ‖₁)                  Laplacian kernel
=========================  =============================  ==========================

Then the kernels learned spectra stand for, on a toy problem: GBRFF2's T
learned frequencies ω_t, each weighted by its step ``|α_t|`` (Gautheron et al.,
ECML-PKDD 2020), and Fourier kernel learning's scales σ (RFF-SKL: Băzăvan,
Li, Sminchisescu, ECCV 2012, §3.3), whose Gaussian draws ω = σ ⊙ u stand for
the anisotropic Gaussian kernel exp(−½ Σ_j σ_j² Δ_j²).
"""

import numpy as np

from .three_ways import bandwidth_way, learned_way
from .toy import toy_split

__all__ = ["DENSITIES", "SIZES", "EXTENT", "BOARD_WAVES", "plane", "draw_frequencies", "kernel_values",
           "cosine_average", "learned_spectra", "spectrum_values", "spectrum_kernels", "board_cells", "weight_near"]

#: The spectral densities of ω: key → (the density's name, the kernel it stands for, the kernel's formula).
DENSITIES = {
    "gaussian": ("Gaussian", "RBF kernel", "exp(−γ‖x − x′‖²)"),
    "laplace": ("Laplace", "Cauchy kernel", "Π 1 / (1 + γ(xⱼ − x′ⱼ)²)"),
    "cauchy": ("Cauchy", "Laplacian kernel", "exp(−√γ ‖x − x′‖₁)"),
}
#: The numbers D of cosines averaged (the lesson's steps).
SIZES = (1, 2, 5, 10, 20, 50, 100, 200, 500, 1000)
#: The board's waves: its class is the sign of cos(π(x₁ + x₂)) − cos(π(x₁ − x₂)), so ω = ±(π, π), ±(π, −π).
BOARD_WAVES = np.pi * np.array([[1.0, 1.0], [1.0, -1.0], [-1.0, 1.0], [-1.0, -1.0]])
#: Half the side of the square plane the kernels are drawn on: [−EXTENT, EXTENT]².
EXTENT = 3.0


def plane(grid=80, extent=EXTENT):
    """The square grid the lesson draws on.

    Parameters
    ----------
    grid : int, default=80
        Points per axis.
    extent : float, default=EXTENT
        The plane is [−extent, extent]².

    Returns
    -------
    xs, ys : ndarray of shape (grid,)
        The abscissas and ordinates.
    G : ndarray of shape (grid * grid, 2)
        The grid points, row-major (``values.reshape(grid, grid)`` is indexed ``[y, x]``).

    Examples
    --------
    >>> from gbrff.teaching.kernel_average import plane
    >>> xs, ys, G = plane(grid=3, extent=1.0)
    >>> xs, G.shape
    (array([-1.,  0.,  1.]), (9, 2))
    """
    xs = np.linspace(-extent, extent, int(grid))
    gx, gy = np.meshgrid(xs, xs)
    return xs, xs.copy(), np.column_stack([gx.ravel(), gy.ravel()])


def _density(density):
    if density not in DENSITIES:
        raise ValueError(f"unknown spectral density {density!r}: one of {', '.join(DENSITIES)}")
    return density


def draw_frequencies(density, gamma, n, seed, d=2):
    """``n`` frequencies ω drawn from the spectral density ``density`` at width γ.

    Parameters
    ----------
    density : {"gaussian", "laplace", "cauchy"}
        The density of each coordinate of ω (:data:`DENSITIES`).
    gamma : float
        γ > 0: the kernel's width is about 1/√γ.
    n : int
        How many frequencies.
    seed : int
        The draws' seed (``numpy.random.default_rng``).
    d : int, default=2
        Coordinates of each ω.

    Returns
    -------
    ndarray of shape (n, d)
        The frequencies; the first m of them are the draws of a smaller ``n = m``.

    Examples
    --------
    >>> from gbrff.teaching.kernel_average import draw_frequencies
    >>> W = draw_frequencies("gaussian", 2.0, 100_000, seed=0)
    >>> W.shape, round(float(W.var()), 1)  # the variance 2γ of N(0, 2γ)
    ((100000, 2), 4.0)
    """
    rng = np.random.default_rng(int(seed))
    s = float(np.sqrt(gamma))
    if _density(density) == "gaussian":
        return rng.normal(0.0, np.sqrt(2.0) * s, size=(int(n), d))
    if density == "laplace":
        return rng.laplace(0.0, s, size=(int(n), d))
    return s * rng.standard_cauchy(size=(int(n), d))


def kernel_values(density, gamma, delta):
    """The kernel that the density ``density`` stands for, at the differences ``delta`` = x − x′.

    Parameters
    ----------
    density : {"gaussian", "laplace", "cauchy"}
        The spectral density (:data:`DENSITIES`).
    gamma : float
        Its width γ.
    delta : array-like of shape (m, d)
        The differences x − x′.

    Returns
    -------
    ndarray of shape (m,)
        k(Δ), 1 at Δ = 0.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.kernel_average import kernel_values
    >>> delta = np.array([[0.0, 0.0], [1.0, 0.0], [1.0, 1.0]])
    >>> [kernel_values(k, 1.0, delta).round(3).tolist() for k in ("gaussian", "laplace", "cauchy")]
    [[1.0, 0.368, 0.135], [1.0, 0.5, 0.25], [1.0, 0.368, 0.135]]
    """
    delta = np.asarray(delta, dtype=np.float64)
    if _density(density) == "gaussian":
        return np.exp(-gamma * (delta ** 2).sum(axis=1))
    if density == "laplace":
        return np.prod(1.0 / (1.0 + gamma * delta ** 2), axis=1)
    return np.exp(-np.sqrt(gamma) * np.abs(delta).sum(axis=1))


def cosine_average(density, gamma, seed, x0, sizes=SIZES, grid=80, extent=EXTENT):
    """The kernel around x′, the average of D random cosines for every D of ``sizes``, and its error.

    The D-th estimate averages cos(ω_j·(x − x′)) over the first D of
    ``max(sizes)`` draws (so a larger D adds cosines to the smaller one's).
    Its expected squared error at x is Var[cos(ω·Δ)] / D, with
    Var[cos(ω·Δ)] = (1 + k(2Δ)) / 2 − k(Δ)² (cos² = (1 + cos 2·)/2): the
    expected root-mean-square error over the plane is exactly ``law / √D``.

    Parameters
    ----------
    density : {"gaussian", "laplace", "cauchy"}
        The spectral density of ω (:data:`DENSITIES`).
    gamma : float
        Its width γ.
    seed : int
        The draws' seed.
    x0 : sequence of 2 floats
        The point x′ the kernel is centred on.
    sizes : sequence of int, default=SIZES
        The numbers D of cosines.
    grid : int, default=80
        Points per axis of the plane (:func:`plane`).
    extent : float, default=EXTENT
        The plane is [−extent, extent]².

    Returns
    -------
    dict
        ``xs``, ``ys`` (the grid), ``x0``, ``exact`` (k around x′, ``(grid, grid)``),
        ``estimates`` ({D: the average of D cosines, ``(grid, grid)`` float32}),
        ``sizes``, ``rms`` and ``largest`` (the root-mean-square and the largest
        ``|estimate − exact|`` over the plane, one per D), ``law`` (the expected RMS
        error of one cosine: the RMS error at D is about ``law / √D``) and
        ``omegas`` (the ``max(sizes)`` draws).

    Examples
    --------
    >>> from gbrff.teaching.kernel_average import cosine_average
    >>> out = cosine_average("gaussian", 1.0, seed=0, x0=(0.5, 0.5), sizes=(1, 100, 10_000), grid=40)
    >>> out["exact"].shape, sorted(out["estimates"])
    ((40, 40), [1, 100, 10000])
    >>> bool(0.5 < out["rms"][-1] * 10_000 ** 0.5 / out["law"] < 2)  # the RMS error ≈ law / √D
    True
    """
    sizes = tuple(sorted({int(D) for D in sizes}))
    xs, ys, G = plane(grid, extent)
    x0 = np.asarray(x0, dtype=np.float64).reshape(2)
    delta = G - x0
    exact = kernel_values(density, gamma, delta)
    omegas = draw_frequencies(density, gamma, sizes[-1], seed)
    estimates, rms, largest = {}, [], []
    running, done = np.zeros(len(G)), 0
    # the cosines in float32 (numpy's vectorised cos: 5× faster), their sums in float64
    delta32, omegas32 = delta.astype(np.float32), omegas.astype(np.float32)
    for D in sizes:  # the cosines D − previous D added to the running sum: every draw's cosine once
        running += np.cos(delta32 @ omegas32[done:D].T).sum(axis=1, dtype=np.float64)
        done = D
        est = running / D
        err = est - exact
        estimates[D] = est.reshape(len(ys), len(xs)).astype(np.float32)
        rms.append(float(np.sqrt(np.mean(err ** 2))))
        largest.append(float(np.abs(err).max()))
    variance = np.maximum((1.0 + kernel_values(density, gamma, 2.0 * delta)) / 2.0 - exact ** 2, 0.0)
    return {"xs": xs, "ys": ys, "x0": x0, "exact": exact.reshape(len(ys), len(xs)).astype(np.float32),
            "estimates": estimates, "sizes": sizes, "rms": np.array(rms), "largest": np.array(largest),
            "law": float(np.sqrt(variance.mean())), "omegas": omegas}


def learned_spectra(name, seed, gamma, n=300, noise=0.1, T=100):
    """Two learned spectra on the toy problem ``name``: GBRFF2's ω and RFF-SKL's σ, from the prior N(0, 2γ).

    GBRFF2 boosts T rounds, one cosine each, every ω learned by gradient
    descent from its draw; RFF-SKL draws T frequencies and learns one scale σⱼ
    per input axis (:func:`gbrff.teaching.three_ways.learned_way`,
    :func:`~gbrff.teaching.three_ways.bandwidth_way`: the random-features
    page's models).

    Parameters
    ----------
    name : str
        The toy problem (:func:`gbrff.datasets.make_toy`).
    seed : int
        The data's, the split's and the models' seed.
    gamma : float
        γ of the prior N(0, 2γ I): σ₀ = √(2γ).
    n : int, default=300
        Points of the toy problem (70 % to train).
    noise : float, default=0.1
        Its noise.
    T : int, default=100
        GBRFF2's rounds and RFF-SKL's features.

    Returns
    -------
    dict
        ``omegas`` (GBRFF2's T learned ω, ``(T, 2)``), ``weights`` (their steps
        ``|α_t|``), ``sigma`` (RFF-SKL's learned σ, one per axis), ``sigma0``,
        the test accuracies ``acc_gbrff2`` and ``acc_skl``, and the training
        points ``X``, ``y``.

    Examples
    --------
    >>> from gbrff.teaching.kernel_average import learned_spectra
    >>> s = learned_spectra("moons", seed=0, gamma=0.5, n=100, T=10)
    >>> s["omegas"].shape, s["weights"].shape, s["sigma"].shape, s["sigma0"]
    ((10, 2), (10,), (2,), 1.0)
    """
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    g2 = learned_way(X_tr, y_tr, T, gamma, seed)
    skl = bandwidth_way(X_tr, y_tr, T, gamma, seed)
    e = g2.expansion_
    return {"omegas": e.omegas.reshape(-1, X_tr.shape[1]).copy(), "weights": np.abs(e.alphas).ravel().copy(),
            "sigma": skl.sigma_[0].copy(), "sigma0": float(np.sqrt(2.0 * gamma)),
            "acc_gbrff2": g2.score(X_te, y_te), "acc_skl": skl.score(X_te, y_te), "X": X_tr, "y": y_tr}


def spectrum_values(spectra, gamma, delta):
    """The kernels that the prior and two learned spectra stand for, at the differences ``delta`` = x − x′.

    * the prior N(0, 2γ I): the isotropic RBF kernel exp(−γ‖Δ‖²);
    * RFF-SKL's σ: ω = σ ⊙ u, u ~ N(0, I), stands for the anisotropic Gaussian
      kernel exp(−½ Σⱼ σⱼ² Δⱼ²) (σⱼ = σ₀ = √(2γ) on every axis gives the RBF);
    * GBRFF2's learned ω_t with weights ``q_t = |α_t| / Σ|α|``: the kernel
      Σ_t q_t cos(ω_t·Δ), a weighted average of its T cosines (Bochner's
      theorem with a spectrum of T points: a kernel, 1 at Δ = 0). Among all
      weights q summing to 1, ``q ∝ |α|`` makes the vote Σ α_t cos(ω_t·x − b_t)
      simplest in that kernel's feature space (its norm Σ_t α_t² / q_t smallest).

    Parameters
    ----------
    spectra : dict
        :func:`learned_spectra`'s output (``omegas``, ``weights``, ``sigma``).
    gamma : float
        γ of the prior.
    delta : array-like of shape (m, 2)
        The differences x − x′.

    Returns
    -------
    dict
        {"prior", "RFF-SKL", "GBRFF2"} to ``(m,)`` arrays.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.kernel_average import spectrum_values
    >>> spectra = {"omegas": np.array([[np.pi, 0.0]]), "weights": np.array([2.0]), "sigma": np.array([1.0, 0.0])}
    >>> k = spectrum_values(spectra, 0.5, np.array([[1.0, 0.0], [0.0, 5.0]]))
    >>> {name: v.round(3).tolist() for name, v in k.items()}  # cos(πΔ₁); σ₂ = 0: flat along x₂
    {'prior': [0.607, 0.0], 'RFF-SKL': [0.607, 1.0], 'GBRFF2': [-1.0, 1.0]}
    """
    delta = np.asarray(delta, dtype=np.float64)
    W, q, sigma = (np.asarray(spectra[k], dtype=np.float64) for k in ("omegas", "weights", "sigma"))
    q = q / q.sum() if q.sum() > 0 else np.full(len(q), 1.0 / max(len(q), 1))
    return {"prior": kernel_values("gaussian", gamma, delta),
            "RFF-SKL": np.exp(-0.5 * ((sigma * delta) ** 2).sum(axis=1)),
            "GBRFF2": np.cos(delta @ W.T) @ q}


def spectrum_kernels(spectra, gamma, x0, grid=80, extent=EXTENT):
    """The kernels around x′ that the prior and two learned spectra stand for (:func:`spectrum_values`),
    on the plane.

    Parameters
    ----------
    spectra : dict
        :func:`learned_spectra`'s output (``omegas``, ``weights``, ``sigma``).
    gamma : float
        γ of the prior.
    x0 : sequence of 2 floats
        The point x′.
    grid : int, default=80
        Points per axis (:func:`plane`).
    extent : float, default=EXTENT
        The plane is [−extent, extent]².

    Returns
    -------
    dict
        ``xs``, ``ys``, ``x0`` and ``kernels``: {"prior", "RFF-SKL", "GBRFF2"}
        to ``(grid, grid)`` float32 grids.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.kernel_average import spectrum_kernels
    >>> spectra = {"omegas": np.array([[np.pi, 0.0]]), "weights": np.array([2.0]), "sigma": np.array([1.0, 0.0])}
    >>> k = spectrum_kernels(spectra, 0.5, (0.0, 0.0), grid=3, extent=1.0)["kernels"]
    >>> k["GBRFF2"][1].round(3).tolist(), k["RFF-SKL"][:, 1].round(3).tolist()
    ([-1.0, 1.0, -1.0], [1.0, 1.0, 1.0])
    """
    xs, ys, G = plane(grid, extent)
    x0 = np.asarray(x0, dtype=np.float64).reshape(2)
    kernels = spectrum_values(spectra, gamma, G - x0)
    return {"xs": xs, "ys": ys, "x0": x0,
            "kernels": {k: v.reshape(len(ys), len(xs)).astype(np.float32) for k, v in kernels.items()}}


def board_cells(spectra, gamma):
    """The kernels of :func:`spectrum_values` one and two board cells (of side 1) away from x′.

    Parameters
    ----------
    spectra : dict
        :func:`learned_spectra`'s output.
    gamma : float
        γ of the prior.

    Returns
    -------
    dict
        {"across", "diagonal", "two across"} (one cell across a side: the
        other colour; one cell diagonally and two cells across: the same
        colour) to {"prior", "RFF-SKL", "GBRFF2"} to the kernel's mean over
        the directions (±1, 0), (0, ±1) — (±1, ±1) — (±2, 0), (0, ±2).

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.kernel_average import board_cells
    >>> board = np.pi * np.array([[1.0, 1.0], [1.0, -1.0]])  # cos(πΔ₁)·cos(πΔ₂), the board's own kernel
    >>> cells = board_cells({"omegas": board, "weights": np.ones(2), "sigma": np.ones(2)}, 1.0)
    >>> {k: round(float(v["GBRFF2"]), 3) for k, v in cells.items()}
    {'across': -1.0, 'diagonal': 1.0, 'two across': 1.0}
    """
    offsets = {"across": [[1, 0], [-1, 0], [0, 1], [0, -1]], "diagonal": [[1, 1], [1, -1], [-1, 1], [-1, -1]],
               "two across": [[2, 0], [-2, 0], [0, 2], [0, -2]]}
    return {name: {k: float(v.mean()) for k, v in spectrum_values(spectra, gamma, np.array(d, float)).items()}
            for name, d in offsets.items()}


def weight_near(omegas, weights, centres, radius=0.5):
    """The share of the total weight carried by the frequencies within ``radius`` of one of ``centres``.

    Parameters
    ----------
    omegas : array-like of shape (T, d)
        The frequencies.
    weights : array-like of shape (T,)
        Their weights (GBRFF2's steps ``|α_t|``).
    centres : array-like of shape (m, d)
        The frequencies looked for (:data:`BOARD_WAVES`, say).
    radius : float, default=0.5
        How far from a centre, in each coordinate, a frequency counts as there.

    Returns
    -------
    float
        A share in [0, 1] (0 for no weight at all).

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.teaching.kernel_average import BOARD_WAVES, weight_near
    >>> weight_near(np.array([[3.0, -3.1], [0.2, 0.1]]), np.array([3.0, 1.0]), BOARD_WAVES)
    0.75
    """
    W, q = np.asarray(omegas, dtype=np.float64), np.abs(np.asarray(weights, dtype=np.float64))
    C = np.asarray(centres, dtype=np.float64)
    near = (np.abs(W[:, None, :] - C[None, :, :]).max(axis=2) <= radius).any(axis=1)
    total = q.sum()
    return float(q[near].sum() / total) if total > 0 else 0.0
