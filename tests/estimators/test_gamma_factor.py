"""gamma_factor: γ as resolved times a factor, so that a grid over it is a grid over multiples of
the model's own γ, whatever columns the screen and the encoding left; 1.0 is the paper's model."""

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.model_selection import ParameterGrid

from gbrff import GBRFF2Classifier, GBRFF2PlusClassifier
from gbrff.methods import get_method


@pytest.fixture(scope="module")
def data():
    return make_classification(300, 6, n_informative=4, random_state=0)


@pytest.mark.parametrize("factor", [0.25, 1.0, 4.0])
def test_a_factor_is_the_same_model_as_its_gamma(data, factor):
    X, y = data
    a = GBRFF2Classifier(n_estimators=10, gamma_factor=factor, random_state=0).fit(X, y)
    b = GBRFF2Classifier(n_estimators=10, gamma=factor / X.shape[1], random_state=0).fit(X, y)
    assert a.gamma_ == b.gamma_ == factor / X.shape[1]
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


def test_it_multiplies_the_quantile_rule_and_a_number(data):
    X, y = data
    q = GBRFF2Classifier(n_estimators=2, gamma="quantile", random_state=0).fit(X, y).gamma_
    assert GBRFF2Classifier(n_estimators=2, gamma="quantile", gamma_factor=2.0,
                            random_state=0).fit(X, y).gamma_ == 2.0 * q
    assert GBRFF2Classifier(n_estimators=2, gamma=0.5, gamma_factor=0.5).fit(X, y).gamma_ == 0.25


def test_after_a_screen_it_is_relative_to_the_kept_columns():
    X, y = make_classification(2000, 150, n_informative=6, n_redundant=0, random_state=0)
    est = GBRFF2PlusClassifier(n_estimators=3, gamma_factor=2.0, random_state=0).fit(X, y)
    kept = int(est.support_.sum())
    assert 0 < kept < 150
    assert est.gamma_ == 2.0 / (2 * kept)      # each kept feature and its rank


def test_the_wide_grid_without_a_screen_is_table_2s_numbers():
    # 120 features, no screen, no encoded feature: the factors give Table 2's absolute γ values
    d = 120
    spec = get_method("GBRFF2+")
    absolute = [2.0**e / (2 * d) for e in range(-2, 3)]
    assert [f / (2 * d) for f in spec.grid(d)[0]["gamma_factor"]] == absolute
    assert len(ParameterGrid(spec.grid(d))) == len(ParameterGrid(spec.grid(99))) == 50


@pytest.mark.parametrize("bad", [0, -1.0, "auto", None])
def test_a_bad_factor_is_a_clear_error(data, bad):
    X, y = data
    with pytest.raises(ValueError, match="gamma_factor"):
        GBRFF2Classifier(gamma_factor=bad).fit(X, y)


def test_a_warm_start_keeps_its_factor(data):
    X, y = data
    est = GBRFF2Classifier(n_estimators=3, warm_start=True, random_state=0).fit(X, y)
    with pytest.raises(ValueError, match="gamma_factor"):
        est.set_params(n_estimators=5, gamma_factor=2.0).fit(X, y)


def test_it_round_trips_and_old_dicts_read_at_one(data):
    X, y = data
    est = GBRFF2Classifier(n_estimators=3, gamma_factor=0.5, random_state=0).fit(X, y)
    d = est.to_dict()
    assert GBRFF2Classifier.from_dict(d).get_params()["gamma_factor"] == 0.5
    del d["params"]["gamma_factor"]          # a dict written before the parameter
    twin = GBRFF2Classifier.from_dict(d)
    assert twin.gamma_factor == 1.0
    np.testing.assert_array_equal(twin.decision_function(X), est.decision_function(X))
