"""Drive the units of many :class:`Group` objects through an executor into a store;
log each run in its folder's ``meta.json`` (:class:`RunLog`)."""

from __future__ import annotations

import functools
import json
import os
import platform
import socket
import subprocess
import sys
import time
import uuid
from pathlib import Path

from ._execution import THREAD_VARS, ProgressBar, drive, make_executor
from ._protocol import REFIT, run_unit

__all__ = ["run_groups", "RunLog"]


def run_groups(groups, store, ctx, executor=None, desc="", progress=True,
               on_record=None):
    """Run every missing unit of ``groups``; each result goes to ``store`` at once.

    A group's refit(s) are submitted as soon as its cross-validation is
    complete. Units already in the store are skipped, so a killed run started
    again only computes what is missing.

    Parameters
    ----------
    groups : list of Group
        The plan.
    store : ResultStore
        Where each record goes, and where finished units are found.
    ctx : Context
        Where the workers find the methods and the data.
    executor : executor or None, default=None
        From :func:`make_executor`; None runs every unit inline.
    desc : str, default=""
        The progress bar's label.
    progress : bool, default=True
        Show a progress bar on stderr.
    on_record : callable or None, default=None
        Called with each record once it is stored.

    Returns
    -------
    stats : dict
        ``computed`` units, ``already_complete`` groups, ``seconds`` and
        ``errors`` (list of (unit, traceback)).

    Notes
    -----
    Read more in the User Guide (:doc:`/user_guide/experiments`).

    Examples
    --------
    Two values of γ cross-validated on 60 points of the moons, then the refit;
    a second run finds everything stored:

    >>> import tempfile, pathlib
    >>> from gbrff.experiments import Context, Group, ResultStore, grid_points, run_groups
    >>> g = Group("demo", ("toy", "moons", 60, 60), split=0, seed=0, method="GBRFF2",
    ...           points=grid_points({"gamma": [0.5, 1.0]}), n_iter=10)
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with ResultStore(pathlib.Path(folder) / "results.jsonl") as store:
    ...         first = run_groups([g], store, Context(), progress=False)
    ...         again = run_groups([g], store, Context(), progress=False)
    >>> first["computed"], first["errors"], again["computed"], again["already_complete"]
    (11, [], 0, 1)
    """
    executor = executor or make_executor()
    owner = {}
    waiting = {}
    initial = []
    complete = 0
    total = 0
    for gi, g in enumerate(groups):
        refits = g.refit_units(store)
        if refits is None:
            missing = [u for u in g.cv_units() if u.key not in store]
            for u in missing:
                owner[u.key] = gi
            waiting[gi] = len(missing)
            initial.extend(missing)
            initial_refits = 1
        else:
            missing = [u for u in refits if u.key not in store]
            for u in missing:
                owner[u.key] = gi
            initial.extend(missing)
            initial_refits = 0
            if not missing:
                complete += 1
        waiting.setdefault(gi, 0)
        total += len(missing) + initial_refits
    bar = ProgressBar(total, desc=desc) if progress and total else None
    computed = [0]

    def on_result(unit, record):
        gi = owner[unit.key]
        if unit.fold == REFIT:
            g = groups[gi]
            best = g.best_indices(store)
            record["chosen_stages"] = ([s for s, i in zip(g.stages, best)
                                        if g.points[i] == dict(unit.params)]
                                       if g.stages else None)
            record["grid_size"] = len(g.points)
        store.add(record)
        computed[0] += 1
        if on_record is not None:
            on_record(record)
        if unit.fold == REFIT:
            return []
        waiting[gi] -= 1
        if waiting[gi]:
            return []
        follow = [u for u in groups[gi].refit_units(store) if u.key not in store]
        for u in follow:
            owner[u.key] = gi
        if bar is not None:
            bar.total += len(follow) - 1
        return follow

    fn = functools.partial(run_unit, ctx)
    t0 = time.perf_counter()
    errors = drive(initial, fn, on_result, executor, progress=bar)
    return {"computed": computed[0], "already_complete": complete,
            "errors": errors, "seconds": time.perf_counter() - t0}


def _git_commit():
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, timeout=10, cwd=Path(__file__).parent).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return ""


def _cpu_model():
    try:
        for line in Path("/proc/cpuinfo").read_text(encoding="utf-8", errors="replace").splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor()


def _blas():
    """The CPU and the BLAS kernels of this run: a baseline that calls the BLAS
    (GFC, BMKR, the SVMs, the random-feature models) can change in its last bits,
    and then in its chosen parameters, with the kernels OpenBLAS picks for the
    CPU; ``OPENBLAS_CORETYPE`` set to the recorded architecture reproduces them
    (results/README.md)."""
    try:
        from threadpoolctl import threadpool_info
        libs = [{k: lib.get(k) for k in ("internal_api", "version", "architecture")}
                for lib in threadpool_info() if lib.get("user_api") == "blas"]
    except Exception:  # threadpoolctl is scikit-learn's dependency; never fail a run on it
        libs = []
    return {"cpu": _cpu_model(), "blas": libs, "OPENBLAS_CORETYPE": os.environ.get("OPENBLAS_CORETYPE")}


class RunLog:
    """One entry per invocation (options, host, CPU and BLAS, then wall time,
    cores, backend) in ``meta.json``.

    The entry is written when the run starts, with ``"status": "running"``,
    and completed by :meth:`finish` (``"finished"``, ``"interrupted"`` or
    ``"failed"``): a run stopped part-way, the usual way of running long
    experiments in slices, still says on which machine and BLAS its units were
    computed.

    Only the run that holds the folder's store (:class:`ResultStore`'s lock)
    creates a RunLog, so one run at a time writes ``meta.json``: an entry
    still ``"running"`` when a run starts is one whose process ended without
    saying how (killed outright, out of memory, the machine stopped). It
    becomes ``"killed"``, with the time that was noticed (``"killed_noticed"``).
    The file is replaced whole (written beside it, then renamed), and one that
    cannot be read is kept aside under a new name, never overwritten.
    """

    def __init__(self, outdir, command, options):
        self.path = Path(outdir) / "meta.json"
        self.entry = {
            "command": command, "options": options,
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "host": socket.gethostname(), "cpu_count": os.cpu_count(),
            "platform": platform.platform(), "python": platform.python_version(),
            "git_commit": _git_commit(),
            "thread_env": {v: os.environ.get(v) for v in THREAD_VARS},
            **_blas(),
            "run_id": uuid.uuid4().hex, "status": "running",
        }
        self._t0 = time.perf_counter()
        self._write(first=True)

    def finish(self, status="finished", **info):
        self.entry["status"] = status
        self.entry["wall_seconds"] = round(time.perf_counter() - self._t0, 3)
        self.entry.update(info)
        self._write()

    def _read(self) -> dict:
        """The runs recorded so far; an unreadable file is moved aside."""
        if not self.path.exists():
            return {"runs": []}
        try:
            meta = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(meta, dict) and isinstance(meta.get("runs", []), list):
                return meta
        except (ValueError, UnicodeDecodeError):
            pass
        aside = _free_name(self.path.with_name("meta.unreadable.json"))
        self.path.rename(aside)
        print(f"[run] {self.path} could not be read as a run log; it is kept as {aside.name} "
              "and a new meta.json is started", file=sys.stderr)
        return {"runs": []}

    def _write(self, first=False):
        """Put this run's entry into ``meta.json`` (in its place when already there)."""
        meta = self._read()
        runs = meta.setdefault("runs", [])
        if first:
            for r in runs:
                if isinstance(r, dict) and r.get("status") == "running":
                    r["status"] = "killed"
                    r["killed_noticed"] = self.entry["started"]
        mine = [i for i, r in enumerate(runs)
                if isinstance(r, dict) and r.get("run_id") == self.entry["run_id"]]
        if mine:
            runs[mine[0]] = self.entry
        else:
            runs.append(self.entry)
        meta["total_wall_seconds"] = round(sum(r.get("wall_seconds", 0) for r in runs
                                               if isinstance(r, dict)), 3)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        tmp.write_text(json.dumps(meta, indent=1, default=str, ensure_ascii=False) + "\n",
                       encoding="utf-8")
        os.replace(tmp, self.path)


def _free_name(path: Path) -> Path:
    """``path``, or ``stem.1.suffix``, ``stem.2.suffix``, ... : the first that does not exist."""
    k = 0
    candidate = path
    while candidate.exists():
        k += 1
        candidate = path.with_name(f"{path.stem}.{k}{path.suffix}")
    return candidate
