"""``python -m gbrff.experiments SUBCOMMAND``: the paper's experiments, resumable.

Each run appends every finished fit to ``OUT/store.jsonl``; run the same
command again after an interruption and only the missing fits are computed.
``OUT`` is ``gbrff-results/EXPERIMENT`` in the working directory unless
``--out`` names another folder: the committed ``results/`` are written only
when ``--out`` names them, and then only added to.

A mistake of the command line (a bad value, an unknown task or method, a
method or backend whose package is not installed) ends with one line
``gbrff: error: ...`` and exit code 2, before any data file is read, any
folder is looked at or any scheduler is contacted (:func:`_checked`); missing
data, or an output folder that holds other results, end the same way with
exit code 1, before anything is written.  ``--debug`` shows the traceback
above that line (the exit code stays).  SIGTERM stops a run as Ctrl-C does
(exit 143, 130).

Every subcommand but ``report`` is an experiment of
:data:`~gbrff.experiments.catalog.EXPERIMENTS`, and this module only loops
over that tuple: each experiment adds its subcommand, checks its arguments,
plans its fits, computes them and writes its report; the run's lifecycle
(:func:`_run`: store, run log, interrupt, resume, report) is the same for all.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import traceback
from pathlib import Path

from .._argtypes import OneLineParser
from .._argtypes import number as _number
from .._optional import require
from ..datasets import DataNotFoundError
from ._arguments import (COMMITTED_ROOT, DEFAULT_ROOT, UserError, add_debug, folder, get_method)
from ._execution import make_executor
from . import catalog
from ._folders import FolderError, check_folder, check_report, write_report
from ._reports import REFITS_NAME, STORE_NAME, ReportError
from ._runner import RunLog
from ._store import ResultStore, StoreLockedError

__all__ = ["main", "build_parser", "UserError", "DEFAULT_ROOT"]


class Terminated(KeyboardInterrupt):
    """SIGTERM (``kill``, ``timeout``), raised in the driver where it is waiting, so
    that a run ends as on Ctrl-C: its log says "terminated", its store is closed."""


def _raise_terminated(signum, frame):
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # a second SIGTERM ends the process at once
    raise Terminated()


@contextlib.contextmanager
def _sigterm_as_interrupt():
    """SIGTERM handled as Ctrl-C for the block (in the main thread; elsewhere no change)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGTERM, _raise_terminated)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def _stopped(exc):
    """(status for meta.json, exit code) of a run stopped by Ctrl-C or SIGTERM."""
    if isinstance(exc, Terminated):
        return "terminated", 128 + signal.SIGTERM
    return "interrupted", 128 + signal.SIGINT


# ---------------------------------------------------------------- the parser

def build_parser():
    p = OneLineParser(
        prog="python -m gbrff.experiments",
        formatter_class=argparse.RawDescriptionHelpFormatter,
        description="""\
Reproduce section 4 of Gautheron et al. (ECML-PKDD 2020): Table 2 and
Figures 2-5. Protocol (section 4.1): per task and split, a stratified 70/30
split, StandardScaler fit on the training part, 5-fold stratified CV grid
search on the paper's grid, refit on the whole training part, test accuracy.
Every finished fit is stored at once; rerun the same command to resume.""",
        epilog=f"""\
where results go:
  A run writes to {DEFAULT_ROOT}/EXPERIMENT in the working directory unless
  --out names another folder. The committed results in {COMMITTED_ROOT}/ change only
  with --out {COMMITTED_ROOT}/EXPERIMENT, and then only by addition. A folder that
  holds results of another configuration (experiment, --seed, --n-iter,
  --n-test) is refused. 'report' rebuilds the reports of {DEFAULT_ROOT}/;
  'report all --results {COMMITTED_ROOT}' those of the committed results, the same
  bytes when nothing changed.

errors:
  One line 'gbrff: error: ...', exit code 2 for the command line (a bad
  value, an unknown task or method, a package that is not installed), checked
  before any data is read; 1 for missing data or an output folder of other
  results, before anything is written. --debug adds the traceback.""")
    sub = p.add_subparsers(dest="command", required=True, metavar="SUBCOMMAND")
    for exp in catalog.EXPERIMENTS:   # (read at each call: a test may add one)
        if exp.runs_under is None:   # (a second protocol runs under its subcommand's --protocol)
            exp.add_parser(sub)

    r = sub.add_parser("report", help="rebuild the reports of an experiment from its store",
                       description="Rewrite the CSV/Markdown/HTML reports from OUT/store.jsonl "
                                   "and OUT/refits.jsonl; no fitting. Unchanged results give "
                                   "the same files, byte for byte.")
    r.add_argument("experiment", choices=tuple(e.name for e in catalog.EXPERIMENTS) + ("all",))
    r.add_argument("--out", type=folder, default=None,
                   help="experiment folder (default: RESULTS/EXPERIMENT)")
    r.add_argument("--n-iter", type=_number(int, 1), default=None,
                   help="table2: report the runs with this many iterations (default: the "
                        "folder's, which holds one configuration)")
    r.add_argument("--results", type=folder, default=DEFAULT_ROOT,
                   help=f"results root for 'all' and the default --out (default: "
                        f"{DEFAULT_ROOT}, where runs write; the committed results: "
                        f"--results {COMMITTED_ROOT})")
    add_debug(r)
    return p


def _experiment_of(args):
    """The experiment of the subcommand, or the one its ``--protocol`` picks."""
    owner = catalog.by_name(args.command)
    protocol = getattr(args, "protocol", None)
    for exp in catalog.EXPERIMENTS:
        if exp.runs_under is owner and exp.protocol == protocol:
            return exp
    return owner


# ---------------------------------------------------------------- the command line, checked

def _checked(args, exp):
    """Every check of the command line, first (a :class:`UserError` with exit code 2): the
    names of ``args`` resolved by the experiment ``exp``, ``{"tasks": [...], "methods": [...], ...}``.

    It reads no data file, looks at no folder and contacts no scheduler, so that a mistake
    of the command line is reported as one whatever the data, the folders and the network
    hold; :func:`_run` and :func:`_report` check those afterwards (exit code 1) and write
    nothing before all of it is checked.
    """
    if exp is None:
        _check_report_args(args)
        return {}
    if getattr(args, "backend", None) == "dask":
        if not args.scheduler:
            raise UserError("--backend dask needs --scheduler ADDRESS "
                            "(e.g. tcp://127.0.0.1:8786)", code=2)
        try:
            require("--backend dask", "dask", "distributed")
        except ModuleNotFoundError as exc:
            raise UserError(str(exc), code=2) from None
    chosen = exp.check(args)
    if getattr(args, "registry", None) is not None:
        _installed(chosen.get("methods", ()), args.registry)
    return chosen


def _installed(methods, registry):
    """Refuse (exit code 2) a method whose package is not installed, such as XGB without
    ``gbrff[xgboost]``: each method's estimator is made once, unfitted, as the run would."""
    get = get_method(registry)
    for name in methods:
        try:
            get(name).make(1, 0)
        except ImportError as exc:   # the message names the extra that installs it
            raise UserError(str(exc), code=2) from None
        except Exception:  # noqa: BLE001 - another registry's contract: its run says what fails
            pass


def _check_report_args(args):
    n_iter_experiments = [e.name for e in catalog.EXPERIMENTS if "n_iter" in e.shared]
    if args.n_iter is not None:
        if args.experiment == "all":
            raise UserError("--n-iter picks the runs of one experiment: give its name, "
                            "not 'all'", code=2)
        if args.experiment not in n_iter_experiments:
            raise UserError(f"--n-iter does not apply to {args.experiment} (only to "
                            f"{', '.join(n_iter_experiments)})", code=2)


# ---------------------------------------------------------------- running

def _options(args):
    return {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}


def _report(args):
    """Rewrite the reports of one experiment's folder (or of every one under --results).

    Each folder is checked first as a run with the same settings would be
    (:func:`check_report`): a folder of another experiment, of another
    ``--n-iter`` or of several configurations is refused before anything is
    written; a folder without a finished result keeps its reports as they are.
    """
    names = [e.name for e in catalog.EXPERIMENTS] if args.experiment == "all" else [args.experiment]
    todo = []
    for name in names:
        out = args.out if (args.out and len(names) == 1) else args.results / name
        if not ((out / STORE_NAME).exists() or (out / REFITS_NAME).exists()):
            print(f"[report] {name}: nothing stored in {out}", file=sys.stderr)
            continue
        check_report(out, name, n_iter=args.n_iter)
        todo.append((name, out))
    written = 0
    for name, out in todo:
        if write_report(name, out, **catalog.by_name(name).report_settings(args, after_run=False)):
            print(f"[report] {name}: reports written to {out}", file=sys.stderr)
            written += 1
        else:
            print(f"[report] {name}: no finished result in {out} (no refit stored); "
                  "its reports are left as they were", file=sys.stderr)
    where = args.out if (args.out and len(names) == 1) else args.results
    if todo and not written:
        raise UserError(f"no finished result to report in {where} (no refit stored yet); "
                        "nothing was written")
    if not written:
        raise UserError(f"no results in {where}: runs write to {DEFAULT_ROOT}/EXPERIMENT "
                        f"unless --out says otherwise; the committed results: "
                        f"report {args.experiment} --results {COMMITTED_ROOT}")
    return 0


def _os_text(exc: OSError) -> str:
    """An OSError in words: what happened to which file."""
    if exc.strerror and exc.filename:
        return f"{exc.strerror}: {exc.filename}"
    return str(exc)


def _open_store(out):
    """The folder's store, opened for writing (and locked); a folder that cannot be
    created or written is a :class:`UserError`."""
    try:
        return ResultStore(Path(out) / STORE_NAME)
    except OSError as exc:
        raise UserError(f"cannot write to the output folder {out} ({_os_text(exc)}); "
                        "give --out a folder you can write to") from None


def _store_and_log(out, command, options):
    """The folder's store, opened and locked (one run writes here from now on), then
    the run log, which only the lock's holder writes; the store is closed again if
    the log cannot be started."""
    store = _open_store(out)
    try:
        return store, RunLog(out, command, options)
    except BaseException:
        store.close()
        raise


def _reports_or_say(exp, args, records, **settings):
    """Write the reports after a run; a failure to write them says where the results
    are and how to write the reports later."""
    try:
        written = write_report(exp.name, args.out, records=records, **settings)
    except OSError as exc:
        raise UserError(f"the results are stored in {args.out / STORE_NAME}, but the reports "
                        f"could not be written ({_os_text(exc)}); once that is fixed: "
                        f"python -m gbrff.experiments report {args.command} --out {args.out}"
                        ) from None
    if not written:
        print(f"[{args.command}] no finished result to report yet; the reports in "
              f"{args.out} are left as they were", file=sys.stderr)


def _executor(args):
    """The run's executor: local processes, or a client of the Dask scheduler (contacted
    here, after every other check)."""
    try:
        return make_executor(args.backend, args.n_jobs, args.scheduler)
    except ImportError as exc:
        raise UserError(f"--backend {args.backend} needs a package that is not installed: "
                        f"{exc}", code=2) from None
    except OSError as exc:
        raise UserError(f"cannot reach the Dask scheduler at {args.scheduler}: {exc}") from None


def _run(exp, args, chosen):
    """The run of experiment ``exp``, whose command line :func:`_checked` accepted
    (``chosen``): check the output folder, read the data and plan, reach the executor
    (for a parallel experiment); then compute into the store, then report.  Ctrl-C or
    SIGTERM during the computing closes the store and logs the run as stopped: the same
    command resumes it."""
    default_out = args.out is None
    if default_out:
        args.out = DEFAULT_ROOT / exp.name
    check_folder(args.out, exp.run_config(args))
    ctx = exp.context(args)
    plan = exp.plan(args, ctx, chosen)
    if not plan:  # (each experiment says why where its arguments can plan nothing)
        raise UserError(f"the arguments plan no fit of {exp.name}: nothing to run", code=2)
    executor = _executor(args) if exp.parallel else None
    if default_out:
        print(f"[{exp.name}] results go to {args.out} (the default; --out to choose)",
              file=sys.stderr)
    try:
        store, log = _store_and_log(args.out, exp.name, _options(args))
    except BaseException:
        if executor is not None:
            executor.shutdown()
        raise

    def where_run():   # how the units ran, for the run log (nothing for a sequential run)
        if executor is None:
            return {}
        return {"backend": args.backend, "workers": getattr(executor, "slots", 1)}

    n_before = len(store)
    try:
        stats = exp.execute(plan, store, ctx, executor, args)
        records = store.records()
    except KeyboardInterrupt as exc:
        how, code = _stopped(exc)
        log.finish(how, **where_run(), computed_units=len(store) - n_before)
        print(f"\n[{exp.name}] {how}: {len(store)} {exp.unit_word} are stored in "
              f"{args.out / STORE_NAME}; run the same command again to resume",
              file=sys.stderr)
        return code
    except Exception:
        log.finish("failed")
        raise
    finally:
        store.close()
        if executor is not None:
            executor.shutdown()
    n_err = len(stats.pop("errors"))
    failed = {} if executor is None else {"failed_units": n_err}
    log.finish(**where_run(), computed_units=stats["computed"], **failed,
               **{k: v for k, v in stats.items() if k != "computed"})
    if not getattr(args, "no_report", False):
        _reports_or_say(exp, args, records, **exp.report_settings(args, after_run=True))
    failed_text = "" if executor is None else f", {n_err} failed"
    print(f"[{exp.name}] computed {stats['computed']} {exp.unit_word}{failed_text}; "
          f"results in {args.out}", file=sys.stderr)
    return 1 if n_err else 0


def main(argv=None) -> int:
    """The command line; returns the exit code (argparse exits with 2 on a bad flag)."""
    args = build_parser().parse_args(argv)
    exp = None
    if args.command != "report":
        exp = _experiment_of(args)
        args.command = exp.name   # (recorded in the run log: the experiment that ran)
        exp.fill_defaults(args)
    try:
        with _sigterm_as_interrupt():
            chosen = _checked(args, exp)   # the command line first: nothing read, looked at or contacted
            return _report(args) if exp is None else _run(exp, args, chosen)
    except KeyboardInterrupt as exc:   # before or after the computing (during it: the run's own)
        how, code = _stopped(exc)
        print(f"\n[{args.command}] {how}", file=sys.stderr)
        return code
    except (UserError, DataNotFoundError, FolderError, StoreLockedError, ReportError) as exc:
        return _error(args, str(exc), getattr(exc, "code", 1))
    except OSError as exc:   # a file that cannot be read or written (permissions, a full disk)
        return _error(args, _os_text(exc), 1)


def _error(args, message, code):
    """The one line of an error (after its traceback with --debug); returns its exit code."""
    if args.debug:
        traceback.print_exc()
    print(f"gbrff: error: {message}", file=sys.stderr)
    return code
