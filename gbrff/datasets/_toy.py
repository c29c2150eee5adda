"""Two-dimensional toy problems: the GBRFF paper's classification problems (section 4.6, Fig. 1,
Fig. 5) and two regression problems after TensorFlow Playground's.

Every generator returns ``(X, y)`` with ``X`` of shape ``(n_samples, 2)``
(float64), shuffled, and deterministic for a given ``random_state``. The
scales are chosen for a teaching app: the features lie roughly in
[-2.5, 2.5], so that an RBF bandwidth γ of 0.5 to 1 (the paper's γ grid
times 1/d with d = 2) is a sensible starting point.

The classification problems (:data:`TOY_PROBLEMS`) have ``y`` in {-1, +1}
(int64), exactly balanced (``n_samples // 2`` examples of class -1, the
rest +1); their ``noise`` is the standard deviation of a Gaussian
perturbation added to both coordinates, in feature units.

The regression problems (:data:`REGRESSION_PROBLEMS`) have a real ``y``
(float64): y = f(x) + ε, x uniform on [-2.5, 2.5]², ε ~ N(0, noise²), so
that ``noise`` is the standard deviation of the target's noise and the best
test RMSE any model can reach (on average). TensorFlow Playground's
"plane" and "multi-Gaussian" (its ``regressPlane`` and ``regressGaussian``)
instead perturb the point where the label is read, x + noise·U(−6, 6)²: a
noise that vanishes where f is flat and grows with its slope, not the
textbook y = f(x) + ε; and its "multi-Gaussian" is six clamped cones joined
by the largest absolute value, a surface with kinks and plateaus. Here the plane
is its plane rescaled, and "gaussians" a true mixture: a smooth sum of six
Gaussian bumps on its layout, of width σ = 0.5 — a function an RBF kernel
of γ = 1/(2σ²) = 2 describes well, which makes the choice of γ a lesson.
"""

import numpy as np
from sklearn.datasets import make_moons
from sklearn.utils import check_random_state

__all__ = ["REGRESSION_PROBLEMS", "TOY_PROBLEMS", "make_toy"]

#: The classification problems of :func:`make_toy` (labels in {-1, +1}), in the order the app lists them.
TOY_PROBLEMS = ("moons", "swiss", "circles", "board")
#: The regression problems of :func:`make_toy` (a real target), in the order the app lists them.
REGRESSION_PROBLEMS = ("plane", "gaussians")

# Default noise per problem (standard deviation: of the points, in feature units, for the
# classification problems; of the target for the regression ones).
_DEFAULT_NOISE = {"moons": 0.1, "swiss": 0.1, "circles": 0.07, "board": 0.0, "plane": 0.1, "gaussians": 0.1}
# the regression problems' square, [-_HALF, _HALF]²: TensorFlow Playground's [-6, 6]² scaled to the
# classification problems' span
_HALF = 2.5
# the Gaussian bumps of "gaussians": (centre x₁, centre x₂, sign), TensorFlow Playground's layout
# ((±4 or 0, ±2.5) in its [-6, 6]²) on [-2.5, 2.5]², and their common width
_BUMPS = ((-1.6, 1.0, 1.0), (0.0, 1.0, -1.0), (1.6, 1.0, 1.0), (-1.6, -1.0, -1.0), (0.0, -1.0, 1.0),
          (1.6, -1.0, -1.0))
_BUMP_WIDTH = 0.5


def _class_sizes(n_samples):
    n_neg = n_samples // 2
    return n_neg, n_samples - n_neg


def _moons(n_samples, noise, rng):
    """scikit-learn's two moons, centred on the origin (x in [-1.5, 1.5])."""
    X, y01 = make_moons(
        n_samples=_class_sizes(n_samples), noise=noise, shuffle=False, random_state=rng
    )
    X = X - np.array([0.5, 0.25])
    return X, np.where(y01 == 1, 1, -1)


def _swiss(n_samples, noise, rng):
    """Two interleaved Archimedean spirals, one per class.

    A point of the +1 spiral at parameter t ∈ [0, 1] sits at angle
    θ = π/2 + 2.5π·t and radius r = 0.25 + 2·t; the -1 spiral is the same
    curve turned by π. Adjacent arms of the two classes are about 0.8 apart.
    """
    n_neg, n_pos = _class_sizes(n_samples)
    parts = []
    for n_class, phase in ((n_neg, np.pi), (n_pos, 0.0)):
        # sqrt makes the density along the arc roughly uniform
        t = np.sqrt(rng.uniform(size=n_class))
        theta = 0.5 * np.pi + 2.5 * np.pi * t
        r = 0.25 + 2.0 * t
        parts.append(np.column_stack([r * np.cos(theta + phase), r * np.sin(theta + phase)]))
    X = np.vstack(parts) + noise * rng.standard_normal((n_samples, 2))
    return X, np.repeat([-1, 1], [n_neg, n_pos])


def _circles(n_samples, noise, rng):
    """Four concentric circles of radii 0.5, 1, 1.5, 2 of alternating class.

    The innermost circle (radius 0.5) and the third are class -1, the second
    and the outermost are class +1. Each class is split equally between its
    two circles; angles are uniform.
    """
    n_neg, n_pos = _class_sizes(n_samples)
    parts, labels = [], []
    for label, n_class, radii in ((-1, n_neg, (0.5, 1.5)), (1, n_pos, (1.0, 2.0))):
        n_inner = n_class // 2
        r = np.repeat(radii, [n_inner, n_class - n_inner])
        theta = rng.uniform(0.0, 2.0 * np.pi, size=n_class)
        parts.append(np.column_stack([r * np.cos(theta), r * np.sin(theta)]))
        labels.append(np.full(n_class, label))
    X = np.vstack(parts) + noise * rng.standard_normal((n_samples, 2))
    return X, np.concatenate(labels)


def _board(n_samples, noise, rng):
    """A 4×4 checkerboard on [-2, 2]², cells of side 1, alternating class.

    The cell (i, j) (column i, row j, counted from the lower left) is class +1
    when i + j is odd. Each class draws its points uniformly over its 8
    cells, so the classes are exactly balanced and each cell holds about
    n_samples / 16 points.
    """
    n_neg, n_pos = _class_sizes(n_samples)
    parts = []
    for n_class, parity in ((n_neg, 0), (n_pos, 1)):
        cells = np.array([(i, j) for i in range(4) for j in range(4) if (i + j) % 2 == parity])
        chosen = cells[rng.randint(0, len(cells), size=n_class)]
        parts.append(chosen + rng.uniform(size=(n_class, 2)) - 2.0)
    X = np.vstack(parts) + noise * rng.standard_normal((n_samples, 2))
    return X, np.repeat([-1, 1], [n_neg, n_pos])


def _plane_f(X):
    """TensorFlow Playground's plane, (x₁ + x₂) / 10 on [-6, 6]², on [-2.5, 2.5]²: (x₁ + x₂) / 4,
    from −1.25 to 1.25."""
    return (X[:, 0] + X[:, 1]) / 4.0


def _gaussians_f(X):
    """Six Gaussian bumps of height ±1 and width σ = 0.5 on a 3 × 2 grid of alternating signs:
    Σ_k s_k exp(−‖x − c_k‖² / (2σ²))."""
    out = np.zeros(len(X))
    for cx, cy, sign in _BUMPS:
        out += sign * np.exp(-((X[:, 0] - cx) ** 2 + (X[:, 1] - cy) ** 2) / (2 * _BUMP_WIDTH ** 2))
    return out


def _regression(f):
    """A generator of y = f(x) + ε, x uniform on [-2.5, 2.5]², ε ~ N(0, noise²)."""
    def generate(n_samples, noise, rng):
        X = rng.uniform(-_HALF, _HALF, size=(n_samples, 2))
        return X, f(X) + noise * rng.standard_normal(n_samples)
    generate.__doc__ = f"y = f(x) + ε with f {f.__doc__.strip()}"
    return generate


_GENERATORS = {"moons": _moons, "swiss": _swiss, "circles": _circles, "board": _board,
               "plane": _regression(_plane_f), "gaussians": _regression(_gaussians_f)}


def make_toy(name, n_samples=400, noise=None, random_state=None):
    """Generate one of the two-dimensional toy problems: the paper's four classification
    problems, or one of two regression problems.

    Parameters
    ----------
    name : {"moons", "swiss", "circles", "board", "plane", "gaussians"}
        Classification (:data:`TOY_PROBLEMS`): ``"moons"``: scikit-learn's
        two moons (the paper's Fig. 1), centred. ``"swiss"``: two
        interleaved spirals, one per class. ``"circles"``: four concentric
        circles (radii 0.5, 1, 1.5, 2) of alternating class. ``"board"``: a
        4×4 checkerboard on [-2, 2]² of alternating class. The last three
        are the paper's section 4.6 / Fig. 5.
        Regression (:data:`REGRESSION_PROBLEMS`), x uniform on
        [-2.5, 2.5]² (TensorFlow Playground's two, see the module's notes):
        ``"plane"``: y = (x₁ + x₂) / 4, from −1.25 to 1.25. ``"gaussians"``:
        six Gaussian bumps of height ±1 and width σ = 0.5 centred at
        x₁ ∈ {−1.6, 0, 1.6}, x₂ ∈ {−1, 1}, of alternating signs (+1 at
        (−1.6, 1)).
    n_samples : int, default=400
        Total number of examples (at least 2); for a classification problem
        ``n_samples // 2`` are class -1.
    noise : float or None, default=None
        Classification: standard deviation of the Gaussian noise added to
        both coordinates. Regression: standard deviation of the Gaussian
        noise added to the target (y = f(x) + ε), the best test RMSE a model
        can reach on average. None uses the problem's default (moons 0.1,
        swiss 0.1, circles 0.07, board 0.0, plane 0.1, gaussians 0.1).
    random_state : int, RandomState instance or None, default=None
        Seed or generator; the same seed always gives the same data.

    Returns
    -------
    X : ndarray of shape (n_samples, 2), float64
        The points.
    y : ndarray of shape (n_samples,)
        Their labels in {-1, +1} (int64), or their real target (float64)
        for a regression problem.

    Examples
    --------
    >>> from gbrff.datasets import make_toy
    >>> X, y = make_toy("board", n_samples=100, random_state=0)
    >>> X.shape, sorted(set(y.tolist())), int((y == 1).sum())
    ((100, 2), [-1, 1], 50)
    >>> X, y = make_toy("plane", n_samples=100, noise=0.0, random_state=0)
    >>> y.dtype, bool(abs(y - (X[:, 0] + X[:, 1]) / 4).max() == 0)
    (dtype('float64'), True)
    """
    if name not in _GENERATORS:
        raise ValueError(f"unknown toy problem {name!r}; valid names: "
                         f"{', '.join(TOY_PROBLEMS + REGRESSION_PROBLEMS)}")
    if isinstance(n_samples, bool) or not isinstance(n_samples, (int, np.integer)) or n_samples < 2:
        raise ValueError(f"n_samples must be an integer >= 2, got {n_samples!r}")
    if noise is None:
        noise = _DEFAULT_NOISE[name]
    if not np.isfinite(noise) or noise < 0:
        raise ValueError(f"noise must be a finite number >= 0, got {noise!r}")
    rng = check_random_state(random_state)
    X, y = _GENERATORS[name](int(n_samples), float(noise), rng)
    order = rng.permutation(len(y))
    kind = np.float64 if name in REGRESSION_PROBLEMS else np.int64
    return np.ascontiguousarray(X[order], dtype=np.float64), y[order].astype(kind)
