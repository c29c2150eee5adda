"""Search GBRFF2+'s successor by cross-validation on training parts of a development set.

The development set is where the paper's GBRFF falls behind tree boosters (wide,
many-row and imbalanced data) beside the paper's own largest tasks: the
``make_classification`` families of :data:`PROBLEMS` (seeds other than those
the checks test on), imbalanced versions of Table 2 tasks (positives thinned
to 5 %) and Table 2's four largest tasks. Each problem is split once,
stratified 80/20 (seed 0); only the 80 % training part is read: it is cut
into ``--folds`` stratified folds and every candidate of :data:`CANDIDATES` is
fitted on each fold's training part, one thread, and scored on the held-out
fold (accuracy, or balanced accuracy for an imbalanced problem), with its fit
time. The 20 % test part is never read here.

Results are stored one JSON line per (problem, candidate, fold) in
``--store``; a unit already there is not fitted again, so a search runs in
slices and resumes. ``--summary`` writes the per-problem table (mean CV
score, mean fit seconds) beside it and prints it.

    python benchmarks/accuracy_search.py --problems imbalanced-5k --candidates all
    python benchmarks/accuracy_search.py --summary
"""

import json
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, int_list, pick  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
STORE = ROOT / "results" / "accuracy_search" / "cv.jsonl"


def _mc(n, d, seed, **kw):
    def make():
        from sklearn.datasets import make_classification

        return make_classification(n, n_features=d, random_state=seed, **kw)
    return make


def _uci(task, positive_share=None):
    def make():
        from gbrff.datasets import load_uci

        X, y = load_uci(task)
        X = np.asarray(X, dtype=float)
        if positive_share is None:
            return X, y
        # keep every negative and a random share of the positives: positives are positive_share of the rows
        labels, counts = np.unique(y, return_counts=True)
        pos = labels[np.argmin(counts)]
        neg_n = int(np.sum(y != pos))
        keep_pos = int(round(positive_share * neg_n / (1 - positive_share)))
        rows_pos = np.random.RandomState(0).permutation(np.flatnonzero(y == pos))[:keep_pos]
        rows = np.sort(np.concatenate([np.flatnonzero(y != pos), rows_pos]))
        return X[rows], y[rows]
    return make


#: name -> (loader, metric): "accuracy" or "balanced_accuracy". The make_classification
#: seeds are 1 (the checks test on seed 0).
PROBLEMS = {
    "mc-1k-10": (_mc(1000, 10, 1), "accuracy"),
    "mc-10k-20": (_mc(10_000, 20, 1), "accuracy"),
    "mc-100k-20": (_mc(100_000, 20, 1), "accuracy"),
    "wide-20k-1000": (_mc(20_000, 1000, 1, n_informative=20), "accuracy"),
    "wide-5k-1000": (_mc(5_000, 1000, 1, n_informative=20), "accuracy"),
    "wide-5k-500": (_mc(5_000, 500, 1, n_informative=20), "accuracy"),
    "wide-20k-200": (_mc(20_000, 200, 1, n_informative=20), "accuracy"),
    "wide-5k-300-10": (_mc(5_000, 300, 1, n_informative=10, n_redundant=0, n_clusters_per_class=4), "accuracy"),
    "dense-3k-150": (_mc(3_000, 150, 1, n_informative=100, n_redundant=20), "accuracy"),
    "imbalanced-5k": (_mc(5000, 20, 1, n_informative=5, weights=[0.95, 0.05]), "balanced_accuracy"),
    "spambase-5%": (_uci("spambase", 0.05), "balanced_accuracy"),
    "australian-5%": (_uci("australian", 0.05), "balanced_accuracy"),
    "pima-10%": (_uci("pima", 0.10), "balanced_accuracy"),
    "splice": (_uci("splice"), "accuracy"),
    "spambase": (_uci("spambase"), "accuracy"),
    "occupancy": (_uci("occupancy"), "accuracy"),
    "bankmarketing": (_uci("bankmarketing"), "accuracy"),
}

_PLUS = "GBRFF2PlusClassifier"
#: name -> (estimator, parameters on top of its defaults). "GBRFF2+" is the registry's
#: today; every other GBRFF2+ row departs from it by what its name says.
CANDIDATES = {
    "GBRFF2": ("GBRFF2Classifier", {}),
    "GBRFF2+": (_PLUS, {}),
    "+ log_loss": (_PLUS, {"loss": "log_loss"}),
    "+ shrinkage 0": (_PLUS, {"bandwidth_shrinkage": 0.0}),
    "+ log_loss, lambda 0, shrinkage 0": (_PLUS, {"loss": "log_loss", "reg_lambda": 0.0,
                                                  "bandwidth_shrinkage": 0.0}),
    "+ no ranks": (_PLUS, {"quantile_features": False}),
    "+ T 500, early stopping": (_PLUS, {"n_estimators": 500, "n_iter_no_change": 10}),
    "+ log_loss, lr 0.5, T 500, early stopping": (_PLUS, {"loss": "log_loss", "learning_rate": 0.5,
                                                          "n_estimators": 500, "n_iter_no_change": 10}),
    "+ subsample 0.5": (_PLUS, {"subsample": 0.5}),
    "+ goss 0.3": (_PLUS, {"subsample": 0.3, "sampling_method": "goss"}),
    "+ 4 candidates": (_PLUS, {"n_candidates": 4}),
    "+ balanced": (_PLUS, {"class_weight": "balanced"}),
    "+ balanced, log_loss": (_PLUS, {"class_weight": "balanced", "loss": "log_loss"}),
    # the wide-data slice: a marginal screen of the input features (feature_screening)
    "+ screen": (_PLUS, {"feature_screening": 0.05}),
    "+ screen, lambda 0": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0}),
    "+ screen, shrinkage 0": (_PLUS, {"feature_screening": 0.05, "bandwidth_shrinkage": 0.0}),
    "+ screen, log_loss": (_PLUS, {"feature_screening": 0.05, "loss": "log_loss"}),
    "+ screen, no ranks": (_PLUS, {"feature_screening": 0.05, "quantile_features": False}),
    "+ screen 0.5": (_PLUS, {"feature_screening": 0.5}),
    "+ screen, lambda 0, T 300": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                         "n_estimators": 300}),
    "+ screen, lambda 0, T 500, early stopping": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                                         "n_estimators": 500, "n_iter_no_change": 20}),
    "+ screen auto": (_PLUS, {"feature_screening": "auto"}),
    "+ screen, lambda 0, T 500": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                         "n_estimators": 500}),
    "+ screen, lambda 0, T 300, no ranks": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                                   "n_estimators": 300, "quantile_features": False}),
    "+ screen auto, lambda 0, T 300": (_PLUS, {"feature_screening": "auto", "reg_lambda": 0.0,
                                              "n_estimators": 300}),
    "+ screen auto, lambda 0, T 500": (_PLUS, {"feature_screening": "auto", "reg_lambda": 0.0,
                                              "n_estimators": 500}),
    "+ screen, lambda 0, T 300, no fkl": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                                 "n_estimators": 300, "feature_bandwidths": None}),
    "+ screen, lambda 0, T 1000": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                          "n_estimators": 1000}),
    "+ screen, lambda 0, T 500, no fkl": (_PLUS, {"feature_screening": 0.05, "reg_lambda": 0.0,
                                                 "n_estimators": 500, "feature_bandwidths": None}),
    "LightGBM": ("LGBMClassifier", {}),
    "LightGBM balanced": ("LGBMClassifier", {"class_weight": "balanced"}),
    "HistGradientBoosting": ("HistGradientBoostingClassifier", {}),
}


# --- The successor's rule (issue 49, "plusrule" slice): n-adaptive defaults, one-hot of
# few-valued columns, and Table 2's 11 other tasks (the training part of Table 2's split 0).
_T2_SMALL = ("wine", "sonar", "newthyroid", "heart", "bupa", "iono", "wdbc", "balance",
             "australian", "pima", "vehicle", "german")


def _t2_train(task):
    def make():
        from sklearn.model_selection import train_test_split
        from gbrff.datasets import load_uci

        X, y = load_uci(task)
        # Table 2's split 0 (70/30, stratified, seed 0): only its training part is returned
        X_tr, _, y_tr, _ = train_test_split(np.asarray(X, dtype=float), np.asarray(y), test_size=0.3,
                                            stratify=y, random_state=0)
        return X_tr, y_tr
    return make


PROBLEMS.update({f"t2-{t}": (_t2_train(t), "accuracy") for t in _T2_SMALL})


def _evenly_spaced(levels):
    steps = np.diff(levels)
    return bool(np.allclose(steps, steps[0], rtol=1e-6, atol=0))


def _plus_rule(random_state=None, n_jobs=1, c=1000.0, loss="log_loss", loss_switch=None,
               one_hot=0, one_hot_beside=False, es_above=None, gamma_exp=None, ranks_rest=False,
               integer_only=False, evenly_spaced=False, shrinkage_falls=True, **fixed):
    """GBRFF2PlusClassifier whose λ and bandwidth shrinkage fall with the training rows n.

    λ = 2⁻⁴ · min(1, c / n), shrinkage = 0.75 · min(1, c / n); ``loss``, or the exponential loss
    below ``loss_switch`` rows and log_loss above; ``one_hot`` > 0: columns with 3 to
    ``one_hot`` distinct training values one-hot encoded first (``one_hot_beside``: the
    indicators added beside the raw columns, which stay); ``es_above``: above that many
    rows, 500 iterations under early stopping (10 rounds); ``gamma_exp`` = k: γ = 2^k / (2 d), d the
    raw columns (a point of the registry's GBRFF2+ grid, which is computed from the raw d);
    ``ranks_rest``: the ranks of the other (not one-hot encoded) columns only, none of the
    indicators (``quantile_features=False`` and the empirical distribution functions added here);
    ``integer_only``: only integer-valued columns are one-hot encoded; ``evenly_spaced``: only
    columns whose distinct values are evenly spaced (integer codes after any affine scaling, as
    Table 2's protocol standardises outside the estimator); ``shrinkage_falls=False``: the
    shrinkage stays GBRFF2+'s 0.75 (only λ falls).
    """
    from sklearn.base import BaseEstimator, ClassifierMixin

    class PlusRule(ClassifierMixin, BaseEstimator):
        def fit(self, X, y):
            import gbrff
            from sklearn.preprocessing import OneHotEncoder

            X = np.asarray(X, dtype=float)
            n = len(X)
            f = min(1.0, c / n)
            params = {"reg_lambda": 2.0**-4 * f, "bandwidth_shrinkage": 0.75 * (f if shrinkage_falls else 1.0),
                      "loss": loss if loss_switch is None else ("exponential" if n < loss_switch else "log_loss")}
            if es_above is not None and n > es_above:
                params.update(n_estimators=500, n_iter_no_change=10)
            if ranks_rest:
                params["quantile_features"] = False
            if gamma_exp is not None:
                params["gamma"] = 2.0**gamma_exp / (2 * X.shape[1])
            params.update(fixed)
            self.cat_ = []
            if one_hot:
                self.cat_ = [j for j in range(X.shape[1]) if 2 < len(np.unique(X[:, j])) <= one_hot
                             and (not integer_only or np.all(X[:, j] == np.round(X[:, j])))
                             and (not evenly_spaced or _evenly_spaced(np.unique(X[:, j])))]
            self.sorted_ = None
            if ranks_rest:
                self.sorted_ = [np.sort(X[:, j]) for j in range(X.shape[1]) if j not in self.cat_]
            if self.cat_:
                self.enc_ = OneHotEncoder(handle_unknown="ignore", sparse_output=False).fit(X[:, self.cat_])
            self.est_ = gbrff.GBRFF2PlusClassifier(random_state=random_state, n_jobs=n_jobs, **params)
            self.est_.fit(self._x(X), y)
            self.classes_ = self.est_.classes_
            self.n_estimators_ = getattr(self.est_, "n_estimators_", np.nan)
            return self

        def _x(self, X):
            X = np.asarray(X, dtype=float)
            blocks = [X[:, [j for j in range(X.shape[1]) if one_hot_beside or j not in self.cat_]]]
            if self.sorted_ is not None:
                other = [j for j in range(X.shape[1]) if j not in self.cat_]
                blocks.append(np.column_stack([np.searchsorted(s, X[:, j], side="right") / len(s)
                                               for s, j in zip(self.sorted_, other)])
                              if other else np.empty((len(X), 0)))
            if self.cat_:
                blocks.append(self.enc_.transform(X[:, self.cat_]))
            return np.hstack(blocks)

        def predict(self, X):
            return self.est_.predict(self._x(X))

    return PlusRule()


CANDIDATES.update({
    "rule c1000, log_loss": (_plus_rule, {"c": 1000.0}),
    "rule c3000, log_loss": (_plus_rule, {"c": 3000.0}),
    "rule c1000, exp below 5000": (_plus_rule, {"c": 1000.0, "loss_switch": 5000}),
    "rule c3000, exp below 5000": (_plus_rule, {"c": 3000.0, "loss_switch": 5000}),
    "GBRFF2+, one-hot <= 10": (_plus_rule, {"c": 1e12, "loss": "exponential", "one_hot": 10}),
    "rule c1000, log_loss, one-hot <= 10": (_plus_rule, {"c": 1000.0, "one_hot": 10}),
    "rule c1000, exp below 5000, one-hot <= 10": (_plus_rule, {"c": 1000.0, "loss_switch": 5000,
                                                               "one_hot": 10}),
    "GBRFF2+, one-hot <= 10, no ranks": (_plus_rule, {"c": 1e12, "loss": "exponential", "one_hot": 10,
                                                      "quantile_features": False}),
    "rule c1000, exp below 5000, T 300": (_plus_rule, {"c": 1000.0, "loss_switch": 5000,
                                                       "n_estimators": 300}),
    "rule c1000, exp below 5000, lr 0.5, T 300": (_plus_rule, {"c": 1000.0, "loss_switch": 5000,
                                                               "n_estimators": 300, "learning_rate": 0.5}),
    "rule c1000, exp below 5000, one-hot <= 10, T 300": (_plus_rule, {"c": 1000.0, "loss_switch": 5000,
                                                                      "one_hot": 10, "n_estimators": 300}),
    "rule c1000, exp below 5000, one-hot <= 4": (_plus_rule, {"c": 1000.0, "loss_switch": 5000,
                                                              "one_hot": 4}),
    "rule c1000, exp below 5000, one-hot <= 10 beside raw": (_plus_rule, {"c": 1000.0, "loss_switch": 5000,
                                                                          "one_hot": 10, "one_hot_beside": True}),
    "rule c1000, exp below 5000, one-hot <= 4, balanced": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "class_weight": "balanced"}),
    **{f"rule c1000, exp below 5000, one-hot <= 4, gamma 2^{k}/(2d)": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "gamma_exp": k}) for k in (-2, 0, 2)},
    "rule c1000, exp below 5000, one-hot <= 4, gamma 2^-4/(2d)": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "gamma_exp": -4}),
    "rule c1000, exp below 5000, one-hot <= 4, ranks of the rest": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "ranks_rest": True}),
    "rule c1000, exp below 5000, one-hot <= 4 integers": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "integer_only": True}),
    "rule c1000, exp below 5000, one-hot <= 4 evenly spaced": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "evenly_spaced": True}),
    "rule c1000 (lambda only), exp below 5000, one-hot <= 4 evenly spaced": (_plus_rule, {
        "c": 1000.0, "loss_switch": 5000, "one_hot": 4, "evenly_spaced": True, "shrinkage_falls": False}),
})
# --- end of the successor's rule block

# --- The successor, all rules together (issue 49, "successor" slice): GBRFF2PlusClassifier
# with every data-adaptive parameter at "auto" (gbrff._gbrff2_plus.successor_params) and the
# screen at "auto"; the variants fix the loss and the shrinkage, to settle the n rules (log_loss
# from 5,000 rows, the shrinkage falling) against the wide search (exponential, 0.75 once
# screened). The rows of the first rule (the n rules also once screened) and of its variants on
# the screened wide problems are in cv.jsonl as "successor, screened: ... [superseded]".
_ALL_AUTO = {"feature_screening": "auto", **{k: "auto" for k in (
    "n_estimators", "reg_lambda", "loss", "bandwidth_shrinkage", "subsample", "step_rows")}}
CANDIDATES.update({
    "successor (all auto)": (_PLUS, _ALL_AUTO),
    "successor (all auto), exponential": (_PLUS, {**_ALL_AUTO, "loss": "exponential"}),
    "successor (all auto), shrinkage 0.75, exponential": (_PLUS, {**_ALL_AUTO, "bandwidth_shrinkage": 0.75,
                                                                   "loss": "exponential"}),
})
# the one-hot encoding inside the estimator (categorical_features="auto": 3-4 evenly spaced
# levels, no rank for an indicator), what "rule c1000, exp below 5000, one-hot <= 4 evenly
# spaced" emulated outside it (with ranks for the indicators)
CANDIDATES["successor (all auto), categorical auto"] = (_PLUS, {**_ALL_AUTO,
                                                                "categorical_features": "auto"})
# --- end of the successor block


def make_estimator(name, seed):
    """An unfitted estimator of candidate ``name``, one thread, seeded."""
    kind, params = CANDIDATES[name]
    if callable(kind):  # a rule of the successor's block: a factory
        return kind(random_state=seed, n_jobs=1, **params)
    if kind == "LGBMClassifier":
        from lightgbm import LGBMClassifier

        return LGBMClassifier(n_jobs=1, verbose=-1, random_state=seed, **params)
    if kind == "HistGradientBoostingClassifier":
        from sklearn.ensemble import HistGradientBoostingClassifier

        return HistGradientBoostingClassifier(random_state=seed, **params)
    import gbrff

    return getattr(gbrff, kind)(random_state=seed, n_jobs=1, **params)


def done_units(store):
    """{(problem, candidate, fold)} already in ``store``."""
    if not Path(store).is_file():
        return set()
    with open(store) as f:
        return {(r["problem"], r["candidate"], r["fold"]) for r in map(json.loads, filter(str.strip, f))}


def run(problems, candidates, n_folds, store, log=print):
    """Fit every (problem, candidate, fold) unit not yet in ``store``, appending each as it lands."""
    from sklearn.metrics import accuracy_score, balanced_accuracy_score
    from threadpoolctl import threadpool_limits
    from sklearn.model_selection import StratifiedKFold, train_test_split

    store = Path(store)
    store.parent.mkdir(parents=True, exist_ok=True)
    done = done_units(store)
    score = {"accuracy": accuracy_score, "balanced_accuracy": balanced_accuracy_score}
    for problem in problems:
        todo = [(c, k) for c in candidates for k in range(n_folds) if (problem, c, k) not in done]
        if not todo:
            continue
        make, metric = PROBLEMS[problem]
        X, y = make()
        X_tr, _, y_tr, _ = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
        folds = list(StratifiedKFold(n_folds, shuffle=True, random_state=0).split(X_tr, y_tr))
        for candidate, k in todo:
            a, b = folds[k]
            est = make_estimator(candidate, k)
            with threadpool_limits(1):
                t = time.perf_counter()
                est.fit(X_tr[a], y_tr[a])
                secs = time.perf_counter() - t
                s = float(score[metric](y_tr[b], est.predict(X_tr[b])))
            row = {"problem": problem, "candidate": candidate, "fold": k, "n_folds": n_folds,
                   "metric": metric, "cv_score": s, "fit_seconds": secs,
                   "n_estimators": np.asarray(getattr(est, "n_estimators_", np.nan)).tolist(),
                   "params": json.dumps(CANDIDATES[candidate][1], sort_keys=True)}
            with open(store, "a") as f:
                f.write(json.dumps(row) + "\n")
            log(f"[search] {problem} | {candidate} | fold {k}: {metric} {s:.4f} in {secs:.1f} s")


def summary(store):
    """(scores, seconds): problem × candidate tables of the mean CV score (×100) and fit seconds."""
    with open(store) as f:
        df = pd.DataFrame([json.loads(line) for line in f if line.strip()])
    order = [c for c in CANDIDATES if c in set(df.candidate)]
    probs = [p for p in PROBLEMS if p in set(df.problem)]
    scores = 100 * df.pivot_table(index="candidate", columns="problem", values="cv_score", aggfunc="mean")
    secs = df.pivot_table(index="candidate", columns="problem", values="fit_seconds", aggfunc="mean")
    return scores.reindex(index=order, columns=probs), secs.reindex(index=order, columns=probs)


def main(argv=None):
    p = Parser(prog="accuracy_search.py", description=__doc__.splitlines()[0])
    p.add_argument("--problems", default=None, help=f"comma-separated, of: {', '.join(PROBLEMS)}".replace("%", "%%"))  # argparse formats help
    p.add_argument("--candidates", default="all",
                   help=f"comma-separated indices into CANDIDATES (0-{len(CANDIDATES) - 1}) or all")
    p.add_argument("--folds", type=int, default=3, help="stratified folds of each training part (>= 2)")
    p.add_argument("--store", type=Path, default=STORE, help="the JSON-lines store (appended, resumed)")
    p.add_argument("--summary", action="store_true", help="write summary.csv beside the store and print it")
    args = p.parse_args(argv)
    if args.folds < 2:
        p.error(f"--folds must be at least 2, got {args.folds}")
    names = list(CANDIDATES)
    if args.candidates.strip() != "all":
        try:
            picked = int_list(0)(args.candidates)
        except Exception:
            picked = [-1]
        if max(picked) >= len(names) or min(picked) < 0:
            p.error(f"--candidates: indices from 0 to {len(names) - 1} or all, got {args.candidates!r}")
        names = [names[i] for i in picked]
    if args.problems is not None:
        run(pick(p, "problem", args.problems, PROBLEMS), names, args.folds, args.store)
    if args.summary:
        if not args.store.is_file():
            p.fail(f"no store at {args.store}: run some --problems first")
        scores, secs = summary(args.store)
        out = args.store.with_name("summary.csv")
        pd.concat({"cv_score": scores, "fit_seconds": secs}).to_csv(out, float_format="%.4f",
                                                                   lineterminator="\n")
        with pd.option_context("display.width", 250, "display.max_columns", 30):
            print(scores.round(2).to_string())
            print(secs.round(2).to_string())
    return 0


if __name__ == "__main__":
    sys.exit(main())
