"""Write the reports of each experiment from its store: CSV, Markdown, HTML figures.

Files under an experiment's folder (``gbrff-results/<experiment>/`` by default,
``results/<experiment>/`` for the committed results):

- ``store.jsonl`` — every finished unit (local and git-ignored: it is large);
- ``refits.jsonl`` — the refit records only (committed; enough to rebuild
  every report with ``python -m gbrff.experiments report``).  It only grows:
  a report adds the store's refits to it and never drops one, so a run in a
  fresh clone (no store) loses none of the committed refits;
- ``meta.json`` — options, host, CPU and BLAS of every run from its start, then
  how it ended (``status``), its wall time, cores and backend;
- table2: ``runs.csv``, ``summary.csv``, ``table2.md``, ``paper_comparison.csv``,
  ``ranks.csv``, ``table2.html``, ``table2_diff.html``;
- landmarks / kbudget / toy: ``per_split.csv``, ``curve.csv`` and the figure;
- scaling: ``times.csv`` and the figure.
- thesis: ``runs.csv``, ``summary.csv`` (with ``fit_seconds``), ``thesis.md``
  (test error ± std and fit time, the thesis's findings checked), ``thesis.html``.

The figures load plotly.js from a local copy, so they work offline: in a
results root (``results/``, ``gbrff-results/``: experiment folders side by
side) one ``../plotly.min.js`` for every folder; in a folder of its own
(a user's ``--out``), ``plotly.min.js`` inside it, so that a report never
writes outside its folder (:func:`_plotlyjs_home`).  Every file is written the same
byte for byte from the same records (fixed element ids, UTF-8 text, ``\n``
line ends, fixed float formats): rebuilding unchanged results changes nothing.
"""

from __future__ import annotations

import contextlib
import json
import re
from pathlib import Path

import pandas as pd

from ._protocol import REFIT
from ._results import (PAPER_METHODS, TASK_ORDER, average_ranks, curve_summary, load_paper_table2,
                       load_preprint_table2, paper_comparison, preprint_comparison, preprint_fig2_gap,
                       preprint_markdown,
                       preprint_ranks, preprint_runs, stage_results, table2_markdown,
                       table2_runs, table2_summary)
from ._scaling import scaling_frame
from ._store import ResultStore

__all__ = ["STORE_NAME", "REFITS_NAME", "PLOTLYJS_NAME", "RESULTS_ROOTS", "ReportError", "read_records",
           "write_refits", "write_report"]

STORE_NAME = "store.jsonl"
REFITS_NAME = "refits.jsonl"
PLOTLYJS_NAME = "plotly.min.js"


def _with_refits(outdir, records) -> list[dict]:
    """``records`` (a store's) and the records of ``outdir/refits.jsonl`` they lack.

    The refits come first, in their file's order, each replaced by the store's
    record of the same key when there is one; then the store's other records.
    """
    by_key = {r["key"]: r for r in records}
    merged = {}
    for r in ResultStore(Path(outdir) / REFITS_NAME, readonly=True).records():
        merged[r["key"]] = by_key.get(r["key"], r)
    for key, r in by_key.items():
        merged.setdefault(key, r)
    return list(merged.values())


def read_records(outdir) -> list[dict]:
    """Every record of ``outdir``: its store and the committed refits the store lacks."""
    outdir = Path(outdir)
    return _with_refits(outdir, ResultStore(outdir / STORE_NAME, readonly=True).records())


def _dumps(record) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def write_refits(outdir, records):
    """Rewrite ``refits.jsonl``: the refit, scaling and fkl records of ``records``.

    Pass records merged with the file's own (as :func:`write_report` does):
    whatever is not in ``records`` is dropped.
    """
    outdir = Path(outdir)
    keep = []
    for r in records:
        if r.get("fold") == REFIT or r.get("experiment") in ("scaling", "fkl"):
            if "grid" in r:  # older records kept the whole grid: keep its size only
                size = len(r["grid"] or [])
                r = {k: v for k, v in r.items() if k != "grid"}
                r.setdefault("grid_size", size)
            keep.append(r)
    if not keep:
        return
    _write_text(outdir / REFITS_NAME, "".join(_dumps(r) + "\n" for r in keep))


def _write_text(path, text):
    """Write ``text`` as UTF-8 with ``\\n`` line ends, atomically; an unchanged file
    is left alone (its time stamp too)."""
    path = Path(path)
    data = text.encode("utf-8")
    if path.is_file() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def _csv(df, path, **kw):
    _write_text(path, df.to_csv(None, lineterminator="\n", **kw))


@contextlib.contextmanager
def _plotly_settings():
    """Plotly's process-wide defaults pinned for the block, so that a figure gives
    the same bytes in any process: the standard library's JSON engine ("auto"
    picks orjson when it is installed, whose output differs) and plotly's own
    theme (importing Streamlit makes its theme the default of new figures)."""
    import plotly.io as pio

    saved = pio.json.config.default_engine, pio.templates.default
    pio.json.config.default_engine, pio.templates.default = "json", "plotly"
    try:
        yield
    finally:
        pio.json.config.default_engine, pio.templates.default = saved


_ESCAPE = re.compile(r"\\(\\|u[0-9a-fA-F]{4})")


def _unescape_non_ascii(text):
    """``\\u00b1`` -> ``±`` in JSON text (not ASCII escapes such as ``\\u003c``,
    nor surrogates): the same characters, written as the orjson engine writes them."""
    def repl(m):
        code = int(m[1][1:], 16) if m[1] != "\\" else 0
        if code >= 0x80 and not 0xD800 <= code <= 0xDFFF:
            return chr(code)
        return m[0]
    return _ESCAPE.sub(repl, text)


#: Names of the folders that hold experiment folders side by side, sharing one plotly.js.
RESULTS_ROOTS = ("results", "gbrff-results")
_SHARED_SRC = "../" + PLOTLYJS_NAME


class ReportError(RuntimeError):
    """A report cannot be written without replacing a file that is not the runner's."""


def _is_plotlyjs(path) -> bool:
    with open(path, "rb") as f:
        return f.read(64).lstrip().startswith(b"/**\n* plotly.js")


def _pages_share(folder) -> bool:
    """Whether the pages already in ``folder`` load plotly.js from its parent."""
    for page in sorted(Path(folder).glob("*.html")):
        with open(page, "rb") as f:
            if f'src="{_SHARED_SRC}"'.encode() in f.read(2048):
                return True
    return False


def _plotlyjs_home(folder):
    """(file, src) of the plotly.js the pages of ``folder`` load.

    ``folder/../plotly.min.js``, one copy for every experiment folder beside it,
    when ``folder`` lies in a results root: a parent named ``results`` or
    ``gbrff-results`` (the committed results, the runs' default root), or a
    parent whose plotly.js bundle the folder's pages load already (a copy of a
    root, a folder of an earlier version). A file of that name that is not a
    plotly.js bundle is a user's own and never replaced. Any other folder (a
    user's ``--out``) is self-contained: ``folder/plotly.min.js``, and nothing
    is written beside it.
    """
    folder = Path(folder)
    shared = folder.parent / PLOTLYJS_NAME
    if shared.is_file():
        in_root = _is_plotlyjs(shared) and (folder.parent.name in RESULTS_ROOTS
                                            or _pages_share(folder))
    else:
        in_root = not shared.exists() and folder.parent.name in RESULTS_ROOTS
    if in_root:
        return shared, _SHARED_SRC
    own = folder / PLOTLYJS_NAME
    if own.exists() and not (own.is_file() and _is_plotlyjs(own)):
        raise ReportError(f"{own} is not a plotly.js bundle and would be replaced by one; "
                          "move it away, or give --out another folder")
    return own, PLOTLYJS_NAME


def _html(fig, path):
    """``fig`` as a page that loads plotly.js from a local file (:func:`_plotlyjs_home`),
    with the file's stem as the element id: the same figure gives the same bytes,
    online or offline."""
    from plotly.offline import get_plotlyjs

    path = Path(path)
    js_path, js_src = _plotlyjs_home(path.parent)
    with _plotly_settings():
        html = fig.to_html(include_plotlyjs=js_src, full_html=True, div_id=path.stem)
    _write_text(js_path, get_plotlyjs())
    _write_text(path, _unescape_non_ascii(html))


def _report_fkl_table(outdir, fkl):
    """``ranks_fkl.csv`` and the Markdown of RFF-SKL, RFF-SQL-SKL, RFF-MKL beside GBRFF2, LightGBM."""
    from ..methods import FKL_BESIDE, FKL_METHODS

    methods = [m for m in FKL_BESIDE + FKL_METHODS if m in set(fkl["method"])]
    first15 = list(TASK_ORDER[:15])
    ranks = pd.DataFrame({"average_rank": average_ranks(fkl, tasks=first15, methods=methods)})
    ranks.index.name = "method"
    _csv(ranks, outdir / "ranks_fkl.csv", float_format="%.4f")
    return ["## Fourier kernel learning beside GBRFF2 and LightGBM", "",
            "RFF-SKL (σ learned), RFF-SQL-SKL (σ fixed) and RFF-MKL (group lasso over one "
            "kernel per feature) of Băzăvan et al. (ECCV 2012), same protocol and splits; "
            "their grids are in `gbrff/methods/_paper_methods.py`. Average ranks over the tasks "
            "of the first 15 on which these five methods all have a result "
            "(`ranks_fkl.csv`).", "",
            table2_markdown(fkl, methods=methods, compare=()), ""]


def _report_table2(outdir, records, n_iter=None):
    """Table 2 reports of the folder's refits (those with ``n_iter`` iterations when given)."""
    from ..viz.paper import table2_diff_figure, table2_figure

    from ..methods import FKL_BESIDE, FKL_METHODS

    runs = table2_runs(records, n_iter=n_iter)
    if runs.empty:
        return False
    _csv(runs, outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    # Fourier kernel learning's methods get a table and ranks of their own
    # (beside GBRFF2 and LightGBM): Table 2's stay the paper's methods'
    fkl = summary[summary["method"].isin(FKL_METHODS + FKL_BESIDE)]
    summary = summary[~summary["method"].isin(FKL_METHODS)]
    fkl_md = _report_fkl_table(outdir, fkl) if fkl["method"].isin(FKL_METHODS).any() else []
    paper = load_paper_table2()
    comp = paper_comparison(summary, paper)
    _csv(comp, outdir / "paper_comparison.csv", index=False, float_format="%.4f")
    first15 = list(TASK_ORDER[:15])
    # Table 2's ranks are among the paper's six methods, as the paper's are; a method
    # beyond the paper (GBRFF2+) beside them gets the ranks of all the table's columns
    in_paper = ([m for m in PAPER_METHODS if m in set(summary["method"])]
                or list(dict.fromkeys(summary["method"])))  # none of the paper's: all of them
    ranks = pd.DataFrame({
        "average_rank": average_ranks(summary, tasks=first15, methods=in_paper),
        "average_rank_with_mean_row": average_ranks(summary, tasks=first15, methods=in_paper,
                                                    include_mean_row=True),
    })
    if set(summary["method"]) - set(in_paper):
        ranks = ranks.join(average_ranks(summary, tasks=first15).rename("average_rank_all_methods"),
                           how="outer")
    ranks.index.name = "method"
    _csv(ranks, outdir / "ranks.csv", float_format="%.4f")
    md = ["# Table 2, reproduced", "",
          "Mean test accuracy ± standard deviation (%) over the n train/test splits "
          "of each cell (section 4.1 protocol); beside each GBRFF number, the "
          "paper's value and the difference (reproduced − paper).", "",
          table2_markdown(summary, paper, ranked=in_paper), "",
          "Average ranks: per task, methods ranked by mean accuracy (1 = best, ties "
          "averaged), averaged over the first 15 tasks on which every method "
          "ranked has a result; among the paper's six methods, as the paper ranks "
          "them (a method beyond the paper, in a column of its own, is ranked with "
          "all the columns in the last row, `average_rank_all_methods` of "
          "`ranks.csv`). The second rank row also ranks the Mean row as a "
          "16th row — the reading that reproduces the ranks printed in the paper "
          "from its own numbers.", "", *_mixed_grids_note(runs.attrs.get("mixed_grids")), *fkl_md]
    _write_text(outdir / "table2.md", "\n".join(md))
    _html(table2_figure(summary, paper), outdir / "table2.html")
    _html(table2_diff_figure(summary, paper,
                             tasks=[t for t in TASK_ORDER if t in set(summary["task"])]),
          outdir / "table2_diff.html")
    return True


def _mixed_grids_note(mixed):
    """A paragraph naming the cells whose splits come from grid searches of different sizes."""
    if not mixed:
        return []
    cells = "; ".join(f"{task} / {method} ("
                      + ", ".join(f"{n} split{'s' if n != 1 else ''} on {size} settings"
                                  for size, n in sizes.items()) + ")"
                      for task, method, sizes in mixed)
    return ["**Cells of mixed grids**: their splits were tuned on grids of different sizes "
            "(a `--grid-values` run and a fuller one into this folder; the larger grid replaces "
            f"the smaller split by split): {cells}.", ""]


def _report_table2_2019(outdir, records, n_iter=None):
    """The 2019 preprint's Table 2: runs, summary, comparison, ranks, Markdown."""
    runs = preprint_runs(records, n_iter=n_iter)
    if runs.empty:
        return False
    _csv(runs, outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    from ._results import PREPRINT_TASK_ORDER, _sort

    summary = _sort(summary, tasks=PREPRINT_TASK_ORDER)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    paper = load_preprint_table2()
    comp = preprint_comparison(summary, paper).drop(columns="close")
    comp["within"] = comp["within"].fillna(False).astype(bool)
    _csv(comp, outdir / "paper_comparison.csv", index=False, float_format="%.4f")
    _csv(preprint_ranks(summary), outdir / "ranks.csv", float_format="%.4f")
    times = runs.groupby(["task", "method"], sort=False)["fit_seconds"].mean().reset_index()
    _csv(_sort(times, tasks=PREPRINT_TASK_ORDER), outdir / "fit_seconds.csv", index=False,
         float_format="%.4f")
    md = ["# Table 2 of the 2019 preprint, reproduced", "",
          "Mean test accuracy ± standard deviation (%) over the n stratified splits of "
          "30 % train / 70 % test of each cell (the preprint's protocol: StandardScaler on "
          "the training part, its grids searched by 5-fold CV, T = 200); below each number "
          "the published value and the difference (reproduced − published), ✗ when it is "
          "more than max(1.5, published std) away.", "",
          preprint_markdown(summary, paper), "",
          "Average ranks over the tasks where every method has a result: rank sums "
          "divided by the number of tasks (ties averaged), and the preprint's printed "
          "reading (rank sums over its 14 tasks divided by 15, ties to the earlier "
          "column). Mean fit time of the final fits: `fit_seconds.csv`.", ""]
    _write_text(outdir / "table2.md", "\n".join(md))
    return True


def _report_landmarks(outdir, records, experiment="landmarks"):
    from ..viz.paper import landmarks_figure

    df = stage_results(records, experiment).rename(columns={"stage": "n_landmarks"})
    if df.empty:
        return False
    _csv(df[["task", "method", "n_landmarks", "split", "seed", "test_accuracy",
             "best_params"]], outdir / "per_split.csv", index=False)
    curve = curve_summary(df, ["method", "n_landmarks"])
    _csv(curve, outdir / "curve.csv", index=False, float_format="%.4f")
    if experiment == "landmarks_2019":
        # the preprint's Fig. 1 per task, and Fig. 2's GBRFF − PBRFF over the tasks
        g = df.groupby(["task", "method", "n_landmarks"], sort=True)["test_accuracy"]
        per_task = pd.DataFrame({"mean": g.mean() * 100, "n_splits": g.size()}).reset_index()
        _csv(per_task, outdir / "per_task.csv", index=False, float_format="%.4f")
        from ..viz.paper import preprint_fig1_figure, preprint_fig2_figure

        _html(preprint_fig1_figure(per_task), outdir / "fig1_landmarks.html")
        gap = preprint_fig2_gap(per_task)
        if len(gap):  # (both methods needed)
            _csv(gap, outdir / "fig2_gap.csv", index=False, float_format="%.4f")
            _html(preprint_fig2_figure(gap), outdir / "fig2_landmarks.html")
        return True
    _html(landmarks_figure(curve), outdir / "fig2_landmarks.html")
    return True


def _report_kbudget(outdir, records):
    from ..viz.paper import kbudget_figure

    df = stage_results(records, "kbudget")
    if df.empty:
        return False
    df["K"] = [json.loads(f).get("n_components") for f in df["fixed"]]
    df["T"] = df["stage"]
    df["budget"] = df["T"] * df["K"]
    _csv(df[["task", "method", "K", "T", "budget", "split", "seed", "test_accuracy",
             "best_params"]], outdir / "per_split.csv", index=False)
    curve = curve_summary(df, ["K", "budget"])
    _csv(curve, outdir / "curve.csv", index=False, float_format="%.4f")
    _html(kbudget_figure(curve), outdir / "fig3_kbudget.html")
    return True


def _report_toy(outdir, records):
    from ..viz.paper import toy_figure

    df = stage_results(records, "toy")
    if df.empty:
        return False
    df["problem"] = df["task"]
    df["n_train"] = [json.loads(d)[2] for d in df["data"]]
    _csv(df[["problem", "method", "n_train", "split", "seed", "test_accuracy",
             "best_params"]], outdir / "per_split.csv", index=False)
    g = df.groupby(["problem", "method", "n_train"], sort=False)["test_accuracy"]
    curve = pd.DataFrame({"mean": g.mean() * 100,
                          "std": g.agg(lambda a: a.std(ddof=0)) * 100,
                          "n_splits": g.size()}).reset_index()
    _csv(curve, outdir / "curve.csv", index=False, float_format="%.4f")
    _html(toy_figure(curve), outdir / "fig5_toy.html")
    return True


def _report_scaling(outdir, records, time_limit=None):
    from ..viz.paper import scaling_figure
    from ._layout import scaling_time_limit

    if time_limit is None:  # the 'report' command: the limit of the last run
        time_limit = scaling_time_limit(outdir)
    times = scaling_frame(records)
    if times.empty:
        return False
    _csv(times, outdir / "times.csv", index=False, float_format="%.6f")
    _html(scaling_figure(times, time_limit=time_limit), outdir / "fig4_scaling.html")
    return True


def _report_thesis(outdir, records):
    from ..viz.thesis import thesis_figure
    from ._thesis import findings_markdown, thesis_findings, thesis_markdown, thesis_runs, thesis_summary

    runs = thesis_runs(records)
    if runs.empty:
        return False
    _csv(runs, outdir / "runs.csv", index=False)
    summary = thesis_summary(runs)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    md = ["# Random features with linear models, trees and ensembles (Ribes, 2019), reproduced", "",
          "Test error (%) ± standard deviation over the n stratified 70/30 splits of each cell, "
          "and the mean time of the final fit on the training part (seconds, one core). "
          "C and min_impurity_decrease chosen by 5-fold CV where the thesis tunes them; "
          "ensembles: 50 members made to overfit (C = 1000, min_impurity_decrease = 0).", "",
          thesis_markdown(summary), "", "## The thesis's findings, checked", "",
          findings_markdown(thesis_findings(summary, runs)), ""]
    _write_text(outdir / "thesis.md", "\n".join(md))
    _html(thesis_figure(summary), outdir / "thesis.html")
    return True


def _report_defaults(outdir, records):
    """The out-of-the-box run: Table 2's runs.csv and summary.csv, and defaults.md."""
    from ._results import RUNS_COLUMNS, _sort

    df = stage_results(records, "defaults")
    if df.empty:
        return False
    runs = _sort(df[RUNS_COLUMNS])
    _csv(runs, outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    _csv(summary, outdir / "summary.csv", index=False, float_format="%.4f")
    raw = sorted({json.loads(d)[0] for d in df["data"]}) == ["uci-raw"]
    seconds = runs.groupby("method", sort=False)["fit_seconds"].mean()
    md = ["# Out of the box: every method at its own defaults", "",
          "Mean test accuracy ± standard deviation (%) over the n splits of each cell: "
          "Table 2's stratified 70/30 splits and seeds, no grid search, each method at "
          "its defaults (`MethodSpec.make_default`: the estimator as a user builds it, "
          "one thread), fit on the " + ("raw features (no scaler)." if raw else
                                         "features standardised on the training part."), "",
          table2_markdown(summary, compare=()), "",
          "Mean fit time on the training part (seconds, one thread): "
          + ", ".join(f"{m} {v:.3f}" for m, v in seconds.items()) + ".", ""]
    _write_text(outdir / "defaults.md", "\n".join(md))
    return True


def _report_fkl(outdir, records):
    """Fourier kernel learning's scaling run: ``fkl.csv`` and ``fkl.html``."""
    from ..viz.fkl import scaling_figure
    from ._fkl import fkl_frame

    df = fkl_frame(records)
    if df.empty:
        return False
    _csv(df, outdir / "fkl.csv", index=False, float_format="%.6g")
    _html(scaling_figure(df), outdir / "fkl.html")
    return True


def write_report(experiment, outdir, records=None, **kw) -> bool:
    """(Re)write every report file of ``experiment`` in ``outdir``.

    ``records`` (default: the folder's store) are merged with the folder's
    ``refits.jsonl`` first, so that no committed refit is lost.  Returns
    whether there was a result to report: without one (no refit of the
    experiment yet) no report file is written, and none is replaced by an
    empty one.
    """
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    records = read_records(outdir) if records is None else _with_refits(outdir, records)
    write_refits(outdir, records)
    with _plotly_settings():
        return {"table2": _report_table2, "table2_2019": _report_table2_2019,
         "landmarks": _report_landmarks,
         "landmarks_2019": lambda o, r: _report_landmarks(o, r, "landmarks_2019"),
         "kbudget": _report_kbudget, "toy": _report_toy,
         "scaling": _report_scaling, "thesis": _report_thesis,
         "fkl": _report_fkl, "defaults": _report_defaults}[experiment](outdir, records, **kw)
