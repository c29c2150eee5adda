"""The comparison systems of the GBRFF paper and the method registry.

``PBRFFClassifier`` (Letarte et al., 2019), ``BMKRClassifier`` (Wu et al.,
2017) and ``GFCClassifier`` (Oglic & Gärtner, 2016) are scikit-learn binary
classifiers implemented from their papers; ``METHODS`` / ``get_method`` give
every method of Table 2 (plus XGBoost) a constructor and the paper's
hyper-parameter grid (section 4.1).
"""

from ._bmkr import BMKRClassifier
from ._gfc import GFCClassifier
from ._pbrff import PBRFFClassifier
from ._registry import METHODS, MethodSpec, get_method

__all__ = ["BMKRClassifier", "GFCClassifier", "METHODS", "MethodSpec", "PBRFFClassifier", "get_method"]
