"""One BLAS thread for small products, without rescanning the process's libraries.

``threadpoolctl.threadpool_limits`` finds the BLAS libraries anew at each call
by walking every shared library the process has loaded: ~10 ms in an
experiment worker that has loaded scikit-learn, SciPy, LightGBM and XGBoost,
more than a PBRFF fit on a small task. One ``ThreadpoolController``, made at
the first call (when NumPy's and SciPy's BLAS are loaded), serves them all.
"""

from threadpoolctl import ThreadpoolController

__all__ = ["one_blas_thread"]

_CONTROLLER = []


def one_blas_thread():
    """A context in which the BLAS libraries run on one thread."""
    if not _CONTROLLER:
        _CONTROLLER.append(ThreadpoolController())
    return _CONTROLLER[0].limit(limits=1, user_api="blas")
