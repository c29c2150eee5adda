"""GBRFF2+'s grid search with and without ``memory`` (the cache of its bandwidths' σ fit), in one process.

On split ``s`` of each task (the protocol's: stratified 70/30 with seed ``s``, a
``StandardScaler`` on the training part), every point of the registry's GBRFF2+ grid
is fitted on each of the 5 ``StratifiedKFold`` folds and scored on the held-out fold,
as the experiments' units do, one fit at a time on one thread: once as the registry
builds it (``memory=None``), once with ``memory`` a fresh folder. Prints both wall
times and whether every fold's accuracy and decision function are equal, bit for bit.

    python benchmarks/gbrff2plus_grid_memory.py --tasks pima,spambase --splits 0
"""

import sys
import tempfile
import time
from pathlib import Path

import numpy as np

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, int_list, load_tasks  # noqa: E402


def grid_search(X, y, seed, memory):
    """(seconds, [(accuracy, decision function) per point and fold]) of the GBRFF2+ grid."""
    from sklearn.model_selection import StratifiedKFold

    from gbrff.experiments._protocol import N_FOLDS, grid_points
    from gbrff.methods import get_method

    spec = get_method("GBRFF2+")
    points = grid_points(spec.grid(X.shape[1]))
    folds = list(StratifiedKFold(n_splits=N_FOLDS).split(X, y))
    out = []
    t = time.perf_counter()
    for point in points:
        for fit_idx, ev_idx in folds:
            est = spec.make(n_iter=100, random_state=seed).set_params(**point, memory=memory)
            est.fit(X[fit_idx], y[fit_idx])
            out.append((est.score(X[ev_idx], y[ev_idx]), est.decision_function(X[ev_idx])))
    return time.perf_counter() - t, out, len(points)


def main(argv=None):
    p = Parser(prog="gbrff2plus_grid_memory.py", description=__doc__.splitlines()[0])
    p.add_argument("--tasks", default="pima,spambase", help="comma-separated UCI tasks")
    p.add_argument("--splits", type=int_list(0), default=[0], help="comma-separated splits (seeds), >= 0")
    args = p.parse_args(argv)
    from sklearn.model_selection import train_test_split
    from sklearn.preprocessing import StandardScaler

    from gbrff import warm_up

    warm_up()
    data = load_tasks(p, args.tasks.split(","))
    for task, (X, y) in data.items():
        for s in args.splits:
            X_tr, _, y_tr, _ = train_test_split(np.asarray(X, dtype=float), np.asarray(y), test_size=0.3,
                                                stratify=y, random_state=s)
            X_tr = StandardScaler().fit(X_tr).transform(X_tr)
            t_none, none, n_points = grid_search(X_tr, y_tr, s, None)
            with tempfile.TemporaryDirectory() as folder:
                t_mem, mem, _ = grid_search(X_tr, y_tr, s, folder)
            same = all(a[0] == b[0] and np.array_equal(a[1], b[1]) for a, b in zip(none, mem))
            print(f"{task:10s} split {s}: {n_points} points x 5 folds, memory=None {t_none:.1f} s, "
                  f"memory=folder {t_mem:.1f} s ({t_none / t_mem:.2f}x), models equal: {same}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
