"""Random features, nothing learned: the models of the random-features thesis.

Ribes (2019), *Using Random Fourier Features with Random Forest*, puts a
random map of the RBF kernel — random Fourier features (scikit-learn's
``RBFSampler``) or Nyström (``Nystroem``), D = 500 — in front of ordinary
models, alone or in four kinds of 50-member ensembles (its section 3.1,
Fig. 3.1). The maps are scikit-learn's; this module only chooses their γ
(``gamma="quantile"``, :func:`gbrff.resolve_gamma`) and arranges them:

- :class:`RandomFeatureMap` — the map as a transformer with ``gamma="quantile"``;
- :class:`RBFSVC` — ``SVC(kernel="rbf")`` with ``gamma="quantile"``;
- :class:`RandomFeatureEnsembleClassifier` — the four ensembles as one
  estimator, the scheme a parameter, on :class:`~sklearn.ensemble.BaggingClassifier`.
"""

from numbers import Integral, Real

import numpy as np
from sklearn.base import BaseEstimator, ClassifierMixin, ClassNamePrefixFeaturesOutMixin, TransformerMixin, clone
from sklearn.ensemble import BaggingClassifier
from sklearn.kernel_approximation import Nystroem, RBFSampler
from sklearn.pipeline import Pipeline
from sklearn.svm import SVC
from sklearn.tree import BaseDecisionTree, DecisionTreeClassifier
from sklearn.utils import check_random_state
from sklearn.utils._param_validation import HasMethods, Interval, StrOptions
from sklearn.utils.multiclass import check_classification_targets
from sklearn.utils.validation import check_is_fitted, validate_data

from .._gamma import GAMMA_RULES, resolve_gamma

__all__ = ["FEATURE_MAPS", "SCHEMES", "RandomFeatureMap", "RBFSVC", "RandomFeatureEnsembleClassifier"]

#: The random maps of the RBF kernel, by name.
FEATURE_MAPS = ("rff", "nystroem")

#: The thesis's four ways of mixing a map with an ensemble (section 3.1): a
#: "black" scheme maps once and trains every member on the same features, a
#: "white" one draws a new map per member; a "bag" gives each member a
#: bootstrap sample, an "ensemble" the whole training set.
SCHEMES = ("black_bag", "black_ensemble", "white_bag", "white_ensemble")

_MAX_SEED = np.iinfo(np.int32).max
_GAMMA = [Interval(Real, 0, None, closed="neither"), StrOptions(set(GAMMA_RULES))]


class RandomFeatureMap(ClassNamePrefixFeaturesOutMixin, TransformerMixin, BaseEstimator):
    """A random map of the RBF kernel exp(-γ||x - x'||²): RFF or Nyström.

    Random Fourier features z(x) = sqrt(2/D) cos(ω x + b), ω ~ N(0, 2γ I),
    b ~ U(0, 2π) (``sklearn.kernel_approximation.RBFSampler``), or the
    Nyström map of D training examples (``Nystroem``). Only γ is chosen
    here; the map is scikit-learn's.

    Parameters
    ----------
    kind : {"rff", "nystroem"}, default="rff"
        The map.
    n_components : int, default=500
        D, the number of features (Nyström: landmarks, at most the number of
        training examples).
    gamma : float or "quantile", default="quantile"
        γ, or the thesis's rule computed on the training data
        (:func:`gbrff.quantile_gamma`; give it standardised data).
    random_state : int, RandomState instance or None, default=None
        Seeds the map (and the pairs of the γ rule).

    Attributes
    ----------
    gamma_ : float
        The γ used.
    map_ : RBFSampler or Nystroem
        The fitted map.
    n_features_in_ : int
        Number of features seen during fit.

    See Also
    --------
    sklearn.kernel_approximation.RBFSampler : The random Fourier features.
    sklearn.kernel_approximation.Nystroem : The Nyström map.

    Notes
    -----
    Its output features are named ``randomfeaturemap0``, ``randomfeaturemap1``, …
    (``get_feature_names_out``), so ``set_output(transform="pandas")`` works in
    a pipeline.

    Examples
    --------
    >>> import numpy as np
    >>> from gbrff.baselines import RandomFeatureMap
    >>> X = np.random.default_rng(0).standard_normal((50, 3))
    >>> RandomFeatureMap(n_components=20, random_state=0).fit_transform(X).shape
    (50, 20)
    """

    _parameter_constraints = {
        "kind": [StrOptions(set(FEATURE_MAPS))],
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "gamma": _GAMMA,
        "random_state": ["random_state"],
    }

    def __init__(self, kind="rff", n_components=500, gamma="quantile", random_state=None):
        self.kind = kind
        self.n_components = n_components
        self.gamma = gamma
        self.random_state = random_state

    def fit(self, X, y=None):
        """Choose γ and fit scikit-learn's map.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data (standardised, for ``gamma="quantile"``).
        y : None
            Ignored.

        Returns
        -------
        self : object
            The fitted map.
        """
        self._validate_params()
        X = validate_data(self, X, dtype=np.float64)
        rng = check_random_state(self.random_state)
        seed_gamma, seed_map = rng.randint(_MAX_SEED, size=2)
        self.gamma_ = resolve_gamma(self.gamma, X, random_state=seed_gamma)
        if self.kind == "rff":
            self.map_ = RBFSampler(gamma=self.gamma_, n_components=self.n_components, random_state=seed_map)
        else:
            self.map_ = Nystroem(kernel="rbf", gamma=self.gamma_, random_state=seed_map,
                                 n_components=min(self.n_components, X.shape[0]))
        self.map_.fit(X)
        return self

    def transform(self, X):
        """Map X to the D random features.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        features : ndarray of shape (n_samples, n_components)
            The mapped samples (Nyström: at most the training rows' count of columns).
        """
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return self.map_.transform(X)

    @property
    def _n_features_out(self):
        """D, the features of the fitted map (Nyström: at most the training rows)."""
        return self.map_.n_components if self.kind == "rff" else self.map_.components_.shape[0]


class RBFSVC(ClassifierMixin, BaseEstimator):
    """``SVC(kernel="rbf")`` whose γ may be the thesis's ``"quantile"`` rule.

    Parameters
    ----------
    C : float, default=1.0
        The SVM's penalty.
    gamma : float or "quantile", default="quantile"
        γ of the RBF kernel, or the rule computed on the training data.
    random_state : int, RandomState instance or None, default=None
        Seeds the pairs of the γ rule.

    Attributes
    ----------
    gamma_ : float
        The γ used.
    svc_ : SVC
        The fitted SVM.
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.

    See Also
    --------
    sklearn.svm.SVC : The SVM itself.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from gbrff.baselines import RBFSVC
    >>> X, y = make_moons(200, noise=0.1, random_state=0)
    >>> RBFSVC(C=10, random_state=0).fit(X, y).score(X, y) > 0.95
    True
    """

    _parameter_constraints = {
        "C": [Interval(Real, 0, None, closed="neither")],
        "gamma": _GAMMA,
        "random_state": ["random_state"],
    }

    def __init__(self, C=1.0, gamma="quantile", random_state=None):
        self.C = C
        self.gamma = gamma
        self.random_state = random_state

    def fit(self, X, y):
        """Choose γ and fit the SVM.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data (standardised, for ``gamma="quantile"``).
        y : array-like of shape (n_samples,)
            Class labels.

        Returns
        -------
        self : object
            The fitted estimator.
        """
        self._validate_params()
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        seed = check_random_state(self.random_state).randint(_MAX_SEED)
        self.gamma_ = resolve_gamma(self.gamma, X, random_state=seed)
        self.svc_ = SVC(C=self.C, kernel="rbf", gamma=self.gamma_).fit(X, y)
        self.classes_ = self.svc_.classes_
        return self

    def decision_function(self, X):
        """The SVM's signed distances (``SVC.decision_function``).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        scores : ndarray of shape (n_samples,) or (n_samples, n_classes)
            As :meth:`sklearn.svm.SVC.decision_function` gives them.
        """
        check_is_fitted(self)
        return self.svc_.decision_function(validate_data(self, X, dtype=np.float64, reset=False))

    def predict(self, X):
        """The SVM's labels (``SVC.predict``).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            Labels from ``classes_``.
        """
        check_is_fitted(self)
        return self.svc_.predict(validate_data(self, X, dtype=np.float64, reset=False))


class RandomFeatureEnsembleClassifier(ClassifierMixin, BaseEstimator):
    """The thesis's four ensembles of models on random features, one estimator.

    ``scheme`` (Ribes, 2019, section 3.1, Fig. 3.1):

    - ``"black_bag"`` — one map; each member on a bootstrap sample of the mapped data;
    - ``"black_ensemble"`` — one map; each member on all of it (trees only: a
      deterministic member would give ``n_estimators`` copies of one model);
    - ``"white_bag"`` — a new map per member, each on a bootstrap sample;
    - ``"white_ensemble"`` — a new map per member, each on all the data.

    Members are fitted by :class:`~sklearn.ensemble.BaggingClassifier`
    (``bootstrap=True`` for the bags, ``False`` for the ensembles) on the
    mapped data (black) or as ``Pipeline(map, member)`` (white), in parallel
    with joblib (``n_jobs``). Every seed is drawn from ``random_state``
    before any member is fitted, so the ensemble is the same for any
    ``n_jobs``. γ is computed once, on the whole training set, and shared by
    every map.

    The vote is the mean of the members' class probabilities
    (``predict_proba``); a member without probabilities (``LinearSVC``)
    gives probability 1 to the class it predicts (a hard vote), as
    ``BaggingClassifier`` does.

    Parameters
    ----------
    estimator : classifier, default=None
        The member; None is ``DecisionTreeClassifier()`` (grown in full,
        ``min_impurity_decrease=0``). The thesis makes members overfit:
        C = 1000 for logistic regression and SVMs.
    scheme : {"black_bag", "black_ensemble", "white_bag", "white_ensemble"}, \
default="white_ensemble"
        Which of the four ensembles (above).
    kind : {"rff", "nystroem"}, default="rff"
        The random map (:class:`RandomFeatureMap`).
    n_components : int, default=500
        D, features per map.
    gamma : float or "quantile", default="quantile"
        γ of the RBF kernel the maps approximate.
    n_estimators : int, default=50
        Members.
    n_jobs : int or None, default=None
        joblib workers for the members (``BaggingClassifier``'s).
    random_state : int, RandomState instance or None, default=None
        Seeds γ's pairs, the black map, the bootstrap samples, the white
        maps and the members.

    Attributes
    ----------
    gamma_ : float
        The γ of every map.
    map_ : RandomFeatureMap or None
        The shared map of a black scheme (None for white).
    bagging_ : BaggingClassifier
        The fitted members (``bagging_.estimators_``).
    classes_ : ndarray of shape (n_classes,)
        The class labels.
    n_features_in_ : int
        Number of features seen during fit.

    See Also
    --------
    RandomFeatureMap : The map of each member.
    sklearn.ensemble.BaggingClassifier : What fits the members.

    Examples
    --------
    >>> from sklearn.datasets import make_moons
    >>> from sklearn.linear_model import LogisticRegression
    >>> from gbrff.baselines import RandomFeatureEnsembleClassifier
    >>> X, y = make_moons(200, noise=0.2, random_state=0)
    >>> clf = RandomFeatureEnsembleClassifier(LogisticRegression(C=1000), scheme="white_bag",
    ...                                       n_components=50, n_estimators=5, random_state=0)
    >>> clf.fit(X, y).score(X, y) > 0.9
    True
    """

    _parameter_constraints = {
        "estimator": [None, HasMethods(["fit", "predict"])],
        "scheme": [StrOptions(set(SCHEMES))],
        "kind": [StrOptions(set(FEATURE_MAPS))],
        "n_components": [Interval(Integral, 1, None, closed="left")],
        "gamma": _GAMMA,
        "n_estimators": [Interval(Integral, 1, None, closed="left")],
        "n_jobs": [None, Interval(Integral, None, -1, closed="right"), Interval(Integral, 1, None, closed="left")],
        "random_state": ["random_state"],
    }

    def __init__(self, estimator=None, scheme="white_ensemble", kind="rff", n_components=500,
                 gamma="quantile", n_estimators=50, n_jobs=None, random_state=None):
        self.estimator = estimator
        self.scheme = scheme
        self.kind = kind
        self.n_components = n_components
        self.gamma = gamma
        self.n_estimators = n_estimators
        self.n_jobs = n_jobs
        self.random_state = random_state

    def fit(self, X, y):
        """Fit the ``n_estimators`` members on their maps and samples.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            Training data (standardised, for ``gamma="quantile"``).
        y : array-like of shape (n_samples,)
            Class labels (two or more classes).

        Returns
        -------
        self : object
            The fitted estimator.

        Raises
        ------
        ValueError
            For ``scheme="black_ensemble"`` with a member other than a
            decision tree.
        """
        self._validate_params()
        X, y = validate_data(self, X, y, dtype=np.float64)
        check_classification_targets(y)
        member = clone(self.estimator) if self.estimator is not None else DecisionTreeClassifier()
        if self.scheme == "black_ensemble" and not isinstance(member, BaseDecisionTree):
            raise ValueError(
                f"scheme='black_ensemble' trains every member on the same features: only a "
                f"randomised member (a decision tree) makes them differ, got {type(member).__name__}")
        rng = check_random_state(self.random_state)
        seed_gamma, seed_map, seed_bag = rng.randint(_MAX_SEED, size=3)
        self.gamma_ = resolve_gamma(self.gamma, X, random_state=seed_gamma)
        fmap = RandomFeatureMap(self.kind, self.n_components, self.gamma_, random_state=seed_map)
        if self.scheme.startswith("black"):
            self.map_ = fmap.fit(X)
            Z = self.map_.transform(X)
        else:  # BaggingClassifier gives each member's map its own random_state
            self.map_ = None
            member = Pipeline([("map", fmap), ("model", member)])
            Z = X
        self.bagging_ = BaggingClassifier(
            member, n_estimators=self.n_estimators, bootstrap=self.scheme.endswith("bag"),
            n_jobs=self.n_jobs, random_state=seed_bag).fit(Z, y)
        self.classes_ = self.bagging_.classes_
        return self

    def _features(self, X):
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, reset=False)
        return self.map_.transform(X) if self.map_ is not None else X

    def predict_proba(self, X):
        """Mean of the members' class probabilities (hard votes for members without them).

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        proba : ndarray of shape (n_samples, n_classes)
            Columns in the order of ``classes_``.
        """
        Z = self._features(X)
        return self.bagging_.predict_proba(Z)

    def predict(self, X):
        """The class of highest mean probability.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            Labels from ``classes_``.
        """
        proba = self.predict_proba(X)
        return self.classes_[np.argmax(proba, axis=1)]
