"""Many rows (issue 49): GBRFF2's stochastic options beside LightGBM on 10⁶ rows, one thread.

The development problem is ``make_classification(1_250_000, n_features=20,
random_state=1)`` (seed 1: the check ``accuracy-scale`` tests seed 0, never
read here), split 80/20 (``random_state=0``). Each run times
``LGBMClassifier(n_jobs=1, verbose=-1)`` on the same split in the same
process (the machine is shared: the load average is printed and stored
beside every row), then each candidate of :data:`CANDIDATES` (keyword
arguments of :class:`gbrff.GBRFF2Classifier`, ``n_jobs=1``): its fit seconds
and its test accuracy after each of ``--stages`` iterations (staged
predictions of the one fit), wall and CPU seconds (one thread: the CPU
seconds are the work, less disturbed by other jobs than the wall clock).
One JSON line per (candidate, run) in ``--store``, written as measured.

    python benchmarks/many_rows.py --candidates s50k R-s20k-ho
"""

import argparse
import json
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "results" / "accuracy_search" / "many_rows.jsonl"

_BASE = dict(loss="log_loss", reg_lambda=0.0, n_jobs=1, random_state=0)
#: log_loss, λ 0, ranks and unshrunk per-feature bandwidths: the first slice's many-row finding
_RANKS = dict(_BASE, quantile_features=True, feature_bandwidths="fkl", bandwidth_shrinkage=0.0)
#: name -> GBRFF2Classifier keyword arguments
CANDIDATES = {
    "s50k": dict(_BASE, subsample=50_000, step_rows="sample"),
    "s50k-all": dict(_BASE, subsample=50_000),
    "s20k": dict(_BASE, subsample=20_000, step_rows="sample"),
    "s100k": dict(_BASE, subsample=100_000, step_rows="sample"),
    "s50k-ranks": dict(_BASE, subsample=50_000, step_rows="sample", quantile_features=True),
    "s50k-ranks-fkl": dict(_BASE, subsample=50_000, step_rows="sample", quantile_features=True,
                           feature_bandwidths="fkl"),
    "s50k-fkl": dict(_BASE, subsample=50_000, step_rows="sample", feature_bandwidths="fkl"),
    "s50k-goss": dict(_BASE, subsample=50_000, step_rows="sample", sampling_method="goss"),
    "s50k-steps5": dict(_BASE, subsample=50_000, step_rows="sample", n_optim_steps=5),
    "s30k-steps5": dict(_BASE, subsample=30_000, step_rows="sample", n_optim_steps=5),
    "s20k-steps3": dict(_BASE, subsample=20_000, step_rows="sample", n_optim_steps=3),
    "s50k-lr05": dict(_BASE, subsample=50_000, step_rows="sample", learning_rate=0.5),
    "s50k-gamma2": dict(_BASE, subsample=50_000, step_rows="sample", gamma=0.1),
    "s50k-gamma05": dict(_BASE, subsample=50_000, step_rows="sample", gamma=0.025),
    "s50k-ranks-fkl-ho": dict(_BASE, subsample=50_000, step_rows="holdout", quantile_features=True,
                              feature_bandwidths="fkl"),
    "s50k-ranks-fkl-all": dict(_BASE, subsample=50_000, quantile_features=True,
                               feature_bandwidths="fkl"),
    "s50k-ho": dict(_BASE, subsample=50_000, step_rows="holdout"),
    "s20k-ranks-fkl-ho": dict(_BASE, subsample=20_000, step_rows="holdout", quantile_features=True,
                              feature_bandwidths="fkl"),
    "R-s10k-ho": dict(_RANKS, subsample=10_000, step_rows="holdout"),
    "R-s20k-ho": dict(_RANKS, subsample=20_000, step_rows="holdout"),
    "R-s20k-ho-st5": dict(_RANKS, subsample=20_000, step_rows="holdout", n_optim_steps=5),
    "R-s50k-ho-st5": dict(_RANKS, subsample=50_000, step_rows="holdout", n_optim_steps=5),
    "R-s20k-in": dict(_RANKS, subsample=20_000, step_rows="sample"),
    "R-s10k-in": dict(_RANKS, subsample=10_000, step_rows="sample"),
    "R-s20k-in-es": dict(_RANKS, subsample=20_000, step_rows="sample", n_iter_no_change=10,
                         validation_fraction=20_000),
    "R-s20k-ho-goss": dict(_RANKS, subsample=20_000, step_rows="holdout", sampling_method="goss"),
    "R-s20k-ho-f32": dict(_RANKS, subsample=20_000, step_rows="holdout"),
    "F-s20k-ho": dict(_BASE, subsample=20_000, step_rows="holdout", feature_bandwidths="fkl",
                      bandwidth_shrinkage=0.0),
    "F-s50k-ho": dict(_BASE, subsample=50_000, step_rows="holdout", feature_bandwidths="fkl",
                      bandwidth_shrinkage=0.0),
    "F-s20k-in": dict(_BASE, subsample=20_000, step_rows="sample", feature_bandwidths="fkl",
                      bandwidth_shrinkage=0.0),
    "F-s20k-all": dict(_BASE, subsample=20_000, feature_bandwidths="fkl", bandwidth_shrinkage=0.0),
    "Q-s20k-ho": dict(_BASE, subsample=20_000, step_rows="holdout", quantile_features=True),
    "R-s20k-ho-es": dict(_RANKS, subsample=20_000, step_rows="holdout", n_iter_no_change=20,
                         validation_fraction=20_000),
    # the registry's GBRFF2+ today (its 100 iterations, every row), the baseline
    "GBRFF2+": dict(reg_lambda=2.0**-4, quantile_features=True, feature_bandwidths="fkl",
                    bandwidth_shrinkage=0.75, n_jobs=1, random_state=0),
    "GBRFF2+-s20k-in": dict(reg_lambda=2.0**-4, quantile_features=True, feature_bandwidths="fkl",
                            bandwidth_shrinkage=0.75, n_jobs=1, random_state=0, subsample=20_000,
                            step_rows="sample"),
    "GBRFF2+-s20k-in-log": dict(reg_lambda=2.0**-4, quantile_features=True, feature_bandwidths="fkl",
                                bandwidth_shrinkage=0.75, n_jobs=1, random_state=0, subsample=20_000,
                                step_rows="sample", loss="log_loss"),
    "GBRFF2+-s20k-in-log-l0": dict(reg_lambda=0.0, quantile_features=True, feature_bandwidths="fkl",
                                   bandwidth_shrinkage=0.75, n_jobs=1, random_state=0,
                                   subsample=20_000, step_rows="sample", loss="log_loss"),
    "s50k-es": dict(_BASE, subsample=50_000, step_rows="sample", n_iter_no_change=20,
                    validation_fraction=20_000),
}


def _data(seed):
    from sklearn.datasets import make_classification
    from sklearn.model_selection import train_test_split

    X, y = make_classification(1_250_000, n_features=20, random_state=seed)
    return train_test_split(X, y, test_size=0.2, random_state=0)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", nargs="+", default=["s50k"], help="names of CANDIDATES")
    parser.add_argument("--n-estimators", type=int, default=400)
    parser.add_argument("--stages", type=int, nargs="+", default=[100, 200, 300, 400])
    parser.add_argument("--seed", type=int, default=1, help="make_classification's seed (not 0)")
    parser.add_argument("--no-lightgbm", action="store_true")
    parser.add_argument("--store", type=Path, default=STORE)
    args = parser.parse_args(argv)
    if args.seed == 0:
        parser.error("seed 0 is the check's test problem: develop on another seed")
    from gbrff import GBRFF2Classifier

    Xa, Xb, ya, yb = _data(args.seed)
    Xa32 = np.asfortranarray(Xa, dtype=np.float32) if any(c.endswith("-f32") for c in args.candidates) else None
    # warm the compiled code (the JIT's Fourier pass of the bandwidth fit) outside the timings
    GBRFF2Classifier(n_estimators=3, feature_bandwidths="fkl", quantile_features=True,
                     n_jobs=1).fit(Xa[:3000], ya[:3000])
    args.store.parent.mkdir(parents=True, exist_ok=True)
    base = {"seed": args.seed, "n_train": int(Xa.shape[0])}

    def store(row):            # each row as soon as measured: an interrupted run keeps its rows
        with open(args.store, "a") as fh:
            fh.write(json.dumps(row) + "\n")
    if not args.no_lightgbm:
        from lightgbm import LGBMClassifier

        load = os.getloadavg()[0]
        t, c = time.perf_counter(), time.process_time()
        lgbm = LGBMClassifier(n_jobs=1, verbose=-1).fit(Xa, ya)
        ft, ct = time.perf_counter() - t, time.process_time() - c
        acc = float((lgbm.predict(Xb) == yb).mean())
        print(f"LightGBM: {acc:.4f} in {ft:.1f}s, cpu {ct:.1f}s (load {load:.2f})", flush=True)
        store({**base, "candidate": "LightGBM", "fit_s": ft, "cpu_s": ct, "accuracy": acc,
               "load": load})
    for name in args.candidates:
        params = dict(CANDIDATES[name], n_estimators=args.n_estimators)
        load = os.getloadavg()[0]
        est = GBRFF2Classifier(**params)
        t, c = time.perf_counter(), time.process_time()
        est.fit(Xa32 if name.endswith("-f32") else Xa, ya)
        ft, ct = time.perf_counter() - t, time.process_time() - c
        staged = {}
        for k, pred in enumerate(est.staged_predict(Xb), start=1):
            if k in args.stages or k == int(np.max(est.n_estimators_)):
                staged[k] = float((pred == yb).mean())
        acc = float((est.predict(Xb) == yb).mean())
        print(f"{name}: {acc:.4f} in {ft:.1f}s, cpu {ct:.1f}s, T={int(est.n_estimators_)}, staged "
              + " ".join(f"{k}:{v:.4f}" for k, v in staged.items()) + f" (load {load:.2f})", flush=True)
        store({**base, "candidate": name, "params": dict(params), "fit_s": ft, "cpu_s": ct,
               "accuracy": acc, "n_iter": int(est.n_estimators_), "staged": staged, "load": load})


if __name__ == "__main__":
    sys.exit(main())
