"""Random features, three ways: the same budget of cosines, drawn at random and fed to a linear
model, or each frequency learned by boosting (GBRFF2); a slot for learned bandwidths (Fourier
kernel learning)."""

import numpy as np
import streamlit as st
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline

from appkit import begin_page, control, explain, figure_download, share_box, toy_controls, toy_split, warm_engine
from gbrff import GBRFF2Classifier
from gbrff.baselines import RandomFeatureMap
from gbrff.viz import _compute as cmp
from gbrff.viz import features as figs
from gbrff.viz import playground as pg

BUDGETS = (1, 2, 5, 10, 20, 50, 100, 200)
REPEATS = 3
C = 100.0  # the logistic regression's C: the larger value of the thesis's grid {1, 100}
GRID = 80
RANDOM, LEARNED = "LogReg+RFF", "GBRFF2"  # registry names: label and colour of each way

st.title("Random features, three ways")
begin_page("random_features")
warm_engine()

data_name, n, noise, seed, gamma = toy_controls()

st.markdown(
    "Every model on this page predicts with a weighted sum of **D cosines** $\\cos(\\omega_j\\cdot x - b_j)$, "
    "each frequency $\\omega_j$ first drawn from the same prior $\\mathcal N(0, 2\\gamma I)$ — the random "
    "Fourier features of the RBF kernel $e^{-\\gamma\\|x - x'\\|^2}$. What differs is **who chooses the "
    "frequencies**:\n"
    "1. **chance** — the ω stay as drawn; a logistic regression learns only the D weights "
    "(Rahimi & Recht; the 2019 thesis's *LogReg + RFF*);\n"
    "2. **the kernel's bandwidths are learned**, then the ω drawn from the learned prior "
    "(Fourier kernel learning);\n"
    "3. **each ω is learned**: GBRFF2 adds one cosine per round of boosting and moves its ω by gradient "
    "descent, away from its draw, to where it fixes the vote's errors."
)



def random_way(X, y, D, gamma, seed):
    """Way 1: D random cosines (scikit-learn's RBFSampler), a logistic regression on top."""
    return Pipeline([("map", RandomFeatureMap("rff", n_components=int(D), gamma=float(gamma), random_state=seed)),
                     ("model", LogisticRegression(C=C, max_iter=2000))]).fit(X, y)


def learned_way(X, y, D, gamma, seed):
    """Way 3: D cosines, each ω learned by boosting."""
    return GBRFF2Classifier(n_estimators=int(D), gamma=float(gamma), random_state=seed,
                            standardize=False).fit(X, y)


@st.cache_data(max_entries=16, show_spinner="Both ways for every number of features D…")
def accuracy_curves(name, n, noise, seed, gamma):
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    random_acc = np.empty((len(BUDGETS), REPEATS))
    learned_acc = np.empty((len(BUDGETS), REPEATS))
    for r in range(REPEATS):
        for i, D in enumerate(BUDGETS):
            random_acc[i, r] = random_way(X_tr, y_tr, D, gamma, seed + r).score(X_te, y_te)
        # the first D rounds of a GBRFF2 are exactly the D-round model with the same seed
        model = learned_way(X_tr, y_tr, max(BUDGETS), gamma, seed + r)
        H = cmp.staged_scores(model.expansion_, X_te, BUDGETS)
        learned_acc[:, r] = [cmp.accuracy(h, y_te) for h in H]
    return {RANDOM: random_acc, LEARNED: learned_acc}


@st.cache_data(max_entries=16, show_spinner="Fitting both ways with D features…")
def both_ways(name, n, noise, seed, gamma, D):
    X_tr, X_te, y_tr, y_te = toy_split(name, n, noise, seed)
    xs, ys, G = cmp.make_grid(np.vstack([X_tr, X_te]), n=GRID)
    rnd = random_way(X_tr, y_tr, D, gamma, seed)
    gb = learned_way(X_tr, y_tr, D, gamma, seed)
    # H = log-odds / 2, the scale of GBRFF's vote: p(+1) = 1 / (1 + exp(-2H)) for both
    return {"xs": xs, "ys": ys,
            "H": {RANDOM: (rnd.decision_function(G) / 2).astype(np.float32),
                  LEARNED: gb.decision_function(G).astype(np.float32)},
            "test": {RANDOM: rnd.score(X_te, y_te), LEARNED: gb.score(X_te, y_te)},
            "train": {RANDOM: rnd.score(X_tr, y_tr), LEARNED: gb.score(X_tr, y_tr)},
            "omega": {RANDOM: rnd.named_steps["map"].map_.random_weights_.T.copy(),
                      LEARNED: gb.expansion_.omegas.reshape(-1, X_tr.shape[1]).copy()},
            # each cosine's weight in its model: the regression's coefficient, the boosting step α
            "weight": {RANDOM: np.abs(rnd.named_steps["model"].coef_).ravel(),
                       LEARNED: np.abs(gb.expansion_.alphas).ravel()}}


# ---------------------------------------------------------------- accuracy against D
st.header("Test accuracy against the number of features")
scores = accuracy_curves(data_name, n, noise, seed, gamma)
fig_acc = figs.features_accuracy_figure(
    BUDGETS, scores, title=f"{data_name}: test accuracy with D cosine features<br>"
                           f"(mean ± std of {REPEATS} seeds; γ = {pg.number_label(gamma)})")
st.plotly_chart(fig_acc, key="accuracy_vs_features", config={"displaylogo": False}, theme=None)
explain("Each point is a model with D cosines. With few features, chance rarely draws the few frequencies the "
        "problem needs, and the linear model can only weight what it was given: learned frequencies need far "
        "fewer cosines for the same accuracy. With many features the gap narrows: the linear model on random "
        "cosines then approximates a logistic regression with the RBF kernel itself.",
        r"\begin{gathered}f(x) = \sum_{j=1}^{D} a_j \cos(\omega_j\cdot x - b_j),\quad\text{with}\\"
        r"\omega_j \sim \mathcal{N}(0, 2\gamma I)\ \text{(random)}\quad\text{or}\\ \omega_j = \arg\min_\omega "
        r"\tfrac1n\sum_i e^{-\tilde y_i\cos(\omega\cdot x_i - b_j)}\ \text{(GBRFF2)}\end{gathered}")
figure_download(fig_acc, f"accuracy_vs_features_{data_name}", "dl_accuracy")

# ---------------------------------------------------------------- one budget
st.header("The same D, two boundaries")
D = control("select_slider", "Number of cosine features D", "D", 20, options=list(BUDGETS))
res = both_ways(data_name, n, noise, seed, gamma, D)
X_tr, X_te, y_tr, y_te = toy_split(data_name, n, noise, seed)
ways = list(res["H"])
titles = [f"{figs.method_style(w)[0]}: test {100 * res['test'][w]:.0f} %, train {100 * res['train'][w]:.0f} %"
          for w in ways]
fig_b = pg.surfaces_grid_figure(res["xs"], res["ys"], [res["H"][w] for w in ways], X_tr, y_tr, titles,
                                cols=len(ways), height=380)
st.plotly_chart(fig_b, key="boundaries", config={"displaylogo": False}, theme=None)
explain(f"Left: {D} random cosines weighted by a logistic regression (C = {pg.number_label(C)}). Right: GBRFF2 "
        f"after {D} rounds, one learned cosine each. Colour: the probability of class +1; black line: the "
        "boundary; dots: the training points.")
figure_download(fig_b, f"boundaries_{data_name}_D{D}", "dl_boundaries")

st.header("Where the frequencies went")
fig_w = figs.frequencies_figure(res["omega"], gamma, weights=res["weight"],
                                title=f"{data_name}, D = {D}: the frequencies ω over the prior they were drawn from")
st.plotly_chart(fig_w, key="frequencies", config={"displaylogo": False}, theme=None)
explain("The random frequencies are a sample of the prior: their lengths follow its density (black), and the "
        "logistic regression can only weight them (a marker's size: the cosine's weight in its model). GBRFF2 "
        "starts each ω from such a draw and moves it to the waves the problem is made of. On the board, with "
        "the defaults, its two largest steps α go to ω ≈ (π, π) and (π, −π): the board's class is the sign of "
        "cos(π(x₁ + x₂)) − cos(π(x₁ − x₂)), exactly these two waves; a few ω shrink to ≈ 0, an almost "
        "constant cosine that its step α all but ignores. That move is what “learning the features” changes.",
        r"\begin{gathered}p(\omega) = \mathcal{N}(0, 2\gamma I)\ \Longleftrightarrow\ "
        r"k(x, x') = e^{-\gamma\|x - x'\|^2}\\ = \mathbb{E}_{\omega}\big[\cos(\omega\cdot(x - x'))\big]"
        r"\end{gathered}")
figure_download(fig_w, f"frequencies_{data_name}_D{D}", "dl_frequencies")

# ---------------------------------------------------------------- the slot of way 2
st.header("Way 2: learn the bandwidths, then draw")
st.info("**Fourier kernel learning (RFF-SKL) is not in this version of the app.** It keeps the ω random but "
        "learns the prior they are drawn from — one scale σ per input feature — so its frequencies would sit "
        "between the two pictures above: random, yet drawn from a stretched or squeezed Gaussian. When the "
        "method is in the registry, it becomes one more line and one more panel of these figures.")

share_box()
