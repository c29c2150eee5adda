"""The bandwidth γ of the RBF kernel k(x, x') = exp(-γ ||x - x'||²), from the data.

``gamma="quantile"`` is the heuristic of Caputo et al. (2002) that the
random-features thesis (Ribes, 2019, section 3.2) uses: γ = 1 / (2σ²), σ² the
mean of the 0.1 and 0.9 quantiles of the squared distances ||x_i - x_j||²
between pairs of (standardised) training examples. Every pair is used when
there are at most ``max_pairs`` of them, else ``max_pairs`` random pairs.

:func:`resolve_gamma` is the one entry point: an estimator that takes a γ
calls it in ``fit`` (``self.gamma_ = resolve_gamma(self.gamma, X, rng)``), so
``gamma="quantile"`` means the same thing everywhere. Both are public at the
package's top level (``gbrff.quantile_gamma``, ``gbrff.resolve_gamma``): the
GBRFF estimators take ``gamma="quantile"`` too, so the rule belongs to the
core, not to the comparison methods.
"""

from numbers import Real

import numpy as np
from scipy.spatial.distance import pdist
from sklearn.utils import check_random_state

__all__ = ["GAMMA_RULES", "quantile_gamma", "resolve_gamma"]

#: The data-dependent rules :func:`resolve_gamma` accepts besides a number.
GAMMA_RULES = ("quantile",)


def _pair_distances(X, max_pairs, random_state, scale=None):
    """Squared distances of every pair (i < j), or of ``max_pairs`` random pairs i != j,
    in float64, of the rows of X divided by ``scale`` when given (only the pairs'
    rows are converted: no float64 or scaled copy of a large X)."""
    n = X.shape[0]
    if n * (n - 1) // 2 <= max_pairs:
        Z = np.asarray(X, dtype=np.float64)
        return pdist(Z if scale is None else Z / scale, "sqeuclidean")
    rng = check_random_state(random_state)
    i = rng.randint(n, size=max_pairs)
    j = rng.randint(n - 1, size=max_pairs)
    j += j >= i  # j != i, uniform over the other rows
    diff = np.asarray(X[i], dtype=np.float64) - X[j]
    if scale is not None:
        diff /= scale
    return np.einsum("ij,ij->i", diff, diff)


def quantile_gamma(X, quantiles=(0.1, 0.9), max_pairs=100_000, random_state=0, scale=None):
    """The bandwidth γ = 1 / (2σ²), σ² the mean of quantiles of the pairwise squared distances.

    Parameters
    ----------
    X : array-like of shape (n_samples, n_features)
        The training data, standardised (the thesis computes the rule on
        standardised features; this function does not scale them itself).
    quantiles : tuple of float, default=(0.1, 0.9)
        The quantiles of ||x_i - x_j||² whose mean is σ².
    max_pairs : int, default=100_000
        Every pair when n(n-1)/2 <= ``max_pairs``, else this many random pairs.
    random_state : int, RandomState instance or None, default=0
        Draws the pairs when they are sampled.
    scale : array-like of shape (n_features,), default=None
        When given, the distances are those of ``X / scale``: with a
        standardisation's ``scale_`` (its mean cancels in a difference), the
        rule on the standardised data of an estimator that standardises
        internally, without a standardised copy of X.

    Returns
    -------
    gamma : float
        γ > 0. When σ² is 0 (fewer than two distinct rows) γ is 1.0.

    See Also
    --------
    resolve_gamma : A parameter value ("quantile" or a number) to γ.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff import quantile_gamma
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> round(quantile_gamma(X), 4)  # squared distances 1, 1, 1, 4, 4, 9: quantiles 1 and 6.5
    0.1333
    """
    X = np.asarray(X)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D, got shape {X.shape}")
    if X.shape[0] < 2:
        return 1.0
    if scale is not None:
        scale = np.asarray(scale, dtype=np.float64)
    d2 = _pair_distances(X, int(max_pairs), random_state, scale)
    sigma2 = float(np.mean(np.quantile(d2, quantiles)))
    if not np.isfinite(sigma2) or sigma2 <= 0.0:
        sigma2 = float(np.mean(d2))
    if not np.isfinite(sigma2) or sigma2 <= 0.0:
        return 1.0
    return 1.0 / (2.0 * sigma2)


def resolve_gamma(gamma, X, random_state=0, scale=None):
    """The number γ for the parameter value ``gamma``.

    An estimator that takes a γ calls it in ``fit``, so that
    ``gamma="quantile"`` means the same thing everywhere.

    Parameters
    ----------
    gamma : "quantile" or float
        A positive finite number, returned as it is, or ``"quantile"``,
        computed from ``X`` by :func:`quantile_gamma`.
    X : array-like of shape (n_samples, n_features)
        The training data the rule reads (standardised).
    random_state : int, RandomState instance or None, default=0
        Draws the pairs of the rule when they are sampled.
    scale : array-like of shape (n_features,), default=None
        When given, the rule is computed on ``X / scale``.

    Returns
    -------
    gamma : float
        γ > 0.

    Raises
    ------
    ValueError
        Any other value of ``gamma``.

    See Also
    --------
    quantile_gamma : The data-dependent rule.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff import resolve_gamma
    >>> X = np.array([[0.0], [1.0], [2.0], [3.0]])
    >>> resolve_gamma(0.5, X), round(resolve_gamma("quantile", X), 4)
    (0.5, 0.1333)
    """
    if isinstance(gamma, str):
        if gamma == "quantile":
            return quantile_gamma(X, random_state=random_state, scale=scale)
        raise ValueError(f"gamma={gamma!r}: expected a positive number or one of {GAMMA_RULES}")
    if isinstance(gamma, Real) and not isinstance(gamma, bool) and gamma > 0 and np.isfinite(gamma):
        return float(gamma)
    raise ValueError(f"gamma={gamma!r}: expected a positive number or one of {GAMMA_RULES}")
