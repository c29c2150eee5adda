"""Figs. 1-2 of the 2019 preprint of GBRFF (Gautheron et al., arXiv 2019) under its protocol.

Its 14 tasks, 30/70 splits and grids; PBRFF, GBRFF-LS and GBRFF-LS-random
against the number of landmarks 1, 3, 5, 10, 25, 200; run by
``landmarks --protocol 2019``.  Reports: ``per_split.csv``, ``curve.csv``,
``per_task.csv`` (Fig. 1 per task), ``fig1_landmarks.html``, and Fig. 2's
GBRFF − PBRFF gap ``fig2_gap.csv``, ``fig2_gap.md``, ``fig2_landmarks.html``.
"""

from __future__ import annotations

import pandas as pd

from .._arguments import n_features
from .._reports import write_csv as _csv
from .._reports import write_html as _html
from .._reports import write_text as _write_text
from .._results import load_preprint_fig2, preprint_fig2_gap
from .landmarks import LANDMARKS, landmark_curves
from .table2_2019 import Preprint, preprint_groups

__all__ = ["LANDMARKS_2019", "fig2_gap_markdown"]


def fig2_gap_markdown(gap, paper=None) -> str:
    """``fig2_gap.md``: :func:`preprint_fig2_gap`'s table, reproduced / the preprint's text."""
    paper = (load_preprint_fig2() if paper is None else paper).set_index("n_landmarks")

    def published(n, col, fmt):
        v = paper[col].get(n) if col in paper else None
        return "" if v is None or pd.isna(v) else " / " + format(v, fmt)

    cols = [int(n) for n in gap["n_landmarks"]]
    rows = gap.set_index("n_landmarks")

    def line(name, fn):
        return f"| {name} | " + " | ".join(fn(n, rows.loc[n]) for n in cols) + " |"

    def wins(n, r):
        tie = f" ({int(r['ties'])} tie{'s' if r['ties'] != 1 else ''})" if r["ties"] else ""
        return f"{int(r['gbrff_wins'])} of {int(r['n_tasks'])}{tie}" + published(n, "gbrff_wins", ".0f")

    def splits(n, r):
        lo, hi = int(r["min_splits"]), int(r["max_splits"])
        return str(lo) if lo == hi else f"{lo}–{hi}"

    return "\n".join([
        "# Fig. 2 of the 2019 preprint, reproduced", "",
        ("Mean test accuracy (%) over the tasks where both methods have results, GBRFF "
         "(2019, GBRFF-LS) against PBRFF, per number of landmarks: reproduced / the "
         "preprint's text where it gives a number (its figure prints none). Gap: GBRFF − "
         "PBRFF; wins: the tasks where GBRFF is strictly better."), "",
        "| landmarks | " + " | ".join(str(n) for n in cols) + " |",
        "|" + "---|" * (len(cols) + 1),
        line("PBRFF", lambda n, r: f"{r['pbrff_mean']:.2f}" + published(n, "pbrff_mean", ".2f")),
        line("GBRFF (2019)", lambda n, r: f"{r['gbrff_mean']:.2f}" + published(n, "gbrff_mean", ".2f")),
        line("gap", lambda n, r: f"{r['gap']:+.2f}" + published(n, "gap", "+.2f")),
        line("GBRFF wins", wins),
        line("splits a cell", splits),
    ]) + "\n"


class LandmarksPreprint(Preprint):
    """The preprint's Figs. 1-2 (``landmarks --protocol 2019``)."""

    name = "landmarks_2019"
    runs_under = LANDMARKS
    tables = {"landmarks_2019": "per_task.csv"}

    def fill_defaults(self, args):
        args.tasks = args.tasks or "preprint"
        args.methods = args.methods or "PBRFF,GBRFF-LS,GBRFF-LS-random"
        args.landmarks = args.landmarks or [1, 3, 5, 10, 25, 200]

    def plan(self, args, ctx, chosen):
        tasks = chosen["tasks"]
        return preprint_groups(ctx, tasks, chosen["methods"], stages=args.landmarks,
                               experiment=self.name, n_features=n_features(args, ctx, tasks),
                               n_splits=args.n_splits, first_split=args.first_split,
                               base_seed=args.seed, n_values=args.grid_values or None)

    def report(self, outdir, records):
        from ...viz.paper import preprint_fig1_figure, preprint_fig2_figure

        df, _ = landmark_curves(outdir, records, self.name)
        if df is None:
            return False
        # the preprint's Fig. 1 per task, and Fig. 2's GBRFF − PBRFF over the tasks
        g = df.groupby(["task", "method", "n_landmarks"], sort=True)["test_accuracy"]
        per_task = pd.DataFrame({"mean": g.mean() * 100, "n_splits": g.size()}).reset_index()
        _csv(per_task, outdir / "per_task.csv", index=False, float_format="%.4f")
        _html(preprint_fig1_figure(per_task), outdir / "fig1_landmarks.html")
        gap = preprint_fig2_gap(per_task)
        if len(gap):  # (both methods needed)
            _csv(gap, outdir / "fig2_gap.csv", index=False, float_format="%.4f")
            _write_text(outdir / "fig2_gap.md", fig2_gap_markdown(gap))
            _html(preprint_fig2_figure(gap), outdir / "fig2_landmarks.html")
        return True


LANDMARKS_2019 = LandmarksPreprint()
