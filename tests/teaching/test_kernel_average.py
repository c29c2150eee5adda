"""gbrff.teaching.kernel_average: the kernel lesson's numbers against plain numpy and the closed forms."""

import numpy as np
import pytest

from gbrff.teaching import kernel_average as ka

DENSITIES = list(ka.DENSITIES)


@pytest.mark.parametrize("density", DENSITIES)
def test_each_density_averages_to_its_kernel(density):
    """Bochner's pairs of Rahimi & Recht's table: the mean of cos(ω·Δ) over many draws is the kernel's
    closed form (Gaussian → RBF, Laplace → Cauchy kernel, Cauchy → Laplacian kernel), for any γ."""
    delta = np.array([[0.0, 0.0], [0.3, 0.0], [0.5, -0.5], [1.0, 0.4], [-1.5, 1.0]])
    for gamma in (0.5, 2.0):
        W = ka.draw_frequencies(density, gamma, 400_000, seed=1)
        mc = np.cos(delta @ W.T).mean(axis=1)
        np.testing.assert_allclose(mc, ka.kernel_values(density, gamma, delta), atol=6e-3)


def test_kernels_in_closed_form():
    d = np.array([[1.0, 2.0]])
    assert ka.kernel_values("gaussian", 0.5, d)[0] == pytest.approx(np.exp(-0.5 * 5))
    assert ka.kernel_values("laplace", 0.5, d)[0] == pytest.approx(1 / (1 + 0.5) / (1 + 2.0))
    assert ka.kernel_values("cauchy", 4.0, d)[0] == pytest.approx(np.exp(-2.0 * 3))
    with pytest.raises(ValueError, match="unknown spectral density"):
        ka.kernel_values("student", 1.0, d)


@pytest.mark.parametrize("density", DENSITIES)
def test_cosine_average_against_numpy(density):
    """Every D's picture is the plain mean of the first D draws' cosines around x′; the errors are its own."""
    x0 = (0.25, -1.0)
    out = ka.cosine_average(density, 2.0, seed=3, x0=x0, sizes=(1, 7, 50), grid=21)
    xs, ys, G = ka.plane(21)
    assert np.array_equal(out["xs"], xs) and out["sizes"] == (1, 7, 50)
    W = ka.draw_frequencies(density, 2.0, 50, seed=3)
    np.testing.assert_array_equal(out["omegas"], W)
    exact = ka.kernel_values(density, 2.0, G - np.array(x0))
    np.testing.assert_allclose(out["exact"].ravel(), exact, atol=1e-6)
    for i, D in enumerate(out["sizes"]):
        want = np.cos((G - np.array(x0)) @ W[:D].T).mean(axis=1)
        np.testing.assert_allclose(out["estimates"][D].ravel(), want, atol=2e-5)
        err = want - exact
        assert out["rms"][i] == pytest.approx(np.sqrt(np.mean(err ** 2)), abs=2e-5)
        assert out["largest"][i] == pytest.approx(np.abs(err).max(), abs=2e-5)
        assert out["estimates"][D].dtype == np.float32 and out["estimates"][D].shape == (21, 21)


@pytest.mark.parametrize("density", DENSITIES)
def test_the_error_follows_the_one_over_root_d_law(density):
    """Averaged over seeds, the squared RMS error at D is law² / D (its expectation, exactly)."""
    sizes = (1, 10, 100)
    mse = np.mean([ka.cosine_average(density, 1.0, seed=s, x0=(0.5, 0.5), sizes=sizes, grid=30)["rms"] ** 2
                   for s in range(40)], axis=0)
    law = ka.cosine_average(density, 1.0, seed=0, x0=(0.5, 0.5), sizes=sizes, grid=30)["law"]
    np.testing.assert_allclose(mse * np.array(sizes), law ** 2, rtol=0.2)
    assert 0.5 < law < 0.75  # far from x′ one cosine's variance is ½: its RMS error about 0.7


def test_gamma_narrows_the_kernel():
    wide = ka.cosine_average("gaussian", 0.25, 0, (0.0, 0.0), sizes=(1,), grid=41)["exact"]
    narrow = ka.cosine_average("gaussian", 4.0, 0, (0.0, 0.0), sizes=(1,), grid=41)["exact"]
    assert (wide > 0.5).sum() > 10 * (narrow > 0.5).sum()


def test_spectrum_values_against_numpy():
    rng = np.random.default_rng(0)
    spectra = {"omegas": rng.normal(size=(30, 2)) * 2, "weights": rng.uniform(0.1, 1, 30), "sigma": np.array([2.0, 0.5])}
    delta = rng.normal(size=(50, 2))
    k = ka.spectrum_values(spectra, 0.5, delta)
    q = spectra["weights"] / spectra["weights"].sum()
    np.testing.assert_allclose(k["GBRFF2"], [sum(qt * np.cos(w @ d) for qt, w in zip(q, spectra["omegas"]))
                                             for d in delta])
    np.testing.assert_allclose(k["RFF-SKL"], np.exp(-0.5 * (4 * delta[:, 0] ** 2 + 0.25 * delta[:, 1] ** 2)))
    np.testing.assert_allclose(k["prior"], np.exp(-0.5 * (delta ** 2).sum(axis=1)))
    # σ = σ₀ = √(2γ) on both axes is the prior's RBF kernel
    same = ka.spectrum_values(dict(spectra, sigma=np.full(2, 1.0)), 0.5, delta)
    np.testing.assert_allclose(same["RFF-SKL"], same["prior"])
    at0 = ka.spectrum_values(spectra, 0.5, np.zeros((1, 2)))
    assert all(v[0] == pytest.approx(1.0) for v in at0.values())


@pytest.fixture(scope="module")
def board():
    return ka.learned_spectra("board", seed=0, gamma=1.0)


def test_learned_spectra_of_the_board(board):
    assert board["omegas"].shape == (100, 2) and board["weights"].shape == (100,) and (board["weights"] >= 0).all()
    assert board["sigma"].shape == (2,) and board["sigma0"] == pytest.approx(np.sqrt(2.0))
    assert board["acc_gbrff2"] > 0.8 and board["acc_skl"] > 0.7 and len(board["y"]) == 210
    pictures = ka.spectrum_kernels(board, 1.0, (0.5, 0.5), grid=40)
    for name, k in pictures["kernels"].items():
        assert k.shape == (40, 40) and k.max() <= 1 + 1e-6 and k.min() >= -1 - 1e-6, name
    assert pictures["kernels"]["GBRFF2"].min() < -0.3  # a learned kernel dips below 0; a Gaussian never


def test_the_board_s_learned_kernel_follows_its_cells(board):
    """What the page says of the board: GBRFF2's kernel is negative one cell across (the other colour) and
    positive two cells across (the same colour), where the RBF kernel only fades; the board's own waves
    carry a good share of the steps."""
    cells = ka.board_cells(board, 1.0)
    assert cells["across"]["GBRFF2"] < -0.1 < 0.1 < cells["two across"]["GBRFF2"]
    assert cells["diagonal"]["GBRFF2"] > 0
    assert cells["across"]["prior"] > cells["diagonal"]["prior"] > cells["two across"]["prior"] > 0
    assert 0.2 < ka.weight_near(board["omegas"], board["weights"], ka.BOARD_WAVES) < 1


def test_weight_near():
    W = np.array([[3.0, 3.0], [0.0, 0.0], [-3.2, 3.1]])
    assert ka.weight_near(W, [1.0, 1.0, 2.0], ka.BOARD_WAVES) == pytest.approx(0.75)
    assert ka.weight_near(W, [0.0, 0.0, 0.0], ka.BOARD_WAVES) == 0.0
