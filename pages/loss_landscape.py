"""Loss landscape (the paper's Fig. 1): GBRFF1 with K = 1 on the two moons."""

import streamlit as st

from appkit import (begin_page, control, explain, frame_player, pack_frames, painted, player_start, register,
                    section, share_box, warm_engine)
from appkit import animation_download
from gbrff.teaching.landscape import fit_landscape, landscape_frames
from gbrff.viz.landscape import bias_curve_animation, landscape_animation
from gbrff.viz.surfaces import surface_animation

GAMMAS = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0]

st.title("Loss landscape of a landmark")
st.markdown(
    "The paper's Fig. 1: **GBRFF1 with K = 1** on the two moons. At each iteration the weak learner is one "
    "cosine centred on a landmark xₜ, chosen by a descent of the loss f below (10 L-BFGS steps from the "
    "origin, as in the paper). Over all landmark positions the "
    "loss repeats in **diagonal stripes**: infinitely many landmarks are equally good, so the search can fix "
    "all but one number — a phase b."
)
begin_page("loss_landscape")
warm_engine()

sb = st.sidebar
sb.header("Data: two moons")
n = control("slider", "Number of points", "n", 200, min_value=40, max_value=400, step=20, where=sb,
            help="How many points the two moons have. More points: a smoother landscape, a slower page.")
noise = control("slider", "Noise", "noise", 0.1, min_value=0.0, max_value=0.5, step=0.02, where=sb,
                help="Standard deviation of the Gaussian jitter added to the points: 0 gives two clean arcs.")
seed = control("slider", "Seed", "seed", 0, min_value=0, max_value=9999, step=1, where=sb,
               help="Seed of the random draws (the points and the frequencies ω): same seed, same picture.")
sb.header("GBRFF1, K = 1")
T = control("slider", "Iterations T", "T", 10, min_value=1, max_value=30, where=sb,
            help="How many weak learners (landmarks) the boosting adds; the player shows each of them.")
gamma = control("select_slider", "γ: ω drawn from N(0, 2γ)", "gamma", 0.5, options=GAMMAS, where=sb,
                help="γ of the RBF kernel k(x, x') = exp(−γ‖x − x'‖²), an inverse squared width: each "
                     "frequency ω is drawn from N(0, 2γ I). Larger γ: larger ω, narrower stripes.")


@st.cache_resource(max_entries=16, show_spinner="Fitting GBRFF1 (K = 1)…")
def landscape(n, noise, seed, T, gamma):
    return fit_landscape(n, noise, seed, T, gamma)


@st.cache_data(max_entries=16, show_spinner="Computing the landscape at every iteration…")
def animation(key, _b):
    """The landscape, the phase curve and the boundary at every iteration t = 1 … T, packed for the player."""
    X, y, e = _b["X"], _b["y"], _b["expansion"]
    f = landscape_frames(_b)
    stages, F, curves = f["stages"], f["F"], f["curves"]
    titles = [f"iteration {t}: loss of every landmark, ω = ({e.omegas[t - 1, 0, 0]:.1f}, "
              f"{e.omegas[t - 1, 0, 1]:.1f})" for t in stages]
    # the loss readout next to the surface (as TF Playground's): the chosen landmark's loss f(xₜ) against the
    # lowest and highest of the picture, and the boosting's loss after the step
    readouts = [f"f(xₜ) = {a:.3f} · lowest {Ft.min():.3f} · highest {Ft.max():.3f} · loss of Hᵗ {curves['loss'][t]:.3f}"
                for a, Ft, t in zip(f["at_landmark"], F, stages)]
    fig = landscape_animation(f["xs"], f["ys"], stages, F, X, y, e.landmarks, titles=titles, readouts=readouts)
    fig_b = bias_curve_animation(f["bs"], stages, f["fb"], f["b_landmark"],
                                 titles=[f"iteration {t}: the same loss over the phase b" for t in stages])
    acc = curves["accuracy"]
    fig_s = surface_animation(f["gx"], f["gy"], stages, f["H"], X, y, landmarks=[e.landmarks[:t] for t in stages],
                              titles=[f"decision boundary after {t} iterations: {100 * acc[t]:.0f} % of the "
                                      "points" for t in stages], height=440)
    return pack_frames([fig, fig_b, fig_s], stages, wide=[False, False, True])


key = (n, noise, seed, T, gamma)
b = landscape(*key)
t_start = max(1, player_start(T, key, key="it"))
frame_player(animation(key, b), t_start, key="it", default_t=T)
painted()  # the picture is sent: the other students' pictures first (appkit._gate)
register("it", "Iteration t", T, t_start)
animation_download(animation(key, b), t_start, key="dl_animation", name="animation", data="moons",  # one file, offline
                   title="Loss landscape of a landmark: GBRFF1 with K = 1 on the two moons (the paper's Fig. 1)")
# drawn when opened (appkit.section): closed, the explanations and their formulas cost the first picture nothing
reading = section("How to read the three pictures, with their formulas", "sec_reading", icon=":material/menu_book:")
if reading.open:
    with reading:
        l, r = st.columns([1.1, 1])
        with l:
            explain("**Left — the loss of every landmark.** Each pixel is a candidate landmark x; its colour the loss "
                    "f(x) of the weak learner centred there, against the current residuals ỹᵢ = yᵢ·exp(−yᵢ Hᵗ⁻¹(xᵢ)). "
                    "Light yellow = smallest loss; white cross = the landmark GBRFF1 chose. The stripes are "
                    "perpendicular to ω.",
                    r"f(x) = \frac{1}{n}\sum_{i=1}^{n} e^{-\tilde y_i \cos(\omega^t\cdot(x - x_i))}")
        with r:
            explain("**Right — the same loss over one number.** Since cos(ω·(x − xᵢ)) = cos(ω·xᵢ − b) with b = ω·x, "
                    "the whole 2-D landscape is this one periodic curve: moving x along a stripe leaves b unchanged, "
                    "moving it across changes b. So GBRFF2 looks for the single scalar b ∈ [−π, π]: its global "
                    "minimum (star) is the phase of the best landmarks. The dashed line is the phase b = ω·xₜ of the "
                    "landmark GBRFF1 chose: its descent from the origin often ends at the star, but it can stop in "
                    "another valley of the curve — what GBRFF2's global search of b avoids.",
                    r"\begin{gathered}f(b) = \frac{1}{n}\sum_{i=1}^{n} e^{-\tilde y_i\cos(\omega^t\cdot x_i - b)}\\"
                    r"b = \omega^t\cdot x^t\end{gathered}")
        acc_T = 100 * b["model"].score(b["X"], b["y"])
        explain("**Below — the vote of the first t landmark learners** (crosses: the landmarks chosen so far). "
                f"With these settings, T = {T} learners classify {acc_T:.0f} % of the points; the paper's Fig. 1 shows "
                "the moons well separated after about ten.",
                r"H^t(x) = H^0 + \sum_{s=1}^{t}\alpha^s\cos\big(\omega^s\cdot(x^s - x)\big)")
share_box()
