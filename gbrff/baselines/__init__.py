"""The comparison systems of the GBRFF paper and the method registry.

``PBRFFClassifier`` (Letarte et al., 2019), ``BMKRClassifier`` (Wu et al.,
2017) and ``GFCClassifier`` (Oglic & Gärtner, 2016) are scikit-learn binary
classifiers implemented from their papers; ``METHODS`` / ``get_method`` give
every method of Table 2 (plus XGBoost) a constructor and the paper's
hyper-parameter grid (section 4.1).

Fourier kernel learning (Băzăvan, Li, Sminchisescu, ECCV 2012) adds
``RFFSKLClassifier`` (RFF-SKL), ``RFFSQLSKLClassifier`` (RFF-SQL-SKL),
``RFFMKLClassifier`` (RFF-MKL) and the exact-kernel rival ``KRRGDClassifier``
(KRR-GD, Chapelle et al. 2002), the first three in the registry.

The 2019 preprint of GBRFF adds ``MKBoostClassifier`` (Xia & Hoi, 2013) and,
through the registry, its least-squares GBRFF (``GBRFF-LS``,
``GBRFF-LS-random``; ``PREPRINT_METHODS`` lists its Table 2's columns).

The random-features thesis (Ribes, 2019) adds ``THESIS_METHODS`` (found by
``get_method`` too): logistic regression, linear and RBF SVMs, a tree and a
forest on raw, RFF or Nyström features, and their ensembles
(:class:`RandomFeatureEnsembleClassifier`), with :class:`RandomFeatureMap`
and :class:`RBFSVC` taking ``gamma="quantile"`` (:func:`quantile_gamma`).
"""

from ._bmkr import BMKRClassifier
from ._fkl import RFFMKLClassifier, RFFSKLClassifier, RFFSQLSKLClassifier
from ._gfc import GFCClassifier
from ._krr import KRRGDClassifier
from ._pbrff import PBRFFClassifier
from .._gamma import quantile_gamma, resolve_gamma
from ._random_features import SCHEMES, RandomFeatureEnsembleClassifier, RandomFeatureMap, RBFSVC
from ._mkboost import MKBoostClassifier
from ._registry import FKL_BESIDE, FKL_METHODS, GBRFF2_PLUS, METHODS, PREPRINT_METHODS, MethodSpec, get_method
from ._thesis import THESIS_ENSEMBLES, THESIS_METHODS, THESIS_SINGLE

__all__ = ["FKL_BESIDE", "FKL_METHODS", "BMKRClassifier", "GBRFF2_PLUS", "GFCClassifier", "KRRGDClassifier",
           "MKBoostClassifier", "RFFMKLClassifier", "RFFSKLClassifier", "RFFSQLSKLClassifier",
           "METHODS", "MethodSpec", "PREPRINT_METHODS", "PBRFFClassifier", "RBFSVC",
           "RandomFeatureEnsembleClassifier", "RandomFeatureMap", "SCHEMES", "THESIS_ENSEMBLES",
           "THESIS_METHODS", "THESIS_SINGLE", "get_method", "quantile_gamma", "resolve_gamma"]
