"""Fourier Kernel Learning (RFF-SKL, RFF-SQL-SKL, RFF-MKL) and KRR-GD: kernels against numpy,
gradients against finite differences, the exact identities (scikit-learn's checks:
tests/integration/test_sklearn_checks.py)."""

import numpy as np
import pytest
from scipy import stats
from sklearn.datasets import make_moons
from sklearn.linear_model import Ridge

from gbrff._engine._fourier_features import fourier_cos_sin
from gbrff.baselines import KRRGDClassifier, RFFMKLClassifier, RFFSKLClassifier, RFFSQLSKLClassifier
from gbrff.methods import get_method
from gbrff.baselines._kernel_learning_classifiers import _eigll, group_soft_threshold, simplex_projection
from gbrff._kernel_learning import FourierMap, _square, quantile, resolve_groups, ridge_solve, skl_objective
from gbrff.baselines._krr import krr_objective


def _map(d=5, D=40, groups=None, kernel="gaussian", seed=0, **kw):
    rng = np.random.default_rng(seed)
    H = quantile(kernel, rng.uniform(size=(d, D)))
    phase = 2 * np.pi * rng.uniform(size=D)
    fg, r = resolve_groups(groups, d, "test")
    return FourierMap(H, phase, np.full(D, np.sqrt(2 / D)), fg, r, **kw), r


def _fd(fun, x, h=1e-6):
    g = np.zeros_like(x)
    for j in range(len(x)):
        e = np.zeros_like(x)
        e[j] = h
        g[j] = (fun(x + e) - fun(x - e)) / (2 * h)
    return g


# ---------------------------------------------------------------- kernels and quantiles

@pytest.mark.parametrize("fast", [False, True])
def test_cos_sin_kernel_matches_numpy(fast):
    rng = np.random.default_rng(1)
    Z0 = rng.normal(scale=30, size=(7, 13))
    phase, scale = rng.uniform(0, 6, 13), rng.uniform(0.1, 1, 13)
    Z, S = Z0.copy(), np.empty_like(Z0)
    fourier_cos_sin(Z, phase, scale, S, fast)
    np.testing.assert_allclose(Z, scale * np.cos(Z0 + phase), atol=1e-15)
    np.testing.assert_allclose(S, scale * np.sin(Z0 + phase), atol=1e-15)
    Z2 = Z0.copy()
    fourier_cos_sin(Z2, phase, scale, np.empty((0, 0)), fast)
    np.testing.assert_array_equal(Z2, Z)


def test_quantiles_are_table1s():
    w = np.linspace(0.01, 0.99, 21)
    np.testing.assert_allclose(quantile("gaussian", w), stats.norm.ppf(w), rtol=1e-12)
    np.testing.assert_allclose(quantile("skewed_chi2", w), stats.hypsecant.ppf(w, scale=2 / np.pi), rtol=1e-10)
    np.testing.assert_allclose(quantile("skewed_intersection", w), stats.cauchy.ppf(w), rtol=1e-10,
                               atol=1e-12)
    assert np.isfinite(quantile("skewed_intersection", np.array([0.0, 1.0]))).all()


@pytest.mark.parametrize("kernel,exact", [
    ("gaussian", lambda d, s: np.exp(-0.5 * (s * d) ** 2)),
    ("skewed_chi2", lambda d, s: 1 / np.cosh(s * d)),
    ("skewed_intersection", lambda d, s: np.exp(-s * np.abs(d))),
])
def test_map_approximates_its_kernel(kernel, exact):
    """ψ_σ(u)ᵀψ_σ(v) → k_σ(u − v) of Table 1 (one dimension, on the log scale for the skewed ones)."""
    fmap, _ = _map(d=1, D=40000, kernel=kernel, seed=2)
    u = np.linspace(-1.5, 1.5, 7)[:, None]
    P = fmap.transform(u, np.array([1.3]))
    np.testing.assert_allclose(P @ P.T, exact(u - u.T, 1.3), atol=0.03)


def test_skewed_kernels_act_on_log_and_refuse_negative_input():
    X = np.abs(np.random.default_rng(0).normal(size=(30, 3)))
    y = np.arange(30) % 2
    clf = RFFSQLSKLClassifier(kernel="skewed_chi2", n_components=20, random_state=0).fit(X, y)
    assert clf.decision_function(X).shape == (30,)
    with pytest.raises(ValueError, match="non-negative"):
        clf.decision_function(X - 1)
    with pytest.raises(ValueError, match="non-negative"):
        RFFSKLClassifier(kernel="skewed_intersection").fit(X - 1, y)


def test_groups():
    assert resolve_groups(None, 3, "t")[1] == 3
    assert resolve_groups("isotropic", 3, "t")[1] == 1
    fg, r = resolve_groups(["b", "a", "b"], 3, "t")
    assert r == 2 and fg.tolist() == [0, 1, 0]
    with pytest.raises(ValueError, match="one label per input feature"):
        resolve_groups([0, 1], 3, "t")
    X, y = make_moons(60, noise=0.2, random_state=0)
    assert RFFSKLClassifier(n_components=10, groups="isotropic", max_iter=3).fit(X, y).sigma_.shape == (1, 1)


# ---------------------------------------------------------------- solves and gradients

def test_chunked_passes_equal_one_pass():
    rng = np.random.default_rng(3)
    X, Y = rng.normal(size=(50, 5)), rng.choice([-1.0, 1.0], size=(50, 2))
    sigma = rng.uniform(0.2, 1, 5)
    big, _ = _map()
    small, _ = _map(chunk_bytes=8 * 40 * 7, cache_bytes=0)  # 7 rows a chunk, no cache
    for a, b in zip(big.gram(X, Y, sigma), small.gram(X, Y, sigma)):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12)


def test_ridge_solve_is_sklearn_ridge():
    fmap, _ = _map()
    rng = np.random.default_rng(4)
    X, y = rng.normal(size=(60, 5)), rng.choice([-1.0, 1.0], size=60)
    sigma = np.full(5, 0.7)
    W, c = ridge_solve(*fmap.gram(X, y[:, None], sigma), 60, np.array([y.mean()]), 0.3)
    ref = Ridge(alpha=0.3).fit(fmap.transform(X, sigma), y)
    np.testing.assert_allclose(W[:, 0], ref.coef_, rtol=1e-8, atol=1e-10)
    np.testing.assert_allclose(c[0], ref.intercept_, rtol=1e-8)


@pytest.mark.parametrize("kernel,groups,rho", [("gaussian", None, 0.0), ("gaussian", [0, 0, 1, 1, 2], 0.5),
                                               ("gaussian", "isotropic", 0.0),
                                               ("skewed_chi2", None, 0.1), ("skewed_intersection", None, 0.0)])
def test_skl_gradient_matches_finite_differences(kernel, groups, rho):
    fmap, r = _map(groups=groups, kernel=kernel)
    rng = np.random.default_rng(5)
    X, y = rng.normal(size=(40, 5)), rng.choice([-1.0, 1.0], size=40)
    if kernel != "gaussian":
        X = np.log(np.abs(X) + 1.0)
    sigma = rng.uniform(0.3, 1.2, r)
    f, g, _, _ = skl_objective(fmap, X, y, sigma, 0.5, rho)
    fd = _fd(lambda s: skl_objective(fmap, X, y, s, 0.5, rho)[0], sigma)
    np.testing.assert_allclose(g, fd, rtol=1e-5, atol=1e-7)


@pytest.mark.parametrize("loss", [_square, _eigll(5.0, 0.1)])
def test_contraction_gradient_matches_finite_differences(loss):
    """The σ-gradient of Σ_i l(ψ_σ(x_i)ᵀw + c, y_i) at fixed w (RFF-MKL's joint step)."""
    fmap, r = _map(groups=[0, 1, 1, 2, 2])
    rng = np.random.default_rng(6)
    X, y = rng.normal(size=(30, 5)), rng.choice([-1.0, 1.0], size=30)
    w, sigma = rng.normal(size=40), rng.uniform(0.3, 1.2, r)
    _, g, _ = fmap.outputs_and_contraction(X, sigma, w, 0.2, y, loss)
    fd = _fd(lambda s: loss(fmap.transform(X, s) @ w + 0.2, y)[0], sigma)
    np.testing.assert_allclose(g, fd, rtol=1e-5, atol=1e-7)


def test_eigll_derivative_and_shape():
    loss = _eigll(5.0, 0.1)
    u, y = np.linspace(-2, 2, 9), np.ones(9)
    g = loss(u, y)[1]
    fd = np.array([(loss(u[i:i + 1] + 1e-6, y[:1])[0] - loss(u[i:i + 1] - 1e-6, y[:1])[0]) / 2e-6
                   for i in range(9)])
    np.testing.assert_allclose(g, fd, rtol=1e-5, atol=1e-8)
    assert loss(np.ones(1), np.ones(1))[0] == pytest.approx(0.0, abs=1e-12)  # zero at u = y


def test_krr_gradient_matches_finite_differences():
    rng = np.random.default_rng(7)
    X, y = rng.normal(size=(30, 4)), rng.choice([-1.0, 1.0], size=30)
    fg, r = resolve_groups([0, 0, 1, 2], 4, "t")
    sigma = rng.uniform(0.3, 1.2, r)
    g = krr_objective(X, y, sigma, fg, 0.4, 0.2)[1]
    fd = _fd(lambda s: krr_objective(X, y, s, fg, 0.4, 0.2)[0], sigma)
    np.testing.assert_allclose(g, fd, rtol=1e-5, atol=1e-8)


def test_krr_is_the_limit_of_rff_skl():
    """At the same σ, RFF-SKL's objective with many features approaches KRR-GD's."""
    X, y = make_moons(80, noise=0.2, random_state=0)
    krr = KRRGDClassifier(learn_sigma=False, reg_lambda=0.5).fit(X, y)
    rff = RFFSKLClassifier(n_components=1500, learn_sigma=False, reg_lambda=0.5, random_state=0).fit(X, y)
    assert rff.objective_[0] == pytest.approx(krr.objective_[0], rel=0.1)  # Monte Carlo: O(D^-1/2)


def test_krr_refuses_what_would_not_fit():
    X, y = make_moons(100, random_state=0)
    with pytest.raises(ValueError, match="kernel matrices of 100 x 100.*RFFSKLClassifier"):
        KRRGDClassifier(max_memory_gb=1e-6).fit(X, y)


# ---------------------------------------------------------------- the estimators

@pytest.mark.parametrize("n_classes", [2, 3])
def test_skl_with_sigma_fixed_is_sql_skl_exactly(n_classes):
    rng = np.random.default_rng(8)
    X, y = rng.normal(size=(90, 4)), np.arange(90) % n_classes
    a = RFFSKLClassifier(n_components=30, learn_sigma=False, reg_lambda=0.3, sigma=0.8, random_state=2).fit(X, y)
    b = RFFSQLSKLClassifier(n_components=30, reg_lambda=0.3, sigma=0.8, random_state=2).fit(X, y)
    np.testing.assert_array_equal(a.coef_, b.coef_)
    np.testing.assert_array_equal(a.intercept_, b.intercept_)
    np.testing.assert_array_equal(a.decision_function(X), b.decision_function(X))


def test_skl_learns_sigma_and_keeps_w_exact():
    X, y = make_moons(200, noise=0.2, random_state=0)
    clf = RFFSKLClassifier(n_components=50, random_state=0).fit(X, y)
    fixed = RFFSQLSKLClassifier(n_components=50, random_state=0).fit(X, y)
    assert clf.objective_[0] < fixed.objective_[0]          # learning σ lowers Eq. 9
    assert clf.n_iter_[0] > 0 and not np.allclose(clf.sigma_, fixed.sigma_)
    # the returned w is Eq. 10's solution at the returned σ
    again = RFFSQLSKLClassifier(n_components=50, sigma=1.0, random_state=0)
    fmap = FourierMap(clf.omega_quantiles_, clf.phase_, np.full(50, np.sqrt(2 / 50)), clf.feature_groups_, 2)
    W, c = ridge_solve(*fmap.gram(X, np.where(y == 1, 1.0, -1.0)[:, None], clf.sigma_[0]), 200,
                       np.array([0.0]), 1.0)
    np.testing.assert_allclose(clf.coef_[0], W[:, 0], rtol=1e-8, atol=1e-10)
    assert again.get_params()["sigma"] == 1.0
    assert clf.frequencies().shape == (2, 50)


def test_predict_proba_and_simplex():
    V = np.array([[0.2, 0.9, -0.3], [2.0, 2.0, -1.0], [-1.0, -1.0, -1.0]])
    P = simplex_projection(V)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    assert (P >= 0).all() and P[0].argmax() == 1
    rng = np.random.default_rng(9)
    X, y = rng.normal(size=(60, 3)), np.arange(60) % 3
    clf = RFFSKLClassifier(n_components=20, max_iter=5, random_state=0).fit(X, y)
    proba = clf.predict_proba(X)
    np.testing.assert_allclose(proba.sum(axis=1), 1.0)
    np.testing.assert_array_equal(clf.classes_[proba.argmax(axis=1)], clf.predict(X))


def test_group_soft_threshold():
    W = np.array([[3.0, 4.0], [0.3, 0.4]])
    out = group_soft_threshold(W, 1.0)
    np.testing.assert_allclose(out[0], W[0] * 0.8)
    np.testing.assert_array_equal(out[1], 0.0)


@pytest.mark.parametrize("kw", [{}, {"loss": "eigll"}, {"learn_sigma": True}])
def test_mkl_selects_the_informative_channels(kw):
    rng = np.random.default_rng(0)
    X = rng.normal(size=(300, 4))
    y = (X[:, 0] ** 2 + X[:, 1] ** 2 > 1.4).astype(int)
    clf = RFFMKLClassifier(reg_lambda=0.1, random_state=0, **kw).fit(X, y)
    assert clf.score(X, y) > 0.9
    assert clf.selected_[0, :2].all()
    norms = clf.channel_norms_[0]
    assert norms[:2].min() > 10 * norms[2:].max()
    # the path starts at λ_max, where no channel is used, and decreases
    assert np.all(np.diff(clf.lambdas_[0]) < 0)
    np.testing.assert_allclose(clf.path_norms_[0, 0], 0.0, atol=1e-12)
    if kw.get("learn_sigma"):
        assert not np.allclose(clf.sigma_, np.sqrt(2.0))


def test_mkl_selected_features_names():
    pd = pytest.importorskip("pandas")
    rng = np.random.default_rng(0)
    X = pd.DataFrame(rng.normal(size=(200, 3)), columns=["a", "b", "noise"])
    y = (X["a"] * X["b"] > 0).astype(int)
    clf = RFFMKLClassifier(reg_lambda=0.3, random_state=0).fit(X, y)
    assert {"a", "b"} <= set(clf.selected_features())


@pytest.mark.parametrize("name", ["RFF-SKL", "RFF-SQL-SKL", "RFF-MKL"])
def test_registry_methods_learn_two_moons(name):
    X, y = make_moons(400, noise=0.15, random_state=0)
    spec = get_method(name)
    assert spec.grid(2) and not spec.in_paper
    assert spec.make(100, 0).fit(X[:300], y[:300]).score(X[300:], y[300:]) >= 0.9
