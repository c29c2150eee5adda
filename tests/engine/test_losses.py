"""The loss axis: the registry (gbrff._engine.loss_registry), the compiled
residuals, steps and losses against their plain-numpy definitions
(tests/_reference.py), H^0 and the links."""

import numpy as np
import pytest
from scipy.special import expit

from gbrff import _boosting
from gbrff._engine import _losses
from gbrff._engine.loss_registry import CRITERIA, EXP_SURROGATE, LEAST_SQUARES, LOSSES
from tests import _reference as ref

CODES = {name: loss.code for name, loss in LOSSES.items()}


def test_the_registry_is_the_one_source_of_the_loss_facts():
    """Codes are the rows of CRITERIA; every reader takes its names from it."""
    from gbrff import GBRFF1Classifier, GBRFF2Classifier
    from gbrff.viz import curves

    assert sorted(CODES.values()) == list(range(len(LOSSES)))
    assert (_losses.EXPONENTIAL, _losses.LOG_LOSS, _losses.SQUARED_ERROR) == (0, 1, 2)
    for name, loss in LOSSES.items():
        assert CRITERIA[loss.code] == loss.criterion == _losses.criterion(loss.code)
        assert loss.label and loss.description
        assert curves._loss_label(name) == loss.label
    assert LOSSES["squared_error"].criterion == LEAST_SQUARES
    assert LOSSES["exponential"].criterion == LOSSES["log_loss"].criterion == EXP_SURROGATE
    assert _boosting.LOSSES is LOSSES
    for cls in (GBRFF1Classifier, GBRFF2Classifier):
        assert cls._parameter_constraints["loss"][0].options == set(LOSSES)


@pytest.mark.parametrize("loss", sorted(CODES))
def test_the_numpy_loss_value_is_the_compiled_one(loss):
    y, H, sw, _ = _data()
    expect = _losses.loss_value(CODES[loss], y, H, sw, np.empty(y.shape[0]))
    assert LOSSES[loss].mean(H, y, sw) == pytest.approx(expect, rel=1e-12)
    assert LOSSES[loss].mean(H, y) == pytest.approx(
        _losses.loss_value(CODES[loss], y, H, np.ones_like(y), np.empty(y.shape[0])), rel=1e-12)


def _data(n=257, seed=0, scale=1.5):
    rng = np.random.default_rng(seed)
    y = np.where(rng.random(n) < 0.4, 1.0, -1.0)
    H = rng.standard_normal(n) * scale
    sw = rng.uniform(0.0, 2.0, n)
    sw[::9] = 0.0
    return y, H, sw * n / sw.sum(), rng.uniform(-1, 1, n)


@pytest.mark.parametrize("loss", sorted(CODES))
def test_residuals_step_and_loss_match_numpy(loss):
    y, H, sw, h = _data()
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    tl, shift = _losses.residuals(CODES[loss], y, H, sw, w, yt)
    yt_ref, w_ref, terms = ref.loss_parts(loss, y, H)
    np.testing.assert_allclose(yt, yt_ref, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(w, w_ref, rtol=1e-12, atol=1e-15)
    assert tl == pytest.approx(np.sum(sw * terms) / n, rel=1e-12)
    assert shift == 0.0
    a = _losses._step(CODES[loss], y, w, yt, sw, h, np.empty(n))
    assert a == pytest.approx(ref.step(loss, y, yt_ref, w_ref, sw, h), rel=1e-10)
    assert _losses.loss_value(CODES[loss], y, H, sw, np.empty(n)) == pytest.approx(
        np.sum(sw * terms) / np.sum(sw), rel=1e-12)
    # the registry's numpy residuals (inspection.residuals, the playground's point sizes) are the loop's
    w_np, yt_np = LOSSES[loss].residuals(y, H)
    np.testing.assert_allclose(yt_np, yt, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(w_np, w, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("loss", sorted(CODES))
def test_the_step_lowers_the_loss_along_h(loss):
    """alpha is the minimiser (squared_error) or a Newton step towards it."""
    y, H, sw, h = _data(scale=0.5)
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    _losses.residuals(CODES[loss], y, H, sw, w, yt)
    a = _losses._step(CODES[loss], y, w, yt, sw, h, np.empty(n))

    def L(H):
        return np.sum(sw * ref.loss_parts(loss, y, H)[2])

    assert L(H + a * h) < L(H)
    if loss == "squared_error":
        for da in (-1e-3, 1e-3):
            assert L(H + (a + da) * h) > L(H + a * h)


def test_log_loss_never_overflows():
    y = np.array([1.0, -1.0, 1.0, -1.0])
    H = np.array([1e4, 1e4, -1e4, -1e4])
    sw = np.ones(4)
    w, yt = np.empty(4), np.empty(4)
    tl, shift = _losses.residuals(_losses.LOG_LOSS, y, H, sw, w, yt)
    np.testing.assert_allclose(yt, [0.0, -1.0, 1.0, 0.0])
    assert tl == pytest.approx(2e4 / 4)
    assert np.all(np.isfinite(w)) and shift == 0.0


def test_a_zero_learner_gives_a_zero_step():
    y, H, sw, _ = _data()
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    _losses.residuals(_losses.SQUARED_ERROR, y, H, sw, w, yt)
    assert _losses.newton_step(yt, w, sw, np.zeros(n)) == 0.0


@pytest.mark.parametrize("loss", sorted(CODES))
def test_initial_score_minimises_the_loss(loss):
    y, _, sw, _ = _data()
    H0 = _boosting.initial_score(y, sw, loss)
    assert H0 == pytest.approx(ref.init_score(loss, y, sw), rel=1e-12)

    def L(c):
        return np.sum(sw * ref.loss_parts(loss, y, np.full(y.shape, c))[2])

    assert L(H0) <= min(L(H0 - 1e-4), L(H0 + 1e-4))


def test_links():
    H = np.linspace(-3, 3, 13)
    np.testing.assert_array_equal(_boosting.probability("exponential", H), expit(2 * H))
    np.testing.assert_array_equal(_boosting.probability("log_loss", H), expit(H))
    np.testing.assert_allclose(_boosting.probability("squared_error", H),
                               np.clip((1 + H) / 2, 0, 1))


def test_every_learner_takes_every_loss_and_a_bad_name_is_refused():
    for learner in _boosting.LEARNERS:
        for loss in _boosting.LOSSES:
            _boosting.check_loss(learner, loss)
    with pytest.raises(ValueError, match="loss must be one of"):
        _boosting.check_loss("cosine", "no_such_loss")


def test_a_loss_code_without_its_compiled_branch_is_nan_not_another_loss():
    """A loss added to the registry but not to _losses' branches must not fit as squared error."""
    unknown = len(LOSSES)
    assert np.isnan(_losses._loss_term(unknown, 1.0, 0.3))
    y, H, sw, _ = _data(n=5)
    w, yt = np.empty(5), np.empty(5)
    _losses.residuals(unknown, y, H, sw, w, yt)
    assert np.isnan(yt).all() and np.isnan(w).all()
