"""Loss landscape (the paper's Fig. 1): GBRFF1 with K = 1 on the two moons."""

import numpy as np
import streamlit as st

from appkit import (begin_page, control, explain, figure_download, play_schedule, player, player_run_every, register,
                    share_box, warm_engine)
from gbrff import GBRFF1Classifier
from gbrff.datasets import make_toy
from gbrff.inspection import bias_objective, landmark_objective, residuals
from gbrff.viz import _compute as cmp
from gbrff.viz import playground as figs

GAMMAS = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0]
N_B = 361

st.title("Loss landscape of a landmark")
st.markdown(
    "The paper's Fig. 1: **GBRFF1 with K = 1** on the two moons. At each iteration the weak learner is one "
    "cosine centred on a landmark xₜ, chosen to minimise the loss f below. Over all landmark positions the "
    "loss repeats in **diagonal stripes**: infinitely many landmarks are equally good, so the search can fix "
    "all but one number — a phase b."
)
begin_page("loss_landscape")
warm_engine()

sb = st.sidebar
sb.header("Data: two moons")
n = control("slider", "Number of points", "n", 200, min_value=40, max_value=1000, step=20, where=sb)
noise = control("slider", "Noise", "noise", 0.1, min_value=0.0, max_value=0.5, step=0.02, where=sb)
seed = control("number_input", "Seed", "seed", 0, min_value=0, max_value=9999, step=1, where=sb)
sb.header("GBRFF1, K = 1")
T = control("slider", "Iterations T", "T", 10, min_value=1, max_value=50, where=sb)
gamma = control("select_slider", "γ: ω drawn from N(0, 2γ)", "gamma", 0.5, options=GAMMAS, where=sb)


@st.cache_resource(max_entries=16, show_spinner="Fitting GBRFF1 (K = 1)…")
def fit(n, noise, seed, T, gamma):
    X, y = make_toy("moons", n_samples=int(n), noise=float(noise), random_state=int(seed))
    model = GBRFF1Classifier(n_estimators=T, n_components=1, gamma=gamma, random_state=int(seed)).fit(X, y)
    expansion = model.expansion_
    xs, ys, G = cmp.make_grid(X, n=100)
    stages = list(range(T + 1))
    return {"X": X, "y": y, "model": model, "expansion": expansion, "xs": xs, "ys": ys, "G": G,
            "H": dict(zip(stages, cmp.staged_scores(expansion, G, stages))),
            "acc": cmp.staged_curves(expansion, X, y)["accuracy"]}


@st.cache_data(max_entries=128, show_spinner=False)
def landscape(key, t, _b):
    """Loss over landmark positions and over phases b at iteration t (1-based)."""
    X, y, expansion = _b["X"], _b["y"], _b["expansion"]
    _, y_tilde = residuals(_b["model"], X, y, t - 1)
    omegas = expansion.omegas[t - 1]  # (K, d) = (1, d)
    land = expansion.landmarks[t - 1]
    # a wide window (about 2.5 × the data) so that several periods of the stripes show
    xs, ys, G = cmp.make_grid(X, n=90, pad=0.75, include=land)
    F = landmark_objective(X, y_tilde, omegas, G)
    bs = np.linspace(-np.pi, np.pi, N_B)
    fb = bias_objective(X, y_tilde, omegas[0], bs)
    b_land = float((omegas[0] @ land + np.pi) % (2 * np.pi) - np.pi)
    return xs, ys, F, land, bs, fb, b_land


key = (n, noise, seed, T, gamma)
b = fit(*key)
run_every = player_run_every("it")


@st.fragment(run_every=run_every)
def stage():
    t = player(T, play_schedule(T), key="it", label="Iteration t")
    X, y = b["X"], b["y"]
    top_l, top_r = st.columns([1.1, 1])
    if t == 0:
        top_l.info("Iteration 0: no landmark yet. Press **step ▶**.")
    else:
        xs, ys, F, land, bs, fb, b_land = landscape(key, t, b)
        om = b["expansion"].omegas[t - 1, 0]
        with top_l:
            fig = figs.landscape_figure(xs, ys, F, X, y, landmark=land,
                                        title=f"iteration {t}: loss of every landmark (ω = ({om[0]:.2f}, {om[1]:.2f}))")
            st.plotly_chart(fig, key="landscape", config={"displaylogo": False})
            explain("Each pixel is a candidate landmark x; its colour the loss f(x) of the weak learner centred "
                    "there, against the current residuals ỹᵢ = yᵢ·exp(−yᵢ Hᵗ⁻¹(xᵢ)). Light yellow = smallest "
                    "loss; white cross = the landmark GBRFF1 chose. The stripes are perpendicular to ω.",
                    r"f(x) = \frac{1}{n}\sum_{i=1}^{n}\exp\!\big(-\tilde y_i \cos(\omega^t\cdot(x - x_i))\big)")
            figure_download(fig, f"landscape_t{t}", "dl_landscape")
        with top_r:
            fig_b = figs.bias_curve_figure(bs, fb, b_landmark=b_land, title="the same loss as a function of one phase b")
            st.plotly_chart(fig_b, key="bias_curve", config={"displaylogo": False})
            explain("Since cos(ω·(x − xᵢ)) = cos(ω·xᵢ − b) with b = ω·x, the whole 2-D landscape is this one "
                    "periodic curve: moving x along a stripe leaves b unchanged, moving it across changes b. "
                    "So GBRFF2 looks for the single scalar b ∈ [−π, π] — its global minimum (star) is the "
                    "phase of the best landmark (dashed).",
                    r"f(b) = \frac{1}{n}\sum_{i=1}^{n}\exp\!\big(-\tilde y_i\cos(\omega^t\cdot x_i - b)\big),"
                    r"\quad b = \omega^t\cdot x^t")
            figure_download(fig_b, f"phase_curve_t{t}", "dl_phase")
    acc = 100 * b["acc"][t]
    fig_s = figs.surface_figure(b["xs"], b["ys"], b["H"][t], X, y,
                                landmarks=b["expansion"].landmarks[:t] if t else None,
                                title=f"decision boundary after {t} iterations: {acc:.0f} % of the points",
                                height=440)
    st.plotly_chart(fig_s, key="boundary", config={"displaylogo": False})
    explain("The vote of the first t landmark learners (crosses: the landmarks chosen so far). In the paper "
            "the moons are perfectly separated after about 10 iterations.",
            r"H^t(x) = H^0 + \sum_{s=1}^{t}\alpha^s\cos\big(\omega^s\cdot(x^s - x)\big)")
    figure_download(fig_s, f"boundary_t{t}", "dl_boundary")


stage()
register("it", "Iteration t", T, st.session_state.get("it", T))
share_box()
