"""scikit-learn regressors for GBRFF2, GBRFF1 and the 2019 preprint's GBRFF.

The same engine as the classifiers (:mod:`gbrff._estimators`), through the
loss axis: a regression loss (``squared_error``, the 2019 preprint's least
squares, or ``huber``) boosts a real target. The classes validate X and y,
fit the feature map (``feature_map_``: the classifiers' one-hot encoding,
standardisation and ranks), standardise the target, split off an inner
validation set for early stopping and hand the fit to :mod:`gbrff._boosting`
with ``scale_free=True`` (each weak learner fits the residuals at unit scale,
with a free amplitude).
The fitted expansion is then written back in the target's units, so that
``expansion_`` alone predicts: ŷ(x) = H(z(x)), with z the feature map's
standardised features and no link (``predict`` is H itself). A fitted
regressor travels as plain data (``to_dict`` / ``from_dict``, the format of
:mod:`gbrff._serialization`).
"""

from numbers import Integral, Real

import numpy as np
from sklearn.base import RegressorMixin
from sklearn.model_selection import train_test_split
from sklearn.utils import check_random_state
from sklearn.utils.validation import check_is_fitted, validate_data

from . import _boosting, _warm_start
from ._boosting import Expansion
from ._engine.loss_registry import HUBER_ALPHA, REGRESSION, losses_for
from ._estimators import _check_float32_range, _fitted_by_map, _fitted_categorical_features, _GBRFFBase
from ._feature_map import FeatureMap
from ._serialization import FORMAT, REQUIRED, VERSION, check_model_dict, plain_params
from ._sklearn_compat import Interval, StrOptions, check_sample_weight, fit_context

__all__ = ["GBRFF1Regressor", "GBRFF2Regressor", "GBRFFLSRegressor"]


def _target_scale(y, sw):
    """(mean, scale) of the target: its weighted mean and standard deviation
    (1 for a constant target), rounded to float32's 7 digits where float32
    holds them (any affine map standardises: weights that act as copies then
    give exactly the copies' statistics, as the feature map's ``mean_`` and
    ``scale_``)."""
    mean = float(np.sum(sw * y) / np.sum(sw))
    d = y - mean
    top = float(np.max(np.abs(d[sw > 0])))
    scale = top * float(np.sqrt(np.sum(sw * (d / top) ** 2) / np.sum(sw))) if top > 0 else 0.0
    if not (np.isfinite(mean) and np.isfinite(scale)):
        raise ValueError("y has values too large to standardise in float64; rescale y "
                         "(divide it by a power of ten, say) before fitting.")
    if scale == 0.0:
        scale = 1.0
    rounded = [float(np.float32(v)) for v in (mean, scale)]
    if all(np.isfinite(rounded)) and rounded[1] > 0:
        mean, scale = rounded
    return mean, scale


def _check_target(y):
    """y as float64, or a ValueError saying that a regressor needs numbers."""
    if y.dtype.kind in "biuf":
        return np.asarray(y, dtype=np.float64)
    try:
        return np.asarray(y, dtype=np.float64)
    except (TypeError, ValueError):
        raise ValueError(
            f"y must hold real numbers (a regression target), got values of dtype {y.dtype} "
            f"such as {y.ravel()[:3].tolist()!r}; for class labels use a GBRFF classifier "
            "(GBRFF2Classifier).") from None


class _BaseGBRFFRegressor(RegressorMixin, _GBRFFBase):
    """Shared machinery of the GBRFF regressors."""

    _parameter_constraints = {
        **_GBRFFBase._parameter_constraints,
        "loss": [StrOptions(set(losses_for(REGRESSION)))],
        "alpha": [Interval(Real, 0, 1, closed="neither")],
        "warm_start": ["boolean"],
    }

    # -- fitting ---------------------------------------------------------
    @fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Fit the boosted ensemble to a real target.

        A refit starts from nothing: no fitted attribute of an earlier fit
        survives beside the new model. With ``warm_start=True`` a fitted
        estimator continues its expansion up to ``n_estimators`` instead.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data; NaN and inf are rejected. A float32 array in
            column-major order is read without a copy.
        y : array-like of shape (n_samples,)
            The target: real numbers; NaN, inf and strings are rejected.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights; a weight acts like a number of copies.

        Returns
        -------
        self : object
            The fitted estimator.

        Raises
        ------
        ValueError
            If X holds values beyond the float32 range, if y holds anything
            but finite real numbers, or if no sample has a positive weight;
            with ``warm_start=True``, if ``n_estimators`` is below the
            iterations already fitted, or a parameter that shapes the model
            changed since the fit continued.
        """
        continuing = bool(self.warm_start) and hasattr(self, "expansions_")
        if not continuing:
            for name in [k for k in vars(self) if k.endswith("_") and not k.startswith("_")]:
                delattr(self, name)
            self._warm_start_state_ = None
        X, y = validate_data(self, X, y, dtype=[np.float64, np.float32], ensure_min_samples=2,
                             y_numeric=True, reset=not continuing)
        y = _check_target(y)
        if not np.all(np.isfinite(y)):
            raise ValueError("Input y contains NaN or infinity: a regression target must be finite.")
        _check_float32_range(X)
        sample_weight = check_sample_weight(sample_weight, X, dtype=np.float64,
                                            ensure_non_negative=True)
        if not np.any(sample_weight > 0):
            raise ValueError("sample_weight must have at least one positive value.")
        # the rows of positive weight are digested too: the validation split draws from them
        digest = (_warm_start.data_digest(X, y, positive=sample_weight > 0)
                  if self.warm_start else None)
        if continuing:
            # the target's standardisation, the feature map and γ stay the first fit's
            previous = self._previous_fit(digest)
            if previous is None:        # as long as asked, or stopped by early stopping
                return self
            (previous,) = previous
            rng = _warm_start.restored_rng(previous[1].rng_state)
            X = self.feature_map_.expand(X)
        else:
            previous = None
            rng = check_random_state(self.random_state)
            # the target standardised: tol, the learners' scale and the losses read
            # alike for a target in millimetres or in kilometres
            self.target_mean_, self.target_scale_ = _target_scale(y, sample_weight)
            feature_map = self._feature_map()
            X = feature_map.fit_expand(X, None, sample_weight, rng)
            self.feature_map_ = feature_map
            # the "quantile" rule reads pairs of rows: the rows of positive weight only (a
            # row of weight 0 counts for nothing, as if it were not there)
            positive = sample_weight > 0
            self.gamma_ = self._gamma_value(X if positive.all() else X[positive], rng)
        z = (y - self.target_mean_) / self.target_scale_
        # the split's seed, then the ω, from rng (_GBRFFBase._fit_problem)
        model, problem = self._fit_problem(X, z, sample_weight, self.gamma_, rng,
                                           _boosting.resolve_threads(self.n_jobs), previous)
        # the expansion in fitting units (the standardised target) is what a warm
        # start continues; expansions_ hold it in the target's units
        self._warm_start_state_ = _warm_start.WarmStart(
            [problem], digest, self._warm_start_params(), expansions=[model])
        self.expansions_ = [self._in_target_units(model)]
        self._set_expansion_attributes()
        return self

    def _feature_map(self):
        return FeatureMap(standardize=self.standardize)

    def _split_validation(self, X, z, sw, seed):
        """(X, z, sw) to fit on and the validation part (None without early
        stopping): a ``validation_fraction`` of the rows of positive weight
        drawn with ``seed`` (a row of weight 0 counts for nothing in either
        part, as if it were not there)."""
        if self.n_iter_no_change is None:
            return X, z, sw, None
        rows = np.flatnonzero(sw > 0)
        if rows.shape[0] < 2:
            raise ValueError("Early stopping (n_iter_no_change=%r) needs at least two rows of "
                             "positive sample_weight, to fit on one part and validate on the "
                             "other; give more data or set n_iter_no_change=None."
                             % self.n_iter_no_change)
        fit_rows, val_rows = train_test_split(rows, test_size=self.validation_fraction,
                                              random_state=seed)
        fit_rows.sort()
        val_rows.sort()
        return X[fit_rows], z[fit_rows], sw[fit_rows], (X[val_rows], z[val_rows], sw[val_rows])

    def _in_target_units(self, m):
        """The expansion fitted on the standardised target written in the
        target's units: H⁰ → mean + scale H⁰, α_t → scale α_t, and the losses
        (both quadratic in the target's scale) times scale²."""
        mu, s = self.target_mean_, self.target_scale_
        return Expansion(m.learner, m.loss, float(mu + s * m.init_score), m.omegas, m.phases,
                         m.q, s * m.alphas, m.landmarks, s * s * m.train_loss,
                         s * s * m.val_loss)

    def _set_expansion_attributes(self):
        m = self.expansions_[0]
        self.init_score_ = m.init_score
        self.alphas_ = m.alphas
        self.train_loss_ = m.train_loss
        self.n_estimators_ = m.n_iter
        if m.val_loss.shape[0]:
            self.validation_loss_ = m.val_loss
        for name, value in self._weak_learner_arrays(m).items():
            setattr(self, name + "_", value)

    @property
    def expansion_(self):
        """The fitted :class:`gbrff.Expansion`, in the target's units: it
        predicts alone, ŷ = ``expansion_.decision_function(feature_map_.transform(X))``."""
        check_is_fitted(self)
        return self.expansions_[0]

    # -- plain data -------------------------------------------------------
    def to_dict(self):
        """The fitted model as plain data (JSON-safe): ``json.dumps`` writes it,
        :meth:`from_dict` rebuilds it, predicting bit for bit the same.

        Returns
        -------
        dict
            The classifiers' keys (``format``, ``version``, ``estimator``,
            ``params``, ``n_features_in``, ``feature_names_in``,
            ``feature_map``, ``gamma``, ``expansions``: one, in the target's
            units) without ``classes``, and ``target``: the ``mean`` and
            ``scale`` the target was standardised with (``target_mean_``,
            ``target_scale_``; already folded into the expansion).

        Raises
        ------
        sklearn.exceptions.NotFittedError
            If the estimator is not fitted.
        """
        check_is_fitted(self)
        names = getattr(self, "feature_names_in_", None)
        return {
            "format": FORMAT, "version": VERSION, "estimator": type(self).__name__,
            "params": plain_params(self),
            "n_features_in": int(self.n_features_in_),
            "feature_names_in": None if names is None else [str(n) for n in names],
            "target": {"mean": float(self.target_mean_), "scale": float(self.target_scale_)},
            "feature_map": self.feature_map_.to_dict(),
            "gamma": float(self.gamma_),
            "expansions": [m.to_dict() for m in self.expansions_],
        }

    @classmethod
    def from_dict(cls, d):
        """The fitted estimator of :meth:`to_dict`'s dict (or of its JSON text
        read back by ``json.loads``).

        Parameters
        ----------
        d : dict
            What ``to_dict`` of an estimator of this class returned.

        Returns
        -------
        estimator
            A fitted estimator that predicts bit for bit as the one that
            wrote ``d``.

        Raises
        ------
        ValueError
            If ``d`` is of another format or version, was written by another
            class, lacks a key, or holds an invalid parameter.
        """
        check_model_dict(d, cls, REQUIRED + ("target",))
        try:
            est = cls(**d["params"])
        except TypeError as exc:
            raise ValueError(f"The dict's params do not fit {cls.__name__}: {exc}.") from None
        est._validate_params()
        try:
            est.n_features_in_ = int(d["n_features_in"])
            if d["feature_names_in"] is not None:
                est.feature_names_in_ = np.asarray(d["feature_names_in"], dtype=object)
            est.target_mean_ = float(d["target"]["mean"])
            est.target_scale_ = float(d["target"]["scale"])
            est.feature_map_ = FeatureMap.from_dict(d["feature_map"])
            est.gamma_ = float(d["gamma"])
            est.expansions_ = [Expansion.from_dict(e) for e in d["expansions"]]
        except KeyError as exc:
            raise ValueError(f"This estimator's dict lacks the key {exc}: it was not written "
                             "by to_dict, or has been cut.") from None
        if len(est.expansions_) != 1:
            raise ValueError(f"This dict holds {len(est.expansions_)} expansions: a regressor "
                             "has one.")
        est._set_expansion_attributes()
        return est

    # -- prediction -------------------------------------------------------
    def score(self, X, y, sample_weight=None):
        """R², the coefficient of determination of :meth:`predict` on (X, y).

        1 − Σ w (y − ŷ)² / Σ w (y − ȳ)², as scikit-learn's ``r2_score`` (the
        default score of every scikit-learn regressor): 1 is perfect, 0 is
        the constant mean's score.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            As in :meth:`predict`.
        y : array-like of shape (n_samples,)
            The true target.
        sample_weight : array-like of shape (n_samples,), default=None
            Weights of the samples in the sums.

        Returns
        -------
        score : float
        """
        return super().score(X, y, sample_weight=sample_weight)

    def predict(self, X):
        """The predicted target ŷ = H(x), in the target's units.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data (standardised
            inside with ``standardize=True``); NaN and inf are rejected.

        Returns
        -------
        y_pred : ndarray of shape (n_samples,)
        """
        X, standardization = self._validate_for_predict(X)
        return _boosting.final_scores_many(self.expansions_, X,
                                           _boosting.resolve_threads(self.n_jobs),
                                           standardization=standardization)[0]

    def staged_predict(self, X):
        """Yield the predicted target after each boosting iteration (as
        scikit-learn's gradient boosting does), the last one equal to
        :meth:`predict`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            As in :meth:`predict`.

        Yields
        ------
        y_pred : ndarray of shape (n_samples,)
        """
        X, standardization = self._validate_for_predict(X)
        yield from _boosting.staged_scores(self.expansions_[0], X,
                                           standardization=standardization)

    # -- ONNX -------------------------------------------------------------
    def to_onnx(self, X_sample=None, *, target_opset=None):
        """The fitted model as an ONNX graph of standard operators.

        The classifiers' graph (:meth:`gbrff.GBRFF2Classifier.to_onnx`) with
        the identity head: the output is H, ``predict``. Needs the ``onnx``
        extra: ``pip install "gbrff[onnx]"``.

        Parameters
        ----------
        X_sample : array-like of shape (n_samples, n_features), default=None
            Sets the input's type: float64 for a float64 array, else float32.
        target_opset : int, default=None
            The ONNX opset (default 17; at least 11).

        Returns
        -------
        onnx.ModelProto
            Input ``"X"`` (N, n_features); output ``"variable"`` (N, 1),
            float64: ``predict`` on the input widened to float64.
            ``skl2onnx.to_onnx(est, X)`` converts it too.

        Examples
        --------
        >>> import onnxruntime
        >>> from sklearn.datasets import make_friedman1
        >>> from gbrff import GBRFF2Regressor
        >>> X, y = make_friedman1(300, noise=1.0, random_state=0)
        >>> reg = GBRFF2Regressor(n_estimators=50, random_state=0).fit(X, y)
        >>> session = onnxruntime.InferenceSession(reg.to_onnx(X).SerializeToString(),
        ...                                        providers=["CPUExecutionProvider"])
        >>> (pred,) = session.run(None, {"X": X[:5]})
        >>> bool(abs(pred[:, 0] - reg.predict(X[:5])).max() < 1e-9)
        True
        """
        from ._onnx import to_onnx

        return to_onnx(self, X_sample, target_opset=target_opset)


class GBRFF2Regressor(_BaseGBRFFRegressor):
    """Gradient boosting of one learned random Fourier feature per
    iteration for a real target (GBRFF2, Algorithm 3 of Gautheron et al.,
    ECML-PKDD 2020, with the least-squares learner of their 2019 preprint).

    With the target y standardised and H⁰ its weighted mean (huber: its
    median), each iteration t computes the residuals ỹ = y − H (huber:
    clipped), draws ω ~ N(0, 2γ)^d,
    fits a₁cos(ω·x) + a₂sin(ω·x) to ỹ by weighted least squares, refines ω
    by L-BFGS on that fit (variable projection, penalty λ‖ω‖²), takes the
    phase b = atan2(a₂, a₁), and adds the step α_t cos(ω·x − b) (the line
    minimum of the loss, times ``learning_rate``) to H. Each fit is made on
    the residuals divided by their root mean square, so that the hundredth
    weak learner is fitted as carefully as the first.

    Parameters
    ----------
    n_estimators : int, default=500
        The most boosting iterations T (weak learners); early stopping
        (``n_iter_no_change``) usually ends the fit before.
    gamma : "auto", "quantile" or float, default="quantile"
        γ of the RBF kernel whose Fourier transform N(0, 2γ)^d the
        frequencies are drawn from: "quantile" sets it from the data as the
        random-features thesis does, 1 / (2σ²) with σ² the mean of the 0.1
        and 0.9 quantiles of the pairwise squared distances of the
        (standardised) features (:func:`gbrff.quantile_gamma`; about
        1 / (4 n_features) for standardised features, whose first draws are
        smoother than "auto"'s 1 / n_features: better R² on every task of
        the benchmark); a float as it is.
    reg_lambda : float, default=0.0
        The paper's λ, the L2 penalty on ω during its refinement (relative
        to residuals of unit scale). Large values shrink ω towards 0, where a
        cosine is nearly linear.
    learning_rate : float, default=0.1
        Shrinkage of every step α (the exact line minimum over-fits a noisy
        target; 0.1 is scikit-learn's and LightGBM's default).
    n_optim_steps : int, default=10
        L-BFGS iterations of the refinement of ω (0: keep the random draw).
    n_iter_no_change : int or None, default=20
        Stop when the loss on an inner validation split (a random
        ``validation_fraction`` of the rows, not fitted) has not decreased
        by ``tol`` for this many iterations; the model keeps them, as
        scikit-learn's gradient boosting does. On by default (the
        classifiers' default is None): the number of iterations a real
        target needs varies most (on diabetes the test R² peaks within 25
        iterations, on Friedman #1 it still rises at 300). None: all
        ``n_estimators`` iterations on all the data.
    validation_fraction : float, default=0.1
        Share of the training data set aside for early stopping.
    tol : float, default=1e-4
        Minimal decrease of the validation loss that counts as progress, in
        units of the target's variance (the loss of the standardised target).
    random_state : int, RandomState instance or None, default=None
        Seeds the random draws (and the validation split).
    n_jobs : int or None, default=None
        Threads of a fit and of scoring large inputs, as in
        :class:`gbrff.GBRFF2Classifier`: the model is bit for bit the same
        for any n_jobs.
    loss : {"squared_error", "huber"}, default="squared_error"
        The loss boosted (scikit-learn's names). "squared_error", (y − H)²
        (the 2019 preprint's least squares): H⁰ the weighted mean, ỹ = y − H,
        α = Σỹh / Σh². "huber": (y − H)² within δ and δ(2 ``|y − H|`` − δ)
        beyond, δ the weighted ``alpha``-quantile of ``|y − H|`` at each
        iteration, as scikit-learn's GradientBoostingRegressor sets it: H⁰
        the weighted median, ỹ = y − H clipped to ±δ (outliers pull no
        harder than δ), α the exact line minimum of the loss. Robust to
        outliers in y, at a small cost in R² on clean data.
    alpha : float in (0, 1), default=0.9
        huber's quantile: the share of the residuals treated as inliers
        (scikit-learn's name; not the steps α_t of ``alphas_``). Unused by
        "squared_error".
    standardize : bool, default=True
        Standardise each feature inside the estimator, as
        :class:`gbrff.GBRFF2Classifier` does (``mean_``, ``scale_``), so that
        ``gamma="auto"`` fits features of any units. The target is
        standardised in any case (``target_mean_``, ``target_scale_``).
    quantile_features : bool, default=False
        Beside each feature, its rank F_j(x_j) ∈ [0, 1] (as
        :class:`gbrff.GBRFF2Classifier`'s).
    warm_start : bool, default=False
        True: fitting a fitted estimator again continues its expansion up to
        ``n_estimators`` (the same ``n_estimators``: nothing more; a smaller
        one: ValueError), as HistGradientBoosting's warm start; the target's
        standardisation, the feature map and γ stay the first fit's. On the
        same data (X, y and the rows of positive weight), after a first fit
        with ``warm_start=True``, the model is one fit of that size, bit for
        bit, early stopping included (a fit it ended adds nothing). Read
        more in the User Guide (:doc:`/user_guide/fitting`).
    categorical_features : None, "auto", array of int or array of bool, default=None
        The input features to one-hot encode, as scikit-learn's
        HistGradientBoostingRegressor names them: None (none, the paper's
        model), integer indices, a boolean mask of shape (n_features,), or
        "auto", a heuristic: the features whose distinct training values
        (rows of positive weight) are 3 or 4 and evenly spaced (integer
        codes, after any affine map). Each encoded feature is replaced by
        one indicator column per level it takes in training
        (``categorical_levels_``; at most 255; a value matches a level when
        equal in float32), a value unseen in training giving all zeros,
        before the ranks and the standardisation: a cosine of ω·x then sees
        no order between the codes. An indicator gets no rank column, and
        ``gamma`` is resolved on the model's columns, the indicators
        counted ("quantile": their pairwise distances; "auto": one over
        their number). Read more in the User Guide
        (:doc:`/user_guide/features`).

    Attributes
    ----------
    n_features_in_ : int
    feature_names_in_ : ndarray of shape (n_features,)
        Only when X has feature names (a DataFrame).
    init_score_ : float
        H⁰ in the target's units (the weighted mean, or median for huber).
    gamma_ : float
        The γ the frequencies were drawn with (``gamma`` resolved).
    target_mean_, target_scale_ : float
        The weighted mean and standard deviation the target was standardised
        with (1 for a constant target), folded back into ``expansion_``.
    mean_, scale_ : ndarray of shape (n_features,)
        Only with ``standardize=True``: the features' standardisation
        z = (x − ``mean_``) / ``scale_`` (``feature_map_``).
    categorical_features_ : ndarray of bool, shape (n_features,), or None
        The input features one-hot encoded; None when none is (with
        ``categorical_features=None``, or "auto" finding none).
    categorical_levels_ : list of ndarray
        Only when a feature is encoded: each encoded feature's levels (its
        distinct training values), in order; feature j's indicators take
        its place among the model columns (``omegas_``'s columns: each
        feature in its place, then the ranks of the non-categorical ones).
    feature_map_ : gbrff._feature_map.FeatureMap
        The fitted feature map, as the classifiers'.
    alphas_ : ndarray of shape (T,)
        The steps α_t in the target's units (learning rate included).
    train_loss_ : ndarray of shape (T,)
        The loss on the training data after each iteration, in the target's
        units squared (huber at each iteration's δ).
    validation_loss_ : ndarray of shape (T,)
        Only with early stopping: the loss on the validation split.
    n_estimators_ : int
        T, the number of iterations actually run (the arrays' first axis;
        every fit of a warm start counted).
    expansions_ : list of one :class:`gbrff.Expansion`
        The fitted model in the target's units, acting on z;
        ``expansion_`` is it.
    omegas_ : ndarray of shape (T, n_features)
        The learned frequencies ω_t, acting on the standardised features z.
    biases_ : ndarray of shape (T,)
        The phases b_t.

    See Also
    --------
    GBRFF1Regressor : K random features around a learned landmark per iteration.
    GBRFF2Classifier : the classifier on the same engine.

    Notes
    -----
    The classifiers' per-feature bandwidths (``feature_bandwidths="fkl"``)
    are not offered: their scales are learned by a classifier (Fourier
    kernel learning) from the labels.

    Examples
    --------
    >>> from sklearn.datasets import make_friedman1
    >>> from gbrff import GBRFF2Regressor
    >>> X, y = make_friedman1(600, noise=1.0, random_state=0)
    >>> reg = GBRFF2Regressor(random_state=0).fit(X[:400], y[:400])
    >>> reg.score(X[400:], y[400:]) > 0.85
    True

    A fitted model travels as plain data and comes back predicting bit for
    bit the same:

    >>> import json
    >>> twin = GBRFF2Regressor.from_dict(json.loads(json.dumps(reg.to_dict())))
    >>> bool((twin.predict(X) == reg.predict(X)).all())
    True
    """

    _parameter_constraints = {
        **_BaseGBRFFRegressor._parameter_constraints,
        "reg_lambda": [Interval(Real, 0, None, closed="left")],
        "quantile_features": ["boolean"],
        "categorical_features": [None, StrOptions({"auto"}), "array-like"],
    }
    _WARM_START_FIXED = _BaseGBRFFRegressor._WARM_START_FIXED + ("quantile_features",
                                                                 "categorical_features")

    def __init__(self, n_estimators=500, gamma="quantile", reg_lambda=0.0, learning_rate=0.1,
                 random_state=None, n_optim_steps=10, n_iter_no_change=20,
                 validation_fraction=0.1, tol=1e-4, n_jobs=None, loss="squared_error",
                 alpha=HUBER_ALPHA, standardize=True, quantile_features=False,
                 warm_start=False, categorical_features=None):
        self.n_estimators = n_estimators
        self.gamma = gamma
        self.reg_lambda = reg_lambda
        self.learning_rate = learning_rate
        self.random_state = random_state
        self.n_optim_steps = n_optim_steps
        self.n_iter_no_change = n_iter_no_change
        self.validation_fraction = validation_fraction
        self.tol = tol
        self.n_jobs = n_jobs
        self.loss = loss
        self.alpha = alpha
        self.standardize = standardize
        self.quantile_features = quantile_features
        self.warm_start = warm_start
        self.categorical_features = categorical_features

    quantile_knots_ = _fitted_by_map("quantile_knots_", "With ``quantile_features=True``: the "
                                     "knots of each F_j (``feature_map_``).")
    categorical_levels_ = _fitted_by_map("categorical_levels_", "With an encoded feature: the "
                                         "levels of each (``feature_map_``).")

    categorical_features_ = _fitted_categorical_features

    def _feature_map(self):
        return FeatureMap(standardize=self.standardize, quantile_features=self.quantile_features,
                          categorical_features=self.categorical_features)

    def _run_boosting(self, X, z, sw, gamma, rng, val, n_threads, n_estimators, start):
        return _boosting.fit_gbrff2(
            X, z, sw, n_estimators=n_estimators, gamma=gamma, reg_lambda=self.reg_lambda,
            learning_rate=self.learning_rate, n_optim_steps=self.n_optim_steps, rng=rng,
            validation=val, n_iter_no_change=self.n_iter_no_change, tol=self.tol,
            loss=self.loss, n_threads=n_threads,
            standardization=self.feature_map_.fit_standardization(X.dtype),
            quantile=self.alpha, scale_free=True, start=start, return_scores=True)

    @staticmethod
    def _weak_learner_arrays(m):
        return dict(omegas=m.omegas[:, 0, :], biases=m.phases[:, 0])


class GBRFF1Regressor(_BaseGBRFFRegressor):
    """Gradient boosting of learned landmarks with K random Fourier features
    for a real target (GBRFF1, Algorithm 2 of Gautheron et al., ECML-PKDD
    2020, with the least-squares learner of their 2019 preprint).

    With the target y standardised and H⁰ its weighted mean (huber: its
    median), each iteration t computes the residuals ỹ = y − H (huber:
    clipped), draws K frequencies
    ω_j ~ N(0, 2γ)^d, learns a landmark x^t by L-BFGS from the origin on
    min_c (1/n) Σ_i (ỹ_i − c (1/K) Σ_j cos(ω_j·(x^t − x_i)))² (the
    preprint's Eq. 5 with the free amplitude c of its Algorithm 1, line 4),
    weights the K cosines by the pseudo-posterior
    q_j ∝ exp(−β√n (1/n) Σ_i (sign(c) ỹ_i − cos(ω_j·(x^t − x_i)))²) (its
    Eq. 7), and adds the step α_t Σ_j q_j cos(ω_j·(x^t − x)) (the line
    minimum of the loss, times ``learning_rate``) to H. Each fit is made on
    the residuals divided by their root mean square.

    Parameters
    ----------
    n_estimators : int, default=500
        The most boosting iterations T (landmarks); early stopping
        (``n_iter_no_change``, on by default) usually ends the fit before.
    n_components : int, default=30
        K, random features per iteration (more than the classifier's 10: a
        landmark's K cosines average into a smoother bump, which a real
        target needs more than a sign does).
    gamma : "auto", "quantile" or float, default="auto"
        As in :class:`GBRFF2Regressor`; "auto" (1 / n_features) by default:
        GBRFF1's frequencies stay as drawn, and the smoother "quantile"
        draws under-fit Friedman #1 (R² 0.75 against 0.92).
    beta : float, default=4.0
        The paper's β: q has inverse temperature β√n, n the training rows
        (their total weight with ``sample_weight``). Larger than the
        classifier's 1 (it shrinks the weight of poorly fitting cosines,
        which a noisy target would otherwise fit).
    learning_rate : float, default=0.3
        Shrinkage of every step α.
    n_optim_steps : int, default=10
        L-BFGS iterations of the landmark descent from the origin.
    n_iter_no_change, validation_fraction, tol, random_state, n_jobs, loss, alpha, standardize
        As in :class:`GBRFF2Regressor`. With ``standardize=True`` the
        landmarks are learned from the origin of the standardised features
        (the training mean).
    landmarks : {"learn", "random"}, default="learn"
        "learn": the landmark by descent; "random": a training point drawn
        at random (with positive weight), no descent.
    warm_start : bool, default=False
        As in :class:`GBRFF2Regressor`; not the same model as one fit with
        ``landmarks="random"``, whose landmarks are drawn after every
        iteration's ω.

    Attributes
    ----------
    n_features_in_, init_score_, gamma_, target_mean_, target_scale_, mean_, scale_, feature_map_, alphas_, train_loss_, validation_loss_, n_estimators_, expansions_
        As in :class:`GBRFF2Regressor`.
    omegas_ : ndarray of shape (T, K, n_features)
        The frequencies, acting on the standardised features z.
    landmarks_ : ndarray of shape (T, n_features)
        The landmarks, in the space of z.
    q_ : ndarray of shape (T, K)
        The pseudo-posterior over each iteration's K cosines.

    See Also
    --------
    GBRFF2Regressor : one learned feature per iteration (more accurate here).
    GBRFF1Classifier : the classifier on the same engine.

    Examples
    --------
    >>> from sklearn.datasets import make_friedman1
    >>> from gbrff import GBRFF1Regressor
    >>> X, y = make_friedman1(600, noise=1.0, random_state=0)
    >>> reg = GBRFF1Regressor(random_state=0).fit(X[:400], y[:400])
    >>> reg.score(X[400:], y[400:]) > 0.75
    True
    """

    _parameter_constraints = {
        **_BaseGBRFFRegressor._parameter_constraints,
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "beta": [Interval(Real, 0, None, closed="left")],
        "landmarks": [StrOptions({"learn", "random"})],
    }
    _WARM_START_FIXED = _BaseGBRFFRegressor._WARM_START_FIXED + ("n_components", "landmarks")

    def __init__(self, n_estimators=500, n_components=30, gamma="auto", beta=4.0,
                 learning_rate=0.3, random_state=None, n_optim_steps=10,
                 n_iter_no_change=20, validation_fraction=0.1, tol=1e-4, n_jobs=None,
                 loss="squared_error", alpha=HUBER_ALPHA, landmarks="learn", standardize=True,
                 warm_start=False):
        self.n_estimators = n_estimators
        self.n_components = n_components
        self.gamma = gamma
        self.beta = beta
        self.learning_rate = learning_rate
        self.random_state = random_state
        self.n_optim_steps = n_optim_steps
        self.n_iter_no_change = n_iter_no_change
        self.validation_fraction = validation_fraction
        self.tol = tol
        self.n_jobs = n_jobs
        self.loss = loss
        self.alpha = alpha
        self.landmarks = landmarks
        self.standardize = standardize
        self.warm_start = warm_start

    def _engine_beta(self, sw):
        """β for the engine, whose inverse temperature β√n counts the rows of
        positive weight: the classifier's rule, so that n is the total weight."""
        n_pos, total = np.count_nonzero(sw > 0), float(np.sum(sw))
        beta = self.beta if total == n_pos else self.beta * np.sqrt(total / n_pos)
        return min(beta, 1e150)

    def _run_boosting(self, X, z, sw, gamma, rng, val, n_threads, n_estimators, start):
        return _boosting.fit_gbrff1(
            X, z, sw, n_estimators=n_estimators, n_components=self.n_components,
            gamma=gamma, beta=self._engine_beta(sw), learning_rate=self.learning_rate,
            n_optim_steps=self.n_optim_steps, rng=rng, validation=val,
            n_iter_no_change=self.n_iter_no_change, tol=self.tol, loss=self.loss,
            landmarks=self.landmarks, n_threads=n_threads,
            standardization=self.feature_map_.fit_standardization(X.dtype),
            quantile=self.alpha, scale_free=True, start=start, return_scores=True)

    @staticmethod
    def _weak_learner_arrays(m):
        return dict(omegas=m.omegas, landmarks=m.landmarks, q=m.q)


class GBRFFLSRegressor(_BaseGBRFFRegressor):
    """The 2019 preprint's GBRFF for a real target: least-squares gradient
    boosting of K random Fourier features around one landmark per iteration
    (Gautheron et al., "Learning Landmark-Based Ensembles with Random Fourier
    Features and Gradient Boosting", 2019, Algorithm 1 with Eqs. 4–8).

    Least squares is the preprint's loss, so its learner fits a real target
    as it is: :class:`GBRFF1Regressor`'s loop with the preprint's parameters
    (K = 100, T = 200, the learning rate v = 0.1, the inverse temperature c
    of Eq. 7 in place of β√n), the loss fixed to ``squared_error``. As in
    every GBRFF regressor, the target is standardised and each landmark is
    fitted jointly with its amplitude (line 4 of Algorithm 1; Eq. 5 fixes it
    at one, which suits residuals of a ±1 label but not the shrinking
    residuals of a real target) on the residuals at unit scale.

    Parameters
    ----------
    n_estimators : int, default=200
        T, the boosting iterations (landmarks); 200 in the preprint.
    n_components : int, default=100
        K, random features per iteration; 100 in the preprint.
    learning_rate : float, default=0.1
        v, the shrinkage of every step.
    c : float, default=1.0
        The inverse temperature c ≥ 0 of the pseudo-posterior Q (Eq. 7); 0
        gives uniform weights 1/K.
    gamma : "auto", "quantile" or float, default="auto"
        As in :class:`GBRFF1Regressor`.
    landmarks : {"learn", "random"}, default="learn"
        "learn": the landmark by descent ("GBRFF Learn"); "random": a
        training point drawn at random ("GBRFF Random").
    n_optim_steps : int, default=10
        L-BFGS steps of the landmark's descent (unused with "random").
    n_iter_no_change : int or None, default=None
        As in :class:`GBRFF2Regressor`, but off by default: the preprint runs
        all T iterations.
    validation_fraction, tol, random_state, n_jobs, standardize
        As in :class:`GBRFF2Regressor`.
    warm_start : bool, default=False
        As in :class:`GBRFF2Regressor`; not the same model as one fit with
        ``landmarks="random"``, whose landmarks are drawn after every
        iteration's ω.

    Attributes
    ----------
    init_score_, gamma_, target_mean_, target_scale_, alphas_, train_loss_, n_estimators_, expansions_
        As in :class:`GBRFF2Regressor`.
    omegas_, landmarks_, q_
        As in :class:`GBRFF1Regressor` (``q_``: the weights Q of Eq. 7).

    See Also
    --------
    GBRFFLSClassifier : the preprint's classifier.

    Examples
    --------
    >>> from sklearn.datasets import make_friedman1
    >>> from gbrff import GBRFFLSRegressor
    >>> X, y = make_friedman1(600, noise=1.0, random_state=0)
    >>> reg = GBRFFLSRegressor(n_estimators=100, random_state=0).fit(X[:400], y[:400])
    >>> reg.score(X[400:], y[400:]) > 0.7
    True
    """

    #: the preprint's loss (not a parameter: this class is the least-squares GBRFF)
    loss = "squared_error"

    _parameter_constraints = {
        **_GBRFFBase._parameter_constraints,
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "c": [Interval(Real, 0, None, closed="left")],
        "landmarks": [StrOptions({"learn", "random"})],
        "warm_start": ["boolean"],
    }
    _WARM_START_FIXED = _BaseGBRFFRegressor._WARM_START_FIXED + ("n_components", "landmarks")

    def __init__(self, n_estimators=200, n_components=100, learning_rate=0.1, c=1.0,
                 gamma="auto", landmarks="learn", n_optim_steps=10, random_state=None,
                 n_iter_no_change=None, validation_fraction=0.1, tol=1e-4, n_jobs=None,
                 standardize=True, warm_start=False):
        self.n_estimators = n_estimators
        self.n_components = n_components
        self.learning_rate = learning_rate
        self.c = c
        self.gamma = gamma
        self.landmarks = landmarks
        self.n_optim_steps = n_optim_steps
        self.random_state = random_state
        self.n_iter_no_change = n_iter_no_change
        self.validation_fraction = validation_fraction
        self.tol = tol
        self.n_jobs = n_jobs
        self.standardize = standardize
        self.warm_start = warm_start

    def _run_boosting(self, X, z, sw, gamma, rng, val, n_threads, n_estimators, start):
        # the engine's inverse temperature is beta * sqrt(n), n the samples of positive weight
        n_pos = int(np.count_nonzero(sw > 0))
        return _boosting.fit_gbrff1(
            X, z, sw, n_estimators=n_estimators, n_components=self.n_components,
            gamma=gamma, beta=float(self.c) / np.sqrt(n_pos), learning_rate=self.learning_rate,
            n_optim_steps=self.n_optim_steps, rng=rng, validation=val,
            n_iter_no_change=self.n_iter_no_change, tol=self.tol, loss="squared_error",
            landmarks=self.landmarks, n_threads=n_threads,
            standardization=self.feature_map_.fit_standardization(X.dtype), scale_free=True,
            start=start, return_scores=True)

    @staticmethod
    def _weak_learner_arrays(m):
        return GBRFF1Regressor._weak_learner_arrays(m)
