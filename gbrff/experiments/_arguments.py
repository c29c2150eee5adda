"""The command line's shared vocabulary: value types, option groups, name matching.

Every experiment's module (:mod:`gbrff.experiments.catalog`) declares its own
subcommand with these pieces, so that an option common to several experiments
(``--out``, ``--n-splits``, ``--registry``, the execution flags) is spelled,
checked and explained in one place.  A mistake of the command line is a
:class:`UserError` (one line, exit code 2).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from .._argtypes import number
from ..datasets import DataNotFoundError, default_data_dir
from ..datasets._uci import HELP as DATA_HELP
from ..datasets._uci import data_dir_source, resolve_data_dir
from ._plans import n_features_of
from ._protocol import _resolve
from ._reports import STORE_NAME
from ._results import TASK_ORDER

__all__ = ["UserError", "DEFAULT_ROOT", "COMMITTED_ROOT", "DOWNLOAD", "names", "join", "folder",
           "int_list", "ints", "match", "uci_tasks", "get_method", "registry_methods",
           "add_common", "add_out", "add_execution", "add_debug", "run_data_dir",
           "data_dir_text", "n_features"]

DEFAULT_ROOT = Path("gbrff-results")  # relative to the working directory; git-ignored
COMMITTED_ROOT = Path("results")
DOWNLOAD = "python -m gbrff.datasets download"


class UserError(Exception):
    """A mistake of the command line or of its environment: one line, no traceback.

    ``code`` is the exit code: 2 for the command line, 1 for the rest.
    """

    def __init__(self, message, code=1):
        super().__init__(message)
        self.code = code


# ---------------------------------------------------------------- values of flags

def names(text):
    """``'a, b,,c'`` -> ``['a', 'b', 'c']``."""
    return [t.strip() for t in text.split(",") if t.strip()]


def join(values):
    return ",".join(map(str, values))


def folder(text):
    """An argparse type: a folder's path, never empty (Path("") would be the working directory)."""
    if not text.strip():
        raise argparse.ArgumentTypeError(f"expected a folder, got {text!r}")
    return Path(text)


def _n_jobs(text):
    try:
        value = int(text)
    except ValueError:
        value = 0
    if value == 0:
        raise argparse.ArgumentTypeError(
            f"expected a number of processes (1, 2, ..., or -1 for every core), got {text!r}")
    return value


def int_list(low=1, why=""):
    """An argparse type: '1-50' or '1,2,5,10' or '1-10,20,50' -> sorted ints >= ``low``
    (``why``: the reason for the bound, said in the error)."""
    examples = "'1-50' or '1,2,5,10'" if low <= 1 else f"'{low}-{5 * low}' or '{low},{10 * low}'"

    def parse(text):
        out = set()
        try:
            for part in names(text):
                a, _, b = part.partition("-")
                out.update(range(int(a), int(b) + 1) if b else [int(a)])
        except ValueError:
            out = set()
        if not out or min(out) < low:
            raise argparse.ArgumentTypeError(
                f"expected integers >= {low} such as {examples}{why}, got {text!r}")
        return sorted(out)

    return parse


ints = int_list(1)


def match(kind, given, valid, also=""):
    """``given`` names as spelled in ``valid``, matched case-insensitively (duplicates dropped)."""
    lower = {v.lower(): v for v in valid}
    unknown = [n for n in given if n.lower() not in lower]
    if unknown or not given:
        plural = "s" if len(unknown) > 1 else ""
        what = (f"unknown {kind}{plural} {', '.join(map(repr, unknown))}" if unknown
                else f"no {kind} given")
        raise UserError(f"{what}; valid: {', '.join(valid)}{also}", code=2)
    return list(dict.fromkeys(lower[n.lower()] for n in given))


def uci_tasks(text):
    """Table 1's tasks of ``text``: names, or 'all' / 'paper' (16) or '15'."""
    keyword = text.strip().lower()
    if keyword in ("all", "paper"):
        return list(TASK_ORDER)
    if keyword == "15":
        return list(TASK_ORDER[:15])
    return match("task", names(text), TASK_ORDER, also=" (or all, 15, paper)")


def get_method(registry):
    """The ``get_method`` of ``--registry`` (an import path), or a command-line error."""
    try:
        return _resolve(registry)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UserError(f"cannot import the method registry {registry!r}: {exc}",
                        code=2) from None


def registry_methods(text, registry):
    """The methods of ``text`` as the registry spells them (its ``METHODS`` when it has
    one, else whatever its ``get_method`` accepts)."""
    get = get_method(registry)
    known = getattr(sys.modules.get(getattr(get, "__module__", "")), "METHODS", None)
    if known:
        return match("method", names(text), tuple(known))
    given = list(dict.fromkeys(names(text)))
    if not given:
        raise UserError("no method given", code=2)
    for name in given:
        try:
            get(name)
        except Exception:  # noqa: BLE001 - whatever it raises, the name is not there
            raise UserError(f"unknown method {name!r} in the registry {registry}",
                            code=2) from None
    return given


# ---------------------------------------------------------------- option groups

def add_common(p, experiment, n_splits=20, splits_help="train/test splits per task"):
    """The options of an experiment of train/test splits and grid searches."""
    g = p.add_argument_group("run")
    add_out(g, experiment)
    g.add_argument("--n-splits", type=number(int, 1), default=n_splits,
                   help=f"number of {splits_help} (default: {n_splits})")
    g.add_argument("--first-split", type=number(int, 0), default=0,
                   help="index of the first split, to run splits in slices (default: 0)")
    g.add_argument("--seed", type=number(int, 0), default=0,
                   help="base seed: split s uses seed + s for the split and the models "
                        "(default: 0)")
    g.add_argument("--grid-values", type=number(int, 0), default=0,
                   help="keep at most this many values of each parameter of the paper's "
                        "grid, evenly spaced with both ends (quick runs and tests; "
                        "default 0 = the paper's full grid)")
    g.add_argument("--data-dir", default=None,
                   help="folder of the UCI files (default: $GBRFF_DATA_DIR, else the cache)")
    g.add_argument("--registry", default="gbrff.methods:get_method",
                   help="import path of get_method(name) -> MethodSpec "
                        "(default: gbrff.methods:get_method)")
    add_execution(p)


def add_out(g, experiment):
    g.add_argument("--out", type=folder, default=None,
                   help=f"output folder; its {STORE_NAME} makes runs resumable. A folder of "
                        "results of another configuration (experiment, --seed, --n-iter) is "
                        f"refused (default: {DEFAULT_ROOT / experiment}; to add to the "
                        f"committed results: --out {COMMITTED_ROOT / experiment})")


def add_execution(p):
    g = p.add_argument_group("execution")
    g.add_argument("--n-jobs", type=_n_jobs, default=1,
                   help="local worker processes (joblib/loky); 1 runs in this process, "
                        "-1 uses every core (default: 1)")
    g.add_argument("--backend", choices=("loky", "dask"), default="loky",
                   help="loky: local processes through joblib; dask: an existing "
                        "Dask distributed cluster (needs --scheduler) (default: loky)")
    g.add_argument("--scheduler", default=None,
                   help="Dask scheduler address, e.g. tcp://10.0.0.1:8786")
    g.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    g.add_argument("--no-report", action="store_true",
                   help="only compute; write the reports later with the 'report' command")
    add_debug(p)


def add_debug(p):
    p.add_argument("--debug", action="store_true",
                   help="on an error, show its traceback above its one line (same exit code)")


# ---------------------------------------------------------------- data

def run_data_dir(args):
    """The run's data folder as the loader resolves it (:func:`resolve_data_dir`:
    --data-dir, else GBRFF_DATA_DIR, an empty value counting as unset, a file
    refused), made absolute for the workers; None for the loader's own default."""
    path = resolve_data_dir(getattr(args, "data_dir", None))
    return None if path == default_data_dir() else str(path.resolve())


def data_dir_text(args):
    """The run's data folder and where it comes from, in the loader's own resolution."""
    given = getattr(args, "data_dir", None)
    source = {"given": "--data-dir", "GBRFF_DATA_DIR": "GBRFF_DATA_DIR",
              "default": "the cache; GBRFF_DATA_DIR is not set"}[data_dir_source(given)]
    return f"{resolve_data_dir(given)} ({source})"


def n_features(args, ctx, tasks):
    """Number of features of each task, read from its data before anything is written."""
    found, missing = {}, []
    for task in tasks:
        try:
            found[task] = n_features_of(ctx, task)
        except DataNotFoundError as exc:
            missing.append((task, exc))
    if len(missing) == 1:
        raise UserError(str(missing[0][1]))
    if missing:
        names_ = [t for t, _ in missing]
        which = "" if len(names_) == len(TASK_ORDER) else " " + " ".join(names_)
        raise UserError(
            f"the UCI files of {len(names_)} tasks ({', '.join(names_)}) are missing or corrupt "
            f"in {data_dir_text(args)}. Get them with `{DOWNLOAD}{which}`, or point "
            f"GBRFF_DATA_DIR (or --data-dir) at a folder that holds them ({DATA_HELP}).")
    return found
