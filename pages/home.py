"""Home: GBRFF in three pictures, and where to go next."""

import numpy as np
import streamlit as st

import appkit
from appkit import begin_page, explain, figure_download, light_chart, warm_engine
from gbrff.teaching.first_pictures import kernel_averages, moons_example
from gbrff.viz.omega_prior import kernel_average_figure
from gbrff.viz.surfaces import cosine_figure, surface_figure

N_SUM = 3
T_FINAL = 40

st.title("Gradient boosting with random Fourier features")
st.markdown(
    "**GBRFF** (Gautheron et al., ECML-PKDD 2020) builds a classifier as a weighted vote of *cosine waves*. "
    "Each round of boosting adds one wave cos(ω·x − b) whose frequency ω starts as a random Fourier "
    "feature of the RBF kernel and is then tuned to the points the vote still gets wrong. "
    "The weighted sum of the waves is the classifier's vote H(x); the learned frequencies, with their landmarks, "
    "stand for a kernel learned for the task (each wave compares x with a landmark). Below, three pictures "
    "from one real fit on the two moons."
)
begin_page("home")
warm_engine()


@st.cache_resource(show_spinner="Fitting the example…")
def example():
    ex = moons_example(N_SUM, T_FINAL)
    return tuple(ex[k] for k in ("X", "y", "model", "xs", "ys", "G", "h", "vote", "H"))


X, y, model, xs, ys, G, h, vote, H = example()
e = model.expansion_  # a single cosine per learner: K = 1, phase b
om, b = e.omegas[0, 0], float(e.phases[0, 0])

# one picture a row, the whole width, its words under it: readable on a 1024×768 projector with the sidebar open
acc = 100 * model.score(X, y)
PICTURES = [
    ("1 · one weak learner", cosine_figure(xs, ys, h[0], title=f"ω = ({om[0]:.1f}, {om[1]:.1f}), b = {b:.1f}",
                                            X=X, y=y),
     "A single cosine wave: straight stripes perpendicular to ω, one wavelength every 2π/‖ω‖. "
     "Red votes for class +1, blue for −1.", r"h(x) = \cos(\omega\cdot x - b)", "one_weak_learner", "dl_home_wave",
     "home_wave"),
    (f"2 · the sum of {N_SUM}", cosine_figure(xs, ys, vote, title="α₁h₁ + α₂h₂ + α₃h₃", zlabel="vote", X=X, y=y),
     "Boosting adds waves one by one, each weighted by its step size α chosen in closed form (a formula, no "
     "search); crossing stripes start to carve the moons.",
     r"\sum_{t=1}^{3} \alpha^t \cos(\omega^t\cdot x - b^t)", "sum_of_three", "dl_home_sum", "home_sum"),
    (f"3 · the boundary after {T_FINAL}",
     surface_figure(xs, ys, H, X, y, title=f"T = {T_FINAL} waves: {acc:.0f} % of the points", height=400,
                    showscale=False),
     "The sign of the whole vote is the prediction; the black line is its zero level.",
     r"\hat y(x) = \operatorname{sign}\Big(H^0 + \sum_{t=1}^{T} \alpha^t \cos(\omega^t\cdot x - b^t)\Big)",
     "boundary", "dl_home_boundary", "home_boundary"),
]
for heading, fig, text, formula, name, dl_key, key in PICTURES:
    st.header(heading)
    light_chart(fig, key=key)
    explain(text, formula)
    figure_download(fig, name, dl_key)

st.header("Where to go next")
WHAT = {  # what each page shows, by its address: a line of text under the page's link
    "playground": "Press play and watch the vote grow on moons, swiss, circles, board or your own CSV; compare "
                  "with LightGBM; try the challenges.",
    "loss_landscape": "The paper's Fig. 1: why learning a landmark comes down to learning one phase b.",
    "k_and_lambda": "How many random features per learner (K) and how strong a penalty on ω (λ).",
    "random_features": "The same number of cosines drawn at random under a linear model, or each one learned "
                       "by boosting: accuracy, boundaries and where the frequencies go.",
    "uci_comparison": "The reproduced Table 2 beside the paper's, the figures, and a small live run.",
}
# the link is the page's title alone (a link is one line: a long one is cut at the column's edge on a projector),
# what the page shows the text under it
for spec in appkit.PAGES:
    if spec.url_path not in WHAT:
        continue
    with st.container(border=True, gap="small", key=f"next_{spec.url_path}"):
        if appkit.current_page() is None:  # this file run alone (no router): plain text
            st.markdown(f"{spec.icon} **{spec.title}**")
        else:
            st.page_link(spec.page(), label=f"**{spec.title}**", icon=spec.icon)
        st.markdown(WHAT[spec.url_path])
st.caption("Every page keeps its settings in the address bar: copy the link to share an exact picture.")

st.header("Glossary")
st.markdown("\n".join(f"- **{word}** — {meaning}" for word, meaning in appkit.GLOSSARY.items()))
GAMMA = 0.5
r = np.linspace(0, 4, 200)
kernel, averages = kernel_averages(GAMMA, r)  # ω ~ N(0, 2γ): the mean of 1, 10, 100, 1000 cosines
fig_k = kernel_average_figure(r, kernel, averages,
                              title=f"A kernel is the average of random cosines (γ = {GAMMA:g})")
light_chart(fig_k, key="home_kernel")
explain("One random cosine cos(ω r) is a poor similarity; the mean of many, with ω drawn from N(0, 2γ), "
        "converges to the RBF kernel (Bochner's theorem). GBRFF starts from such random frequencies and then "
        "tunes them to the data.",
        r"\mathbb{E}_{\omega\sim\mathcal N(0, 2\gamma)}\big[\cos(\omega\, r)\big] = e^{-\gamma r^2}")
