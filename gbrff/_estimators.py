"""scikit-learn estimators for GBRFF1 and GBRFF2.

The classes validate their input, fit their feature map into ``feature_map_``
(:mod:`gbrff._feature_map`: the ranks, the standardisation ``standardize``,
the per-feature bandwidths), encode the labels, split off an inner validation
set for early stopping, run the one-vs-rest scheme for more than two classes,
and delegate each binary fit to :mod:`gbrff._boosting`. A fitted estimator
writes itself as plain data and is rebuilt from it (``to_dict`` /
``from_dict``, the format of :mod:`gbrff._serialization`).
"""

from concurrent.futures import ThreadPoolExecutor
from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin
from sklearn.model_selection import train_test_split
from sklearn.utils import check_random_state
from sklearn.utils.class_weight import compute_sample_weight
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from . import _boosting, _stochastic, _warm_start
from ._boosting import Expansion
from ._feature_map import FeatureMap
from ._serialization import (FORMAT, REQUIRED, VERSION, check_model_dict, labels_from_plain,
                             params_from_plain, plain_labels, plain_params)
from ._gamma import GAMMA_RULES, resolve_gamma
from ._engine.blocks import n_blocks
from ._engine.loss_registry import CLASSIFICATION, losses_for
from ._sklearn_compat import HasMethods, Interval, StrOptions, check_sample_weight, fit_context

__all__ = ["GBRFF1Classifier", "GBRFF2Classifier", "GBRFFLSClassifier"]


def _fitted_by_map(name, doc):
    """A fitted attribute held by ``feature_map_`` (absent, as an AttributeError,
    when the map has none: the option that learns it is off)."""
    def get(self):
        value = getattr(vars(self).get("feature_map_"), name, None)
        if value is None:
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")
        return value
    return property(get, doc=doc)


def _categorical_features(self):
    """The input features one-hot encoded (``feature_map_``), None when none is."""
    fmap = vars(self).get("feature_map_")
    if fmap is None:
        raise AttributeError(f"{type(self).__name__!r} object has no attribute "
                             "'categorical_features_'")
    return getattr(fmap, "categorical_features_", None)


#: ``categorical_features_`` of an estimator with the option (None when no feature is
#: encoded, unlike ``_fitted_by_map``'s attributes; absent before a fit)
_fitted_categorical_features = property(_categorical_features)


def _check_float32_range(X):
    """Refuse finite values beyond float32's range: the engine holds the
    training data (and ``mean_``, ``scale_``) in float32, where they would
    become inf and the fit NaN."""
    if X.dtype == np.float32 or X.size == 0:
        return
    top = max(float(X.max()), -float(X.min()))
    limit = float(np.finfo(np.float32).max)
    if top > limit:
        raise ValueError(
            f"X has values of magnitude up to {top:.3g}, beyond the float32 range "
            f"(±{limit:.3g}) in which the fit holds the data; rescale X (divide it by a "
            "power of ten, say) before fitting.")


class _GBRFFBase(BaseEstimator):
    """What every GBRFF estimator shares, classifier or regressor (the
    regressors are :mod:`gbrff._regressors`'): the parameters' constraints
    (each kind adds its ``loss``), γ, the feature map, prediction's
    validation and the tags."""

    _parameter_constraints = {
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "gamma": [StrOptions({"auto", *GAMMA_RULES}), Interval(Real, 0, None, closed="neither")],
        "learning_rate": [Interval(Real, 0, None, closed="neither")],
        "n_optim_steps": [Interval(Integral, 0, None, closed="left")],
        "n_iter_no_change": [Interval(Integral, 1, None, closed="left"), None],
        "validation_fraction": [Interval(Real, 0, 1, closed="neither"),
                                Interval(Integral, 2, None, closed="left")],
        "tol": [Interval(Real, 0, None, closed="left")],
        "random_state": ["random_state"],
        "n_jobs": [Interval(Integral, None, -1, closed="right"), Interval(Integral, 1, None, closed="left"), None],
        "standardize": ["boolean"],
    }

    #: the parameters that shape the fitted expansions and the data they are
    #: fitted on (the feature map, γ, the loss, the early-stopping split): a
    #: warm start cannot change them (a subclass adds its own)
    _WARM_START_FIXED = ("loss", "gamma", "standardize", "validation_fraction")

    # -- fitting ---------------------------------------------------------
    def _gamma_value(self, X, rng):
        """γ: ``"auto"`` is 1 / n_features; ``"quantile"`` the thesis's rule on the
        features the engine sees (standardised ones with ``standardize``)."""
        cols = self.feature_map_.columns()   # after a screen: the columns the model sees
        if self.gamma == "auto":
            return 1.0 / (X.shape[1] if cols is None else cols.shape[0])
        if cols is None:
            return resolve_gamma(self.gamma, X, random_state=rng, scale=self.feature_map_.scale_)
        scale = self.feature_map_.scale_
        return resolve_gamma(self.gamma, X[:, cols], random_state=rng,
                             scale=None if scale is None else scale[cols])

    def _feature_map(self):
        """The unfitted :class:`gbrff._feature_map.FeatureMap` of this estimator's
        options (GBRFF2Classifier adds ranks and per-feature bandwidths)."""
        return FeatureMap(standardize=self.standardize)

    mean_ = _fitted_by_map("mean_", "With ``standardize=True``: each column's mean (``feature_map_``).")
    scale_ = _fitted_by_map("scale_", "With ``standardize=True``: each column's scale (``feature_map_``).")

    def _validate_for_predict(self, X):
        """(the model features of X validated, without a copy of a float32 or
        float64 X without ranks, and their standardisation in X's dtype:
        ``feature_map_``'s ``expand`` and ``standardization``)."""
        check_is_fitted(self)
        X = self.feature_map_.expand(validate_data(self, X, dtype=[np.float64, np.float32], reset=False))
        return X, self.feature_map_.standardization(X.dtype)

    # -- warm start (a subclass with the parameter ``warm_start``) ------------
    def _warm_start_params(self):
        """The values of ``_WARM_START_FIXED`` (and whether early stopping is on)."""
        params = {name: getattr(self, name) for name in self._WARM_START_FIXED}
        params["n_iter_no_change is None"] = self.n_iter_no_change is None
        return params

    def _previous_fit(self, digest, classes=None):
        """The (expansion, :class:`gbrff._warm_start.Problem`) of each binary
        problem a warm start continues; None when none needs more iterations.
        Raises the ValueErrors of a continuation that cannot be."""
        name = type(self).__name__
        state = getattr(self, "_warm_start_state_", None)
        if state is None:
            raise ValueError(
                f"This {name} holds a model without the state of its fit (from_dict rebuilds "
                "the model, not the random stream and scores a continuation needs): "
                "warm_start=True cannot continue it; set warm_start=False to fit anew.")
        if classes is not None and not np.array_equal(classes, self.classes_):
            raise ValueError(f"warm_start=True continues a fit on the classes "
                             f"{self.classes_.tolist()}; y has the classes {classes.tolist()}.")
        fitted = int(np.max(self.n_estimators_))
        if self.n_estimators < fitted:
            raise ValueError(f"n_estimators={self.n_estimators} must be larger or equal to "
                             f"n_estimators_={fitted} when warm_start==True")
        changed = _warm_start.changed_params(state.params, self._warm_start_params())
        if changed:
            changed = ["n_iter_no_change (None or not)" if k.startswith("n_iter_no_change")
                       else k for k in changed]
            raise ValueError(
                f"warm_start=True continues the fitted expansions, which {', '.join(changed)} "
                "shaped: change them with warm_start=False (a new fit), or set them back.")
        same_data = digest is not None and digest == state.digest
        previous = []
        fitted = self.expansions_ if state.expansions is None else state.expansions
        for model, problem in zip(fitted, state.problems):
            if not same_data and problem.continuation is not None:
                # other data, or scores not kept: continued from the model's scores on them
                problem = _warm_start.Problem(problem.rng_state, problem.split_seed, None)
            previous.append((model, problem))
        if not any(self._iterations_to_add(m) for m, _ in previous):
            return None
        return previous

    def _iterations_to_add(self, model):
        """How many iterations a continuation of ``model`` runs at most: none
        once early stopping (with the current ``n_iter_no_change`` and ``tol``)
        stopped it, as one longer fit would have."""
        if (self.n_iter_no_change is not None and _boosting.early_stopping_memory(
                model.val_loss, self.tol)[1] >= self.n_iter_no_change):
            return 0
        return self.n_estimators - model.n_iter

    def _continuation_by_prediction(self, model, X, val):
        """The :class:`gbrff._boosting.Continuation` of ``model`` on the training
        rows X and the validation rows of ``val`` by prediction (as
        HistGradientBoosting's warm start recomputes its raw predictions):
        close to, not the bits of, the engine's own scores; early stopping's
        memory starts afresh on these rows."""
        def scores(A):
            return _boosting.final_scores(model, A, standardization=self.feature_map_.standardization(A.dtype))

        return _boosting.Continuation(model.init_score, scores(X),
                                      np.empty(0) if val is None else scores(val[0]), np.empty(0))

    def _fit_problem(self, X, y, sw, gamma, rng, n_threads, previous=None):
        """One problem (a classifier's binary one, a regressor's standardised
        target): (its expansion, its :class:`gbrff._warm_start.Problem`).
        ``previous`` = (expansion, Problem) continues that fit up to
        ``n_estimators`` (``rng`` then in the state it left)."""
        n_estimators, start = self.n_estimators, None
        if previous is None:
            seed = None if self.n_iter_no_change is None else rng.randint(np.iinfo(np.int32).max)
        else:
            seed = previous[1].split_seed
            n_estimators = self._iterations_to_add(previous[0])
            if n_estimators == 0:       # a one-vs-rest class already as long as asked, or stopped
                return previous
        X, y, sw, val = self._split_validation(X, y, sw, seed)
        self._check_training_part(y, sw)
        if previous is not None:
            start = previous[1].continuation or self._continuation_by_prediction(previous[0], X, val)
        model, scores = self._run_boosting(X, y, sw, gamma, rng, val, n_threads,
                                           n_estimators=n_estimators, start=start)
        # fitted on z ⊙ s with per-feature bandwidths: ω ⊙ s acts on z, as every GBRFF's ω
        model.omegas = self.feature_map_.frequencies_on_z(model.omegas)
        if previous is not None:
            model = _boosting.concatenate(previous[0], model)
        return model, _warm_start.Problem(rng.get_state(), seed,
                                          scores if self.warm_start else None)

    def _check_training_part(self, y, sw):
        """Raise the ValueError of a training part the engine cannot fit (a
        classifier's: a class of no weight); nothing by default."""

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.input_tags.allow_nan = False
        return tags


class _BaseGBRFF(ClassifierMixin, _GBRFFBase):
    """Shared machinery of the two GBRFF classifiers."""

    _parameter_constraints = {
        **_GBRFFBase._parameter_constraints,
        "loss": [StrOptions(set(losses_for(CLASSIFICATION)))],
        "class_weight": [dict, StrOptions({"balanced"}), None],
        "warm_start": ["boolean"],
    }

    @fit_context(prefer_skip_nested_validation=True)
    def fit(self, X, y, sample_weight=None):
        """Fit the boosted ensemble.

        A refit starts from nothing: no fitted attribute of an earlier fit
        survives beside the new model. With ``warm_start=True`` a fitted
        estimator continues its expansions up to ``n_estimators`` instead.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data; NaN and inf are rejected. A float32 array in
            column-major order (``np.asfortranarray(X, dtype=np.float32)``,
            or a DataFrame of float32 columns) is read without a copy.
        y : array-like of shape (n_samples,)
            Labels: any two classes, or more (one binary model per class,
            one-vs-rest).
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights, at least one positive; a weight acts like a
            number of copies (multiplied by ``class_weight``'s). Read more in
            the User Guide (:doc:`/user_guide/fitting`).

        Returns
        -------
        self : object
            The fitted estimator.

        Raises
        ------
        ValueError
            If X holds values beyond the float32 range, if y has a single
            class, or if a class has no positive total weight; if
            ``class_weight`` names a label that is not in y; with
            ``warm_start=True``, if ``n_estimators`` is below the iterations
            already fitted, or y's classes or a parameter that shapes the
            model changed since the fit continued.
        """
        continuing = bool(self.warm_start) and hasattr(self, "expansions_")
        if not continuing:
            # a refit starts from nothing: no fitted attribute of an earlier fit
            # (validation_loss_ of a fit with early stopping, a binary model's
            # omegas_ after a one-vs-rest refit) survives beside the new model
            for name in [k for k in vars(self) if k.endswith("_") and not k.startswith("_")]:
                delattr(self, name)
            self._warm_start_state_ = None
        # float32 data stay float32 (the fit reads them as float32 anyway), in
        # their order: a column-major (Fortran) X is what the engine reads, so
        # it is used without a copy
        X, y = validate_data(self, X, y, dtype=[np.float64, np.float32],
                             ensure_min_samples=2, reset=not continuing)
        _check_float32_range(X)
        check_classification_targets(y)
        sample_weight = check_sample_weight(sample_weight, X, dtype=np.float64,
                                            ensure_non_negative=True)
        if not np.any(sample_weight > 0):
            raise ValueError("sample_weight must have at least one positive value.")
        classes, y_idx = np.unique(y, return_inverse=True)
        n_classes = classes.shape[0]
        if n_classes < 2:
            raise ValueError(
                "The number of classes has to be greater than one; got %d class" % n_classes)
        sample_weight = self._class_weighted(sample_weight, y, classes)
        digest = _warm_start.data_digest(X, y_idx) if self.warm_start else None
        if continuing:
            previous = self._previous_fit(digest, classes)
            if previous is None:        # every problem is as long as asked (or stopped)
                return self
            rngs = [_warm_start.restored_rng(p.rng_state) for _, p in previous]
            X = self.feature_map_.expand(X)
        else:
            self.classes_ = classes
            rng = check_random_state(self.random_state)
            # the model features (X, or [X, F(X)] with ranks), and the map's statistics
            # only: the engine standardises them inside its one float32 copy (no
            # standardised copy of X beside it), _boosting._transposed
            feature_map = self._feature_map()
            X = feature_map.fit_expand(X, y_idx, sample_weight, rng)
            self.feature_map_ = feature_map
            self.gamma_ = self._gamma_value(X, rng)
            # one seed a class, drawn up front: the same models for any n_jobs
            rngs = [rng] if n_classes == 2 else [
                np.random.RandomState(s) for s in rng.randint(np.iinfo(np.int32).max, size=n_classes)]
            previous = [None] * len(rngs)
        if n_classes == 2:
            y_pm = np.where(y_idx == 1, 1.0, -1.0)
            del y_idx  # one label vector fewer at the fit's memory peak

            def target(k):
                return y_pm
        else:
            def target(k):
                return np.where(y_idx == k, 1.0, -1.0)
        return self._fit_problems(X, target, sample_weight, rngs, previous, digest)

    def _fit_problems(self, X, target, sample_weight, rngs, previous, digest):
        """Fit one expansion per binary problem k (``len(rngs)`` of them) on the
        targets ``target(k)`` from the RandomState ``rngs[k]``, or continue
        ``previous[k]`` (a warm start); set ``expansions_``, the warm start's
        state and the fitted attributes; return self."""
        threads = _boosting.resolve_threads(self.n_jobs)
        n_problems = len(rngs)
        # threads inside each fit when the data have blocks to share (or there
        # is one problem), else one problem a thread (the serial ahead-of-time
        # loop releases the GIL)
        inner = (n_problems == 1 or n_blocks(X.shape[0]) > 1
                 or not _boosting.serial_engine_available())
        n_threads = 1 if inner else min(threads, n_problems)

        def fit_one(k):
            return self._fit_problem(X, target(k), sample_weight, self.gamma_, rngs[k],
                                    threads if inner else 1, previous[k])

        if n_threads > 1:
            with ThreadPoolExecutor(n_threads) as pool:
                fitted = list(pool.map(fit_one, range(n_problems)))
        else:
            fitted = [fit_one(k) for k in range(n_problems)]
        self.expansions_ = [model for model, _ in fitted]
        self._warm_start_state_ = _warm_start.WarmStart(
            [problem for _, problem in fitted], digest, self._warm_start_params())
        self._set_expansion_attributes()
        return self

    def _class_weighted(self, sample_weight, y, classes):
        """``sample_weight`` times each sample's class weight, as scikit-learn's
        HistGradientBoostingClassifier forms it (``compute_sample_weight`` of
        ``class_weight`` on the labels y); the same weights in every
        one-vs-rest problem."""
        class_weight = self.class_weight
        if class_weight is None:
            return sample_weight
        if isinstance(class_weight, dict):
            known = set(classes.tolist())
            unknown = [k for k in class_weight if k not in known]
            if unknown:
                raise ValueError(f"class_weight has labels that are not in y: {unknown}; "
                                 f"the classes of y are {classes.tolist()}.")
            if not all(np.isfinite(w) and w >= 0 for w in class_weight.values()):
                raise ValueError("class_weight's weights must be non-negative numbers; got "
                                 f"{class_weight!r}.")
        return sample_weight * compute_sample_weight(class_weight, y)

    def _split_validation(self, X, y, sw, seed):
        if self.n_iter_no_change is None:
            return X, y, sw, None
        vf = self.validation_fraction
        n_val = vf if isinstance(vf, Integral) else int(np.ceil(vf * X.shape[0]))
        counts = np.unique(y, return_counts=True)[1]
        stratify = y if counts.min() >= 2 and n_val >= 2 else None
        Xa, Xb, ya, yb, wa, wb = train_test_split(
            X, y, sw, test_size=self.validation_fraction, stratify=stratify, random_state=seed)
        if np.unique(ya).shape[0] < 2:
            raise ValueError("The training part left after taking validation_fraction=%r "
                             "for early stopping has a single class; lower "
                             "validation_fraction or give more data." % self.validation_fraction)
        return Xa, ya, wa, (Xb, yb, wb)

    def _check_training_part(self, y, sw):
        if not (np.sum(sw[y > 0]) > 0 and np.sum(sw[y < 0]) > 0):
            raise ValueError("Each class needs a positive total sample_weight (times its "
                             "class_weight).")

    def _set_expansion_attributes(self):
        """The fitted attributes read from ``expansions_``: a binary model's
        arrays (``alphas_``, ``omegas_``, ...), or the one-vs-rest arrays over
        the classes (``init_score_``, ``n_estimators_``)."""
        if len(self.expansions_) == 1:
            self._set_binary_attributes(self.expansions_[0])
        else:
            self.init_score_ = np.array([m.init_score for m in self.expansions_])
            self.n_estimators_ = np.array([m.n_iter for m in self.expansions_])

    def _set_binary_attributes(self, m):
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
        """The fitted :class:`gbrff.Expansion` of a binary problem.

        For more than two classes ``expansions_`` holds one per class, and
        reading ``expansion_`` raises an AttributeError.
        """
        check_is_fitted(self)
        if len(self.expansions_) != 1:
            raise AttributeError("a one-vs-rest model has one expansion per class: "
                                 "read expansions_[k]")
        return self.expansions_[0]

    @property
    def estimators_(self):
        """One dict of fitted arrays per binary model.

        One dict for two classes, one per class (one-vs-rest) for more; the
        keys are ``init_score``, ``alphas``, ``train_loss`` and the weak
        learners' arrays (``omegas``, ``biases`` or ``landmarks``, ``q``).
        """
        check_is_fitted(self)
        return [dict(init_score=m.init_score, alphas=m.alphas, train_loss=m.train_loss,
                     **self._weak_learner_arrays(m)) for m in self.expansions_]

    # -- plain data -------------------------------------------------------
    def to_dict(self):
        """The fitted model as plain data (JSON-safe).

        ``json.dumps`` writes it, :meth:`from_dict` rebuilds it.

        Every float64 is written as a Python float, which JSON text holds to
        the bit: the rebuilt estimator's ``predict``, ``predict_proba``,
        ``decision_function`` and ``staged_*`` are bit for bit the original's.

        Returns
        -------
        dict
            ``format`` (``"gbrff-estimator"``) and ``version`` (1);
            ``estimator``, the class's name; ``params``, its
            ``get_params(deep=False)`` (a RandomState ``random_state`` is
            written as None); ``n_features_in`` and ``feature_names_in``
            (None without names); ``classes`` with ``classes_dtype`` (the
            labels and their numpy dtype); ``feature_map``: ranks,
            standardisation and bandwidth scales (``quantile_knots``,
            ``mean``, ``scale``, ``bandwidth_scales``, each None when its
            option is off, with the options that fitted them); ``gamma``
            (``gamma_``); ``expansions``, one :meth:`gbrff.Expansion.to_dict`
            per binary problem (one per class, one-vs-rest, for more than two
            classes). A float that is not finite (a ``train_loss`` of inf)
            stays a Python float, which ``json.dumps`` writes as ``Infinity``
            or ``NaN``; written as null instead, it reads back as NaN.

        Raises
        ------
        sklearn.exceptions.NotFittedError
            If the estimator is not fitted.

        See Also
        --------
        from_dict : The estimator of such a dict.

        Examples
        --------
        >>> import json
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> d = json.loads(json.dumps(clf.to_dict()))
        >>> d["format"], d["estimator"], len(d["expansions"])
        ('gbrff-estimator', 'GBRFF2Classifier', 1)
        """
        check_is_fitted(self)
        classes, classes_dtype = plain_labels(self.classes_)
        names = getattr(self, "feature_names_in_", None)
        return {
            "format": FORMAT, "version": VERSION, "estimator": type(self).__name__,
            "params": plain_params(self),
            "n_features_in": int(self.n_features_in_),
            "feature_names_in": None if names is None else [str(n) for n in names],
            "classes": classes, "classes_dtype": classes_dtype,
            "feature_map": self.feature_map_.to_dict(),
            "gamma": float(self.gamma_),
            "expansions": [m.to_dict() for m in self.expansions_],
        }

    @classmethod
    def from_dict(cls, d):
        """The fitted estimator of :meth:`to_dict`'s dict.

        The dict may be its JSON text read back by ``json.loads``.

        Parameters
        ----------
        d : dict
            What ``to_dict`` of an estimator of this class returned.

        Returns
        -------
        estimator
            A fitted estimator that predicts bit for bit as the one that
            wrote ``d`` (it can be fitted again, from its ``params``).

        Raises
        ------
        ValueError
            If ``d`` is of another format or version, was written by another
            class, lacks a key, or holds an invalid parameter.

        See Also
        --------
        to_dict : The dict of a fitted estimator.

        Examples
        --------
        >>> import json
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> twin = GBRFF2Classifier.from_dict(json.loads(json.dumps(clf.to_dict())))
        >>> bool((twin.decision_function(X) == clf.decision_function(X)).all())
        True
        """
        check_model_dict(d, cls, REQUIRED + ("classes", "classes_dtype"))
        try:
            est = cls(**params_from_plain(d["params"]))
        except TypeError as exc:
            raise ValueError(f"The dict's params do not fit {cls.__name__}: {exc}.") from None
        est._validate_params()
        try:
            est.n_features_in_ = int(d["n_features_in"])
            if d["feature_names_in"] is not None:
                est.feature_names_in_ = np.asarray(d["feature_names_in"], dtype=object)
            est.classes_ = labels_from_plain(d["classes"], d["classes_dtype"])
            est.feature_map_ = FeatureMap.from_dict(d["feature_map"])
            est.gamma_ = float(d["gamma"])
            est.expansions_ = [Expansion.from_dict(e) for e in d["expansions"]]
        except KeyError as exc:
            raise ValueError(f"This estimator's dict lacks the key {exc}: it was not written "
                             "by to_dict, or has been cut.") from None
        if len(est.expansions_) != (1 if len(est.classes_) == 2 else len(est.classes_)):
            raise ValueError(f"This dict holds {len(est.expansions_)} expansions for "
                             f"{len(est.classes_)} classes: one is needed for two classes, "
                             "one per class for more.")
        est._set_expansion_attributes()
        return est

    # -- prediction -------------------------------------------------------
    def decision_function(self, X):
        """H(X): the ensemble's score, positive for ``classes_[1]``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data (standardised inside
            with ``standardize=True``); NaN and inf are rejected.

        Returns
        -------
        scores : ndarray of shape (n_samples,) or (n_samples, n_classes)
            For more than two classes, one column of one-vs-rest scores per class.

        See Also
        --------
        staged_decision_function : H(X) after each iteration.

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> clf.decision_function(X[:3]).round(2)
        array([-2.5 ,  2.12,  1.3 ])
        """
        X, standardization = self._validate_for_predict(X)
        # each chunk of rows is standardised (the bits of feature_map_.transform) and
        # widened as it is scored, for every class at once: no copy of X
        scores = _boosting.final_scores_many(self.expansions_, X,
                                             _boosting.resolve_threads(self.n_jobs),
                                             standardization=standardization)
        return scores[0] if len(scores) == 1 else np.ascontiguousarray(scores.T)

    def staged_decision_function(self, X):
        """Yield H(X) after each boosting iteration.

        As scikit-learn's gradient boosting does; the last one equals
        ``decision_function(X)``. Read more in the User Guide
        (:doc:`/user_guide/fitting`).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data.

        Yields
        ------
        scores : ndarray of shape (n_samples,) or (n_samples, n_classes)
            H after iterations 1, 2, ..., ``n_estimators_`` (for more than two
            classes, a class whose model stopped early keeps its last score).

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> scores = list(clf.staged_decision_function(X))
        >>> len(scores), bool((scores[-1] == clf.decision_function(X)).all())
        (10, True)
        """
        X, standardization = self._validate_for_predict(X)
        if len(self.expansions_) == 1:
            yield from _boosting.staged_scores(self.expansions_[0], X,
                                               standardization=standardization)
            return
        gens = [_boosting.staged_scores(m, X, standardization=standardization)
                for m in self.expansions_]
        last = [np.full(X.shape[0], m.init_score) for m in self.expansions_]
        for t in range(max(m.n_iter for m in self.expansions_)):
            for k, (g, m) in enumerate(zip(gens, self.expansions_)):
                if t < m.n_iter:
                    last[k] = next(g)
            yield np.column_stack(last)

    def _proba_from_scores(self, scores):
        # the loss the expansions were fitted with (a loss="auto" resolved at fit time)
        p = _boosting.probability(self.expansions_[0].loss, scores)
        if scores.ndim == 1:
            return np.column_stack([1.0 - p, p])
        total = p.sum(axis=1, keepdims=True)
        uniform = total == 0
        total[uniform] = 1.0
        p = p / total
        p[uniform[:, 0]] = 1.0 / p.shape[1]
        return p

    def _labels_from_scores(self, scores):
        if scores.ndim == 1:
            return self.classes_[(scores > 0).astype(int)]
        return self.classes_[np.argmax(scores, axis=1)]

    def predict(self, X):
        """Predicted class labels: the sign of H, or the largest one-vs-rest score.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            As in :meth:`decision_function`.

        Returns
        -------
        labels : ndarray of shape (n_samples,)
            Labels from ``classes_``.

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> clf.predict(X[:5]), y[:5]
        (array([0, 1, 1, 0, 1]), array([0, 1, 1, 0, 1]))
        """
        return self._labels_from_scores(self.decision_function(X))

    def predict_proba(self, X):
        """Class probabilities through the loss's link.

        p(classes_[1]) is σ(2H) for the exponential loss, σ(H) for log_loss and
        clip((1 + H)/2, 0, 1) for squared_error (H estimates E[y], y = ±1);
        one-vs-rest probabilities are normalised to sum to one.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            As in :meth:`decision_function`.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``; each row sums to one.

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> clf.predict_proba(X[:2]).round(3)
        array([[0.993, 0.007],
               [0.014, 0.986]])
        """
        return self._proba_from_scores(self.decision_function(X))

    def predict_log_proba(self, X):
        """Logarithm of :meth:`predict_proba`.

        −inf where a probability is 0, as squared_error's clipped link can give.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data.

        Returns
        -------
        log_proba : ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``.
        """
        with np.errstate(divide="ignore"):
            return np.log(self.predict_proba(X))

    def staged_predict(self, X):
        """Yield the predicted labels after each boosting iteration.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data.

        Yields
        ------
        labels : ndarray of shape (n_samples,)
            The labels of :meth:`predict` after iterations 1, 2, ...

        Examples
        --------
        Training accuracy along the iterations, from one pass over X:

        >>> import numpy as np
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> [round(float(np.mean(p == y)), 2) for p in clf.staged_predict(X)][:4]
        [0.89, 0.96, 0.99, 0.98]
        """
        for scores in self.staged_decision_function(X):
            yield self._labels_from_scores(scores)

    def staged_predict_proba(self, X):
        """Yield the class probabilities after each boosting iteration.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data.

        Yields
        ------
        proba : ndarray of shape (n_samples, n_classes)
            The probabilities of :meth:`predict_proba` after iterations 1, 2, ...
        """
        for scores in self.staged_decision_function(X):
            yield self._proba_from_scores(scores)

    # -- ONNX -------------------------------------------------------------
    def to_onnx(self, X_sample=None, *, target_opset=None):
        """The fitted model as an ONNX graph of standard operators.

        It runs where Python and numba do not (onnxruntime in another
        language, a browser, a phone). Needs the ``onnx`` extra:
        ``pip install "gbrff[onnx]"``.

        Parameters
        ----------
        X_sample : array-like of shape (n_samples, n_features), default=None
            Sets the input's type: float64 for a float64 array, else float32.
        target_opset : int, default=None
            The ONNX opset (default 17; at least 11).

        Returns
        -------
        onnx.ModelProto
            Input ``"X"`` (N, n_features); outputs ``"label"`` (N,), int64 or
            strings as ``classes_``, and ``"probabilities"`` (N, n_classes),
            float64: ``predict`` and ``predict_proba`` on the input widened to
            float64. ``skl2onnx.to_onnx(est, X)`` converts it too (skl2onnx's
            conventions: ZipMap unless ``options={"zipmap": False}``).

        See Also
        --------
        to_dict : The model as plain data (JSON), for Python.

        Examples
        --------
        >>> import onnxruntime
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2Classifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
        >>> graph = clf.to_onnx(X)                      # float64 input, as X
        >>> session = onnxruntime.InferenceSession(graph.SerializeToString(),
        ...                                        providers=["CPUExecutionProvider"])
        >>> label, proba = session.run(None, {"X": X[:5]})
        >>> label.tolist(), bool(abs(proba - clf.predict_proba(X[:5])).max() < 1e-12)
        ([0, 1, 1, 0, 1], True)
        """
        from ._onnx import to_onnx

        return to_onnx(self, X_sample, target_opset=target_opset)


class GBRFF2Classifier(_BaseGBRFF):
    """Gradient boosting with one learned random Fourier feature per iteration (GBRFF2).

    Algorithm 3 of Gautheron et al., ECML-PKDD 2020.
    Each iteration t reweights the sample by w = exp(-y H), draws a frequency
    ω ~ N(0, 2γ)^d, finds the phase b ∈ [-π, π] that globally minimises
    (1/n) Σ exp(-ỹ cos(ω·x − b)) with ỹ = y w, refines ω by a few L-BFGS
    steps on λ‖ω‖² + (1/n) Σ exp(-ỹ cos(ω·x − b)), and adds
    α cos(ω·x − b) to the score H with the closed-form step α.

    Read more in the User Guide (:doc:`/user_guide/algorithms`).

    Parameters
    ----------
    n_estimators : int, default=100
        Number of boosting iterations T (weak learners).
    gamma : {"auto", "quantile"} or float, default="auto"
        γ of the RBF kernel exp(−γ‖x − x'‖²); the frequencies are drawn from its
        Fourier transform N(0, 2γ)^d. "auto" is 1 / n_features, a bandwidth for
        features of unit variance (see ``standardize``); "quantile" sets it from
        the data (:func:`gbrff.quantile_gamma`). Read more in the User Guide
        (:doc:`/user_guide/parameters`).
    reg_lambda : float, default=0.0
        The paper's λ, the L2 penalty on ω during its refinement.
    learning_rate : float, default=1.0
        Shrinkage applied to every step α (1.0 is the paper's algorithm).
    random_state : int, RandomState instance or None, default=None
        Seeds the draws of ω (and the validation split).
    n_optim_steps : int, default=10
        L-BFGS iterations of the refinement of ω from its random draw
        (0: keep the random draw, i.e. boosting of plain random features).
    n_iter_no_change : int or None, default=None
        Stop when the loss on an inner validation split has not
        decreased by ``tol`` for this many iterations. None: no early stopping.
        Read more in the User Guide (:doc:`/user_guide/fitting`).
    validation_fraction : float in (0, 1) or int > 1, default=0.1
        Share of the training data set aside for early stopping, or their
        number of rows (an integer: a validation sample capped on many rows).
    tol : float, default=1e-4
        Minimal decrease of the validation loss that counts as progress.
    n_jobs : int or None, default=None
        Threads of a fit and of scoring large inputs. None: OpenMP's default
        (every core this process may use, or fewer under ``OMP_NUM_THREADS``);
        -1: all cores; k: at most k. The model is bit for bit the same for any
        n_jobs. Read more in the User Guide (:doc:`/user_guide/engine`).
    loss : {"exponential", "log_loss", "squared_error"}, default="exponential"
        The loss boosted (scikit-learn's names): "exponential" is the paper's,
        "log_loss" the binomial deviance, less hurt by label noise,
        "squared_error" the 2019 preprint's least squares. The losses and their
        facts: ``gbrff.LOSSES``. Read more in the User Guide (:doc:`/user_guide/algorithms`).
    standardize : bool, default=True
        Standardise each feature inside the estimator, z = (x − ``mean_``) / ``scale_``,
        before fitting and before every prediction, without a standardised copy
        of X; then ``gamma="auto"`` suits any units. False fits on X as given (the
        paper's protocol). Read more in the User Guide (:doc:`/user_guide/features`).
    feature_bandwidths : {None, "fkl"}, default=None
        None: one bandwidth γ for every feature. "fkl": one bandwidth γ s_j² per
        feature, the scales s_j learned on the training data as Fourier kernel
        learning learns them (mean s_j² one). Read more in the User Guide
        (:doc:`/user_guide/features`).
    bandwidth_shrinkage : float in [0, 1], default=0.0
        With ``feature_bandwidths="fkl"``: shrinks the learned bandwidths
        towards the shared one, s_j² → (1 − a) s_j² + a (mean still one):
        0 keeps Fourier kernel learning's scales, 1 is the shared bandwidth.
        No effect without per-feature bandwidths.
    quantile_features : bool, default=False
        True: beside each feature x_j the model also sees its rank F_j(x_j) in
        [0, 1] (the empirical distribution function on the training data), as
        trees see features; the model then works on 2 × n_features columns.
        Read more in the User Guide (:doc:`/user_guide/features`).
    memory : None, str or joblib.Memory, default=None
        With ``feature_bandwidths="fkl"``: where the learned scales are cached
        (a folder or a ``joblib.Memory``), as ``Pipeline`` caches its
        transformers; the model is bit for bit the one without a cache. Read
        more in the User Guide (:doc:`/user_guide/features`).
    class_weight : dict, "balanced" or None, default=None
        Class weights, multiplied into ``sample_weight``: a dict {label:
        weight} (a label left out weighs one), or "balanced",
        n_samples / (n_classes × the class's count); None: every class weighs
        one. Formed by scikit-learn's ``compute_sample_weight`` on the labels,
        so that a class weight acts as the sample weights it gives (the same
        model, bit for bit); with more than two classes each sample keeps its
        class's weight in every one-vs-rest problem. Read more in the User
        Guide (:doc:`/user_guide/fitting`).
    warm_start : bool, default=False
        True: fitting a fitted estimator again continues its expansions up to
        ``n_estimators`` (the same ``n_estimators``: nothing more; a smaller one:
        ValueError), as HistGradientBoosting's warm start. On the same data,
        after a first fit with ``warm_start=True``, the model is one fit of
        that size, bit for bit. Read more in the User Guide
        (:doc:`/user_guide/fitting`).
    subsample : float in (0, 1] or int > 1, default=1.0
        The share of the rows each weak learner is fitted on, drawn anew each
        iteration (stochastic gradient boosting), or their number (an integer
        above one: a sample that does not grow with the data). 1.0: every
        row, the paper's algorithm. Read more in the User Guide
        (:doc:`/user_guide/fitting`).
    sampling_method : {"uniform", "goss"}, default="uniform"
        With ``subsample < 1``: "uniform" draws the rows uniformly; "goss"
        keeps the half of the sample of largest residuals in absolute value and draws the other half
        uniformly, weighted up (LightGBM's gradient-based one-side sampling).
    n_candidates : int, default=1
        Frequencies ω drawn an iteration; the one whose cosine (its phase b
        and step α, before refinement) leaves the lowest loss is refined and
        kept. 1: the paper's single draw.
    step_rows : {"all", "sample", "holdout"}, default="all"
        With a subsample, where the step α is taken: "all" on every row (a
        pass over the data each iteration); "sample" on the iteration's
        sample (in-bag); "holdout" on as many rows drawn outside it (the
        cosine was not fitted there: no in-bag optimism). With "sample" and
        "holdout" every row's score takes the cosines 16 at a time, one
        compiled pass over the data: the option for many rows.
    feature_screening : None, "auto" or float in (0, 1), default=None
        Drop, before the fit, the input features with no marginal evidence of
        a link to the class: each feature gets a p-value from two tests of its
        independence from the class (the analysis of variance of x across the
        classes, and the χ² test of x's ten bins of equal weight against the
        class), and the features Benjamini and Hochberg's procedure keeps at
        the false discovery rate α are kept. The frequencies ω then live on the
        kept features (and their ranks) only: on wide data mostly of noise, a
        faster fit and cosines that see the signal. A float is α; "auto" is α
        = 0.05 from 100 input features on, when at least 80 % of the features
        look independent of the class (Storey's estimate from the p-values),
        else no screen; None keeps every feature (the paper's algorithm). Every
        feature is kept when none passes. Features that act only jointly (no
        marginal effect) are dropped by a screen. Read more in the User Guide
        (:doc:`/user_guide/features`).
    categorical_features : None, "auto", array of int or array of bool, default=None
        The input features to one-hot encode, as scikit-learn's
        HistGradientBoostingClassifier names them: None (none, the paper's
        model), integer indices, a boolean mask of shape (n_features,), or
        "auto", a heuristic: the features whose distinct training values
        (rows of positive weight) are 3 or 4 and evenly spaced (integer
        codes, such as splice's four nucleotides, after any affine map);
        explicit indices or a mask take precedence over it. Each encoded
        feature is replaced by one indicator column per level it takes in
        training (``categorical_levels_``; at most 255; a value matches a
        level when equal in float32), a value unseen in training giving all
        zeros, before the ranks, the standardisation and the bandwidths: a
        cosine of ω·x then sees no order between the codes. An indicator
        gets no rank column, and ``gamma="auto"`` is one over the model's
        columns, the indicators counted. A screen (``feature_screening``)
        reads the input features as given and keeps or drops an encoded
        feature with all of its indicators. Read more in the User Guide
        (:doc:`/user_guide/features`).
    gamma_factor : float > 0, default=1.0
        γ is ``gamma`` resolved, times this factor. With ``gamma="auto"`` a
        grid over it is a grid over multiples of the model's own γ, one over
        the columns it sees once the screen and the encoding have acted: the
        way to tune γ when those columns are not the input features (the
        registry's GBRFF2+ grid from 100 input features on). 1.0: γ as
        resolved, the paper's model.

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_names_in_ : ndarray of shape (n_features,)
        Names of the features seen during fit, when X has string column names.
    init_score_ : float or ndarray of shape (n_classes,)
        H⁰, the best constant score for the loss (exponential: ½ ln(Σ(1+y)/Σ(1−y))).
    gamma_ : float
        The γ the frequencies were drawn with (``gamma`` resolved).
    quantile_knots_ : list of (values, levels) pairs, one per feature
        Only with ``quantile_features=True``: the knots of F_j (values
        increasing, levels in [0, 1]); F_j(x) is
        ``np.interp(x, values, levels)``. One per non-categorical feature.
    mean_, scale_ : ndarray of shape (n_features,)
        Only with ``standardize=True``: the per-feature mean and standard
        deviation the features are standardised with, z = (x − ``mean_``) / ``scale_``.
    bandwidth_scales_ : ndarray of shape (n_features,)
        Only with ``feature_bandwidths="fkl"``: the s_j (feature j's
        bandwidth is γ s_j²; zero on the columns a screen dropped).
    support_ : ndarray of bool, shape (n_features,)
        Only when ``feature_screening`` screened: the input features kept
        (every ``omegas_`` column of a dropped feature, and of its rank, is
        zero).
    categorical_features_ : ndarray of bool, shape (n_features,), or None
        The input features one-hot encoded; None when none is (with
        ``categorical_features=None``, or "auto" finding none).
    categorical_levels_ : list of ndarray
        Only when a feature is encoded: each encoded feature's levels (its
        distinct training values), in order; feature j's indicators take
        its place among the model columns (``omegas_``'s columns: each
        feature in its place, then the ranks of the non-categorical ones).
    feature_map_ : gbrff._feature_map.FeatureMap
        The fitted feature map (ranks, standardisation, bandwidths) that holds
        ``quantile_knots_``, ``mean_``, ``scale_`` and ``bandwidth_scales_``;
        ``feature_map_.transform(X)`` is z(X), the points ``expansions_`` act on.
    omegas_ : ndarray of shape (T, n_features)
        The learned frequencies ω_t. They act on the standardised features z
        (with ``standardize=True``; on x itself otherwise): the weak learner
        is cos(ω_t·z − b_t), so ω_tj is a frequency per standard deviation of
        feature j (in the feature's own units: ω_tj / scale_j).
    biases_ : ndarray of shape (T,)
        The phases b_t ∈ [-π, π].
    alphas_ : ndarray of shape (T,)
        The steps α_t (learning rate included).
    train_loss_ : ndarray of shape (T,)
        The loss on the training data after each iteration (with
        ``subsample < 1``: on the iteration's sample, in-bag).
    validation_loss_ : ndarray of shape (T,)
        Only with early stopping: the loss on the validation split.
    n_estimators_ : int or ndarray of shape (n_classes,)
        Number of iterations actually run (every fit of a warm start counted).
    expansions_ : list of :class:`gbrff.Expansion`
        The fitted model(s), one per binary problem: frequencies, phases,
        q, α, H⁰ and the loss in one form common to every GBRFF estimator;
        ``expansion_`` is the only one of a binary problem. They act on
        the standardised features z (see ``omegas_``).
    estimators_ : list of dict
        The fitted arrays of each binary model (one per class for more than
        two classes).

    See Also
    --------
    GBRFF1Classifier : K random features per iteration, weighted by q.
    GBRFFLSClassifier : The 2019 preprint's least-squares boosting.

    Notes
    -----
    For more than two classes, one binary model per class (one-vs-rest) is
    fitted; ``init_score_`` and ``n_estimators_`` are then arrays over the
    classes and the per-class arrays are in ``estimators_`` (list of dicts).
    Read more in the User Guide (:doc:`/user_guide/fitting`).

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF2Classifier
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> clf = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
    >>> round(clf.score(X, y), 3)
    0.975
    >>> clf.omegas_.shape, clf.biases_.shape
    ((10, 2), (10,))

    A fitted model travels as plain data (:meth:`to_dict`, JSON-safe, as
    every GBRFF estimator's), and comes back predicting bit for bit the same:

    >>> import json
    >>> text = json.dumps(clf.to_dict())
    >>> twin = GBRFF2Classifier.from_dict(json.loads(text))
    >>> bool((twin.predict_proba(X) == clf.predict_proba(X)).all())
    True

    More iterations on a fitted model (``warm_start``), the model of one
    longer fit bit for bit:

    >>> more = GBRFF2Classifier(n_estimators=5, warm_start=True, random_state=0).fit(X, y)
    >>> more.set_params(n_estimators=10).fit(X, y).n_estimators_
    10
    >>> bool((more.decision_function(X) == clf.decision_function(X)).all())
    True

    Imbalanced classes (5 % positives): ``class_weight="balanced"`` weighs
    each class by the inverse of its frequency:

    >>> from sklearn.datasets import make_classification
    >>> from sklearn.metrics import balanced_accuracy_score
    >>> from sklearn.model_selection import train_test_split
    >>> X, y = make_classification(4000, n_features=10, weights=[0.95, 0.05], random_state=0)
    >>> Xa, Xb, ya, yb = train_test_split(X, y, test_size=0.5, stratify=y, random_state=0)
    >>> for class_weight in (None, "balanced"):
    ...     est = GBRFF2Classifier(class_weight=class_weight, random_state=0).fit(Xa, ya)
    ...     print(class_weight, round(balanced_accuracy_score(yb, est.predict(Xb)), 3))
    None 0.581
    balanced 0.799

    Wide data mostly of noise (5 informative features among 300):
    ``feature_screening`` keeps the features with marginal evidence of a link
    to the class, and ω lives on them:

    >>> X, y = make_classification(2000, n_features=300, n_informative=5, n_redundant=0,
    ...                            random_state=0)
    >>> Xa, Xb, ya, yb = train_test_split(X, y, random_state=0)
    >>> for screen in (None, 0.05):
    ...     est = GBRFF2Classifier(feature_screening=screen, random_state=0).fit(Xa, ya)
    ...     print(screen, round(est.score(Xb, yb), 3))
    None 0.674
    0.05 0.914
    >>> int(est.support_.sum())
    4

    Categorical features coded as numbers (here four codes 0-3, whose class
    depends on the code, not its order): one-hot encoded, each code is a
    direction of its own, and 20 cosines suffice:

    >>> import numpy as np
    >>> rng = np.random.RandomState(0)
    >>> X = np.column_stack([rng.randint(4, size=(600, 3)), rng.normal(size=(600, 2))])
    >>> y = ((X[:, 0] == 1) | (X[:, 0] == 3)) ^ (X[:, 1] == 2)
    >>> Xa, Xb, ya, yb = train_test_split(X, y, random_state=0)
    >>> for cats in (None, "auto"):
    ...     est = GBRFF2Classifier(n_estimators=20, categorical_features=cats,
    ...                            random_state=0).fit(Xa, ya)
    ...     print(cats, round(est.score(Xb, yb), 3))
    None 0.533
    auto 1.0
    >>> est.categorical_features_
    array([ True,  True,  True, False, False])
    """

    _parameter_constraints = {
        **_BaseGBRFF._parameter_constraints,
        "reg_lambda": [Interval(Real, 0, None, closed="left")],
        "feature_bandwidths": [StrOptions({"fkl"}), None],
        "bandwidth_shrinkage": [Interval(Real, 0, 1, closed="both")],
        "quantile_features": ["boolean"],
        "memory": [None, str, HasMethods(["cache"])],
        "subsample": [Interval(Real, 0, 1, closed="right"), Interval(Integral, 2, None, closed="left")],
        "sampling_method": [StrOptions(set(_stochastic.SAMPLING_METHODS))],
        "n_candidates": [Interval(Integral, 1, None, closed="left")],
        "step_rows": [StrOptions(set(_stochastic.STEP_ROWS))],
        "feature_screening": [None, StrOptions({"auto"}), Interval(Real, 0, 1, closed="neither")],
        "categorical_features": [None, StrOptions({"auto"}), "array-like"],
        "gamma_factor": [Interval(Real, 0, None, closed="neither")],
    }
    _WARM_START_FIXED = _BaseGBRFF._WARM_START_FIXED + (
        "quantile_features", "feature_bandwidths", "bandwidth_shrinkage", "feature_screening",
        "categorical_features", "gamma_factor")

    def __init__(self, n_estimators=100, gamma="auto", reg_lambda=0.0, learning_rate=1.0,
                 random_state=None, n_optim_steps=10, n_iter_no_change=None,
                 validation_fraction=0.1, tol=1e-4, n_jobs=None, loss="exponential",
                 standardize=True, feature_bandwidths=None, bandwidth_shrinkage=0.0,
                 quantile_features=False, memory=None, class_weight=None, warm_start=False,
                 subsample=1.0, sampling_method="uniform", n_candidates=1, step_rows="all",
                 feature_screening=None, categorical_features=None, gamma_factor=1.0):
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
        self.standardize = standardize
        self.feature_bandwidths = feature_bandwidths
        self.bandwidth_shrinkage = bandwidth_shrinkage
        self.quantile_features = quantile_features
        self.memory = memory
        self.class_weight = class_weight
        self.warm_start = warm_start
        self.subsample = subsample
        self.sampling_method = sampling_method
        self.n_candidates = n_candidates
        self.step_rows = step_rows
        self.feature_screening = feature_screening
        self.categorical_features = categorical_features
        self.gamma_factor = gamma_factor

    quantile_knots_ = _fitted_by_map("quantile_knots_", "With ``quantile_features=True``: the "
                                     "knots of each F_j (``feature_map_``).")
    bandwidth_scales_ = _fitted_by_map("bandwidth_scales_", 'With ``feature_bandwidths="fkl"``: '
                                       "the s_j (``feature_map_``).")
    support_ = _fitted_by_map("support_", "With ``feature_screening``: the input features "
                              "kept (``feature_map_``).")
    categorical_levels_ = _fitted_by_map("categorical_levels_", "With an encoded feature: the "
                                         "levels of each (``feature_map_``).")

    categorical_features_ = _fitted_categorical_features

    def _gamma_value(self, X, rng):
        # gamma resolved on the model's columns (after a screen and the encoding), times the factor
        return super()._gamma_value(X, rng) * self.gamma_factor

    def _feature_map(self):
        return FeatureMap(standardize=self.standardize, quantile_features=self.quantile_features,
                          feature_bandwidths=self.feature_bandwidths,
                          bandwidth_shrinkage=self.bandwidth_shrinkage, memory=self.memory,
                          feature_screening=self.feature_screening,
                          categorical_features=self.categorical_features)

    def _run_boosting(self, X, y, sw, gamma, rng, val, n_threads, n_estimators, start):
        # after a screen the engine sees the kept columns only (its ω scattered back
        # onto every column by feature_map_.frequencies_on_z); X itself without one
        fmap = self.feature_map_
        X, standardization = fmap.fit_columns(X, fmap.fit_standardization(X.dtype))
        if val is not None and fmap.columns() is not None:
            val = (fmap.fit_columns(val[0], None)[0],) + tuple(val[1:])
        if (self.subsample < 1.0 or self.n_candidates > 1
                or _stochastic.sample_size(X.shape[0], self.subsample) < X.shape[0]):
            # stochastic boosting (gbrff._stochastic); off by default: the paper's loop below
            return _stochastic.fit_stochastic(
                X, y, sw, n_estimators=n_estimators, gamma=gamma, reg_lambda=self.reg_lambda,
                learning_rate=self.learning_rate, n_optim_steps=self.n_optim_steps, rng=rng,
                subsample=self.subsample, sampling_method=self.sampling_method,
                n_candidates=self.n_candidates, step_rows=self.step_rows, validation=val,
                n_iter_no_change=self.n_iter_no_change, tol=self.tol, loss=self.loss,
                n_threads=n_threads, standardization=standardization, start=start,
                return_scores=True)
        return _boosting.fit_gbrff2(
            X, y, sw, n_estimators=n_estimators, gamma=gamma,
            reg_lambda=self.reg_lambda, learning_rate=self.learning_rate,
            n_optim_steps=self.n_optim_steps, rng=rng, validation=val,
            n_iter_no_change=self.n_iter_no_change, tol=self.tol, loss=self.loss,
            n_threads=n_threads, standardization=standardization,
            start=start, return_scores=True)

    @staticmethod
    def _weak_learner_arrays(m):
        return dict(omegas=m.omegas[:, 0, :], biases=m.phases[:, 0])


class GBRFF1Classifier(_BaseGBRFF):
    """Gradient boosting of learned landmarks with K random Fourier features (GBRFF1).

    Algorithm 2 of Gautheron et al., ECML-PKDD 2020.
    Each iteration t draws K frequencies ω_j ~ N(0, 2γ)^d, learns a landmark
    x^t by L-BFGS from the origin on (1/n) Σ exp(-ỹ (1/K) Σ_j cos(ω_j·(x − x_i))),
    weights the features with the PAC-Bayesian pseudo-posterior
    q_j ∝ exp(-β√n (1/n) Σ_i exp(-ỹ_i cos(ω_j·(x^t − x_i)))), and adds
    α Σ_j q_j cos(ω_j·(x^t − x)) to the score H.

    Read more in the User Guide (:doc:`/user_guide/algorithms`).

    Parameters
    ----------
    n_estimators : int, default=100
        Number of boosting iterations T (landmarks).
    n_components : int, default=10
        The paper's K, random features per iteration.
    gamma : {"auto", "quantile"} or float, default="auto"
        γ of the RBF kernel exp(−γ‖x − x'‖²) whose Fourier transform
        N(0, 2γ)^d the frequencies are drawn from; "auto" is 1 / n_features,
        "quantile" :func:`gbrff.quantile_gamma`. Read more in the User Guide
        (:doc:`/user_guide/parameters`).
    beta : float, default=1.0
        The paper's β: the pseudo-posterior q has inverse temperature β√n, n the
        number of training rows — with ``sample_weight``, their total weight,
        so that a weight acts like a number of copies here too.
    learning_rate : float, default=1.0
        Shrinkage applied to every step α.
    random_state : int, RandomState instance or None, default=None
        Seeds the draws of ω (and of the random landmarks, and the validation
        split).
    n_optim_steps : int, default=10
        L-BFGS iterations of the landmark descent from the origin
        (0: the landmark stays at the origin).
    n_iter_no_change : int or None, default=None
        Stop when the loss on an inner validation split has not
        decreased by ``tol`` for this many iterations. None: no early stopping.
        Read more in the User Guide (:doc:`/user_guide/fitting`).
    validation_fraction : float in (0, 1) or int > 1, default=0.1
        Share of the training data set aside for early stopping, or their
        number of rows (an integer: a validation sample capped on many rows).
    tol : float, default=1e-4
        Minimal decrease of the validation loss that counts as progress.
    n_jobs : int or None, default=None
        Threads of a fit and of scoring large inputs. None: OpenMP's default;
        -1: all cores; k: at most k. The model is bit for bit the same for any
        n_jobs. Read more in the User Guide (:doc:`/user_guide/engine`).
    loss : {"exponential", "log_loss", "squared_error"}, default="exponential"
        The loss boosted (scikit-learn's names), as in :class:`GBRFF2Classifier`;
        with "squared_error" the landmark is fitted by the 2019 preprint's Eq. 5
        and q by its Eq. 7 with c = β√n. Read more in the User Guide
        (:doc:`/user_guide/algorithms`).
    landmarks : {"learn", "random"}, default="learn"
        "learn": the landmark x^t is learned by L-BFGS from the origin (the
        paper's GBRFF1). "random": x^t is a training point drawn at random
        (with positive weight), with no descent (the 2019 preprint's "GBRFF
        Random" ablation); ``n_optim_steps`` is then unused.
    standardize : bool, default=True
        Standardise each feature inside the estimator, as in
        :class:`GBRFF2Classifier`; the landmarks are then learned from the
        origin of the standardised features (the training mean). Read more in
        the User Guide (:doc:`/user_guide/features`).
    class_weight : dict, "balanced" or None, default=None
        Class weights, multiplied into ``sample_weight``: a dict {label:
        weight} (a label left out weighs one), or "balanced",
        n_samples / (n_classes × the class's count); None: every class weighs
        one. Formed by scikit-learn's ``compute_sample_weight`` on the labels,
        so that a class weight acts as the sample weights it gives (the same
        model, bit for bit); with more than two classes each sample keeps its
        class's weight in every one-vs-rest problem. Read more in the User
        Guide (:doc:`/user_guide/fitting`).
    warm_start : bool, default=False
        True: fitting a fitted estimator again continues its expansions up to
        ``n_estimators`` (the same ``n_estimators``: nothing more; a smaller one:
        ValueError), as HistGradientBoosting's warm start. On the same data,
        after a first fit with ``warm_start=True``, the model is one fit of
        that size, bit for bit (not with ``landmarks="random"``, whose
        landmarks are drawn after every iteration's ω). Read more in the User Guide
        (:doc:`/user_guide/fitting`).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_names_in_ : ndarray of shape (n_features,)
        Names of the features seen during fit, when X has string column names.
    init_score_ : float or ndarray of shape (n_classes,)
        H⁰, the best constant score for the loss.
    gamma_ : float
        The γ the frequencies were drawn with (``gamma`` resolved).
    mean_, scale_ : ndarray of shape (n_features,)
        Only with ``standardize=True``: the per-feature mean and standard
        deviation, z = (x − ``mean_``) / ``scale_``.
    feature_map_ : gbrff._feature_map.FeatureMap
        The fitted standardisation; ``feature_map_.transform(X)`` is z(X).
    omegas_ : ndarray of shape (T, K, n_features)
        The frequencies, acting on the standardised features z (see
        :class:`GBRFF2Classifier`).
    landmarks_ : ndarray of shape (T, n_features)
        The landmarks in the same space as z (a landmark in the features'
        units: ``landmarks_ * scale_ + mean_``).
    q_ : ndarray of shape (T, K)
        The pseudo-posterior over each iteration's K cosines (Eq. 10 of the
        paper, inverse temperature β√n), summing to one a row.
    alphas_ : ndarray of shape (T,)
        The steps α_t (learning rate included).
    train_loss_ : ndarray of shape (T,)
        The loss on the training data after each iteration.
    validation_loss_ : ndarray of shape (T,)
        Only with early stopping: the loss on the validation split.
    n_estimators_ : int or ndarray of shape (n_classes,)
        Number of iterations actually run (every fit of a warm start counted).
    expansions_ : list of :class:`gbrff.Expansion`
        The fitted model(s), one per binary problem (``expansion_`` for two
        classes), acting on z.
    estimators_ : list of dict
        The fitted arrays of each binary model (one per class for more than
        two classes).

    See Also
    --------
    GBRFF2Classifier : One feature per iteration, with learned ω and phase.
    GBRFFLSClassifier : The 2019 preprint's least-squares version.
    gbrff.baselines.PBRFFClassifier : Landmarks with PAC-Bayesian weights, no boosting.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFF1Classifier
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> clf = GBRFF1Classifier(n_estimators=10, n_components=5, random_state=0).fit(X, y)
    >>> round(clf.score(X, y), 2)
    0.93
    >>> clf.landmarks_.shape, clf.q_.shape
    ((10, 2), (10, 5))
    """

    _parameter_constraints = {
        **_BaseGBRFF._parameter_constraints,
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "beta": [Interval(Real, 0, None, closed="left")],
        "landmarks": [StrOptions({"learn", "random"})],
    }
    _WARM_START_FIXED = _BaseGBRFF._WARM_START_FIXED + ("n_components", "landmarks")

    def __init__(self, n_estimators=100, n_components=10, gamma="auto", beta=1.0,
                 learning_rate=1.0, random_state=None, n_optim_steps=10,
                 n_iter_no_change=None, validation_fraction=0.1, tol=1e-4, n_jobs=None,
                 loss="exponential", landmarks="learn", standardize=True, class_weight=None,
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
        self.landmarks = landmarks
        self.standardize = standardize
        self.class_weight = class_weight
        self.warm_start = warm_start

    def _run_boosting(self, X, y, sw, gamma, rng, val, n_threads, n_estimators, start):
        # the inverse temperature β√n counts copies: n is the total weight (the number of
        # rows for unit weights, where β stays bit for bit the same); the engine
        # multiplies β by the square root of its count of rows of positive weight
        n_pos, total = np.count_nonzero(sw > 0), float(np.sum(sw))
        beta = self.beta if total == n_pos else self.beta * np.sqrt(total / n_pos)
        beta = min(beta, 1e150)  # weights summing beyond float64: q all on the best cosine
        return _boosting.fit_gbrff1(
            X, y, sw, n_estimators=n_estimators, n_components=self.n_components,
            gamma=gamma, beta=beta, learning_rate=self.learning_rate,
            n_optim_steps=self.n_optim_steps, rng=rng, validation=val,
            n_iter_no_change=self.n_iter_no_change, tol=self.tol, loss=self.loss,
            landmarks=self.landmarks, n_threads=n_threads,
            standardization=self.feature_map_.fit_standardization(X.dtype),
            start=start, return_scores=True)

    @staticmethod
    def _weak_learner_arrays(m):
        return dict(omegas=m.omegas, landmarks=m.landmarks, q=m.q)


class GBRFFLSClassifier(_BaseGBRFF):
    """The 2019 preprint's GBRFF: least-squares boosting of K random Fourier features a landmark.

    One landmark per iteration (Gautheron et al., "Learning Landmark-Based
    Ensembles with Random Fourier Features and Gradient Boosting", 2019,
    Algorithm 1 with Eqs. 4–8).

    A configuration of the engine's loss and weak-learner axes (the
    ``squared_error`` loss with the landmark or random-landmark learner, the
    same compiled loop as :class:`GBRFF1Classifier`), with the preprint's
    parameters. With H⁰ = ȳ, each iteration t computes the residuals
    ỹ = y − H, draws K frequencies ω_j ~ N(0, 2γ)^d, learns the landmark x^t
    by descent on Eq. 5, (1/n) Σ_i (ỹ_i − (1/K) Σ_j cos(ω_j·(x^t − x_i)))²
    (uniform weights 1/K; ``n_optim_steps`` L-BFGS steps from the origin),
    weights the K cosines by the softmax of Eq. 7,
    Q_j ∝ exp(−c (1/n) Σ_i (ỹ_i − cos(ω_j·(x^t − x_i)))²) (the printed
    second equality of Eq. 7 drops this minus sign), takes the step of Eq. 8,
    α = Σ ỹ h / Σ h², and sets H ← H + v α h.

    Read more in the User Guide (:doc:`/user_guide/algorithms`).

    Parameters
    ----------
    n_estimators : int, default=200
        T, the boosting iterations (landmarks); 200 in the preprint.
    n_components : int, default=100
        K, random features per iteration; 100 in the preprint.
    learning_rate : float, default=0.1
        The shrinkage v of every step (the preprint searches {1, .5, .1, .05, .01}).
    c : float, default=1.0
        The inverse temperature c ≥ 0 of the pseudo-posterior Q (Eq. 7); c = 0 gives
        uniform weights 1/K. The preprint searches {0} ∪ 2^{0..10}.
    gamma : {"auto", "quantile"} or float, default="auto"
        The frequencies are drawn from N(0, 2γ)^d, the Fourier transform of
        the RBF kernel exp(−γ‖δ‖²); "auto" is 1 / n_features; "quantile" as
        in :class:`GBRFF2Classifier`. The preprint says "the normal law" with
        no width: γ = 0.5 is its literal N(0, I) reading.
    landmarks : {"learn", "random"}, default="learn"
        "learn": the landmark by descent on Eq. 5 (the preprint's GBRFF,
        "GBRFF Learn"); "random": a training point drawn at random (of
        positive weight), no descent ("GBRFF Random" of its Fig. 1).
    n_optim_steps : int, default=10
        L-BFGS steps of the landmark's descent (unused with "random").
    random_state : int, RandomState instance or None, default=None
        Seeds the draws of ω (and of the random landmarks, and the validation
        split).
    n_iter_no_change : int or None, default=None
        Early stopping on the squared error of an inner validation split, as
        in :class:`GBRFF2Classifier`; the preprint runs all T iterations.
    validation_fraction : float in (0, 1) or int > 1, default=0.1
        Share of the training data set aside for early stopping, or their
        number of rows (an integer: a validation sample capped on many rows).
    tol : float, default=1e-4
        Minimal decrease of the validation loss that counts as progress.
    n_jobs : int or None, default=None
        Threads of a fit and of scoring large inputs, as in
        :class:`GBRFF2Classifier`. Read more in the User Guide
        (:doc:`/user_guide/engine`).
    standardize : bool, default=True
        Standardise each feature inside the estimator, as in
        :class:`GBRFF2Classifier`. The preprint standardises outside the
        model: its protocol (the registry's ``GBRFF-LS``) passes
        ``standardize=False``.
    class_weight : dict, "balanced" or None, default=None
        Class weights, multiplied into ``sample_weight``: a dict {label:
        weight} (a label left out weighs one), or "balanced",
        n_samples / (n_classes × the class's count); None: every class weighs
        one. Formed by scikit-learn's ``compute_sample_weight`` on the labels,
        so that a class weight acts as the sample weights it gives (the same
        model, bit for bit); with more than two classes each sample keeps its
        class's weight in every one-vs-rest problem. Read more in the User
        Guide (:doc:`/user_guide/fitting`).
    warm_start : bool, default=False
        True: fitting a fitted estimator again continues its expansions up to
        ``n_estimators`` (the same ``n_estimators``: nothing more; a smaller one:
        ValueError), as HistGradientBoosting's warm start. On the same data,
        after a first fit with ``warm_start=True``, the model is one fit of
        that size, bit for bit (not with ``landmarks="random"``, whose
        landmarks are drawn after every iteration's ω). Read more in the User Guide
        (:doc:`/user_guide/fitting`).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.
    feature_names_in_ : ndarray of shape (n_features,)
        Names of the features seen during fit, when X has string column names.
    init_score_ : float or ndarray of shape (n_classes,)
        H⁰ = ȳ (weighted).
    gamma_ : float
        The γ the frequencies were drawn with (``gamma`` resolved).
    mean_, scale_ : ndarray of shape (n_features,)
        Only with ``standardize=True``, as in :class:`GBRFF2Classifier`.
    feature_map_ : gbrff._feature_map.FeatureMap
        The fitted standardisation; ``feature_map_.transform(X)`` is z(X).
    omegas_ : ndarray of shape (T, K, n_features)
        The frequencies, acting on z.
    landmarks_ : ndarray of shape (T, n_features)
        The landmarks, in the space of z.
    q_ : ndarray of shape (T, K)
        The weights Q of Eq. 7.
    alphas_ : ndarray of shape (T,)
        The steps α_t, v included.
    train_loss_ : ndarray of shape (T,)
        The squared error on the training data after each iteration.
    validation_loss_ : ndarray of shape (T,)
        Only with early stopping: the loss on the validation split.
    n_estimators_ : int or ndarray of shape (n_classes,)
        Number of iterations actually run (every fit of a warm start counted).
    expansions_ : list of :class:`gbrff.Expansion`
        The fitted model(s), one per binary problem, acting on z.
    estimators_ : list of dict
        The fitted arrays of each binary model.
    loss : str
        Always ``"squared_error"``, a class attribute (not a parameter: this
        class is the least-squares GBRFF).

    See Also
    --------
    GBRFF1Classifier : The 2020 paper's version (exponential loss, K = 10).

    Notes
    -----
    Probabilities are clip((1 + H)/2, 0, 1) (H estimates E[y], y = ±1).
    The engine's inverse temperature of Eq. 7 is β√n with n the samples of positive
    weight (the 2020 paper's Eq. 10); this class passes β = c / √n, so that
    the softmax's inverse temperature is c whatever n, as the preprint writes it.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff import GBRFFLSClassifier
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> clf = GBRFFLSClassifier(n_estimators=10, n_components=10, learning_rate=0.5,
    ...                         random_state=0).fit(X, y)
    >>> round(clf.score(X, y), 2)
    0.94
    >>> clf.q_.shape
    (10, 10)
    """

    #: the preprint's loss (not a parameter: this class is the least-squares GBRFF)
    loss = "squared_error"

    _parameter_constraints = {
        **{k: v for k, v in _BaseGBRFF._parameter_constraints.items() if k != "loss"},
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "c": [Interval(Real, 0, None, closed="left")],
        "landmarks": [StrOptions({"learn", "random"})],
    }
    _WARM_START_FIXED = _BaseGBRFF._WARM_START_FIXED + ("n_components", "landmarks")

    def __init__(self, n_estimators=200, n_components=100, learning_rate=0.1, c=1.0,
                 gamma="auto", landmarks="learn", n_optim_steps=10, random_state=None,
                 n_iter_no_change=None, validation_fraction=0.1, tol=1e-4, n_jobs=None,
                 standardize=True, class_weight=None, warm_start=False):
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
        self.class_weight = class_weight
        self.warm_start = warm_start

    def _run_boosting(self, X, y, sw, gamma, rng, val, n_threads, n_estimators, start):
        # the engine's inverse temperature is beta * sqrt(n), n the samples of positive weight
        n_pos = int(np.count_nonzero(sw > 0))
        return _boosting.fit_gbrff1(
            X, y, sw, n_estimators=n_estimators, n_components=self.n_components,
            gamma=gamma, beta=float(self.c) / np.sqrt(n_pos), learning_rate=self.learning_rate,
            n_optim_steps=self.n_optim_steps, rng=rng, validation=val,
            n_iter_no_change=self.n_iter_no_change, tol=self.tol, loss="squared_error",
            landmarks=self.landmarks, n_threads=n_threads,
            standardization=self.feature_map_.fit_standardization(X.dtype),
            start=start, return_scores=True)

    @staticmethod
    def _weak_learner_arrays(m):
        return GBRFF1Classifier._weak_learner_arrays(m)
