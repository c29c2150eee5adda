"""gamma="quantile": the thesis's rule γ = 1/(2σ²) against a plain numpy computation."""

import numpy as np
import pytest

from gbrff._gamma import quantile_gamma, resolve_gamma


def _brute(X, q=(0.1, 0.9)):
    d2 = [np.sum((X[i] - X[j]) ** 2) for i in range(len(X)) for j in range(i + 1, len(X))]
    return 1.0 / (2.0 * np.mean(np.quantile(d2, q)))


def test_every_pair_when_few():
    X = np.random.default_rng(0).standard_normal((60, 4))
    assert quantile_gamma(X) == pytest.approx(_brute(X), rel=1e-12)


def test_sampled_pairs_when_many_are_close_and_seeded():
    X = np.random.default_rng(1).standard_normal((800, 5))
    exact = _brute(X)
    g = quantile_gamma(X, max_pairs=20_000, random_state=3)
    assert g == pytest.approx(exact, rel=0.03)
    assert g == quantile_gamma(X, max_pairs=20_000, random_state=3)
    assert g != quantile_gamma(X, max_pairs=20_000, random_state=4)


def test_scale_of_standard_normal_data():
    """||x - x'||² of standard normal rows is 2·chi²_d: γ is about 1/(2·2d·c), c near 1."""
    X = np.random.default_rng(2).standard_normal((3000, 10))
    assert 1 / (4 * 10 * 1.3) < quantile_gamma(X) < 1 / (4 * 10 * 0.7)


def test_degenerate_data_give_a_finite_gamma():
    assert quantile_gamma(np.zeros((5, 3))) == 1.0
    assert quantile_gamma(np.ones((1, 3))) == 1.0
    X = np.zeros((30, 2))
    X[0] = 1.0  # 29 of 435 distances (2.0) nonzero: both quantiles 0 -> mean of all distances
    assert quantile_gamma(X) == pytest.approx(1 / (2 * 2 * 29 / 435))


def test_resolve_gamma():
    X = np.random.default_rng(0).standard_normal((30, 2))
    assert resolve_gamma(0.5, X) == 0.5
    assert resolve_gamma("quantile", X) == quantile_gamma(X)
    for bad in ("scale", -1.0, 0, float("nan"), True):
        with pytest.raises(ValueError, match="gamma="):
            resolve_gamma(bad, X)


@pytest.mark.parametrize("n", [60, 800])  # every pair, sampled pairs
def test_scale_gives_the_rule_on_the_scaled_data_without_a_copy(n):
    rng = np.random.default_rng(5)
    X = (rng.standard_normal((n, 4)) * [1.0, 10.0, 0.1, 3.0]).astype(np.float32)
    scale = np.array([1.0, 10.0, 0.1, 3.0])
    got = quantile_gamma(X, max_pairs=5_000, random_state=1, scale=scale)
    want = quantile_gamma(X.astype(np.float64) / scale, max_pairs=5_000, random_state=1)
    assert got == pytest.approx(want, rel=1e-12)


def test_the_estimators_take_gamma_quantile():
    """GBRFF1/2, GBRFF-LS and PBRFF: "quantile" is the rule on the features the model sees
    (standardised inside with standardize=True), its value in gamma_; "auto" stays 1/d."""
    from sklearn.datasets import load_breast_cancer
    from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFFLSClassifier
    from gbrff.baselines import PBRFFClassifier

    X, y = load_breast_cancer(return_X_y=True)
    Z = (X - X.mean(axis=0)) / X.std(axis=0)
    want = quantile_gamma(Z, random_state=0)
    for est in (GBRFF2Classifier(n_estimators=5), GBRFF1Classifier(n_estimators=3),
                GBRFFLSClassifier(n_estimators=20)):
        raw = est.set_params(gamma="quantile", random_state=0).fit(X, y)
        assert raw.gamma_ == pytest.approx(want, rel=1e-5)  # scale_ is rounded to float32
        assert raw.score(X, y) > 0.8  # majority class: 0.63
        assert est.set_params(gamma="auto").fit(X, y).gamma_ == 1.0 / X.shape[1]
    pb = PBRFFClassifier(n_landmarks=5, gamma="quantile", random_state=0).fit(Z, y)
    assert pb.gamma_ == pytest.approx(want, rel=1e-12)
