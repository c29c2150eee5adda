"""The paper's evaluation protocol (section 4.1), one fit at a time.

Per task and split ``s`` (seed ``seed_s``): a stratified 70/30 train/test split
(``train_test_split(test_size=0.3, stratify=y, random_state=seed_s)``); a
``StandardScaler`` fit on the training part only; a grid search by 5-fold
``StratifiedKFold`` (no shuffling, as ``GridSearchCV(cv=5)``) on the training
part, the best parameters being those of highest mean CV accuracy (ties: the
first in grid order, as ``GridSearchCV``); a refit on the whole training part;
the test accuracy.

The out-of-the-box experiment (``defaults``) keeps the splits and seeds but
not the rest: each method at its own defaults (``MethodSpec.make_default``),
no grid, fit on the raw features (data ``("uci-raw", task)``: no scaler) or
on the standardised ones (``("uci", task)``).

The unit of work is one fit, a :class:`Unit` (task, split, method,
parameters, fold; ``fold == REFIT`` for the final fit on the whole training
part).  A :class:`Group` holds the units of one (task, split, method, setting)
and chooses the refit(s) once its cross-validation is complete.

Staged evaluation (Figures 2 and 3): a boosting model with ``stages`` is fit
once with ``max(stages)`` iterations and scored after each requested number
of iterations ``t`` (``staged_predict``); the first ``t`` iterations of a
boosting run *are* a ``t``-iteration model (boosting is forward-greedy), so
this gives the score of every ``t`` from one fit.  Parameters are then chosen
per ``t`` from the CV scores at ``t`` and the test score at ``t`` is that of
the refit with the parameters chosen for ``t``.
"""

from __future__ import annotations

import functools
import hashlib
import importlib
import json
import os
import socket
import time
import warnings
from dataclasses import dataclass

import numpy as np
from sklearn.model_selection import ParameterGrid, StratifiedKFold, train_test_split
from sklearn.preprocessing import StandardScaler

from ._store import make_key

__all__ = [
    "REFIT", "N_FOLDS", "TEST_SIZE", "Context", "Unit", "Group",
    "split_seed", "grid_points", "prepare_split", "run_unit", "select_best",
]

#: The ``fold`` of a refit: the fit on the whole training part, scored on the test part.
REFIT = -1
N_FOLDS = 5
TEST_SIZE = 0.3
DEFAULTS = "defaults"  # the experiment whose methods run at their own defaults


def split_seed(base_seed: int, split: int) -> int:
    """The recorded seed of split ``split``: ``base_seed + split``.

    Parameters
    ----------
    base_seed : int
        The run's seed (``--seed``).
    split : int
        The split's index.

    Returns
    -------
    int
        The seed of the split's train/test draw and of its fits.

    Examples
    --------
    >>> from gbrff.experiments import split_seed
    >>> split_seed(0, 3)
    3
    """
    return int(base_seed) + int(split)


#: import paths that have moved, as runs before the move record them (meta.json's
#: ``--registry``): their commands still run
_MOVED = {"gbrff.baselines:get_method": "gbrff.methods:get_method"}


def _resolve(ref):
    """``"module:attr"`` -> the attribute; a callable is returned as is."""
    if callable(ref):
        return ref
    module, _, attr = _MOVED.get(ref, ref).partition(":")
    return getattr(importlib.import_module(module), attr)


@dataclass(frozen=True)
class Context:
    """Where workers find the methods and the data (picklable).

    A worker process receives it with each unit and imports what it names, so
    that a Dask worker needs nothing but gbrff installed.

    Parameters
    ----------
    data_dir : str or None, default=None
        Folder of the UCI files (else ``GBRFF_DATA_DIR``, else the cache).
    registry : str or callable, default="gbrff.methods:get_method"
        ``get_method(name) -> MethodSpec`` or its import path.
    uci_loader : str or callable, default="gbrff.datasets:load_uci"
        ``load_uci(name, data_dir=None) -> (X, y)`` or its import path.
    toy_maker : str or callable, default="gbrff.datasets:make_toy"
        ``make_toy(name, n_samples=..., random_state=...) -> (X, y)`` or its
        import path.

    See Also
    --------
    run_unit : One fit in this context.

    Examples
    --------
    >>> from gbrff.experiments import Context
    >>> Context().get_method("GBRFF2").label
    'GBRFF2'
    """

    data_dir: str | None = None
    registry: object = "gbrff.methods:get_method"
    uci_loader: object = "gbrff.datasets:load_uci"
    toy_maker: object = "gbrff.datasets:make_toy"

    def get_method(self, name):
        """The :class:`~gbrff.methods.MethodSpec` called ``name``, from the registry.

        Parameters
        ----------
        name : str
            A method's name (``"GBRFF2"``, ``"LGBM"``, ...).

        Returns
        -------
        MethodSpec
            What the registry holds for it.
        """
        return _resolve(self.registry)(name)


def _plain(value):
    """numpy scalars -> Python scalars, for JSON and stable keys."""
    if isinstance(value, np.generic):
        return value.item()
    return value


def _evenly(values, k):
    """``k`` of ``values`` evenly spaced, first and last included."""
    values = list(values)
    if not k or k >= len(values):
        return values
    idx = np.unique(np.linspace(0, len(values) - 1, k).round().astype(int))
    return [values[i] for i in idx]


def reduce_grid(grid, n_values):
    """At most ``n_values`` values of each parameter (evenly spaced, ends kept);
    a list of sub-grids is itself cut to ``n_values`` sub-grids the same way."""
    if isinstance(grid, dict):
        return {k: _evenly(v, n_values) for k, v in grid.items()}
    return [reduce_grid(g, n_values) for g in _evenly(grid, n_values)]


def grid_points(grid, n_values=None) -> list[dict]:
    """The parameter grid as a list in ``ParameterGrid`` (= GridSearchCV) order.

    Parameters
    ----------
    grid : dict or list of dict
        A grid as ``GridSearchCV`` takes it (a method's ``MethodSpec.grid(d)``).
    n_values : int or None, default=None
        Keep at most that many values of each parameter, evenly spaced with
        both ends kept: a smaller grid of the same shape, for tests and quick
        runs. None or 0 keeps the paper's grid.

    Returns
    -------
    list of dict
        One dict of parameters per grid point, numpy scalars as Python ones.

    Examples
    --------
    >>> from gbrff.experiments import grid_points
    >>> grid_points({"gamma": [0.25, 0.5, 1.0, 2.0], "reg_lambda": [0.0, 0.1]}, n_values=2)
    [{'gamma': 0.25, 'reg_lambda': 0.0}, {'gamma': 0.25, 'reg_lambda': 0.1}, {'gamma': 2.0, 'reg_lambda': 0.0}, {'gamma': 2.0, 'reg_lambda': 0.1}]
    """
    if n_values:
        grid = reduce_grid(grid, n_values)
    return [{k: _plain(v) for k, v in p.items()} for p in ParameterGrid(grid)]


@dataclass(frozen=True)
class Unit:
    """One fit: a method with one parameter setting on one fold of one split.

    Parameters
    ----------
    experiment : str
        The experiment's name (its records' ``experiment``).
    data : tuple
        The data: ``("uci", task)`` (a 70/30 split), ``("uci", task,
        train_share)`` (a split with that training share, the rest for the
        test: the 2019 preprint's 0.3), ``("uci-raw", task)`` (not
        standardised) or ``("toy", name, n_train, n_test)``.
    split : int
        The split's index.
    seed : int
        The split's seed (:func:`split_seed`), also the fit's ``random_state``.
    method : str
        The method's name in the registry.
    params : tuple
        Sorted (name, value) pairs of the grid point.
    fold : int
        The CV fold, 0..4, or :data:`REFIT` for the fit on the whole training part.
    n_iter : int
        Boosting iterations (or landmarks) of the fit.
    stages : tuple or None, default=None
        Iteration counts to score the fit at (staged evaluation), or None.
    fixed : tuple, default=()
        Sorted (name, value) pairs set outside the grid (e.g. K).
    grid_id : str, default=""
        Refits only: which grid chose them (:attr:`Group.grid_id`).

    See Also
    --------
    Group : The units of one setting.
    run_unit : Fit a unit.

    Examples
    --------
    >>> from gbrff.experiments import REFIT, Unit
    >>> unit = Unit("table2", ("uci", "wine"), split=3, seed=3, method="GBRFF2",
    ...             params=(("gamma", 0.5),), fold=REFIT, n_iter=100)
    >>> unit.task, unit.fold
    ('wine', -1)
    """

    experiment: str
    data: tuple
    split: int
    seed: int
    method: str
    params: tuple  # sorted (name, value) pairs of the grid point
    fold: int
    n_iter: int
    stages: tuple | None = None
    fixed: tuple = ()  # sorted (name, value) pairs set outside the grid (e.g. K)
    grid_id: str = ""  # refits only: which grid chose them (see Group.grid_id)

    @property
    def task(self) -> str:
        """The task's (or the toy problem's) name, ``data[1]``."""
        return self.data[1]

    @property
    def key(self) -> str:
        """The unit's key in the store: JSON of every identifying field."""
        return make_key(self.experiment, list(self.data), self.split, self.seed,
                        self.method, [list(p) for p in self.fixed],
                        [list(p) for p in self.params], self.fold, self.n_iter,
                        list(self.stages) if self.stages else None, self.grid_id)


def _as_pairs(d: dict) -> tuple:
    return tuple(sorted((k, _plain(v)) for k, v in d.items()))


@functools.lru_cache(maxsize=4)
def _load_cached(loader, data, seed, data_dir, env_data_dir):
    """(X_train, y_train, X_test, y_test) of one split, scaled on the train part
    (``"uci-raw"``: not scaled). ``env_data_dir`` only keys the cache (see
    :func:`prepare_split`)."""
    kind = data[0]
    if kind in ("uci", "uci-raw"):
        X, y = _resolve(loader[0])(data[1], data_dir=data_dir)
        # ("uci", task): the 2020 paper's 70/30; ("uci", task, f): a training share f
        # and the rest for the test (the 2019 preprint's 30/70)
        shares = (dict(train_size=float(data[2])) if len(data) > 2
                  else dict(test_size=TEST_SIZE))
        X_tr, X_te, y_tr, y_te = train_test_split(
            np.asarray(X, dtype=float), np.asarray(y), **shares,
            stratify=y, random_state=seed)
    elif kind == "toy":
        _, name, n_train, n_test = data
        X, y = _resolve(loader[1])(name, n_samples=n_train + n_test, random_state=seed)
        X_tr, X_te, y_tr, y_te = train_test_split(
            np.asarray(X, dtype=float), np.asarray(y), train_size=n_train,
            test_size=n_test, stratify=y, random_state=seed)
    else:
        raise ValueError(f"unknown data kind {kind!r}")
    if kind == "uci-raw":
        return X_tr, y_tr, X_te, y_te
    scaler = StandardScaler().fit(X_tr)
    return scaler.transform(X_tr), y_tr, scaler.transform(X_te), y_te


def prepare_split(ctx: Context, data: tuple, seed: int):
    """The scaled train/test parts of one split (cached per process).

    The data are split (stratified) with the split's seed and standardised on
    the training part (``("uci-raw", task)``: not standardised). The cache
    keys on ``GBRFF_DATA_DIR`` too, so that a process which points it
    elsewhere is not served the splits of the former folder.

    Parameters
    ----------
    ctx : Context
        Where the loaders are.
    data : tuple
        The data, as :class:`Unit` names it.
    seed : int
        The split's seed.

    Returns
    -------
    X_train, y_train, X_test, y_test : ndarray
        The two parts.

    Examples
    --------
    >>> from gbrff.experiments import Context, prepare_split
    >>> X_tr, y_tr, X_te, y_te = prepare_split(Context(), ("toy", "moons", 60, 40), seed=0)
    >>> X_tr.shape, X_te.shape, round(abs(float(X_tr.mean())), 6)
    ((60, 2), (40, 2), 0.0)
    """
    # without a data_dir the loader reads GBRFF_DATA_DIR: the cache keys on it too, so a
    # process that points it elsewhere is not served the splits of the former folder
    env = os.environ.get("GBRFF_DATA_DIR") if ctx.data_dir is None else None
    return _load_cached((ctx.uci_loader, ctx.toy_maker), tuple(data), int(seed),
                        ctx.data_dir, env)


def _staged_accuracies(est, X, y, stages):
    stages = sorted(set(stages))
    if hasattr(est, "staged_predict"):
        out, want = [], set(stages)
        for t, pred in enumerate(est.staged_predict(X), start=1):
            if t in want:
                out.append(float(np.mean(pred == y)))
            if t >= stages[-1]:
                break
    elif hasattr(est, "booster_"):  # LightGBM
        out = [float(np.mean(est.predict(X, num_iteration=t) == y)) for t in stages]
    else:
        raise TypeError(f"{type(est).__name__} cannot be scored stage by stage")
    if len(out) != len(stages):
        raise RuntimeError(f"{type(est).__name__} stopped before {stages[-1]} iterations")
    return out


def make_estimator(ctx: Context, unit: Unit):
    spec = ctx.get_method(unit.method)
    if unit.experiment == DEFAULTS and getattr(spec, "make_default", None) is not None:
        est = spec.make_default(random_state=unit.seed)
    else:
        est = spec.make(n_iter=unit.n_iter, random_state=unit.seed)
    params = dict(unit.fixed)
    params.update(dict(unit.params))
    if params:
        est.set_params(**params)
    return est


def run_unit(ctx: Context, unit: Unit) -> dict:
    """Fit one unit and return its record (to be stored by the driver).

    The fit's warnings are counted in the record, not printed.

    Parameters
    ----------
    ctx : Context
        Where the methods and the data are.
    unit : Unit
        The fit to make.

    Returns
    -------
    dict
        The record: the unit's fields and ``key``, ``score`` (the accuracy on
        the fold or the test part; a list over ``stages`` when staged),
        ``fit_seconds``, ``n_fit``, ``n_eval``, ``warnings``, ``host``,
        ``pid`` and ``finished``.

    Examples
    --------
    >>> from gbrff.experiments import REFIT, Context, Group, run_unit
    >>> g = Group("demo", ("toy", "moons", 60, 60), 0, 0, "GBRFF2", [{"gamma": 0.5}], 10)
    >>> record = run_unit(Context(), g.unit({"gamma": 0.5}, REFIT))
    >>> record["n_fit"], record["n_eval"], round(record["score"], 2)
    (60, 60, 0.98)
    """
    X_tr, y_tr, X_te, y_te = prepare_split(ctx, unit.data, unit.seed)
    if unit.fold == REFIT:
        X_fit, y_fit, X_ev, y_ev = X_tr, y_tr, X_te, y_te
    else:
        folds = list(StratifiedKFold(n_splits=N_FOLDS).split(X_tr, y_tr))
        fit_idx, ev_idx = folds[unit.fold]
        X_fit, y_fit, X_ev, y_ev = X_tr[fit_idx], y_tr[fit_idx], X_tr[ev_idx], y_tr[ev_idx]
    est = make_estimator(ctx, unit)
    with warnings.catch_warnings(record=True) as caught:  # counted, not printed
        warnings.simplefilter("always")
        t0 = time.perf_counter()
        est.fit(X_fit, y_fit)
        fit_seconds = time.perf_counter() - t0
        if unit.stages:
            score = _staged_accuracies(est, X_ev, y_ev, unit.stages)
        else:
            score = float(est.score(X_ev, y_ev))
    return {
        "key": unit.key, "experiment": unit.experiment, "data": list(unit.data),
        "task": unit.task, "split": unit.split, "seed": unit.seed,
        "method": unit.method, "params": dict(unit.params), "fixed": dict(unit.fixed),
        "fold": unit.fold, "n_iter": unit.n_iter, "grid_id": unit.grid_id,
        "stages": list(unit.stages) if unit.stages else None,
        "score": score, "fit_seconds": fit_seconds,
        "n_fit": int(len(y_fit)), "n_eval": int(len(y_ev)),
        "warnings": sorted({f"{w.category.__name__}: {str(w.message)[:120]}"
                            for w in caught}),
        "host": socket.gethostname(), "pid": os.getpid(), "finished": time.time(),
    }


def select_best(points: list[dict], cv_scores: list[list]) -> list[int]:
    """Index of the best grid point, per stage.

    ``cv_scores[i][f]`` is the score (a float, or a list over stages) of grid
    point ``i`` on fold ``f``.  The best point has the highest mean over folds;
    ties go to the first in grid order (as ``GridSearchCV``).  Returns one
    index per stage (a single-element list without stages).
    """
    arr = np.asarray(cv_scores, dtype=float)  # (points, folds[, stages])
    if arr.ndim == 2:
        arr = arr[:, :, None]
    means = arr.mean(axis=1)  # (points, stages)
    return [int(np.argmax(means[:, s])) for s in range(means.shape[1])]


@dataclass
class Group:
    """The units of one (experiment, data, split, method, setting).

    A group holds a grid of points: their cross-validation units, then, once
    those are complete, the refit(s) of the best point (one per stage when
    the best point differs by stage).

    Parameters
    ----------
    experiment : str
        The experiment's name.
    data : tuple
        The data, as :class:`Unit` names it.
    split : int
        The split's index.
    seed : int
        The split's seed.
    method : str
        The method's name in the registry.
    points : list of dict
        The grid points (:func:`grid_points`); a single point needs no CV.
    n_iter : int
        Boosting iterations (or landmarks) of every fit.
    stages : tuple or None, default=None
        Iteration counts to score at (staged evaluation).
    fixed : tuple, default=()
        Sorted (name, value) pairs set outside the grid.
    n_folds : int, default=5
        Folds of the cross-validation.

    See Also
    --------
    run_groups : Run the units of many groups into a store.

    Examples
    --------
    >>> from gbrff.experiments import Group, grid_points
    >>> g = Group("demo", ("toy", "moons", 60, 60), split=0, seed=0, method="GBRFF2",
    ...           points=grid_points({"gamma": [0.5, 1.0]}), n_iter=10)
    >>> len(g.cv_units()), g.cv_units()[0].fold
    (10, 0)
    """

    experiment: str
    data: tuple
    split: int
    seed: int
    method: str
    points: list
    n_iter: int
    stages: tuple | None = None
    fixed: tuple = ()
    n_folds: int = N_FOLDS

    @property
    def grid_id(self) -> str:
        """Short digest of the grid: a refit is chosen by (and keyed on) it."""
        text = json.dumps(self.points, sort_keys=True)
        return hashlib.sha1(text.encode()).hexdigest()[:12]

    def unit(self, point: dict, fold: int) -> Unit:
        """The unit of grid point ``point`` on fold ``fold``.

        Parameters
        ----------
        point : dict
            One of ``points``.
        fold : int
            A CV fold, or :data:`REFIT`.

        Returns
        -------
        Unit
            The unit (a refit carries the group's ``grid_id``).
        """
        return Unit(self.experiment, tuple(self.data), self.split, self.seed,
                    self.method, _as_pairs(point), fold, self.n_iter,
                    tuple(self.stages) if self.stages else None, self.fixed,
                    self.grid_id if fold == REFIT else "")

    def cv_units(self) -> list[Unit]:
        """The cross-validation units: every point on every fold.

        Returns
        -------
        list of Unit
            Empty when the group has a single point (nothing to choose).
        """
        if len(self.points) == 1:  # nothing to choose: no CV needed
            return []
        return [self.unit(p, f) for p in self.points for f in range(self.n_folds)]

    def best_indices(self, store) -> list[int] | None:
        """Best grid point per stage, or None while CV is incomplete.

        Parameters
        ----------
        store : ResultStore
            Where the CV units' records are.

        Returns
        -------
        list of int or None
            The index of the best point (highest mean CV accuracy, ties to the
            first in grid order, as ``GridSearchCV``) for each stage (one index
            without stages); None while a CV unit has no record.
        """
        if len(self.points) == 1:
            return [0] * (len(self.stages) if self.stages else 1)
        scores = []
        for p in self.points:
            row = []
            for f in range(self.n_folds):
                rec = store.get(self.unit(p, f).key)
                if rec is None:
                    return None
                row.append(rec["score"])
            scores.append(row)
        return select_best(self.points, scores)

    def refit_units(self, store) -> list[Unit] | None:
        """The refit(s) of the best point(s), or None while CV is incomplete.

        Parameters
        ----------
        store : ResultStore
            Where the CV units' records are.

        Returns
        -------
        list of Unit or None
            One refit per distinct best point (a point best at several stages is
            refit once).
        """
        best = self.best_indices(store)
        if best is None:
            return None
        return [self.unit(self.points[i], REFIT) for i in sorted(set(best))]
