"""The loss axis: the registry (gbrff._engine.loss_registry), the compiled
residuals, steps and losses against their plain-numpy definitions
(tests/_reference.py), H^0, the links, and huber's scale δ and exact step."""

import numpy as np
import pytest
from scipy.special import expit

from gbrff import _boosting
from gbrff._engine import _losses
from gbrff._engine.loss_registry import (CLASSIFICATION, CRITERIA, EXP_SURROGATE, LEAST_SQUARES,
                                         LOSSES, REGRESSION, losses_for, weighted_quantile)
from tests import _reference as ref

CODES = {name: loss.code for name, loss in LOSSES.items()}


def test_the_registry_is_the_one_source_of_the_loss_facts():
    """Codes are the rows of CRITERIA; every reader takes its names from it."""
    from gbrff import GBRFF1Classifier, GBRFF1Regressor, GBRFF2Classifier, GBRFF2Regressor
    from gbrff.viz import curves

    assert sorted(CODES.values()) == list(range(len(LOSSES)))
    assert (_losses.EXPONENTIAL, _losses.LOG_LOSS, _losses.SQUARED_ERROR, _losses.HUBER) == (0, 1, 2, 3)
    for name, loss in LOSSES.items():
        assert CRITERIA[loss.code] == loss.criterion == _losses.criterion(loss.code)
        assert loss.label and loss.description
        assert curves._loss_label(name) == loss.label
        assert loss.tasks and loss.tasks <= {CLASSIFICATION, REGRESSION}
        assert (loss.link is None) == (CLASSIFICATION not in loss.tasks)
    assert LOSSES["squared_error"].criterion == LOSSES["huber"].criterion == LEAST_SQUARES
    assert LOSSES["exponential"].criterion == LOSSES["log_loss"].criterion == EXP_SURROGATE
    assert _boosting.LOSSES is LOSSES
    assert losses_for(CLASSIFICATION) == ("exponential", "log_loss", "squared_error")
    assert losses_for(REGRESSION) == ("squared_error", "huber")
    for cls in (GBRFF1Classifier, GBRFF2Classifier):
        assert cls._parameter_constraints["loss"][0].options == set(losses_for(CLASSIFICATION))
    for cls in (GBRFF1Regressor, GBRFF2Regressor):
        assert cls._parameter_constraints["loss"][0].options == set(losses_for(REGRESSION))


def _data(n=257, seed=0, scale=1.5, loss="exponential"):
    """Labels in {-1, +1} for a classification loss, real targets with a few
    outliers for a regression-only loss; scores H, weights (some 0), a learner's h."""
    rng = np.random.default_rng(seed)
    if CLASSIFICATION in LOSSES[loss].tasks:
        y = np.where(rng.random(n) < 0.4, 1.0, -1.0)
    else:
        y = rng.standard_normal(n) * 2.0
        y[::23] += 40.0
    H = rng.standard_normal(n) * scale
    sw = rng.uniform(0.0, 2.0, n)
    sw[::9] = 0.0
    return y, H, sw * n / sw.sum(), rng.uniform(-1, 1, n)


def _delta(loss, y, H, sw, quantile=0.9):
    """The scale the compiled loss takes: huber's δ (the reference's), else 0."""
    return ref.huber_delta(y, H, sw, quantile) if loss == "huber" else 0.0


@pytest.mark.parametrize("loss", sorted(CODES))
def test_the_numpy_loss_value_is_the_compiled_one(loss):
    y, H, sw, _ = _data(loss=loss)
    n = y.shape[0]
    delta = _delta(loss, y, H, sw)
    expect = _losses.loss_value(CODES[loss], y, H, sw, np.empty(n), delta)
    assert LOSSES[loss].mean(H, y, sw) == pytest.approx(expect, rel=1e-12)
    ones = np.ones_like(y)
    assert LOSSES[loss].mean(H, y) == pytest.approx(
        _losses.loss_value(CODES[loss], y, H, ones, np.empty(n), _delta(loss, y, H, ones)),
        rel=1e-12)


@pytest.mark.parametrize("loss", sorted(CODES))
def test_residuals_step_and_loss_match_numpy(loss):
    y, H, sw, h = _data(loss=loss)
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    tl, shift, delta = _losses.residuals(CODES[loss], y, H, sw, w, yt, 0.9)
    assert delta == _delta(loss, y, H, sw)
    yt_ref, w_ref, terms = ref.loss_parts(loss, y, H, delta)
    np.testing.assert_allclose(yt, yt_ref, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(w, w_ref, rtol=1e-12, atol=1e-15)
    assert tl == pytest.approx(np.sum(sw * terms) / n, rel=1e-12)
    assert shift == 0.0
    a = _losses._step(CODES[loss], y, H, w, yt, sw, h, np.empty(n), delta)
    assert a == pytest.approx(ref.step(loss, y, yt_ref, w_ref, sw, h, H, delta), rel=1e-10)
    assert _losses.loss_value(CODES[loss], y, H, sw, np.empty(n), delta) == pytest.approx(
        np.sum(sw * terms) / np.sum(sw), rel=1e-12)
    # the registry's numpy residuals (inspection.residuals, the playground's point sizes) are the loop's
    w_np, yt_np = LOSSES[loss].residuals(y, H, sw)
    np.testing.assert_allclose(yt_np, yt, rtol=1e-12, atol=1e-15)
    np.testing.assert_allclose(w_np, w, rtol=1e-12, atol=1e-15)


@pytest.mark.parametrize("loss", sorted(CODES))
def test_the_step_lowers_the_loss_along_h(loss):
    """alpha is the minimiser (squared_error, huber) or a Newton step towards it."""
    y, H, sw, h = _data(scale=0.5, loss=loss)
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    delta = _losses.residuals(CODES[loss], y, H, sw, w, yt, 0.9)[2]
    a = _losses._step(CODES[loss], y, H, w, yt, sw, h, np.empty(n), delta)

    def L(H):
        return np.sum(sw * ref.loss_parts(loss, y, H, delta)[2])

    assert L(H + a * h) < L(H)
    if loss in ("squared_error", "huber"):
        for da in (-1e-3, 1e-3):
            assert L(H + (a + da) * h) > L(H + a * h)


@pytest.mark.parametrize("loss", ["squared_error", "huber"])
def test_residuals_and_curvatures_are_the_loss_s_derivatives(loss):
    """The learners fit ỹ = −½ dℓ/dH and the step divides by w = ½ d²ℓ/dH²
    (squared_error's (y − H)² and huber's, at its δ): central finite
    differences of the numpy loss, away from huber's kinks |y − H| = δ."""
    y, H, sw, _ = _data(loss="huber")
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    delta = _losses.residuals(CODES[loss], y, H, sw, w, yt, 0.9)[2]
    eps = 1e-4                  # the loss is piecewise quadratic: differences exact but for rounding

    def ell(Hs):
        return np.array([_losses._loss_term(CODES[loss], y[i], Hs[i], delta) for i in range(n)])

    grad = (ell(H + eps) - ell(H - eps)) / (2 * eps)
    curv = (ell(H + 1e-2) - 2 * ell(H) + ell(H - 1e-2)) / 1e-4
    away = np.abs(np.abs(y - H) - delta) > 2e-2
    np.testing.assert_allclose(yt[away], -0.5 * grad[away], rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(w[away], 0.5 * curv[away], rtol=1e-3, atol=1e-3)


def test_huber_delta_is_the_weighted_quantile_of_the_absolute_residuals():
    """δ is the lower weighted α-quantile of |y − H| (numpy's "inverted_cdf"
    quantile for unit weights; integer weights act as repeated rows; rows of
    weight 0 never count), in the engine and the registry alike."""
    rng = np.random.default_rng(1)
    y, H = rng.standard_normal(101), rng.standard_normal(101)
    r = np.abs(y - H)
    ones = np.ones(101)
    for q in (0.1, 0.5, 0.9, 1.0):
        expect = np.quantile(r, q, method="inverted_cdf")
        assert _losses.huber_delta(y, H, ones, q, np.empty(101)) == expect
        assert weighted_quantile(r, ones, q) == expect == ref.huber_delta(y, H, ones, q)
    counts = rng.integers(0, 4, 101).astype(float)
    rep = np.repeat(np.arange(101), counts.astype(int))
    for q in (0.3, 0.9):
        expect = np.quantile(r[rep], q, method="inverted_cdf")
        assert _losses.huber_delta(y, H, counts, q, np.empty(101)) == expect
        assert LOSSES["huber"].delta(y, H, counts, q) == expect


def test_huber_step_is_the_exact_line_minimum():
    """The safeguarded Newton search ends at the root of the slope (numpy's
    brentq) when samples cross δ along the line, and on a line that takes every
    sample beyond δ, and is 0 for a zero learner or a zero δ."""
    y, H, sw, h = _data(loss="huber")
    n = y.shape[0]
    delta = ref.huber_delta(y, H, sw)
    for scale in (1.0, 50.0, -3.0):
        a = _losses.huber_step(y, H, sw, scale * h, delta)
        assert a == pytest.approx(ref.huber_line_min(y, H, sw, scale * h, delta), rel=1e-9)
    assert _losses.huber_step(y, H, sw, np.zeros(n), delta) == 0.0
    assert _losses.huber_step(y, H, sw, h, 0.0) == 0.0


def test_a_regression_loss_has_no_probabilities():
    with pytest.raises(ValueError, match="regression loss"):
        _boosting.probability("huber", np.zeros(3))


def test_log_loss_never_overflows():
    y = np.array([1.0, -1.0, 1.0, -1.0])
    H = np.array([1e4, 1e4, -1e4, -1e4])
    sw = np.ones(4)
    w, yt = np.empty(4), np.empty(4)
    tl, shift, _ = _losses.residuals(_losses.LOG_LOSS, y, H, sw, w, yt, 0.9)
    np.testing.assert_allclose(yt, [0.0, -1.0, 1.0, 0.0])
    assert tl == pytest.approx(2e4 / 4)
    assert np.all(np.isfinite(w)) and shift == 0.0


def test_a_zero_learner_gives_a_zero_step():
    y, H, sw, _ = _data()
    n = y.shape[0]
    w, yt = np.empty(n), np.empty(n)
    _losses.residuals(_losses.SQUARED_ERROR, y, H, sw, w, yt, 0.9)
    assert _losses.newton_step(yt, w, sw, np.zeros(n)) == 0.0


@pytest.mark.parametrize("loss", sorted(CODES))
def test_initial_score_minimises_the_loss(loss):
    """H⁰ = argmin_c Σ sw ℓ(y, c); huber's is the weighted median (the minimum
    of the absolute error, whose δ → 0 limit huber is: scikit-learn's choice)."""
    y, _, sw, _ = _data(loss=loss)
    H0 = _boosting.initial_score(y, sw, loss)
    assert H0 == pytest.approx(ref.init_score(loss, y, sw), rel=1e-12)

    def L(c):
        if loss == "huber":
            return np.sum(sw * np.abs(y - c))
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
    assert np.isnan(_losses._loss_term(unknown, 1.0, 0.3, 0.0))
    y, H, sw, _ = _data(n=5)
    w, yt = np.empty(5), np.empty(5)
    _losses.residuals(unknown, y, H, sw, w, yt, 0.9)
    assert np.isnan(yt).all() and np.isnan(w).all()


def test_the_numpy_terms_take_the_scores_alone():
    """``LOSSES[name].terms(y, H)`` and ``.fit_targets(y, H)`` (the figures' and the gallery's
    calls) work for every loss: huber's δ is then its quantile at H, unit weights."""
    y = np.linspace(-3, 3, 11)
    H = np.zeros(11)
    for name, loss in LOSSES.items():
        assert loss.terms(y, H).shape == (11,)
        assert loss.fit_targets(y, H)[1].shape == (11,)
    delta = LOSSES["huber"].delta(y, H)
    np.testing.assert_array_equal(LOSSES["huber"].terms(y, H), LOSSES["huber"].terms(y, H, delta))
