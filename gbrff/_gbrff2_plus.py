"""GBRFF2+, the configuration the project's cross-validation found best, as a class.

:class:`GBRFF2PlusClassifier` is :class:`gbrff.GBRFF2Classifier` with other
defaults: those of the registry's ``GBRFF2+`` (:data:`gbrff.methods.GBRFF2_PLUS`,
the one definition of the values; ``tests/estimators/test_gbrff2_plus.py`` holds
the two equal). A class rather than a preset function, as scikit-learn's
convention asks: every value is an ``__init__`` parameter with its default, so
``get_params`` shows each, ``clone``, ``set_params`` and grid searches work, the
``repr`` names it, and ``to_dict`` / ``from_dict``, the ONNX export and the
estimator checks know it by its name.

Its data-adaptive defaults (issue 49) live here too: the value
``"auto"`` of six parameters, resolved at fit time by :func:`successor_params`
(one pure function of the training rows and of whether the feature screen
acted), its constants named below with the evidence that chose them.
"""

from contextlib import contextmanager

import numpy as np
from sklearn.utils._param_validation import StrOptions
from sklearn.utils.validation import _num_samples

from ._estimators import GBRFF2Classifier
from ._feature_map import FeatureMap

__all__ = ["GBRFF2PlusClassifier", "successor_params"]

# -- the successor's data-adaptive values (the parameters' "auto") -------------
# Issue 49's search, each constant chosen by 3-fold CV on training parts only
# (results/accuracy_search/README.md; the section named after each constant).
#: "The successor's rule": λ = 2⁻⁴ and the bandwidth shrinkage 0.75 (GBRFF2+'s)
#: up to this many rows, falling as AUTO_ROWS_SCALE / n above (c = 3000 worse
#: on mc-10k; c = 1000 keeps every Table 2 small task at GBRFF2+'s cells and
#: gains mc-10k +1.6, mc-100k +2.0, spambase +0.3, bankmarketing +0.5).
AUTO_ROWS_SCALE = 1000.0
AUTO_REG_LAMBDA = 2.0**-4
AUTO_BANDWIDTH_SHRINKAGE = 0.75
#: "The successor's rule": the exponential loss below this many rows, the
#: logistic loss from it on (spambase, 2,450 rows, prefers the exponential;
#: mc-10k, 6,667, the logistic; the 1 % flipped labels of make_classification
#: hurt the exponential loss).
AUTO_LOG_LOSS_ROWS = 5000
#: "Wide data": once a feature screen acted, λ = 0 (+1.3 to +4.8 points on the
#: wide problems) and more iterations (T 100 → 500 → 1000: 92.9 → 94.4 → 94.9
#: on average over the five wide problems): 500 below AUTO_SCREEN_MANY_ROWS,
#: 1000 from it on; without a screen GBRFF2+'s 100. "The successor, all rules
#: together": once screened the loss stays exponential and the shrinkage 0.75
#: at any n (the n rules cost the 20,000-row wide problems a point each:
#: 98.01 → 97.03 on 20k × 1000, 98.60 → 97.59 on 20k × 200; log_loss costs the
#: 5,000-row ones 0.9-1.5).
AUTO_SCREEN_ITERATIONS = (500, 1000)
AUTO_SCREEN_MANY_ROWS = 10_000
AUTO_ITERATIONS = 100
#: "Many rows": from this many rows each weak learner is fitted on a sample of
#: AUTO_SAMPLE_ROWS rows and its step taken on that sample (dev split of
#: make_classification(1.25 M, 20): 0.9416 against LightGBM's 0.9445 in 0.55 of
#: its one-thread fit time; every row below).
AUTO_SUBSAMPLE_FROM = 200_000
AUTO_SAMPLE_ROWS = 20_000

class _AutoShrinkageMap(FeatureMap):
    """The feature map of a fit with ``bandwidth_shrinkage="auto"``: its shrinkage is
    :func:`successor_params`'s for ``n_rows`` once the screen's outcome is known (the screen
    runs first in :meth:`FeatureMap.fit_expand`, the bandwidths' fit after it): one screen.
    Made from the estimator's own map (:meth:`GBRFF2PlusClassifier._feature_map`), ``n_rows``
    beside its options."""

    def _fit_bandwidth_scales(self, X, y_idx, sample_weight, rng):
        self.bandwidth_shrinkage = successor_params(
            self.n_rows, self.support_ is not None)["bandwidth_shrinkage"]
        super()._fit_bandwidth_scales(X, y_idx, sample_weight, rng)


#: the parameters of GBRFF2PlusClassifier that take "auto"
AUTO_PARAMS = ("n_estimators", "reg_lambda", "loss", "bandwidth_shrinkage", "subsample",
               "step_rows")


def successor_params(n, screened=False):
    """The values of the successor's ``"auto"`` parameters for ``n`` training rows.

    A pure function of the number of training rows of positive weight ``n``
    (before any early-stopping split) and of whether a feature screen acted
    (``screened``: the fitted ``support_`` is not None). The rules and their
    evidence are the module's constants (issue 49's cross-validated search,
    ``results/accuracy_search/README.md``).

    Parameters
    ----------
    n : int
        Training rows of positive weight (at least one).
    screened : bool, default=False
        Whether the feature screen kept a subset of the features.

    Returns
    -------
    dict
        ``reg_lambda``: 2⁻⁴ · min(1, 1000 / n), 0 once screened;
        ``bandwidth_shrinkage``: 0.75 · min(1, 1000 / n), 0.75 once
        screened; ``loss``: "exponential" below 5,000 rows or once
        screened, else "log_loss"; ``n_estimators``:
        100, or once screened 500 below 10,000 rows and 1,000 from 10,000;
        ``subsample``: 20,000 rows from 200,000 rows on, else 1.0 (every
        row); ``step_rows``: "sample" from 200,000 rows, else "all".

    Examples
    --------
    >>> from gbrff._gbrff2_plus import successor_params
    >>> successor_params(500)["reg_lambda"], successor_params(4000)["reg_lambda"]
    (0.0625, 0.015625)
    >>> successor_params(20_000, screened=True)["n_estimators"]
    1000
    """
    n = int(n)
    if n < 1:
        raise ValueError(f"successor_params needs at least one training row; got n={n}.")
    f = 1.0 if screened else min(1.0, AUTO_ROWS_SCALE / n)      # the n rules: unscreened only
    many = n >= AUTO_SUBSAMPLE_FROM
    return {
        "reg_lambda": 0.0 if screened else AUTO_REG_LAMBDA * f,
        "bandwidth_shrinkage": AUTO_BANDWIDTH_SHRINKAGE * f,
        "loss": "exponential" if screened or n < AUTO_LOG_LOSS_ROWS else "log_loss",
        "n_estimators": (AUTO_SCREEN_ITERATIONS[n >= AUTO_SCREEN_MANY_ROWS] if screened
                         else AUTO_ITERATIONS),
        "subsample": AUTO_SAMPLE_ROWS if many else 1.0,
        "step_rows": "sample" if many else "all",
    }


class GBRFF2PlusClassifier(GBRFF2Classifier):
    """GBRFF2+: GBRFF2 with the settings the project's cross-validation chose.

    :class:`GBRFF2Classifier` (the 2020 paper's GBRFF2, one learned random
    Fourier feature an iteration) with other defaults, each chosen by
    cross-validation on training parts only:

    - each feature beside its rank (``quantile_features=True``) and one
      bandwidth per column learned by Fourier kernel learning, shrunk back
      towards the shared one (``feature_bandwidths="fkl"``), as GBRFF2+'s
      first definition (5-fold CV on the paper's Table 2 training parts,
      ``results/gbrff2plus/``);
    - values that adapt to the training data (``"auto"``, resolved at fit
      time by :func:`successor_params`; issue 49's search,
      ``results/accuracy_search/``): λ = 2⁻⁴ and the shrinkage 0.75 up to
      1,000 rows, falling as 1000 / n above; the exponential loss below
      5,000 rows, the logistic loss from 5,000; a marginal screen of the
      features from 100 features on, and once it keeps a subset λ = 0 and
      500 or 1,000 iterations; from 200,000 rows each weak learner fitted on
      20,000 of them; the columns of 3 or 4 evenly spaced values one-hot
      encoded, with no rank for an indicator (``categorical_features``).

    Up to 1,000 rows, 100 features and no such column it is GBRFF2+'s first
    definition exactly (λ = 2⁻⁴, the shrinkage 0.75, the exponential loss,
    T = 100).
    ``GBRFF2Classifier()`` keeps the paper's defaults.

    Read more in the User Guide (:doc:`/user_guide/algorithms`).

    Parameters
    ----------
    n_estimators : int or "auto", default="auto"
        Number of boosting iterations T. "auto": 100, or once a feature
        screen acted 500 below 10,000 training rows and 1,000 from 10,000
        (:func:`successor_params`, as every "auto" below).
    gamma : {"auto", "quantile"} or float, default="auto"
        γ of the RBF kernel; "auto" is 1 / (2 × n_features): the model sees
        each feature and its rank.
    reg_lambda : float or "auto", default="auto"
        λ, the L2 penalty on ω during its refinement (GBRFF2: 0).
        "auto": 2⁻⁴ · min(1, 1000 / n), n the training rows of positive
        weight; 0 once a feature screen acted.
    learning_rate : float, default=1.0
        Shrinkage applied to every step α.
    random_state : int, RandomState instance or None, default=None
        Seeds the draws of ω, the scale fit's subsample and the validation split.
    n_optim_steps : int, default=10
        L-BFGS iterations of the refinement of ω.
    n_iter_no_change : int or None, default=None
        Early stopping on an inner validation split (None: none).
    validation_fraction : float in (0, 1) or int > 1, default=0.1
        Share of the training data set aside for early stopping, or their number of rows.
    tol : float, default=1e-4
        Minimal decrease of the validation loss that counts as progress.
    n_jobs : int or None, default=None
        Threads of a fit and of scoring large inputs; the model does not
        depend on it.
    loss : {"exponential", "log_loss", "squared_error", "auto"}, default="auto"
        The loss boosted. "auto": the exponential loss below 5,000 training
        rows, the logistic loss ("log_loss") from 5,000 on.
    standardize : bool, default=True
        Standardise each feature (and rank) inside the estimator.
    feature_bandwidths : {None, "fkl"}, default="fkl"
        One bandwidth γ s_j² per column, s_j learned by Fourier kernel
        learning (GBRFF2: None).
    bandwidth_shrinkage : float in [0, 1] or "auto", default="auto"
        a: s_j² → (1 − a) s_j² + a (GBRFF2: 0). "auto": 0.75 · min(1, 1000 / n),
        0.75 once a feature screen acted.
    quantile_features : bool, default=True
        Each feature beside its rank F_j(x_j) (GBRFF2: False).
    memory : None, str or joblib.Memory, default=None
        Where the learned scales are cached.
    class_weight : dict, "balanced" or None, default=None
        Class weights, multiplied into ``sample_weight``.
    warm_start : bool, default=False
        Continue the fitted expansions up to ``n_estimators`` when fitted again.
    subsample : float in (0, 1], int > 1 or "auto", default="auto"
        The share of the rows each weak learner is fitted on (1.0: every row), or their number.
        "auto": 20,000 rows from 200,000 training rows on, every row below.
    sampling_method : {"uniform", "goss"}, default="uniform"
        How those rows are drawn (GOSS: the half of largest absolute residual, and a weighted
        uniform half).
    n_candidates : int, default=1
        Frequencies drawn an iteration, the best before refinement kept.
    step_rows : {"all", "sample", "holdout", "auto"}, default="auto"
        With a subsample: the step α taken on every row, on the sample, or on
        a holdout. "auto": "sample" from 200,000 training rows on, else "all".
    feature_screening : None, "auto" or float in (0, 1), default="auto"
        The marginal screen of the input features before the fit (None: none;
        "auto": a false discovery rate of 0.05 from 100 features on, when the
        estimated share of null features is at least 0.8).
        Whether it acted (``support_`` is set) decides the "auto" of
        ``reg_lambda`` and ``n_estimators``.
    categorical_features : None, "auto", array of int or array of bool, default="auto"
        The input features one-hot encoded before the ranks (an indicator
        gets no rank): integer indices, a boolean mask, or "auto" (the
        features of 3 or 4 evenly spaced distinct training values, a
        heuristic; explicit ones take precedence), as
        :class:`GBRFF2Classifier`'s. With indicators, ``gamma="auto"`` is one
        over the model's columns (the features, their levels and the ranks).
    gamma_factor : float > 0, default=1.0
        γ is ``gamma`` resolved, times this factor: with ``gamma="auto"`` the
        multiples of the model's own γ, whatever columns the screen and the
        encoding left (the tuned grid from 100 input features on).

    Attributes
    ----------
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    feature_map_ : gbrff._feature_map.FeatureMap
        The fitted ranks, standardisation and bandwidths.
    expansions_ : list of :class:`gbrff.Expansion`
        The fitted model(s), one per binary problem.
    resolved_params_ : dict
        The values the fit used for ``n_estimators``, ``reg_lambda``,
        ``loss``, ``bandwidth_shrinkage``, ``subsample`` and ``step_rows``:
        the parameter's own, or for "auto" its value on the training data
        (:func:`successor_params`; the parameters keep "auto").

    Every other attribute is :class:`GBRFF2Classifier`'s.

    See Also
    --------
    GBRFF2Classifier : The paper's GBRFF2, whose parameters these are.
    gbrff.methods.GBRFF2_PLUS : The registry's definition of the values.

    Examples
    --------
    >>> from sklearn.datasets import load_breast_cancer
    >>> from sklearn.model_selection import cross_val_score
    >>> from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier
    >>> X, y = load_breast_cancer(return_X_y=True)
    >>> round(float(cross_val_score(GBRFF2PlusClassifier(random_state=0), X, y, cv=5).mean()), 3)
    0.982
    >>> round(float(cross_val_score(GBRFF2Classifier(random_state=0), X, y, cv=5).mean()), 3)
    0.956

    Each "auto" is resolved on the training data at fit time, into
    ``resolved_params_`` (569 rows here: GBRFF2+'s first definition):

    >>> auto = GBRFF2PlusClassifier(random_state=0).fit(X, y)
    >>> auto.get_params()["reg_lambda"], auto.resolved_params_["reg_lambda"]
    ('auto', 0.0625)
    """

    _parameter_constraints = {
        **GBRFF2Classifier._parameter_constraints,
        **{name: [*GBRFF2Classifier._parameter_constraints[name], StrOptions({"auto"})]
           for name in AUTO_PARAMS},
    }

    def __init__(self, n_estimators="auto", gamma="auto", reg_lambda="auto", learning_rate=1.0,
                 random_state=None, n_optim_steps=10, n_iter_no_change=None,
                 validation_fraction=0.1, tol=1e-4, n_jobs=None, loss="auto",
                 standardize=True, feature_bandwidths="fkl", bandwidth_shrinkage="auto",
                 quantile_features=True, memory=None, class_weight=None, warm_start=False,
                 subsample="auto", sampling_method="uniform", n_candidates=1, step_rows="auto",
                 feature_screening="auto", categorical_features="auto", gamma_factor=1.0):
        super().__init__(
            n_estimators=n_estimators, gamma=gamma, reg_lambda=reg_lambda,
            learning_rate=learning_rate, random_state=random_state, n_optim_steps=n_optim_steps,
            n_iter_no_change=n_iter_no_change, validation_fraction=validation_fraction, tol=tol,
            n_jobs=n_jobs, loss=loss, standardize=standardize,
            feature_bandwidths=feature_bandwidths, bandwidth_shrinkage=bandwidth_shrinkage,
            quantile_features=quantile_features, memory=memory, class_weight=class_weight,
            warm_start=warm_start, subsample=subsample, sampling_method=sampling_method,
            n_candidates=n_candidates, step_rows=step_rows, feature_screening=feature_screening,
            categorical_features=categorical_features, gamma_factor=gamma_factor)

    # -- the "auto" values, resolved at fit time -------------------------------
    def _auto_names(self):
        return [name for name in AUTO_PARAMS
                if isinstance(getattr(self, name), str) and getattr(self, name) == "auto"]

    @contextmanager
    def _parameters_set_to(self, values):
        """The parameters ``values`` in place for the fit, the public ones back after it
        (scikit-learn's convention: fit does not change a parameter)."""
        saved = {name: getattr(self, name) for name in values}
        try:
            for name, value in values.items():
                setattr(self, name, value)
            yield
        finally:
            for name, value in saved.items():
                setattr(self, name, value)
            self._auto_fit = None

    def fit(self, X, y, sample_weight=None):
        """Fit the boosted ensemble, each ``"auto"`` parameter resolved on the data first.

        The values are :func:`successor_params` of the training rows of
        positive ``sample_weight`` and of whether the feature screen acted;
        they are in ``resolved_params_`` after the fit (the parameters keep
        ``"auto"``). A warm start continues with the values of the fit it
        continues (its ``resolved_params_``), whatever the new data's size.
        Otherwise as :meth:`GBRFF2Classifier.fit`.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data.
        y : array-like of shape (n_samples,)
            Labels.
        sample_weight : array-like of shape (n_samples,), default=None
            Non-negative weights.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        self._validate_params()
        autos = self._auto_names()
        continuing = bool(self.warm_start) and hasattr(self, "expansions_")
        try:
            n = int(np.count_nonzero(np.asarray(sample_weight, dtype=np.float64) > 0)
                    if sample_weight is not None else _num_samples(X))
        except (TypeError, ValueError):
            n = 1                       # not data: GBRFF2Classifier.fit says why
        if continuing and hasattr(self, "resolved_params_"):
            values = self.resolved_params_      # a continuation keeps the values of its model
        else:
            values = successor_params(max(n, 1), continuing and self.feature_map_.support_ is not None)
        with self._parameters_set_to({name: values[name] for name in autos}):
            self._auto_fit = (max(n, 1), autos)
            super().fit(X, y, sample_weight)
            resolved = {name: getattr(self, name) for name in AUTO_PARAMS}
        if hasattr(self, "expansions_"):
            self.resolved_params_ = resolved
        return self

    def _feature_map(self):
        auto = getattr(self, "_auto_fit", None)
        if auto is None or "bandwidth_shrinkage" not in auto[1]:
            return super()._feature_map()
        # GBRFF2Classifier's map, its options as they are, with the rule's shrinkage
        fmap = _AutoShrinkageMap.__new__(_AutoShrinkageMap)
        fmap.__dict__.update(vars(super()._feature_map()), n_rows=auto[0])
        return fmap

    def _fit_problems(self, X, target, sample_weight, rngs, previous, digest):
        # after the feature map's fit (a screen's outcome is known), before the boosting:
        # the "auto" values that depend on whether the screen acted
        auto = getattr(self, "_auto_fit", None)
        fmap = self.feature_map_
        if type(fmap) is _AutoShrinkageMap:     # its rule applied: a plain FeatureMap from here on
            self.feature_map_ = FeatureMap.__new__(FeatureMap)
            self.feature_map_.__dict__.update((k, v) for k, v in vars(fmap).items() if k != "n_rows")
        if auto is not None and previous[0] is None:
            values = successor_params(auto[0], self.feature_map_.support_ is not None)
            for name in auto[1]:
                setattr(self, name, values[name])
        return super()._fit_problems(X, target, sample_weight, rngs, previous, digest)

    def to_dict(self):
        """The fitted model as plain data (JSON-safe), as :meth:`GBRFF2Classifier.to_dict`.

        Beside its keys, ``resolved_params``: ``resolved_params_``, the values
        the ``"auto"`` parameters took (``params`` keeps ``"auto"``).

        Returns
        -------
        dict
            The model, :meth:`from_dict` rebuilds it.

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2PlusClassifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2PlusClassifier(n_estimators=5, loss="auto", random_state=0).fit(X, y)
        >>> d = clf.to_dict()
        >>> d["params"]["loss"], d["resolved_params"]["loss"]
        ('auto', 'exponential')
        """
        d = super().to_dict()
        resolved = getattr(self, "resolved_params_", None)
        d["resolved_params"] = None if resolved is None else dict(resolved)
        return d

    @classmethod
    def from_dict(cls, d):
        """The fitted estimator of :meth:`to_dict`'s dict, as :meth:`GBRFF2Classifier.from_dict`.

        Parameters
        ----------
        d : dict
            What ``to_dict`` of a GBRFF2PlusClassifier returned.

        Returns
        -------
        GBRFF2PlusClassifier
            Fitted, with ``resolved_params_`` when the dict holds them.

        Examples
        --------
        >>> from sklearn.datasets import make_moons
        >>> from gbrff import GBRFF2PlusClassifier
        >>> X, y = make_moons(200, noise=0.1, random_state=0)
        >>> clf = GBRFF2PlusClassifier(n_estimators=5, loss="auto", random_state=0).fit(X, y)
        >>> GBRFF2PlusClassifier.from_dict(clf.to_dict()).resolved_params_["loss"]
        'exponential'
        """
        est = super().from_dict(d)
        resolved = d.get("resolved_params")
        if resolved is not None:
            est.resolved_params_ = dict(resolved)
        return est
