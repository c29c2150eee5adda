"""The features a GBRFF model sees: a private transformer the estimators fit.

As scikit-learn's HistGradientBoosting keeps its ``_BinMapper`` in
``binning.py``, the estimators of :mod:`gbrff._estimators` keep their feature
map here and fit it into one attribute, ``feature_map_``
(:class:`FeatureMap`). From the input x, in order:

0. the one-hot encoding (``categorical_features``): each categorical column
   replaced, in place, by one indicator column per level it took in training
   (``categorical_levels_``; a level unseen in training gives all-zero
   indicators), :func:`resolve_categorical` (the "auto" rule:
   :data:`CATEGORICAL_AUTO`);
1. the ranks (``quantile_features``): x → [x, F(x)], F_j the weighted
   empirical distribution function of feature j (``quantile_knots_``), of
   the non-categorical features only (an indicator's rank would be the
   indicator again);
2. the standardisation (``standardize``): z = (x − ``mean_``) / ``scale_``,
   weighted as scikit-learn's ``StandardScaler(sample_weight=...)``;
3. the per-feature bandwidths (``feature_bandwidths="fkl"``): during the fit
   only, z ⊙ s with s (``bandwidth_scales_``) learned by Fourier kernel
   learning (:func:`gbrff._kernel_learning.feature_scales`); the fitted ω are
   then folded back into the space of z (ω ⊙ s), where prediction evaluates them.
   The σ of that fit is a pure function of its inputs: with ``memory`` (a
   ``joblib.Memory`` or its folder) it is cached there (:func:`cached_fkl_sigma`).

Steps 0 and 1 make a copy ([X, F(X)], :meth:`FeatureMap.expand`); steps 2 and 3 are
never applied to a copy of X: the engine forms them a block of rows at a time
from the (mean, scale) pair of :meth:`FeatureMap.fit_standardization` (the
fit) or :meth:`FeatureMap.standardization` (prediction).
:meth:`FeatureMap.transform` gives z itself, with the bits of prediction's blocks.
"""

import functools
import hashlib
from pathlib import Path

import numpy as np
import scipy
from sklearn.preprocessing import StandardScaler
from sklearn.utils import resample
from sklearn.utils.validation import check_memory

from . import _aot, _boosting
from ._kernel_learning import feature_scales
from ._sklearn_compat import (SCALER_INTERNALS, check_sample_weight, handle_zeros_in_scale,
                              is_constant_feature, safe_accumulator_op)

__all__ = ["CATEGORICAL_AUTO", "MAX_CATEGORICAL_LEVELS", "FeatureMap", "cached_fkl_sigma",
           "categorical_levels", "fit_quantile_knots", "quantile_fit_rows", "resolve_categorical",
           "weighted_mean_scale", "with_quantiles"]


def weighted_mean_scale(X, sample_weight):
    """StandardScaler().fit(X, sample_weight=sample_weight)'s mean_ and scale_,
    the same operations on X without NaN (validated), so without its masked
    copies of X (``np.where(isnan(X), 0, X)``): one temporary the size of X at
    a time (X - mean), below the fit's own peak. float32 X (or a scikit-learn
    without the scaler's internals, :mod:`gbrff._sklearn_compat`):
    StandardScaler itself (its float64 copies of X are made either way, in a
    layout of their own that sets the last bits of the weighted sums). Beyond
    :data:`STANDARDIZE_CHUNK_ROWS` rows, any dtype: the sums a block of rows at
    a time (:func:`_chunked_mean_scale`), no temporary the size of X."""
    if sample_weight is not None:
        # weights scaled by a power of two (exact: the same bits of every mean and
        # variance) to at most one: their sum cannot overflow, and StandardScaler's
        # test for constant features, which counts the weights as rows, does not take
        # every feature for constant under weights of 1e13 (unit weights: unchanged)
        sample_weight = np.asarray(sample_weight, dtype=np.float64)
        top = float(np.max(sample_weight))
        if top > 1.0:
            sample_weight = np.ldexp(sample_weight, -np.frexp(top)[1])
    if (X.dtype != np.float64 or not SCALER_INTERNALS) and X.shape[0] <= STANDARDIZE_CHUNK_ROWS:
        scaler = StandardScaler().fit(X, sample_weight=sample_weight)
        return scaler.mean_, scaler.scale_
    if X.shape[0] > STANDARDIZE_CHUNK_ROWS:
        return _chunked_mean_scale(X, check_sample_weight(sample_weight, X, dtype=np.float64))
    sw = check_sample_weight(sample_weight, X, dtype=X.dtype)
    new_sum = safe_accumulator_op(np.matmul, sw, X)
    count = _weight_count(sw, X)
    mean = (0.0 + new_sum) / count
    temp = X - new_sum / count
    correction = safe_accumulator_op(np.matmul, sw, temp)
    temp **= 2
    var = safe_accumulator_op(np.matmul, sw, temp)
    del temp
    var -= correction**2 / count
    var = var / count
    return _mean_scale(mean, var, count)


def _mean_scale(mean, var, count):
    """(mean, scale) from the weighted mean, variance and weight count, as StandardScaler ends."""
    n_seen = count[0] if np.max(count) == np.min(count) else count
    mean, var = mean.astype(np.float64, copy=False), var.astype(np.float64, copy=False)
    constant = is_constant_feature(var, mean, n_seen)
    return mean, handle_zeros_in_scale(np.sqrt(var), copy=False, constant_mask=constant)


#: Beyond this many rows the standardisation's statistics are summed a block
#: of rows at a time (:func:`_chunked_mean_scale`): no temporary the size of X.
STANDARDIZE_CHUNK_ROWS = 200_000


def _weight_count(sw, X):
    """Σ sw for every column (X without NaN), with the bits of StandardScaler's
    ``sum(sw[:, None] * ones_like(X), axis=0)`` without that n × d array: numpy
    sums a column of a row-major layout row by row (sequentially: a cumulative
    sum's last value), of a column-major one (or a single column) pairwise
    (``np.sum``)."""
    n, d = X.shape
    row_major = d > 1 and abs(X.strides[0]) >= abs(X.strides[1])
    total = np.cumsum(sw)[-1] if row_major and n else np.sum(sw)
    return np.full(d, total, dtype=sw.dtype)


def _chunked_mean_scale(X, sw, rows=1 << 16):
    """:func:`weighted_mean_scale` on many rows, X of any float dtype, in float64,
    ``rows`` rows at a time (two passes: the mean, then the squared deviations
    from it): the same statistics to float64's rounding, without a copy of X."""
    n, d = X.shape
    sw = np.asarray(sw, dtype=np.float64)
    total = np.zeros(d)
    for a in range(0, n, rows):
        total += sw[a:a + rows] @ np.asarray(X[a:a + rows], dtype=np.float64)
    count = np.full(d, float(np.sum(sw)))
    mean = total / count
    correction = np.zeros(d)
    var = np.zeros(d)
    for a in range(0, n, rows):
        temp = np.asarray(X[a:a + rows], dtype=np.float64) - mean
        w = sw[a:a + rows]
        correction += w @ temp
        temp **= 2
        var += w @ temp
    var -= correction**2 / count
    var /= count
    np.maximum(var, 0.0, out=var)       # a constant column's rounding below zero
    return _mean_scale(mean, var, count)


#: At most this many knots per feature for ``quantile_features`` (as
#: scikit-learn's QuantileTransformer's ``n_quantiles``).
QUANTILE_KNOTS = 1000


def fit_quantile_knots(X, sample_weight, max_knots=QUANTILE_KNOTS):
    """Per feature, the knots (values, levels) of its weighted empirical
    distribution function on the rows of positive weight: at each distinct
    value u_i the level (Σ_{l<i} W_l + W_i / 2) / Σ W (W_i the weight at u_i,
    the mid-point of its step), piecewise linear in between, at most
    ``max_knots`` knots (evenly spaced levels). It depends on the distinct
    values and their total weights only: a weight acts as a number of copies."""
    keep = sample_weight > 0
    w = sample_weight[keep]
    knots = []
    for j in range(X.shape[1]):
        v = np.asarray(X[keep, j], dtype=np.float64)
        order = np.argsort(v, kind="stable")
        vs = v[order]
        first = np.flatnonzero(np.r_[True, vs[1:] != vs[:-1]])  # each distinct value's first row
        u = vs[first]
        W = np.add.reduceat(w[order], first)
        cum = np.cumsum(W)
        levels = (cum - W / 2) / cum[-1]
        if u.shape[0] > max_knots:
            grid = np.linspace(levels[0], levels[-1], max_knots)
            u, levels = np.interp(grid, levels, u), grid
        knots.append((u, levels))
    return knots


#: Beyond this many rows (of positive weight) the knots of ``quantile_features``
#: are those of a uniform random subsample of this many rows (their weights
#: kept): sorting every row (n log n a feature) was most of a fit's map at 10⁶
#: rows. 200,000 rows put the subsample's distribution function within 0.005
#: of the data's at every point with probability 1 − 2e^{−10} (the
#: Dvoretzky–Kiefer–Wolfowitz bound, 2 exp(−2 m ε²)) — half a level of the
#: 1000 knots' grid; data of at most this many rows keep every row's knots.
QUANTILE_FIT_ROWS = 200_000


def quantile_fit_rows(sample_weight, rng, max_rows=QUANTILE_FIT_ROWS):
    """The rows the knots are fitted on: every row up to ``max_rows`` rows of
    positive weight (None: no draw from ``rng``), else ``max_rows`` of them
    drawn uniformly without replacement (sorted), seeded by one draw from ``rng``."""
    keep = np.flatnonzero(sample_weight > 0)
    if keep.shape[0] <= max_rows:
        return None
    gen = np.random.default_rng(rng.randint(np.iinfo(np.int32).max))
    return np.sort(gen.choice(keep, max_rows, replace=False))


def with_quantiles(X, knots, rows=1 << 15):
    """[X, F(X)]: X beside its columns' distribution functions (``knots``),
    in X's dtype, column-major (the order the engine reads): the one copy.
    A row-major float64 X in one compiled pass (:func:`gbrff._engine._rows.rank_columns`,
    ``np.interp``'s values bit for bit), else ``rows`` rows at a time with
    ``np.interp`` (each block of X read once, in cache)."""
    n, d = X.shape
    out = np.empty((n, 2 * d), dtype=X.dtype, order="F")
    if X.dtype == np.float64 and X.flags.c_contiguous and n:
        # compiled, np.interp's arithmetic value for value (tests/engine/test_rows.py)
        offsets = np.cumsum([0] + [u.shape[0] for u, _ in knots]).astype(np.int64)
        values = np.ascontiguousarray(np.concatenate([u for u, _ in knots]), dtype=np.float64)
        levels = np.ascontiguousarray(np.concatenate([lv for _, lv in knots]), dtype=np.float64)
        _aot.call(_boosting._kernels, "rank_columns", X=X, values=values, levels=levels,
                  offsets=offsets, out=out.T)
        return out
    for a in range(0, n, rows):
        block = X[a:a + rows]
        out[a:a + rows, :d] = block
        for j, (u, levels) in enumerate(knots):
            out[a:a + rows, d + j] = np.interp(block[:, j], u, levels)
    return out


#: The scale fit of ``feature_bandwidths="fkl"`` reads at most this many rows
#: (a stratified random subsample beyond) and stops its L-BFGS early (the
#: scales it learns correlate at 0.98-1.0 with a run to tol=1e-6 on splice and
#: spambase): its cost stays that of a small fit.
SCALE_FIT_ROWS = 1000
SCALE_FIT = {"max_iter": 30, "tol": 1e-4}


def fkl_sigma(Z, y, seed):
    """The per-feature σ_j (root mean square over the one-vs-rest problems) that
    Fourier kernel learning (RFF-SKL, ``SCALE_FIT``, seeded by ``seed``) learns
    on Z (float64, C order) and the labels y."""
    return feature_scales(Z, y, seed, **SCALE_FIT)


@functools.lru_cache(maxsize=1)
def sigma_fit_stamp():
    """A digest of what :func:`fkl_sigma` computes with: this module's and
    :mod:`gbrff._kernel_learning`'s sources, the engine's (its compiled
    Fourier pass), numpy's and scipy's versions. joblib's cache checks the
    code of the cached function only; the stamp, one of its arguments, makes
    an edit of any of these a cache miss rather than a stale σ."""
    from . import _aot

    here = Path(__file__).resolve().parent
    h = hashlib.sha256(_aot.sources_digest().encode())
    for name in ("_feature_map.py", "_kernel_learning.py"):
        h.update((here / name).read_bytes())
    h.update(f"numpy {np.__version__} scipy {scipy.__version__}".encode())
    return h.hexdigest()


def _stamped_fkl_sigma(Z, y, seed, stamp):
    """:func:`fkl_sigma`; ``stamp`` (:func:`sigma_fit_stamp`) is part of the cache's key only."""
    return fkl_sigma(Z, y, seed)


def cached_fkl_sigma(memory, Z, y, seed):
    """:func:`fkl_sigma` through ``memory`` (None, a folder, or a
    ``joblib.Memory``, as scikit-learn's Pipeline takes it): the same σ, bit
    for bit (joblib stores the array itself), computed once per distinct
    (Z, y, seed) and gbrff version. None calls it directly."""
    if memory is None:
        return fkl_sigma(Z, y, seed)
    return check_memory(memory).cache(_stamped_fkl_sigma)(Z, y, seed, sigma_fit_stamp())


#: ``feature_screening="auto"`` screens at this false discovery rate from this many
#: input features on, when the estimated share of features independent of the
#: class (:func:`null_share`) is at least ``min_null_share``: on wide data mostly
#: of noise. Below 100 features (the paper's tasks have at most 60), or with many
#: weakly informative features, a weak feature the screen misses costs more than
#: the screen saves (``results/accuracy_search/README.md``, "Wide data").
SCREEN_AUTO = {"alpha": 0.05, "min_features": 100, "min_null_share": 0.8}
#: The marginal χ² test of the screen bins a feature into at most this many
#: bins of equal weight (fewer when the expected counts would fall below 5).
SCREEN_BINS = 10


def null_share(p):
    """Storey's estimate of the share of true null hypotheses among the
    p-values ``p`` (JRSS-B 2002, λ = ½): #{p > ½} / (m / 2), at most one."""
    p = np.asarray(p)
    return min(1.0, float(np.sum(p > 0.5)) / (0.5 * p.shape[0])) if p.shape[0] else 1.0


def benjamini_hochberg(p, alpha):
    """The mask of the p-values ``p`` that Benjamini and Hochberg's step-up
    procedure (JRSS-B 1995) rejects at false discovery rate ``alpha``: the k
    smallest, k the largest i with p₍ᵢ₎ ≤ α i / m."""
    p = np.asarray(p, dtype=np.float64)
    m = p.shape[0]
    order = np.argsort(p, kind="stable")
    below = np.flatnonzero(p[order] <= alpha * np.arange(1, m + 1) / m)
    keep = np.zeros(m, dtype=bool)
    if below.shape[0]:
        keep[order[:below[-1] + 1]] = True
    return keep


def marginal_pvalues(X, y_idx, sample_weight, n_bins=SCREEN_BINS):
    """Per input feature, the p-values of two marginal tests of its
    independence from the class (labels' indices ``y_idx``), the rows
    counted with their weights (a weight acts as a number of copies):

    - the one-way analysis of variance of x across the classes (the F test,
      as scikit-learn's ``f_classif``: a shift of the mean, sure
      independence screening's statistic, Fan & Lv, JRSS-B 2008);
    - Pearson's χ² test of the contingency table of x's bins of equal weight
      (its weighted empirical distribution function's levels cut in
      ``n_bins``, ties in one bin) against the class: any change of the
      class's distribution along x, monotone or not (a nonparametric
      screen in the spirit of Fan, Feng & Song, JASA 2011).

    Returns (p_anova, p_chi2), each of shape (n_features,); a constant
    feature has p-values of one."""
    from scipy import stats

    keep = sample_weight > 0
    X, y, w = X[keep], y_idx[keep], np.asarray(sample_weight[keep], dtype=np.float64)
    n, d = X.shape
    C = int(y.max()) + 1
    Y = np.zeros((n, C))
    Y[np.arange(n), y] = w                            # weighted class indicator
    N = Y.sum(axis=0)                                 # weight of each class
    total = float(N.sum())
    present = N > 0
    k = int(present.sum())
    Xd = np.asarray(X, dtype=np.float64)
    mean = (w @ Xd) / total
    sums = Y.T @ Xd                                   # (C, d): each class's weighted sum
    between = np.sum(sums[present] ** 2 / N[present, None], axis=0) - total * mean**2
    within = np.maximum((w @ Xd**2) - total * mean**2 - between, 0.0)
    df_b, df_w = k - 1, total - k
    with np.errstate(divide="ignore", invalid="ignore"):
        F = (between / df_b) / (within / df_w)
    F = np.where(within > 0, F, np.where(between > 0, np.inf, 0.0))
    p_anova = stats.f.sf(F, df_b, df_w) if df_w > 0 else np.ones(d)
    B = int(np.clip(total // (5 * k), 2, n_bins))
    p_chi2 = np.ones(d)
    for j in range(d):
        v = Xd[:, j]
        order = np.argsort(v, kind="stable")
        vs = v[order]
        first = np.flatnonzero(np.r_[True, vs[1:] != vs[:-1]])
        if first.shape[0] < 2:
            continue                                  # a constant feature: no evidence
        W = np.add.reduceat(w[order], first)
        levels = (np.cumsum(W) - W / 2) / total
        bins = np.minimum((levels * B).astype(np.intp), B - 1)
        row_bin = np.repeat(bins, np.diff(np.r_[first, n]))
        table = np.bincount(row_bin * C + y[order], weights=w[order], minlength=B * C).reshape(B, C)
        table = table[table.sum(axis=1) > 0][:, present]
        if table.shape[0] < 2:
            continue
        expected = np.outer(table.sum(axis=1), table.sum(axis=0)) / total
        chi2 = float(np.sum((table - expected) ** 2 / expected))
        p_chi2[j] = stats.chi2.sf(chi2, (table.shape[0] - 1) * (table.shape[1] - 1))
    return p_anova, p_chi2


def screen_features(X, y_idx, sample_weight, feature_screening):
    """The input features the screen ``feature_screening`` (a false discovery
    rate α in (0, 1), or "auto") keeps, from each feature's p-value p_j = min(1,
    2 min(p_anova, p_chi2)) of :func:`marginal_pvalues` (Bonferroni over its
    two tests): those that Benjamini and Hochberg's procedure rejects at α
    (:func:`benjamini_hochberg`: among the features kept, the expected share
    of features independent of the class is at most α). "auto": α =
    ``SCREEN_AUTO["alpha"]``, and no screen below ``SCREEN_AUTO["min_features"]``
    input features or when :func:`null_share` of the p_j is below
    ``SCREEN_AUTO["min_null_share"]``. Every feature is kept when none passes
    (no marginal evidence: the screen does not decide).

    Returns (support, p): None and None when "auto" does not screen, else a
    boolean mask over the features and the p_j."""
    d = X.shape[1]
    auto = isinstance(feature_screening, str)        # "auto" (the estimator validates the value)
    if auto and d < SCREEN_AUTO["min_features"]:
        return None, None
    p_anova, p_chi2 = marginal_pvalues(X, y_idx, sample_weight)
    p = np.minimum(1.0, 2.0 * np.minimum(p_anova, p_chi2))
    if auto and null_share(p) < SCREEN_AUTO["min_null_share"]:
        return None, None
    support = benjamini_hochberg(p, SCREEN_AUTO["alpha"] if auto else float(feature_screening))
    if not support.any():
        support[:] = True
    return support, p


#: ``categorical_features="auto"`` one-hot encodes the columns whose distinct
#: training values (rows of positive weight) number from ``min_levels`` to
#: ``max_levels`` and are evenly spaced (``np.diff`` of the sorted values all
#: equal within ``rtol``: integer codes under any affine map, so that a column
#: standardised outside the estimator is still seen). A heuristic, chosen by
#: cross-validation (``results/accuracy_search/README.md``, "The successor's
#: rule"): splice's nucleotides (4 codes) gain 1.7 points; 5 or more levels
#: are mostly ordinal (≤ 10 cost australian 2.9 and heart 1.3 points), 2
#: levels are one indicator already, and uneven values (heart's thal 3, 6, 7;
#: a sparse numeric column's few values) are left as numbers.
CATEGORICAL_AUTO = {"min_levels": 3, "max_levels": 4, "rtol": 1e-6}
#: An explicitly categorical column may take at most this many levels in
#: training (HistGradientBoosting's bound on categories): each level is a
#: model column, and a column of more distinct values is most likely a
#: number given as categorical by mistake.
MAX_CATEGORICAL_LEVELS = 255
#: "auto" first reads this many rows of a column: more than
#: ``CATEGORICAL_AUTO["max_levels"]`` distinct values among them and the
#: column is numeric, without a sort of every row.
CATEGORICAL_PROBE_ROWS = 1000


def _evenly_spaced(u, rtol):
    step = np.diff(u)
    return bool(np.allclose(step, step[0], rtol=rtol, atol=0.0))


def resolve_categorical(categorical_features, X, sample_weight):
    """The boolean mask over X's columns of ``categorical_features`` (None,
    "auto", integer indices or a boolean mask of shape (n_features,), as
    scikit-learn's HistGradientBoosting takes it); None when no column is
    categorical. "auto" is :data:`CATEGORICAL_AUTO`'s rule on the rows of
    positive ``sample_weight``. Raises ValueError, with a sentence, for an
    index out of range, a repeated index, a mask of the wrong length, or
    values that are neither integers nor booleans."""
    d = X.shape[1]
    if categorical_features is None:
        return None
    if isinstance(categorical_features, str):
        if categorical_features != "auto":
            raise ValueError(f"categorical_features={categorical_features!r}: give None, "
                             "'auto', integer indices or a boolean mask.")
        return _auto_categorical(X, sample_weight)
    spec = np.asarray(categorical_features)
    if spec.ndim != 1:
        raise ValueError(f"categorical_features must be one-dimensional (indices or a mask); "
                         f"got an array of shape {spec.shape}.")
    if spec.dtype.kind == "b":
        if spec.shape[0] != d:
            raise ValueError(f"categorical_features is a boolean mask of length {spec.shape[0]}; "
                             f"X has {d} features, the mask needs one entry per feature.")
        mask = spec.copy()
    elif spec.shape[0] == 0 or spec.dtype.kind in "iu":
        index = spec.astype(np.int64)
        bad = index[(index < 0) | (index >= d)]
        if bad.shape[0]:
            raise ValueError(f"categorical_features has the index {int(bad[0])}, out of range: "
                             f"X has {d} features, indices go from 0 to {d - 1}.")
        values, counts = np.unique(index, return_counts=True)
        if np.any(counts > 1):
            raise ValueError(f"categorical_features names the feature {int(values[counts > 1][0])} "
                             "more than once.")
        mask = np.zeros(d, dtype=bool)
        mask[index] = True
    else:
        raise ValueError(f"categorical_features must be None, 'auto', integer indices or a "
                         f"boolean mask; got values of dtype {spec.dtype} "
                         f"({spec.tolist()[:4]}...). Feature names are not taken: give their "
                         "indices.")
    return mask if mask.any() else None


def _auto_categorical(X, sample_weight):
    lo, hi, rtol = (CATEGORICAL_AUTO[k] for k in ("min_levels", "max_levels", "rtol"))
    keep = sample_weight > 0
    every = bool(keep.all())
    mask = np.zeros(X.shape[1], dtype=bool)
    for j in range(X.shape[1]):
        col = X[:, j] if every else X[keep, j]
        if np.unique(col[:CATEGORICAL_PROBE_ROWS]).shape[0] > hi:
            continue
        u = np.unique(col).astype(np.float64)
        mask[j] = lo <= u.shape[0] <= hi and _evenly_spaced(u, rtol)
    return mask if mask.any() else None


def categorical_levels(X, sample_weight, mask):
    """Per categorical column (``mask``), its levels: the distinct values it
    takes on the rows of positive weight, in float32 (the precision the
    engine holds the data in, and the one a value is matched in,
    :func:`one_hot`), held in float64. Raises ValueError beyond
    :data:`MAX_CATEGORICAL_LEVELS` levels."""
    keep = sample_weight > 0
    levels = []
    for j in np.flatnonzero(mask):
        u = np.unique(np.asarray(X[keep, j], dtype=np.float32)).astype(np.float64)
        if u.shape[0] > MAX_CATEGORICAL_LEVELS:
            raise ValueError(
                f"categorical_features: feature {int(j)} takes {u.shape[0]} distinct values in "
                f"training, more than the {MAX_CATEGORICAL_LEVELS} levels a categorical feature "
                "may have (one model column each); treat it as a number (leave it out of "
                "categorical_features) or group its levels.")
        levels.append(u)
    return levels


def one_hot(X, mask, levels, knots=None):
    """The model features of X with the categorical columns (``mask``) one-hot
    encoded: each replaced, in place, by its indicators 1{x_j = level}
    (compared in float32; a value of no level gives zeros), followed, with
    ``knots``, by the ranks F of the non-categorical columns
    (:func:`with_quantiles`). A copy in X's dtype, column-major."""
    n, d = X.shape
    numeric = np.flatnonzero(~mask)
    width = numeric.shape[0] + sum(u.shape[0] for u in levels)
    ranks = knots is not None and numeric.shape[0] > 0
    out = np.empty((n, width + (numeric.shape[0] if ranks else 0)), dtype=X.dtype, order="F")
    if ranks:
        with_ranks = with_quantiles(np.ascontiguousarray(X[:, numeric]), knots)
        out[:, width:] = with_ranks[:, numeric.shape[0]:]
    k, c = 0, 0
    for j in range(d):
        if mask[j]:
            x32 = np.asarray(X[:, j], dtype=np.float32)
            for level in levels[c].astype(np.float32):
                out[:, k] = x32 == level
                k += 1
            c += 1
        else:
            out[:, k] = X[:, j]
            k += 1
    return out


class FeatureMap:
    """The feature map of a GBRFF estimator: one-hot encoding, ranks,
    standardisation and per-feature bandwidths (see the module's docstring),
    fitted by :meth:`fit_expand`.

    Parameters
    ----------
    standardize : bool, default=True
        Learn ``mean_`` and ``scale_`` (weighted, as StandardScaler).
    quantile_features : bool, default=False
        Learn ``quantile_knots_``: the model sees [x, F(x)].
    feature_bandwidths : {None, "fkl"}, default=None
        "fkl": learn ``bandwidth_scales_`` by Fourier kernel learning.
    bandwidth_shrinkage : float in [0, 1], default=0.0
        Shrinks the learned s_j² towards one: s² → (1 − a) s² + a.
    memory : None, str or joblib.Memory, default=None
        Where the σ of the scale fit is cached (:func:`cached_fkl_sigma`);
        None: no cache. Not part of the fitted map (nor of :meth:`to_dict`).
    feature_screening : None, "auto" or float in (0, 1), default=None
        Learn ``support_``: the input features a marginal screen at this
        false discovery rate keeps (:func:`screen_features`; "auto":
        :data:`SCREEN_AUTO`); the fit sees their columns only (and their
        ranks), :meth:`columns`; a dropped feature's rank is the constant ½
        (one knot, not fitted). None: every feature.
    categorical_features : None, "auto", array of int or array of bool, default=None
        The input features one-hot encoded (:func:`resolve_categorical`;
        "auto": :data:`CATEGORICAL_AUTO`). The screen, when on, reads the
        input features as given (a categorical one as its codes), and keeps
        or drops each categorical feature with all of its indicators.

    The model columns are, in order: each input feature in its place (a
    categorical one as its indicators, one per level), then with
    ``quantile_features`` the ranks of the non-categorical features.

    Attributes
    ----------
    quantile_knots_ : list of (values, levels) pairs, or None
    mean_, scale_ : ndarray of shape (n_columns,), or None
        Rounded to float32's digits, held in float64.
    bandwidth_scales_ : ndarray of shape (n_columns,), or None
        Zero on the columns the screen dropped.
    support_ : ndarray of bool, shape (n_features,), or None
        The input features kept by the screen (None: no screen).
    categorical_features_ : ndarray of bool, shape (n_features,), or None
        The input features one-hot encoded (None: none).
    categorical_levels_ : list of ndarray, or None
        The levels of each encoded feature, in order: its distinct training
        values (rows of positive weight), float32 values held in float64.
    screening_pvalues_ : ndarray of shape (n_features,), or None
        Each input feature's p-value in the screen (:func:`screen_features`).

    Each is None when its option is off. Without ``memory`` the σ of the
    scale fit is learned anew by every fit (same data and seed, same σ): no
    state outlives the map; with it, the σ outlives the map in ``memory`` only.
    """

    def __init__(self, standardize=True, quantile_features=False, feature_bandwidths=None,
                 bandwidth_shrinkage=0.0, memory=None, feature_screening=None,
                 categorical_features=None):
        self.standardize = standardize
        self.quantile_features = quantile_features
        self.feature_bandwidths = feature_bandwidths
        self.bandwidth_shrinkage = bandwidth_shrinkage
        self.memory = memory
        self.feature_screening = feature_screening
        self.categorical_features = categorical_features
        self.quantile_knots_ = self.mean_ = self.scale_ = self.bandwidth_scales_ = None
        self.support_ = self.screening_pvalues_ = None
        self.categorical_features_ = self.categorical_levels_ = None

    # -- fitting ---------------------------------------------------------
    def fit_expand(self, X, y_idx, sample_weight, rng):
        """Fit the map on the training data and return their model features
        :meth:`expand` (X itself without ranks: no copy). ``y_idx`` are the
        labels' indices (for the bandwidths' fit), ``rng`` the estimator's
        RandomState (one draw, with ``feature_bandwidths`` only)."""
        if self.feature_screening is not None:
            self.support_, self.screening_pvalues_ = screen_features(
                X, y_idx, sample_weight, self.feature_screening)
        # the encoding first: ranks, standardisation and bandwidths see the indicators
        mask = resolve_categorical(self.categorical_features, X, sample_weight)
        if mask is not None:
            self.categorical_levels_ = categorical_levels(X, sample_weight, mask)
            self.categorical_features_ = mask
        if self.quantile_features:
            rows = quantile_fit_rows(sample_weight, rng)    # many rows: a subsample's knots
            Xk, wk = (X, sample_weight) if rows is None else (X[rows], sample_weight[rows])
            support = self.support_
            if mask is not None:                            # no rank for an indicator
                Xk = Xk[:, ~mask]
                support = None if support is None else support[~mask]
            if support is None:
                self.quantile_knots_ = fit_quantile_knots(Xk, wk)
            else:   # ranks of the kept features only: a dropped one's F is the constant ½
                kept = iter(fit_quantile_knots(Xk[:, support], wk))
                self.quantile_knots_ = [next(kept) if keep else (np.zeros(1), np.full(1, 0.5))
                                        for keep in support]
        X = self.expand(X)
        if self.standardize:
            self._fit_standardization(X, sample_weight)
        if self.feature_bandwidths is not None:
            self._fit_bandwidth_scales(X, y_idx, sample_weight, rng)
        return X

    def _fit_standardization(self, X, sample_weight):
        mean, scale = weighted_mean_scale(X, sample_weight)
        # rounded to float32's 7 digits (any affine map standardises): weights that
        # act as copies then give exactly the statistics, and the model, of the copies
        mean_, scale_ = (np.asarray(a, dtype=np.float32).astype(np.float64) for a in (mean, scale))
        tiny = np.flatnonzero(scale_ == 0)
        if tiny.size:
            j = int(tiny[0])
            raise ValueError(
                f"Feature {j} varies by only {scale[j]:.3g} (its standard deviation), below "
                "the float32 range in which the fit holds the standardisation; rescale X "
                "(multiply it by a power of ten, say) before fitting.")
        self.mean_, self.scale_ = mean_, scale_

    def _fit_bandwidth_scales(self, X, y_idx, sample_weight, rng):
        """``bandwidth_scales_`` s, one per column, from the σ_j that Fourier
        kernel learning learns on the (standardised) rows of positive weight
        (:func:`fkl_sigma`, through ``memory``), normalised to a mean square
        of one (so that γ stays the average bandwidth: column j gets
        γ_j = γ s_j²), then shrunk towards the shared bandwidth by
        ``bandwidth_shrinkage``."""
        keep = np.flatnonzero(sample_weight > 0)
        seed = rng.randint(np.iinfo(np.int32).max)
        if keep.shape[0] > SCALE_FIT_ROWS:  # a stratified subsample, in the rows' order
            keep = np.sort(resample(keep, replace=False, n_samples=SCALE_FIT_ROWS,
                                    stratify=y_idx[keep], random_state=seed))
        Z = np.ascontiguousarray(self._standardized(X[keep]), dtype=np.float64)
        y_keep = np.ascontiguousarray(y_idx[keep])
        cols = self.columns()
        if cols is not None:          # the screened columns only; the others' scale is 0
            Z = np.ascontiguousarray(Z[:, cols])
        scales = np.ones(Z.shape[1])
        if np.unique(y_keep).shape[0] >= 2:
            sigma = cached_fkl_sigma(self.memory, Z, y_keep, seed)
            rms = np.sqrt(np.mean(sigma**2))
            if np.isfinite(rms) and rms > 0:
                scales = sigma / rms
        a = float(self.bandwidth_shrinkage)  # towards the shared bandwidth: s² → (1 − a) s² + a
        scales = np.sqrt((1.0 - a) * scales**2 + a) if a > 0 else scales
        if cols is not None:
            full = np.zeros(X.shape[1])
            full[cols] = scales
            scales = full
        self.bandwidth_scales_ = scales

    # -- the map ---------------------------------------------------------
    def expand(self, X):
        """The model features of X: X itself, or [X, F(X)] with the ranks, or
        with categorical features their indicators in their place (then the
        ranks of the others): a copy, in X's dtype, column-major."""
        if self.categorical_features_ is not None:
            return one_hot(X, self.categorical_features_, self.categorical_levels_,
                           self.quantile_knots_)
        return X if self.quantile_knots_ is None else with_quantiles(X, self.quantile_knots_)

    def column_features(self):
        """The input feature of each model column, in order (an indicator's
        and a rank's feature included)."""
        mask = self.categorical_features_
        if mask is None:
            base = numeric = np.arange(self.n_features())
        else:
            sizes = np.ones(mask.shape[0], dtype=np.int64)
            sizes[mask] = [u.shape[0] for u in self.categorical_levels_]
            base = np.repeat(np.arange(mask.shape[0]), sizes)
            numeric = np.flatnonzero(~mask)
        return base if self.quantile_knots_ is None else np.concatenate([base, numeric])

    def n_features(self):
        """The number of input features the map was fitted on."""
        for a in (self.support_, self.categorical_features_):
            if a is not None:
                return a.shape[0]
        n = self.n_columns()
        return n // 2 if self.quantile_knots_ is not None else n

    def standardization(self, dtype):
        """(mean_, scale_) in ``dtype``, None without standardisation: the
        space z = (x − mean_) / scale_ of the model features that the fitted
        frequencies ω act on, which prediction forms a block of rows at a time."""
        if self.mean_ is None:
            return None
        return self.mean_.astype(dtype), self.scale_.astype(dtype)

    def fit_standardization(self, dtype):
        """(mean, scale) in ``dtype`` for the engine's fit, which works on
        (x − mean) / scale formed inside its float32 copy of X: the space of
        :meth:`standardization`, each column further multiplied by its
        ``bandwidth_scales_`` s with per-feature bandwidths (the fit folds s
        back into ω, :meth:`frequencies_on_z`); None without either."""
        s = self.bandwidth_scales_
        space = self.standardization(dtype)
        if s is None:
            return space
        mean, scale = space if space is not None else (np.zeros(s.shape[0]), np.ones(s.shape[0]))
        with np.errstate(divide="ignore"):
            scale = scale / s  # s_j = 0: column j drops out (its z is 0)
        return mean.astype(dtype), scale.astype(dtype)

    def columns(self):
        """The indices of the model columns the screen kept (each kept input
        feature, and its rank with ``quantile_features``), in order; None
        without a screen (every column)."""
        if self.support_ is None:
            return None
        if self.categorical_features_ is not None:
            return np.flatnonzero(self.support_[self.column_features()])
        kept = np.flatnonzero(self.support_)
        if self.quantile_knots_ is not None:
            kept = np.concatenate([kept, kept + self.support_.shape[0]])
        return kept

    def fit_columns(self, X, standardization):
        """(X, ``standardization``) restricted to :meth:`columns`, what the
        engine fits on (a copy of the kept columns only); both as given
        without a screen."""
        cols = self.columns()
        if cols is None:
            return X, standardization
        if standardization is not None:
            standardization = tuple(np.ascontiguousarray(a[cols]) for a in standardization)
        return np.asfortranarray(X[:, cols]), standardization

    def frequencies_on_z(self, omegas):
        """The frequencies fitted on z ⊙ s as frequencies on z: ω ⊙ s
        (ω·(z ⊙ s) = (ω ⊙ s)·z); ``omegas`` itself without per-feature bandwidths.
        After a screen, ``omegas`` (…, k) act on the k kept columns: they
        are returned on every column, zero on the dropped ones."""
        cols = self.columns()
        if cols is not None:
            full = np.zeros(omegas.shape[:-1] + (self.n_columns(),))
            full[..., cols] = omegas
            omegas = full
        return omegas if self.bandwidth_scales_ is None else omegas * self.bandwidth_scales_

    def n_columns(self):
        """The number of model columns (input features, twice with the ranks;
        with categorical features, their levels and the others' ranks)."""
        if self.categorical_features_ is not None:
            return self.column_features().shape[0]
        n = self.support_.shape[0] if self.support_ is not None else None
        if n is None:
            for a in (self.mean_, self.bandwidth_scales_):
                if a is not None:
                    return a.shape[0]
            raise ValueError("the map does not know its number of columns")
        return 2 * n if self.quantile_knots_ is not None else n

    def _standardized(self, X):
        space = self.standardization(X.dtype)
        return X if space is None else _boosting._standardized_rows(X, space)

    # -- plain data ------------------------------------------------------
    def to_dict(self):
        """The options and fitted statistics as plain lists and numbers
        (JSON-ready, every float64 written as a Python float, which
        ``json`` round-trips exactly); :meth:`from_dict` inverts it.
        ``quantile_knots`` is a list of ``{"values", "levels"}`` (the knots of
        each F_j), each fitted entry null when its option is off; with an
        encoded feature, ``categorical_features`` (the mask over the input
        features) and ``categorical_levels`` (each encoded feature's
        levels), keys absent when no feature is encoded."""
        def plain(a):
            return None if a is None else np.asarray(a, dtype=np.float64).tolist()

        knots = self.quantile_knots_
        d = {
            "standardize": bool(self.standardize),
            "quantile_features": bool(self.quantile_features),
            "feature_bandwidths": self.feature_bandwidths,
            "bandwidth_shrinkage": float(self.bandwidth_shrinkage),
            "quantile_knots": None if knots is None else [
                {"values": plain(u), "levels": plain(levels)} for u, levels in knots],
            "mean": plain(self.mean_),
            "scale": plain(self.scale_),
            "bandwidth_scales": plain(self.bandwidth_scales_),
            "feature_screening": self.feature_screening,
            "support": None if self.support_ is None else self.support_.tolist(),
            "screening_pvalues": plain(self.screening_pvalues_),
        }
        if self.categorical_features_ is not None:   # written only when a feature is encoded
            d["categorical_features"] = self.categorical_features_.tolist()
            d["categorical_levels"] = [plain(u) for u in self.categorical_levels_]
        return d

    @classmethod
    def from_dict(cls, d):
        """The fitted map of :meth:`to_dict`'s ``d`` (KeyError for a missing key)."""
        def array(a):
            return None if a is None else np.asarray(a, dtype=np.float64)

        fmap = cls(standardize=d["standardize"], quantile_features=d["quantile_features"],
                   feature_bandwidths=d["feature_bandwidths"],
                   bandwidth_shrinkage=d["bandwidth_shrinkage"])
        knots = d["quantile_knots"]
        fmap.quantile_knots_ = None if knots is None else [
            (array(k["values"]), array(k["levels"])) for k in knots]
        fmap.mean_, fmap.scale_ = array(d["mean"]), array(d["scale"])
        fmap.bandwidth_scales_ = array(d["bandwidth_scales"])
        # written before the screen existed: no screen (keys absent)
        fmap.feature_screening = d.get("feature_screening")
        support = d.get("support")
        fmap.support_ = None if support is None else np.asarray(support, dtype=bool)
        fmap.screening_pvalues_ = array(d.get("screening_pvalues"))
        # absent: no feature encoded (and every dict written before the encoding existed)
        mask = d.get("categorical_features")
        if mask is not None:
            fmap.categorical_features_ = np.asarray(mask, dtype=bool)
            fmap.categorical_levels_ = [array(u) for u in d["categorical_levels"]]
        return fmap

    def transform(self, X):
        """z(X), the points the fitted expansions act on: the model features
        (:meth:`expand`) standardised with ``standardize``, in X's dtype and
        memory order (X itself with neither), with the bits of prediction's
        blocks of rows. ``X`` is validated by the caller (the estimator)."""
        return self._standardized(self.expand(X))
