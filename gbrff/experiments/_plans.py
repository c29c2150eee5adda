"""Which groups of fits each experiment of section 4 needs.

- ``table2`` (section 4.5): every method on every task, ``n_iter`` = 100.
- ``landmarks`` (Fig. 2): PBRFF with each number of landmarks n_L (one
  setting per n_L), GBRFF1 and GBRFF2 fit once with max(n_L) iterations and
  scored after each n_L iterations (staged, see :mod:`._protocol`).
- ``kbudget`` (Fig. 3): GBRFF1 with K in {1, 5, 10, 20}, scored after
  T = budget / K iterations for each total budget T x K (staged).
- ``toy`` (Fig. 5): LGBM and GBRFF2 on generated 2-D problems, one setting per
  number of training examples, a fixed-size test set from the same generator.
- ``defaults`` (beyond the paper): every method at its own defaults, no
  grid search, on the raw (or standardised) features of Table 2's splits.
- ``table2_2019`` (the 2019 preprint's Table 2): its methods on its 14
  tasks, stratified splits of 30 % train / 70 % test, each method with the
  preprint's grid and fixed parameters (``MethodSpec.preprint_grid`` and
  ``preprint_fixed``), ``n_iter`` = 200.
- ``thesis`` (Ribes, 2019): the random-features thesis's models on its five
  multi-class sets, plus GBRFF2, GBRFF1 and LightGBM; the thesis's models with
  their own (small) grids, the GBRFF paper's methods with their grids cut to
  ``boosting_values`` values per parameter.
"""

from __future__ import annotations

import numpy as np

from ._protocol import Group, grid_points, split_seed, _resolve

__all__ = ["n_features_of", "table2_groups", "defaults_groups", "preprint_groups", "PREPRINT_TRAIN_SIZE",
           "landmark_groups", "kbudget_groups",
           "toy_groups", "thesis_groups", "TOY_N_FEATURES", "THESIS_BOOSTING_VALUES"]

#: Values per parameter kept of the GBRFF paper's grids in the thesis experiment.
THESIS_BOOSTING_VALUES = 2

TOY_N_FEATURES = 2

#: The 2019 preprint's training share (its section 5: "30% training examples and 70% testing").
PREPRINT_TRAIN_SIZE = 0.3


def n_features_of(ctx, task) -> int:
    X, _ = _resolve(ctx.uci_loader)(task, data_dir=ctx.data_dir)
    return int(np.asarray(X).shape[1])


def _splits(n_splits, first_split, base_seed):
    return [(s, split_seed(base_seed, s)) for s in range(first_split, first_split + n_splits)]


def table2_groups(ctx, tasks, methods, n_splits=20, first_split=0, base_seed=0,
                  n_iter=100, n_values=None, n_features=None):
    """Groups of Table 2, ordered task -> split -> method (early rows fill first)."""
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        points = {m: grid_points(ctx.get_method(m).grid(d), n_values) for m in methods}
        for s, seed in _splits(n_splits, first_split, base_seed):
            for m in methods:
                groups.append(Group("table2", ("uci", task), s, seed, m, points[m], n_iter))
    return groups


def defaults_groups(tasks, methods, n_splits=20, first_split=0, base_seed=0, features="raw",
                    n_iter=100):
    """Groups of the out-of-the-box experiment: one setting (the method's defaults), no CV,
    on Table 2's splits; ``features`` "raw" (no scaler) or "standardised"."""
    if features not in ("raw", "standardised"):
        raise ValueError(f"features must be 'raw' or 'standardised', got {features!r}")
    kind = "uci-raw" if features == "raw" else "uci"
    return [Group("defaults", (kind, task), s, seed, m, [{}], n_iter)
            for task in tasks for s, seed in _splits(n_splits, first_split, base_seed)
            for m in methods]


def preprint_groups(ctx, tasks, methods, n_splits=20, first_split=0, base_seed=0,
                    n_iter=200, n_values=None, n_features=None, experiment="table2_2019",
                    stages=None):
    """Groups of the 2019 preprint's protocol, ordered task -> split -> method.

    Each method searches its ``preprint_grid`` with its ``preprint_fixed``
    parameters on ("uci", task, 0.3) splits. ``stages`` (e.g. the landmark
    counts of the preprint's Figs. 1-2): a method with ``staged_predict``
    is scored after each, the others are fit once per count."""
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        specs = {m: ctx.get_method(m) for m in methods}
        for m, spec in specs.items():
            if spec.preprint_grid is None:
                raise ValueError(f"method {m!r} has no grid of the 2019 preprint's protocol")
        points = {m: grid_points(spec.preprint_grid(d), n_values) for m, spec in specs.items()}
        for s, seed in _splits(n_splits, first_split, base_seed):
            for m, spec in specs.items():
                data = ("uci", task, PREPRINT_TRAIN_SIZE)
                fixed = tuple(sorted(spec.preprint_fixed))
                if stages and m.startswith("GBRFF"):
                    groups.append(Group(experiment, data, s, seed, m, points[m], max(stages),
                                        stages=tuple(stages), fixed=fixed))
                elif stages:
                    groups.extend(Group(experiment, data, s, seed, m, points[m], n_l, fixed=fixed)
                                  for n_l in stages)
                else:
                    groups.append(Group(experiment, data, s, seed, m, points[m], n_iter,
                                        fixed=fixed))
    return groups


def landmark_groups(ctx, tasks, methods=("PBRFF", "GBRFF1", "GBRFF2"), landmarks=range(1, 51),
                    n_splits=20, first_split=0, base_seed=0, n_values=None,
                    staged=("GBRFF1", "GBRFF2"), n_features=None):
    landmarks = tuple(sorted(set(int(x) for x in landmarks)))
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        for s, seed in _splits(n_splits, first_split, base_seed):
            for m in methods:
                points = grid_points(ctx.get_method(m).grid(d), n_values)
                if m in staged:
                    groups.append(Group("landmarks", ("uci", task), s, seed, m, points,
                                        max(landmarks), stages=landmarks))
                else:
                    groups.extend(Group("landmarks", ("uci", task), s, seed, m, points, n_l)
                                  for n_l in landmarks)
    return groups


def budget_stages(k, budgets):
    """Numbers of iterations T = budget / K for the budgets divisible by K."""
    return tuple(sorted({b // k for b in budgets if b % k == 0 and b >= k}))


def kbudget_groups(ctx, tasks, ks=(1, 5, 10, 20), budgets=(20, 50, 100, 200, 500, 1000),
                   n_splits=20, first_split=0, base_seed=0, n_values=None,
                   method="GBRFF1", n_features=None):
    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        points = grid_points(ctx.get_method(method).grid(d), n_values)
        for s, seed in _splits(n_splits, first_split, base_seed):
            for k in ks:
                stages = budget_stages(k, budgets)
                if not stages:
                    continue
                groups.append(Group("kbudget", ("uci", task), s, seed, method, points,
                                    max(stages), stages=stages,
                                    fixed=(("n_components", int(k)),)))
    return groups


def toy_groups(ctx, problems=("swiss", "circles", "board"), methods=("LGBM", "GBRFF2"),
               sizes=(50, 100, 200, 500, 1000, 2000), n_test=2000, n_splits=5,
               first_split=0, base_seed=0, n_iter=1000, n_values=None):
    groups = []
    for name in problems:
        for n in sizes:
            for s, seed in _splits(n_splits, first_split, base_seed):
                for m in methods:
                    points = grid_points(ctx.get_method(m).grid(TOY_N_FEATURES), n_values)
                    groups.append(Group("toy", ("toy", name, int(n), int(n_test)), s, seed,
                                        m, points, n_iter))
    return groups


def thesis_groups(ctx, tasks, methods, n_splits=20, first_split=0, base_seed=0, n_iter=100,
                  n_values=None, boosting_values=THESIS_BOOSTING_VALUES, n_features=None):
    """Groups of the thesis experiment, ordered task -> split -> method.

    A method of the GBRFF paper's registry (GBRFF2, GBRFF1, LGBM ...) searches
    its grid cut to ``boosting_values`` values per parameter (both ends
    kept); the thesis's models search their own grids (``n_values`` cuts
    every grid further, for quick runs). ``n_iter`` is the boosting
    iterations; the thesis's models ignore it.
    """
    from ..methods import METHODS

    groups = []
    for task in tasks:
        d = n_features[task] if n_features else n_features_of(ctx, task)
        points = {}
        for m in methods:
            keep = boosting_values if m in METHODS else None
            if n_values:
                keep = min(keep or n_values, n_values)
            points[m] = grid_points(ctx.get_method(m).grid(d), keep)
        for s, seed in _splits(n_splits, first_split, base_seed):
            for m in methods:
                groups.append(Group("thesis", ("uci", task), s, seed, m, points[m], n_iter))
    return groups
