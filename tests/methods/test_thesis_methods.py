"""The thesis's models in the method registry: names, pipelines, grids."""

import re

import numpy as np
import pytest
from sklearn.base import clone, is_classifier
from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.model_selection import ParameterGrid
from sklearn.svm import LinearSVC
from sklearn.tree import DecisionTreeClassifier

from gbrff.baselines import RandomFeatureEnsembleClassifier, RBFSVC
from gbrff.methods import METHODS, THESIS_ENSEMBLES, THESIS_METHODS, THESIS_SINGLE, get_method


def test_names():
    models = ["LogReg", "LinSVM", "RBFSVM", "Tree", "RF"]
    assert list(THESIS_SINGLE) == [m + s for m in models for s in ("", "+RFF", "+Nystroem")]
    assert len(THESIS_ENSEMBLES) == 20  # 3 bags/ensembles x 3 members x 2 maps + Black Ensemble of trees x 2
    assert {n.split(":")[0] for n in THESIS_ENSEMBLES} == {"BlackBag", "BlackEns", "WhiteBag", "WhiteEns"}
    assert [n for n in THESIS_ENSEMBLES if n.startswith("BlackEns")] == ["BlackEns:Tree+RFF", "BlackEns:Tree+Nystroem"]
    assert not set(THESIS_METHODS) & set(METHODS)  # the GBRFF paper's registry (and app) unchanged
    assert all(get_method(n) is THESIS_METHODS[n] for n in THESIS_METHODS)
    with pytest.raises(ValueError, match="LogReg\\+RFF"):
        get_method("SVM")


def test_names_read_as_plain_or_mapped():
    plain = re.compile(r"^(logreg|logistic)[^+]*$", re.I)
    mapped = re.compile(r"(logreg|logistic).*(rff|nystr)", re.I)
    assert [n for n in THESIS_METHODS if plain.search(n)] == ["LogReg"]
    assert {"LogReg+RFF", "LogReg+Nystroem"} <= {n for n in THESIS_METHODS if mapped.search(n)}


@pytest.mark.parametrize("name", list(THESIS_SINGLE))
def test_single_models_are_pipelines_of_sklearn_parts(name):
    est = get_method(name).make(n_iter=7, random_state=3)
    assert is_classifier(est) and list(est.named_steps)[0] == "scale"
    model = est.named_steps["model"]
    kind = {"": None, "RFF": "rff", "Nystroem": "nystroem"}[name.partition("+")[2]]
    if kind is None:
        assert "map" not in est.named_steps
    else:
        fmap = est.named_steps["map"]
        assert (fmap.kind, fmap.n_components, fmap.gamma, fmap.random_state) == (kind, 500, "quantile", 3)
    base = {"LogReg": LogisticRegression, "LinSVM": LinearSVC, "RBFSVM": RBFSVC,
            "Tree": DecisionTreeClassifier, "RF": RandomForestClassifier}[name.partition("+")[0]]
    assert isinstance(model, base)
    grid = get_method(name).grid(10)
    for p in ParameterGrid(grid):
        clone(est).set_params(**p)
    key = {"LogReg": "model__C", "LinSVM": "model__C", "RBFSVM": "model__C",
           "Tree": "model__min_impurity_decrease"}.get(name.partition("+")[0])
    assert list(grid) == ([key] if key else [])


@pytest.mark.parametrize("name", list(THESIS_ENSEMBLES))
def test_ensembles_overfit_their_members_and_have_no_grid(name):
    est = get_method(name).make(random_state=5)
    ens = est.named_steps["ensemble"]
    assert isinstance(ens, RandomFeatureEnsembleClassifier)
    assert (ens.n_estimators, ens.n_components, ens.gamma, ens.random_state) == (50, 500, "quantile", 5)
    member = ens.estimator
    if isinstance(member, DecisionTreeClassifier):
        assert member.min_impurity_decrease == 0.0
    else:
        assert member.C == 1000.0
    assert get_method(name).grid(10) == {}


@pytest.mark.parametrize("name", ["LogReg+RFF", "RBFSVM", "Tree+Nystroem", "WhiteBag:LinSVM+RFF"])
def test_fits_a_multiclass_problem(name):
    from sklearn.datasets import make_classification

    X, y = make_classification(200, 6, n_informative=4, n_classes=3, random_state=0)
    est = get_method(name).make(random_state=0)
    if "ensemble" in est.named_steps:
        est.set_params(ensemble__n_estimators=3, ensemble__n_components=40)
    elif "map" in est.named_steps:
        est.set_params(map__n_components=40)
    est.fit(X, y)
    assert est.score(X, y) > 0.7 and set(np.unique(est.predict(X))) <= {0, 1, 2}
