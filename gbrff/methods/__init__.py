"""The method registry: every method the experiments, reports, figures and app name.

A method is a :class:`MethodSpec`: its constructor (``make(n_iter,
random_state)``, and ``make_default`` for the out-of-the-box experiment), the
hyper-parameter grid its paper searches, its reference, its label and colour in
every figure, and whether it is a column of the GBRFF paper's Table 2.
:func:`get_method` finds any of them by name.

- :data:`METHODS` (``_paper_methods.py``): Table 2's methods (section 4.1's
  grids), then the extras — GBRFF2+ (:data:`GBRFF2_PLUS`, its definition),
  XGBoost, the 2019 preprint's (:data:`PREPRINT_METHODS`, its Table 2's
  columns) and Fourier kernel learning's (:data:`FKL_METHODS`, reported beside
  :data:`FKL_BESIDE`).
- :data:`THESIS_METHODS` (``_thesis_methods.py``): the random-features thesis
  (Ribes, 2019): :data:`THESIS_SINGLE` models on raw, RFF or Nyström features
  and their :data:`THESIS_ENSEMBLES`.

The estimators themselves are gbrff's (:mod:`gbrff`) and the comparison
methods' (:mod:`gbrff.baselines`).
"""

from ._paper_methods import FKL_BESIDE, FKL_METHODS, GBRFF2_PLUS, METHODS, PREPRINT_METHODS
from ._registry import get_method
from ._spec import MethodSpec
from ._thesis_methods import THESIS_ENSEMBLES, THESIS_METHODS, THESIS_SINGLE

__all__ = ["FKL_BESIDE", "FKL_METHODS", "GBRFF2_PLUS", "METHODS", "MethodSpec", "PREPRINT_METHODS",
           "THESIS_ENSEMBLES", "THESIS_METHODS", "THESIS_SINGLE", "get_method"]
