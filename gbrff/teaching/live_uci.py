"""A small live run on one UCI task, through the experiments' own protocol (:mod:`gbrff.experiments`):
each method as Table 2 builds it before its grid search (the registry's ``make(100, seed)``), fitted on
the training part of a few 70/30 splits and scored on the test part, as a refit unit of the protocol."""

import pandas as pd

from ..experiments import REFIT, Context, Unit, run_unit

__all__ = ["live_units", "run_live", "live_summary"]


def live_units(task, methods, n_splits, n_iter=100):
    """The protocol's units of the live run: for each split s < ``n_splits`` (its seed s), each method,
    refitted on the training part with the registry's parameters, in the order they run."""
    return [Unit(experiment="live", data=("uci", task), split=s, seed=s, method=m, params=(), fold=REFIT,
                 n_iter=n_iter)
            for s in range(n_splits) for m in methods]


def run_live(task, methods, n_splits, ctx=None, progress=None, failed=None):
    """Run :func:`live_units` one after the other: a DataFrame of ``method``, ``split``, ``accuracy`` (%)
    and ``fit s``. ``progress(done, total, unit)`` is called before each fit; a method that raises is
    left out of the rows and reported to ``failed(unit, exc)`` (raised again without it)."""
    ctx = Context() if ctx is None else ctx
    units = live_units(task, methods, n_splits)
    rows = []
    for i, unit in enumerate(units):
        if progress is not None:
            progress(i, len(units), unit)
        try:
            rec = run_unit(ctx, unit)
        except Exception as exc:
            if failed is None:
                raise
            failed(unit, exc)
            continue
        rows.append({"method": unit.method, "split": unit.split, "accuracy": 100 * rec["score"],
                     "fit s": rec["fit_seconds"]})
    return pd.DataFrame(rows)


def live_summary(rows, paper=None, task=None, labels=None):
    """Per method: ``mean`` and ``std`` of the accuracy (%), ``splits``, ``fit_ms``, and the ``paper``'s
    Table 2 value for ``task`` when ``paper`` (its long table) is given; indexed by ``labels[method]``."""
    res = rows.groupby("method").agg(mean=("accuracy", "mean"), std=("accuracy", "std"),
                                     splits=("split", "count"), fit_ms=("fit s", "mean"))
    res["fit_ms"] *= 1000
    if paper is not None:
        res = res.join(paper[paper["task"] == task].set_index("method")["mean"].rename("paper"))
    labels = labels or {}
    return res.rename(index=lambda m: labels.get(m, m)).rename_axis("method")
