"""The app's plain words: the tooltip of every control and a short glossary, in one place.

:func:`appkit.control` gives a control the tooltip of its key here unless a
page says more; the home page shows the glossary.
"""

__all__ = ["HELP", "GLOSSARY"]

#: Tooltip (``help=``) of each control, by its URL key (``"key.regression"``: its words on a regression problem).
HELP = {
    "data": ("Which toy problem. Classification (two classes, ±1): two interleaved moons, a swiss roll, circles, a "
             "checkerboard — or points you draw on the picture, or your own CSV of 2-D points. Regression (a real "
             "target y, as TensorFlow Playground's): plane, y = (x₁ + x₂)/4; gaussians, a sum of six Gaussian bumps "
             "of height ±1."),
    "n": "How many points are generated (shared between training and test).",
    "noise": "Random jitter added to each point: 0 gives clean shapes, more makes the two classes overlap.",
    "angle": ("Turn the toy problem about its centre by this many degrees before the split: the picture's axes stay "
              "put. A tree cuts along the axes and minds the turn; a cosine's ω is drawn alike in every direction "
              "and does not."),
    "test": "Share of the points held out to test the model: it never sees them while learning.",
    "seed": ("Seed of the random draws (the points and the frequencies ω): the same seed gives the same picture; "
             "move it for another draw (← → step by one)."),
    "show_test": "Also draw the held-out test points (outlined in black) on the pictures.",
    "algo": "GBRFF2 adds one cosine per round and tunes its frequency ω; GBRFF2+ is GBRFF2 beyond the paper "
            "(each coordinate beside its rank, one bandwidth per column, λ = 2⁻⁴: the project's strongest on the "
            "UCI tables); GBRFF1 adds a sum of K random cosines around a learned landmark; GBRFF-LS is the first "
            "version (2019 preprint): the same kind of learner, fitted by least squares to what the vote still "
            "gets wrong.",
    "T": "Number of boosting rounds: each round adds one weak learner (a wave) to the vote.",
    "gamma": "γ of the RBF kernel exp(−γ‖x − x′‖²) behind the random frequencies (an inverse squared width: "
             "larger γ, a narrower kernel): each ω is drawn from N(0, 2γ I). Larger γ: shorter waves, a "
             "wigglier boundary.",
    "lam": "Penalty λ‖ω‖² on the tuned frequencies: a larger λ keeps ω small — long waves, a smoother "
           "boundary. λ = 0: no penalty.",
    "lam_plus": "GBRFF2+'s penalty λ‖ω‖² on the tuned frequencies: up to 1,000 points its definition uses "
                "2⁻⁴ (chosen by cross-validation on the UCI tasks; less on more rows); move it to see what the "
                "penalty does on a toy problem.",
    "K": "How many random cosines each GBRFF1 learner sums around its landmark.",
    "beta": "How sharply GBRFF1 weights its K cosines (the weights q): a small β weights them evenly, a large β "
            "keeps the best few.",
    "K_ls": "How many random cosines each GBRFF-LS learner sums around its landmark (100 in the 2019 "
            "paper; here at most 100 and T × K ≤ 3000, so 30 at T = 100). More cosines: a smoother learner, "
            "a slower fit.",
    "c": "How sharply GBRFF-LS weights its K cosines (the weights Q): c = 0 gives them all 1/K; a large c "
         "gives most of the weight to the few cosines that fit the residuals best.",
    "v": "GBRFF-LS's learning rate v: every step α is multiplied by it. Small v: many small steps, "
         "usually a smoother boundary, but more iterations needed.",
    "lr": "Shrinks every step α: a smaller rate learns more slowly, often with a smoother result.",
    "lgbm": "Also fit LightGBM (100 trees of depth ≤ 5) on the same split, to compare.",
    "discrete": "Paint only the predicted class instead of the probability.",
    "lc": "Refit both models on growing subsets of the training points and plot their test accuracy.",
    "presenter": "For a projector: one figure a row, large titles and buttons; the keys space (play / pause), "
                 "← and → (step) work from anywhere on the page.",
    "D": "How many cosine features cos(ω·x − b) each model may use: random ones weighted by a logistic "
         "regression, or GBRFF2's rounds (one learned cosine each).",
    # a control's words for a regression problem (a real target y), where they differ: "key.regression"
    "noise.regression": "Gaussian noise added to the target y: y = f(x) + ε, ε of this standard deviation σ. No "
                        "model's test RMSE goes below σ on average (the grey line of the curves).",
    "lgbm.regression": "Also fit LightGBM's regressor (100 trees of depth ≤ 5) on the same split, to compare.",
    "discrete.regression": "Only for the classification problems: a regression surface has no classes.",
    "lc.regression": "Refit both models on growing subsets of the training points and plot their test R².",
    "task": "A UCI data set of the paper's Table 2.",
    "splits": "How many random train/test splits the live run averages over.",
}

#: Short definitions of the words the pages use, in the order a reader meets them.
GLOSSARY = {
    "weak learner": "One simple function added per round of boosting: here a cosine wave (or a few).",
    "boosting": "Build a strong classifier as a weighted vote H(x) = H⁰ + Σ αₜ hₜ(x) of weak learners, "
                "each one fitted to what the vote still gets wrong.",
    "α (step)": "The weight of a weak learner in the vote, computed by a formula (in closed form: no search).",
    "boosting weight wᵢ": "How much point i counts for the next learner: exp(−yᵢ H(xᵢ)), large for points "
                          "the vote gets wrong.",
    "log-odds": "ln(p / (1 − p)) = 2H(x) for GBRFF's exponential loss (H is half the log-odds): H > 0 votes "
                "for class +1, H < 0 for −1; p(+1) = 1 / (1 + e^(−2H)).",
    "RBF kernel": "A similarity of two points that decays with their distance: k(x, x′) = exp(−γ‖x − x′‖²).",
    "random Fourier feature": "A cosine cos(ω·x − b) with ω drawn at random from N(0, 2γ I): averaged over "
                              "many ω, cos(ω·(x − x′)) reproduces the RBF kernel k(x, x′) (picture below).",
    "Bochner's theorem": "Why random cosines work: a similarity k(x, x′) that depends only on x − x′ (and is a "
                         "proper kernel) is the average of cos(ω·(x − x′)) over frequencies ω drawn from one "
                         "distribution, its Fourier transform. For the RBF kernel that distribution is N(0, 2γ I) "
                         "(Bochner, 1932; used by Rahimi and Recht, NeurIPS 2007).",
    "N(0, 2γ I)": "The normal distribution with mean 0 and variance 2γ in each coordinate, from which the "
                  "frequencies ω are drawn.",
    "bandwidth": "The width of a kernel: how far apart two points can be and still count as alike. For the RBF "
                 "kernel it is σ = 1/√(2γ): a small γ is a wide kernel (smooth boundaries), a large γ a narrow one "
                 "(wiggly boundaries), whose frequencies ω are drawn larger.",
    "frequency ω": "The direction and density of a wave's stripes: they are perpendicular to ω, one every 2π/‖ω‖.",
    "phase b": "Where the wave's crests lie: cos(ω·x − b) is largest on the lines ω·x = b + 2πk.",
    "landmark": "A point xₜ around which GBRFF1 centres its learner: cos(ω·(x − xₜ)); for one cosine it is "
                "the same as a phase b = ω·xₜ.",
    "softmax": "Turns scores into weights that are positive and add up to 1: each weight is proportional to "
               "exp(β × its score). The best score gets the largest weight; how much larger, β decides.",
    "inverse temperature (β, c)": "The number in a softmax that sets how decided it is: large, the best few "
                                  "take nearly all the weight; near 0, the weights are almost equal. (In physics "
                                  "states are weighted by exp(−energy / temperature), hence the name.)",
    "q, β": "GBRFF1's weights of its K cosines, a softmax: β sets how much the best cosines dominate.",
    "Q, c": "The 2019 GBRFF's weights of its K cosines: Qⱼ ∝ exp(−c · error of cosine j on the residuals).",
    "L-BFGS": "The method that tunes each ω: a standard way to minimise a smooth function of many numbers. Like "
              "gradient descent it goes downhill, but it remembers its last few steps to guess the slope's "
              "curvature, so it takes well-sized steps and needs few of them.",
    "λ": "A penalty that keeps the tuned frequencies ω small.",
    "ridge regression": "Least squares with a penalty λ‖w‖² on the weights: a linear model fitted by a formula "
                        "(no search), which stays stable when its features are many or alike. The random-features "
                        "models weight their cosines this way.",
    "one-vs-rest": "How a two-class method handles more classes: one model per class, each telling its class from "
                   "all the others; the prediction is the class whose model votes most strongly.",
    "overfitting": "Training accuracy still rising while test accuracy falls: the model learns the noise.",
}
