"""gbrff.viz.learners, curves and omega_prior: what the playground's figures say on themselves, and where (arrays in, figures out)."""

import numpy as np
import pytest

from gbrff import Expansion
from gbrff.teaching import expansions as cmp
from gbrff.viz import curves as curve_figs
from gbrff.viz import learners as learner_figs
from gbrff.viz import omega_prior as omega_figs


def _cosines(omegas, phases=None, alphas=None):
    omegas = np.asarray(omegas, dtype=float)
    T, d = omegas.shape
    phases = np.zeros(T) if phases is None else np.asarray(phases, dtype=float)
    alphas = np.full(T, 0.3) if alphas is None else np.asarray(alphas, dtype=float)
    return Expansion("cosine", "exponential", 0.0, omegas.reshape(T, 1, d), phases.reshape(T, 1), np.ones((T, 1)),
                     alphas)


def _scene(omegas):
    """A fitted-like expansion, its training points and the 100-cell grid of the playground."""
    rng = np.random.RandomState(0)
    X = rng.uniform(-1, 1, size=(40, 2))
    y = np.where(X[:, 0] > 0, 1, -1)
    e = _cosines(omegas)
    xs, ys, G = cmp.make_grid(X, n=100)
    return e, X, y, xs, ys


def test_a_learner_finer_than_the_cells_says_so_with_its_wavelength():
    """At /playground?gamma=2.0&T=50&t=48, ω = (1687.90, 2664.64): the band limit (each cell's mean) fades its
    picture to plain grey; the figure says why, with the wavelength 2π/‖ω‖ beside the cell's size."""
    e, X, y, xs, ys = _scene([[1.0, 0.5], [1687.90, 2664.64], [200.0, 0.0]])
    cell = max(xs[1] - xs[0], ys[1] - ys[0])
    drawn = cmp.band_limited(e, xs[1] - xs[0], ys[1] - ys[0])
    assert learner_figs.fineness_words(e, drawn, 1, cell) is None  # a long wave: drawn whole
    fine = learner_figs.fineness_words(e, drawn, 2, cell)
    assert fine.startswith("ω too fine to draw: wavelength 0.002,") and f"a cell {cell:.2g}" in fine
    faded = learner_figs.fineness_words(e, drawn, 3, cell)  # a wave of about a cell: drawn at a third of its amplitude
    share = abs(np.sinc(200.0 * (xs[1] - xs[0]) / (2 * np.pi)))
    assert 0.1 < share < 0.5
    assert faded == f"ω near the cell size, drawn at {100 * share:.0f} %: wavelength 0.031, a cell {cell:.2g}"
    # in the animation: the line under the weak learner's title (the player's readout), frame by frame
    W = cmp.boosting_weights(e, X, y, [0, 1, 2, 3])
    anim = learner_figs.weak_learner_animation(xs, ys, e, [0, 1, 2, 3], X, y, W, drawn=drawn)
    readouts = [f["readout"] for f in anim["frames"]]
    assert readouts[0] == "" and "too fine" not in readouts[1]
    assert "ω too fine to draw: wavelength 0.002" in readouts[2] and "drawn at" in readouts[3]
    # without a band limit the picture is sampled, not faded: nothing to say
    plain = learner_figs.weak_learner_animation(xs, ys, e, [2], X, y, W[2:3])
    assert "too fine" not in plain["frames"][0]["readout"]


def test_the_marks_words_are_under_the_title_never_over_the_points():
    """The ω arrow and the arrow towards a landmark off the view keep their arrows in the plot; what they are
    is written under the title (a label in the plot covered points and was cut at its edge)."""
    e, X, y, xs, ys = _scene([[6.0, 3.0]])
    W = cmp.boosting_weights(e, X, y, [1])
    frame = learner_figs.weak_learner_animation(xs, ys, e, [1], X, y, W)["frames"][0]
    notes = frame["layout"]["annotations"]
    assert notes and all(not n["text"] for n in notes) and all(n["showarrow"] for n in notes)
    wave = 2 * np.pi / np.hypot(6.0, 3.0)
    assert f"arrow: ω, one wavelength ({wave:.2g})" in frame["readout"]
    off = Expansion("landmark", "exponential", 0.0, np.array([[[0.0, 1.0]]]), np.zeros((1, 1)), np.ones((1, 1)),
                    np.array([0.2]), np.array([[0.0, -30.0]]))
    fig = learner_figs.weak_learner_figure(xs, ys, off, 1, X, y)
    assert "landmark xₜ off the view" in fig.layout.title.text
    arrows = [a for a in fig.layout.annotations if a.showarrow]
    assert len(arrows) == 1 and not arrows[0].text and arrows[0].y == pytest.approx(ys[0])


def test_log_loss_axis_writes_powers_of_ten():
    curves = {"accuracy": np.linspace(0.5, 1, 11), "loss": np.geomspace(1, 1e-5, 11)}
    fig = curve_figs.curves_figure(curves, curves)
    assert fig.layout.yaxis2.type == "log" and fig.layout.yaxis2.exponentformat == "power"
    assert fig.layout.yaxis2.dtick == 1  # five decades: a tick each
    steep = {"accuracy": curves["accuracy"], "loss": np.geomspace(1, 1e-13, 11)}
    assert curve_figs.curves_figure(steep, steep).layout.yaxis2.dtick == 3  # 13 decades: a tick every third


def test_omega_figure_keeps_titles_off_the_ticks_and_whole_circles():
    """ω₁ and ‖ω‖ a standoff below their tick labels, in a bottom margin that holds them and the taller legend;
    the open circles of ω beyond the view drawn whole on the edge of a square ±lim plot."""
    W = np.random.RandomState(0).normal(size=(60, 2))
    W[:2] = [[120.0, 5.0], [-80.0, 60.0]]
    fig = omega_figs.omega_prior_figure(_cosines(W), 0.5)
    assert fig.layout.xaxis.title.standoff >= 10 and fig.layout.xaxis2.title.standoff >= 10
    assert fig.layout.yaxis2.title.text is None  # "density" in the panel's title, not beside the colour bar
    beyond = [t for t in fig.data if str(t.name).startswith("learned ωₜ beyond")][0]
    assert beyond.cliponaxis is False
    assert fig.layout.xaxis.constrain == "domain" and fig.layout.yaxis.constrain == "domain"
    lines = sum(1 + str(t.name).count("<br>") for t in fig.data
                if t.showlegend is not False and (t.legend or "legend") == "legend")
    assert lines == 4 and fig.layout.margin.b >= 70 + 21 * lines


@pytest.mark.parametrize("make", [
    lambda: omega_figs.kernel_average_figure(np.linspace(0, 4, 20), np.exp(-0.5 * np.linspace(0, 4, 20) ** 2),
                                       {m: np.zeros(20) for m in (1, 10, 100, 1000)}, title="kernel"),
    lambda: curve_figs.budget_figure([20, 50], {1: [0.8, 0.9], 5: [0.7, 0.8], 20: [np.nan, 0.85]}),
    lambda: curve_figs.learning_curve_figure([10, 20], {"GBRFF2": np.ones((2, 3)), "LGBM": [0.5, 0.6]}),
])
def test_legends_sit_under_their_plots(make):
    """As the user guide's app page says: legends under their panels (the home page's kernel figure and the K figure had theirs
    beside the plot), in a bottom margin that holds the x axis's title and the legend's rows at 560 px."""
    fig = make()
    legend = fig.layout.legend
    assert (legend.orientation, legend.yref, legend.yanchor) == ("h", "container", "bottom")
    names = [t.name for t in fig.data]
    entry = 40 + 6.5 * max(len(n) for n in names)
    assert fig.layout.margin.b >= 70 + 24 * -(-len(names) // max(1, int(520 // entry)))
