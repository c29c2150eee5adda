"""ONNX parity: onnxruntime's outputs against the estimator's on the 15 UCI tasks.

On each task's first split (stratified 70/30, seed = split, as the paper's
protocol; raw features, as the out-of-the-box run: the estimators standardise
inside), each estimator is fitted at its defaults and exported by ``to_onnx``
with a float32 input; the test rows, as float32, go through onnxruntime. Per
task and estimator: the largest |Δp| against ``predict_proba`` on the same rows
widened to float64 (what the float64 graph computes), against
``predict_proba`` on the float32 rows themselves (standardised in float32
there), and the share of labels equal to ``predict``'s.

    python benchmarks/onnx_parity.py --estimators GBRFF2,GBRFF2+,GBRFF1
"""

import sys
import time
from pathlib import Path

import numpy as np

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, int_list, load_tasks, pick  # noqa: E402

ESTIMATORS = ("GBRFF2", "GBRFF2+", "GBRFF1", "GBRFF-LS")


def _estimator(name, seed):
    from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier

    return {"GBRFF2": lambda: GBRFF2Classifier(random_state=seed),
            "GBRFF2+": lambda: GBRFF2PlusClassifier(random_state=seed),
            "GBRFF1": lambda: GBRFF1Classifier(random_state=seed),
            "GBRFF-LS": lambda: GBRFFLSClassifier(random_state=seed)}[name]()


def main(argv=None):
    p = Parser(prog="onnx_parity.py", description=__doc__.splitlines()[0])
    p.add_argument("--estimators", default="GBRFF2,GBRFF2+,GBRFF1",
                   help=f"comma-separated, of {', '.join(ESTIMATORS)}")
    p.add_argument("--splits", type=int_list(0), default=[0], help="comma-separated splits (seeds), >= 0")
    args = p.parse_args(argv)
    names = pick(p, "estimator", args.estimators, ESTIMATORS)
    try:
        import onnxruntime as ort
    except ImportError:
        p.fail('onnxruntime is not installed: pip install "gbrff[onnx]"')
    from sklearn.model_selection import train_test_split

    from gbrff.experiments import TASK_ORDER

    data = load_tasks(p, TASK_ORDER[:15])
    print(f"{'task':12s} {'estimator':9s} {'n_test':>6s} {'max|dp| f64':>12s} "
          f"{'max|dp| f32':>12s} {'labels':>7s} {'export s':>8s}")
    worst = {"f64": 0.0, "f32": 0.0, "labels": 1.0}
    for task, (X, y) in data.items():
        X = np.asarray(X, dtype=float)
        for s in args.splits:
            X_tr, X_te, y_tr, _ = train_test_split(X, y, test_size=0.3, stratify=y, random_state=s)
            X32 = X_te.astype(np.float32)
            X64 = X32.astype(np.float64)
            for name in names:
                est = _estimator(name, s).fit(X_tr, y_tr)
                t = time.perf_counter()
                model = est.to_onnx(X32[:1])
                export = time.perf_counter() - t
                sess = ort.InferenceSession(model.SerializeToString(),
                                            providers=["CPUExecutionProvider"])
                labels, proba = sess.run(None, {"X": X32})
                d64 = float(np.max(np.abs(proba - est.predict_proba(X64))))
                d32 = float(np.max(np.abs(proba - est.predict_proba(X32))))
                agree = float(np.mean(labels == est.predict(X64)))
                worst = {"f64": max(worst["f64"], d64), "f32": max(worst["f32"], d32),
                         "labels": min(worst["labels"], agree)}
                print(f"{task:12s} {name:9s} {X32.shape[0]:6d} {d64:12.2e} {d32:12.2e} "
                      f"{agree:7.4f} {export:8.3f}", flush=True)
    print(f"worst: max|dp| {worst['f64']:.2e} (float64 rows), {worst['f32']:.2e} (float32 rows), "
          f"labels equal {worst['labels']:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
