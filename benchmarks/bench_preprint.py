"""The 2019 preprint's speed figures, in one run on one thread.

    GBRFF_DATA_DIR=... python benchmarks/bench_preprint.py [--repeat 5] [--mkboost TASKS]

- GBRFF-LS (T = 200, K = 100, learned landmarks) fit on spambase's 30 %
  training part (1,379 rows, the preprint's split, standardised), against
  LightGBM with 200 trees on the same rows, in the same process;
- with --mkboost, MKBoost's fit time (T = 200, C = 1) on the 30 % of each
  task named.

Every library on one thread (the thread variables are set before numpy and
numba are imported). Prints the best and the median of ``--repeat`` fits,
wall clock and process CPU time (on a busy machine the CPU time is the
steadier figure), and the machine's load average.
"""

import os

for _v in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_v] = "1"

import statistics  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

from sklearn.model_selection import train_test_split  # noqa: E402
from sklearn.preprocessing import StandardScaler  # noqa: E402

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, load_tasks, number, pick  # noqa: E402


def split30(X, y, seed=0):
    """The preprint's split of a task's (X, y): 30 % to train, standardised on it."""
    Xa, Xb, ya, yb = train_test_split(X, y, train_size=0.3, stratify=y, random_state=seed)
    sc = StandardScaler().fit(Xa)
    return sc.transform(Xa), ya, sc.transform(Xb), yb


def timed(make, X, y, repeat):
    make().fit(X, y)                         # warm-up (compilation, caches)
    wall, cpu = [], []
    for _ in range(repeat):
        est = make()
        w0, c0 = time.perf_counter(), time.process_time()
        est.fit(X, y)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return est, wall, cpu


def line(name, est, wall, cpu, Xb, yb):
    return (f"{name:<28} wall best {min(wall):.3f} s, median {statistics.median(wall):.3f} s; "
            f"cpu best {min(cpu):.3f} s, median {statistics.median(cpu):.3f} s; "
            f"test accuracy {est.score(Xb, yb):.4f}")


def main(argv=None):
    p = Parser(prog="bench_preprint.py", description=__doc__.splitlines()[0])
    p.add_argument("--repeat", type=number(int, 1), default=5, help="timed fits (best and median), >= 1")
    p.add_argument("--mkboost", default=None, help="comma-separated tasks for MKBoost's fit time")
    args = p.parse_args(argv)
    from gbrff.datasets import PREPRINT_TASKS, UCI_TASKS

    mkboost = [] if args.mkboost is None else pick(p, "task", args.mkboost, UCI_TASKS + PREPRINT_TASKS)
    data = load_tasks(p, ["spambase"] + mkboost)       # every file before the first fit
    from lightgbm import LGBMClassifier

    from gbrff import GBRFFLSClassifier
    from gbrff._boosting import ENGINE

    Xa, ya, Xb, yb = split30(*data["spambase"])
    print(f"spambase 30 %: {Xa.shape[0]} rows x {Xa.shape[1]} features; engine {ENGINE}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    est, wall, cpu = timed(lambda: GBRFFLSClassifier(n_estimators=200, n_components=100,
                                                     learning_rate=0.1, c=1.0, random_state=0,
                                                     n_jobs=1), Xa, ya, args.repeat)
    print(line("GBRFF-LS T=200 K=100", est, wall, cpu, Xb, yb))
    est, wall, cpu = timed(lambda: LGBMClassifier(n_estimators=200, max_depth=3, num_leaves=8,
                                                  random_state=0, n_jobs=1, verbose=-1),
                           Xa, ya, args.repeat)
    print(line("LightGBM 200 trees depth 3", est, wall, cpu, Xb, yb))
    if mkboost:
        from gbrff.baselines import MKBoostClassifier

        for task in mkboost:
            Xa, ya, Xb, yb = split30(*data[task])
            est, wall, cpu = timed(lambda: MKBoostClassifier(n_estimators=200, C=1.0),
                                   Xa, ya, 1)
            print(line(f"MKBoost {task} ({Xa.shape[0]} rows)", est, wall, cpu, Xb, yb)
                  + f"; rounds {est.n_iter_}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
