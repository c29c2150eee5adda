"""The random Fourier features of Fourier kernel learning, compiled: arrays in, arrays out.

One kernel (``cache=True``, under the engine's one cache stamp), single-threaded,
drawing no randomness: the cosines ψ = s ⊙ cos(Z + φ) of the projections
Z = X Γ on the D frequencies γ_i = σ ⊙ h(ω_i) and, for the gradient in the
scales σ, their sines (Băzăvan, Li, Sminchisescu, ECCV 2012). Its caller is the
learnable map of :mod:`gbrff._kernel_learning`;
``tests/baselines/test_fkl.py`` checks it against numpy.
"""

import math

from numba import njit

from ._elementary import fcos, fsincos

__all__ = ["fourier_cos_sin"]


@njit(cache=True)
def fourier_cos_sin(Z, phase, scale, S, fast=False):
    """The random Fourier features and their sines from the projections, in place.

    ``Z[i, k] <- scale[k] cos(Z[i, k] + phase[k])`` and, when ``S`` has the
    shape of ``Z`` (pass a (0, 0) array for none),
    ``S[i, k] <- scale[k] sin(Z[i, k] + phase[k])`` (the sines give the
    features' derivatives in the frequencies' scales σ, Eq. 11 of Băzăvan et
    al. 2012). ``fast`` uses gbrff's vectorisable sin/cos (one reduction for
    both), valid when every |Z[i, k] + phase[k]| < :data:`._elementary.FAST_TRIG_LIMIT`.
    """
    n, m = Z.shape
    with_sin = S.shape[0] == n and S.shape[1] == m
    for i in range(n):
        if with_sin:
            if fast:
                for k in range(m):
                    s_, c_ = fsincos(Z[i, k] + phase[k])
                    Z[i, k] = scale[k] * c_
                    S[i, k] = scale[k] * s_
            else:
                for k in range(m):
                    z = Z[i, k] + phase[k]
                    Z[i, k] = scale[k] * math.cos(z)
                    S[i, k] = scale[k] * math.sin(z)
        else:
            if fast:
                for k in range(m):
                    Z[i, k] = scale[k] * fcos(Z[i, k] + phase[k])
            else:
                for k in range(m):
                    Z[i, k] = scale[k] * math.cos(Z[i, k] + phase[k])
