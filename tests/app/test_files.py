"""The app's downloads round-trip (appkit._files): the playground's data CSV is the student's own file, its
model JSON applies to the raw data with numpy alone, and every downloaded file is named by one scheme.

Nothing here needs the UCI data: the data are generated or written in the test.
"""

import ast
import csv
import io
import json
import re
from pathlib import Path

import numpy as np
import pytest
from sklearn.model_selection import train_test_split

from appkit import _files as files
from gbrff import LOSSES, GBRFF1Classifier, GBRFF2Classifier, GBRFF2PlusClassifier, GBRFFLSClassifier
from gbrff.datasets import make_toy

ROOT = Path(__file__).resolve().parents[2]
NAME = re.compile(r"^gbrff(-[a-z0-9]+)+\.(csv|json|html)$")  # gbrff-<page>-<what>[-<data>].<ext>


# ---------------------------------------------------------------- a model applied with numpy alone
def apply_model(doc, X):
    """(H, P(classes), labels) of a model JSON on raw rows X, with numpy alone (no gbrff), as its format says."""
    assert doc["format"] == "gbrff-model/1"
    Z = np.asarray(X, dtype=np.float64)
    for step in doc["preprocessing"]:
        if step["step"] == "standardise":
            Z = (Z - np.asarray(step["mean"])) / np.asarray(step["scale"])
        elif step["step"] == "quantile_features":
            Z = np.column_stack([Z, *[np.interp(Z[:, j], k["values"], k["levels"])
                                      for j, k in enumerate(step["knots"])]])
        else:
            raise AssertionError(step["step"])
    H = []
    for e in doc["expansions"]:
        W, b, q, a = (np.asarray(e[k], dtype=np.float64) for k in ("omegas", "phases", "q", "alphas"))
        H.append(e["init_score"] + np.einsum("ntk,tk,t->n", np.cos(np.einsum("tkd,nd->ntk", W, Z) - b), q, a))
    link = doc["link"]
    if link["kind"] == "logistic":
        p = [1.0 / (1.0 + np.exp(-link["slope"] * h)) for h in H]
    else:
        p = [np.clip(link["intercept"] + link["slope"] * h, 0.0, 1.0) for h in H]
    classes = np.asarray(doc["classes"], dtype=object)
    if len(H) == 1:
        return H[0], np.column_stack([1.0 - p[0], p[0]]), np.where(H[0] > 0, classes[1], classes[0])
    H, P = np.column_stack(H), np.column_stack(p)
    return H, P / P.sum(axis=1, keepdims=True), classes[np.argmax(H, axis=1)]


def playground_model(algo, seed=0, T=25, loss="exponential"):
    """The estimator the playground fits for ``algo`` (pages/playground.py's make_model, small T)."""
    if algo == "GBRFF2":
        return GBRFF2Classifier(n_estimators=T, gamma=0.5, loss=loss, random_state=seed, standardize=False)
    if algo == "GBRFF2+":
        return GBRFF2PlusClassifier(n_estimators=T, gamma=0.5, random_state=seed)
    if algo == "GBRFF1":
        return GBRFF1Classifier(n_estimators=T, n_components=5, gamma=0.5, random_state=seed, standardize=False)
    return GBRFFLSClassifier(n_estimators=T, n_components=5, gamma=0.5, c=16.0, learning_rate=0.5,
                             random_state=seed, standardize=False)


def student_csv(n=160, seed=0):
    """A student's file: semicolons, the label first with their own class names, raw units far from 0."""
    rng = np.random.RandomState(seed)
    X = rng.normal(size=(n, 2)) * [3.0, 120.0] + [10.0, -500.0]
    label = np.where((X[:, 0] - 10) * (X[:, 1] + 500) > 0, "setosa, wild", "Versicolor")
    rows = [f'"{c}";{a!r};{b!r}' for (a, b), c in zip(X.tolist(), label)]
    return "Class;Sepal width (cm);height\n" + "\n".join(rows) + "\n"


ALGOS = ["GBRFF2", "GBRFF2+", "GBRFF1", "GBRFF-LS"]


@pytest.mark.parametrize("algo", ALGOS)
def test_model_json_of_an_upload_applies_to_the_raw_data(algo):
    """Fitted as the playground fits an upload (on its standardised coordinates), the JSON applied to the
    student's raw values gives the estimator's H, probabilities and classes (named as in the file)."""
    pts = files.read_points_csv(student_csv().encode())
    Z = pts.standardised()
    train, test = files.split_indices(pts.y, 0.3, 0)
    est = playground_model(algo).fit(Z[train], pts.y[train])
    text = files.model_to_json(est, algo, features=pts.features, classes=pts.classes,
                               standardisation=pts.standardisation(), data="iris.csv")
    doc = json.loads(text, parse_constant=lambda c: pytest.fail(f"{c} in the JSON"))
    assert doc["features"] == ["Sepal width (cm)", "height"]
    assert doc["classes"] == ["Versicolor", "setosa, wild"] and doc["positive_class"] == "setosa, wild"
    assert doc["preprocessing"][0]["by"] == "the app, before the fit" and doc["data"] == "iris.csv"
    H, P, labels = apply_model(doc, pts.X)  # the raw values, all rows (train and test)
    np.testing.assert_allclose(H, est.decision_function(Z), rtol=0, atol=1e-10)
    np.testing.assert_allclose(P, est.predict_proba(Z), rtol=0, atol=1e-10)
    named = np.where(est.predict(Z) > 0, pts.classes[1], pts.classes[0])
    assert (labels == named).all()
    assert (np.where(pts.y > 0, pts.classes[1], pts.classes[0]) == pts.cells[:, pts.label_column]).all()


@pytest.mark.parametrize("algo", ALGOS)
def test_model_json_of_toy_data_applies_to_the_data_csv(algo):
    """Toy data: the model works on the generated coordinates; the JSON applied to the data CSV's values
    (read back from the text) gives the estimator's outputs."""
    X, y = make_toy("circles", n_samples=120, random_state=3)
    train, test = files.split_indices(y, 0.3, 3)
    est = playground_model(algo, seed=3).fit(X[train], y[train])
    doc = json.loads(files.model_to_json(est, algo, data="circles"))
    assert doc["classes"] == [-1, 1] and doc["features"] == ["x1", "x2"]
    assert [s["by"] for s in doc["preprocessing"]] == (
        ["the estimator (quantile_features=True)", "the estimator (standardize=True)"] if algo == "GBRFF2+" else [])
    pts = files.read_points_csv(files.points_to_csv(X, y, files.split_column(len(y), test)).encode())
    np.testing.assert_array_equal(pts.X, X)  # every digit written
    assert (pts.split == files.split_column(len(y), test)).all()
    H, P, labels = apply_model(doc, pts.X)
    np.testing.assert_allclose(H, est.decision_function(X), rtol=0, atol=1e-10)
    np.testing.assert_allclose(P, est.predict_proba(X), rtol=0, atol=1e-10)
    assert (labels.astype(int) == est.predict(X)).all()


@pytest.mark.parametrize("loss", sorted(n for n, loss in LOSSES.items() if loss.link is not None))
def test_the_json_link_is_the_loss_s_probability(loss):
    """Every loss's link, as the JSON writes it, is the registry's (the estimators' predict_proba)."""
    X, y = make_toy("moons", n_samples=80, random_state=0)
    est = GBRFF2Classifier(n_estimators=6, loss=loss, random_state=0, standardize=False).fit(X, y)
    doc = files.model_to_dict(est, "GBRFF2")
    assert doc["link"]["loss"] == loss
    H, P, labels = apply_model(doc, X)
    np.testing.assert_allclose(P, est.predict_proba(X), rtol=0, atol=1e-12)
    # H = init_score + 1 · cos(0 · x − 0): the link alone, over a range of H
    doc["preprocessing"] = []
    doc["expansions"] = [{"init_score": 0.0, "omegas": [[[0.0]]], "phases": [[0.0]], "q": [[1.0]], "alphas": [1.0]}]
    for h in np.linspace(-4, 4, 17):
        doc["expansions"][0]["init_score"] = h - 1.0
        assert apply_model(doc, np.zeros((1, 1)))[1][0, 1] == pytest.approx(LOSSES[loss].probability(h), abs=1e-15)


def test_model_json_multiclass_and_strictness():
    """One-vs-rest: one expansion per class, largest H wins, probabilities normalised; no NaN in the text."""
    rng = np.random.RandomState(0)
    X = rng.normal(size=(150, 2))
    y = np.array(["a", "b", "c"])[np.argmax(X @ [[1, -1, 0], [0, 1, -1]], axis=1)]
    est = GBRFF2Classifier(n_estimators=10, random_state=0).fit(X, y)
    doc = json.loads(files.model_to_json(est, "GBRFF2"))
    assert doc["classes"] == ["a", "b", "c"] and "positive_class" not in doc and len(doc["expansions"]) == 3
    H, P, labels = apply_model(doc, X)
    np.testing.assert_allclose(H, est.decision_function(X), rtol=0, atol=1e-10)
    np.testing.assert_allclose(P, est.predict_proba(X), rtol=0, atol=1e-10)
    assert (labels == est.predict(X)).all()
    # a number that is not finite becomes null: strict JSON that every reader takes
    est.expansions_[0].train_loss[0] = np.inf
    text = files.model_to_json(est, "GBRFF2")
    assert json.loads(text)["expansions"][0]["train_loss"][0] is None and "Infinity" not in text
    with pytest.raises(ValueError, match="feature names"):
        files.model_to_dict(est, features=["only one"])


# ---------------------------------------------------------------- the model JSON read back
FIXTURES = ROOT / "tests" / "fixtures"


def assert_predicts_as(loaded, est, X):
    for name in ("decision_function", "predict_proba", "predict"):
        np.testing.assert_array_equal(getattr(loaded, name)(X), getattr(est, name)(X), err_msg=name)
    for a, b in zip(loaded.staged_decision_function(X), est.staged_decision_function(X), strict=True):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("algo", ALGOS)
def test_model_json_loads_back_into_the_estimator(algo):
    """The download is the estimator's to_dict (its params, expansions and the rest as ``fitted``) beside the
    app's keys; read back, it gives the estimator, bit for bit, and what the app wrote beside it."""
    pts = files.read_points_csv(student_csv().encode())
    Z = pts.standardised()
    train, _ = files.split_indices(pts.y, 0.3, 0)
    est = playground_model(algo).fit(Z[train], pts.y[train])
    text = files.model_to_json(est, algo, features=pts.features, classes=pts.classes,
                               standardisation=pts.standardisation(), data="iris.csv")
    doc = json.loads(text)
    assert {**doc["fitted"], "params": doc["params"], "expansions": doc["expansions"]} == \
        json.loads(json.dumps(est.to_dict()))
    loaded = files.model_from_json(text)
    assert type(loaded.estimator) is type(est) and (loaded.estimator.classes_ == est.classes_).all()
    assert_predicts_as(loaded.estimator, est, Z)
    assert (loaded.name, loaded.data, loaded.features, loaded.classes) == (
        algo, "iris.csv", ["Sepal width (cm)", "height"], ["Versicolor", "setosa, wild"])
    for mine, theirs in zip(loaded.standardisation, pts.standardisation()):
        np.testing.assert_array_equal(mine, theirs)


def test_model_json_files_of_the_first_version_still_load():
    """Files the app wrote before the ``fitted`` key (tests/fixtures, written by the app at 7cec883): the
    estimator rebuilt from their other keys scores as the estimator refitted here, bit for bit, and
    predicts the class names the file shows."""
    pts = files.read_points_csv(student_csv(60).encode())
    Z = pts.standardised()
    train, _ = files.split_indices(pts.y, 0.3, 0)
    est = playground_model("GBRFF2+", T=8).fit(Z[train], pts.y[train])
    loaded = files.model_from_json((FIXTURES / "gbrff-model-1-gbrff2-plus-upload.json").read_bytes())
    assert "fitted" not in json.loads((FIXTURES / "gbrff-model-1-gbrff2-plus-upload.json").read_text())
    np.testing.assert_array_equal(loaded.estimator.decision_function(Z), est.decision_function(Z))
    np.testing.assert_array_equal(loaded.estimator.predict_proba(Z), est.predict_proba(Z))
    assert list(loaded.estimator.classes_) == ["Versicolor", "setosa, wild"] == loaded.classes
    named = np.where(est.predict(Z) > 0, "setosa, wild", "Versicolor")
    assert (loaded.estimator.predict(Z) == named).all() and loaded.standardisation is not None
    np.testing.assert_array_equal(loaded.estimator.quantile_knots_[1][0], est.quantile_knots_[1][0])
    np.testing.assert_array_equal(loaded.estimator.mean_, est.mean_)

    X, y = make_toy("circles", n_samples=60, random_state=3)
    train, _ = files.split_indices(y, 0.3, 3)
    est = playground_model("GBRFF1", seed=3, T=6).fit(X[train], y[train])
    loaded = files.model_from_json((FIXTURES / "gbrff-model-1-gbrff1-circles.json").read_text())
    assert_predicts_as(loaded.estimator, est, X)  # the toy data's classes are -1 and 1: the same labels
    assert loaded.estimator.gamma_ == est.gamma_ and loaded.standardisation is None


def test_a_file_that_is_not_a_model_is_refused_with_a_sentence():
    X, y = make_toy("moons", n_samples=60, random_state=0)
    doc = files.model_to_dict(GBRFF2Classifier(n_estimators=3, random_state=0).fit(X, y), "GBRFF2")
    for bad, words in [("{not json", "not JSON text"), ("[1, 2]", "format is 'list'"),
                       (json.dumps({**doc, "format": "gbrff-model/9"}), "format is 'gbrff-model/9'"),
                       (json.dumps({k: v for k, v in doc.items() if k != "expansions"}), "lacks the key 'expansions'"),
                       (json.dumps({**doc, "fitted": {**doc["fitted"], "version": 7}}), "version 7"),
                       (json.dumps({**doc, "fitted": [1]}), "keys do not hold what the app writes"),
                       (json.dumps({**{k: v for k, v in doc.items() if k != "fitted"}, "estimator": "LGBMClassifier"}),
                        "not a GBRFF estimator")]:
        with pytest.raises(ValueError, match=words):
            files.model_from_json(bad)


# ---------------------------------------------------------------- the data CSV: upload -> download -> upload
NOIR = 'chat "noir"'  # a class name with quotes
ODD_FILES = {
    "semicolons, label first, quoted names": student_csv(40),
    "no header": "\n".join(f"{i / 7!r},{-i * 3},{'yes' if i % 3 else 'no'}" for i in range(30)),
    "tabs, class names with quotes and unicode": "a\tb\tclass\n" + "\n".join(
        f"{i}.50\t1e{i % 4}\t{NOIR if i % 2 else 'élève'}" for i in range(24)),
    "markdown label and a feature named split": "split,x,label\n" + "\n".join(
        f"{i},{i % 5}.0,{'![x](http://127.0.0.1:9/u.png)' if i % 2 else '0'}" for i in range(20)),
    "numeric labels, windows line ends, spaces": "u , v , target\r\n" + "\r\n".join(
        f" {i} , {i * i} , {i % 2}" for i in range(16)),
}


@pytest.mark.parametrize("name", list(ODD_FILES))
def test_data_csv_is_the_student_s_file_and_reads_back_the_same(name):
    first = files.read_points_csv(ODD_FILES[name].encode())
    train, test = files.split_indices(first.y, 0.3, 7)
    split = files.split_column(len(first.y), test)
    text = first.to_csv(split)
    back = files.read_points_csv(text.encode())
    np.testing.assert_array_equal(back.X, first.X)  # the same points, bit for bit, in the same order
    assert (back.y == first.y).all() and back.classes == first.classes
    assert back.columns == first.columns and back.label_column == first.label_column
    assert (back.cells == first.cells).all() and (back.split == split).all()
    # the same split and the same picture's coordinates from the same seed and test share
    for a, b in zip(files.split_indices(back.y, 0.3, 7), (train, test)):
        assert (a == b).all()
    np.testing.assert_array_equal(back.standardised(), first.standardised())
    # the student's column names, values and class names as they wrote them, not standardised numbers or ±1
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[0] == [*first.columns, "split"]
    assert [r[:3] for r in rows[1:]] == first.cells.tolist() and [r[3] for r in rows[1:]] == split.tolist()


def test_data_csv_keeps_student_values_not_standardised_ones():
    text = "width,height,label\n" + "\n".join(f"{100 + i}.25,{-3 * i},{'big' if i % 2 else 'small'}"
                                              for i in range(20))
    out = files.read_points_csv(text.encode()).to_csv(["train"] * 20)
    assert out.splitlines()[:3] == ["width,height,label,split", "100.25,0,small,train", "101.25,-3,big,train"]


@pytest.mark.parametrize("text, words", [
    ("x1,x2,label,split\n" + "\n".join(f"{i},{i},{i % 2},later" for i in range(12)), "split must say train or test.*line 2 says 'later'"),
    ("x1,x2,label,fold\n" + "\n".join(f"{i},{i},{i % 2},1" for i in range(12)), "three columns"),
    ("\n".join(f"{i},{i},{i % 2},train" for i in range(12)), "three columns"),
    ("x1,x2,label,split\n" + "\n".join(f"{i},{i},{i % 2}," for i in range(12)), "line 2 is empty there"),
])
def test_a_bad_split_column_gets_a_message(text, words):
    with pytest.raises(ValueError, match=words):
        files.read_points_csv(text.encode())


def test_parse_points_csv_keeps_its_three_values():
    X, y, classes = files.parse_points_csv(student_csv(20).encode())
    assert X.shape == (20, 2) and classes == ("Versicolor", "setosa, wild")


def test_split_indices_are_train_test_split_s():
    X, y = make_toy("board", n_samples=200, random_state=5)
    train, test = files.split_indices(y, 0.35, 5)
    for mine, theirs in zip((X[train], X[test], y[train], y[test]),
                            train_test_split(X, y, test_size=0.35, random_state=5, stratify=y)):
        np.testing.assert_array_equal(mine, theirs)


# ---------------------------------------------------------------- one naming scheme
def test_download_names():
    assert files.download_name("playground", "model GBRFF2+", "upload-xor", "json") == \
        "gbrff-playground-model-gbrff2-plus-upload-xor.json"
    assert files.download_name("k_and_lambda", "boundaries_moons_D10") == "gbrff-k-and-lambda-boundaries-moons-d10.html"
    assert files.download_name("uci_comparison", "table2_2019", ext="csv") == "gbrff-uci-comparison-table2-2019.csv"
    assert files.upload_label("Mes données (v2).CSV") == "upload-mes-donnees-v2"
    assert files.upload_label("gbrff-playground-data-upload-mes-donnees-v2.csv") == "upload-mes-donnees-v2"
    assert files.upload_label("../../etc/passwd") == "upload-etc-passwd" and files.upload_label("") == "upload"
    for args in [("playground", "data", "upload-" + "x" * 300, "csv"), ("home", "wave ~ 1", None, "html")]:
        assert NAME.match(files.download_name(*args)) and len(files.download_name(*args)) < 160


def _download_calls(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            fn = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", None)
            if fn == "download_button":
                yield node


def test_every_download_button_is_named_by_download_name():
    """Every st.download_button of the pages and of appkit names its file with download_name."""
    seen = 0
    for path in sorted([*ROOT.glob("pages/*.py"), *ROOT.glob("appkit/*.py"), ROOT / "app.py"]):
        for call in _download_calls(path):
            seen += 1
            value = {k.arg: k.value for k in call.keywords}.get("file_name")
            assert isinstance(value, ast.Call) and getattr(value.func, "id", None) == "download_name", \
                f"{path.name}:{call.lineno}: file_name not from download_name"
    assert seen >= 5


# ---------------------------------------------------------------- the playground's buttons, under AppTest
@pytest.fixture
def downloads(monkeypatch, in_checkout):
    """Every download button a page run draws: key -> (file name, data), recorded as the page calls it."""
    import streamlit as st
    from streamlit.delta_generator import DeltaGenerator

    seen, drawn = {}, DeltaGenerator.download_button

    def record(self, label, data, file_name=None, *args, **kwargs):
        seen[kwargs.get("key")] = (file_name, data)
        return drawn(self, label, data, file_name, *args, **kwargs)

    monkeypatch.setattr(DeltaGenerator, "download_button", record)
    monkeypatch.setattr(st, "download_button", lambda *a, **k: record(st._main, *a, **k))
    return seen


def _content(data):
    return data() if callable(data) else data


def test_playground_downloads_after_an_upload_round_trip(downloads):
    """Upload a student's file, download its data and model, upload the data again: the same picture, the
    same model; the data CSV holds the student's columns, values and class names; the JSON applied to those
    raw values gives the page's model (refitted here); every file follows the naming scheme."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "pages" / "playground.py"), default_timeout=120)
    for k, v in {"data": "upload", "T": "20", "lgbm": "0"}.items():
        at.query_params[k] = v
    at.run()
    at.session_state["playground:sec_downloads"] = True  # open the section with the data and model buttons
    original = student_csv(120)
    at.file_uploader(key="upload_file").set_value(("Iris data.csv", original.encode(), "text/csv")).run()
    assert not at.exception, at.exception[0].message if at.exception else ""
    picture = at.get("component_instance")[0].proto.json_args
    names = {k: name for k, (name, _) in downloads.items()}
    assert all(NAME.match(n) for n in names.values()), names
    assert names["dl_data"] == "gbrff-playground-data-upload-iris-data.csv"
    assert names["dl_model"] == "gbrff-playground-model-gbrff2-upload-iris-data.json"
    assert names["dl_curves"] == "gbrff-playground-curves-upload-iris-data.html"
    data_csv, model_json = (_content(downloads[k][1]) for k in ("dl_data", "dl_model"))

    # the data: the student's file, with each row's split
    pts, back = files.read_points_csv(original.encode()), files.read_points_csv(data_csv.encode())
    np.testing.assert_array_equal(back.X, pts.X)
    assert back.columns == ("Class", "Sepal width (cm)", "height") and back.classes == pts.classes
    train, test = files.split_indices(pts.y, 0.3, 0)
    assert (back.split == files.split_column(len(pts.y), test)).all()
    # the model: applies to those raw values as the page's model (its defaults, T = 20) to the picture's
    doc = json.loads(model_json)
    est = GBRFF2Classifier(n_estimators=20, gamma=0.5, reg_lambda=0.0, learning_rate=1.0, random_state=0,
                           standardize=False).fit(pts.standardised()[train], pts.y[train])
    H, P, labels = apply_model(doc, back.X)
    np.testing.assert_allclose(H, est.decision_function(pts.standardised()), rtol=0, atol=1e-10)
    assert doc["classes"] == list(pts.classes) and doc["features"] == ["Sepal width (cm)", "height"]
    assert doc["data"] == "Iris data.csv"

    # upload the download: the same picture and model
    downloads.clear()
    at.file_uploader(key="upload_file").set_value((names["dl_data"], data_csv.encode(), "text/csv")).run()
    assert not at.exception, at.exception[0].message if at.exception else ""
    assert at.get("component_instance")[0].proto.json_args == picture
    assert downloads["dl_data"][0] == names["dl_data"]  # the name does not grow a prefix per round
    again = json.loads(_content(downloads["dl_model"][1]))
    assert {**again, "data": None} == {**doc, "data": None}
    assert _content(downloads["dl_data"][1]) == data_csv


def test_playground_downloads_of_toy_data(downloads):
    """Toy data: the CSV holds the generated points (all digits) in their order with their split, and the
    JSON applies to them as they are."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "pages" / "playground.py"), default_timeout=120)
    for k, v in {"data": "circles", "T": "15", "lgbm": "0", "algo": "GBRFF1", "n": "200", "seed": "4"}.items():
        at.query_params[k] = v
    at.run()
    at.session_state["playground:sec_downloads"] = True  # open the section with the data and model buttons
    at.run()
    assert not at.exception, at.exception[0].message if at.exception else ""
    names = {k: name for k, (name, _) in downloads.items()}
    assert all(NAME.match(n) for n in names.values()), names
    assert names["dl_data"] == "gbrff-playground-data-circles.csv"
    assert names["dl_model"] == "gbrff-playground-model-gbrff1-circles.json"
    pts = files.read_points_csv(_content(downloads["dl_data"][1]).encode())
    X, y = make_toy("circles", n_samples=200, noise=0.1, random_state=4)
    np.testing.assert_array_equal(pts.X, X)
    train, test = files.split_indices(y, 0.3, 4)
    assert (pts.split == files.split_column(len(y), test)).all() and pts.classes == ("-1", "1")
    doc = json.loads(_content(downloads["dl_model"][1]))
    assert doc["preprocessing"] == [] and doc["model"] == "GBRFF1"
    est = GBRFF1Classifier(n_estimators=15, n_components=10, gamma=0.5, beta=1.0, learning_rate=1.0,
                           random_state=4, standardize=False).fit(X[train], y[train])
    np.testing.assert_allclose(apply_model(doc, pts.X)[0], est.decision_function(X), rtol=0, atol=1e-10)


@pytest.mark.slow
@pytest.mark.parametrize("page", ["home", "k_and_lambda", "random_features", "uci_comparison"])
def test_every_page_s_files_follow_the_naming_scheme(page, downloads):
    """gbrff-<page>-<what>[-<data>].<ext> for every download a page draws (the playground's above)."""
    from streamlit.testing.v1 import AppTest

    at = AppTest.from_file(str(ROOT / "pages" / f"{page}.py"), default_timeout=180)
    at.run()
    assert not at.exception, at.exception[0].message if at.exception else ""
    names = [name for name, _ in downloads.values()]
    assert names and all(NAME.match(n) and n.startswith(f"gbrff-{page.replace('_', '-')}-") for n in names), names
    assert len(set(names)) == len(names)
