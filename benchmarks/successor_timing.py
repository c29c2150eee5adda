"""The successor's "auto" values (issue 49) timed beside LightGBM, one thread, on two dev problems.

``many``: ``make_classification(1_250_000, 20, random_state=1)`` split 80/20
(``random_state=0``, as ``benchmarks/many_rows.py``); ``wide``:
``make_classification(20_000, 1000, n_informative=20, random_state=1)`` split
80/20 stratified (``random_state=0``, as ``benchmarks/accuracy_search.py``'s
``wide-20k-1000``). Seed 1 only: the check ``accuracy-scale`` tests seed 0,
never read here. Each run fits ``LGBMClassifier(n_jobs=1, verbose=-1)`` then
``GBRFF2PlusClassifier`` with every "auto" (and ``feature_screening="auto"``),
``n_jobs=1``, in the same process, and stores one JSON line per fit (wall and
CPU seconds, test accuracy of the dev split, load average, the resolved values).

    python benchmarks/successor_timing.py --problems wide many
"""

import json
import os
import sys
import time
from pathlib import Path

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "results" / "accuracy_search" / "successor_timing.jsonl"
AUTO = ("n_estimators", "reg_lambda", "loss", "bandwidth_shrinkage", "subsample", "step_rows")


def _data(problem):
    from sklearn.datasets import make_classification
    from sklearn.model_selection import train_test_split

    if problem == "many":
        X, y = make_classification(1_250_000, n_features=20, random_state=1)
        return train_test_split(X, y, test_size=0.2, random_state=0)
    X, y = make_classification(20_000, n_features=1000, n_informative=20, random_state=1)
    return train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)


def _timed(est, Xa, ya, Xb, yb):
    load = os.getloadavg()[0]
    t, c = time.perf_counter(), time.process_time()
    est.fit(Xa, ya)
    wall, cpu = time.perf_counter() - t, time.process_time() - c
    return {"fit_s": wall, "cpu_s": cpu, "accuracy": float((est.predict(Xb) == yb).mean()), "load": load}


def main(argv=None):
    p = Parser(prog="successor_timing.py", description=__doc__.splitlines()[0])
    p.add_argument("--problems", nargs="+", default=["wide", "many"], choices=["wide", "many"])
    p.add_argument("--store", type=Path, default=STORE, help="the JSON-lines store (appended)")
    args = p.parse_args(argv)
    from lightgbm import LGBMClassifier
    from threadpoolctl import threadpool_limits

    from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier

    # warm the compiled code (the JIT's Fourier pass of the bandwidth fit) outside the timings
    Xw, yw = _data("wide")[0][:3000, :30], _data("wide")[2][:3000]
    GBRFF2Classifier(n_estimators=3, feature_bandwidths="fkl", quantile_features=True, n_jobs=1).fit(Xw, yw)
    args.store.parent.mkdir(parents=True, exist_ok=True)
    for problem in args.problems:
        Xa, Xb, ya, yb = _data(problem)
        base = {"problem": problem, "seed": 1, "n_train": int(Xa.shape[0]), "n_features": int(Xa.shape[1])}
        rows = []
        with threadpool_limits(1):
            row = _timed(LGBMClassifier(n_jobs=1, verbose=-1), Xa, ya, Xb, yb)
            rows.append({**base, "candidate": "LightGBM", **row})
            est = GBRFF2PlusClassifier(n_jobs=1, random_state=0, feature_screening="auto",
                                       **dict.fromkeys(AUTO, "auto"))
            row = _timed(est, Xa, ya, Xb, yb)
            kept = getattr(est, "support_", None)
            rows.append({**base, "candidate": "successor (all auto)", **row,
                         "resolved_params": est.resolved_params_,
                         "features_kept": None if kept is None else int(kept.sum())})
        with open(args.store, "a") as fh:
            for r in rows:
                fh.write(json.dumps(r) + "\n")
                print(f"{problem} | {r['candidate']}: {r['accuracy']:.4f} in {r['fit_s']:.1f} s "
                      f"(cpu {r['cpu_s']:.1f} s, load {r['load']:.2f})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
