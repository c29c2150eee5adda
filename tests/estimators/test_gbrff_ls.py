"""GBRFFLSClassifier, the 2019 preprint's least-squares GBRFF: its scikit-learn
contract, and the engine against a plain-numpy implementation of Eqs. 4-8."""

import numpy as np
import pytest
from sklearn.datasets import make_classification, make_moons
from sklearn.utils._param_validation import InvalidParameterError

from gbrff import GBRFF1Classifier, GBRFFLSClassifier
from tests import _reference as ref

def _moons(n=120, seed=0):
    X, y = make_moons(n, noise=0.2, random_state=seed)
    return X.astype(np.float32).astype(np.float64), y   # the engine trains on float32 X


# ---------------------------------------------------------------- plain numpy, Eqs. 4-8
def _eq5(x, Om, X, yt):
    """Eq. (5), f(x) = (1/n) Σ_i (ỹ_i − (1/K) Σ_j cos(ω_j·(x − x_i)))², and its
    gradient, Eq. (6)."""
    A = Om @ (x[:, None] - X.T)                       # (K, n): ω_j·(x − x_i)
    r = yt - np.cos(A).mean(axis=0)
    grad = 2.0 / len(yt) * (np.sin(A).T * r[:, None]).sum(axis=0) @ Om / Om.shape[0]
    return np.mean(r * r), grad


def preprint_gbrff(X, y, omegas, c, v, n_steps=10, starts=None):
    """Algorithm 1 of the preprint with its Eqs. 4-8, in numpy: H⁰ = ȳ; per
    iteration ỹ = y − H, the landmark by descent on Eq. 5 (the engine's
    documented L-BFGS, from the origin; ``starts`` and n_steps=0 for random
    landmarks), Q_j ∝ exp(−c f_{ω_j}(x_t)) (Eq. 7 with its minus sign, as a
    softmax), α = Σỹh/Σh² (Eq. 8), H ← H + v α h."""
    n, d = X.shape
    H = np.full(n, y.mean())
    out = dict(init_score=y.mean(), landmarks=[], q=[], alphas=[])
    for t, Om in enumerate(omegas):
        yt = y - H
        x0 = np.zeros(d) if starts is None else starts[t]
        x, _ = ref.lbfgs(lambda x: _eq5(x, Om, X, yt), x0, n_steps, lambda x, p, s: x + s * p)
        cosines = np.cos(Om @ (x[:, None] - X.T))     # (K, n)
        f_j = np.mean((yt - cosines) ** 2, axis=1)    # f_{ω_j}(x_t)
        logits = -c * f_j
        Q = np.exp(logits - logits.max())
        Q /= Q.sum()
        h = Q @ cosines                               # Eq. (4)
        alpha = np.sum(yt * h) / np.sum(h * h)        # Eq. (8)
        H = H + v * alpha * h
        out["landmarks"].append(x)
        out["q"].append(Q)
        out["alphas"].append(v * alpha)
    return {k: np.asarray(val) for k, val in out.items()}


def test_eq6_is_the_gradient_of_eq5():
    X, y = _moons(40)
    rng = np.random.default_rng(0)
    Om = rng.standard_normal((7, 2))
    yt = np.where(y == 1, 1.0, -1.0) - 0.1
    x = rng.standard_normal(2)
    f, g = _eq5(x, Om, X, yt)
    eps = 1e-6
    fd = [(_eq5(x + eps * e, Om, X, yt)[0] - _eq5(x - eps * e, Om, X, yt)[0]) / (2 * eps)
          for e in np.eye(2)]
    np.testing.assert_allclose(g, fd, rtol=1e-6, atol=1e-9)


@pytest.mark.parametrize("c, v", [(4.0, 0.5), (0.0, 1.0), (1024.0, 0.1)])
def test_engine_matches_numpy_eqs_4_to_8(c, v):
    """Same draws -> the same landmarks, Q and α to 1e-6."""
    X, y = _moons()
    T, K, gamma = 6, 5, 0.5
    est = GBRFFLSClassifier(n_estimators=T, n_components=K, c=c, learning_rate=v, gamma=gamma,
                            random_state=0, n_jobs=1, standardize=False).fit(X, y)
    # the estimator's draws: RandomState(random_state), ω ~ N(0, 2γ) first
    omegas = np.random.RandomState(0).standard_normal((T, K, 2)) * np.sqrt(2 * gamma)
    np.testing.assert_array_equal(est.omegas_, omegas)
    expect = preprint_gbrff(X, np.where(y == 1, 1.0, -1.0), omegas, c, v)
    assert est.init_score_ == pytest.approx(expect["init_score"], abs=1e-12)
    np.testing.assert_allclose(est.landmarks_, expect["landmarks"], atol=1e-6)
    np.testing.assert_allclose(est.q_, expect["q"], atol=1e-6)
    np.testing.assert_allclose(est.alphas_, expect["alphas"], atol=1e-6)
    assert np.max(np.abs(est.landmarks_)) > 1e-2     # the landmarks were learned
    if c == 0.0:
        np.testing.assert_allclose(est.q_, 1.0 / K)  # c = 0: uniform weights


def test_random_landmarks_match_numpy():
    """landmarks="random": training points drawn after the frequencies, no descent."""
    X, y = _moons()
    T, K, gamma = 8, 4, 0.5
    est = GBRFFLSClassifier(n_estimators=T, n_components=K, c=8.0, learning_rate=0.5,
                            gamma=gamma, landmarks="random", random_state=3,
                            standardize=False).fit(X, y)
    rng = np.random.RandomState(3)
    omegas = rng.standard_normal((T, K, 2)) * np.sqrt(2 * gamma)
    starts = X[rng.choice(np.arange(len(y)), size=T)]
    np.testing.assert_array_equal(est.landmarks_, starts)
    expect = preprint_gbrff(X, np.where(y == 1, 1.0, -1.0), omegas, 8.0, 0.5, n_steps=0,
                            starts=starts)
    np.testing.assert_allclose(est.q_, expect["q"], atol=1e-9)
    np.testing.assert_allclose(est.alphas_, expect["alphas"], atol=1e-9)


def test_q_favours_the_best_cosine():
    """Eq. 7's sign: with c > 0 the cosine of smallest squared error weighs most."""
    X, y = _moons()
    est = GBRFFLSClassifier(n_estimators=1, n_components=6, c=50.0, random_state=0,
                           standardize=False).fit(X, y)
    yt = np.where(y == 1, 1.0, -1.0) - est.init_score_
    cosines = np.cos(est.omegas_[0] @ (est.landmarks_[0][:, None] - X.T))
    errors = np.mean((yt - cosines) ** 2, axis=1)
    assert np.argmax(est.q_[0]) == np.argmin(errors)
    assert np.all(np.diff(est.q_[0][np.argsort(errors)]) <= 1e-15)


def test_is_gbrff1_with_squared_error_and_c_over_sqrt_n():
    """GBRFF-LS is a configuration of the one engine: GBRFF1Classifier with
    loss="squared_error" and beta = c / sqrt(n) gives the same model."""
    X, y = _moons(100)
    a = GBRFFLSClassifier(n_estimators=5, n_components=4, c=9.0, learning_rate=0.3,
                          random_state=1).fit(X, y)
    b = GBRFF1Classifier(n_estimators=5, n_components=4, beta=9.0 / np.sqrt(100),
                         learning_rate=0.3, loss="squared_error", random_state=1).fit(X, y)
    np.testing.assert_allclose(a.alphas_, b.alphas_, rtol=1e-12)
    np.testing.assert_allclose(a.q_, b.q_, rtol=1e-12)


def test_staged_proba_and_multiclass():
    X, y = make_classification(150, n_features=5, n_informative=3, n_classes=3,
                               random_state=0)
    est = GBRFFLSClassifier(n_estimators=15, n_components=5, learning_rate=0.5,
                            random_state=0).fit(X, y)
    P = est.predict_proba(X)
    assert P.shape == (150, 3) and np.allclose(P.sum(axis=1), 1)
    stages = list(est.staged_decision_function(X))
    assert len(stages) == 15
    np.testing.assert_allclose(stages[-1], est.decision_function(X))
    assert est.score(X, y) > 0.7


@pytest.mark.parametrize("bad", [dict(c=-1.0), dict(learning_rate=0.0), dict(n_components=0),
                                 dict(landmarks="kmeans")])
def test_bad_parameters_are_clear_errors(bad):
    X, y = _moons(30)
    with pytest.raises(InvalidParameterError):
        GBRFFLSClassifier(**bad).fit(X, y)
