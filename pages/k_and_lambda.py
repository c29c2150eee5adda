"""K and λ: random features per learner at a fixed budget (Fig. 3), and the penalty on ω."""

import numpy as np
import streamlit as st

from appkit import (begin_page, control, explain, figure_download, light_chart, plain, refresh_share_box, share_box,
                    stored_results, toy_controls, toy_split, warm_engine)
from gbrff.teaching import sweeps, two_ways as kernel_two_ways
from gbrff.teaching.sweeps import BUDGETS, LAMBDAS, REPEATS
from gbrff.viz import fkl as fkl_figs
from gbrff.viz import paper
from gbrff.viz.curves import budget_figure, lambda_sweep_figure
from gbrff.viz.style import number_label
from gbrff.viz.surfaces import surfaces_grid_figure

st.title("K and λ")
begin_page("k_and_lambda")
warm_engine()

data_name, n, noise, seed, gamma = toy_controls()



@st.cache_data(max_entries=16, show_spinner="GBRFF1 for every K and budget T × K…")
def k_budget(name, n, noise, seed, gamma):
    return sweeps.k_budget(name, n, noise, seed, gamma)


@st.cache_data(max_entries=16, show_spinner="GBRFF2 for every λ…")
def lambda_sweep(name, n, noise, seed, gamma, T):
    return sweeps.lambda_sweep(name, n, noise, seed, gamma, T)


# ---------------------------------------------------------------- K
st.header("K: how many random features per weak learner?")
st.markdown(
    "GBRFF1's weak learner sums **K** random cosines around one landmark, weighted in closed form by q. "
    "At the same total number of random features **T × K**, is it better to have a few rich learners "
    "(large K) or many single cosines (K = 1, each with its own step α)? The paper's Fig. 3 answers: "
    "for a compact model, small K."
)
tab_live, tab_uci = st.tabs([f"live on {data_name}", "from the stored UCI results"])
with tab_live:
    scores = k_budget(data_name, n, noise, seed, gamma)
    fig_k = budget_figure(list(BUDGETS), scores,
                          title=f"GBRFF1 on {data_name}: test accuracy at a fixed budget T × K<br>"
                                f"(mean of {REPEATS} seeds)")
    st.plotly_chart(fig_k, key="k_budget", config={"displaylogo": False}, theme=None)
    explain("Each line is one K; a point at budget B is a GBRFF1 with T = ⌊B / K⌋ iterations (T × K ≤ B). Left of the plot "
            "(few features) the lines separate most.",
            r"\begin{gathered}h^t(x) = \sum_{j=1}^{K} q^t_j\cos\big(\omega^t_j\cdot(x^t - x)\big),\\"
            r"q^t_j \propto \exp\Big(-\tfrac{\beta}{\sqrt n}\sum_i e^{-\tilde y_i\cos(\omega^t_j\cdot(x^t - x_i))}\Big)\end{gathered}")
    figure_download(fig_k, f"k_budget_{data_name}", "dl_k")
with tab_uci:
    curve, why = None, ""
    try:
        curve = stored_results().get("kbudget")
    except Exception as exc:  # a malformed file
        why = f" ({type(exc).__name__}: {plain(exc)})"
    if curve is None or len(curve) == 0:
        st.info("**No stored UCI results for Fig. 3 yet** (`results/kbudget/curve.csv`)." + why +
                " Produce them with `python -m gbrff.experiments kbudget --out results/kbudget` (see `--help` and the documentation's experiment runner page), "
                "with the UCI files from `python -m gbrff.datasets download` or `GBRFF_DATA_DIR`.")
    else:
        fig3 = paper.kbudget_figure(curve)
        light_chart(fig3, key="uci_fig3")
        explain("Mean test accuracy over the UCI tasks and splits stored in `results/`, against T × K, "
                "as in the paper's Fig. 3.")
        figure_download(fig3, "figure3_uci", "dl_fig3")

# ---------------------------------------------------------------- learned kernels, two ways
@st.cache_data(max_entries=16, show_spinner="GBRFF2 and RFF-SKL on the same points…")
def two_ways(name, n, noise, seed, gamma, T):
    return kernel_two_ways.two_ways(name, n, noise, seed, gamma, T)


def two_ways_part(T):
    """GBRFF2's and RFF-SKL's frequencies for the λ section's T (inside its fragment)."""
    st.header("Two ways of learning a kernel from its Fourier features")
    st.markdown(
        "GBRFF2 moves **each frequency ω** on its own, one boosting iteration at a time. Fourier kernel "
        "learning (RFF-SKL, Băzăvan et al. 2012) keeps the random draws and learns only the kernel's **scales "
        "σ**, one per input feature: ωᵢ = σ ⊙ h(uᵢ) (uᵢ the uniform draws, h the normal quantile; the paper "
        "writes γᵢ = σ ⊙ h(ωᵢ)), so the whole cloud of frequencies stretches or "
        "shrinks along each axis, with the weights of the features refitted by ridge at every σ.")
    two = two_ways(data_name, n, noise, seed, gamma, T)
    fig_s = fkl_figs.spectra_figure(
        two["prior"], two["skl"], two["gbrff2"], two["sigma0"], two["sigma"],
        title=f"{T} frequencies on {data_name}: GBRFF2 test {100 * two['acc_gbrff2']:.0f} %, "
              f"RFF-SKL test {100 * two['acc_skl']:.0f} %")
    st.plotly_chart(fig_s, key="two_ways", config={"displaylogo": False}, theme=None)
    explain("Grey: the random draws at the start (σ from the sidebar's γ, σ = √(2γ)). Pink: RFF-SKL's frequencies "
            "after L-BFGS on σ — the same points, scaled per axis. Red: the T frequencies GBRFF2 learned.",
            r"\begin{gathered}\psi_\sigma(x) = \sqrt{2/D}\,\big[\cos(\textstyle\sum_j \sigma_j h(u_{i,j}) x_j"
            r" + 2\pi b_i)\big]_{i},\\ \min_\sigma \min_w \tfrac12\|\psi_\sigma(X)^\top w - y\|^2 + \tfrac{\lambda}{2}\|w\|^2\end{gathered}")
    figure_download(fig_s, f"two_ways_{data_name}", "dl_two_ways")


# ---------------------------------------------------------------- lambda
@st.fragment
def lambda_part():
    """The λ section: its own control (T) reruns this part only, not the K sweep above (st.fragment)."""
    st.header("λ (lambda): how far may ω leave its prior?")
    st.markdown(
        "GBRFF2 tunes each frequency ω by gradient descent, starting from a draw of N(0, 2γ). The penalty "
        "λ‖ω‖² pulls ω towards 0: **large λ → small ‖ω‖ → long waves → a smooth boundary**; λ = 0 lets the "
        "frequencies grow and the boundary follow every point."
    )
    T = control("slider", "Iterations T of each GBRFF2", "T", 60, min_value=5, max_value=300, step=5)
    sweep = lambda_sweep(data_name, n, noise, seed, gamma, T)
    labels = [f"λ = {number_label(v)}" for v in LAMBDAS]
    best = int(np.argmax(sweep["test"]))
    fig_l = lambda_sweep_figure(LAMBDAS, sweep["norm"], sweep["test"], sweep["train"], current=LAMBDAS[best],
                                title=f"GBRFF2 on {data_name}, T = {T}:<br>the best test accuracy is at {labels[best]}")
    st.plotly_chart(fig_l, key="lambda_sweep", config={"displaylogo": False}, theme=None)
    explain("Left: the mean length of the learned frequencies (log scale); right: accuracy. The grey line marks "
            "the best test accuracy of the sweep. Without a penalty the frequencies can grow far beyond the prior.",
            r"\omega^t = \arg\min_{\omega\in\mathbb{R}^d}\ \lambda\|\omega\|_2^2 + "
            r"\frac{1}{n}\sum_{i=1}^n \exp\big(-\tilde y_i\cos(\omega\cdot x_i - b^t)\big)")
    figure_download(fig_l, f"lambda_sweep_{data_name}", "dl_lambda")

    X_tr, X_te, y_tr, y_te = toy_split(data_name, n, noise, seed)
    titles = [f"{lab}<br>test {100 * a:.0f} %" for lab, a in zip(labels, sweep["test"])]  # narrow panels
    fig_g = surfaces_grid_figure(sweep["xs"], sweep["ys"], sweep["H"], X_tr, y_tr, titles, cols=4, height=300)
    light_chart(fig_g, key="lambda_surfaces")
    explain("The same GBRFF2 for each λ: the boundary smooths out as λ grows, until it is too stiff to follow "
            "the classes.")
    figure_download(fig_g, f"lambda_boundaries_{data_name}", "dl_lambda_surfaces")
    two_ways_part(T)
    refresh_share_box()  # the share box in the sidebar follows T


lambda_part()

share_box()
