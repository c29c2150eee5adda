"""What the comparison classifiers share: binary labels, tags, predict, staged
scores, a linear SVM on a representation, counting capped libsvm solves."""

import warnings

import numpy as np
from sklearn.base import ClassifierMixin
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import LinearSVC
from sklearn.utils.multiclass import check_classification_targets, type_of_target
from sklearn.utils.validation import check_is_fitted, validate_data

__all__ = ["BinaryClassifierMixin", "FeatureSVMMixin", "StagedScoresMixin"]


class BinaryClassifierMixin(ClassifierMixin):
    """Binary classifier conventions shared with the GBRFF estimators.

    ``classes_`` holds the two sorted labels; internally ``classes_[0]`` is
    -1 and ``classes_[1]`` is +1, ``decision_function`` > 0 predicts
    ``classes_[1]``. More than two classes raise a ValueError (the paper's
    methods are binary); the estimator tags say so, so that scikit-learn's
    checks skip the multi-class ones.
    """

    def _validate_fit_data(self, X, y):
        """Validate (X, y), set ``classes_`` and ``n_features_in_``; return X and y in {-1, +1}."""
        X, y = validate_data(self, X, y, dtype=np.float64, order="C")
        check_classification_targets(y)
        y_type = type_of_target(y, input_name="y", raise_unknown=True)
        if y_type != "binary":
            raise ValueError(
                f"Only binary classification is supported. The type of the target is {y_type}; "
                f"{type(self).__name__} implements a binary method of the GBRFF paper's comparison."
            )
        self.classes_, y_index = np.unique(y, return_inverse=True)
        if len(self.classes_) != 2:
            raise ValueError(
                f"{type(self).__name__} needs examples of 2 classes; got 1 class: {self.classes_.tolist()}"
            )
        return X, np.where(y_index == 1, 1.0, -1.0)

    def predict(self, X):
        """Predict class labels: ``classes_[1]`` where ``decision_function(X) > 0``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        y : ndarray of shape (n_samples,)
            Labels from ``classes_``.
        """
        scores = self.decision_function(X)
        return self.classes_[(scores > 0).astype(np.intp)]

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        return tags


class StagedScoresMixin:
    """The scores of a boosted sum F_t = F_0 + Σ_{s ≤ t} (round s's term).

    The class gives ``_init_score()``, the constant F_0, and
    ``_weak_predictions(X)``, which yields each kept round's term on the
    validated ``X`` (α_s h_s(X) for AdaBoost, ν f_s(X) for gradient
    boosting). ``decision_function`` starts from ``_decision_init()``, F_0
    unless the class adds a tie-break for when no round was kept.
    """

    def _decision_init(self):
        return self._init_score()

    def _running_scores(self, X, init):
        """Validate ``X``; yield F_0 = ``init()``, then the sum after each kept round."""
        check_is_fitted(self)
        X = validate_data(self, X, dtype=np.float64, order="C", reset=False)
        F = np.full(X.shape[0], init())
        yield F
        for term in self._weak_predictions(X):
            F = F + term
            yield F

    def staged_decision_function(self, X):
        """Yield F_t(X), the decision function after each kept round t = 1, 2, ...

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Yields
        ------
        scores : ndarray of shape (n_samples,)
            F_t(X), a fresh array for each round; the last is
            ``decision_function(X)``.
        """
        scores = self._running_scores(X, self._init_score)
        next(scores)  # F_0 is no stage
        for F in scores:
            yield F.copy()

    def decision_function(self, X):
        """F_T(X), the sum after the last kept round; > 0 means ``classes_[1]``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples.

        Returns
        -------
        scores : ndarray of shape (n_samples,)
            F_T(X) (F_0, the constant, when no round was kept).
        """
        for F in self._running_scores(X, self._decision_init):
            pass
        return F


class SolveCountMixin:
    """``n_solves_`` and ``n_solves_capped_`` of a fit whose libsvm solves stop at ``max_iter``.

    ``fit`` sets both to 0, calls :meth:`_count_solve` after each solve and
    :meth:`_report_capped_solves` at its end: one ``ConvergenceWarning``
    (which the experiment store records) instead of one per solve.
    """

    def _count_solve(self, n_iter):
        self.n_solves_ += 1
        self.n_solves_capped_ += int(0 < self.max_iter <= n_iter)

    def _report_capped_solves(self):
        if self.n_solves_capped_:
            warnings.warn(f"{self.n_solves_capped_} of {self.n_solves_} libsvm solves stopped at "
                          f"max_iter={self.max_iter} (C={self.C:g})", ConvergenceWarning)


class FeatureSVMMixin:
    """A linear SVM ``svm_`` on the class's representation ``compute_features(X)``.

    The class gives ``compute_features(X)`` (which validates ``X``) and the
    parameters ``C`` and ``max_iter`` of scikit-learn's
    :class:`~sklearn.svm.LinearSVC`.
    """

    def _fit_svm(self, features, y):
        """Fit ``svm_`` on ``features`` and labels ``y`` ∈ {-1, +1}; set ``n_iter_``."""
        self.svm_ = LinearSVC(C=self.C, max_iter=self.max_iter, random_state=0)
        self.svm_.fit(features, y)
        self.n_iter_ = int(np.max(self.svm_.n_iter_))

    def decision_function(self, X):
        """Signed distance to the SVM's hyperplane; > 0 means ``classes_[1]``.

        Parameters
        ----------
        X : array-like of shape (n_samples, n_features)
            The samples, in the units of the training data.

        Returns
        -------
        scores : ndarray of shape (n_samples,)
            The linear SVM's score of ``compute_features(X)``.
        """
        check_is_fitted(self)
        return self.svm_.decision_function(self.compute_features(X))
