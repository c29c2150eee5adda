"""Boosting playground: watch GBRFF grow on a 2-D problem, one weak learner at a time."""

import hashlib
import json
from functools import partial

import numpy as np
import streamlit as st

from appkit import (HELP, begin_page, control, download_name, drawing_board, explain, figure_download, frame_player, kept_upload,
                    light_chart, model_to_json, pack_frames, painted, plain, play_schedule, player_start, points_to_csv, presenter_style,
                    read_points_csv, register, section, share_box, split_column, split_indices, upload_label, warm_engine,
                    what_changed, widget_key)
from appkit import animation_download
from gbrff import LOSSES
from gbrff.datasets import REGRESSION_PROBLEMS, TOY_PROBLEMS, make_toy
from gbrff.teaching import expansions as cmp
from gbrff.teaching.drawing import plane_corners, too_few
from gbrff.teaching.fits import fit_reference, fit_run, reference_surface, run_frames, warm_reference
from gbrff.teaching.regression import learning_curve as regression_learning_curve
from gbrff.teaching.regression import finer_than_the_grid, regression_split, regressor_algo, residual_sizes
from gbrff.teaching.learning_curves import learning_curve as refit_on_subsets
from gbrff.teaching.menu import (ALGOS, BETAS, GAMMAS, LAMBDAS, LS_BUDGET, LS_RATES, LS_TEMPS, PLUS_LAM, PLUS_LAMBDAS,
                                 PLUS_SHRINK, RATES)
from gbrff.teaching.rotation import LESSON, angle_curve, rotate
from gbrff.viz import curves as curve_figs
from gbrff.viz import learners as learner_figs
from gbrff.viz import omega_prior as omega_figs
from gbrff.viz import rotation as rotation_figs
from gbrff.viz import surfaces as surface_figs
from gbrff.viz.style import VOTE_COLORSCALE, number_label

GRID = 100
STRIP = 6  # weak learners in the strip under the player
DONE, TODO = ":green[:material/check_box:]", ":gray[:material/check_box_outline_blank:]"

# Each challenge: text, and a test on the current run's summary ``m``. Each is reachable from the sidebar
# at the data's default noise, size and seed (tests/app/test_challenges.py holds one solution of each).
CHALLENGES = [
    ("Reach 90 % test accuracy on **circles** with GBRFF2 and at most **20** weak learners (T ≤ 20).",
     lambda m: m["data"] == "circles" and m["algo"] == "GBRFF2" and m["T"] <= 20 and m["test_acc"] >= 0.90),
    ("Make GBRFF2 **overfit the board**: train accuracy ≥ 98 % with test accuracy at least 15 points lower.",
     lambda m: m["data"] == "board" and m["algo"] == "GBRFF2"
     and m["train_acc"] >= 0.98 and m["train_acc"] - m["test_acc"] >= 0.15),
    ("Solve the **swiss** roll with GBRFF1 and **K = 1**: test accuracy ≥ 95 %.",
     lambda m: m["data"] == "swiss" and m["algo"] == "GBRFF1" and m["K"] == 1 and m["test_acc"] >= 0.95),
    ("Pick a **γ too small** for the board: GBRFF2 with T ≥ 100 stays below 70 % test accuracy.",
     lambda m: m["data"] == "board" and m["algo"] == "GBRFF2" and m["T"] >= 100 and m["test_acc"] < 0.70),
    ("**Beat LightGBM** on moons with at most 100 points and at most 10 weak learners.",
     lambda m: m["data"] == "moons" and m["n"] <= 100 and m["T"] <= 10 and m["lgbm_acc"] is not None
     and m["test_acc"] > m["lgbm_acc"]),
    ((f"GBRFF2+ as defined (λ = {number_label(PLUS_LAM)}, chosen on the UCI tables) fails the **circles**: "
      "find the λ that lets **GBRFF2+** reach 90 % test accuracy there."),
     lambda m: m["data"] == "circles" and m["algo"] == "GBRFF2+" and m["test_acc"] >= 0.90),
    # regression (the plane and the gaussians): R² and RMSE on the test points
    ("**One wave for a plane:** with GBRFF2 and a **single** weak learner (T = 1), beat LightGBM's 100 trees "
     "on the **plane** (a lower test RMSE).",
     lambda m: m["data"] == "plane" and m["algo"] == "GBRFF2" and m["T"] == 1 and m["lgbm_rmse"] is not None
     and m["test_rmse"] < m["lgbm_rmse"]),
    ("Make GBRFF2 **overfit the gaussians**: train R² ≥ 0.95 with test R² at most 0.7.",
     lambda m: m["data"] == "gaussians" and m["algo"] == "GBRFF2" and m["train_r2"] >= 0.95
     and m["test_r2"] <= 0.70),
]
st.title("Boosting playground")
hidden = begin_page("playground")
warm_engine()

# ---------------------------------------------------------------- controls
sb = st.sidebar
sb.header("Data")
data_name = control("segmented_control", "Data set", "data", "moons",
                    options=[*TOY_PROBLEMS, *REGRESSION_PROBLEMS, "draw", "upload"], where=sb,
                    format_func=lambda s: {"upload": "your CSV…", "draw": "draw your own"}.get(s, s))
drawing = data_name == "draw"  # the student's own points, clicked onto the picture (appkit._drawing)
board = drawing_board() if drawing else None
if drawing:
    sb.markdown(f"**Your drawing: {len(board.y)} points.** Click on the left picture (or Tab to it, move with the "
               "arrows, Enter) to add a point of the class chosen in the player's bar, drag to paint several; ↶ undo "
               "and ✕ clear are there too. A test share of your points is held out (outlined in black); the link "
               "carries the drawing.")
    if board.note:
        sb.warning(plain(board.note), icon=":material/warning:")
upload = upload_bytes = None
if data_name == "upload":
    file = kept_upload("2-D CSV: columns x1, x2, label (two classes)", "upload_file", where=sb, type=["csv", "txt"])
    if file is None:
        sb.info("No file yet: showing moons. Upload a CSV with two numeric columns and a label column.")
    else:
        file_name, upload_bytes, earlier = file
        try:
            upload = read_points_csv(upload_bytes)
        except Exception as err:  # noqa: BLE001 - a file the parser did not foresee too: say so, keep the page
            why = str(err) if isinstance(err, ValueError) else f"{type(err).__name__}: {err}"
            # the file's own words (a column name, a value) are text, never Markdown (appkit.plain)
            sb.error(f"Could not use this file: {plain(why)}")
            # the main area says it too, where the picture is: it shows moons, not the file
            st.warning(f"Your file could not be used: {plain(why.rstrip('.'))}; showing moons instead.",
                       icon=":material/warning:")
        else:
            sb.success((f"Your earlier file {plain(file_name)}: " if earlier else "")
                       + f"{len(upload[1])} points, classes {plain(upload[2][0])} → −1 and {plain(upload[2][1])} → +1 "
                       "(features standardised)." + (" Upload another to replace it." if earlier else ""))
is_toy = upload is None and not drawing
toy_name = data_name if data_name in TOY_PROBLEMS + REGRESSION_PROBLEMS else "moons"
regression = is_toy and toy_name in REGRESSION_PROBLEMS  # a real target: the regressors, ŷ drawn as a value
task = "regression" if regression else "classification"
n_samples = control("slider", "Number of points", "n", 300, min_value=40, max_value=1000, step=20,
                    where=sb, disabled=not is_toy)
noise = control("slider", "Noise (std of the Gaussian noise on y)" if regression else "Noise (std of the Gaussian jitter)",
                "noise", 0.1, min_value=0.0, max_value=0.6, step=0.02, where=sb, disabled=not is_toy,
                help=HELP["noise.regression"] if regression else None)
angle = control("slider", "Turn the data (degrees, about the centre)", "angle", 0, min_value=0, max_value=90, step=5,
                where=sb, disabled=not is_toy, format="%d°")
test_share = control("slider", "Test share", "test", 0.3, min_value=0.1, max_value=0.9, step=0.05, where=sb)
seed = control("slider", "Seed", "seed", 0, min_value=0, max_value=9999, step=1, where=sb)
show_test = control("toggle", "Show test points", "show_test", True, where=sb)

sb.header("Model")
algo = control("segmented_control", "Algorithm", "algo", "GBRFF2", options=ALGOS, where=sb)
fallback = regression and regressor_algo(algo) != algo  # GBRFF2+: no regressor, GBRFF2's instead (the URL keeps it)
if fallback:
    sb.warning(f"**{algo} has no regressor** (its settings were chosen on classification tasks, its bandwidths "
               f"learned from the classes): this regression problem fits **{regressor_algo(algo)}**'s.",
               icon=":material/info:")
    algo = regressor_algo(algo)
T = control("slider", "Iterations T (weak learners)", "T", 100, min_value=1, max_value=500, where=sb)
gamma = control("select_slider", "γ: frequencies drawn from N(0, 2γ)", "gamma", 0.5, options=GAMMAS, where=sb)
if algo == "GBRFF2":
    lam = control("select_slider", "λ: penalty λ‖ω‖² on learned ω", "lam", 0.0, options=LAMBDAS, where=sb)
    K, beta = 1, None
elif algo == "GBRFF2+":  # its own key: choosing GBRFF2+ gives its own λ, which a student may still move
    lam = control("select_slider", f"λ: penalty λ‖ω‖² (GBRFF2+: {number_label(PLUS_LAM)})", "lam_plus",
                  PLUS_LAM, options=PLUS_LAMBDAS, where=sb)
    K, beta = 1, None
    sb.caption("GBRFF2+: γ is the average bandwidth; column j draws ωⱼ from N(0, 2γ sⱼ²).")
elif algo == "GBRFF1":
    K = control("slider", "K: random features per weak learner", "K", 10, min_value=1, max_value=20, where=sb)
    beta = control("select_slider", "β: sharpness of the weights q (inverse temperature)", "beta", 1.0, options=BETAS, where=sb)
    lam = None
else:  # the 2019 preprint's least-squares GBRFF: its own K (100 in the paper), c and v, in its grids
    K_max = max(1, min(100, LS_BUDGET // T))
    K = control("slider", "K: random cosines per weak learner", "K_ls", min(20, K_max), min_value=1,
                max_value=K_max, where=sb)
    sb.caption(f"GBRFF-LS draws T × K ≤ {LS_BUDGET:,} cosines, so that the page stays quick: K ≤ {K_max} at "
               f"T = {T} (the paper's K = 100 up to T = {LS_BUDGET // 100}).")
    beta = control("select_slider", "c: sharpness of the weights Q (inverse temperature)", "c", 16.0, options=LS_TEMPS, where=sb)
    lam = None
if algo == "GBRFF-LS":  # beta carries c, lr carries v: one model key for the three algorithms
    lr = control("select_slider", "v: learning rate (shrinks every α)", "v", 0.5, options=LS_RATES, where=sb)
else:
    lr = control("select_slider", "Learning rate (shrinks every α)", "lr", 1.0, options=RATES, where=sb)
with_lgbm = control("toggle", "Compare with LightGBM", "lgbm", True, where=sb, help=HELP["lgbm.regression"] if regression
                    else None)
discretise = control("toggle", "Discretise the surface (class only)", "discrete", False, where=sb, disabled=regression,
                     help=HELP["discrete.regression"] if regression else None) and not regression
presenter = control("toggle", "Presenter mode", "presenter", False, where=sb)
if presenter:  # large type on the whole page, larger headline numbers (the player does its own)
    presenter_style()


# ---------------------------------------------------------------- cached computations
@st.cache_data(max_entries=32, show_spinner=False)
def load_rows(name, n, noise, seed, csv_digest, _upload):
    """The points in their own order (the file's, the generator's), as the model sees them: an upload
    standardised (its mean and scale go into the model's JSON), the toy data as generated."""
    if _upload is not None:
        return _upload.standardised(), _upload.y
    return make_toy(name, n_samples=int(n), noise=float(noise), random_state=int(seed))


@st.cache_resource(max_entries=24, show_spinner="Fitting…")
def fit_bundle(key, _data, task):
    """Fit once per parameter set; keep the grid, curves and timing with the model."""
    return fit_run(key[1], _data, grid=GRID, include=plane_corners() if key[0][0] == "draw" else None, task=task)


@st.cache_resource(show_spinner=False)
def warm_lgbm():
    """LightGBM's library loaded once per server: the fit time shown is a warm one, as GBRFF's."""
    return warm_reference()


@st.cache_resource(max_entries=24, show_spinner="Fitting LightGBM…")
def fit_lgbm(data_key, _data, task):
    warm_lgbm()
    return fit_reference(_data, task)


@st.cache_data(max_entries=24, show_spinner=False)
def lgbm_surface(data_key, _model, _G):
    """LightGBM's H on the grid (drawn below the player, after the other students' first pictures)."""
    return reference_surface(_model, _G)


@st.cache_data(max_entries=8, show_spinner="Turning the data: refitting both models at 7 angles, 3 draws each…")
def angle_scores(name, n, noise, test_share, seed, params):
    return angle_curve(params, name, n, noise, test_share, seed)


@st.cache_data(max_entries=16, show_spinner="Learning curve: refitting on growing subsets…")
def learning_curve(key, _data, task):
    return (regression_learning_curve if task == "regression" else refit_on_subsets)(key[1], _data)


@st.cache_data(max_entries=8, show_spinner=False)
def empty_picture(code, _X, _y):
    """The drawing area with the points drawn so far and no model yet (p = ½ everywhere), as one frame."""
    xs, ys, G = cmp.make_grid(plane_corners(), n=GRID)
    fig = surface_figs.surface_animation(xs, ys, [0], np.zeros((1, len(G))), _X, _y,
                                         titles=["Your drawing: no model yet"])
    return pack_frames([fig], [0])


def empty_drawing(board, test_share, presenter):
    """Too few drawn points to split and fit: the same elements above the player as a fitted picture (the player
    keeps its place: no new iframe), the drawing area to click on, and what to draw; then the page stops."""
    c1, c2 = st.columns(2)
    c1.metric(f"{algo} (T = {T}): test accuracy · fit time", "—")
    c2.empty()
    st.empty()  # "what changed"
    st.caption(f"your drawing, no model yet: {too_few(board.y, test_share)}")
    st.empty()  # the player's note (player_start)
    frame_player(empty_picture(board.code, board.X, board.y), 0, default_t=0, presenter=presenter, draw=board)
    st.info("Click on the picture to add a point of the class chosen in the player's bar (shift-click: the other "
            "class), drag to paint several. The model is fitted as soon as it has points of both classes to learn "
            "from and to test on.", icon=":material/draw:")
    share_box()
    st.stop()


# ---------------------------------------------------------------- data and fits
digest = hashlib.sha1(upload_bytes).hexdigest() if upload is not None else None
if drawing:  # the drawing's own points, in the plane's units (the model sees them as they are)
    X_rows, y_rows, digest = board.X, board.y, board.code
else:
    X_rows, y_rows = load_rows(toy_name if is_toy else "upload", n_samples, noise, seed, digest, upload)
turn = angle if is_toy else 0  # the toy problem turned about its centre (the origin) before the split
if turn:
    X_rows = rotate(X_rows, turn)
if drawing and too_few(y_rows, test_share):  # nothing to fit yet: the drawing area, its points, what to draw
    empty_drawing(board, test_share, presenter)
train_rows, test_rows = (regression_split(len(y_rows), test_share, seed) if regression  # unstratified: y is real
                         else split_indices(y_rows, test_share, seed))  # scikit-learn's stratified split
data = X_rows[train_rows], X_rows[test_rows], y_rows[train_rows], y_rows[test_rows]
X_tr, X_te, y_tr, y_te = data
data_key = (toy_name if is_toy else data_name if drawing else "upload", n_samples, noise, test_share, seed, digest, turn)
model_key = (data_key, (algo, T, gamma, lam, K, beta, lr, seed))
bundle = fit_bundle(model_key, data, task)
model, expansion = bundle["model"], bundle["expansion"]
lgbm = fit_lgbm(data_key, data, task) if with_lgbm else None
label = toy_name if is_toy else "your drawing" if drawing else "your data"
data_tag = toy_name if is_toy else "drawn" if drawing else upload_label(file_name)  # the <data> of the downloads' names

# Every element above the player is there on every run, drawn or empty: a line that appeared only after a
# change (what changed, LightGBM's metric) would move the player in Streamlit's element tree, and Streamlit
# would rebuild its iframe (the picture gone, the page jumping) instead of sending it the new frames.
c1, c2 = st.columns(2)  # two wide metrics: their numbers stay whole on a 1024×768 projector
if regression:  # the test RMSE (target units) and R², as scikit-learn's regressors score
    c1.metric(f"{algo} (T = {T}, fit {1000 * bundle['fit_time']:.0f} ms): test RMSE · R²",
              f"{bundle['test']['rmse'][-1]:.3f} · {bundle['test']['r2'][-1]:.2f}")
else:
    c1.metric(f"{algo} (T = {T}): test accuracy · fit time",
              f"{100 * bundle['test']['accuracy'][-1]:.1f} % · {1000 * bundle['fit_time']:.0f} ms")
lgbm_slot = c2.empty()
if lgbm is not None and regression:
    lgbm_slot.metric(f"LightGBM (fit {1000 * lgbm['fit_time']:.0f} ms): test RMSE · R²",
                     f"{lgbm['test_rmse']:.3f} · {lgbm['test_r2']:.2f}")
elif lgbm is not None:
    lgbm_slot.metric("LightGBM: test accuracy · fit time",
                     f"{100 * lgbm['test_acc']:.1f} % · {1000 * lgbm['fit_time']:.0f} ms")
changed_slot = st.empty()
changed = " ".join(filter(None, [what_changed(), board.change if drawing else None]))  # a drawing: its points too
if changed:
    changed_slot.markdown(f":blue-background[**What changed:** {plain(changed)}]")
turned = f" turned by {turn}°" if turn else ""  # the angle the picture uses, in words (a link's ?angle=45)
st.caption((f":orange[**GBRFF2+ has no regressor: {algo}'s is shown.**] " if fallback else "")
           + f"{label}{turned}: {len(y_tr)} training and {len(y_te)} test points"
           + (f", y = f(x) + noise of σ = {noise:g}" if regression else "")
           + ". LightGBM: 100 trees of depth ≤ 5 on the same split. Times are wall-clock fits on this server (the "
           "GBRFF engine is compiled once).")

# ---------------------------------------------------------------- animation
t_start = player_start(T, model_key)
stages = sorted(set(play_schedule(T)) | {t_start})
stop = int(np.argmin(bundle["test"]["loss"]))  # the stopping rule: smallest held-out loss


@st.cache_data(max_entries=16, show_spinner="Drawing every iteration…")
def animation(key, stages, show_test, discretise, lgbm_acc, _bundle, _data):
    """The three animated figures, packed for the player: computed once per model and view."""
    X_tr, X_te, y_tr, y_te = _data
    expansion = _bundle["expansion"]
    xs, ys = _bundle["xs"], _bundle["ys"]
    # pictures of cells (each cell the mean of H over it), the points' weights, the strip's learners
    drawn, plane = _bundle["drawn"], _bundle["plane"]
    # the vote travels as its cosines (tens of kB), not as a picture an iteration (a megabyte): the player
    # computes H on the grid itself (drawn: the cell means, or GBRFF2+'s z(x), which acts on each axis alone),
    # and the server the first frame's grid only
    vote = cmp.grid_expansion(drawn, _bundle["Z_G"], len(xs), len(ys))
    frames = run_frames(_bundle, stages, y_tr, strip=STRIP, grid_stages=None if vote is None else stages[:1])
    H, weights = frames["H"], frames["weights"]
    acc_tr, acc_te = _bundle["train"]["accuracy"], _bundle["test"]["accuracy"]
    titles = [f"H after t = {t}: train {100 * acc_tr[t]:.0f} %, test {100 * acc_te[t]:.0f} %" for t in stages]
    fig = surface_figs.surface_animation(_bundle["xs"], _bundle["ys"], stages, H, X_tr, y_tr,
                                         X_te if show_test else None, y_te, titles=titles, discretise=discretise,
                                         loss=expansion.loss, browser_vote=vote is not None)
    if vote is not None:
        vote.update(figure=0, learner_figure=1, loss=expansion.loss, discretise=bool(discretise),
                    # the weak learner's point sizes: |ỹᵢ| at H^{t−1} of the model itself (not the cell means)
                    points={"z": _bundle["Z_tr"], "y": np.asarray(y_tr, dtype=np.float64),
                            "coefs": expansion.components()[2]})
    least_squares = expansion.loss == "squared_error"
    fig_w = learner_figs.weak_learner_animation(xs, ys, expansion, stages, X_tr, y_tr, weights, drawn=drawn,
                                                size_label="residual |ỹᵢ|" if least_squares else "weight wᵢ",
                                                grid=None if plane else _bundle["Z_G"],
                                                browser_learner=vote is not None)
    extra = {"LightGBM test": lgbm_acc} if lgbm_acc is not None else None
    stop = frames["stop"]
    fig_c = curve_figs.curves_animation(_bundle["train"], _bundle["test"], stages, extra=extra, stop=stop,
                                        loss=expansion.loss)
    # the strip of the last weak learners with their α (TF Playground's thumbnails of its neurons)
    strip = {"learners": frames["learners"], "z": frames["thumbnails"], "alphas": frames["alphas"], "n": STRIP,
             "after": 2, "colorscale": VOTE_COLORSCALE}
    thumbs = None if vote is None else cmp.thumbnail_expansion(
        expansion, xs, ys, space=None if plane else (lambda P: cmp.model_space(_bundle["model"], P)))
    if thumbs is not None:  # the thumbnails too: their weights and grid, the cosines are the vote's
        strip["model"] = {"q": thumbs["q"], "zx": thumbs["zx"], "zy": thumbs["zy"]}
    if least_squares:  # the 2019 GBRFF: its weights Q of the K cosines, under the weak learner
        fig_q = learner_figs.q_weights_animation(expansion, stages, c=_bundle["model"].c)
        return pack_frames([fig, fig_w, fig_q, fig_c], stages, wide=[False, False, True, True], strip=strip,
                           vote=vote)
    return pack_frames([fig, fig_w, fig_c], stages, wide=[False, False, True], strip=strip, vote=vote)


@st.cache_data(max_entries=16, show_spinner="Drawing every iteration…")
def regression_animation(key, stages, show_test, lgbm_scores, noise, _bundle, _data):
    """A regression's figures, packed for the player: the predicted surface ŷ = Hᵗ with the points (colour y, size
    |y − ŷ|), the weak learner on the residuals it fits, RMSE and R² against t. The player computes ŷ, hₜ and the
    residuals from the model's cosines, as the classification's vote (no frames of pixels)."""
    X_tr, X_te, y_tr, y_te = _data
    expansion, xs, ys, ref = _bundle["expansion"], _bundle["xs"], _bundle["ys"], _bundle["size_reference"]
    tr, te = _bundle["train"], _bundle["test"]
    # the model itself, not cell means: the grid's values are the regressor's staged_predict (and the picture says
    # when it has cosines too fine for the cells, which sampled speckle)
    vote = cmp.grid_expansion(expansion, _bundle["Z_G"], len(xs), len(ys))
    frames = run_frames(_bundle, stages, y_tr, strip=STRIP, y_test=y_te, grid_stages=None if vote is None else stages[:1])
    fine = finer_than_the_grid(expansion, xs[1] - xs[0], ys[1] - ys[0], stages)
    fig = surface_figs.value_surface_animation(
        xs, ys, stages, frames["H"], X_tr, y_tr, X_te if show_test else None, y_te, zrange=_bundle["range"],
        titles=[f"ŷ after t = {t}: RMSE train {tr['rmse'][t]:.3f}, test {te['rmse'][t]:.3f}" for t in stages],
        readouts=[f"R² train {tr['r2'][t]:.2f}, test {te['r2'][t]:.2f} · size: residual |y − ŷ|"
                  + (f" · speckles: {k} cosine{'s' * (k > 1)} finer than the cells (‖ω‖ up to {w:.0f}) fitting "
                     "single points" if k else "") for t, (k, w) in zip(stages, fine)],
        sizes=residual_sizes(frames["residuals"], ref), test_sizes=residual_sizes(frames["test_residuals"], ref),
        browser_vote=vote is not None)
    fig_w = surface_figs.residual_learner_animation(xs, ys, expansion, stages, X_tr, frames["learner_residuals"],
                                                    browser_learner=vote is not None)
    if vote is not None:  # the points the player sizes and colours by their residuals (the model's own cosines)
        vote.update(figure=0, learner_figure=1, loss=expansion.loss, task="regression", size_reference=ref,
                    points={"z": _bundle["Z_tr"], "y": np.asarray(y_tr, dtype=np.float64),
                            "coefs": expansion.components()[2]},
                    test_points={"z": _bundle["Z_te"], "y": np.asarray(y_te, dtype=np.float64)} if show_test else None)
    extra = {"LightGBM test": {"rmse": lgbm_scores[0], "r2": lgbm_scores[1]}} if lgbm_scores is not None else None
    fig_c = curve_figs.regression_curves_animation(tr, te, stages, extra=extra, stop=frames["stop"], floor=noise)
    strip = {"learners": frames["learners"], "z": frames["thumbnails"], "alphas": frames["alphas"], "n": STRIP,
             "after": 2, "colorscale": VOTE_COLORSCALE}
    thumbs = None if vote is None else cmp.thumbnail_expansion(expansion, xs, ys)
    if thumbs is not None:
        strip["model"] = {"q": thumbs["q"], "zx": thumbs["zx"], "zy": thumbs["zy"]}
    figs = [fig, fig_w] + ([learner_figs.q_weights_animation(expansion, stages, c=_bundle["model"].c)]
                           if "c" in _bundle["model"].get_params() else []) + [fig_c]  # GBRFF-LS: its weights Q
    return pack_frames(figs, stages, wide=[False, False] + [True] * (len(figs) - 2), strip=strip, vote=vote)


if regression:
    packed = regression_animation(model_key, stages, show_test, None if lgbm is None else
                                  (lgbm["test_rmse"], lgbm["test_r2"]), noise, bundle, data)
else:
    packed = animation(model_key, stages, show_test, discretise, lgbm["test_acc"] if lgbm is not None else None,
                       bundle, data)
frame_player(packed, t_start, default_t=T, bookmarks=[(f"⚑ go to t* = {stop}", stop)], presenter=presenter,
             draw=board)
painted()  # the picture is sent: the other students' pictures before the rest of this page
register("t", "Iteration t", T, t_start)
cap, take = st.columns([2, 1], vertical_alignment="center")
cap.caption("Player: ▶ play / ⏸ pause (space), ◀ back and step ▶ (← →), ↺ reset, or drag the slider — all in "
            "your browser, nothing is recomputed. The address and the share link follow the iteration shown.")
with take:  # the lesson as one file: this player, its model and frames, playing offline (made when clicked)
    score = (f"test RMSE {bundle['test']['rmse'][-1]:.3f}, R² {bundle['test']['r2'][-1]:.2f}" if regression
             else f"test accuracy {100 * bundle['test']['accuracy'][-1]:.1f} %")
    animation_download(packed, t_start, title=(f"{algo} on {label}: the prediction ŷ, one weak learner at a time"
                                               if regression else
                                               f"{algo} on {label}: the vote, one weak learner at a time"),
                       name=f"animation {algo}", data=data_tag, key="dl_animation",
                       bookmarks=[(f"⚑ go to t* = {stop}", stop)], presenter=presenter,
                       note=f"{label}: {len(y_tr)} training and {len(y_te)} test points; {score} at T = {T}.")

# ---------------------------------------------------------------- sections below the player
# Each is drawn when the student opens it (appkit.section): closed, it costs the first picture nothing; opened,
# the page reruns from its caches and the player above keeps its picture. A section's title stays the same
# whatever the settings: a new title would be a new section, closed again.
def how_to_read():
    """The three pictures explained, each with its formula, and the stopping rule."""
    e1, e2 = st.columns(2)
    with e1:
        explain("**Left — the vote so far.** Colour: the model's probability of class +1, shaded by confidence; "
                "black line: the boundary H = 0. Circles are class −1, crosses class +1; test points are outlined in black, training points in white.",
                r"H^t(x) = H^0 + \sum_{s=1}^{t} \alpha^s h^s(x)")
        if expansion.loss == "squared_error":  # H estimates E[y] for y = ±1
            st.latex(r"\begin{gathered}p(y=+1\mid x) = \tfrac{1}{2}\big(1 + H^t(x)\big)\\"
                     r"\text{clipped to } [0, 1]\end{gathered}")
        else:
            st.latex(r"p(y=+1\mid x) = \frac{1}{1+e^{-2H^t(x)}}")
    with e2:
        if not bundle["plane"]:  # GBRFF2+: the cosine acts on z(x), drawn in the plane all the same
            explain("**Right — the weak learner added at t, drawn in the plane.** GBRFF2+ takes the cosine of z(x): "
                    "each coordinate standardised, beside its rank F (the share of training points below it), so "
                    "ω has 4 entries and the stripes bend and crowd where the data are dense. No arrow: ω is no "
                    "direction of the plane. Point size = boosting weight wᵢ.",
                    r"\begin{gathered}h^t(x) = \cos(\omega^t\cdot z - b^t)\\"
                    r"z = \text{standardised}\ \big(x,\ F(x)\big)\end{gathered}")
        elif expansion.landmarks is None and expansion.n_components == 1:
            explain("**Right — the weak learner added at t.** Stripes perpendicular to ω, one wavelength every "
                    "2π/‖ω‖ (the arrow). The phase b stands for a landmark xₜ on the dashed crest ω·x = b (cross). "
                    "Point size = boosting weight wᵢ = exp(−yᵢ Hᵗ⁻¹(xᵢ)): the learner chases the big points.",
                    r"h^t(x) = \cos(\omega^t\cdot x - b^t)")
            st.latex(r"\begin{gathered}h^t(x) = \cos\big(\omega^t\cdot(x - x^t)\big)\\"
                     r"\text{when }\ \omega^t\cdot x^t = b^t\end{gathered}")
        elif expansion.loss == "squared_error":
            explain("**Right — the weak learner added at t** (the 2019 GBRFF). K cosines with random ω around the "
                    "landmark xₜ (cross), learned by least squares on the residuals ỹ = y − Hᵗ⁻¹, each weighted by "
                    "Qⱼ (bars below the player): a cosine that fits the residuals better gets more weight, the "
                    "inverse temperature c sets how much (c = 0: all 1/K). Point size = |ỹᵢ|: the learner chases the points "
                    "the vote still gets wrong. Late in a run, with little left to fit, a landmark may wander off the "
                    "picture (an arrow points to it) and α is tiny. The α shown includes the learning rate v (the "
                    "preprint's Eq. 8 gives α, then adds vαh).",
                    r"h^t(x) = \sum_{j=1}^{K} Q_j\, h_j(x)")  # h_j below: one line fits a column at 1024 px
            st.latex(r"\begin{gathered}Q_j \propto e^{-c\, f_j}\\ f_j = \tfrac{1}{n}\textstyle\sum_i "
                     r"\big(\tilde y_i - h_j(x_i)\big)^2\\ h_j(x) = \cos\big(\omega_j\cdot(x^t - x)\big)\\"
                     r"\alpha^t = v\,\frac{\sum_i \tilde y_i h^t(x_i)}{\sum_i h^t(x_i)^2}\end{gathered}")
        else:
            explain("**Right — the weak learner added at t.** A sum of K cosines around the learned landmark xₜ "
                    "(cross), weighted by q. Point size = boosting weight wᵢ = exp(−yᵢ Hᵗ⁻¹(xᵢ)): the learner "
                    "chases the big points.",
                    r"\begin{gathered}h^t(x) = \sum_{j=1}^{K} q^t_j\, h_j(x)\\"
                    r"h_j(x) = \cos\big(\omega^t_j\cdot(x^t - x)\big)\end{gathered}")
    explain(f"**Below — accuracy and the loss the boosting minimises** ({LOSSES[expansion.loss].label.lower()}), on "
            "training (solid) and test (dashed) points; the grey line is the iteration shown. A train loss that "
            "keeps falling while test loss rises is overfitting. **Stopping rule:** the star is the iteration of "
            f"smallest test loss, t* = {stop} (test accuracy {100 * bundle['test']['accuracy'][stop]:.1f} % there, "
            f"{100 * bundle['test']['accuracy'][-1]:.1f} % at T = {T}); in practice, choose t* on a "
            "validation split, not on the test points.",
            r"t^\star = \arg\min_{t\le T}\ \ell_{\text{held out}}(H^t)")


def how_to_read_regression():
    """The regression's pictures explained, each with its formula, and the stopping rule."""
    e1, e2 = st.columns(2)
    with e1:
        explain("**Left — the prediction so far.** Colour: the predicted value ŷ = Hᵗ(x), on its own colour bar in the "
                "target's units (dark blue low, yellow high). Each point is coloured by its target y on the same "
                "scale: a point that stands out from the surface under it is one the model misses. Its size is its "
                "residual |y − Hᵗ(x)|: the points shrink as the model fits them. Circles are training points, "
                "diamonds test points. No link, no boundary: H is the prediction itself, starting from the mean.",
                r"\begin{gathered}\hat y = H^t(x) = H^0 + \sum_{s=1}^{t} \alpha^s h^s(x)\\ H^0 = \bar y"
                r"\end{gathered}")
    with e2:
        if expansion.learner == "cosine":
            explain("**Right — the weak learner added at t, fitted to the residuals.** Each training point is "
                    "coloured by the residual it leaves, ỹᵢ = yᵢ − Hᵗ⁻¹(xᵢ) (red: the prediction is too low there, "
                    "blue: too high), and sized by |ỹᵢ|. GBRFF2 draws ω, fits a₁ cos(ω·x) + a₂ sin(ω·x) to the "
                    "residuals by least squares, tunes ω on that fit, and adds one cosine cos(ω·x − b): its red "
                    "stripes, where it raises the prediction, fall on the red points. The step α is the least-squares "
                    "one, times the learning rate ν.",
                    r"\begin{gathered}\tilde y_i = y_i - H^{t-1}(x_i)\\ h^t(x) = \cos(\omega^t\cdot x - b^t)\\"
                    r"\alpha^t = \nu\,\frac{\sum_i \tilde y_i\, h^t(x_i)}{\sum_i h^t(x_i)^2}\end{gathered}")
        else:
            explain(f"**Right — the weak learner added at t, fitted to the residuals.** Each training point is "
                    "coloured by the residual it leaves, ỹᵢ = yᵢ − Hᵗ⁻¹(xᵢ) (red: the prediction is too low there, "
                    f"blue: too high), and sized by |ỹᵢ|. {algo} sums K random cosines around a landmark xₜ (cross), "
                    f"weighted by {'Q' if algo == 'GBRFF-LS' else 'q'}, placed and weighted to fit the residuals "
                    "(divided by their root mean square: the last learners are fitted as carefully as the first). "
                    "The step α is the least-squares one, times the learning rate.",
                    r"\begin{gathered}\tilde y_i = y_i - H^{t-1}(x_i)\\ "
                    r"h^t(x) = \sum_{j=1}^{K} q^t_j \cos\big(\omega^t_j\cdot(x^t - x)\big)\\"
                    r"\alpha^t = \nu\,\frac{\sum_i \tilde y_i\, h^t(x_i)}{\sum_i h^t(x_i)^2}\end{gathered}")
    t_rmse = bundle["test"]["rmse"]
    explain("**Below — RMSE and R² after every iteration**, on training (solid) and test (dashed) points; the grey "
            "line is the iteration shown, the dotted one LightGBM's test score, the dash-dotted one the noise σ: "
            "the RMSE even the true f(x) has on average. A train RMSE that falls below σ while the test RMSE rises "
            "is overfitting: the model learns the noise. **Stopping rule:** the star is the iteration of smallest "
            f"test RMSE, t* = {stop} ({t_rmse[stop]:.3f} there, {t_rmse[-1]:.3f} at T = {T}); in practice, choose "
            "t* on a validation split, not on the test points.",
            r"\begin{gathered}\mathrm{RMSE} = \sqrt{\tfrac{1}{n}\textstyle\sum_i \big(y_i - H^t(x_i)\big)^2}\\ "
            r"R^2 = 1 - \frac{\sum_i (y_i - H^t(x_i))^2}{\sum_i (y_i - \bar y)^2}\end{gathered}")


def learned_kernel():
    """The learned ω against the prior they were drawn from (GBRFF2+: what it adds)."""
    if bundle["plane"]:
        fig_o = omega_figs.omega_prior_figure(expansion, gamma)
        light_chart(fig_o, key="omegas", presenter=presenter)
        if expansion.learner == "cosine":  # ω refined by gradient descent (the landmark learners keep their draws)
            explain(f"Each ωₜ starts as a draw from the RBF kernel's Fourier transform N(0, 2γ) = N(0, {2 * gamma:g}) "
                    "and is then tuned by gradient descent (λ pulls it back to 0). The dotted circles are 1, 2 and 3 "
                    "prior standard deviations √(2γ): even untuned draws fall outside them (61 %, 14 % and 1 % of "
                    "them in the plane); many learned ω far beyond the outer one mean the data asked for another "
                    "kernel than the RBF one.",
                    # the regressor's: least squares on the residuals ỹ over their root mean square s
                    r"\begin{gathered}\omega^t = \arg\min_{\omega}\ \lambda\|\omega\|_2^2 + \min_{a_1, a_2} \frac{1}{n}"
                    r"\sum_{i=1}^n r_i^2\\ r_i = \tfrac{\tilde y_i}{s} - a_1\cos(\omega\cdot x_i) - a_2\sin(\omega\cdot "
                    r"x_i)\end{gathered}" if regression else
                    r"\omega^t = \arg\min_{\omega}\ \lambda\|\omega\|_2^2 + \frac{1}{n}\sum_{i=1}^n e^{-\tilde y_i \cos(\omega\cdot x_i - b^t)}")
        else:
            explain(f"{algo} draws its K·T frequencies from the prior and never changes them, so they follow the "
                    f"dotted circles; what it learns is the landmarks and the weights {'Q' if algo == 'GBRFF-LS' else 'q'}.",
                    r"\omega^t_j \sim \mathcal{N}(0, 2\gamma)^d, \qquad k_\gamma(x, x') = e^{-\gamma\|x-x'\|^2}")
        explain("Here the toy data come centred (an uploaded file is standardised) and the model works on the "
                "plane's own coordinates (`standardize=False`), so ω and the stripes are read in the picture's units. Used as a library, "
                f"`GBRFF2{'Regressor' if regression else 'Classifier'}()` standardises each feature itself (`standardize=True`, the default): raw data "
                "need no scaler, and ω then acts on (x − mean_) / scale_.")
        figure_download(fig_o, "omegas_vs_prior", "dl_omegas", data=data_tag)
    else:  # GBRFF2+: its ω live in the 4 columns of z(x), each with its own prior
        st.subheader("What GBRFF2+ adds to GBRFF2")
        st.markdown("No picture of ω against N(0, 2γ) here: GBRFF2+'s ω have 4 entries, each drawn with its own "
                    "bandwidth, so they are no points of the plane. What it adds, each ingredient chosen by "
                    "cross-validation on the UCI training parts:")
        st.markdown("- **Ranks beside the coordinates**, as trees see features: F(x) is the share of training "
                    "points below x, so a cosine of F varies fast where the data are dense and slowly in the tails.\n"
                    f"- **One bandwidth per column**, γ sⱼ², sⱼ learned by Fourier kernel learning and shrunk "
                    f"{PLUS_SHRINK:.0%} of the way back to the shared γ.\n"
                    f"- **λ = {number_label(PLUS_LAM)}**: a penalty that keeps ω short, hence smooth learners: right "
                    "for the noisy UCI tasks, too strong for some toy problems (move it in the sidebar).")
        st.latex(r"\begin{gathered}z(x) = \text{standardised}\,\big(x,\ F(x)\big), \quad "
                 r"F_j(v) \approx \tfrac{1}{n}\,\#\{i : x_{ij} \le v\}\\"
                 rf"\omega_j \sim \mathcal{{N}}(0,\ 2\gamma s_j^2), \quad s_j^2 \to {1 - PLUS_SHRINK:g}\, s_j^2 + {PLUS_SHRINK:g}\\"
                 r"\omega^t = \arg\min_{\omega}\ \lambda\|\omega\|^2 + \tfrac{1}{n}\textstyle\sum_i "
                 r"e^{-\tilde y_i \cos(\omega\cdot z(x_i) - b^t)}\end{gathered}")
        cols = cmp.feature_columns(model)
        st.dataframe({"column of z(x)": cols["column"], "bandwidth γ sⱼ²": [f"{v:.3f}" for v in cols["bandwidth"]],
                      "learned ω, root mean square": [f"{v:.2f}" for v in cols["rms_omega"]]},
                     hide_index=True, key="plus_columns")
        st.caption(f"This fit: γ = {gamma:g} on average, λ = {lam:g}, T = {T}. A larger learned ω on a column: "
                   "the weak learners vary faster along it.")


def beside_lightgbm():
    """GBRFF's and LightGBM's decision surfaces side by side, and the learning curve."""
    st.header(f"{algo} (T = {T}) beside LightGBM: test accuracy {100 * bundle['test']['accuracy'][-1]:.1f} % "
                 f"against {100 * lgbm['test_acc']:.1f} %")
    l, r = st.columns(2)
    H_final = bundle["final"]
    fig_g = surface_figs.surface_figure(bundle["xs"], bundle["ys"], H_final, X_tr, y_tr, X_te if show_test else None,
                                        y_te, discretise=discretise,
                                        title=f"{algo}: test {100 * bundle['test']['accuracy'][-1]:.1f} %, "
                                              f"fit {1000 * bundle['fit_time']:.0f} ms", height=460,
                                        percent=True)  # new at every change of the model: p in whole percent
    with l:
        light_chart(fig_g, key="cmp_gbrff", presenter=presenter)
        figure_download(fig_g, f"boundary {algo}", "dl_cmp_gbrff", data=data_tag)
    H_lgbm = lgbm_surface(data_key, lgbm["model"], bundle["G"])
    fig_l = surface_figs.surface_figure(bundle["xs"], bundle["ys"], H_lgbm, X_tr, y_tr, X_te if show_test else None,
                                        y_te, discretise=discretise,
                                        title=f"LightGBM: test {100 * lgbm['test_acc']:.1f} %, "
                                              f"fit {1000 * lgbm['fit_time']:.0f} ms", height=460)
    with r:
        light_chart(fig_l, key="cmp_lgbm", presenter=presenter)
        figure_download(fig_l, "boundary LightGBM", "dl_cmp_lgbm", data=data_tag)
    st.markdown("Trees cut the plane along the axes, so LightGBM's boundary is made of steps; a sum of cosines "
                "draws smooth, oblique and periodic boundaries.")
    if control("toggle", "Show test accuracy against the number of training examples (refits both models "
               "3 × 6 times: about a second)", "lc", False):
        sizes, scores = learning_curve(model_key, data, task)
        fig_lc = curve_figs.learning_curve_figure(sizes, scores)
        light_chart(fig_lc, key="learning_curve", presenter=presenter)
        explain("Test accuracy when both models see only the first n training points (mean ± std over 3 "
                "subsets), as in the paper's Fig. 5: kernel-like models often need fewer examples than trees.")
        figure_download(fig_lc, "learning_curve", "dl_lc", data=data_tag)


def beside_lightgbm_regression():
    """GBRFF's and LightGBM's predicted surfaces side by side (one colour scale), and the learning curve."""
    st.header(f"{algo} (T = {T}) beside LightGBM: test RMSE {bundle['test']['rmse'][-1]:.3f} "
                 f"against {lgbm['test_rmse']:.3f}")
    ref = bundle["size_reference"]
    at_T = run_frames(bundle, [T], y_tr, strip=1, y_test=y_te)  # GBRFF's residuals at T: its points' sizes
    fig_s = surface_figs.value_surfaces_figure(
        bundle["xs"], bundle["ys"], [bundle["final"], lgbm_surface(data_key, lgbm["model"], bundle["G"])], X_tr, y_tr,
        X_te if show_test else None, y_te, zrange=bundle["range"],
        titles=[algo, "LightGBM (100 trees)"],
        sizes=[(residual_sizes(at_T["residuals"][0], ref), residual_sizes(at_T["test_residuals"][0], ref)),
               (residual_sizes(lgbm["train_residuals"], ref), residual_sizes(lgbm["test_residuals"], ref))])
    light_chart(fig_s, key="cmp_surfaces", presenter=presenter)
    figure_download(fig_s, f"surfaces {algo} and LightGBM", "dl_cmp_surfaces", data=data_tag)
    st.markdown("Trees cut the plane along the axes, so LightGBM's surface is a patchwork of flat rectangles (a "
                "staircase where the target is a slope) and stays flat beyond the data; a sum of cosines is smooth and "
                "bends back towards its mean away from the points. One colour scale; each point's size is its residual "
                "|y − ŷ| under that panel's model.")
    if control("toggle", "Show test R² against the number of training examples (refits both models 3 × 6 times: "
               "about a second)", "lc", False, help=HELP["lc.regression"]):
        sizes, scores = learning_curve(model_key, data, task)
        fig_lc = curve_figs.learning_curve_figure(sizes, scores, ylabel="test R²", scale=1)
        light_chart(fig_lc, key="learning_curve", presenter=presenter)
        explain("Test R² when both models see only the first n training points (mean ± std over 3 subsets): "
                "a smooth model needs few points to draw a plane; trees need many steps.")
        figure_download(fig_lc, "learning_curve", "dl_lc", data=data_tag)


def lesson_setting():
    """The rotation lesson's setting (gbrff.teaching.rotation.LESSON), set on the sidebar's controls."""
    for k, v in LESSON.items():
        st.session_state[widget_key(k)] = v


def turned_data():
    """The rotation lesson: both models' test accuracy against the angle the data are turned by, and why."""
    angles, scores = angle_scores(toy_name, n_samples, noise, test_share, seed, model_key[1])
    fig_a = rotation_figs.angle_curve_figure(angles, scores, current=turn)
    light_chart(fig_a, key="angle_curve", presenter=presenter)
    g, t = (100 * scores[k].mean(axis=1) for k in (algo, "LGBM"))
    i0, i45 = angles.index(0.0), angles.index(45.0)
    st.markdown(f"**{toy_name}, {n_samples} points, mean of {scores['LGBM'].shape[1]} draws:** LightGBM "
                f"{t[i0]:.1f} % at 0°, {t[i45]:.1f} % at 45° (lowest {t.min():.1f} % at {angles[int(t.argmin())]:g}°); "
                f"{algo} {g[i0]:.1f} % and {g[i45]:.1f} % (from {g.min():.1f} to {g.max():.1f} %). The dotted line "
                f"is this picture's turn, {turn}°.")
    explain("**Why the trees care and the cosines do not.** A tree asks *is x₁ ≤ s?*: every cut is parallel to an "
            "axis, so a boundary along the axes (the board at 0°) takes a few cuts, and the same boundary at 45° a "
            "staircase of many small ones, which a hundred trees of depth ≤ 5 learn only roughly from a few hundred "
            "points. A cosine cos(ω·x − b) is a wave in the direction of ω, and ω is drawn from N(0, 2γI), the same "
            "in every direction: the RBF kernel k(x, x′) = exp(−γ‖x − x′‖²) depends only on the distance, which a "
            "turn does not change. Turned data are the same problem to GBRFF, up to its random draws (the bands: "
            "± one standard deviation over the draws). A turn by 90° only swaps and negates the axes: the trees are "
            "back at 90°.",
            r"\begin{gathered}k_\gamma(Rx, Rx') = e^{-\gamma\|R(x - x')\|^2} = k_\gamma(x, x')\\"
            r"\omega \sim \mathcal{N}(0, 2\gamma I)\ \Rightarrow\ R\,\omega \sim \mathcal{N}(0, 2\gamma I)\end{gathered}")
    if algo == "GBRFF2+":
        st.info("GBRFF2+ is not blind to the axes: it puts each coordinate's rank F(x) beside it and gives each "
                "column its own bandwidth, both made along the axes, as a tree's cuts are. Choose GBRFF2 for the "
                "isotropic model.", icon=":material/info:")
    current = {"data": toy_name, "n": n_samples, "noise": noise, "gamma": gamma, "algo": algo, "angle": turn}
    if current != LESSON:
        st.markdown(f"The board shows it best: its edges lie along the axes, and with {LESSON['n']} clean points the "
                    "trees find them at 0° (a checkerboard is an XOR: no single cut helps, and with a few noisy "
                    "points the trees miss the board at every angle). Then open *GBRFF beside LightGBM* above: at "
                    "45° the trees' boundary is a staircase, the cosines' stays smooth.")
        st.button(f"Show the lesson: board, {LESSON['n']} points, no noise, γ = {LESSON['gamma']:g}, "
                  f"{LESSON['algo']}, turned by {LESSON['angle']}°", key="turn_lesson", on_click=lesson_setting,
                  icon=":material/rotate_right:")
    st.caption(f"Each draw is {toy_name} at seed {seed}, {seed + 1}, {seed + 2} (the first is this picture's data) "
               "with its own stratified split, turned about the centre of the plane; both models are refitted at "
               "every angle with the sidebar's settings.")
    figure_download(fig_a, "accuracy_vs_angle", "dl_angle", data=data_tag)


def challenge_list():
    """The challenges, ticked (they are ticked on every run, open or closed)."""
    st.markdown("\n".join(f"- {DONE if i in done else TODO} {text}" for i, (text, _) in enumerate(CHALLENGES)))
    st.caption(f"{len(done)} of {len(CHALLENGES)} done. A challenge is ticked as soon as the settings in the "
               "sidebar reach it, and stays ticked for this session.")


# the data in their own order and units (an upload: the student's file, its columns, values and class names),
# each row's split beside; the model applies to those rows as they are (an upload's standardisation included)
split = split_column(len(y_rows), test_rows)


def data_csv():  # made when clicked
    if regression:  # the real target in a column named y
        return points_to_csv(X_rows, y_rows, split, columns=("x1", "x2", "y"))
    return points_to_csv(X_rows, y_rows, split) if upload is None else upload.to_csv(split)


def model_json():
    if regression:  # the regressor's own plain data: type(model).from_dict(json.loads(text)) predicts as here
        return json.dumps(model.to_dict(), indent=1)
    if upload is None:
        return model_to_json(model, algo, data=data_tag)
    return model_to_json(model, algo, features=upload.features, classes=upload.classes,
                         standardisation=upload.standardisation(), data=file_name)


def downloads():
    """The data, the fitted model and the curves, each made when its button is clicked."""
    d1, d2, d3 = st.columns(3)
    d1.download_button("data set (CSV)", icon=":material/download:", data=data_csv,
                       file_name=download_name("playground", "data", data_tag, "csv"), mime="text/csv", key="dl_data",
                       on_click="ignore",
                       help=("The points as generated (x1, x2 and their target y), each with its split (train or "
                             "test here)." if regression else
                             "The points as generated (x1, x2, label −1 or +1), each with its split (train or test "
                             "here); uploaded back, they are standardised first." if is_toy else
                             "Your drawing's points (x1, x2, label −1 or +1), each with its split (train or test "
                             "here); uploaded back, they are standardised first." if drawing else
                             "Your file back: its columns, values and class names, each row with its split (train or "
                             "test here). Uploaded again, it gives the same picture at the same seed and test share."))
    d2.download_button("fitted model (JSON: H⁰, α, ω, b, q per iteration)", icon=":material/download:",
                       data=model_json, file_name=download_name("playground", f"model {algo}", data_tag, "json"),
                       mime="application/json", key="dl_model", on_click="ignore",
                       help=(f"{type(model).__name__}.to_dict(): the expansion ŷ = H(x) in the target's units, "
                             f"read back by {type(model).__name__}.from_dict (it predicts bit for bit as here)."
                             if regression else
                             "Applies to the points of the data CSV as they are: its preprocessing steps (the "
                             "standardisation of an upload), the expansion H, the link from H to a probability, the "
                             "class names. Format gbrff-model/1."))
    with d3:  # the player draws the curves: their figure is made only when the button is clicked
        if regression:
            figure_download(partial(curve_figs.regression_curves_figure, bundle["train"], bundle["test"], stop=stop,
                                    floor=noise, extra=None if lgbm is None else
                                    {"LightGBM test": {"rmse": lgbm["test_rmse"], "r2": lgbm["test_r2"]}}),
                            "curves", "dl_curves", label="curves (HTML)", data=data_tag)
        else:
            figure_download(partial(curve_figs.curves_figure, bundle["train"], bundle["test"], stop=stop,
                                    loss=expansion.loss,
                                    extra={"LightGBM test": lgbm["test_acc"]} if lgbm is not None else None),
                            "curves", "dl_curves", label="curves (HTML)", data=data_tag)


summary = {"data": label, "algo": algo, "T": T, "K": K, "n": len(y_tr) + len(y_te)}
if regression:  # the regression challenges read R² and RMSE (the others see no accuracy: None)
    summary.update({k: None for k in ("train_acc", "test_acc", "lgbm_acc")},
                   train_r2=float(bundle["train"]["r2"][-1]), test_r2=float(bundle["test"]["r2"][-1]),
                   test_rmse=float(bundle["test"]["rmse"][-1]), lgbm_rmse=lgbm["test_rmse"] if lgbm is not None else None)
else:
    summary.update({k: None for k in ("train_r2", "test_r2", "test_rmse", "lgbm_rmse")},
                   train_acc=float(bundle["train"]["accuracy"][-1]), test_acc=float(bundle["test"]["accuracy"][-1]),
                   lgbm_acc=lgbm["test_acc"] if lgbm is not None else None)
done = st.session_state.setdefault("_challenges_done", set())  # ticked on every run, open or closed
done.update(i for i, (_, test) in enumerate(CHALLENGES) if test(summary))
for title, key, icon, draw, shown, opened in [
        ("How to read the three pictures, with their formulas, and the stopping rule", "sec_reading",
         ":material/menu_book:", how_to_read_regression if regression else how_to_read, True, False),
        ("What the boosting learned: its frequencies ω, against the kernel's prior", "sec_kernel",
         ":material/blur_on:", learned_kernel, True, False),
        ("GBRFF beside LightGBM on the same split: their two surfaces, and the learning curve", "sec_lgbm",
         ":material/compare:", beside_lightgbm_regression if regression else beside_lightgbm, lgbm is not None,
         "lc" in st.query_params),
        ("Turn the data: trees against cosines, test accuracy against the angle", "sec_turn",
         ":material/rotate_right:", turned_data, is_toy and not regression, False),
        (f"Challenges: {len(CHALLENGES)} goals to reach with the sidebar's controls", "sec_challenges",
         ":material/emoji_events:",
         challenge_list, True, False),
        ("Downloads: the data (CSV), the fitted model (JSON), the curves (HTML)", "sec_downloads",
         ":material/download:", downloads, True, False)]:
    if shown:
        box = section(title, key, icon=icon, opened=opened)
        if box.open:
            with box:
                draw()

share_box()
