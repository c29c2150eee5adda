"""gbrff.teaching.drawing: the drawing area, the seed set, and when a drawn set can be split."""

import numpy as np
import pytest
from sklearn.model_selection import train_test_split

from gbrff.teaching.drawing import HALF_WIDTH, MIN_PER_CLASS, plane_corners, seed_points, too_few
from gbrff.teaching.expansions import make_grid
from gbrff.teaching.fits import fit_run


def test_seed_points_lie_in_the_area_on_the_codec_grid():
    X, y = seed_points()
    assert X.shape == (16, 2) and sorted(set(y.tolist())) == [-1, 1]
    assert np.abs(X).max() <= HALF_WIDTH
    np.testing.assert_allclose(X / 0.02, np.round(X / 0.02), atol=1e-9)


def test_the_plane_stays_the_same_whatever_is_drawn():
    rng = np.random.RandomState(0)
    grids = [make_grid(rng.uniform(-HALF_WIDTH, HALF_WIDTH, size=(k, 2)), n=7, include=plane_corners())[:2]
             for k in (1, 3, 40)]
    for xs, ys in grids:
        np.testing.assert_array_equal(xs, grids[0][0])
        np.testing.assert_array_equal(ys, grids[0][1])
    X, y = seed_points()
    data = train_test_split(X, y, test_size=0.3, random_state=0, stratify=y)
    run = fit_run(("GBRFF2", 5, 0.5, 0.0, 1, None, 1.0, 0), data, grid=7, include=plane_corners())
    np.testing.assert_array_equal(run["xs"], grids[0][0])


@pytest.mark.parametrize("share", [0.1, 0.3, 0.5, 0.9])
def test_too_few_says_so_exactly_when_the_split_fails(share):
    """For every small set: too_few is None exactly when the playground's stratified split works, and
    then every class has a point on both sides."""
    for neg in range(0, 8):
        for pos in range(0, 8):
            y = np.repeat([-1, 1], [neg, pos])
            why = too_few(y, share)
            try:
                tr, te = train_test_split(np.arange(len(y)), test_size=share, random_state=0, stratify=y)
            except ValueError:
                assert why is not None, (neg, pos)
                continue
            if why is None:
                assert set(y[tr]) == set(y[te]) == {-1, 1}, (neg, pos)
            else:  # sklearn splits, but one side would lack a class
                assert min(neg, pos) < MIN_PER_CLASS or not (set(y[tr]) == set(y[te]) == {-1, 1}), (neg, pos)


def test_too_few_words():
    assert too_few([], 0.3) == "Draw at least 2 points of each class (now 0 of class −1 and 0 of class +1)."
    why = too_few([-1, -1, 1, 1], 0.9)
    assert "test share of 0.9" in why and "draw at least 20 points" in why
    assert too_few(np.repeat([-1, 1], 10), 0.9) is None
