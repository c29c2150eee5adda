"""The method registry: Table 2's methods, their constructors and the paper's grids (section 4.1)."""

import numpy as np
import pytest
from sklearn.base import clone, is_classifier
from sklearn.model_selection import GridSearchCV, ParameterGrid

from gbrff.methods import METHODS, MethodSpec, get_method
from gbrff.datasets import make_toy

POW10 = [0.01, 0.1, 1.0, 10.0, 100.0]
REG = [0.0, 2**-5, 2**-4, 2**-3, 2**-2]


def test_order_is_table2_then_the_extras():
    assert list(METHODS) == ["BMKR", "GFC", "PBRFF", "GBRFF1", "LGBM", "GBRFF2", "GBRFF2+", "XGB",
                             "GBRFF-LS", "GBRFF-LS-random", "MKBoost",
                             "RFF-SKL", "RFF-SQL-SKL", "RFF-MKL"]
    assert all(isinstance(s, MethodSpec) and s.name == n and s.reference for n, s in METHODS.items())


def test_get_method():
    assert get_method("GBRFF2") is METHODS["GBRFF2"]
    with pytest.raises(ValueError, match="valid names: BMKR, GFC, PBRFF, GBRFF1, LGBM, GBRFF2, GBRFF2\\+, XGB, GBRFF-LS, GBRFF-LS-random, MKBoost, RFF-SKL"):
        get_method("SVM")


def test_grids_are_the_papers():
    d = 8
    gammas = [2.0**e / d for e in range(-2, 3)]
    assert get_method("BMKR").grid(d) == {"C": POW10}
    assert get_method("GFC").grid(d) == {"C": POW10}
    assert get_method("PBRFF").grid(d) == {"gamma": gammas, "beta": POW10, "C": POW10}
    assert get_method("GBRFF1").grid(d) == {"gamma": gammas, "beta": POW10}
    assert get_method("GBRFF2").grid(d) == {"gamma": gammas, "reg_lambda": REG}
    lgbm = list(ParameterGrid(get_method("LGBM").grid(d)))
    assert len(lgbm) == 50 and all(p["num_leaves"] == 2 ** p["max_depth"] for p in lgbm)
    assert sorted({p["max_depth"] for p in lgbm}) == list(range(1, 11))
    assert len(ParameterGrid(get_method("XGB").grid(d))) == 50
    # Fourier kernel learning (Băzăvan et al. 2012), stated in the registry
    assert get_method("RFF-SKL").grid(d) == {"reg_lambda": [0.1, 1.0, 10.0], "rho": [0.0, 10.0]}
    sql = get_method("RFF-SQL-SKL").grid(d)
    assert sql["reg_lambda"] == [0.1, 1.0, 10.0]
    np.testing.assert_allclose(sql["sigma"], [(2 * 2.0**e / d) ** 0.5 for e in (-2, 0, 2)])
    assert get_method("RFF-MKL").grid(d) == {"reg_lambda": [0.3, 0.1, 0.01]}


@pytest.mark.parametrize("name", list(METHODS))
def test_make_gives_unfitted_classifier_with_n_iter(name):
    est = get_method(name).make(n_iter=7, random_state=3)
    assert is_classifier(est)
    params = est.get_params()
    iters = {k: params.get(k) for k in ("n_estimators", "n_landmarks", "n_components")}
    if name == "RFF-MKL":
        assert params["n_components"] == 20  # features per channel (input feature), whatever n_iter
    else:
        assert 7 in iters.values()
    assert params["random_state"] == 3
    if name in ("PBRFF", "GBRFF1"):
        assert params["n_components"] == 10  # K = 10
    if name.startswith("GBRFF-LS"):
        assert params["n_components"] == 100  # the preprint's K = 100
    for p in ParameterGrid(get_method(name).grid(5)):
        clone(est).set_params(**p)  # every grid key is a parameter


@pytest.mark.parametrize("name", list(METHODS))
def test_grid_search_runs(name):
    X, y = make_toy("moons", n_samples=120, random_state=0)
    spec = get_method(name)
    grid = spec.grid(X.shape[1])
    small = grid[:1] if isinstance(grid, list) else {k: v[:2] for k, v in grid.items()}
    search = GridSearchCV(spec.make(n_iter=5, random_state=0), small, cv=2, n_jobs=1, error_score="raise")
    search.fit(X, y)
    assert search.score(X, y) > 0.7
    assert set(np.unique(search.predict(X))) <= {-1, 1}


def test_xgb_wrapper_keeps_labels():
    X, y = make_toy("board", n_samples=200, random_state=0)
    est = get_method("XGB").make(n_iter=20, random_state=0).set_params(max_depth=4)
    est.fit(X, np.where(y == 1, "pos", "neg"))
    assert list(est.classes_) == ["neg", "pos"]
    proba = est.predict_proba(X)
    np.testing.assert_array_equal(est.predict(X), est.classes_[proba.argmax(axis=1)])
    assert clone(est).get_params()["max_depth"] == 4


def test_how_each_method_is_shown():
    """Labels, colours and membership of the paper's Table 2 are registry facts."""
    colors = [s.color for s in METHODS.values()]
    assert len(set(colors)) == len(colors) and all(c.startswith("#") for c in colors)
    assert METHODS["LGBM"].label == "LightGBM" and METHODS["GBRFF2"].label == "GBRFF2"
    assert [n for n, s in METHODS.items() if s.in_paper] == ["BMKR", "GFC", "PBRFF", "GBRFF1", "LGBM", "GBRFF2"]


def test_preprint_grids():
    """The 2019 preprint's grids (its section 5) and fixed parameters."""
    from gbrff.methods import PREPRINT_METHODS

    lr = [1.0, 0.5, 0.1, 0.05, 0.01]
    assert PREPRINT_METHODS == ("XGB", "LGBM", "MKBoost", "BMKR", "PBRFF", "GBRFF-LS")
    assert get_method("GBRFF-LS").preprint_grid(8) == {"c": [0.0] + [2.0**e for e in range(11)],
                                                        "learning_rate": lr}
    assert get_method("GBRFF-LS-random").preprint_grid(8) == get_method("GBRFF-LS").preprint_grid(8)
    assert get_method("XGB").preprint_grid(8) == {"max_depth": [1, 2, 3, 4, 5], "learning_rate": lr}
    lgbm = list(ParameterGrid(get_method("LGBM").preprint_grid(8)))
    assert len(lgbm) == 25 and all(p["num_leaves"] == 2 ** p["max_depth"] for p in lgbm)
    assert get_method("BMKR").preprint_grid(8) == {"C": [10.0**e for e in range(-5, 4)],
                                                    "learning_rate": lr}
    assert get_method("MKBoost").preprint_grid(8) == {"C": [10.0**e for e in range(-5, 4)]}
    assert get_method("PBRFF").preprint_grid(8) == {"beta": [10.0**e for e in range(-3, 4)],
                                                     "C": [10.0**e for e in range(-3, 4)]}
    assert dict(get_method("PBRFF").preprint_fixed) == {"n_components": 100}
    assert get_method("GBRFF1").preprint_grid is None   # not in the preprint
