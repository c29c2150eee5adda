"""The fitted model object every GBRFF estimator returns (gbrff.Expansion)."""

import json

import numpy as np
import pytest
from sklearn.datasets import make_moons

from gbrff import Expansion, GBRFF1Classifier, GBRFF2Classifier

X, Y = make_moons(200, noise=0.2, random_state=0)


@pytest.mark.parametrize("est", [GBRFF2Classifier(n_estimators=12, random_state=0, standardize=False),
                                 GBRFF1Classifier(n_estimators=12, n_components=4, random_state=0,
                                                  standardize=False)])
def test_expansion_reproduces_the_estimator(est):
    est.fit(X, Y)
    e = est.expansion_
    assert isinstance(e, Expansion) and e.loss == "exponential"
    T, K, d = e.omegas.shape
    assert (T, d) == (est.n_estimators_, 2) and e.phases.shape == e.q.shape == (T, K)
    # the formula of the docstring, written out
    H = e.init_score + sum(e.alphas[t] * e.weak_learner(t, X) for t in range(T))
    np.testing.assert_allclose(est.decision_function(X), H, atol=1e-10)
    np.testing.assert_array_equal(e.decision_function(X), est.decision_function(X))
    staged = list(e.staged_decision_function(X))
    np.testing.assert_array_equal(staged[-1], est.decision_function(X))
    np.testing.assert_array_equal(e.truncated(5).decision_function(X), staged[4])


def test_learners_are_named_and_landmarks_give_the_phases():
    e2 = GBRFF2Classifier(n_estimators=5, random_state=0).fit(X, Y).expansion_
    e1 = GBRFF1Classifier(n_estimators=5, n_components=3, random_state=0).fit(X, Y).expansion_
    assert (e2.learner, e1.learner) == ("cosine", "landmark")
    assert e2.landmarks is None and np.all(e2.q == 1.0)
    np.testing.assert_allclose(e1.phases, np.einsum("tkd,td->tk", e1.omegas, e1.landmarks))


def test_json_round_trip_is_exact():
    e = GBRFF1Classifier(n_estimators=6, n_components=3, random_state=1).fit(X, Y).expansion_
    back = Expansion.from_dict(json.loads(json.dumps(e.to_dict())))
    np.testing.assert_array_equal(back.decision_function(X), e.decision_function(X))


def test_one_vs_rest_has_one_expansion_per_class():
    y3 = np.arange(len(Y)) % 3
    est = GBRFF2Classifier(n_estimators=4, random_state=0).fit(X, y3)
    assert len(est.expansions_) == 3
    with pytest.raises(AttributeError, match="expansions_"):
        est.expansion_
