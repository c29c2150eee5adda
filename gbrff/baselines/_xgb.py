"""XGBoost through its own scikit-learn class, taking any two labels (e.g. {-1, +1})."""

import numpy as np

from gbrff._optional import import_optional

XGBClassifier = import_optional("xgboost", "the XGB method", "xgboost").XGBClassifier

__all__ = ["XGBLabelClassifier"]


class XGBLabelClassifier(XGBClassifier):
    """:class:`xgboost.XGBClassifier` that accepts arbitrary class labels.

    XGBoost's classifier requires labels 0..c−1; the paper's tasks use
    {-1, +1}. This subclass encodes the sorted labels to 0..c−1 in ``fit``
    and decodes them in ``predict``; ``classes_`` holds the original labels.
    Everything else (parameters, boosting, ``predict_proba`` columns in
    ``classes_`` order) is XGBoost's own.
    """

    def fit(self, X, y, **fit_params):
        """Encode the labels, then fit :class:`xgboost.XGBClassifier`."""
        self.__dict__.pop("_original_classes", None)
        labels, encoded = np.unique(np.asarray(y), return_inverse=True)
        super().fit(X, encoded, **fit_params)
        self._original_classes = labels
        return self

    @property
    def classes_(self):
        labels = self.__dict__.get("_original_classes")
        return labels if labels is not None else np.arange(self.n_classes_)

    def predict(self, X, **predict_params):
        """Predicted labels, decoded to the ones given to ``fit``."""
        encoded = np.asarray(super().predict(X, **predict_params)).astype(np.intp)
        return self._original_classes[encoded]
