"""The random-features estimators: the four schemes, parallel = serial (scikit-learn's checks:
tests/integration/test_sklearn_checks.py)."""

import numpy as np
import pytest
from sklearn.datasets import make_classification
from sklearn.kernel_approximation import Nystroem, RBFSampler
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.svm import LinearSVC

from gbrff._gamma import quantile_gamma
from gbrff.baselines import SCHEMES, RandomFeatureEnsembleClassifier, RandomFeatureMap, RBFSVC


@pytest.fixture(scope="module")
def data():
    X, y = make_classification(300, 6, n_informative=4, n_classes=3, random_state=0)
    return (X - X.mean(0)) / X.std(0), y


def test_map_is_sklearns_with_the_quantile_gamma(data):
    X, _ = data
    m = RandomFeatureMap("rff", 50, random_state=0).fit(X)
    assert isinstance(m.map_, RBFSampler) and m.map_.gamma == m.gamma_
    assert m.gamma_ == pytest.approx(quantile_gamma(X), rel=1e-12)  # 300 rows: every pair
    n = RandomFeatureMap("nystroem", 500, gamma=0.3, random_state=0).fit(X[:40])
    assert isinstance(n.map_, Nystroem) and n.gamma_ == 0.3 and n.transform(X).shape == (300, 40)


def _members(clf):
    return clf.bagging_.estimators_


@pytest.mark.slow
@pytest.mark.parametrize("scheme", SCHEMES)
def test_schemes_map_and_sample_as_the_thesis(scheme, data):
    X, y = data
    member = LogisticRegression(C=1000, max_iter=300) if scheme != "black_ensemble" else None
    clf = RandomFeatureEnsembleClassifier(member, scheme=scheme, n_components=30, n_estimators=4,
                                          random_state=0).fit(X, y)
    bag = clf.bagging_
    assert bag.bootstrap == scheme.endswith("bag") and len(_members(clf)) == 4
    if scheme.startswith("black"):  # one map, members see its features
        assert clf.map_ is not None and clf.map_.gamma_ == clf.gamma_
        assert all(not isinstance(m, Pipeline) for m in _members(clf))
        assert bag.n_features_in_ == 30
    else:  # a new map per member, all with the shared gamma
        assert clf.map_ is None
        maps = [m.named_steps["map"] for m in _members(clf)]
        assert all(mp.gamma_ == clf.gamma_ for mp in maps)
        assert len({mp.map_.random_weights_.tobytes() for mp in maps}) == 4
    if scheme.endswith("bag"):
        assert all(len(np.unique(s)) < len(y) for s in bag.estimators_samples_)
    else:
        assert all(len(np.unique(s)) == len(y) for s in bag.estimators_samples_)


@pytest.mark.slow
def test_vote_is_the_mean_of_member_probabilities(data):
    X, y = data
    clf = RandomFeatureEnsembleClassifier(LogisticRegression(C=1000, max_iter=300), scheme="white_ensemble",
                                          n_components=30, n_estimators=5, random_state=1).fit(X, y)
    mean = np.mean([m.predict_proba(X) for m in _members(clf)], axis=0)
    np.testing.assert_allclose(clf.predict_proba(X), mean, rtol=1e-12)
    np.testing.assert_array_equal(clf.predict(X), clf.classes_[mean.argmax(1)])


def test_members_without_probabilities_vote(data):
    X, y = data
    clf = RandomFeatureEnsembleClassifier(LinearSVC(C=1000), scheme="black_bag", n_components=30,
                                          n_estimators=5, random_state=0).fit(X, y)
    Z = clf.map_.transform(X)
    votes = np.mean([np.eye(3)[np.searchsorted(clf.classes_, m.predict(Z))] for m in _members(clf)], axis=0)
    np.testing.assert_allclose(clf.predict_proba(X), votes)


@pytest.mark.slow
@pytest.mark.parametrize("scheme", ["black_bag", "white_bag", "white_ensemble"])
def test_same_ensemble_for_any_n_jobs(scheme, data):
    X, y = data
    kw = dict(scheme=scheme, kind="nystroem", n_components=30, n_estimators=6, random_state=7)
    member = LogisticRegression(C=1000, max_iter=300)
    one = RandomFeatureEnsembleClassifier(member, n_jobs=1, **kw).fit(X, y)
    two = RandomFeatureEnsembleClassifier(member, n_jobs=2, **kw).fit(X, y)
    Z = one._features(X)
    assert np.array_equal(Z, two._features(X))
    for a, b in zip(_members(one), _members(two)):  # the same members, bit for bit
        np.testing.assert_array_equal(a.predict_proba(Z), b.predict_proba(Z))
    # the vote sums the members per job: the same up to the order of the additions
    np.testing.assert_allclose(one.predict_proba(X), two.predict_proba(X), rtol=0, atol=1e-14)
    other = RandomFeatureEnsembleClassifier(member, n_jobs=1, **{**kw, "random_state": 8}).fit(X, y)
    assert not np.allclose(one.predict_proba(X), other.predict_proba(X))


def test_black_ensemble_is_for_trees_only(data):
    X, y = data
    with pytest.raises(ValueError, match="decision tree"):
        RandomFeatureEnsembleClassifier(LogisticRegression(), scheme="black_ensemble").fit(X, y)


def test_rbfsvc_is_svc_with_the_rule(data):
    from sklearn.svm import SVC

    X, y = data
    ours = RBFSVC(C=3.0).fit(X, y)
    ref = SVC(C=3.0, gamma=quantile_gamma(X)).fit(X, y)
    np.testing.assert_allclose(ours.decision_function(X), ref.decision_function(X))


@pytest.mark.parametrize("kind, n_out", [("rff", 7), ("nystroem", 30)])
def test_map_names_its_features_for_pandas_output(kind, n_out):
    """get_feature_names_out (D names; Nyström's D at most the rows), so a pipeline's
    set_output(transform="pandas") works through the map."""
    import pandas as pd
    from sklearn.preprocessing import StandardScaler

    X, y = make_classification(n_samples=30, n_features=4, random_state=0)
    X = pd.DataFrame(X, columns=list("abcd"))
    pipe = Pipeline([("scale", StandardScaler()),
                     ("map", RandomFeatureMap(kind=kind, n_components=7 if kind == "rff" else 50,
                                              random_state=0))]).set_output(transform="pandas")
    Z = pipe.fit_transform(X)
    assert isinstance(Z, pd.DataFrame) and list(Z.columns) == [f"randomfeaturemap{i}" for i in range(n_out)]


def test_n_jobs_zero_is_refused_up_front(data):
    from sklearn.utils._param_validation import InvalidParameterError

    from gbrff import GBRFF2Classifier

    X, y = data
    for est in (RandomFeatureEnsembleClassifier(n_jobs=0), GBRFF2Classifier(n_jobs=0)):
        with pytest.raises(InvalidParameterError, match="n_jobs"):
            est.fit(X, y)
