"""The comparison systems of the GBRFF paper and the method registry.

``PBRFFClassifier`` (Letarte et al., 2019), ``BMKRClassifier`` (Wu et al.,
2017) and ``GFCClassifier`` (Oglic & Gärtner, 2016) are scikit-learn binary
classifiers implemented from their papers; ``METHODS`` / ``get_method`` give
every method of Table 2 (plus XGBoost) a constructor and the paper's
hyper-parameter grid (section 4.1).

The random-features thesis (Ribes, 2019) adds ``THESIS_METHODS`` (found by
``get_method`` too): logistic regression, linear and RBF SVMs, a tree and a
forest on raw, RFF or Nyström features, and their ensembles
(:class:`RandomFeatureEnsembleClassifier`), with :class:`RandomFeatureMap`
and :class:`RBFSVC` taking ``gamma="quantile"`` (:func:`quantile_gamma`).
"""

from ._bmkr import BMKRClassifier
from ._gfc import GFCClassifier
from ._pbrff import PBRFFClassifier
from .._gamma import quantile_gamma, resolve_gamma
from ._random_features import SCHEMES, RandomFeatureEnsembleClassifier, RandomFeatureMap, RBFSVC
from ._registry import GBRFF2_PLUS, METHODS, MethodSpec, get_method
from ._thesis import THESIS_ENSEMBLES, THESIS_METHODS, THESIS_SINGLE

__all__ = ["BMKRClassifier", "GBRFF2_PLUS", "GFCClassifier", "METHODS", "MethodSpec", "PBRFFClassifier", "RBFSVC",
           "RandomFeatureEnsembleClassifier", "RandomFeatureMap", "SCHEMES", "THESIS_ENSEMBLES",
           "THESIS_METHODS", "THESIS_SINGLE", "get_method", "quantile_gamma", "resolve_gamma"]
