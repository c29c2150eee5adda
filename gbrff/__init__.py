"""gbrff: Gradient Boosting with Random Fourier Features.

The reference implementation of GBRFF1 and GBRFF2 (Gautheron, Germain,
Habrard, Metzler, Morvant, Sebban, Zantedeschi, ECML-PKDD 2020) on a
numba-compiled engine, behind scikit-learn estimators:

* :class:`GBRFF2Classifier` — one learned random Fourier feature per
  iteration (the paper's GBRFF2);
* :class:`GBRFF2PlusClassifier` — GBRFF2+, GBRFF2 with the settings the
  project's cross-validation found best (λ, the ranks, per-feature
  bandwidths): the best model at its defaults;
* :class:`GBRFF1Classifier` — K random features around a learned landmark
  per iteration (GBRFF1);
* :class:`GBRFFLSClassifier` — the 2019 preprint's least-squares version;
* :class:`GBRFF2Regressor`, :class:`GBRFF1Regressor`,
  :class:`GBRFFLSRegressor` — the same learners for a real target
  (``loss="squared_error"`` or ``"huber"``);
* :class:`Expansion` — a fitted binary model in the one form every
  estimator, figure and export reads;
* ``LOSSES`` — the losses by name (``"exponential"``, ``"log_loss"``,
  ``"squared_error"``, ``"huber"``), each with the tasks it serves, its H⁰,
  its link to probabilities (``LOSSES[name].probability(H)``, a
  classification loss's), its residuals and its mean value;
* :func:`quantile_gamma` and :func:`resolve_gamma` — γ from the data;
* :func:`warm_up` — compile (or load) the engine before any timed code.

The comparison methods are in :mod:`gbrff.baselines`, the data in
:mod:`gbrff.datasets`, the papers' experiments in :mod:`gbrff.experiments`.

>>> from gbrff import LOSSES
>>> sorted(LOSSES)
['exponential', 'huber', 'log_loss', 'squared_error']
>>> round(float(LOSSES["exponential"].probability(0.5)), 3)   # σ(2H)
0.731
"""

from ._boosting import LOSSES, Expansion
from ._estimators import GBRFF1Classifier, GBRFF2Classifier, GBRFFLSClassifier
from ._gamma import quantile_gamma, resolve_gamma
from ._gbrff2_plus import GBRFF2PlusClassifier
from ._regressors import GBRFF1Regressor, GBRFF2Regressor, GBRFFLSRegressor

__all__ = ["Expansion", "GBRFF1Classifier", "GBRFF1Regressor", "GBRFF2Classifier",
           "GBRFF2PlusClassifier", "GBRFF2Regressor", "GBRFFLSClassifier", "GBRFFLSRegressor",
           "LOSSES", "quantile_gamma", "resolve_gamma", "warm_up"]
__version__ = "0.1.0"   # the one version source: pyproject.toml reads it (tool.setuptools.dynamic)


def warm_up(threads=False):
    """Compile (or load from the on-disk cache) every engine kernel once.

    It fits two tiny models, so that the first real fit is fast: a page of
    the app, a benchmark or a test calls it before any timed code.

    Parameters
    ----------
    threads : bool, default=False
        Also compile the threaded engine that fits on more than one block of
        samples use on several cores (numba's JIT: about a minute the first
        time on a machine, then loaded from its on-disk cache in about a
        second). Read more in the User Guide (:doc:`/user_guide/engine`).

    Examples
    --------
    >>> import gbrff
    >>> gbrff.warm_up()
    """
    import numpy as np

    from ._engine.blocks import BLOCK

    rng = np.random.default_rng(0)
    n = 2 * BLOCK + 1 if threads else 40
    X = rng.standard_normal((n, 2))
    y = np.where(X[:, 0] * X[:, 1] > 0, 1, -1)
    for est in (GBRFF2Classifier(n_estimators=3, random_state=0, n_jobs=2 if threads else 1),
                GBRFF1Classifier(n_estimators=2, n_components=2, random_state=0,
                                 n_jobs=2 if threads else 1)):
        est.fit(X, y)
        est.predict_proba(X[:40])
        for _ in est.staged_decision_function(X[:3]):
            pass


def _register_onnx(_skl2onnx):
    """skl2onnx's converters of gbrff's estimators (:mod:`gbrff._onnx`)."""
    from ._onnx import register

    register()


# at skl2onnx's import, not now: importing gbrff imports neither onnx nor skl2onnx
from ._optional import when_imported as _when_imported  # noqa: E402

_when_imported("skl2onnx", _register_onnx)
