"""scikit-learn's private helpers that gbrff's estimators use, in one place.

scikit-learn keeps these outside its public API, so a release may move them.
Each import here has a fallback (as :mod:`gbrff.baselines._libsvm` falls back
on ``SVC``/``SVR``, and LightGBM's ``compat.py`` on its optional packages):

- ``_fit_context`` (``sklearn.base``): validates the parameters once per
  ``fit``; fallback: a decorator that calls ``_validate_params`` first;
- ``_check_sample_weight`` (``sklearn.utils.validation``): fallback: a plain
  check of shape and sign;
- the internals of ``StandardScaler.fit`` (``_handle_zeros_in_scale``,
  ``_is_constant_feature``, ``_safe_accumulator_op``), with which
  :func:`gbrff._feature_map.weighted_mean_scale` forms the weighted mean and
  scale without the scaler's copies of X; ``SCALER_INTERNALS`` is False when
  they are missing, and the feature map then calls ``StandardScaler`` itself
  (the same statistics, at the cost of its copies).

``Interval``, ``StrOptions`` and ``HasMethods`` (``sklearn.utils._param_validation``)
have no fallback: the estimators' ``_parameter_constraints`` are written in them.
"""

import functools

import numpy as np
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions

__all__ = ["HasMethods", "Interval", "SCALER_INTERNALS", "StrOptions", "check_sample_weight", "fit_context",
           "handle_zeros_in_scale", "is_constant_feature", "safe_accumulator_op"]

try:
    from sklearn.base import _fit_context as fit_context
except ImportError:  # pragma: no cover - a scikit-learn that moved it
    def fit_context(prefer_skip_nested_validation):
        """``fit`` after ``self._validate_params()``."""
        def decorate(fit):
            @functools.wraps(fit)
            def wrapper(estimator, *args, **kwargs):
                estimator._validate_params()
                return fit(estimator, *args, **kwargs)
            return wrapper
        return decorate

try:
    from sklearn.utils.validation import _check_sample_weight as check_sample_weight
except ImportError:  # pragma: no cover - a scikit-learn that moved it
    def check_sample_weight(sample_weight, X, dtype=None, ensure_non_negative=False):
        """Unit weights for None, else the weights as a 1-d array of len(X) (non-negative if asked)."""
        dtype = np.float64 if dtype is None else dtype
        n = X.shape[0]
        if sample_weight is None:
            return np.ones(n, dtype=dtype)
        sw = np.asarray(sample_weight, dtype=dtype)
        if sw.ndim == 0:
            return np.full(n, sw, dtype=dtype)
        if sw.shape != (n,):
            raise ValueError(f"sample_weight.shape == {sw.shape}, expected {(n,)}!")
        if ensure_non_negative and np.any(sw < 0):
            raise ValueError("Negative values in data passed to `sample_weight`")
        return sw

try:
    from sklearn.preprocessing._data import _handle_zeros_in_scale as handle_zeros_in_scale
    from sklearn.preprocessing._data import _is_constant_feature as is_constant_feature
    from sklearn.utils.extmath import _safe_accumulator_op as safe_accumulator_op
    SCALER_INTERNALS = True
except ImportError:  # pragma: no cover - a scikit-learn that moved them: StandardScaler serves
    handle_zeros_in_scale = is_constant_feature = safe_accumulator_op = None
    SCALER_INTERNALS = False
