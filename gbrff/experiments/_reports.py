"""Write the reports of each experiment from its store: CSV, Markdown, HTML figures.

Files under an experiment's folder (``results/<experiment>/``):

- ``store.jsonl`` — every finished unit (local and git-ignored: it is large);
- ``refits.jsonl`` — the refit records only (committed; enough to rebuild
  every report with ``python -m gbrff.experiments report``);
- ``meta.json`` — wall time, cores, host, backend and options of every run;
- table2: ``runs.csv``, ``summary.csv``, ``table2.md``, ``paper_comparison.csv``,
  ``ranks.csv``, ``table2.html``, ``table2_diff.html``;
- landmarks / kbudget / toy: ``per_split.csv``, ``curve.csv`` and the figure;
- scaling: ``times.csv`` and the figure.
"""

from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from ._protocol import REFIT
from ._results import (TASK_ORDER, average_ranks, curve_summary, load_paper_table2,
                       paper_comparison, stage_results, table2_markdown, table2_runs,
                       table2_summary)
from ._scaling import scaling_frame
from ._store import ResultStore

__all__ = ["STORE_NAME", "REFITS_NAME", "read_records", "write_refits", "write_report"]

STORE_NAME = "store.jsonl"
REFITS_NAME = "refits.jsonl"


def read_records(outdir) -> list[dict]:
    """Records of the store in ``outdir``, else of its committed ``refits.jsonl``."""
    outdir = Path(outdir)
    if (outdir / STORE_NAME).exists():
        return ResultStore(outdir / STORE_NAME, readonly=True).records()
    return ResultStore(outdir / REFITS_NAME, readonly=True).records()


def write_refits(outdir, records):
    """Rewrite ``refits.jsonl`` from the store (refit and scaling records only)."""
    outdir = Path(outdir)
    keep = []
    for r in records:
        if r.get("fold") == REFIT or r.get("experiment") == "scaling":
            if "grid" in r:  # older records kept the whole grid: keep its size only
                size = len(r["grid"] or [])
                r = {k: v for k, v in r.items() if k != "grid"}
                r.setdefault("grid_size", size)
            keep.append(r)
    if not keep:
        return
    tmp = outdir / (REFITS_NAME + ".tmp")
    with open(tmp, "w") as fh:
        for r in keep:
            fh.write(json.dumps(r, sort_keys=True, separators=(",", ":")) + "\n")
    tmp.replace(outdir / REFITS_NAME)


def _html(fig, path):
    fig.write_html(path, include_plotlyjs="cdn", full_html=True)


def _report_table2(outdir, records, n_iter=100):
    """Table 2 reports of the refits with ``n_iter`` iterations."""
    from ..viz.paper import table2_diff_figure, table2_figure

    runs = table2_runs(records, n_iter=n_iter)
    runs.to_csv(outdir / "runs.csv", index=False)
    summary = table2_summary(runs)
    summary.to_csv(outdir / "summary.csv", index=False, float_format="%.4f")
    if summary.empty:
        return
    paper = load_paper_table2()
    comp = paper_comparison(summary, paper)
    comp.to_csv(outdir / "paper_comparison.csv", index=False, float_format="%.4f")
    first15 = list(TASK_ORDER[:15])
    ranks = pd.DataFrame({
        "average_rank": average_ranks(summary, tasks=first15),
        "average_rank_with_mean_row": average_ranks(summary, tasks=first15,
                                                    include_mean_row=True),
    })
    ranks.index.name = "method"
    ranks.to_csv(outdir / "ranks.csv", float_format="%.4f")
    md = ["# Table 2, reproduced", "",
          "Mean test accuracy ± standard deviation (%) over the n train/test splits "
          "of each cell (section 4.1 protocol); beside each GBRFF number, the "
          "paper's value and the difference (reproduced − paper).", "",
          table2_markdown(summary, paper), "",
          "Average ranks: per task, methods ranked by mean accuracy (1 = best, ties "
          "averaged), averaged over the first 15 tasks on which every method "
          "listed has a result. The second rank row also ranks the Mean row as a "
          "16th row — the reading that reproduces the ranks printed in the paper "
          "from its own numbers.", ""]
    (outdir / "table2.md").write_text("\n".join(md))
    _html(table2_figure(summary, paper), outdir / "table2.html")
    _html(table2_diff_figure(summary, paper,
                             tasks=[t for t in TASK_ORDER if t in set(summary["task"])]),
          outdir / "table2_diff.html")


def _report_landmarks(outdir, records):
    from ..viz.paper import landmarks_figure

    df = stage_results(records, "landmarks").rename(columns={"stage": "n_landmarks"})
    df[["task", "method", "n_landmarks", "split", "seed", "test_accuracy",
        "best_params"]].to_csv(outdir / "per_split.csv", index=False)
    if df.empty:
        return
    curve = curve_summary(df, ["method", "n_landmarks"])
    curve.to_csv(outdir / "curve.csv", index=False, float_format="%.4f")
    _html(landmarks_figure(curve), outdir / "fig2_landmarks.html")


def _report_kbudget(outdir, records):
    from ..viz.paper import kbudget_figure

    df = stage_results(records, "kbudget")
    df["K"] = [json.loads(f).get("n_components") for f in df["fixed"]]
    df["T"] = df["stage"]
    df["budget"] = df["T"] * df["K"]
    df[["task", "method", "K", "T", "budget", "split", "seed", "test_accuracy",
        "best_params"]].to_csv(outdir / "per_split.csv", index=False)
    if df.empty:
        return
    curve = curve_summary(df, ["K", "budget"])
    curve.to_csv(outdir / "curve.csv", index=False, float_format="%.4f")
    _html(kbudget_figure(curve), outdir / "fig3_kbudget.html")


def _report_toy(outdir, records):
    from ..viz.paper import toy_figure

    df = stage_results(records, "toy")
    df["problem"] = df["task"]
    df["n_train"] = [json.loads(d)[2] for d in df["data"]]
    df[["problem", "method", "n_train", "split", "seed", "test_accuracy",
        "best_params"]].to_csv(outdir / "per_split.csv", index=False)
    if df.empty:
        return
    g = df.groupby(["problem", "method", "n_train"], sort=False)["test_accuracy"]
    curve = pd.DataFrame({"mean": g.mean() * 100,
                          "std": g.agg(lambda a: a.std(ddof=0)) * 100,
                          "n_splits": g.size()}).reset_index()
    curve.to_csv(outdir / "curve.csv", index=False, float_format="%.4f")
    _html(toy_figure(curve), outdir / "fig5_toy.html")


def _report_scaling(outdir, records, time_limit=None):
    from ..viz.paper import scaling_figure
    from ._layout import scaling_time_limit

    if time_limit is None:  # the 'report' command: the limit of the last run
        time_limit = scaling_time_limit(outdir)
    times = scaling_frame(records)
    times.to_csv(outdir / "times.csv", index=False, float_format="%.6f")
    if not times.empty:
        _html(scaling_figure(times, time_limit=time_limit), outdir / "fig4_scaling.html")


def write_report(experiment, outdir, records=None, **kw):
    """(Re)write every report file of ``experiment`` in ``outdir``."""
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    records = read_records(outdir) if records is None else records
    write_refits(outdir, records)
    {"table2": _report_table2, "landmarks": _report_landmarks,
     "kbudget": _report_kbudget, "toy": _report_toy,
     "scaling": _report_scaling}[experiment](outdir, records, **kw)
