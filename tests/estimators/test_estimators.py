"""The scikit-learn contract of GBRFF1Classifier and GBRFF2Classifier."""

import warnings

import numpy as np
import pytest
from sklearn.base import clone
from sklearn.datasets import make_classification, make_moons
from sklearn.model_selection import GridSearchCV, train_test_split

from gbrff import GBRFF1Classifier, GBRFF2Classifier, GBRFFLSClassifier, _boosting
from gbrff._engine.loss_registry import CLASSIFICATION, losses_for

@pytest.fixture(scope="module")
def moons():
    X, y = make_moons(1000, noise=0.15, random_state=0)
    return train_test_split(X, y, test_size=0.3, random_state=0)


def test_two_moons_learned(moons):
    Xa, Xb, ya, yb = moons
    assert GBRFF2Classifier(n_estimators=100, gamma=0.5, random_state=0).fit(Xa, ya).score(Xb, yb) >= 0.97
    assert GBRFF1Classifier(n_estimators=100, n_components=10, gamma=0.5, random_state=0
                            ).fit(Xa, ya).score(Xb, yb) >= 0.97


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_learning_curves_go_down(cls, moons):
    Xa, Xb, ya, yb = moons
    m = cls(n_estimators=60, random_state=0).fit(Xa, ya)
    loss = m.train_loss_
    assert loss.shape == (60,)
    # alpha minimises an upper bound of the loss: it never goes up
    assert np.all(np.diff(loss) <= 1e-12 * loss[:-1])
    assert loss[-1] < 0.5 * loss[0]
    # test accuracy improves along the stages
    acc = [np.mean(p == yb) for p in m.staged_predict(Xb)]
    assert len(acc) == 60 and np.mean(acc[-10:]) > np.mean(acc[:3])


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_fitted_attributes_and_staged_outputs(cls, moons):
    Xa, Xb, ya, yb = moons
    m = cls(n_estimators=7, random_state=1).fit(Xa, ya)
    T, d = 7, 2
    assert m.n_features_in_ == d and list(m.classes_) == [0, 1]
    assert m.alphas_.shape == (T,) and m.train_loss_.shape == (T,)
    mean = np.mean(np.where(ya == 1, 1, -1))
    assert m.init_score_ == pytest.approx(0.5 * np.log((1 + mean) / (1 - mean)))
    Zb = (Xb - m.mean_) / m.scale_  # ω and the landmarks act on the standardised features
    if cls is GBRFF2Classifier:
        assert m.omegas_.shape == (T, d) and m.biases_.shape == (T,)
        assert np.all(np.abs(m.biases_) <= np.pi)
        H = m.init_score_ + np.cos(Zb @ m.omegas_.T - m.biases_) @ m.alphas_
    else:
        K = 10
        assert m.omegas_.shape == (T, K, d) and m.landmarks_.shape == (T, d)
        assert m.q_.shape == (T, K) and np.allclose(m.q_.sum(1), 1)
        H = m.init_score_ + sum(m.alphas_[t] * (m.q_[t] @ np.cos(m.omegas_[t] @ (m.landmarks_[t][:, None] - Zb.T)))
                                for t in range(T))
    np.testing.assert_allclose(m.decision_function(Xb), H, atol=1e-10)
    stages = list(m.staged_decision_function(Xb))
    assert len(stages) == T
    np.testing.assert_array_equal(stages[-1], m.decision_function(Xb))
    P = m.predict_proba(Xb)
    np.testing.assert_allclose(P[:, 1], 1 / (1 + np.exp(-2 * H)), rtol=1e-12)
    assert len(list(m.staged_predict_proba(Xb))) == T


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_same_seed_same_model(cls, moons):
    Xa, Xb, ya, yb = moons
    a = cls(n_estimators=20, random_state=3).fit(Xa, ya).decision_function(Xb)
    b = cls(n_estimators=20, random_state=3).fit(Xa, ya).decision_function(Xb)
    c = cls(n_estimators=20, random_state=4).fit(Xa, ya).decision_function(Xb)
    np.testing.assert_array_equal(a, b)
    assert not np.allclose(a, c)


@pytest.mark.parametrize("labels", [("no", "yes"), (0, 1), (-1, 1), (3, 7)])
def test_any_two_labels(labels, moons):
    Xa, Xb, ya, yb = moons
    lab = np.array(labels, dtype=object if isinstance(labels[0], str) else None)
    m = GBRFF2Classifier(n_estimators=30, random_state=0).fit(Xa, lab[ya])
    assert set(m.predict(Xb)) <= set(labels)
    assert m.score(Xb, lab[yb]) > 0.9


def test_multiclass_one_vs_rest():
    X, y = make_classification(600, n_features=6, n_informative=4, n_classes=3,
                               n_clusters_per_class=1, random_state=0)
    m = GBRFF2Classifier(n_estimators=30, random_state=0).fit(X, y)
    assert m.decision_function(X).shape == (600, 3)
    P = m.predict_proba(X)
    np.testing.assert_allclose(P.sum(1), 1)
    assert m.score(X, y) > 0.85
    assert len(list(m.staged_decision_function(X))) == 30
    m1 = GBRFF1Classifier(n_estimators=10, n_components=4, random_state=0).fit(X, y)
    assert m1.predict(X).shape == (600,)


def test_early_stopping():
    X, y = make_classification(800, n_features=5, flip_y=0.2, random_state=0)
    m = GBRFF2Classifier(n_estimators=500, n_iter_no_change=5, random_state=0).fit(X, y)
    assert m.n_estimators_ < 500 and m.alphas_.shape == (m.n_estimators_,)
    assert m.validation_loss_.shape == (m.n_estimators_,)
    off = GBRFF2Classifier(n_estimators=40, random_state=0).fit(X, y)
    assert off.n_estimators_ == 40 and not hasattr(off, "validation_loss_")


@pytest.mark.parametrize("make", [
    lambda **kw: GBRFF2Classifier(n_estimators=10, random_state=0, **kw),
    lambda **kw: GBRFF1Classifier(n_estimators=5, n_components=3, random_state=0, **kw),
    lambda **kw: GBRFFLSClassifier(n_estimators=5, n_components=3, random_state=0, **kw),
], ids=["gbrff2", "gbrff1", "gbrff-ls"])
def test_a_refit_keeps_nothing_of_the_earlier_fit(make):
    """No fitted attribute of a fit survives the next: not the validation curve of a fit with early
    stopping, not a binary model's ω beside a later one-vs-rest model."""
    from sklearn.datasets import load_iris

    X, y = make_classification(n_samples=200, n_features=6, random_state=0)
    est = make(n_iter_no_change=3).fit(X, y)
    assert hasattr(est, "validation_loss_") and hasattr(est, "omegas_")
    est.set_params(n_iter_no_change=None).fit(X, y)
    assert not hasattr(est, "validation_loss_")
    fresh = clone(est).fit(X, y)
    assert sorted(k for k in vars(est) if k.endswith("_")) == sorted(k for k in vars(fresh) if k.endswith("_"))
    Xi, yi = load_iris(return_X_y=True)
    est.fit(Xi, yi)                                   # three classes: one expansion a class
    assert len(est.expansions_) == 3 and est.n_features_in_ == 4
    for name in ("omegas_", "alphas_", "train_loss_", "biases_", "landmarks_", "q_"):
        assert not hasattr(est, name), name


@pytest.mark.parametrize("cls", [GBRFF2Classifier, GBRFF1Classifier, GBRFFLSClassifier])
def test_predict_log_proba_is_the_log_of_predict_proba(cls):
    from sklearn.datasets import load_iris

    X, y = load_iris(return_X_y=True)
    m = cls(n_estimators=5, random_state=0).fit(X, y)
    with np.errstate(divide="ignore"):
        np.testing.assert_array_equal(m.predict_log_proba(X), np.log(m.predict_proba(X)))


@pytest.mark.parametrize("cls", [GBRFF2Classifier, GBRFF1Classifier, GBRFFLSClassifier])
def test_weights_of_any_size_standardise_and_fit(cls):
    """Uniform weights of 1e13 made StandardScaler's constant-feature test (which counts weights as
    rows) take every feature for constant (scale 1, accuracy 0.87), and weights of 1e300 overflowed
    into a constant predictor; any uniform weight now gives the unweighted scale_ and a finite model."""
    from sklearn.datasets import load_breast_cancer

    X, y = load_breast_cancer(return_X_y=True)
    base = cls(n_estimators=20, random_state=0).fit(X, y)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for w in (1e-300, 1e13, 1e300):
            m = cls(n_estimators=20, random_state=0).fit(X, y, sample_weight=np.full(len(y), w))
            np.testing.assert_array_equal(m.scale_, base.scale_)
            assert np.isfinite(m.predict_proba(X)).all() and m.score(X, y) >= base.score(X, y) - 0.03


def test_zero_weight_equals_removing_the_sample(moons):
    Xa, Xb, ya, yb = moons
    sw = np.ones(len(ya))
    sw[:50] = 0
    for cls in (GBRFF2Classifier, GBRFF1Classifier):
        a = cls(n_estimators=10, random_state=0).fit(Xa, ya, sample_weight=sw)
        b = cls(n_estimators=10, random_state=0).fit(Xa[50:], ya[50:])
        np.testing.assert_allclose(a.decision_function(Xb), b.decision_function(Xb), atol=1e-7)


def test_separable_data_long_run_stays_finite():
    """T = 5000 on separable data: finite alpha, H and probabilities."""
    X, y = make_moons(100, noise=0.0, random_state=0)
    for m in (GBRFF2Classifier(n_estimators=5000, gamma=2.0, random_state=0).fit(X, y),
              GBRFF1Classifier(n_estimators=1000, n_components=3, gamma=2.0, random_state=0).fit(X, y)):
        assert np.all(np.isfinite(m.alphas_))
        H = m.decision_function(X)
        P = m.predict_proba(X)
        assert np.all(np.isfinite(H)) and np.all(np.isfinite(P))
        assert m.score(X, y) == 1.0
        assert np.all(np.isfinite(m.train_loss_)) and m.train_loss_[-1] < 1e-4


def test_perfect_weak_learner_does_not_blow_up():
    # one cosine separates these exactly: y = sign(cos(x))
    x = np.linspace(-3, 3, 40)
    x = x[np.abs(np.cos(x)) > 0.3]
    X = x[:, None]
    y = np.where(np.cos(x) > 0, 1, -1)
    m = GBRFF2Classifier(n_estimators=20, gamma=0.5, random_state=0).fit(X, y)
    assert np.all(np.isfinite(m.alphas_)) and np.all(np.abs(m.alphas_) < 20)
    assert m.score(X, y) == 1.0


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_bad_input_gets_clear_errors(cls):
    X, y = make_moons(50, random_state=0)
    est = cls(n_estimators=3)
    Xn = X.copy()
    Xn[0, 0] = np.nan
    with pytest.raises(ValueError, match="NaN"):
        est.fit(Xn, y)
    Xi = X.copy()
    Xi[1, 1] = np.inf
    with pytest.raises(ValueError, match="infinity"):
        est.fit(Xi, y)
    with pytest.raises(ValueError, match="class"):
        est.fit(X, np.ones(50))
    with pytest.raises(ValueError, match="inconsistent numbers of samples"):
        est.fit(X, y[:-1])
    fitted = clone(est).fit(X, y)
    with pytest.raises(ValueError, match="features"):
        fitted.predict(np.ones((3, 5)))
    with pytest.raises(ValueError, match="2D array"):
        fitted.predict(np.ones(3))
    for bad in [dict(n_estimators=0), dict(gamma=-1.0), dict(gamma="scale"), dict(learning_rate=0),
                dict(n_optim_steps=-1), dict(validation_fraction=1.5)]:
        with pytest.raises(ValueError, match="parameter"):
            cls(**bad).fit(X, y)
    with pytest.raises(ValueError, match="(?i)sample.weight"):
        cls(n_estimators=2).fit(X, y, sample_weight=np.zeros(50))
    with pytest.raises(ValueError):
        cls(n_estimators=2).fit(X, y, sample_weight=-np.ones(50))


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier, GBRFFLSClassifier])
@pytest.mark.parametrize("standardize", [True, False])
def test_huge_values_are_refused_or_fitted_never_a_crash(cls, standardize):
    """Finite in float64, infinite in the float32 the fit holds the data in:
    GBRFF2 crashed the process (NaN reached the engine), the others predicted
    NaN. Now a clear error; the largest float32-safe scale still fits."""
    X, y = make_moons(100, noise=0.15, random_state=0)
    with pytest.raises(ValueError, match="float32 range"):
        cls(n_estimators=3, standardize=standardize).fit(X * 1e39, y)
    # within float32 but far beyond the projections cos can resolve (standardize=False:
    # ω·x ~ 1e37): a poor model, as an RBF kernel's on such data, but finite (GBRFF2
    # crashed the process from |ω·x| ~ 1e17 on)
    for scale in (1e17, 1e37):
        m = cls(n_estimators=3, standardize=standardize, random_state=0).fit(X * scale, y)
        assert np.isfinite(m.predict_proba(X * scale)).all()
    if standardize:  # a spread below float32's range would give scale_ = 0 and NaN
        tiny = cls(n_estimators=3)
        with pytest.raises(ValueError, match="varies by only"):
            tiny.fit(X * 1e-50, y)
        assert not hasattr(tiny, "scale_")
    with pytest.raises(ValueError, match="float32 range"):  # before the learned bandwidths
        GBRFF2Classifier(n_estimators=3, feature_bandwidths="fkl",
                         quantile_features=True).fit(X * 1e39, y)


def test_works_inside_grid_search(moons):
    Xa, Xb, ya, yb = moons
    gs = GridSearchCV(GBRFF2Classifier(n_estimators=20, random_state=0),
                      {"gamma": [0.25, 1.0], "reg_lambda": [0.0, 0.1]}, cv=3).fit(Xa, ya)
    assert gs.best_score_ > 0.9


def test_threads_do_not_change_the_model():
    X, y = make_classification(3000, n_features=6, n_informative=4, n_classes=3,
                               n_clusters_per_class=1, random_state=1)
    one = GBRFF2Classifier(n_estimators=40, random_state=0, n_jobs=1).fit(X, y)
    two = GBRFF2Classifier(n_estimators=40, random_state=0, n_jobs=2).fit(X, y)
    Xbig = np.tile(X, (20, 1))
    np.testing.assert_array_equal(one.decision_function(Xbig), two.decision_function(Xbig))
    b1 = GBRFF1Classifier(n_estimators=60, n_components=4, random_state=0, n_jobs=1).fit(X, y == 0)
    b2 = clone(b1).set_params(n_jobs=2).fit(X, y == 0)
    np.testing.assert_array_equal(b1.decision_function(Xbig), b2.decision_function(Xbig))


@pytest.mark.parametrize("loss", sorted(losses_for(CLASSIFICATION)))
@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_every_loss_learns_with_probabilities_through_its_link(cls, loss, moons):
    X, _, y, _ = moons
    clf = cls(n_estimators=40, loss=loss, random_state=0).fit(X, y)
    assert clf.score(X, y) > 0.9
    assert clf.expansion_.loss == loss
    p = clf.predict_proba(X)
    assert np.all((p >= 0) & (p <= 1))
    np.testing.assert_allclose(p[:, 1], _boosting.probability(loss, clf.decision_function(X)))
    last = list(clf.staged_predict_proba(X))[-1]
    np.testing.assert_array_equal(last, p)
    assert clf.train_loss_[-1] < clf.train_loss_[0]


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_a_bad_loss_is_a_value_error(cls, moons):
    X, _, y, _ = moons
    with pytest.raises(ValueError, match="loss"):
        cls(loss="no_such_loss").fit(X, y)


def test_random_landmarks_are_training_points(moons):
    X, _, y, _ = moons
    clf = GBRFF1Classifier(n_estimators=20, n_components=5, landmarks="random",
                           random_state=0, standardize=False).fit(X, y)
    assert clf.expansion_.learner == "random_landmark"
    assert all((X == lm).all(axis=1).any() for lm in clf.landmarks_)
    assert clf.score(X, y) > 0.8
    with pytest.raises(ValueError, match="landmarks"):
        GBRFF1Classifier(landmarks="kmeans").fit(X, y)


def test_column_major_float32_is_fitted_without_a_copy(monkeypatch):
    """The engine reads X column by column in float32: without standardisation
    such an X is used as it is (the large-n memory promise), and any order gives
    the same model, with standardisation too."""
    rng = np.random.default_rng(0)
    Xc = rng.standard_normal((20_000, 20), dtype=np.float32)
    y = (Xc[:, 0] * Xc[:, 1] > 0).astype(int)
    Xf = np.asfortranarray(Xc)
    ref = GBRFF2Classifier(n_estimators=3, random_state=0, standardize=False).fit(Xc, y)
    std = GBRFF2Classifier(n_estimators=3, random_state=0).fit(Xc, y)
    std_f = GBRFF2Classifier(n_estimators=3, random_state=0).fit(Xf, y)
    np.testing.assert_array_equal(std.omegas_, std_f.omegas_)
    np.testing.assert_array_equal(std.decision_function(Xc), std_f.decision_function(Xf))
    seen = []
    prepare = _boosting._prepare

    def spy(X, *args):
        out = prepare(X, *args)
        seen.append(np.shares_memory(out[0], Xf))
        return out

    monkeypatch.setattr(_boosting, "_prepare", spy)
    m = GBRFF2Classifier(n_estimators=3, random_state=0, standardize=False).fit(Xf, y)
    assert seen == [True]
    np.testing.assert_array_equal(m.omegas_, ref.omegas_)
    np.testing.assert_array_equal(m.decision_function(Xf), ref.decision_function(Xc))


def test_standardization_weights_are_copies():
    """Integer weights give the statistics of the repeated rows, bit for bit."""
    rng = np.random.RandomState(42)
    X = rng.rand(15, 30) * 100 + 7
    y = rng.randint(0, 2, 15)
    sw = rng.randint(0, 5, 15)
    sw[:2] = 1
    y[:2] = [0, 1]
    a = GBRFF2Classifier(n_estimators=2, random_state=0).fit(X.repeat(sw, axis=0), y.repeat(sw))
    b = GBRFF2Classifier(n_estimators=2, random_state=0).fit(X, y, sample_weight=sw)
    assert np.array_equal(a.mean_, b.mean_) and np.array_equal(a.scale_, b.scale_)


@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_standardize_is_a_scaler_inside(cls):
    """standardize=True fits the model of standardize=False on (X - mean_) / scale_:
    raw units, an offset and a constant feature change nothing; ω acts on z."""
    X, y = make_classification(200, 5, random_state=0)
    X_raw = X * [1e-3, 1.0, 1e3, 50.0, 1.0] + [0.0, 1e4, -3.0, 0.0, 0.0]
    X_raw[:, 4] = 7.0  # a constant feature keeps scale 1
    est = cls(n_estimators=20, random_state=0).fit(X_raw, y)
    assert est.scale_[4] == 1.0 and est.mean_.shape == (5,)
    Z = (X_raw - est.mean_) / est.scale_
    ref = cls(n_estimators=20, random_state=0, standardize=False).fit(Z, y)
    assert np.array_equal(est.omegas_, ref.omegas_)
    assert np.array_equal(est.decision_function(X_raw), ref.decision_function(Z))
    assert np.array_equal(_boosting.final_scores(est.expansion_, Z), est.decision_function(X_raw))
    # a refit without standardisation leaves no statistics behind
    est.set_params(standardize=False).fit(Z, y)
    assert not hasattr(est, "mean_") and not hasattr(est, "scale_")
    assert np.array_equal(est.omegas_, ref.omegas_)


def _scaler_copy(est, X):
    """The explicit path: a StandardScaler holding mean_ and scale_ in X's dtype
    standardises a copy of all of X (X's dtype arithmetic, as predict always has)."""
    from sklearn.preprocessing import StandardScaler

    sc = StandardScaler()
    sc.mean_, sc.scale_ = (a.astype(X.dtype) for a in (est.mean_, est.scale_))
    sc.var_, sc.n_features_in_, sc.n_samples_seen_ = sc.scale_**2, X.shape[1], 1
    return sc.transform(X)


@pytest.mark.parametrize("n_classes", [2, 3])
@pytest.mark.parametrize("cls", [GBRFF1Classifier, GBRFF2Classifier])
def test_prediction_standardises_a_chunk_at_a_time_with_the_bits_of_a_copy(cls, n_classes):
    """decision_function, predict_proba, predict and the staged outputs
    standardise X a chunk of rows at a time inside the scoring pass: the same
    bits as standardising a copy of all of X (StandardScaler) and scoring it
    without standardisation, for float32 and float64, C and F order, any
    chunk, tile, block of iterations and number of threads."""
    X, y = make_classification(700, 5, n_informative=4, n_redundant=0, n_classes=n_classes,
                               random_state=3)
    X = X * [1e-3, 1.0, 1e3, 50.0, 3.0] + [0.0, 1e4, -3.0, 0.5, 7.0]
    params = dict(n_estimators=4, n_components=3) if cls is GBRFF1Classifier else dict(n_estimators=12)
    for dtype in (np.float32, np.float64):
        est = cls(random_state=0, **params).fit(X.astype(dtype), y)
        for order in ("C", "F"):
            Xo = np.asarray(X, dtype=dtype, order=order)
            Z = _scaler_copy(est, Xo)
            assert Z.tobytes() == est.feature_map_.transform(Xo).tobytes()
            Z64 = np.ascontiguousarray(Z, dtype=np.float64)
            ref = np.column_stack([m.decision_function(Z) for m in est.expansions_])
            ref = ref[:, 0] if n_classes == 2 else ref
            np.testing.assert_array_equal(est.decision_function(Xo), ref)
            np.testing.assert_array_equal(est.predict_proba(Xo), est._proba_from_scores(ref))
            np.testing.assert_array_equal(est.predict(Xo), est._labels_from_scores(ref))
            staged = list(est.staged_decision_function(Xo))
            np.testing.assert_array_equal(staged[-1], ref)
            standardization = est.feature_map_.fit_standardization(Xo.dtype)
            for k, m in enumerate(est.expansions_):
                whole = np.array(list(_boosting.staged_scores(m, Z64, chunk=len(Z64))))
                np.testing.assert_array_equal(np.array([s if s.ndim == 1 else s[:, k] for s in staged])
                                              [:m.n_iter], whole)
                # many chunks, tiles and blocks of iterations
                np.testing.assert_array_equal(np.array(list(_boosting.staged_scores(
                    m, Xo, max_block_bytes=3 * 8 * len(Xo), standardization=standardization,
                    chunk=100))), whole)
                for chunk, n_threads in ((100, 1), (64, 2)):
                    np.testing.assert_array_equal(_boosting.final_scores(
                        m, Xo, n_threads, chunk=chunk, standardization=standardization), whole[-1])
            read = _boosting._row_reader(Xo, standardization, tile=64)
            for rows in (slice(0, 700), slice(30, 333), slice(5, 5)):
                assert read(rows).tobytes() == Z64[rows].tobytes()


def test_prediction_makes_no_copy_of_x():
    """standardize=True: decision_function and the staged scores standardise and
    widen a chunk of rows at a time; a standardised copy of X alone would be
    1 x its size, a float64 one 2 x."""
    import tracemalloc

    X, y = make_classification(2000, 20, random_state=0)
    est = GBRFF2Classifier(n_estimators=3, random_state=0, n_jobs=1).fit(X, y)
    X32 = (np.random.default_rng(0).standard_normal((1 << 19, 20)) * 3 + 5).astype(np.float32)
    tracemalloc.start()
    est.decision_function(X32)                 # chunks of 65,536 rows: 10 MB in float64
    peak_final = tracemalloc.get_traced_memory()[1]
    tracemalloc.reset_peak()
    for _ in est.staged_decision_function(X32):  # scores (3, n) and chunks of 4,096 rows
        pass
    peak_staged = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak_final < 0.5 * X32.nbytes
    assert peak_staged < 0.5 * X32.nbytes


def test_default_works_on_raw_units():
    """The defaults on raw features score as on standardised ones (issue 21)."""
    from sklearn.datasets import load_wine
    X, y = load_wine(return_X_y=True)
    Xa, Xb, ya, yb = train_test_split(X, y, test_size=0.3, stratify=y, random_state=0)
    raw = GBRFF2Classifier(random_state=0).fit(Xa, ya).score(Xb, yb)
    old = GBRFF2Classifier(random_state=0, standardize=False).fit(Xa, ya).score(Xb, yb)
    assert raw >= 0.9 > old


@pytest.mark.parametrize("order", ["C", "F"])
def test_standardisation_inside_the_float32_copy_has_the_bits_of_a_scaler(order):
    """standardize=True makes no standardised copy of X: mean_ and scale_ are
    StandardScaler's bits (weighted too), XT is filled a block of rows at a time
    with the bits of (X - mean) / scale on all of X, and the models (random
    landmarks, validation split, GBRFF-LS) are those of standardize=False on it."""
    from sklearn.preprocessing import StandardScaler

    from gbrff import GBRFFLSClassifier
    from gbrff._feature_map import weighted_mean_scale

    rng = np.random.default_rng(0)
    X = np.asarray(rng.standard_normal((700, 4)) * [1e-3, 1.0, 1e3, 50.0] + [0.0, 1e4, -3.0, 0.5],
                   order=order)
    y = (X[:, 1] - 1e4 + X[:, 3] / 50 > 0).astype(int)
    for sw in (np.ones(700), rng.uniform(0, 3, 700)):
        sc = StandardScaler().fit(X, sample_weight=sw)
        mean, scale = weighted_mean_scale(X, sw)
        assert mean.tobytes() == sc.mean_.tobytes() and scale.tobytes() == sc.scale_.tobytes()
    m, s = X.mean(axis=0), X.std(axis=0)
    whole = np.ascontiguousarray(((X - m) / s).astype(np.float32).T)
    for block in (8, 100, 1 << 23):
        assert _boosting._transposed(X, (m, s), block_bytes=block).tobytes() == whole.tobytes()
    for est in (GBRFF1Classifier(n_estimators=5, landmarks="random", random_state=0),
                GBRFF2Classifier(n_estimators=5, n_iter_no_change=2, random_state=0),
                GBRFFLSClassifier(n_estimators=5, n_components=4, random_state=0)):
        est.fit(X, y)
        ref = clone(est).set_params(standardize=False).fit(est.feature_map_.transform(X), y)
        for a in ("alphas_", "train_loss_", "landmarks_", "validation_loss_"):
            if hasattr(ref, a):
                assert getattr(est, a).tobytes() == getattr(ref, a).tobytes(), a


def test_the_user_guides_feature_scale_figures():
    """doc/user_guide/features.md, "The estimators standardise for you": the accuracies its table quotes,
    by the scheme it names."""
    from pathlib import Path

    from sklearn.datasets import load_breast_cancer, load_wine
    from sklearn.model_selection import StratifiedKFold, cross_val_score
    from sklearn.pipeline import make_pipeline
    from sklearn.preprocessing import StandardScaler

    cv = StratifiedKFold(5, shuffle=True, random_state=0)
    quoted = {load_breast_cancer: (0.566, 0.963, 0.960), load_wine: (0.433, 0.978, 0.983)}
    page = (Path(__file__).resolve().parents[2] / "doc" / "user_guide" / "features.md").read_text(encoding="utf-8")
    assert "`StratifiedKFold(5, shuffle=True, random_state=0)`" in page
    for row, (raw, standardised, scaler) in zip(("| breast cancer (scikit-learn) |", "| wine (scikit-learn) |"),
                                                quoted.values()):
        assert f"{row} {raw:.3f} | {standardised:.3f} | {scaler:.3f} |" in page
    for loader, (raw, standardised, scaler) in quoted.items():
        X, y = loader(return_X_y=True)
        got = [cross_val_score(est, X, y, cv=cv).mean() for est in (
            GBRFF2Classifier(random_state=0, standardize=False),
            GBRFF2Classifier(random_state=0),
            make_pipeline(StandardScaler(), GBRFF2Classifier(random_state=0)))]
        np.testing.assert_allclose(got, [raw, standardised, scaler], atol=5e-4)
