"""The methods of the GBRFF papers' tables, with their hyper-parameter grids.

``METHODS[name].make(n_iter, random_state)`` builds an unfitted estimator
with ``n_iter`` boosting iterations / landmarks / constructed features, and
``METHODS[name].grid(n_features)`` the parameter grid the paper searches by
5-fold cross-validation (section 4.1 of the 2020 paper; ``preprint_grid``:
section 5 of the 2019 preprint). LightGBM and XGBoost are imported only when
their estimator is made, so this module imports without them.

Here are Table 2's columns, then the extras: GBRFF2+ (:data:`GBRFF2_PLUS`,
its definition), XGBoost, the 2019 preprint's methods and Fourier kernel
learning's. Each method's facts are in its :class:`MethodSpec`: its name, its
order, whether it is in the paper, and how figures and the app show it
(``label``, ``color``).
"""

from .._estimators import GBRFF1Classifier, GBRFF2Classifier, GBRFFLSClassifier
from .._feature_map import SCREEN_AUTO
from .._gbrff2_plus import GBRFF2PlusClassifier
from .._optional import import_optional
from ..baselines import (BMKRClassifier, GFCClassifier, MKBoostClassifier, PBRFFClassifier, RFFMKLClassifier,
                         RFFSKLClassifier, RFFSQLSKLClassifier)
from ._spec import MethodSpec

__all__ = ["GBRFF2_PLUS", "METHODS", "FKL_METHODS", "FKL_BESIDE", "PREPRINT_METHODS"]

_POW10 = [10.0**e for e in range(-2, 3)]  # 10^{-2..2}
_POW2 = [2.0**e for e in range(-2, 3)]  # 2^{-2..2}
_REG_LAMBDA = [0.0] + [2.0**e for e in range(-5, -1)]  # {0, 2^{-5..-2}}

# The 2019 preprint's grids (its section 5, "Experimental Setup")
_LR_2019 = [1.0, 0.5, 0.1, 0.05, 0.01]  # v of XGB, LGBM, BMKR and GBRFF
_C_2019 = [0.0] + [2.0**e for e in range(0, 11)]  # GBRFF's c in {0} U 2^{0..10}
_POW10_3 = [10.0**e for e in range(-3, 4)]  # PBRFF's beta and C: 10^{-3..3}
_POW10_SVM = [10.0**e for e in range(-5, 4)]  # MKBoost's and BMKR's C: 10^{-5..3}


def _gammas(n_features):
    return [g / n_features for g in _POW2]


def _make_bmkr(n_iter=100, random_state=None):
    return BMKRClassifier(n_estimators=n_iter, random_state=random_state)


def _make_gfc(n_iter=100, random_state=None):
    return GFCClassifier(n_components=n_iter, random_state=random_state)


def _make_pbrff(n_iter=100, random_state=None):
    return PBRFFClassifier(n_landmarks=n_iter, n_components=10, random_state=random_state)


def _make_gbrff1(n_iter=100, random_state=None):
    # one thread, as LightGBM and XGBoost below: the protocols parallelise
    # over units and compare fit times (the model does not depend on it);
    # standardize=False: the protocol standardises outside (the paper's models)
    return GBRFF1Classifier(n_estimators=n_iter, n_components=10, random_state=random_state,
                            n_jobs=1, standardize=False)


def _make_gbrff2(n_iter=100, random_state=None):
    return GBRFF2Classifier(n_estimators=n_iter, random_state=random_state, n_jobs=1,
                            standardize=False)


def _default_gbrff1(random_state=None):
    return GBRFF1Classifier(random_state=random_state, n_jobs=1)


def _default_gbrff2(random_state=None):
    return GBRFF2Classifier(random_state=random_state, n_jobs=1)


#: GBRFF2+ (redefined 2026-11-28, issue 49): GBRFF2Classifier's engine with these
#: departures from its defaults (GBRFF2PlusClassifier's defaults; the estimator's own
#: standardisation, ``standardize=True``). Each feature beside its rank and one
#: bandwidth per column learned by Fourier kernel learning, as the first definition
#: (5-fold CV on Table 2's training parts, ``results/gbrff2plus/``). The "auto"
#: values adapt to the training rows n and the columns, each rule chosen by 3-fold
#: CV on training parts only (``results/accuracy_search/``;
#: :func:`gbrff._gbrff2_plus.successor_params`): λ = 2⁻⁴ and the shrinkage 0.75 up
#: to 1,000 rows, falling as 1000 / n above; the exponential loss below 5,000 rows,
#: the logistic from 5,000; a marginal feature screen from 100 features on, and once
#: it acts λ = 0 and T = 500 / 1,000; from 200,000 rows each weak learner on 20,000;
#: the columns of 3-4 evenly spaced values one-hot encoded (an indicator gets no rank).
#: Up to 1,000 rows, 100 features and no such column it is the first definition
#: exactly. The first definition's committed rows: ``results/*_superseded/``
#: ("GBRFF2+ (2026-11)").
GBRFF2_PLUS = {"n_estimators": "auto", "reg_lambda": "auto", "loss": "auto",
               "quantile_features": True, "feature_bandwidths": "fkl", "bandwidth_shrinkage": "auto",
               "subsample": "auto", "step_rows": "auto", "feature_screening": "auto",
               "categorical_features": "auto"}


def _gbrff2_plus_grid(n_features):
    # Table 2's γ grid, 2^{-2..2} / d, and λ, with and without the ranks (the
    # grid keeps them only where they pay, as it picks γ; CV rounds 9 and 10:
    # they cost pima ≈ 1 point), each γ grid centred on its own "auto": with the
    # ranks the model sees 2d columns, and "auto" is 1 / (2d). The grid's λ
    # overrides "auto", and the shrinkage stays 0.75 (once λ is tuned the falling
    # shrinkage costs spambase 0.34 and splice 0.13: results/accuracy_search/,
    # "Tuned"); one value each, so the grid keeps its 50 points
    fixed = {"reg_lambda": _REG_LAMBDA, "bandwidth_shrinkage": [0.75]}
    if n_features < SCREEN_AUTO["min_features"]:
        # where no screen acts: Table 2's numbers, those the committed rows were tuned on
        return [{"gamma": _gammas(2 * n_features), **fixed},
                {"quantile_features": [False], "gamma": _gammas(n_features), **fixed}]
    # where the screen may act, the same multiples of the model's own "auto" γ:
    # one over the columns kept (with the ranks 1 / (2d') for d' features kept),
    # not over the input's d (wide, tuned: 80.35 with 2^{-2..2} / (2·1000) once
    # the screen kept 20 of the 1,000 features); the same values without a screen
    # or an encoded feature
    return [{"gamma_factor": _POW2, **fixed},
            {"quantile_features": [False], "gamma_factor": _POW2, **fixed}]


def _make_gbrff2_plus(n_iter=100, random_state=None):
    # n_iter = 100, the protocols' value, is GBRFF2+'s own number of iterations ("auto");
    # another n_iter sets T
    est = GBRFF2PlusClassifier(**GBRFF2_PLUS, random_state=random_state, n_jobs=1)
    return est if n_iter == 100 else est.set_params(n_estimators=max(1, int(n_iter)))


def _default_gbrff2_plus(random_state=None):
    return _make_gbrff2_plus(random_state=random_state)     # its own T: the same estimator


def _make_lgbm(n_iter=100, random_state=None):
    LGBMClassifier = import_optional("lightgbm", "the LGBM method", "experiments").LGBMClassifier

    return LGBMClassifier(n_estimators=n_iter, random_state=random_state, n_jobs=1, verbose=-1)


def _make_xgb(n_iter=100, random_state=None):
    # XGBClassifier taking {-1, +1} labels; its module imports xgboost, an optional package
    from ..baselines._xgb import XGBLabelClassifier

    return XGBLabelClassifier(n_estimators=n_iter, random_state=random_state, n_jobs=1, verbosity=0)


def _make_rff_skl(n_iter=100, random_state=None):
    return RFFSKLClassifier(n_components=n_iter, random_state=random_state)


def _make_rff_sql_skl(n_iter=100, random_state=None):
    return RFFSQLSKLClassifier(n_components=n_iter, random_state=random_state)


def _make_rff_mkl(n_iter=100, random_state=None):
    # a 5-point path, 100 proximal steps per λ: the protocol's 90,000 fits stay tractable
    return RFFMKLClassifier(n_components=_MKL_PER_CHANNEL, n_lambdas=5, max_iter=100, tol=1e-3,
                            random_state=random_state)


# Fourier kernel learning (Băzăvan et al. 2012). D = n_iter random features
# (100 in Table 2: as many cosines as GBRFF's 100 iterations) for RFF-SKL and
# RFF-SQL-SKL; RFF-MKL draws _MKL_PER_CHANNEL features per channel (input
# feature). λ ≥ 0 of the ridge penalty (λ/2)‖w‖² on a sum-of-squares loss; ρ of
# ρ‖σ‖²; RFF-SQL-SKL's fixed σ on GBRFF's γ grid (σ = √(2γ), γ = 2^{-2, 0, 2}/d);
# RFF-MKL's λ as a fraction of the path's λ_max.
_FKL_LAMBDA = [0.1, 1.0, 10.0]
_FKL_RHO = [0.0, 10.0]
_MKL_PER_CHANNEL = 20
_MKL_LAMBDA = [0.3, 0.1, 0.01]


def _fixed_sigmas(n_features):
    return [(2.0 * 2.0**e / n_features) ** 0.5 for e in (-2, 0, 2)]


def _make_gbrff_ls(n_iter=200, random_state=None, landmarks="learn"):
    # standardize=False: the protocol standardises outside (the preprint's models)
    return GBRFFLSClassifier(n_estimators=n_iter, n_components=100, landmarks=landmarks,
                             random_state=random_state, n_jobs=1, standardize=False)


def _make_gbrff_ls_random(n_iter=200, random_state=None):
    return _make_gbrff_ls(n_iter, random_state, landmarks="random")


def _make_mkboost(n_iter=200, random_state=None):
    return MKBoostClassifier(n_estimators=n_iter, random_state=random_state)


def _gbrff_ls_grid(n_features):
    return {"c": _C_2019, "learning_rate": _LR_2019}


def _tree_grid_2019(n_features):
    # the preprint: depth 1..5 and the learning rate; LightGBM's num_leaves tied to the depth
    return [{"max_depth": [depth], "num_leaves": [2**depth], "learning_rate": _LR_2019}
            for depth in range(1, 6)]


def _tree_grid(n_features):
    # num_leaves is tied to max_depth, so one sub-grid per depth
    return [{"max_depth": [depth], "num_leaves": [2**depth], "reg_lambda": _REG_LAMBDA} for depth in range(1, 11)]


#: Every comparison method of the GBRFF paper and beyond, by name (a :class:`MethodSpec`
#: each): Table 2's six, then GBRFF2+, XGBoost, the 2019 preprint's and Fourier kernel
#: learning's.
METHODS = {
    spec.name: spec
    for spec in (
        MethodSpec(
            "BMKR", _make_bmkr, lambda d: {"C": _POW10},
            "Wu, Wang, Precup, Boulet. Boosting Based Multiple Kernel Learning and Transfer Regression "
            "for Electricity Load Forecasting. ECML-PKDD 2017.",
            color="#8c564b",
            preprint_grid=lambda d: {"C": _POW10_SVM, "learning_rate": _LR_2019},
        ),
        MethodSpec(
            "GFC", _make_gfc, lambda d: {"C": _POW10},
            "Oglic, Gärtner. Greedy Feature Construction. NIPS 2016.",
            color="#7f7f7f",
        ),
        MethodSpec(
            "PBRFF", _make_pbrff, lambda d: {"gamma": _gammas(d), "beta": _POW10, "C": _POW10},
            "Letarte, Morvant, Germain. Pseudo-Bayesian Learning with Kernel Fourier Transform as Prior. AISTATS 2019.",
            color="#2ca02c",
            # the preprint: n_L = 200 landmarks (n_iter) drawn with replacement, K = 100
            preprint_grid=lambda d: {"beta": _POW10_3, "C": _POW10_3},
            preprint_fixed=(("n_components", 100),),
        ),
        MethodSpec(
            "GBRFF1", _make_gbrff1, lambda d: {"gamma": _gammas(d), "beta": _POW10},
            "Gautheron, Germain, Habrard, Metzler, Morvant, Sebban, Zantedeschi. Landmark-based Ensemble Learning "
            "with Random Fourier Features and Gradient Boosting. ECML-PKDD 2020 (Algorithm 2, K = 10).",
            color="#1f77b4",
            make_default=_default_gbrff1,
        ),
        MethodSpec(
            "LGBM", _make_lgbm, _tree_grid,
            "Ke, Meng, Finley, Wang, Chen, Ma, Ye, Liu. LightGBM: A Highly Efficient Gradient Boosting "
            "Decision Tree. NIPS 2017.",
            label="LightGBM", color="#ff7f0e",
            preprint_grid=_tree_grid_2019,
        ),
        MethodSpec(
            "GBRFF2", _make_gbrff2, lambda d: {"gamma": _gammas(d), "reg_lambda": _REG_LAMBDA},
            "Gautheron et al. ECML-PKDD 2020 (GBRFF2, section 3.3).",
            color="#d62728",
            make_default=_default_gbrff2,
        ),
        MethodSpec(
            "GBRFF2+", _make_gbrff2_plus, _gbrff2_plus_grid,
            "GBRFF2 with the ingredients chosen by cross-validation on training parts "
            "(gbrff.methods.GBRFF2_PLUS; not in the GBRFF paper, an extra).",
            color="#7b4173", in_paper=False, make_default=_default_gbrff2_plus,
        ),
        MethodSpec(
            "XGB", _make_xgb,
            lambda d: {"max_depth": list(range(1, 11)), "reg_lambda": _REG_LAMBDA},
            "Chen, Guestrin. XGBoost: A Scalable Tree Boosting System. KDD 2016 (not in the GBRFF paper; an extra).",
            label="XGBoost", color="#9467bd", in_paper=False,
            preprint_grid=lambda d: {"max_depth": list(range(1, 6)), "learning_rate": _LR_2019},
        ),
        MethodSpec(
            "GBRFF-LS", _make_gbrff_ls, _gbrff_ls_grid,
            "Gautheron, Germain, Habrard, Morvant, Sebban, Zantedeschi. Learning Landmark-Based "
            "Ensembles with Random Fourier Features and Gradient Boosting. Preprint, 2019 "
            "(Algorithm 1, Eqs. 4-8: least squares, K = 100, learned landmarks).",
            label="GBRFF (2019)", color="#e377c2", in_paper=False,
            preprint_grid=_gbrff_ls_grid,
        ),
        MethodSpec(
            "GBRFF-LS-random", _make_gbrff_ls_random, _gbrff_ls_grid,
            "The 2019 preprint's \"GBRFF Random\" (Fig. 1): GBRFF-LS with a random training "
            "point as each landmark, no descent.",
            label="GBRFF Random (2019)", color="#bcbd22", in_paper=False,
            preprint_grid=_gbrff_ls_grid,
        ),
        MethodSpec(
            "MKBoost", _make_mkboost, lambda d: {"C": _POW10_SVM},
            "Xia, Hoi. MKBoost: A Framework of Multiple Kernel Boosting. IEEE TKDE 25(7), 2013 "
            "(the deterministic variant: each round the best of 17 kernel SVMs under the "
            "boosting weights).",
            color="#393b79", in_paper=False,
            preprint_grid=lambda d: {"C": _POW10_SVM},
        ),
        MethodSpec(
            "RFF-SKL", _make_rff_skl, lambda d: {"reg_lambda": _FKL_LAMBDA, "rho": _FKL_RHO},
            "Băzăvan, Li, Sminchisescu. Fourier Kernel Learning. ECCV 2012 (single kernel learning, "
            "section 3.3: σ per input feature by L-BFGS, w by ridge; not in the GBRFF paper).",
            color="#bd9e39", in_paper=False,
        ),
        MethodSpec(
            "RFF-SQL-SKL", _make_rff_sql_skl,
            lambda d: {"sigma": _fixed_sigmas(d), "reg_lambda": _FKL_LAMBDA},
            "Băzăvan et al. ECCV 2012 (RFF-SQL-SKL: σ fixed, random features + ridge; not in the "
            "GBRFF paper).",
            color="#8ca252", in_paper=False,
        ),
        MethodSpec(
            "RFF-MKL", _make_rff_mkl, lambda d: {"reg_lambda": _MKL_LAMBDA},
            "Băzăvan et al. ECCV 2012 (multiple kernel learning, section 3.4, Eq. 19: one channel per "
            "input feature, 20 features each, group lasso; not in the GBRFF paper).",
            color="#17becf", in_paper=False,
        ),
    )
}


#: Fourier kernel learning's methods (Băzăvan et al. 2012): reported in a table of
#: their own, beside FKL_BESIDE, so that Table 2's ranks stay the paper's methods'.
FKL_METHODS = ("RFF-SKL", "RFF-SQL-SKL", "RFF-MKL")
#: The methods Fourier kernel learning's are reported beside.
FKL_BESIDE = ("GBRFF2", "LGBM")
#: The methods of the 2019 preprint's Table 2, in its column order (its "GBRFF"
#: is GBRFF-LS), and GBRFF-LS-random of its Fig. 1.
PREPRINT_METHODS = ("XGB", "LGBM", "MKBoost", "BMKR", "PBRFF", "GBRFF-LS")

