"""benchmarks/accuracy_search.py, the successor's block: the n-adaptive rule and the one-hot columns."""

import numpy as np
import pytest
from sklearn.datasets import make_classification

from tests._benchmarks import load_benchmark


@pytest.fixture(scope="module")
def search():
    return load_benchmark("accuracy_search")


def test_up_to_c_rows_the_rule_is_gbrff2_plus(search):
    import gbrff

    X, y = make_classification(300, 6, random_state=0)
    rule = search.make_estimator("rule c1000, exp below 5000", 0).fit(X, y)
    plus = gbrff.GBRFF2PlusClassifier(random_state=0, n_jobs=1).fit(X, y)
    params = rule.est_.get_params()
    assert params["reg_lambda"] == 2.0**-4 and params["bandwidth_shrinkage"] == 0.75
    assert params["loss"] == "exponential"
    np.testing.assert_array_equal(rule.predict(X), plus.predict(X))


def test_above_c_rows_lambda_and_shrinkage_fall_and_the_loss_switches(search):
    X, y = make_classification(6000, 5, random_state=0)
    params = search.make_estimator("rule c1000, exp below 5000", 0).fit(X, y).est_.get_params()
    assert params["reg_lambda"] == pytest.approx(2.0**-4 / 6)
    assert params["bandwidth_shrinkage"] == pytest.approx(0.75 / 6)
    assert params["loss"] == "log_loss"


def test_only_evenly_spaced_few_level_columns_are_one_hot_encoded(search):
    rng = np.random.RandomState(0)
    X = np.column_stack([rng.randint(1, 5, 200) * 0.7 - 3.0,      # 4 evenly spaced levels: encoded
                         rng.choice([0.0, 0.1, 0.14, 0.87], 200),  # 4 uneven levels: kept
                         rng.randint(0, 2, 200),                   # binary: kept
                         rng.normal(size=200)])
    y = (X[:, 0] > -1.5).astype(int)
    est = search.make_estimator("rule c1000, exp below 5000, one-hot <= 4 evenly spaced", 0).fit(X, y)
    assert est.cat_ == [0]
    Z = est._x(X)
    assert Z.shape == (200, 3 + 4) and set(np.unique(Z[:, 3:])) == {0.0, 1.0}
    assert est.predict(X[:5]).shape == (5,)
