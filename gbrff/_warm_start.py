"""What a fitted GBRFF estimator keeps to continue its fit (``warm_start=True``).

A continued fit gives the numbers of one longer fit when, at its iteration T,
it sees what that fit saw: each problem's random stream in the state
the first fit left it (its ω are drawn up front from one ``RandomState``, so
the next draws are those of iterations T + 1, ...), the same validation split
(its seed), and the compiled loop's scores H, the one state the loop carries
from an iteration to the next (:class:`gbrff._boosting.Continuation`). The
estimators of :mod:`gbrff._estimators` and :mod:`gbrff._regressors` keep
these per problem (a classifier's binary problem, a regressor's one) in
``_warm_start_state_`` (a :class:`WarmStart`): the random stream's state always
(2.5 kB a problem), the scores (n floats a problem) only when ``warm_start``
is on at the fit, with a digest of the data they belong to; a regressor keeps
its expansion in the standardised target's units besides, where the engine
continues it.
"""

import hashlib
from dataclasses import dataclass, field

import numpy as np

__all__ = ["Problem", "WarmStart", "changed_params", "data_digest", "restored_rng"]


@dataclass
class Problem:
    """One binary problem's stream and scores.

    Attributes
    ----------
    rng_state : tuple
        ``RandomState.get_state()`` after the fit's draws.
    split_seed : int or None
        The seed of the early-stopping split (None without early stopping).
    continuation : gbrff._boosting.Continuation or None
        The engine's scores at the fit's end (None: not kept, ``warm_start``
        was off).
    """
    rng_state: tuple
    split_seed: object = None
    continuation: object = None


@dataclass
class WarmStart:
    """The state of a fit that a warm start continues.

    Attributes
    ----------
    problems : list of Problem
        One per binary problem (one per class, one-vs-rest).
    digest : str or None
        :func:`data_digest` of the data the scores belong to (None: no scores kept).
    params : dict
        The parameters a continuation cannot change (``_WARM_START_FIXED``), as fitted.
    expansions : list of gbrff.Expansion or None
        The expansions in the units the engine fitted them, where the
        estimator's ``expansions_`` are in others (a regressor's: fitted to
        the standardised target, ``expansions_`` in the target's units);
        None: ``expansions_`` are they.
    """
    problems: list
    digest: object = None
    params: dict = field(default_factory=dict)
    expansions: object = None


def data_digest(X, y, rows=1 << 16, positive=None):
    """A digest of X's values, dtype and shape and of the numeric targets y
    (the classifiers' label indices, a regressor's target), the same for the
    same data in any memory order; X is read a block of rows at a time.
    ``positive`` (a boolean mask: the rows of positive weight, from which a
    regressor's validation split draws, so that they say which rows the
    scores are on) is digested too when given."""
    y = np.ascontiguousarray(y)
    h = hashlib.blake2b(digest_size=20)
    h.update(f"{X.dtype.str} {X.shape} {y.dtype.str}".encode())
    for i in range(0, X.shape[0], rows):
        h.update(np.ascontiguousarray(X[i:i + rows]).data)
    h.update(y.data)
    if positive is not None:
        h.update(np.packbits(np.asarray(positive, dtype=bool)).data)
    return h.hexdigest()


def restored_rng(state):
    """A RandomState in ``state`` (``get_state()``'s tuple)."""
    rng = np.random.RandomState()
    rng.set_state(state)
    return rng


def changed_params(before, now):
    """The names whose values differ between the dicts ``before`` and ``now``."""
    def same(a, b):
        try:
            if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):   # categorical_features
                return np.array_equal(a, b)
            return a is b or bool(a == b)
        except (TypeError, ValueError):     # values without a truth of ==
            return False

    return [k for k in now if not same(before.get(k), now[k])]
