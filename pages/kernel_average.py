"""A kernel is an average of cosines: the average of D random cosines cos(ω·(x − x′)) approaches a kernel
around a point x′ as D grows (Bochner's theorem; Rahimi & Recht, NIPS 2007), then the kernels that
learned spectra stand for (GBRFF2's ω, Fourier kernel learning's σ)."""

import streamlit as st

from appkit import (begin_page, control, explain, figure_download, light_chart, one_blas_thread, painted, section,
                    share_box, warm_engine)
from gbrff.datasets import TOY_PROBLEMS
from gbrff.teaching import kernel_average as lesson
from gbrff.teaching.kernel_average import DENSITIES, EXTENT, SIZES
from gbrff.viz import kernel_average as figs
from gbrff.viz.style import number_label

GRID = 80
PANELS_WIDTH = 820  # px: three square panels of a 330-px figure and its colour bar, side by side
ERROR_WIDTH = 560   # px: the error curve's (its legend in two rows), beside the panels when the page is wide
GAMMAS = [0.25, 0.5, 1.0, 2.0, 4.0, 8.0]
T_LEARNED = 100  # GBRFF2's rounds and RFF-SKL's features in the learned-spectrum section


def describe(text):
    """A figure's text alternative under it, in small type of the text's own colour (st.caption's grey is
    below WCAG AA's contrast on white). No brackets in ``text``: they would close the :small[…] directive."""
    st.markdown(f":small[{text}]")


def num(v, sign=False):
    """A number as the page writes it: two decimals, a true minus sign (−0.30, not -0.30)."""
    return f"{v:{'+' if sign else ''}.2f}".replace("-", "−")

st.title("A kernel is an average of cosines")
begin_page("kernel_average")
st.markdown(
    "**Bochner's theorem**, in one sentence: a kernel k(x − x′) is the average of the waves cos(ω·(x − x′)) "
    "over frequencies ω drawn at random. Move **D**: the average of D random cosines (middle) approaches the "
    "kernel around the point x′ (left); their difference (right) fades.")

sb = st.sidebar
sb.header("The point x′")
x1 = control("slider", "x′₁ (across)", "x1", 0.5, min_value=-2.0, max_value=2.0, step=0.25, where=sb,
             help="The first coordinate of the point x′ the kernel is centred on (the cross in every picture).")
x2 = control("slider", "x′₂ (up)", "x2", 0.5, min_value=-2.0, max_value=2.0, step=0.25, where=sb,
             help="The second coordinate of the point x′ the kernel is centred on.")
sb.header("The random frequencies ω")
density = control("radio", "Density of ω (the kernel it stands for)", "density", "gaussian", options=list(DENSITIES),
                  where=sb, format_func=lambda k: f"{DENSITIES[k][0]} → {DENSITIES[k][1]}",
                  help="Each coordinate of ω is drawn from this distribution; by Bochner's theorem each one stands "
                       "for one kernel (Rahimi & Recht's table): Gaussian → RBF, Laplace → Cauchy kernel, "
                       "Cauchy → Laplacian kernel.")
gamma = control("select_slider", "γ: the kernel's width is 1/√γ", "gamma", 1.0, options=GAMMAS, where=sb,
                help="γ scales the frequencies: ω grows like √γ, so a larger γ gives faster waves and a narrower "
                     "kernel (width 1/√γ): two points count as similar only when they are closer. For the RBF "
                     "kernel, ω ~ N(0, 2γ I).")
seed = control("slider", "Seed of the draws ω", "seed", 0, min_value=0, max_value=9999, step=1, where=sb,
               help="Seed of the random frequencies ω: the same seed, the same cosines; move it for another draw "
                    "(← → step by one).")

density_name, kernel_name, kernel_formula = DENSITIES[density]
D = control("select_slider", "Number of cosines D averaged", "D", 10, options=list(SIZES),
            help="How many random cosines cos(ωⱼ·(x − x′)) are averaged: the first D of the same 1000 draws, so a "
                 "larger D adds cosines to the smaller one's.")


@st.cache_data(max_entries=32, show_spinner=False)
def average(density, gamma, seed, x1, x2):
    """The exact kernel, the average of D cosines for every D, and the error curve (0.05 s: every D at once)."""
    return lesson.cosine_average(density, gamma, seed, (x1, x2), grid=GRID)


res = average(density, gamma, seed, x1, x2)
exact, est = res["exact"], res["estimates"][D]
i = res["sizes"].index(D)
g = number_label(gamma)
titles = [f"exact kernel<br>{kernel_name.split()[0]}, γ = {g}", f"average of<br>{D} cosine{'s' if D > 1 else ''}",
          f"difference<br>RMS {res['rms'][i]:.2f}"]
fig_k = figs.kernel_panels_figure(res["xs"], res["ys"], [exact, est, est - exact], titles, res["x0"])
fig_e = figs.kernel_error_figure(res["sizes"], res["rms"], res["largest"], res["law"], D,
                                 title=f"The error against D: like 1/√D<br>{density_name} ω, γ = {g}, seed {seed}")
# the three panels no wider than three squares; the error curve beside them on a wide screen, under them on a
# projector's narrower column (a wrapping row)
with st.container(horizontal=True, wrap=True, gap="medium"):
    with st.container(width=PANELS_WIDTH):
        light_chart(fig_k, key="kernel_panels")
    painted()  # the picture is sent: the other students' pictures first (appkit._gate)
    with st.container(width=ERROR_WIDTH):
        light_chart(fig_e, key="kernel_error")
describe(
    f"Left, three heatmaps of the plane, x₁ and x₂ from −{EXTENT:g} to {EXTENT:g}, the point x′ = ({x1:g}, {x2:g}) "
    f"marked by a cross; red: similar to x′ (up to 1), white: 0, blue: below 0. The {kernel_name} "
    f"{kernel_formula} with γ = {g}, 1 at x′; the average of {D} cosine{'s' if D > 1 else ''} cos(ω·(x − x′)), "
    f"ω drawn from the {density_name} density, from {num(est.min())} to {num(est.max())}; their difference: "
    f"root-mean-square error {res['rms'][i]:.3f}, largest error {res['largest'][i]:.3f} over the plane. "
    f"Then the error against D on log–log axes: the root-mean-square error falls from {res['rms'][0]:.2f} with 1 "
    f"cosine to {res['rms'][-1]:.3f} with {SIZES[-1]}, the largest error from {res['largest'][0]:.2f} to "
    f"{res['largest'][-1]:.3f}; dotted, the expected RMS error {res['law']:.2f}/√D, a straight line of slope −½: "
    f"100 times as many cosines for an error 10 times smaller. The ring: D = {D}.")
st.markdown("This is the idea behind **random Fourier features** (Rahimi & Recht, NIPS 2007), where GBRFF starts: "
            "D random cosines of x stand in for a kernel. Below, why it works in plain words, and the kernels that "
            "learned frequencies stand for.")

reading = section("Why it works: Bochner's theorem, the law of large numbers and γ, in plain words", "sec_reading",
                  icon=":material/menu_book:")
if reading.open:
    with reading:
        explain("**Bochner's theorem.** A kernel measures how similar two points are. When it depends only on "
                "their difference Δ = x − x′ and k(0) = 1, Bochner's theorem says it is an average of waves: "
                "there is a probability distribution p(ω) of frequencies (the kernel's *spectral density*, its "
                "Fourier transform) such that k(Δ) is the average of cos(ω·Δ) over ω drawn from p. Each wave is "
                "1 at x′ and swings between −1 and 1 elsewhere; the waves agree near x′ and cancel far away.",
                r"k(x - x') = \mathbb{E}_{\omega\sim p}\big[\cos(\omega\cdot(x - x'))\big]\ \approx\ "
                r"\frac1D\sum_{j=1}^{D}\cos(\omega_j\cdot(x - x'))")
        explain("**Why the average converges.** Each cos(ωⱼ·(x − x′)) is a random number between −1 and 1 whose "
                "mean is k(x, x′). An average of D independent random numbers approaches their mean (the law of "
                "large numbers), and its typical error shrinks like 1/√D: its variance is that of one cosine "
                "divided by D. On log–log axes 1/√D is a straight line of slope −½ — 100 times as many cosines for "
                "an error 10 times smaller. The rate depends neither on the number of input features nor on the "
                "density's shape (even the Cauchy density's huge frequencies give cosines between −1 and 1).",
                r"\begin{gathered}\mathbb{E}\big[(\hat k_D - k)^2\big] = "
                r"\frac{\operatorname{Var}[\cos(\omega\cdot\Delta)]}{D},\\ \operatorname{Var}[\cos(\omega\cdot\Delta)]"
                r" = \frac{1 + k(2\Delta)}{2} - k(\Delta)^2\end{gathered}")
        explain("**What γ does.** γ scales every frequency: ω grows like √γ. Faster waves agree only very close to "
                "x′, so the kernel is narrower — its width is about 1/√γ: two points count as similar only when "
                "they are closer than that. A small γ gives a wide kernel and a smooth model; a large γ a narrow "
                "kernel and a wiggly one (the playground's γ is the same number).",
                r"\omega \sim \mathcal N(0, 2\gamma I)\ \Longleftrightarrow\ k(x, x') = e^{-\gamma\|x - x'\|^2}")
        st.markdown(
            "**The density's shape chooses the kernel** (Rahimi & Recht's table, with one width 1/√γ; each "
            "coordinate ωⱼ drawn on its own):\n\n"
            "| ω drawn from | the kernel it stands for | its shape around x′ |\n"
            "|---|---|---|\n"
            "| Gaussian N(0, 2γ) | RBF kernel exp(−γ‖x − x′‖²) | a round, smooth bump |\n"
            "| Laplace, scale √γ | Cauchy kernel Π 1 / (1 + γ(xⱼ − x′ⱼ)²) | a cross: heavy tails along the axes |\n"
            "| Cauchy, scale √γ | Laplacian kernel exp(−√γ ‖x − x′‖₁) | a sharp diamond: the Cauchy density's "
            "rare huge frequencies make its corner |")
        explain("**With phases, as a model uses them.** A model needs one feature vector per point, not one per "
                "pair: random Fourier features z(x) = √(2/D) (cos(ωⱼ·x + bⱼ))ⱼ with phases bⱼ uniform on [0, 2π]. "
                "Their dot product is this page's average plus a term whose mean is 0: the same kernel on "
                "average, a little noisier. A linear model on z(x) is then approximately a kernel machine.",
                r"\begin{gathered}z(x)\cdot z(x') = \frac2D\sum_{j}\cos(\omega_j\cdot x + b_j)\cos(\omega_j\cdot x' "
                r"+ b_j)\\ = \frac1D\sum_{j}\Big[\cos(\omega_j\cdot(x - x')) + \cos(\omega_j\cdot(x + x') + 2b_j)\Big]"
                r"\end{gathered}")
        st.markdown("References: A. Rahimi and B. Recht, *Random features for large-scale kernel machines*, NIPS "
                    "2007; A. Ribes, *Using Random Fourier Features with Random Forest*, bachelor's thesis, UPC, "
                    "2019 (§2.4–2.5); E. G. Băzăvan, F. Li and C. Sminchisescu, *Fourier Kernel Learning*, ECCV "
                    "2012 (§3.1).")
        figure_download(fig_k, f"kernel_{density}_D{D}", "dl_kernel_panels", label="the three pictures (HTML)")
        figure_download(fig_e, f"kernel_error_{density}", "dl_kernel_error", label="the error curve (HTML)")


@st.cache_data(max_entries=16, show_spinner="Fitting GBRFF2 and RFF-SKL on the toy problem (a second or two)…")
def spectra(name, seed, gamma):
    with one_blas_thread():  # small fits: a second BLAS thread only waits for a core (appkit._gate)
        return lesson.learned_spectra(name, seed, gamma, T=T_LEARNED)


# a link that names its toy problem (?data=…) asks for this section: opened at once, the control keeps its value
learned = section("The kernel a learned spectrum stands for: GBRFF2's ω and Fourier kernel learning's σ",
                  "sec_learned", icon=":material/blur_on:", opened="data" in st.query_params)
if learned.open:
    with learned:
        warm_engine()
        data_name = control("segmented_control", "Toy problem", "data", "board", options=list(TOY_PROBLEMS),
                            help="The toy problem both models learn from (300 points, noise 0.1, 70 % to train; "
                                 "the sidebar's seed).")
        sp = spectra(data_name, seed, gamma)
        ker = lesson.spectrum_kernels(sp, gamma, (x1, x2), grid=GRID)
        sig = ", ".join(f"{s:.2f}" for s in sp["sigma"])
        titles = [f"prior: RBF<br>γ = {g}", f"RFF-SKL<br>σ = ({sig})<br>test {100 * sp['acc_skl']:.0f} %",
                  f"GBRFF2<br>{T_LEARNED} learned ω<br>test {100 * sp['acc_gbrff2']:.0f} %"]
        fig_l = figs.kernel_panels_figure(ker["xs"], ker["ys"], [ker["kernels"][k] for k in ("prior", "RFF-SKL",
                                          "GBRFF2")], titles, ker["x0"], X=sp["X"], y=sp["y"])
        with st.container(width=PANELS_WIDTH):
            light_chart(fig_l, key="learned_kernels")
        k_g = ker["kernels"]["GBRFF2"]
        describe(f"Three kernels around x′ = ({x1:g}, {x2:g}) on the same scale, over the {data_name} problem's "
                   f"{len(sp['y'])} training points (filled: class +1, open: class −1). Left: the isotropic RBF "
                   f"kernel of the prior N(0, 2γ I), γ = {g}. Middle: the Gaussian kernel of RFF-SKL's learned "
                   f"scales σ = ({sig}). Right: the average of GBRFF2's {T_LEARNED} learned cosines weighted by "
                   f"their steps |α|, from {num(k_g.min())} to {num(k_g.max())}.")
        s0 = sp["sigma0"]
        widths = "; ".join(
            f"along x{'₁₂'[j]} σ{'₁₂'[j]} = {s:.2f}: "
            + ("flat — the feature is switched off" if s < 1e-3 * s0 else
               f"{s / s0:.1f}× {'narrower' if s > s0 else 'wider'}" if abs(s / s0 - 1) > 0.05 else "unchanged")
            for j, s in enumerate(sp["sigma"]))
        cells = lesson.board_cells(sp, gamma) if data_name == "board" else None
        if cells and cells["across"]["GBRFF2"] < 0 < cells["two across"]["GBRFF2"]:
            share = lesson.weight_near(sp["omegas"], sp["weights"], lesson.BOARD_WAVES)
            k = {name: cells[name]["GBRFF2"] for name in cells}
            r = {name: cells[name]["prior"] for name in cells}
            board_words = (
                f"On the board, {100 * share:.0f} % of its steps |α| go to the board's own waves ω ≈ (±π, ±π), and "
                f"its kernel follows the cells: k = {num(k['across'], True)} one cell across (a cell of the other "
                f"colour), {num(k['diagonal'], True)} one cell diagonally and {num(k['two across'], True)} two cells "
                f"across (the same colour), where the prior's RBF kernel gives {num(r['across'])}, "
                f"{num(r['diagonal'])} and {num(r['two across'])}: always positive, fading with the distance. "
                "A Gaussian, isotropic or not, can only say *near*; the learned spectrum says *in a cell of the "
                "same colour*: a kernel made for this problem.")
        else:
            board_words = ("Where its kernel is red, x counts as similar to x′, where blue as opposite, at any "
                           "distance: a Gaussian, isotropic or not, can only say *near*. The learned spectrum "
                           "stands for a kernel made for this problem.")
        explain("Both models start from the same prior N(0, 2γ I), whose kernel is the round RBF bump on the left, "
                "and both learn a spectrum from the data; the kernel a spectrum stands for is its average of "
                "cosines (Bochner's theorem again).\n\n"
                f"**Middle — Fourier kernel learning** (RFF-SKL, Băzăvan et al. 2012, §3.3) keeps its {T_LEARNED} "
                f"draws and learns one scale σⱼ per input axis, starting from σ₀ = √(2γ) = {s0:.2f}: a Gaussian "
                f"spectrum N(0, diag σ²) still, so its kernel is still a Gaussian bump — only stretched or "
                f"squeezed along each axis (width ∝ 1/σⱼ): {widths}. It chooses *how far* similarity reaches "
                "along each feature, never its shape: the bump stays one bump around x′.\n\n"
                f"**Right — GBRFF2** moves each of its {T_LEARNED} frequencies ω on its own, to the waves the "
                "problem is made of, and weights each cosine by its step |α| in the vote (the kernel in which "
                "the boosted vote is simplest). Its spectrum is a few points, not a bell: its kernel need not "
                "decay with the distance at all. " + board_words,
                r"\begin{gathered}\underbrace{e^{-\gamma\|\Delta\|^2}}_{\text{prior}},\qquad "
                r"\underbrace{e^{-\frac12\sum_j \sigma_j^2\Delta_j^2}}_{\text{RFF-SKL}},\qquad "
                r"\underbrace{\sum_{t=1}^{T} \frac{|\alpha_t|}{\sum_s|\alpha_s|}\cos(\omega_t\cdot\Delta)}_"
                r"{\text{GBRFF2}}\\ \text{with}\ \ \Delta = x - x'\end{gathered}")
        figure_download(fig_l, f"learned_kernels_{data_name}", "dl_learned_kernels")

share_box()
