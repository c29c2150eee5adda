"""GBRFF2+'s fit time against GBRFF2's, both at their defaults, in one process.

On the training part (stratified 70 %, seed = split) of Table 2's 15 tasks,
raw features, one thread: each estimator is fitted ``--repeat`` times per task
(the first fit of the run is a warm-up and not counted) and the mean over
tasks of the median fit time is printed, with the ratio. The out-of-the-box
run (``python -m gbrff.experiments defaults``) records fit times too, but its
methods can run at different times, under different loads.

    python benchmarks/gbrff2plus_fit_time.py --splits 0,1
"""

import sys
import time
from pathlib import Path

import numpy as np

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, int_list, load_tasks, number  # noqa: E402


def main(argv=None):
    p = Parser(prog="gbrff2plus_fit_time.py", description=__doc__.splitlines()[0])
    p.add_argument("--splits", type=int_list(0), default=[0], help="comma-separated splits (seeds), >= 0")
    p.add_argument("--repeat", type=number(int, 1), default=3, help="fits per task, estimator and split (median)")
    args = p.parse_args(argv)
    from sklearn.model_selection import train_test_split

    from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier
    from gbrff.experiments import TASK_ORDER

    ESTIMATORS = {"GBRFF2": GBRFF2Classifier, "GBRFF2+": GBRFF2PlusClassifier}
    data = load_tasks(p, TASK_ORDER[:15])      # every task's file before the first fit
    GBRFF2PlusClassifier(n_estimators=5, random_state=0).fit(*_warm_data())
    times = {name: [] for name in ESTIMATORS}
    for task, (X, y) in data.items():
        X = np.asarray(X, dtype=float)
        for s in args.splits:
            X_tr, _, y_tr, _ = train_test_split(X, y, test_size=0.3, stratify=y, random_state=s)
            for name, cls in ESTIMATORS.items():
                runs = []
                for _ in range(args.repeat):  # every fit pays its own scale fit
                    t = time.perf_counter()
                    cls(random_state=s, n_jobs=1).fit(X_tr, y_tr)
                    runs.append(time.perf_counter() - t)
                times[name].append(float(np.median(runs)))
        print(f"{task:12s} " + "  ".join(f"{n} {times[n][-1]:.3f} s" for n in ESTIMATORS), flush=True)
    mean = {n: float(np.mean(v)) for n, v in times.items()}
    print("mean fit time over the tasks: " + ", ".join(f"{n} {m:.3f} s" for n, m in mean.items()))
    print("GBRFF2+ / GBRFF2 fit time: %.2f" % (mean["GBRFF2+"] / mean["GBRFF2"]))
    return 0


def _warm_data():
    rng = np.random.RandomState(0)
    X = rng.randn(60, 3)
    return X, (X[:, 0] > 0).astype(int)


if __name__ == "__main__":
    sys.exit(main())
