"""gbrff.teaching.rotation: the turn of the points, and the accuracy of both models against the angle."""

import numpy as np
import pytest
from sklearn.model_selection import train_test_split

from gbrff.datasets import make_toy
from gbrff.teaching.fits import fit_reference, fit_run
from gbrff.teaching.rotation import ANGLES, LESSON, angle_curve, rotate

PARAMS = ("GBRFF2", 20, 0.5, 0.0, 1, None, 1.0, 0)


def test_angle_zero_and_whole_turns_are_the_identity():
    X, _ = make_toy("moons", 50, random_state=0)
    for angle in (0, 0.0, 360, -720):
        assert np.array_equal(rotate(X, angle), X)
    assert rotate(X, 0) is not X  # a new array: the cached data stay as they were


def test_quarter_turns_are_exact():
    X, _ = make_toy("swiss", 60, random_state=1)
    assert np.array_equal(rotate(X, 90), np.column_stack([-X[:, 1], X[:, 0]]))
    assert np.array_equal(rotate(X, 180), -X)
    assert np.array_equal(rotate(X, -90), rotate(X, 270))


def test_turns_keep_distances_and_compose():
    X, _ = make_toy("moons", 40, random_state=2)
    Y = rotate(X, 37.5)
    d = lambda P: np.linalg.norm(P[:, None] - P[None], axis=-1)  # noqa: E731
    np.testing.assert_allclose(d(Y), d(X), atol=1e-12)
    np.testing.assert_allclose(rotate(rotate(X, 30), 15), rotate(X, 45), atol=1e-12)
    np.testing.assert_allclose(rotate([[1.0, 0.0]], 45), [[np.sqrt(0.5), np.sqrt(0.5)]], atol=1e-15)
    # anticlockwise, and about the centre given
    np.testing.assert_allclose(rotate([[2.0, 1.0]], 90, center=(1.0, 1.0)), [[1.0, 2.0]], atol=1e-15)


def test_ninety_degrees_on_symmetric_problems():
    """The circles are the circles again; the 4 × 4 board is a board again, its colours swapped (a cell
    (i, j) goes to (3 − j, i), whose parity is the other one)."""
    X, y = make_toy("circles", 200, noise=0.0, random_state=0)
    np.testing.assert_allclose(np.linalg.norm(rotate(X, 90), axis=1), np.linalg.norm(X, axis=1), atol=1e-12)
    X, y = make_toy("board", 400, noise=0.0, random_state=0)
    cells = np.floor(X + 2).astype(int)
    assert np.array_equal(np.where(cells.sum(axis=1) % 2 == 1, 1, -1), y)  # the board's rule
    turned = np.floor(rotate(X, 90) + 2).astype(int)
    assert turned.min() >= 0 and turned.max() <= 3  # the same square
    assert np.array_equal(np.where(turned.sum(axis=1) % 2 == 1, 1, -1), -y)


@pytest.mark.parametrize("angle", [float("nan"), float("inf"), -float("inf"), None, "45", True, [45], 1j])
def test_bad_angles_say_what_an_angle_is(angle):
    with pytest.raises(ValueError, match="angle must be a finite number of degrees"):
        rotate(np.zeros((3, 2)), angle)
    with pytest.raises(ValueError, match="angle must be a finite number of degrees"):
        angle_curve(PARAMS, "moons", 40, 0.1, 0.3, 0, angles=(0, angle), repeats=1)


def test_bad_points_and_centres():
    with pytest.raises(ValueError, match=r"shape \(n_samples, 2\)"):
        rotate(np.zeros((3, 3)), 10)
    with pytest.raises(ValueError, match=r"shape \(n_samples, 2\)"):
        rotate(np.zeros(4), 10)
    with pytest.raises(ValueError, match="finite"):
        rotate([[0.0, np.nan]], 10)
    with pytest.raises(ValueError, match="center"):
        rotate(np.zeros((3, 2)), 10, center=(0, 0, 0))
    with pytest.raises(ValueError, match="numeric"):
        rotate([["a", "b"]], 10)
    with pytest.raises(ValueError, match="at least one angle"):
        angle_curve(PARAMS, "moons", 40, 0.1, 0.3, 0, angles=(), repeats=1)
    with pytest.raises(ValueError, match="repeats"):
        angle_curve(PARAMS, "moons", 40, 0.1, 0.3, 0, repeats=0)


def test_the_first_draw_is_the_playgrounds_own_fit():
    """Draw 0 at an angle: the playground's data (make_toy, turned, its stratified split) and its two fits."""
    angles, scores = angle_curve(PARAMS, "board", 120, 0.1, 0.3, 5, angles=(0, 45), repeats=2)
    assert angles == [0.0, 45.0] and set(scores) == {"GBRFF2", "LGBM"}
    assert scores["GBRFF2"].shape == scores["LGBM"].shape == (2, 2)
    X, y = make_toy("board", n_samples=120, noise=0.1, random_state=5)
    train, test = train_test_split(np.arange(120), test_size=0.3, random_state=5, stratify=y)
    for i, angle in enumerate(angles):
        Xa = rotate(X, angle)
        data = Xa[train], Xa[test], y[train], y[test]
        run = fit_run(PARAMS[:-1] + (5,), data, grid=10)
        assert scores["GBRFF2"][i, 0] == run["test"]["accuracy"][-1]
        assert scores["LGBM"][i, 0] == fit_reference(data)["test_acc"]
    assert ((scores["LGBM"] >= 0) & (scores["LGBM"] <= 1)).all()


def test_the_lesson_trees_mind_the_turn_cosines_do_not():
    """What the lesson's words say, at its setting (LESSON): LightGBM loses points between the axes' angles,
    GBRFF2 keeps its accuracy within its random draws' spread."""
    params = (LESSON["algo"], 100, LESSON["gamma"], 0.0, 1, None, 1.0, 0)
    angles, scores = angle_curve(params, LESSON["data"], LESSON["n"], LESSON["noise"], 0.3, 0)
    assert angles == [float(a) for a in ANGLES]
    t, g = 100 * scores["LGBM"].mean(axis=1), 100 * scores["GBRFF2"].mean(axis=1)
    i0, i45, i90 = angles.index(0.0), angles.index(45.0), angles.index(90.0)
    assert t[i0] - t[i45] >= 4 and t[i90] - t[i45] >= 4  # the trees' dip, back at 90°
    assert t[1:-1].max() < min(t[i0], t[i90])  # every oblique angle below both axes' ones
    assert g.max() - g.min() <= 2.5 and g.min() > t[1:-1].max()  # the cosines: flat, above the trees between
