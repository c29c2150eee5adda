"""Every GBRFF estimator beside its LightGBM and scikit-learn counterpart, on small offline data.

    python benchmarks/bench_practitioner.py [--folds 5] [--tasks breast_cancer,...] [--out FILE]

The table of the user guide's practitioner page ("Using gbrff on your data").
Every model at its defaults, seeded with ``random_state=0``, on one thread (the
thread variables are set before numpy, numba and the libraries load), in one
run, on data that needs no download:

- classification: scikit-learn's breast cancer (569 × 30, 2 classes) and wine
  (178 × 13, 3 classes), scored by accuracy; an imbalanced
  ``make_classification`` (1,000 × 10, 10 % positives), scored by balanced
  accuracy, at the defaults and again with ``class_weight="balanced"``
  (``imbalanced_cw``). Models: GBRFF2Classifier, GBRFF2PlusClassifier, GBRFF1Classifier,
  GBRFFLSClassifier, LGBMClassifier(n_jobs=1, verbose=-1) and
  HistGradientBoostingClassifier. ``StratifiedKFold(shuffle=True, random_state=0)``.
- regression: scikit-learn's diabetes (442 × 10) and ``make_friedman1``
  (1,000 × 10, noise 1), scored by R². Models: GBRFF2Regressor,
  GBRFF1Regressor, GBRFFLSRegressor, LGBMRegressor(n_jobs=1, verbose=-1) and
  HistGradientBoostingRegressor. ``KFold(shuffle=True, random_state=0)``.

Prints a line per cell as it goes and writes the Markdown tables (score mean ±
std over the folds, median fit time) with the machine and its load average to
``--out`` (``benchmarks/results/bench_practitioner.md``), which the user guide
includes.
"""

import os

# one thread each, set before numba and BLAS load; only when run as a script: a test that imports this
# module must not change the threads of the process it shares with every other test
if __name__ == "__main__":
    for _v in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ[_v] = "1"

import platform  # noqa: E402
import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
import warnings  # noqa: E402
from datetime import datetime, timezone  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, number, pick  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "bench_practitioner.md"

CLASSIFIERS = ("GBRFF2", "GBRFF2+", "GBRFF1", "GBRFF-LS", "LightGBM", "HistGB")
REGRESSORS = ("GBRFF2", "GBRFF1", "GBRFF-LS", "LightGBM", "HistGB")


def _tasks():
    """name -> (kind, a function giving (X, y), its description, its metric)."""
    from sklearn.datasets import (load_breast_cancer, load_diabetes, load_wine,
                                  make_classification, make_friedman1)

    return {
        "breast_cancer": ("classification", lambda: load_breast_cancer(return_X_y=True),
                          "scikit-learn's breast cancer", "accuracy"),
        "wine": ("classification", lambda: load_wine(return_X_y=True),
                 "scikit-learn's wine, 3 classes", "accuracy"),
        "imbalanced": ("classification",
                       lambda: make_classification(1000, 10, n_informative=5, weights=[0.9],
                                                   flip_y=0.02, random_state=0),
                       "make_classification, 10 % positives", "balanced accuracy"),
        "imbalanced_cw": ("classification",
                          lambda: make_classification(1000, 10, n_informative=5, weights=[0.9],
                                                      flip_y=0.02, random_state=0),
                          "the same, every model with `class_weight=\"balanced\"`",
                          "balanced accuracy"),
        "diabetes": ("regression", lambda: load_diabetes(return_X_y=True),
                     "scikit-learn's diabetes", "R²"),
        "friedman1": ("regression", lambda: make_friedman1(1000, noise=1.0, random_state=0),
                      "make_friedman1, noise 1", "R²"),
    }


TASKS = tuple(_tasks())


def make_model(name, kind, class_weight=None):
    """A fresh model ``name`` of ``kind`` ('classification' or 'regression') at its defaults,
    one thread, seeded with 0 (a classifier with ``class_weight`` too, when given)."""
    import gbrff

    seeded = dict(random_state=0, n_jobs=1)
    cw = {} if class_weight is None else dict(class_weight=class_weight)
    if kind == "classification":
        from lightgbm import LGBMClassifier
        from sklearn.ensemble import HistGradientBoostingClassifier
        table = {"GBRFF2": lambda: gbrff.GBRFF2Classifier(**seeded, **cw),
                 "GBRFF2+": lambda: gbrff.GBRFF2PlusClassifier(**seeded, **cw),
                 "GBRFF1": lambda: gbrff.GBRFF1Classifier(**seeded, **cw),
                 "GBRFF-LS": lambda: gbrff.GBRFFLSClassifier(**seeded, **cw),
                 "LightGBM": lambda: LGBMClassifier(random_state=0, n_jobs=1, verbose=-1, **cw),
                 "HistGB": lambda: HistGradientBoostingClassifier(random_state=0, **cw)}
    elif kind == "regression":
        from lightgbm import LGBMRegressor
        from sklearn.ensemble import HistGradientBoostingRegressor
        table = {"GBRFF2": lambda: gbrff.GBRFF2Regressor(**seeded),
                 "GBRFF1": lambda: gbrff.GBRFF1Regressor(**seeded),
                 "GBRFF-LS": lambda: gbrff.GBRFFLSRegressor(**seeded),
                 "LightGBM": lambda: LGBMRegressor(random_state=0, n_jobs=1, verbose=-1),
                 "HistGB": lambda: HistGradientBoostingRegressor(random_state=0)}
        if cw:
            raise ValueError("class_weight is for classifiers")
    else:
        raise ValueError(f"unknown kind {kind!r}")
    if name not in table:
        raise ValueError(f"no {kind} model {name!r}")
    return table[name]()


def run_cell(model, kind, metric, X, y, folds, class_weight=None):
    """(score per fold, fit seconds per fold) of ``model`` (a name) in ``folds``-fold CV."""
    from sklearn.metrics import accuracy_score, balanced_accuracy_score, r2_score
    from sklearn.model_selection import KFold, StratifiedKFold

    score = {"accuracy": accuracy_score, "balanced accuracy": balanced_accuracy_score,
             "R²": r2_score}[metric]
    cv = (StratifiedKFold if kind == "classification" else KFold)(folds, shuffle=True,
                                                                  random_state=0)
    scores, secs = [], []
    for train, test in cv.split(X, y):
        est = make_model(model, kind, class_weight)
        t0 = time.perf_counter()
        est.fit(X[train], y[train])
        secs.append(time.perf_counter() - t0)
        scores.append(float(score(y[test], est.predict(X[test]))))
    return scores, secs


def _seconds(s):
    return f"{1000 * s:.0f} ms" if s < 1 else f"{s:.2f} s"


def markdown(results, tasks, shapes, header):
    """One table per kind of task (classification, regression): a row per task, a cell per model
    holding the score (mean ± std over the folds; the task's best in bold) and the median fit time."""
    info = _tasks()
    out = [header, ""]
    for kind, title in (("classification", "Classification"), ("regression", "Regression")):
        rows = [t for t in tasks if info[t][0] == kind]
        if not rows:
            continue
        models = [m for m in (CLASSIFIERS if kind == "classification" else REGRESSORS)
                  if any((t, m) in results for t in rows)]
        out += [f"**{title}: score on the test folds (mean ± std) / median fit time**", "",
                "| Task (n × d), metric | " + " | ".join(models) + " |",
                "|---|" + "---:|" * len(models)]
        for task in rows:
            have = [m for m in models if (task, m) in results]
            best = max(have, key=lambda m: np.mean(results[task, m][0]))
            cells = []
            for m in models:
                if (task, m) not in results:
                    cells.append("")
                    continue
                s, secs = results[task, m]
                cell = f"{np.mean(s):.3f} ± {np.std(s):.3f}"
                cell = f"**{cell}**" if m == best else cell
                cells.append(f"{cell} / {_seconds(statistics.median(secs))}")
            n, d = shapes[task]
            out.append(f"| {task}: {info[task][2]} ({n} × {d}), {info[task][3]} | "
                       + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def main(argv=None):
    p = Parser(prog="bench_practitioner.py", description=__doc__.splitlines()[0])
    p.add_argument("--folds", type=number(int, 2), default=5, help="folds of each task, >= 2")
    p.add_argument("--tasks", default=",".join(TASKS), help=f"comma-separated, of {', '.join(TASKS)}")
    p.add_argument("--models", default=",".join(dict.fromkeys(CLASSIFIERS + REGRESSORS)),
                   help="comma-separated, of the classifiers' and the regressors' names")
    p.add_argument("--out", default=str(OUT), help="the Markdown file written ('-': none)")
    args = p.parse_args(argv)
    tasks = pick(p, "task", args.tasks, TASKS)
    models = pick(p, "model", args.models, dict.fromkeys(CLASSIFIERS + REGRESSORS))
    out = None if args.out == "-" else Path(args.out)
    if out is not None and not out.parent.is_dir():
        p.error(f"--out {args.out}: its folder does not exist")
    warnings.filterwarnings("ignore")
    import lightgbm
    import sklearn

    import gbrff
    from gbrff._boosting import ENGINE

    info = _tasks()
    load0 = os.getloadavg()
    started = datetime.now(timezone.utc)
    print(f"engine {ENGINE}; {args.folds} folds; load average {load0[0]:.2f} "
          f"on {os.cpu_count()} cores", flush=True)
    results, shapes = {}, {}
    t_all = time.perf_counter()
    for task in tasks:
        kind, load, _, metric = info[task]
        X, y = load()
        shapes[task] = X.shape
        for model in models:
            if model not in (CLASSIFIERS if kind == "classification" else REGRESSORS):
                continue
            scores, secs = run_cell(model, kind, metric, X, y, args.folds,
                                    "balanced" if task.endswith("_cw") else None)
            results[task, model] = (scores, secs)
            print(f"{task:<14} {model:<9} {metric} {np.mean(scores):.3f} ± {np.std(scores):.3f}  "
                  f"fit {_seconds(statistics.median(secs))}", flush=True)
    load1 = os.getloadavg()
    total = time.perf_counter() - t_all
    print(f"{len(results)} cells in {total:.0f} s; load average {load1[0]:.2f} at the end")
    header = (
        f"Measured by `python benchmarks/bench_practitioner.py` on {started:%Y-%m-%d %H:%M} UTC: "
        f"{args.folds}-fold cross-validation (stratified for the classifiers, shuffled with "
        f"`random_state=0`), every model at its defaults with `random_state=0` on one thread (and "
        f"`class_weight=\"balanced\"` on `imbalanced_cw`); "
        f"a {os.cpu_count()}-core {platform.machine()} machine ({platform.python_implementation()} "
        f"{platform.python_version()}) shared with other work (load average {load0[0]:.1f} at "
        f"the start, {load1[0]:.1f} at the end; {total:.0f} s in all). gbrff {gbrff.__version__} "
        f"({ENGINE.split(':')[0]} engine), scikit-learn {sklearn.__version__}, LightGBM "
        f"{lightgbm.__version__}. Each cell: the test score, mean ± std over the folds (the "
        f"task's best in bold), then the median fit time. GBRFF-LS is the 2019 preprint's "
        f"least-squares GBRFF.")
    if out is not None:
        out.write_text(markdown(results, tasks, shapes, header) + "\n")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
