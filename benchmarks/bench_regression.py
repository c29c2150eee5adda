"""The GBRFF regressors beside LightGBM, HistGradientBoosting, random features + kernel ridge and SVR.

    python benchmarks/bench_regression.py [--folds 5] [--repeats 3] [--tasks diabetes,...] [--out FILE]

Every model at its defaults, on one thread (the thread variables are set
before numpy, numba and the libraries load), in one run, on five tasks:
scikit-learn's diabetes (442 × 10), ``make_friedman1`` (2,000 × 10,
noise 1), ``make_friedman2`` (1,000 × 4, noise 125), ``make_friedman3``
(1,000 × 4, noise 0.1) and a 2-D toy, a sine surface
y = sin(2 x₁) cos(1.5 x₂) + x₂ / 2 + noise 0.1 (1,000 points in [−2, 2]²).
Each task is cut into ``--folds`` folds, ``--repeats`` times with other
shuffles (``RepeatedKFold(random_state=0)``); every model is fit on each
training part (seeded with ``random_state=0``) and scored on its test fold:
R² and RMSE, mean ± std over the folds, and the median fit time.

The models: GBRFF2Regressor() and GBRFF1Regressor() (n_jobs=1),
LGBMRegressor() (num_threads=1), HistGradientBoostingRegressor(); and two
kernel methods whose practitioners scale X and y first
(``TransformedTargetRegressor`` with a ``StandardScaler`` around a
``Pipeline``): "RFF + KRR", ``RBFSampler(gamma=1/d, n_components=500)``
features under ``KernelRidge()`` (linear kernel on the features, α = 1:
ridge on random Fourier features), and ``SVR()`` (RBF, γ = "scale").

Prints a line per cell as it goes and the load average before and after,
and writes the Markdown tables (R², RMSE, fit time) to ``--out``
(``benchmarks/results/bench_regression.md``), which the user guide
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

OUT = Path(__file__).resolve().parent / "results" / "bench_regression.md"


def sine_surface(n=1000, noise=0.1, seed=0):
    """The 2-D toy: y = sin(2 x₁) cos(1.5 x₂) + x₂ / 2 + N(0, noise²), x uniform in [−2, 2]²."""
    rng = np.random.default_rng(seed)
    X = rng.uniform(-2, 2, (n, 2))
    y = np.sin(2 * X[:, 0]) * np.cos(1.5 * X[:, 1]) + 0.5 * X[:, 1] + rng.normal(0, noise, n)
    return X, y


def _tasks():
    """name -> (a function giving (X, y), its description)."""
    from sklearn.datasets import load_diabetes, make_friedman1, make_friedman2, make_friedman3

    return {
        "diabetes": (lambda: load_diabetes(return_X_y=True), "scikit-learn's diabetes"),
        "friedman1": (lambda: make_friedman1(2000, noise=1.0, random_state=0),
                      "make_friedman1(2000, noise=1)"),
        "friedman2": (lambda: make_friedman2(1000, noise=125.0, random_state=0),
                      "make_friedman2(1000, noise=125)"),
        "friedman3": (lambda: make_friedman3(1000, noise=0.1, random_state=0),
                      "make_friedman3(1000, noise=0.1)"),
        "sine": (sine_surface, "2-D sine surface, noise 0.1"),
    }


TASKS = ("diabetes", "friedman1", "friedman2", "friedman3", "sine")
MODELS = ("GBRFF2", "GBRFF1", "LightGBM", "HistGB", "RFF + KRR", "SVR")


def make_model(name, n_features):
    """A fresh model ``name`` at its defaults, on one thread, seeded with 0."""
    from sklearn.compose import TransformedTargetRegressor
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    def scaled(*steps):      # X and y standardised around a kernel method, as its users do
        return TransformedTargetRegressor(make_pipeline(StandardScaler(), *steps),
                                          transformer=StandardScaler())

    if name == "GBRFF2":
        from gbrff import GBRFF2Regressor
        return GBRFF2Regressor(random_state=0, n_jobs=1)
    if name == "GBRFF1":
        from gbrff import GBRFF1Regressor
        return GBRFF1Regressor(random_state=0, n_jobs=1)
    if name == "LightGBM":
        from lightgbm import LGBMRegressor
        return LGBMRegressor(random_state=0, num_threads=1, verbose=-1)
    if name == "HistGB":
        from sklearn.ensemble import HistGradientBoostingRegressor
        return HistGradientBoostingRegressor(random_state=0)
    if name == "RFF + KRR":
        from sklearn.kernel_approximation import RBFSampler
        from sklearn.kernel_ridge import KernelRidge
        return scaled(RBFSampler(gamma=1.0 / n_features, n_components=500, random_state=0),
                      KernelRidge())
    if name == "SVR":
        from sklearn.svm import SVR
        return scaled(SVR())
    raise ValueError(f"unknown model {name!r}")


def run_cell(model, X, y, folds, repeats=1):
    """(R² per fold, RMSE per fold, fit seconds per fold) of ``model`` (a name)."""
    from sklearn.metrics import mean_squared_error, r2_score
    from sklearn.model_selection import RepeatedKFold

    r2, rmse, secs = [], [], []
    for train, test in RepeatedKFold(n_splits=folds, n_repeats=repeats,
                                     random_state=0).split(X):
        est = make_model(model, X.shape[1])
        t0 = time.perf_counter()
        est.fit(X[train], y[train])
        secs.append(time.perf_counter() - t0)
        pred = est.predict(X[test])
        r2.append(r2_score(y[test], pred))
        rmse.append(float(np.sqrt(mean_squared_error(y[test], pred))))
    return r2, rmse, secs


def _mean_std(values, digits):
    return f"{np.mean(values):.{digits}f} ± {np.std(values):.{digits}f}"


def _seconds(s):
    return f"{1000 * s:.0f} ms" if s < 1 else f"{s:.2f} s"


def markdown(results, tasks, models, shapes, header):
    """The three tables (R², RMSE, fit time) as Markdown, the best R² of each task in bold."""
    descr = {name: d for name, (_, d) in _tasks().items()}
    out = [header, ""]
    for title, key, fmt in (("R² on the test folds (mean ± std; higher is better)", 0,
                             lambda v: _mean_std(v, 3)),
                            ("RMSE on the test folds (mean ± std, the target's units)", 1,
                             lambda v: _mean_std(v, 3 if np.mean(v) < 10 else 1)),
                            ("Fit time (median over the folds, one thread)", 2,
                             lambda v: _seconds(statistics.median(v)))):
        out += [f"**{title}**", "",
                "| Task (n × d) | " + " | ".join(models) + " |",
                "|---|" + "---:|" * len(models)]
        for task in tasks:
            best = max(models, key=lambda m: np.mean(results[task, m][0]))
            cells = []
            for m in models:
                cell = fmt(results[task, m][key])
                cells.append(f"**{cell}**" if key == 0 and m == best else cell)
            n, d = shapes[task]
            out.append(f"| {task}: {descr[task]} ({n} × {d}) | " + " | ".join(cells) + " |")
        out.append("")
    return "\n".join(out)


def main(argv=None):
    p = Parser(prog="bench_regression.py", description=__doc__.splitlines()[0])
    p.add_argument("--folds", type=number(int, 2), default=5, help="folds of each task, >= 2")
    p.add_argument("--repeats", type=number(int, 1), default=3,
                   help="cross-validations of each task with other shuffles, >= 1")
    p.add_argument("--tasks", default=",".join(TASKS), help=f"comma-separated, of {', '.join(TASKS)}")
    p.add_argument("--models", default=",".join(MODELS), help=f"comma-separated, of {', '.join(MODELS)}")
    p.add_argument("--out", default=str(OUT), help="the Markdown file written ('-': none)")
    args = p.parse_args(argv)
    tasks = pick(p, "task", args.tasks, TASKS)
    models = pick(p, "model", args.models, MODELS)
    out = None if args.out == "-" else Path(args.out)
    if out is not None and not out.parent.is_dir():
        p.error(f"--out {args.out}: its folder does not exist")
    warnings.filterwarnings("ignore")
    import lightgbm
    import sklearn

    import gbrff
    from gbrff._boosting import ENGINE

    load0 = os.getloadavg()
    started = datetime.now(timezone.utc)
    print(f"engine {ENGINE}; {args.folds} folds x {args.repeats}; load average {load0[0]:.2f} "
          f"on {os.cpu_count()} cores", flush=True)
    results, shapes = {}, {}
    t_all = time.perf_counter()
    for task in tasks:
        X, y = _tasks()[task][0]()
        shapes[task] = X.shape
        for model in models:
            r2, rmse, secs = run_cell(model, X, y, args.folds, args.repeats)
            results[task, model] = (r2, rmse, secs)
            print(f"{task:<10} {model:<10} R² {_mean_std(r2, 3)}  RMSE {_mean_std(rmse, 3)}  "
                  f"fit {_seconds(statistics.median(secs))}", flush=True)
    load1 = os.getloadavg()
    total = time.perf_counter() - t_all
    print(f"{len(results)} cells in {total:.0f} s; load average {load1[0]:.2f} at the end")
    header = (
        f"Measured by `python benchmarks/bench_regression.py` on {started:%Y-%m-%d %H:%M} UTC: "
        f"{args.folds}-fold cross-validation repeated {args.repeats} times (`RepeatedKFold("
        f"random_state=0)`: {args.folds * args.repeats} fits per cell), every model "
        f"at its defaults with `random_state=0` on one thread; a {os.cpu_count()}-core "
        f"{platform.machine()} machine shared with other work (load average {load0[0]:.1f} at "
        f"the start, {load1[0]:.1f} at the end; {total:.0f} s in all). gbrff {gbrff.__version__} "
        f"({ENGINE.split(':')[0]} engine), scikit-learn {sklearn.__version__}, LightGBM "
        f"{lightgbm.__version__}. RFF + KRR and SVR are fit on standardised X and y "
        f"(`TransformedTargetRegressor`); the GBRFF regressors standardise both inside, the "
        f"trees need neither.")
    if out is not None:
        out.write_text(markdown(results, tasks, models, shapes, header) + "\n")
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
