"""The random-features thesis's models as registry methods (Ribes, 2019).

Single models — ``LogReg``, ``LinSVM``, ``RBFSVM``, ``Tree``, ``RF`` — on raw
features or behind a random map of the RBF kernel (``+RFF``: ``RBFSampler``;
``+Nystroem``: ``Nystroem``), D = 500, γ by the thesis's quantile rule; every
one a pipeline ``StandardScaler → [RandomFeatureMap] → model``.

Ensembles — ``BlackBag:``, ``BlackEns:``, ``WhiteBag:``, ``WhiteEns:`` followed
by a member and a map (``WhiteBag:LogReg+RFF``) — are
:class:`~gbrff.baselines.RandomFeatureEnsembleClassifier` with 50 members made
to overfit as in the thesis (C = 1000, ``min_impurity_decrease = 0``), hence no
grid. Black Ensemble exists for trees only.

Grids (searched by 5-fold CV where the thesis tunes: C of the linear models
and SVMs, ``min_impurity_decrease`` of the tree) are kept small, two values
each, so that 20 splits of every set fit this project's budget; the forest
(50 trees, grown in full) has none. ``n_iter`` (the boosting iterations of
the GBRFF paper's methods) does not apply to these models and is ignored.
"""

from sklearn.ensemble import RandomForestClassifier
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import StandardScaler
from sklearn.svm import LinearSVC
from sklearn.tree import DecisionTreeClassifier

from ..baselines import RandomFeatureEnsembleClassifier, RandomFeatureMap, RBFSVC
from ._spec import MethodSpec

__all__ = ["THESIS_METHODS", "THESIS_SINGLE", "THESIS_ENSEMBLES", "N_COMPONENTS", "N_MEMBERS"]

N_COMPONENTS = 500  # D, the thesis's number of random features
N_MEMBERS = 50  # the thesis's ensemble size
OVERFIT_C = 1000.0  # the thesis's members: "C to 1000 ... enough to achieve" overfitting

REFERENCE = ("Ribes, Belanche. Using Random Fourier Features with Random Forest. Bachelor's thesis, "
             "UPC BarcelonaTech, 2019")

_MAPS = {"": None, "+RFF": "rff", "+Nystroem": "nystroem"}
_SCHEMES = {"BlackBag": "black_bag", "BlackEns": "black_ensemble",
            "WhiteBag": "white_bag", "WhiteEns": "white_ensemble"}

# model name -> (constructor(random_state), CV grid on the model's parameters, colour)
_MODELS = {
    "LogReg": (lambda rs: LogisticRegression(max_iter=300), {"C": [1.0, 100.0]}, "#1f77b4"),
    "LinSVM": (lambda rs: LinearSVC(dual="auto"), {"C": [1.0, 100.0]}, "#2ca02c"),
    "RBFSVM": (lambda rs: RBFSVC(random_state=rs), {"C": [1.0, 100.0]}, "#9467bd"),
    "Tree": (lambda rs: DecisionTreeClassifier(random_state=rs),
             {"min_impurity_decrease": [0.0, 0.001]}, "#8c564b"),
    "RF": (lambda rs: RandomForestClassifier(n_estimators=N_MEMBERS, random_state=rs), {}, "#ff7f0e"),
}

# the ensembles' members, made to overfit
_MEMBERS = {
    "LogReg": lambda: LogisticRegression(C=OVERFIT_C, max_iter=300),
    "LinSVM": lambda: LinearSVC(C=OVERFIT_C, dual="auto"),
    "Tree": lambda: DecisionTreeClassifier(min_impurity_decrease=0.0),
}


def _single(model, kind):
    make_model, grid, _ = _MODELS[model]

    def make(n_iter=None, random_state=None):
        steps = [("scale", StandardScaler())]
        if kind is not None:
            steps.append(("map", RandomFeatureMap(kind, N_COMPONENTS, "quantile", random_state=random_state)))
        steps.append(("model", make_model(random_state)))
        return Pipeline(steps)

    return make, (lambda d: {f"model__{k}": v for k, v in grid.items()} if grid else {})


def _ensemble(scheme, member, kind):
    def make(n_iter=None, random_state=None):
        ens = RandomFeatureEnsembleClassifier(_MEMBERS[member](), scheme=scheme, kind=kind,
                                              n_components=N_COMPONENTS, n_estimators=N_MEMBERS,
                                              random_state=random_state)
        return Pipeline([("scale", StandardScaler()), ("ensemble", ens)])

    return make, (lambda d: {})


def _specs():
    single, ensembles = {}, {}
    for model, (_, _, color) in _MODELS.items():
        for suffix, kind in _MAPS.items():
            name = model + suffix
            make, grid = _single(model, kind)
            what = f"{model} on raw features" if kind is None else f"{model} on {kind} features (D = 500)"
            single[name] = MethodSpec(name, make, grid, f"{REFERENCE}: {what}.", color=color, in_paper=False)
    for prefix, scheme in _SCHEMES.items():
        for member in _MEMBERS:
            if scheme == "black_ensemble" and member != "Tree":
                continue
            for suffix, kind in _MAPS.items():
                if kind is None:
                    continue
                name = f"{prefix}:{member}{suffix}"
                make, grid = _ensemble(scheme, member, kind)
                ensembles[name] = MethodSpec(
                    name, make, grid, f"{REFERENCE}, section 3.1: {scheme}, 50 x {member} on {kind}.",
                    color=_MODELS[member][2], in_paper=False)
    return single, ensembles


#: Single models, then ensembles, by name.
THESIS_SINGLE, THESIS_ENSEMBLES = _specs()
#: Every method of the random-features thesis (Ribes, 2019), by name: single models
#: on raw, RFF or Nyström features, then their ensembles.
THESIS_METHODS = {**THESIS_SINGLE, **THESIS_ENSEMBLES}
