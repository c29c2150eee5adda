"""Run units of work locally (joblib's loky processes) or on a Dask cluster.

The driver submits units, takes results back as they finish, and calls
``on_result`` in the driver process, which writes them to the store: workers
never touch the store.  ``on_result`` may return follow-up units (the refit of
a group whose cross-validation is complete), which are run next.
"""

from __future__ import annotations

import concurrent.futures as cf
import sys
import time
import traceback
from collections import deque

__all__ = ["ProgressBar", "make_executor", "drive"]


class ProgressBar:
    """A small progress bar with rate and ETA on stderr.

    On a terminal it redraws one line; otherwise it prints a line at most
    every ``every`` seconds.

    Parameters
    ----------
    total : int
        The number of units to come.
    desc : str, default=""
        The label in front of the bar.
    stream : file-like or None, default=None
        Where it writes; None is ``sys.stderr``.
    every : float, default=30.0
        Seconds between two lines when the stream is not a terminal.
    width : int, default=28
        Characters of the bar.

    Examples
    --------
    >>> import io
    >>> from gbrff.experiments import ProgressBar
    >>> out = io.StringIO()
    >>> bar = ProgressBar(4, desc="fits", stream=out)
    >>> bar.update(4)
    >>> out.getvalue().splitlines()[-1].split(" elapsed")[0]
    'fits [############################] 4/4 100.0%'
    """

    def __init__(self, total, desc="", stream=None, every=30.0, width=28):
        self.total = total
        self.desc = desc
        self.stream = stream or sys.stderr
        self.every = every
        self.width = width
        self.done = 0
        self.t0 = time.perf_counter()
        self._last = -float("inf")
        self._tty = getattr(self.stream, "isatty", lambda: False)()
        self._draw(force=True)

    @staticmethod
    def _fmt(seconds):
        seconds = int(round(seconds))
        h, rem = divmod(seconds, 3600)
        m, s = divmod(rem, 60)
        return f"{h:d}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"

    def update(self, n=1):
        """Count ``n`` more units done, and redraw when it is time.

        Parameters
        ----------
        n : int, default=1
            Units done since the last call.
        """
        self.done += n
        self._draw(force=self.done >= self.total)

    def _draw(self, force=False):
        now = time.perf_counter()
        if not force and now - self._last < (0.2 if self._tty else self.every):
            return
        self._last = now
        elapsed = now - self.t0
        frac = self.done / self.total if self.total else 1.0
        filled = int(self.width * frac)
        bar = "#" * filled + "-" * (self.width - filled)
        if self.done and self.done < self.total:
            eta = self._fmt(elapsed / self.done * (self.total - self.done))
        else:
            eta = "--:--" if self.done < self.total else "00:00"
        line = (f"{self.desc} [{bar}] {self.done}/{self.total} "
                f"{100 * frac:5.1f}% elapsed {self._fmt(elapsed)} ETA {eta}")
        if self._tty:
            self.stream.write("\r" + line)
            if self.done >= self.total:
                self.stream.write("\n")
        else:
            self.stream.write(line + "\n")
        self.stream.flush()

    def close(self):
        """End the terminal's line when the bar stopped short of its total."""
        if self._tty and self.done < self.total:
            self.stream.write("\n")
            self.stream.flush()


class _SerialExecutor:
    """Runs each unit in the driver process when it is submitted (n_jobs=1)."""

    slots = 1

    def submit(self, fn, *args):
        fut = cf.Future()
        try:
            fut.set_result(fn(*args))
        except BaseException as exc:  # noqa: BLE001 - handed back like a pool would
            if isinstance(exc, KeyboardInterrupt):
                raise
            fut.set_exception(exc)
        return fut

    def wait_first(self, futures):
        return [next(iter(futures))]

    def shutdown(self):
        pass


THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS",
               "NUMBA_NUM_THREADS")


class _LokyExecutor:
    """joblib's process pool (loky), reused across calls.

    As ``joblib.Parallel`` does, each worker gets cores / n_jobs threads for
    OpenMP, BLAS and numba (unless those variables are set already), so
    n_jobs processes do not oversubscribe the cores.
    """

    def __init__(self, n_jobs):
        import os

        from joblib.externals.loky import get_reusable_executor

        self.slots = n_jobs
        threads = str(max(1, (os.cpu_count() or 1) // n_jobs))
        env = {v: os.environ.get(v, threads) for v in THREAD_VARS}
        self._ex = get_reusable_executor(max_workers=n_jobs, timeout=60, env=env)

    def submit(self, fn, *args):
        return self._ex.submit(fn, *args)

    def wait_first(self, futures):
        done, _ = cf.wait(futures, return_when=cf.FIRST_COMPLETED)
        return list(done)

    def shutdown(self):
        pass  # reusable: joblib reaps idle workers after the timeout


class _DaskExecutor:
    """A ``distributed.Client`` on an existing scheduler (or a Client object)."""

    def __init__(self, scheduler):
        from .._optional import import_optional

        Client = import_optional("distributed", "--backend dask", "dask").Client

        if isinstance(scheduler, Client):
            self.client, self._own = scheduler, False
        else:
            if not scheduler:
                raise ValueError("--backend dask needs --scheduler ADDRESS "
                                 "(e.g. tcp://127.0.0.1:8786)")
            self.client, self._own = Client(scheduler), True
        self.slots = max(1, sum(self.client.nthreads().values()))

    def submit(self, fn, *args):
        return self.client.submit(fn, *args, pure=False)

    def wait_first(self, futures):
        from distributed import wait

        done, _ = wait(list(futures), return_when="FIRST_COMPLETED")
        return list(done)

    def shutdown(self):
        if self._own:
            self.client.close()


def make_executor(backend="loky", n_jobs=1, scheduler=None):
    """The executor the runner submits units to.

    Parameters
    ----------
    backend : {"loky", "dask"}, default="loky"
        "loky": joblib's local processes ("joblib" and "local" say the same);
        "dask": a Dask cluster.
    n_jobs : int or None, default=1
        Processes of the loky backend; 1 (or None) runs every unit inline, in
        this process; a negative number counts back from the cores (-1: all).
        Each process gets its share of the cores' threads.
    scheduler : str, distributed.Client or None, default=None
        The Dask scheduler's address (e.g. ``tcp://127.0.0.1:8786``) or a
        ``Client``; required by the dask backend.

    Returns
    -------
    executor
        An object with ``submit``, ``wait_first`` and ``shutdown``.

    Raises
    ------
    ValueError
        For another backend, or the dask backend without a scheduler.

    See Also
    --------
    run_groups : Takes the executor.

    Notes
    -----
    Read more in the User Guide (:doc:`/user_guide/experiments`).

    Examples
    --------
    >>> from gbrff.experiments import make_executor
    >>> executor = make_executor("loky", n_jobs=1)   # inline: no process started
    >>> executor.shutdown()
    """
    if backend in ("loky", "joblib", "local"):
        if n_jobs is None or n_jobs == 1:
            return _SerialExecutor()
        if n_jobs < 0:
            import os

            n_jobs = max(1, (os.cpu_count() or 1) + 1 + n_jobs)
        return _LokyExecutor(n_jobs)
    if backend == "dask":
        return _DaskExecutor(scheduler)
    raise ValueError(f"unknown backend {backend!r}; use 'loky' or 'dask'")


def drive(units, fn, on_result, executor, progress=None, in_flight=4):
    """Run ``fn(unit)`` for every unit and follow-up unit.

    Parameters
    ----------
    units : iterable
        Units ready to run now.
    fn : callable
        Picklable function run by the workers; returns a result.
    on_result : callable
        ``on_result(unit, result) -> list of follow-up units``, in the driver.
    executor : object from :func:`make_executor`
    progress : ProgressBar or None
    in_flight : int
        Units in flight per executor slot (keeps memory flat on long runs).

    Returns
    -------
    errors : list of (unit, traceback text)
        Units that raised; they are not stored, so a rerun tries them again.
    """
    pending = deque(units)
    running = {}
    errors = []
    limit = max(1, executor.slots * in_flight)
    try:
        while pending or running:
            while pending and len(running) < limit:
                unit = pending.popleft()
                running[executor.submit(fn, unit)] = unit
            for fut in executor.wait_first(running):
                unit = running.pop(fut)
                try:
                    result = fut.result()
                except Exception as exc:  # noqa: BLE001 - report, keep going
                    text = "".join(traceback.format_exception(exc))
                    errors.append((unit, text))
                    print(f"\n[error] {unit!r}:\n{text}", file=sys.stderr)
                    follow = []
                else:
                    follow = on_result(unit, result) or []
                if progress is not None:
                    progress.update()
                pending.extendleft(reversed(follow))
    finally:
        for fut in running:
            fut.cancel()
        if progress is not None:
            progress.close()
    return errors
