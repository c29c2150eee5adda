"""gbrff.inspection: the objectives the app draws, against direct formulas."""

import numpy as np
import pytest
from sklearn.datasets import make_moons

from gbrff import GBRFF1Classifier, GBRFF2Classifier
from gbrff.inspection import bias_objective, landmark_objective, residuals


def test_objectives_match_the_formulas():
    rng = np.random.default_rng(0)
    X = rng.standard_normal((80, 2))
    yt = rng.standard_normal(80) * 2
    om = rng.standard_normal(2)
    bs = np.linspace(-np.pi, np.pi, 9)
    expect = [np.mean(np.exp(-yt * np.cos(X @ om - b))) for b in bs]
    np.testing.assert_allclose(bias_objective(X, yt, om, bs), expect, rtol=1e-12)
    assert bias_objective(X, yt, om, 0.5) == pytest.approx(np.mean(np.exp(-yt * np.cos(X @ om - 0.5))))
    L = rng.standard_normal((7, 2))
    Om = rng.standard_normal((3, 2))
    expect = [np.mean(np.exp(-yt * np.cos(Om @ (x[:, None] - X.T)).mean(0))) for x in L]
    np.testing.assert_allclose(landmark_objective(X, yt, Om, L), expect, rtol=1e-12)
    # with K = 1 the landmark objective only depends on omega.x: a periodic landscape
    x = L[0]
    shifted = x + 2 * np.pi * Om[0] / (Om[0] @ Om[0])
    np.testing.assert_allclose(landmark_objective(X, yt, Om[:1], [x, shifted]),
                               landmark_objective(X, yt, Om[0], [x, x]), rtol=1e-10)
    # huge residuals: f overflows float64, its log does not
    lf = bias_objective(X, yt * 1e3, om, bs, log=True)
    assert np.all(np.isfinite(lf))
    u = -yt * 1e3 * np.cos(X @ om - bs[3])
    assert lf[3] == pytest.approx(u.max() + np.log(np.mean(np.exp(u - u.max()))))
    np.testing.assert_allclose(landmark_objective(X, yt, Om, L, log=True),
                               np.log(landmark_objective(X, yt, Om, L)), rtol=1e-12)


def test_residuals_follow_the_boosting():
    X, y = make_moons(200, noise=0.1, random_state=0)
    ypm = np.where(y == 1, 1.0, -1.0)
    for m in (GBRFF2Classifier(n_estimators=5, random_state=0).fit(X, y),
              GBRFF1Classifier(n_estimators=5, n_components=3, random_state=0).fit(X, y)):
        w0, yt0 = residuals(m, X, ypm, 0)
        np.testing.assert_allclose(w0, np.exp(-ypm * m.init_score_))
        w5, yt5 = residuals(m, X, ypm, 5)
        np.testing.assert_allclose(w5, np.exp(-ypm * m.decision_function(X)))
        np.testing.assert_allclose(yt5, ypm * w5)
        assert np.mean(w5) == pytest.approx(m.train_loss_[-1], rel=1e-6)
        with pytest.raises(ValueError):
            residuals(m, X, ypm, 6)
        with pytest.raises(ValueError):
            residuals(m, X, y * 3, 1)
