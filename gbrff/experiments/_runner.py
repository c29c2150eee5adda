"""Drive the units of many :class:`Group` objects through an executor into a store."""

from __future__ import annotations

import functools
import json
import os
import platform
import socket
import subprocess
import time
from pathlib import Path

from ._execution import THREAD_VARS, ProgressBar, drive, make_executor
from ._protocol import REFIT, run_unit

__all__ = ["run_groups", "RunLog"]


def run_groups(groups, store, ctx, executor=None, desc="", progress=True,
               on_record=None):
    """Run every missing unit of ``groups``; each result goes to ``store`` at once.

    A group's refit(s) are submitted as soon as its cross-validation is
    complete.  Units already in the store are skipped, so a killed run started
    again only computes what is missing.

    Returns
    -------
    stats : dict
        ``computed`` units, ``already_complete`` groups, ``seconds`` and
        ``errors`` (list of (unit, traceback)).
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


class RunLog:
    """Appends one entry per invocation (wall time, cores, backend) to ``meta.json``."""

    def __init__(self, outdir, command, options):
        self.path = Path(outdir) / "meta.json"
        self.entry = {
            "command": command, "options": options,
            "started": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            "host": socket.gethostname(), "cpu_count": os.cpu_count(),
            "platform": platform.platform(), "python": platform.python_version(),
            "git_commit": _git_commit(),
            "thread_env": {v: os.environ.get(v) for v in THREAD_VARS},
        }
        self._t0 = time.perf_counter()

    def finish(self, **info):
        self.entry["wall_seconds"] = round(time.perf_counter() - self._t0, 3)
        self.entry.update(info)
        meta = {"runs": []}
        if self.path.exists():
            try:
                meta = json.loads(self.path.read_text(encoding="utf-8"))
            except ValueError:
                pass
        meta.setdefault("runs", []).append(self.entry)
        meta["total_wall_seconds"] = round(sum(r.get("wall_seconds", 0)
                                               for r in meta["runs"]), 3)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.path.write_text(json.dumps(meta, indent=1, default=str, ensure_ascii=False) + "\n",
                             encoding="utf-8")
