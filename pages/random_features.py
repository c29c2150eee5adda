"""Random features, three ways: the same budget of cosines, drawn at random and fed to a linear
model (LogReg+RFF), drawn from a prior whose bandwidths are learned (Fourier kernel learning,
RFF-SKL), or each frequency learned by boosting (GBRFF2)."""

import numpy as np
import streamlit as st

from appkit import (begin_page, control, explain, figure_download, light_chart, one_blas_thread, share_box, toy_controls,
                    toy_split, warm_engine)
from gbrff.teaching import three_ways as ways
from gbrff.teaching.three_ways import BANDWIDTHS, BUDGETS, C, LEARNED, RANDOM, REPEATS, SKL_ITER
from gbrff.viz import features as figs
from gbrff.viz.style import number_label
from gbrff.viz.surfaces import surfaces_grid_figure

GRID = 80

st.title("Random features, three ways")
begin_page("random_features")
warm_engine()

data_name, n, noise, seed, gamma = toy_controls()
sigma0 = float(np.sqrt(2.0 * gamma))  # the prior N(0, 2γ I): σ₀ = √(2γ) on each axis

st.markdown(
    "Every model on this page predicts with a weighted sum of **D cosines** $\\cos(\\omega_j\\cdot x - b_j)$, "
    "each frequency $\\omega_j$ first drawn from the same prior $\\mathcal N(0, 2\\gamma I)$ — the random "
    "Fourier features of the RBF kernel $e^{-\\gamma\\|x - x'\\|^2}$. What differs is **who chooses the "
    "frequencies**:\n"
    "1. **chance** — the ω stay as drawn; a logistic regression learns only the D weights "
    "(Rahimi & Recht; the 2019 thesis's *LogReg + RFF*);\n"
    "2. **chance, on a learned scale** — the ω are drawn once, then the prior's **bandwidths** are learned: "
    "one scale σⱼ per input axis multiplies every draw's j-th coordinate, and a ridge regression refits the "
    "weights at each σ (Fourier kernel learning, Băzăvan et al. 2012: *RFF-SKL*);\n"
    "3. **each ω is learned**: GBRFF2 adds one cosine per round of boosting and moves its ω by gradient "
    "descent, away from its draw, to where it fixes the vote's errors."
)


@st.cache_data(max_entries=16, show_spinner="The three ways for every number of features D…")
def accuracy_curves(name, n, noise, seed, gamma):
    with one_blas_thread():  # 48 small fits: a second BLAS thread only waits for a core (appkit._gate)
        return ways.accuracy_curves(name, n, noise, seed, gamma)


@st.cache_data(max_entries=16, show_spinner="Fitting the three ways with D features…")
def three_ways(name, n, noise, seed, gamma, D):
    with one_blas_thread():
        return ways.three_ways(name, n, noise, seed, gamma, D, grid=GRID)


# ---------------------------------------------------------------- accuracy against D
st.header("Test accuracy against the number of features")
scores = accuracy_curves(data_name, n, noise, seed, gamma)
fig_acc = figs.features_accuracy_figure(
    BUDGETS, scores, title=f"{data_name}: test accuracy with D cosine features<br>"
                           f"(mean ± std of {REPEATS} seeds; γ = {number_label(gamma)})")
# its error bars: st.plotly_chart until the canvas renderer draws them (light_chart decides)
light_chart(fig_acc, key="accuracy_vs_features")
explain("Each point is a model with D cosines. With few features, chance rarely draws the few frequencies the "
        "problem needs, and the linear model can only weight what it was given: learned frequencies need far "
        "fewer cosines for the same accuracy. Learning the bandwidths helps most when the sidebar's γ is the "
        "wrong width for the problem (on the board with γ = 1, the prior is too narrow for its waves). With "
        "many features the gaps narrow: random cosines then approximate the kernel itself.",
        r"\begin{gathered}f(x) = \sum_{j=1}^{D} a_j \cos(\omega_j\cdot x - b_j),\quad\text{with}\\"
        r"\omega_j \sim \mathcal{N}(0, 2\gamma I)\ \text{(random)},\quad \omega_j \sim \mathcal{N}(0, "
        r"\operatorname{diag}\sigma^2)\ \text{(RFF-SKL)}\\ \text{or}\ \ \omega_j = \arg\min_\omega "
        r"\tfrac1n\sum_i e^{-\tilde y_i\cos(\omega\cdot x_i - b_j)}\ \text{(GBRFF2)}\end{gathered}")
figure_download(fig_acc, f"accuracy_vs_features_{data_name}", "dl_accuracy")

# ---------------------------------------------------------------- one budget
st.header("The same D, three boundaries")
D = control("select_slider", "Number of cosine features D", "D", 20, options=list(BUDGETS))
res = three_ways(data_name, n, noise, seed, gamma, D)
X_tr, X_te, y_tr, y_te = toy_split(data_name, n, noise, seed)
shown_ways = list(res["H"])
titles = [f"{figs.method_style(w)[0]}<br>test {100 * res['test'][w]:.0f} %<br>train {100 * res['train'][w]:.0f} %"
          for w in shown_ways]
fig_b = surfaces_grid_figure(res["xs"], res["ys"], [res["H"][w] for w in shown_ways], X_tr, y_tr, titles,
                             cols=len(shown_ways), height=330, equal_aspect=True)
light_chart(fig_b, key="boundaries")
sig = ", ".join(f"{v:.2f}" for v in res["sigma"])
gain = round(100 * (res["test"][BANDWIDTHS] - res["test_sigma_kept"]))
# the features RFF-SKL switched off (σⱼ ≈ 0), with subscripts
off = [str(j + 1).translate(str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉"))
       for j, v in enumerate(res["sigma"]) if v < 1e-3 * sigma0]
explain(f"**Left**: {D} random cosines weighted by a logistic regression (C = {number_label(C)}). "
        f"**Middle**: {D} random cosines whose bandwidths were learned — σ from σ₀ = √(2γ) = {sigma0:.2f} on "
        f"both axes to (σ₁, σ₂) = ({sig}) — weighted by a ridge regression on ±1 targets; the same draws with "
        f"σ kept at σ₀ score {100 * res['test_sigma_kept']:.0f} % on the test points (RFF-SQL-SKL), so "
        f"learning the {len(res['sigma'])} numbers σ changed the test accuracy by {gain:+d} "
        f"point{'' if abs(gain) == 1 else 's'}. "
        + "".join(f"Here σ{j} ≈ 0: feature x{j} is switched off, every RFF-SKL cosine is constant along "
                  "it. " for j in off)
        + f"**Right**: GBRFF2 after {D} rounds, one learned cosine each. Colour: the probability of class +1; "
        "black line: the boundary; dots: the training points.")
figure_download(fig_b, f"boundaries_{data_name}_D{D}", "dl_boundaries")

st.header("Where the frequencies went")
captions = {RANDOM: "LogReg+RFF<br>ω as drawn", BANDWIDTHS: "RFF-SKL<br>the draws × σ",
            LEARNED: "GBRFF2<br>each ω learned"}
fig_w = figs.frequencies_figure(res["omega"], gamma, weights=res["weight"], starts=res["drawn"],
                                scales={BANDWIDTHS: res["sigma"]}, captions=captions,
                                title=f"{data_name}, D = {D}: the frequencies ω<br>over the prior they were drawn from")
st.plotly_chart(fig_w, key="frequencies", config={"displaylogo": False}, theme=None)
explain("Dotted grey: the prior N(0, 2γ I) every way draws from (1, 2, 3 σ₀); a marker's size: the cosine's "
        "weight in its model. **Left**: the random frequencies are a sample of the prior — their lengths follow "
        "its density (black, below; one tick per ω) — and the logistic regression can only weight them. "
        "**Middle**: each open circle is one of RFF-SKL's draws, the thin line takes it to its frequency after "
        "learning: every draw is multiplied by the same σ₁ along ω₁ and σ₂ along ω₂, so the whole cloud "
        "stretches or shrinks along the axes, onto the dashed ellipses of the learned prior; no frequency moves "
        "on its own. **Right**: GBRFF2 starts each ω from a draw and moves it to the waves the problem is made "
        "of. On the board, with the defaults, its two largest steps α go to ω ≈ (π, π) and (π, −π): the board's "
        "class is the sign of cos(π(x₁ + x₂)) − cos(π(x₁ − x₂)), exactly these two waves; a few ω shrink to "
        "≈ 0, an almost constant cosine that its step α all but ignores.",
        r"\begin{gathered}\omega \sim \mathcal{N}(0, \operatorname{diag}\sigma^2)\ \Longleftrightarrow\ "
        r"k(x, x') = \mathbb{E}_{\omega}\big[\cos(\omega\cdot(x - x'))\big]\\ = e^{-\frac12\sum_j "
        r"\sigma_j^2 (x_j - x'_j)^2}\quad(\sigma_j^2 = 2\gamma:\ e^{-\gamma\|x - x'\|^2})\end{gathered}")
figure_download(fig_w, f"frequencies_{data_name}_D{D}", "dl_frequencies")

# ---------------------------------------------------------------- bandwidths or each frequency
st.header("Learning the bandwidths or learning each frequency")
n_sigma = len(res["sigma"])
st.markdown(
    "Both learn the features from the data, but they learn very different things.\n\n"
    "| | bandwidths (RFF-SKL) | each frequency (GBRFF2) |\n"
    "|---|---|---|\n"
    f"| **what is learned** | one scale σⱼ per input feature: {n_sigma} numbers, whatever D | every ω: "
    f"D × {n_sigma} = {D * n_sigma} numbers here (with a phase b and a step α per cosine) |\n"
    "| **how the ω move** | all together: the j-th coordinate of every draw is multiplied by σⱼ; "
    "the cloud stretches along the axes (draws turn within their quadrant, none changes a sign or moves "
    "on its own) | each on its own, anywhere, one per round |\n"
    "| **the kernel** | still a Gaussian (RBF) kernel, with one width per feature | no longer Gaussian: "
    "the learned ω are draws of a spectrum, so of a kernel, made for this problem |\n"
    "| **the weights** | all D refitted together (ridge) at every σ | each α set once, when its cosine "
    "is added (greedy) |\n"
    "| **good at** | choosing how wiggly the boundary may be along each feature, from few numbers, hard to "
    "overfit; a σⱼ → 0 switches feature j off | putting the few cosines the problem needs exactly where "
    "they belong: fewer features for the same accuracy |\n"
    "| **cannot** | place a frequency where the problem needs it: one stretch moves every draw at once, "
    "so a draw reaches (π, ±π) only if chance put one in the right place | stay simple for free: many rounds can fit the noise (the learning rate, λ and the number "
    "of rounds hold it back) |\n\n"
    "In one sentence: learning the bandwidths chooses **which kernel** the random features approximate; "
    "learning each frequency gives up the kernel and chooses **the features themselves**.")
explain("RFF-SKL (Băzăvan, Li, Sminchisescu, ECCV 2012) keeps its draws h(uᵢ) (standard normal, one per "
        "coordinate) and learns σ by L-BFGS on the ridge regression's loss, the weights w in closed form at "
        f"every σ; it starts from σ₀ = √(2γ), the prior of the other two ways, and takes at most {SKL_ITER} "
        "steps here.",
        r"\begin{gathered}\text{RFF-SKL:}\ \ \omega_i = \sigma \odot h(u_i),\ \ \min_{\sigma}\min_{w}\ "
        r"\tfrac12\|\Phi_\sigma w - y\|^2 + \tfrac{\lambda}{2}\|w\|^2\\ \text{GBRFF2:}\ \ \omega_t = "
        r"\arg\min_\omega \tfrac1n\sum_i e^{-\tilde y_i\cos(\omega\cdot x_i - b_t)}"
        r"\end{gathered}")

share_box()
