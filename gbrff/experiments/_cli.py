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
from ..datasets import (THESIS_TASKS, TOY_PROBLEMS, UNAVAILABLE_TASKS, DataNotFoundError,
                        default_data_dir, registry)
from ..datasets._uci import HELP as DATA_HELP
from ..datasets._uci import data_dir_source, resolve_data_dir
from ._execution import make_executor
from ._plans import (THESIS_BOOSTING_VALUES, budget_stages, defaults_groups, kbudget_groups, landmark_groups,
                     n_features_of, preprint_groups, table2_groups, thesis_groups, toy_groups)
from ._protocol import N_FOLDS, Context, _resolve
from ._reports import REFITS_NAME, STORE_NAME, ReportError, write_report
from ._results import PAPER_METHODS, PREPRINT_METHODS, PREPRINT_TASK_ORDER, TASK_ORDER
from ._runner import (N_ITER_EXPERIMENTS, FolderError, RunLog, check_folder, check_report,
                      run_config, run_groups)
from ._fkl import FKL_METHODS, SYNTHETIC, check_fkl, prepare_fkl, run_fkl
from ._fkl import MIN_SIZE as FKL_MIN_SIZE
from ._scaling import run_scaling, scaling_sizes
from ._store import ResultStore, StoreLockedError

__all__ = ["main", "build_parser", "UserError", "DEFAULT_ROOT"]

BANK_METHODS = ("GBRFF1", "LGBM", "GBRFF2")  # the paper's bankmarketing row
EXPERIMENTS = ("table2", "table2_2019", "landmarks", "landmarks_2019", "kbudget", "scaling", "toy", "thesis",
               "fkl", "defaults")
DEFAULTS_METHODS = ("GBRFF2+", "GBRFF2", "LGBM")  # the out-of-the-box run (those registered)
THESIS_BOOSTING = ("GBRFF2", "GBRFF1", "LGBM")  # the boosting the thesis left for future work
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


# ---------------------------------------------------------------- values of flags

def _list(text):
    return [t.strip() for t in text.split(",") if t.strip()]


def _join(values):
    return ",".join(map(str, values))


def _folder(text):
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


def _int_list(low=1, why=""):
    """An argparse type: '1-50' or '1,2,5,10' or '1-10,20,50' -> sorted ints >= ``low``
    (``why``: the reason for the bound, said in the error)."""
    examples = "'1-50' or '1,2,5,10'" if low <= 1 else f"'{low}-{5 * low}' or '{low},{10 * low}'"

    def parse(text):
        out = set()
        try:
            for part in _list(text):
                a, _, b = part.partition("-")
                out.update(range(int(a), int(b) + 1) if b else [int(a)])
        except ValueError:
            out = set()
        if not out or min(out) < low:
            raise argparse.ArgumentTypeError(
                f"expected integers >= {low} such as {examples}{why}, got {text!r}")
        return sorted(out)

    return parse


_ints = _int_list(1)


def _match(kind, names, valid, also=""):
    """``names`` as spelled in ``valid``, matched case-insensitively (duplicates dropped)."""
    lower = {v.lower(): v for v in valid}
    unknown = [n for n in names if n.lower() not in lower]
    if unknown or not names:
        plural = "s" if len(unknown) > 1 else ""
        what = (f"unknown {kind}{plural} {', '.join(map(repr, unknown))}" if unknown
                else f"no {kind} given")
        raise UserError(f"{what}; valid: {', '.join(valid)}{also}", code=2)
    return list(dict.fromkeys(lower[n.lower()] for n in names))


def _tasks(text):
    keyword = text.strip().lower()
    if keyword in ("all", "paper"):
        return list(TASK_ORDER)
    if keyword == "15":
        return list(TASK_ORDER[:15])
    return _match("task", _list(text), TASK_ORDER, also=" (or all, 15, paper)")


def _preprint_tasks(text):
    keyword = text.strip().lower()
    if keyword in ("all", "paper", "preprint"):
        return list(PREPRINT_TASK_ORDER)
    return _match("task", _list(text), PREPRINT_TASK_ORDER, also=" (or preprint)")


def _thesis_tasks(text):
    """The thesis's tasks of ``text``; 'thesis' = its five sets held here, 'all' adds the four
    without a copy (skipped with their reason)."""
    keyword = text.strip().lower()
    if keyword == "thesis":
        return list(THESIS_TASKS)
    if keyword == "all":
        return list(THESIS_TASKS + UNAVAILABLE_TASKS)
    return _match("task", _list(text), THESIS_TASKS + UNAVAILABLE_TASKS, also=" (or thesis, all)")


def _thesis_methods(text):
    """Method names or the keywords single, ensembles, boosting, all."""
    from ..methods import THESIS_ENSEMBLES, THESIS_SINGLE

    groups = {"single": tuple(THESIS_SINGLE), "ensembles": tuple(THESIS_ENSEMBLES),
              "boosting": THESIS_BOOSTING}
    groups["all"] = groups["single"] + groups["boosting"] + groups["ensembles"]
    valid = groups["all"] + tuple(m for m in ("XGB",) if m not in groups["all"])
    names = []
    for part in _list(text):
        names += list(groups.get(part.lower(), (part,)))
    return _match("method", names, valid, also=" (or single, boosting, ensembles, all)")


def _get_method(registry):
    """The ``get_method`` of ``--registry`` (an import path), or a command-line error."""
    try:
        return _resolve(registry)
    except (ImportError, AttributeError, ValueError) as exc:
        raise UserError(f"cannot import the method registry {registry!r}: {exc}",
                        code=2) from None


def _methods(text, registry):
    """The methods of ``text`` as the registry spells them (its ``METHODS`` when it has
    one, else whatever its ``get_method`` accepts)."""
    get_method = _get_method(registry)
    known = getattr(sys.modules.get(getattr(get_method, "__module__", "")), "METHODS", None)
    if known:
        return _match("method", _list(text), tuple(known))
    names = list(dict.fromkeys(_list(text)))
    if not names:
        raise UserError("no method given", code=2)
    for name in names:
        try:
            get_method(name)
        except Exception:  # noqa: BLE001 - whatever it raises, the name is not there
            raise UserError(f"unknown method {name!r} in the registry {registry}",
                            code=2) from None
    return names


# ---------------------------------------------------------------- the parser

def _common(p, experiment, n_splits=20, splits_help="train/test splits per task"):
    g = p.add_argument_group("run")
    _out_arg(g, experiment)
    g.add_argument("--n-splits", type=_number(int, 1), default=n_splits,
                   help=f"number of {splits_help} (default: {n_splits})")
    g.add_argument("--first-split", type=_number(int, 0), default=0,
                   help="index of the first split, to run splits in slices (default: 0)")
    g.add_argument("--seed", type=_number(int, 0), default=0,
                   help="base seed: split s uses seed + s for the split and the models "
                        "(default: 0)")
    g.add_argument("--grid-values", type=_number(int, 0), default=0,
                   help="keep at most this many values of each parameter of the paper's "
                        "grid, evenly spaced with both ends (quick runs and tests; "
                        "default 0 = the paper's full grid)")
    g.add_argument("--data-dir", default=None,
                   help="folder of the UCI files (default: $GBRFF_DATA_DIR, else the cache)")
    g.add_argument("--registry", default="gbrff.methods:get_method",
                   help="import path of get_method(name) -> MethodSpec "
                        "(default: gbrff.methods:get_method)")
    _execution_args(p)


def _out_arg(g, experiment):
    g.add_argument("--out", type=_folder, default=None,
                   help=f"output folder; its {STORE_NAME} makes runs resumable. A folder of "
                        "results of another configuration (experiment, --seed, --n-iter) is "
                        f"refused (default: {DEFAULT_ROOT / experiment}; to add to the "
                        f"committed results: --out {COMMITTED_ROOT / experiment})")


def _execution_args(p):
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
    _debug_arg(p)


def _debug_arg(p):
    p.add_argument("--debug", action="store_true",
                   help="on an error, show its traceback above its one line (same exit code)")


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

    t = sub.add_parser("table2", help="Table 2: every method on the UCI tasks (section 4.5)",
                       description="Table 2: mean ± std test accuracy over splits per task "
                                   "and method, average ranks over the first 15 tasks.")
    t.add_argument("--protocol", choices=("2020", "2019"), default="2020",
                   help="2020: the ECML-PKDD paper's (70/30 splits, its grids, results in "
                        "table2/); 2019: the preprint's as a whole (its 14 tasks with glass, "
                        "30/70 splits, its grids, T = 200, its six methods; results in "
                        "table2_2019/) (default: 2020)")
    t.add_argument("--tasks", default="paper",
                   help="comma-separated tasks, 'all' (16), '15' (without bankmarketing) or "
                        "'paper' (15 tasks for every method + bankmarketing for "
                        "GBRFF1, LGBM, GBRFF2 as in the paper); with --protocol 2019, "
                        "'paper' is the preprint's 14; case-insensitive (default: paper)")
    t.add_argument("--methods", default=None,
                   help="comma-separated methods of the registry, case-insensitive "
                        "(default: the six of Table 2 of the protocol's paper)")
    t.add_argument("--n-iter", type=_number(int, 1), default=None,
                   help="iterations / landmarks of every method (default: 100; 200 with "
                        "--protocol 2019)")
    _common(t, "table2")

    lm = sub.add_parser("landmarks", help="Figure 2: accuracy against 1..50 landmarks",
                        description="Figure 2: PBRFF (one fit per number of landmarks) and "
                                    "GBRFF1/GBRFF2 (one fit of max landmarks iterations, "
                                    "scored after each number of iterations).")
    lm.add_argument("--protocol", choices=("2020", "2019"), default="2020",
                    help="2019: the preprint's Figs. 1-2 (its 14 tasks, 30/70 splits, its "
                         "grids; PBRFF, GBRFF-LS, GBRFF-LS-random; landmarks 1,3,5,10,25,200; "
                         "results in landmarks_2019/) (default: 2020)")
    lm.add_argument("--tasks", default=None,
                    help="tasks (default: all 16; the preprint's 14 with --protocol 2019)")
    lm.add_argument("--methods", default=None,
                    help="methods (default: PBRFF,GBRFF1,GBRFF2; PBRFF,GBRFF-LS,"
                         "GBRFF-LS-random with --protocol 2019)")
    lm.add_argument("--landmarks", type=_ints, default=None,
                    help="numbers of landmarks, e.g. '1-50' or '1,2,5,10,20,50' (default: 1-50; "
                         "1,3,5,10,25,200 with --protocol 2019)")
    _common(lm, "landmarks")

    kb = sub.add_parser("kbudget", help="Figure 3: GBRFF1 with K in {1,5,10,20} at equal T×K",
                        description="Figure 3: GBRFF1 with K random features per iteration, "
                                    "scored after T = budget/K iterations for each budget.")
    kb.add_argument("--tasks", default="all", help="tasks (default: all 16)")
    kb.add_argument("--ks", type=_ints, default="1,5,10,20",
                    help="values of K (default: 1,5,10,20)")
    kb.add_argument("--budgets", type=_ints, default="20,50,100,200,500,1000",
                    help="total numbers of random features T×K (default: 20,50,100,200,500,1000)")
    _common(kb, "kbudget")

    sc = sub.add_parser("scaling", help="Figure 4: train+predict time against n",
                        description="Figure 4: make_classification data from 150 samples, x1.5 "
                                    "each step; a method stops growing after a step slower than "
                                    "--time-limit. Fixed parameters of section 4.4.")
    sc.add_argument("--methods", default=",".join(PAPER_METHODS),
                    help="comma-separated methods of the registry (default: %(default)s)")
    sc.add_argument("--time-limit", type=_number(float, 0), default=1000.0,
                    help="seconds after which a method stops growing (default: 1000)")
    sc.add_argument("--start", type=_number(int, 10), default=150,
                    help="first size (default: 150)")
    sc.add_argument("--factor", type=_number(float, 1, strict=True), default=1.5,
                    help="growth factor (default: 1.5)")
    sc.add_argument("--max-samples", type=_number(int, 10), default=2_000_000,
                    help="largest size tried, e.g. 1e7 (default: 2000000)")
    sc.add_argument("--include-max", action="store_true",
                    help="end with --max-samples itself when the x--factor grid stops short "
                         "of it (--max-samples 1e7 --include-max: ..., 8522269, 10000000). "
                         "With --methods GBRFF2,LGBM and a --time-limit above their time at "
                         "that size, only they grow to it")
    sc.add_argument("--n-iter", type=_number(int, 1), default=100,
                    help="iterations (default: 100)")
    _out_arg(sc, "scaling")
    sc.add_argument("--seed", type=_number(int, 0), default=0,
                    help="data and model seed (default: 0)")
    sc.add_argument("--registry", default="gbrff.methods:get_method", help="method registry")
    _execution_args(sc)

    ty = sub.add_parser("toy", help="Figure 5: LGBM vs GBRFF2 on toy problems against n",
                        description="Figure 5: test accuracy against the number of training "
                                    "examples on generated 2-D problems, parameters tuned by CV.")
    ty.add_argument("--problems", default="swiss,circles,board",
                    help=f"toy problems among {', '.join(TOY_PROBLEMS)} "
                         "(default: swiss,circles,board)")
    ty.add_argument("--methods", default="LGBM,GBRFF2",
                    help="comma-separated methods of the registry (default: %(default)s)")
    ty.add_argument("--sizes", type=_int_list(2 * N_FOLDS, f" (the {N_FOLDS}-fold stratified CV "
                                                          f"needs {N_FOLDS} training examples of "
                                                          "each class)"),
                    default="50,100,200,500,1000,2000",
                    help=f"numbers of training examples, at least {2 * N_FOLDS} "
                         "(default: 50,100,200,500,1000,2000)")
    ty.add_argument("--n-test", type=_number(int, 10), default=2000,
                    help="test examples (default: 2000)")
    ty.add_argument("--n-iter", type=_number(int, 1), default=1000,
                    help="iterations, 1000 in the paper (default: 1000)")
    _common(ty, "toy", n_splits=5, splits_help="seeds (data sets) per size")

    th = sub.add_parser(
        "thesis", help="the random-features thesis (Ribes, 2019) and GBRFF on its sets",
        description="Logistic regression, linear and RBF SVMs, a tree and a forest on raw, RFF and "
                    "Nyström features (D = 500, gamma by the quantile rule), their four kinds of "
                    "50-member ensembles, and GBRFF2, GBRFF1 (one-vs-rest) and LightGBM, on the "
                    "thesis's multi-class sets: per split a stratified 70/30 split, StandardScaler "
                    "on the training part, 5-fold CV of the grid, refit, test accuracy.")
    th.add_argument("--tasks", default="thesis",
                    help="comma-separated tasks among " + ", ".join(THESIS_TASKS + UNAVAILABLE_TASKS)
                         + "; 'thesis' (the five held here) or 'all' (the other four are skipped "
                           "with their reason) (default: thesis)")
    th.add_argument("--methods", default="all",
                    help="comma-separated methods or keywords: single (the 15 single models), "
                         "boosting (GBRFF2, GBRFF1, LGBM), ensembles (the 20 ensembles), all "
                         "(default: all)")
    th.add_argument("--n-iter", type=_number(int, 1), default=100,
                    help="iterations of the boosting methods (default: 100)")
    th.add_argument("--boosting-grid-values", type=_number(int, 1), default=THESIS_BOOSTING_VALUES,
                    help="values per parameter kept of the GBRFF paper's grids of GBRFF2, GBRFF1 "
                         f"and LGBM, both ends included (default: {THESIS_BOOSTING_VALUES})")
    _common(th, "thesis")

    fk = sub.add_parser(
        "fkl", help="Fourier kernel learning: RFF-SKL against KRR-GD as N grows (Băzăvan et al. 2012)",
        description="Test accuracy and training time against the number of training examples N of "
                    "RFF-SKL (D random features, σ learned) and KRR-GD (the exact kernel, σ learned), "
                    "lambda = 1, rho = 0, on a fixed test set; a method stops growing after a fit "
                    "slower than --time-limit, KRR-GD also where its kernel matrices do not fit in "
                    "memory. One large size with --n-components 3000 measures the seed's speed claim.")
    fk.add_argument("--task", default="bankmarketing",
                    help="a binary UCI task, or 'synthetic' (make_classification, 20 features) "
                         "(default: bankmarketing)")
    fk.add_argument("--methods", default=",".join(FKL_METHODS),
                    help=f"among {', '.join(FKL_METHODS)} (default: both)")
    fk.add_argument("--sizes", type=_int_list(FKL_MIN_SIZE, " (a stratified sample holds an "
                                                             "example of each class)"),
                    default="1000,2000,4000,8000,16000,32000",
                    help="training set sizes N; with --task synthetic the data set is drawn for "
                         "the largest N + --n-test examples (default: "
                         "1000,2000,4000,8000,16000,32000)")
    fk.add_argument("--n-components", type=_number(int, 1), default=1000,
                    help="D, RFF-SKL's random features (default: 1000)")
    fk.add_argument("--max-iter", type=_number(int, 1), default=50,
                    help="L-BFGS-B iterations on sigma (default: 50)")
    fk.add_argument("--n-test", type=_number(int, 10), default=5000,
                    help="test examples (default: 5000)")
    fk.add_argument("--time-limit", type=_number(float, 0, strict=True), default=600.0,
                    help="seconds after which a method stops growing (default: 600)")
    fk.add_argument("--seed", type=_number(int, 0), default=0,
                    help="seed of the samples and the features (default: 0)")
    fk.add_argument("--out", type=_folder, default=None,
                    help=f"output folder; its {STORE_NAME} makes runs resumable. It holds one "
                         "--task, --seed and --n-test (and with --task synthetic one largest "
                         "of --sizes): a folder of another is refused; --n-components and "
                         "--max-iter add rows (default: gbrff-results/fkl)")
    fk.add_argument("--data-dir", default=None, help="folder of the UCI files")
    _debug_arg(fk)

    from ..methods import METHODS

    df = sub.add_parser(
        "defaults", help="beyond the paper: every method at its own defaults on raw features",
        description="Out of the box: each method at its own defaults (no grid search, "
                    "MethodSpec.make_default), fit on the training part of Table 2's splits "
                    "(stratified 70/30, seed + split) as it comes (--features raw, no "
                    "scaler) or standardised on the training part (--features standardised), "
                    "test accuracy. Reports: runs.csv, summary.csv (Table 2's format), defaults.md.")
    df.add_argument("--tasks", default="15",
                    help="comma-separated tasks, '15' (Table 2's first 15) or 'all' (default: 15)")
    df.add_argument("--methods", default=",".join(m for m in DEFAULTS_METHODS if m in METHODS),
                    help="comma-separated methods of the registry (default: %(default)s)")
    df.add_argument("--features", choices=("raw", "standardised"), default="raw",
                    help="raw: the features as the files give them; standardised: a "
                         "StandardScaler fit on the training part, as Table 2 (default: raw). "
                         "One folder holds one of the two")
    _common(df, "defaults")

    r = sub.add_parser("report", help="rebuild the reports of an experiment from its store",
                       description="Rewrite the CSV/Markdown/HTML reports from OUT/store.jsonl "
                                   "and OUT/refits.jsonl; no fitting. Unchanged results give "
                                   "the same files, byte for byte.")
    r.add_argument("experiment", choices=EXPERIMENTS + ("all",))
    r.add_argument("--out", type=_folder, default=None,
                   help="experiment folder (default: RESULTS/EXPERIMENT)")
    r.add_argument("--n-iter", type=_number(int, 1), default=None,
                   help="table2: report the runs with this many iterations (default: the "
                        "folder's, which holds one configuration)")
    r.add_argument("--results", type=_folder, default=DEFAULT_ROOT,
                   help=f"results root for 'all' and the default --out (default: "
                        f"{DEFAULT_ROOT}, where runs write; the committed results: "
                        f"--results {COMMITTED_ROOT})")
    _debug_arg(r)
    return p


# ---------------------------------------------------------------- the command line, checked

def _checked(args):
    """Every check of the command line, first (a :class:`UserError` with exit code 2): the
    names of ``args`` resolved, ``{"tasks": [...], "methods": [...], ...}``.

    It reads no data file, looks at no folder and contacts no scheduler, so that a mistake
    of the command line is reported as one whatever the data, the folders and the network
    hold; :func:`_run`, :func:`_run_fkl` and :func:`_report` check those afterwards (exit
    code 1) and write nothing before all of it is checked.
    """
    command = args.command
    if command == "report":
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
    if command == "fkl":
        chosen = {"methods": _match("method", _list(args.methods), FKL_METHODS)}
        try:
            check_fkl(args.task, args.sizes, n_test=args.n_test)    # by the registry's row counts
        except ValueError as exc:
            raise UserError(str(exc), code=2) from None
        return chosen
    if command == "toy":
        chosen = {"problems": _match("toy problem", _list(args.problems), TOY_PROBLEMS),
                  "methods": _methods(args.methods, args.registry)}
    elif command == "thesis":
        tasks = _thesis_tasks(args.tasks)
        if all(task in UNAVAILABLE_TASKS for task in tasks):
            raise UserError("no task with data to run", code=2)
        chosen = {"tasks": tasks, "methods": _thesis_methods(args.methods)}
    elif command in ("table2_2019", "landmarks_2019"):
        chosen = {"tasks": _preprint_tasks(args.tasks), "methods": _methods(args.methods, args.registry)}
        get_method = _get_method(args.registry)
        outside = [m for m in chosen["methods"] if get_method(m).preprint_grid is None]
        if outside:
            raise UserError(f"method(s) {', '.join(outside)} are not in the 2019 preprint's "
                            f"protocol; its methods: {', '.join(PREPRINT_METHODS)}, "
                            "GBRFF-LS-random", code=2)
    elif command == "kbudget":
        chosen = {"tasks": _tasks(args.tasks),
                  "unused_ks": [k for k in args.ks if not budget_stages(k, args.budgets)]}
        if len(chosen["unused_ks"]) == len(args.ks):
            raise UserError(f"no budget of --budgets {_join(args.budgets)} is a multiple of a K "
                            f"of --ks {_join(args.ks)} (T = budget / K iterations must be a whole "
                            "number): nothing to run", code=2)
    elif command == "scaling":
        chosen = {"methods": _methods(args.methods, args.registry)}
        if args.start > args.max_samples:
            raise UserError(f"--start {args.start} is larger than --max-samples "
                            f"{args.max_samples}: no size to run, nothing to do", code=2)
    else:  # table2, landmarks, defaults
        chosen = {"tasks": _tasks(args.tasks), "methods": _methods(args.methods, args.registry)}
    _installed(chosen.get("methods", ()), args.registry)
    return chosen


def _installed(methods, registry):
    """Refuse (exit code 2) a method whose package is not installed, such as XGB without
    ``gbrff[xgboost]``: each method's estimator is made once, unfitted, as the run would."""
    get_method = _get_method(registry)
    for name in methods:
        try:
            get_method(name).make(1, 0)
        except ImportError as exc:   # the message names the extra that installs it
            raise UserError(str(exc), code=2) from None
        except Exception:  # noqa: BLE001 - another registry's contract: its run says what fails
            pass


def _check_report_args(args):
    if args.n_iter is not None:
        if args.experiment == "all":
            raise UserError("--n-iter picks the runs of one experiment: give its name, "
                            "not 'all'", code=2)
        if args.experiment not in N_ITER_EXPERIMENTS:
            raise UserError(f"--n-iter does not apply to {args.experiment} (only to "
                            f"{', '.join(N_ITER_EXPERIMENTS)})", code=2)


# ---------------------------------------------------------------- running

def _run_data_dir(args):
    """The run's data folder as the loader resolves it (:func:`resolve_data_dir`:
    --data-dir, else GBRFF_DATA_DIR, an empty value counting as unset, a file
    refused), made absolute for the workers; None for the loader's own default."""
    path = resolve_data_dir(getattr(args, "data_dir", None))
    return None if path == default_data_dir() else str(path.resolve())


def _context(args):
    """Where the workers find the methods and the data; the data folder is resolved only
    for the experiments that read the UCI files (toy and scaling generate their data)."""
    reads_files = args.command not in ("toy", "scaling")
    return Context(data_dir=_run_data_dir(args) if reads_files else None, registry=args.registry)


def _options(args):
    return {k: (str(v) if isinstance(v, Path) else v) for k, v in vars(args).items()}


def _data_dir_text(args):
    """The run's data folder and where it comes from, in the loader's own resolution."""
    given = getattr(args, "data_dir", None)
    source = {"given": "--data-dir", "GBRFF_DATA_DIR": "GBRFF_DATA_DIR",
              "default": "the cache; GBRFF_DATA_DIR is not set"}[data_dir_source(given)]
    return f"{resolve_data_dir(given)} ({source})"


def _n_features(args, ctx, tasks):
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
        names = [t for t, _ in missing]
        which = "" if len(names) == len(TASK_ORDER) else " " + " ".join(names)
        raise UserError(
            f"the UCI files of {len(names)} tasks ({', '.join(names)}) are missing or corrupt "
            f"in {_data_dir_text(args)}. Get them with `{DOWNLOAD}{which}`, or point "
            f"GBRFF_DATA_DIR (or --data-dir) at a folder that holds them ({DATA_HELP}).")
    return found


def _plan(args, ctx, chosen):
    """The groups of fits of ``args``, whose names :func:`_checked` resolved (``chosen``);
    every data file read."""
    common = dict(n_splits=args.n_splits, first_split=args.first_split,
                  base_seed=args.seed, n_values=args.grid_values or None)
    methods = chosen.get("methods")
    if args.command == "toy":
        return toy_groups(ctx, problems=chosen["problems"], methods=methods, sizes=args.sizes,
                          n_test=args.n_test, n_iter=args.n_iter, **common)
    if args.command == "thesis":
        tasks = []
        for task in chosen["tasks"]:
            if task in UNAVAILABLE_TASKS:
                entry = registry()["unavailable"][task]
                print(f"[thesis] skipping {task} ({entry['title']}, {entry['source']}): "
                      f"{entry['reason']}", file=sys.stderr)
            else:
                tasks.append(task)
        return thesis_groups(ctx, tasks, methods, n_iter=args.n_iter,
                             boosting_values=args.boosting_grid_values,
                             n_features=_n_features(args, ctx, tasks), **common)
    tasks = chosen["tasks"]
    if args.command in ("table2_2019", "landmarks_2019"):
        if args.command == "landmarks_2019":
            return preprint_groups(ctx, tasks, methods, stages=args.landmarks,
                                   experiment="landmarks_2019",
                                   n_features=_n_features(args, ctx, tasks), **common)
        return preprint_groups(ctx, tasks, methods, n_iter=args.n_iter,
                               n_features=_n_features(args, ctx, tasks), **common)
    if args.command == "defaults":
        _n_features(args, ctx, tasks)  # every data file read before anything is written
        return defaults_groups(tasks, methods, n_splits=args.n_splits,
                               first_split=args.first_split, base_seed=args.seed,
                               features=args.features)
    if args.command == "kbudget":
        for k in chosen["unused_ks"]:
            print(f"[kbudget] K = {k}: no budget of --budgets {_join(args.budgets)} is a multiple "
                  "of it; skipped", file=sys.stderr)
        return kbudget_groups(ctx, tasks, ks=args.ks, budgets=args.budgets,
                              n_features=_n_features(args, ctx, tasks), **common)
    if args.command == "landmarks":
        return landmark_groups(ctx, tasks, methods=methods, landmarks=args.landmarks,
                               n_features=_n_features(args, ctx, tasks), **common)
    if args.tasks.strip().lower() != "paper":
        return table2_groups(ctx, tasks, methods, n_iter=args.n_iter,
                             n_features=_n_features(args, ctx, tasks), **common)
    bank = [m for m in methods if m in BANK_METHODS]
    tasks = list(TASK_ORDER[:15]) + (["bankmarketing"] if bank else [])
    n_features = _n_features(args, ctx, tasks)
    groups = table2_groups(ctx, TASK_ORDER[:15], methods, n_iter=args.n_iter,
                           n_features=n_features, **common)
    if bank:
        groups += table2_groups(ctx, ["bankmarketing"], bank, n_iter=args.n_iter,
                                n_features=n_features, **common)
    return groups


def _report(args):
    """Rewrite the reports of one experiment's folder (or of every one under --results).

    Each folder is checked first as a run with the same settings would be
    (:func:`check_report`): a folder of another experiment, of another
    ``--n-iter`` or of several configurations is refused before anything is
    written; a folder without a finished result keeps its reports as they are.
    """
    names = list(EXPERIMENTS) if args.experiment == "all" else [args.experiment]
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
        extra = {"n_iter": args.n_iter} if name in ("table2", "table2_2019") else {}
        if write_report(name, out, **extra):
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


def _reports_or_say(args, records, **extra):
    """Write the reports after a run; a failure to write them says where the results
    are and how to write the reports later."""
    try:
        written = write_report(args.command, args.out, records=records, **extra)
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


def _run(args, chosen):
    """One experiment whose command line :func:`_checked` accepted (``chosen``): check the
    output folder, read the data and plan, reach the executor; then compute into the
    store, then report."""
    default_out = args.out is None
    if default_out:
        args.out = DEFAULT_ROOT / args.command
    check_folder(args.out, run_config(args.command, args.seed, getattr(args, "n_iter", None),
                                      getattr(args, "n_test", None),
                                      getattr(args, "features", None)))
    ctx = _context(args)
    if args.command == "scaling":
        methods = chosen["methods"]
        sizes = scaling_sizes(args.start, args.factor, args.max_samples, args.include_max)
        groups = None
    else:
        groups = _plan(args, ctx, chosen)
        if not groups:  # (each experiment says why where its arguments can plan nothing)
            raise UserError(f"the arguments plan no fit of {args.command}: nothing to run", code=2)
    executor = _executor(args)
    if default_out:
        print(f"[{args.command}] results go to {args.out} (the default; --out to choose)",
              file=sys.stderr)
    try:
        store, log = _store_and_log(args.out, args.command, _options(args))
    except BaseException:
        executor.shutdown()
        raise
    n_before = len(store)
    try:
        if groups is None:
            stats = run_scaling(ctx, store, methods, sizes, time_limit=args.time_limit,
                                seed=args.seed, n_iter=args.n_iter, executor=executor,
                                progress=not args.no_progress)
        else:
            stats = run_groups(groups, store, ctx, executor=executor, desc=args.command,
                               progress=not args.no_progress)
            stats["groups"] = len(groups)
        records = store.records()
    except KeyboardInterrupt as exc:
        how, code = _stopped(exc)
        log.finish(how, backend=args.backend, workers=getattr(executor, "slots", 1),
                   computed_units=len(store) - n_before)
        print(f"\n[{args.command}] {how}: {len(store)} units are stored in "
              f"{args.out / STORE_NAME}; run the same command again to resume",
              file=sys.stderr)
        return code
    except Exception:
        log.finish("failed")
        raise
    finally:
        store.close()
        executor.shutdown()
    n_err = len(stats.pop("errors"))
    slots = getattr(executor, "slots", 1)
    log.finish(backend=args.backend, workers=slots, computed_units=stats["computed"],
               failed_units=n_err, **{k: v for k, v in stats.items() if k != "computed"})
    if not args.no_report:
        extra = {"scaling": {"time_limit": getattr(args, "time_limit", None)},
                 "table2": {"n_iter": getattr(args, "n_iter", None)},
                 "table2_2019": {"n_iter": getattr(args, "n_iter", None)}}.get(args.command, {})
        _reports_or_say(args, records, **extra)
    print(f"[{args.command}] computed {stats['computed']} units, {n_err} failed; "
          f"results in {args.out}", file=sys.stderr)
    return 1 if n_err else 0


def _run_fkl(args, chosen):
    """Fourier kernel learning's scaling run (sequential: its timings are the result).

    After :func:`_checked`, the folder is checked, then the data are loaded, the test
    set split off and every size's sample drawn, before anything is written."""
    methods = chosen["methods"]
    if args.out is None:
        args.out = DEFAULT_ROOT / "fkl"
    check_folder(args.out, run_config("fkl", args.seed, n_test=args.n_test, task=args.task,
                                      max_size=max(args.sizes)))
    try:
        data = prepare_fkl(args.task, args.sizes, n_test=args.n_test, seed=args.seed,
                           data_dir=None if args.task == SYNTHETIC else _run_data_dir(args))
    except DataNotFoundError:
        raise
    except ValueError as exc:   # a size a stratified sample cannot draw from the task's rows
        raise UserError(str(exc), code=2) from None
    store, log = _store_and_log(args.out, "fkl", _options(args))
    n_before = len(store)
    try:
        computed = run_fkl(store, args.task, methods, args.sizes, n_components=args.n_components,
                           max_iter=args.max_iter, n_test=args.n_test, time_limit=args.time_limit,
                           seed=args.seed, data=data,
                           log=lambda m: print(m, file=sys.stderr, flush=True))
        records = store.records()
    except KeyboardInterrupt as exc:
        how, code = _stopped(exc)
        log.finish(how, computed_units=len(store) - n_before)
        print(f"\n[fkl] {how}: {len(store)} fits are stored in {args.out / STORE_NAME}; "
              "run the same command again to resume", file=sys.stderr)
        return code
    except Exception:
        log.finish("failed")
        raise
    finally:
        store.close()
    log.finish(computed_units=computed)
    _reports_or_say(args, records)
    print(f"[fkl] computed {computed} fits; results in {args.out}", file=sys.stderr)
    return 0


def main(argv=None) -> int:
    """The command line; returns the exit code (argparse exits with 2 on a bad flag)."""
    args = build_parser().parse_args(argv)
    if args.command == "landmarks":
        if args.protocol == "2019":
            args.command = "landmarks_2019"
        defaults = {"2020": ("all", "PBRFF,GBRFF1,GBRFF2", list(range(1, 51))),
                    "2019": ("preprint", "PBRFF,GBRFF-LS,GBRFF-LS-random", [1, 3, 5, 10, 25, 200])}
        tasks, methods, landmarks = defaults[args.protocol]
        args.tasks = args.tasks or tasks
        args.methods = args.methods or methods
        args.landmarks = args.landmarks or landmarks
    if args.command == "table2":
        # the 2019 protocol is an experiment of its own (folder table2_2019/)
        if args.protocol == "2019":
            args.command = "table2_2019"
        if args.methods is None:
            args.methods = ",".join(PREPRINT_METHODS if args.protocol == "2019" else PAPER_METHODS)
        if args.n_iter is None:
            args.n_iter = 200 if args.protocol == "2019" else 100
    try:
        with _sigterm_as_interrupt():
            chosen = _checked(args)   # the command line first: nothing read, looked at or contacted
            if args.command == "fkl":
                return _run_fkl(args, chosen)
            return _report(args) if args.command == "report" else _run(args, chosen)
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
