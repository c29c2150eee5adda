"""ONNX export (gbrff._onnx): onnxruntime's labels and probabilities equal predict and
predict_proba for every estimator, loss and feature-map option; the ranks' search against
np.interp; skl2onnx's converter (ZipMap, pipelines, string labels), registered lazily; the
error without the extra."""

import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from sklearn.base import BaseEstimator, RegressorMixin
from sklearn.datasets import load_iris, make_classification

from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier
from gbrff._onnx import to_onnx

ort = pytest.importorskip("onnxruntime")
onnx = pytest.importorskip("onnx")

ROOT = Path(__file__).resolve().parents[2]

ESTIMATORS = {
    "GBRFF2": lambda **kw: GBRFF2Classifier(n_estimators=15, **kw),
    "GBRFF2-raw": lambda **kw: GBRFF2Classifier(n_estimators=15, standardize=False, **kw),
    "GBRFF2-ranks": lambda **kw: GBRFF2Classifier(n_estimators=15, quantile_features=True, **kw),
    "GBRFF2-fkl": lambda **kw: GBRFF2Classifier(n_estimators=15, feature_bandwidths="fkl", **kw),
    "GBRFF2+": lambda **kw: GBRFF2PlusClassifier(**{"n_estimators": 15, **kw}),
    "GBRFF2+-raw": lambda **kw: GBRFF2PlusClassifier(**{"n_estimators": 15, "standardize": False, **kw}),
    "GBRFF2+-screen": lambda **kw: GBRFF2PlusClassifier(**{"n_estimators": 15, "feature_screening": 0.05,
                                                           **kw}),
    "GBRFF2-early": lambda **kw: GBRFF2Classifier(n_estimators=40, n_iter_no_change=2, **kw),
    "GBRFF1": lambda **kw: GBRFF1Classifier(n_estimators=8, n_components=4, **kw),
    "GBRFF1-random-raw": lambda **kw: GBRFF1Classifier(n_estimators=8, n_components=4,
                                                       landmarks="random", standardize=False, **kw),
}
LOSSES = ("exponential", "log_loss", "squared_error")
# every configuration with the paper's loss, the three main ones with every loss
CASES = [(name, "exponential") for name in ESTIMATORS] + [
    (name, loss) for name in ("GBRFF2", "GBRFF2+", "GBRFF1") for loss in LOSSES[1:]]


def data(n_classes):
    """Train and test rows in units far from standard; the test rows reach beyond the
    training range (ranks below the first and above the last knot)."""
    if n_classes == 3:
        X, y = load_iris(return_X_y=True)
    else:
        X, y = make_classification(160, n_features=5, n_informative=3, n_redundant=0,
                                   random_state=0)
        X = X * [1.0, 10.0, 0.1, 3.0, 1e3] + [0.0, 5.0, -2.0, 1.0, 1e4]
    rng = np.random.default_rng(0)
    Xt = np.vstack([X, X.mean(0) + 2.5 * (X - X.mean(0)) * rng.uniform(0, 1, X.shape)])
    return X, y, Xt.astype(np.float32)


def session(model):
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])


def run(model, X):
    s = session(model)
    return s.run(None, {s.get_inputs()[0].name: X})


def proba_of(out, classes):
    """The probabilities of an output: a tensor, or skl2onnx's ZipMap list of dicts."""
    if isinstance(out, list):
        return np.array([[row[c] for c in classes] for row in out])
    return np.asarray(out)


def check_parity(est, X32, labels, proba):
    X64 = X32.astype(np.float64)
    # the graph computes in float64: the estimator's own outputs on the input widened
    np.testing.assert_array_equal(labels, est.predict(X64))
    np.testing.assert_allclose(proba, est.predict_proba(X64), rtol=1e-9, atol=1e-12)
    # and the estimator on the float32 input itself (standardised in float32 there)
    np.testing.assert_allclose(proba, est.predict_proba(X32), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("name, loss", CASES)
def test_to_onnx_equals_the_estimator(name, loss, n_classes):
    X, y, Xt = data(n_classes)
    est = ESTIMATORS[name](loss=loss, random_state=0).fit(X, y)
    model = est.to_onnx(Xt[:1])
    assert isinstance(model, onnx.ModelProto)
    assert [o.name for o in model.graph.output] == ["label", "probabilities"]
    labels, proba = run(model, Xt)
    assert labels.dtype == np.int64 and proba.dtype == np.float64
    assert proba.shape == (Xt.shape[0], n_classes)
    check_parity(est, Xt, labels, proba)


@pytest.mark.parametrize("n_classes", [2, 3])
def test_least_squares_classifier(n_classes):
    X, y, Xt = data(n_classes)
    est = GBRFFLSClassifier(n_estimators=10, n_components=5, learning_rate=0.5,
                            random_state=0).fit(X, y)
    labels, proba = run(est.to_onnx(Xt[:1]), Xt)
    check_parity(est, Xt, labels, proba)


def test_float64_input_and_opsets():
    X, y, Xt = data(3)
    est = ESTIMATORS["GBRFF2+"](random_state=0).fit(X, y)
    X64 = Xt.astype(np.float64)
    model = est.to_onnx(X64[:1])
    assert model.graph.input[0].type.tensor_type.elem_type == onnx.TensorProto.DOUBLE
    labels, proba = run(model, X64)
    np.testing.assert_array_equal(labels, est.predict(X64))
    np.testing.assert_allclose(proba, est.predict_proba(X64), rtol=1e-9, atol=1e-12)
    from gbrff._onnx import MIN_OPSET

    for opset in (MIN_OPSET, 13):
        labels, proba = run(est.to_onnx(Xt[:1], target_opset=opset), Xt)
        check_parity(est, Xt, labels, proba)
    with pytest.raises(ValueError, match="opset"):
        est.to_onnx(target_opset=MIN_OPSET - 1)
    with pytest.raises(ValueError, match="4 features"):
        est.to_onnx(np.zeros((1, 3)))


def _ranks_model(knots):
    from onnx import helper, numpy_helper

    from gbrff._onnx import DOUBLE, _Graph, _ranks

    used = set()

    def unique(hint):
        name = f"{hint}_{len(used)}"
        used.add(name)
        return name

    g = _Graph(unique)
    out = _ranks(g, "X", knots)
    g.op("Identity", [out], out="F")
    graph = helper.make_graph(
        [helper.make_node(op, ins, [o], **attrs) for op, ins, o, attrs in g.nodes], "ranks",
        [helper.make_tensor_value_info("X", DOUBLE, [None, len(knots)])],
        [helper.make_tensor_value_info("F", DOUBLE, [None, len(knots)])],
        [numpy_helper.from_array(v, n) for n, v in g.constants])
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    model.ir_version = 8
    return model


@pytest.mark.parametrize("sizes", [(1, 2, 5), (17, 3, 1000), (999, 1000, 40)])
def test_ranks_search_equals_np_interp(sizes):
    """The graph's F(x) is np.interp's, bit for bit but for a rounding, for knots of
    every count (one level of comparisons, several), one knot, repeated knot values,
    x on the knots, between, below and above them."""
    from gbrff._feature_map import fit_quantile_knots

    rng = np.random.default_rng(1)
    knots = []
    for m in sizes:
        u = np.sort(rng.standard_normal(m) * 3)
        knots.append((u, np.sort(rng.uniform(0, 1, m))))
    u = knots[int(np.argmax(sizes))][0]
    if u.shape[0] >= 8:
        u[5:8] = u[5]   # repeated values: segments of zero width
    X = rng.standard_normal((300, len(sizes))) * 5
    for j, (u, _) in enumerate(knots):         # on the knots
        X[:min(300, len(u)), j] = u[:300]
    expected = np.column_stack([np.interp(X[:, j], *knots[j]) for j in range(len(sizes))])
    (F,) = run(_ranks_model(knots), X)
    np.testing.assert_allclose(F, expected, rtol=1e-14, atol=1e-15)
    # the knots of a fit (thinned to 1000 from 3000 distinct values)
    Z = rng.standard_normal((3000, 2))
    fitted = fit_quantile_knots(Z, np.ones(3000))
    (F,) = run(_ranks_model(fitted), X[:, :2] / 2)
    np.testing.assert_allclose(F, np.column_stack([np.interp(X[:, j] / 2, *fitted[j])
                                                   for j in range(2)]), rtol=1e-14, atol=1e-15)


def test_string_and_boolean_labels():
    X, y, Xt = data(3)
    names = np.array(["setosa", "versicolor", "virginica"])[y]
    est = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, names)
    labels, proba = run(est.to_onnx(Xt[:1]), Xt)
    assert labels.dtype == object
    check_parity(est, Xt, labels, proba)
    Xb, yb, Xbt = data(2)
    est = GBRFF2Classifier(n_estimators=10, random_state=0).fit(Xb, yb == 1)
    labels, proba = run(est.to_onnx(Xbt[:1]), Xbt)
    np.testing.assert_array_equal(labels.astype(bool), est.predict(Xbt.astype(np.float64)))
    est.classes_ = np.array([0.5, 1.5])   # (scikit-learn's fit takes such labels for continuous)
    with pytest.raises(NotImplementedError, match="fractional"):
        est.to_onnx(Xbt[:1])


def test_regressor_head_is_the_score():
    """A regressor (identity link, no classes) built on the same fitted parts: its one
    output, "variable" (N, 1), is H, the decision function."""
    X, y, Xt = data(2)
    clf = ESTIMATORS["GBRFF2+"](random_state=0).fit(X, y)

    class Regressor(RegressorMixin, BaseEstimator):
        def fit(self, X, y):
            return self

    reg = Regressor()
    reg.n_features_in_, reg.feature_map_, reg.expansions_ = (clf.n_features_in_, clf.feature_map_,
                                                             clf.expansions_)
    model = to_onnx(reg, Xt[:1])
    assert [o.name for o in model.graph.output] == ["variable"]
    (H,) = run(model, Xt)
    assert H.shape == (Xt.shape[0], 1)
    np.testing.assert_allclose(H[:, 0], clf.decision_function(Xt.astype(np.float64)),
                               rtol=1e-10, atol=1e-12)


def test_skl2onnx_converter_zipmap_pipeline_and_options():
    skl2onnx = pytest.importorskip("skl2onnx")
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    X, y, Xt = data(3)
    est = ESTIMATORS["GBRFF2+"](random_state=0).fit(X, y)
    ref = est.predict_proba(Xt.astype(np.float64))
    # skl2onnx's conventions: ZipMap (a list of dicts) by default, float32 probabilities
    labels, zipped = run(skl2onnx.to_onnx(est, Xt[:1]), Xt)
    np.testing.assert_array_equal(labels, est.predict(Xt.astype(np.float64)))
    np.testing.assert_allclose(proba_of(zipped, est.classes_), ref, rtol=1e-5, atol=1e-7)
    labels, proba = run(skl2onnx.to_onnx(est, Xt[:1], options={"zipmap": False}), Xt)
    assert proba.dtype == np.float32 and proba.shape == (Xt.shape[0], 3)
    np.testing.assert_allclose(proba, ref, rtol=1e-5, atol=1e-7)
    labels, proba = run(skl2onnx.to_onnx(est, Xt[:1].astype(np.float64),
                                         options={"zipmap": False}), Xt.astype(np.float64))
    np.testing.assert_allclose(proba, ref, rtol=1e-9, atol=1e-12)
    # nocl: the labels as indices
    names = np.array(["a", "b", "c"])[y]
    est_s = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, names)
    labels, _ = run(skl2onnx.to_onnx(est_s, Xt[:1], options={"zipmap": False, "nocl": True}), Xt)
    np.testing.assert_array_equal(est_s.classes_[labels], est_s.predict(Xt.astype(np.float64)))
    labels, zipped = run(skl2onnx.to_onnx(est_s, Xt[:1]), Xt)
    np.testing.assert_array_equal(labels, est_s.predict(Xt.astype(np.float64)))
    assert set(zipped[0]) == {"a", "b", "c"}
    # a pipeline with a StandardScaler in front (skl2onnx's scaler computes in float32)
    pipe = make_pipeline(StandardScaler(), GBRFF1Classifier(n_estimators=8, n_components=4,
                                                            standardize=False, random_state=0))
    pipe.fit(X, y)
    labels, proba = run(skl2onnx.to_onnx(pipe, Xt[:1], options={"zipmap": False}), Xt)
    np.testing.assert_allclose(proba, pipe.predict_proba(Xt.astype(np.float64)), rtol=1e-5,
                               atol=1e-6)
    assert np.mean(labels == pipe.predict(Xt.astype(np.float64))) >= 0.99


def test_no_onnx_imported_with_gbrff_and_the_converter_registered_at_skl2onnx_import():
    code = """
import sys
import numpy as np
import gbrff
assert "onnx" not in sys.modules and "skl2onnx" not in sys.modules, "imported eagerly"
X = np.random.default_rng(0).standard_normal((40, 3)); y = (X[:, 0] > 0).astype(int)
est = gbrff.GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y)
import skl2onnx
skl2onnx.to_onnx(est, X[:1].astype(np.float32))
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


@pytest.mark.slow
def test_converter_registered_when_skl2onnx_came_first():
    code = """
import numpy as np
import skl2onnx
import gbrff
X = np.random.default_rng(0).standard_normal((40, 3)); y = (X[:, 0] > 0).astype(int)
est = gbrff.GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y)
skl2onnx.to_onnx(est, X[:1].astype(np.float32))
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300, check=False)
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr[-2000:]


def test_without_the_extra_the_error_names_it(monkeypatch):
    X, y, _ = data(2)
    est = GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y)
    monkeypatch.setitem(sys.modules, "onnx", None)
    with pytest.raises(ImportError, match=r"pip install 'gbrff\[onnx\]'"):
        est.to_onnx(X[:1])


def test_when_imported_hook(monkeypatch, tmp_path):
    """gbrff._optional.when_imported: the callback runs after the package's import, once,
    and a failing callback is a warning, not an error of that import."""
    from gbrff import _optional

    (tmp_path / "gbrff_hook_probe.py").write_text("VALUE = 42\n")
    (tmp_path / "gbrff_hook_broken.py").write_text("VALUE = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    seen = []
    _optional.when_imported("gbrff_hook_probe", lambda m: seen.append(m.VALUE))
    assert seen == []
    import gbrff_hook_probe  # noqa: F401

    assert seen == [42]
    _optional.when_imported("gbrff_hook_probe", lambda m: seen.append(-m.VALUE))  # already there
    assert seen == [42, -42]
    _optional.when_imported("gbrff_hook_broken", lambda m: 1 / 0)
    with pytest.warns(RuntimeWarning, match="ZeroDivisionError"):
        import gbrff_hook_broken
    assert gbrff_hook_broken.VALUE == 1
    monkeypatch.delitem(sys.modules, "gbrff_hook_probe")
    monkeypatch.delitem(sys.modules, "gbrff_hook_broken")
