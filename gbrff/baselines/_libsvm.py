"""libsvm on a precomputed Gram matrix, without scikit-learn's per-call validation.

MKBoost fits 17 SVMs a round and BMKR 10 SVRs an iteration, 200 rounds a
fit: on the 2019 preprint's small tasks (a few hundred rows)
``SVC.fit``/``SVR.fit`` spend several times libsvm's own solve in input
validation. :func:`fit_precomputed` calls the libsvm entry point those
methods call, with the arguments they pass it (the estimators' defaults,
classes encoded 0/1 in sorted order, unit class weights), so the solution is
bit for bit scikit-learn's (``tests/baselines/test_libsvm.py`` compares
them). It falls back on the estimators themselves when the private module
is not where scikit-learn keeps it.
"""

import warnings

import numpy as np
from sklearn.exceptions import ConvergenceWarning
from sklearn.svm import SVC, SVR

try:
    from sklearn.svm import _libsvm
except ImportError:  # pragma: no cover - a scikit-learn that moved it: the estimators serve
    _libsvm = None

__all__ = ["fit_precomputed"]

_SVM_TYPE = {"svc": 0, "svr": 3}  # libsvm's C_SVC and EPSILON_SVR (scikit-learn's LIBSVM_IMPL)
_DEFAULTS = {"svc": SVC(), "svr": SVR()}  # the settings SVC.fit/SVR.fit pass on, read once


def fit_precomputed(kind, gram, y, C, *, sample_weight=None, epsilon=0.1, max_iter=-1,
                    return_n_iter=False):
    """One libsvm solve on the square ``gram``: (dual coefficients, intercept, support indices).

    The decision (SVC) or prediction (SVR) on rows ``K`` of the kernel is
    ``K[:, support] @ dual + intercept``.

    Parameters
    ----------
    kind : {"svc", "svr"}
        ``SVC(kernel="precomputed")`` for labels y ∈ {-1, +1} (the decision is
        positive for +1, as scikit-learn's) or ``SVR(kernel="precomputed",
        epsilon=epsilon)`` for real targets.
    gram : ndarray of shape (n, n)
    y : ndarray of shape (n,)
    C : float
    sample_weight : ndarray of shape (n,) or None
        Per-sample factors of C.
    epsilon : float
        The SVR's tube (ignored by the SVC).
    max_iter : int
        libsvm's iteration cap (-1: none).
    return_n_iter : bool
        Also return libsvm's iteration count (a fourth value): the solve
        stopped at the cap when it equals ``max_iter``.
    """
    if _libsvm is None:
        out = _fit_estimator(kind, gram, y, C, sample_weight, epsilon, max_iter)
        return out if return_n_iter else out[:3]
    weights = np.empty(0) if sample_weight is None else np.ascontiguousarray(sample_weight, dtype=np.float64)
    est = _DEFAULTS[kind]
    if kind == "svc":
        target, class_weight = (np.asarray(y) > 0).astype(np.float64), np.ones(2)
    else:
        target, class_weight = np.ascontiguousarray(y, dtype=np.float64), np.empty(0)
    _libsvm.set_verbosity_wrap(0)  # a global of libsvm's: the estimators set it before each solve
    support, _, _, dual, intercept, _, _, _, n_iter = _libsvm.fit(
        np.ascontiguousarray(gram, dtype=np.float64), target, svm_type=_SVM_TYPE[kind],
        sample_weight=weights, class_weight=class_weight, kernel="precomputed", C=float(C),
        nu=est.nu, probability=False,
        degree=est.degree, shrinking=est.shrinking, tol=est.tol, cache_size=est.cache_size,
        coef0=est.coef0, gamma=0.0, epsilon=float(epsilon), max_iter=int(max_iter), random_seed=0)
    if kind == "svc":  # libsvm's binary decision is positive for the first class (-1): SVC flips both signs
        out = -dual[0], -float(intercept[0]), support
    else:
        out = dual[0].copy(), float(intercept[0]), support
    return out + (int(n_iter[0]),) if return_n_iter else out


def _fit_estimator(kind, gram, y, C, sample_weight, epsilon, max_iter):
    est = (SVC(kernel="precomputed", C=C, max_iter=max_iter) if kind == "svc"
           else SVR(kernel="precomputed", C=C, epsilon=epsilon, max_iter=max_iter))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", ConvergenceWarning)
        est.fit(gram, y, sample_weight=sample_weight)
    return est.dual_coef_[0].copy(), float(est.intercept_[0]), est.support_, int(np.ravel(est.n_iter_)[0])
