"""Table 2's grid search on the training part of its split 0, test part unread: the best mean
5-fold CV accuracy of each grid (the tuned protocol's selection score; optimistic, as any max).

As the protocol: a stratified 70/30 split (seed 0), a StandardScaler fit on the training part,
5-fold StratifiedKFold without shuffling, the registry's grid (GBRFF2+'s, LightGBM's) with
n_iter = 100. Only CV scores are computed; nothing is refitted nor tested.

    python benchmarks/accuracy_search_tuned.py splice spambase
"""

import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent))
import accuracy_search as a  # noqa: E402

OUT = Path(__file__).resolve().parents[1] / "results" / "accuracy_search" / "tuned_cv.csv"
SUCCESSORS = ("rule c1000, exp below 5000, one-hot <= 4 evenly spaced",
              "rule c1000 (lambda only), exp below 5000, one-hot <= 4 evenly spaced")


def main(tasks):
    from sklearn.model_selection import StratifiedKFold, train_test_split, ParameterGrid
    from sklearn.preprocessing import StandardScaler
    from threadpoolctl import threadpool_limits
    from gbrff.datasets import load_uci
    from gbrff.methods import get_method

    rows = []
    done = pd.read_csv(OUT) if OUT.is_file() else pd.DataFrame(columns=["task", "candidate"])
    for task in tasks:
        X, y = load_uci(task)
        X_tr, _, y_tr, _ = train_test_split(np.asarray(X, float), np.asarray(y), test_size=0.3,
                                            stratify=y, random_state=0)
        X_tr = StandardScaler().fit_transform(X_tr)
        folds = list(StratifiedKFold(5).split(X_tr, y_tr))
        d = X_tr.shape[1]
        for cand, method in (("GBRFF2+", "GBRFF2+"), *((c, "GBRFF2+") for c in SUCCESSORS), ("LightGBM", "LGBM")):
            if ((done["task"] == task) & (done["candidate"] == cand)).any():
                continue
            spec = get_method(method)
            best, t0 = (-1.0, None), time.perf_counter()
            for point in ParameterGrid(spec.grid(d)):
                scores = []
                for k, (tr, te) in enumerate(folds):
                    if cand in SUCCESSORS:
                        est = a._plus_rule(random_state=0, n_jobs=1, **a.CANDIDATES[cand][1], **point)
                    else:
                        est = spec.make(100, 0).set_params(**point)
                    with threadpool_limits(1):
                        est.fit(X_tr[tr], y_tr[tr])
                    scores.append(float(np.mean(est.predict(X_tr[te]) == y_tr[te])))
                if np.mean(scores) > best[0]:
                    best = (float(np.mean(scores)), point)
            row = {"task": task, "candidate": cand, "best_cv": 100 * best[0], "best_params": str(best[1]),
                   "grid_seconds": time.perf_counter() - t0}
            print(row, flush=True)
            rows.append(row)
            pd.concat([done, pd.DataFrame(rows)]).to_csv(OUT, index=False, float_format="%.4f")


if __name__ == "__main__":
    from _args import Parser

    parser = Parser(description="Table 2's grid by 5-fold CV on the training part of split 0 (test unread): the "
                                "best CV score of GBRFF2+'s, its successor candidates' and LightGBM's grids.")
    parser.add_argument("tasks", nargs="+", help="Table 2 task names (e.g. splice spambase)")
    main(parser.parse_args().tasks)
