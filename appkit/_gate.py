"""First paints first: the server runs a few page scripts at a time, pictures before the rest.

Streamlit runs every session's script in a thread of one Python process. When
a class opens the app at the same second, thirty threads share one GIL: each
advances a thirtieth as fast, and the server's event loop, which sends the
results, waits for the GIL behind them (measured: 30 fresh sessions all drew
their first picture after 27 s, together, although one alone draws in 0.3 s).

The gate orders that work instead. A page run through the router
(:func:`appkit.run_router`) holds one of :data:`SLOTS` places while it
runs. Its work up to the main picture (the *paint*) goes first: when the page
calls :func:`painted`, it gives its place back and queues again for the rest
of the page (explanations, the learned kernel, the comparison with LightGBM,
the challenges) behind every session still waiting for its paint. So the
students' pictures arrive one after the other, each after its own work, and
the rest of their pages follows. A single user never waits: the gate is free.

A page that never calls :func:`painted` holds its place for its whole run (a
long computation, such as a first K sweep, leaves the other place to the rest
of the class). Fragment reruns (``st.fragment``) do not go through the router
and do not queue. The gate knows nothing of Streamlit: a page (or a test) marks
its paint; the router enters and leaves.

**One BLAS thread.** A page's many small fits (the random-features page's 75
logistic regressions and ridges on at most 200 features) run on one BLAS
thread (:func:`one_blas_thread`): on a busy 2-core machine OpenBLAS's second
thread only waits for a core. Measured under AppTest with two busy processes
beside it: the page's γ change took 1.4-5.2 s with two BLAS threads (L-BFGS-B's
setulb 3.7 s of a 5.7 s run), 0.8-1.0 s with one. The limit is process-wide
(BLAS knows no Python threads): the first computation in sets it, the last one
out restores it, so two sessions' fits overlap safely.
"""

import os
import threading
from contextlib import contextmanager
from contextvars import ContextVar

__all__ = ["SLOTS", "Gate", "GATE", "painted", "one_blas_thread"]

#: Page scripts running at once: two (one per core of a small server), or ``GBRFF_APP_SLOTS``.
SLOTS = max(1, int(os.environ.get("GBRFF_APP_SLOTS", "2")))


class Gate:
    """At most ``slots`` holders at once; a holder entering with ``first=True`` (a page before its
    paint) goes before every waiter with ``first=False`` (a page after it)."""

    def __init__(self, slots=SLOTS):
        self._cond = threading.Condition()
        self._free = int(slots)
        self._first_waiting = 0

    def enter(self, first=True):
        with self._cond:
            if first:
                self._first_waiting += 1
            try:
                while self._free == 0 or (not first and self._first_waiting > 0):
                    self._cond.wait()
            finally:
                if first:
                    self._first_waiting -= 1
            self._free -= 1
            if first:  # a later paint may still be queued behind this one: the others re-check
                self._cond.notify_all()

    def leave(self):
        with self._cond:
            self._free += 1
            self._cond.notify_all()


#: The server's gate (one per process: Streamlit runs all sessions in one).
GATE = Gate()
#: This script run's place in the gate: a dict ``{"phase": "paint" | "rest" | None}`` set by the router.
_HELD = ContextVar("gbrff_gate_held", default=None)


def hold():
    """Enter the gate for a page's paint; returns what :func:`release` needs (the router's side)."""
    GATE.enter(first=True)
    return _HELD.set({"phase": "paint"})


def release(token):
    """Leave the gate at the end of a page run, whatever happened in it."""
    held = _HELD.get()
    if held is not None and held["phase"] is not None:
        held["phase"] = None
        GATE.leave()
    _HELD.reset(token)


def painted():
    """The page has sent its main picture: let the other sessions' pictures go first, then
    continue. Does nothing when the page does not hold the gate (a page run alone, a fragment)."""
    held = _HELD.get()
    if held is None or held["phase"] != "paint":
        return
    held["phase"] = None
    GATE.leave()
    GATE.enter(first=False)
    held["phase"] = "rest"


_BLAS = {"inside": 0, "limit": None, "controller": None}
_BLAS_LOCK = threading.Lock()


@contextmanager
def one_blas_thread():
    """BLAS on one thread while any page script is inside (see the module's docstring)."""
    with _BLAS_LOCK:
        if _BLAS["inside"] == 0:
            try:
                if _BLAS["controller"] is None:  # scans the loaded libraries once (~10 ms)
                    from threadpoolctl import ThreadpoolController

                    _BLAS["controller"] = ThreadpoolController()
                _BLAS["limit"] = _BLAS["controller"].limit(limits=1, user_api="blas")
            except Exception:  # noqa: BLE001 - threadpoolctl is scikit-learn's; a page never fails on it
                _BLAS["limit"] = None
        _BLAS["inside"] += 1
    try:
        yield
    finally:
        with _BLAS_LOCK:
            _BLAS["inside"] -= 1
            if _BLAS["inside"] == 0 and _BLAS["limit"] is not None:
                _BLAS["limit"].restore_original_limits()
                _BLAS["limit"] = None
