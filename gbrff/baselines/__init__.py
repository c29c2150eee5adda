"""The comparison systems of the GBRFF papers, as scikit-learn estimators.

``PBRFFClassifier`` (Letarte et al., 2019), ``BMKRClassifier`` (Wu et al.,
2017) and ``GFCClassifier`` (Oglic & Gärtner, 2016) are scikit-learn binary
classifiers implemented from their papers. The registry that gives each
method a constructor, a grid, a label and a colour is :mod:`gbrff.methods`.

Fourier kernel learning (Băzăvan, Li, Sminchisescu, ECCV 2012) adds
``RFFSKLClassifier`` (RFF-SKL), ``RFFSQLSKLClassifier`` (RFF-SQL-SKL),
``RFFMKLClassifier`` (RFF-MKL) and the exact-kernel rival ``KRRGDClassifier``
(KRR-GD, Chapelle et al. 2002).

The 2019 preprint of GBRFF adds ``MKBoostClassifier`` (Xia & Hoi, 2013); its
least-squares GBRFF is gbrff's own :class:`gbrff.GBRFFLSClassifier`.

The random-features thesis (Ribes, 2019) adds :class:`RandomFeatureMap` (RFF
or Nyström features), :class:`RBFSVC` and their ensembles
(:class:`RandomFeatureEnsembleClassifier`), the first two taking
``gamma="quantile"`` (:func:`gbrff.quantile_gamma`).
"""

from ._bmkr import BMKRClassifier
from ._kernel_learning_classifiers import RFFMKLClassifier, RFFSKLClassifier, RFFSQLSKLClassifier
from ._gfc import GFCClassifier
from ._krr import KRRGDClassifier
from ._pbrff import PBRFFClassifier
from ._random_features import SCHEMES, RandomFeatureEnsembleClassifier, RandomFeatureMap, RBFSVC
from ._mkboost import MKBoostClassifier

__all__ = ["BMKRClassifier", "GFCClassifier", "KRRGDClassifier", "MKBoostClassifier", "RFFMKLClassifier",
           "RFFSKLClassifier", "RFFSQLSKLClassifier", "PBRFFClassifier", "RBFSVC",
           "RandomFeatureEnsembleClassifier", "RandomFeatureMap", "SCHEMES"]
