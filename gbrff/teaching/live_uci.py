"""A small live run on one UCI task, through the experiments' own protocol (:mod:`gbrff.experiments`):
each method as Table 2 builds it before its grid search (the registry's ``make(100, seed)``), fitted on
the training part of a few 70/30 splits and scored on the test part, as a refit unit of the protocol."""

import pandas as pd

from ..experiments import REFIT, Context, Unit, run_unit

__all__ = ["live_units", "run_live", "live_summary"]


def live_units(task, methods, n_splits, n_iter=100):
    """The protocol's units of the live run, in the order they run.

    For each split s < ``n_splits`` (its seed s) and each method, one refit on
    the training part with the registry's parameters.

    Parameters
    ----------
    task : str
        The UCI task.
    methods : sequence of str
        Methods of the registry.
    n_splits : int
        The splits.
    n_iter : int, default=100
        Boosting iterations (or landmarks).

    Returns
    -------
    list of gbrff.experiments.Unit
        The units.

    Examples
    --------
    >>> from gbrff.teaching.live_uci import live_units
    >>> [(u.method, u.split) for u in live_units("wine", ["GBRFF2", "LGBM"], 2)]
    [('GBRFF2', 0), ('LGBM', 0), ('GBRFF2', 1), ('LGBM', 1)]
    """
    return [Unit(experiment="live", data=("uci", task), split=s, seed=s, method=m, params=(), fold=REFIT,
                 n_iter=n_iter)
            for s in range(n_splits) for m in methods]


def run_live(task, methods, n_splits, ctx=None, progress=None, failed=None):
    """Run :func:`live_units` one after the other.

    Parameters
    ----------
    task : str
        The UCI task.
    methods : sequence of str
        Methods of the registry.
    n_splits : int
        The splits.
    ctx : gbrff.experiments.Context or None, default=None
        Where the methods and the data are; None: the defaults (the UCI files
        of ``GBRFF_DATA_DIR``).
    progress : callable or None, default=None
        ``progress(done, total, unit)``, called before each fit.
    failed : callable or None, default=None
        ``failed(unit, exc)``: a method that raises is left out of the rows
        and reported there (raised again without it).

    Returns
    -------
    pandas.DataFrame
        Columns ``method``, ``split``, ``accuracy`` (%) and ``fit s``.

    Examples
    --------
    Without the UCI files, a loader of one's own stands in for the task's:

    >>> from gbrff.datasets import make_toy
    >>> from gbrff.experiments import Context
    >>> from gbrff.teaching.live_uci import run_live
    >>> ctx = Context(uci_loader=lambda name, data_dir=None: make_toy("moons", 100, random_state=0))
    >>> rows = run_live("wine", ["GBRFF2"], n_splits=2, ctx=ctx)
    >>> rows[["method", "split"]].values.tolist(), rows["accuracy"].round(1).tolist()
    ([['GBRFF2', 0], ['GBRFF2', 1]], [100.0, 100.0])
    """
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
    """The live run's rows summarised per method.

    Parameters
    ----------
    rows : pandas.DataFrame
        What :func:`run_live` returned.
    paper : pandas.DataFrame or None, default=None
        The paper's Table 2 as a long table
        (:func:`gbrff.experiments.load_paper_table2`).
    task : str or None, default=None
        The task whose published values are joined.
    labels : dict or None, default=None
        Display names of the methods.

    Returns
    -------
    pandas.DataFrame
        Per method (indexed by ``labels[method]``): ``mean`` and ``std`` of
        the accuracy (%), ``splits``, ``fit_ms``, and ``paper``, the published
        value, when ``paper`` is given.

    Examples
    --------
    >>> import pandas as pd
    >>> from gbrff.experiments import load_paper_table2
    >>> from gbrff.teaching.live_uci import live_summary
    >>> rows = pd.DataFrame({"method": ["GBRFF2", "GBRFF2"], "split": [0, 1],
    ...                      "accuracy": [97.0, 99.0], "fit s": [0.01, 0.03]})
    >>> summary = live_summary(rows, paper=load_paper_table2(), task="wine")
    >>> summary.loc["GBRFF2", ["mean", "paper"]].tolist(), int(summary.loc["GBRFF2", "splits"])
    ([98.0, 98.5], 2)
    """
    res = rows.groupby("method").agg(mean=("accuracy", "mean"), std=("accuracy", "std"),
                                     splits=("split", "count"), fit_ms=("fit s", "mean"))
    res["fit_ms"] *= 1000
    if paper is not None:
        res = res.join(paper[paper["task"] == task].set_index("method")["mean"].rename("paper"))
    labels = labels or {}
    return res.rename(index=lambda m: labels.get(m, m)).rename_axis("method")
