"""Axes and counts that read the same at any size of run: one task, one split, one point, or all of them.

A run may produce a single point (one size, one number of landmarks, one split). Plotly's automatic
axis then invents a range around it: fractions of a landmark (0, 0.5, 1, 1.5, 2), a decade of minor
log labels (5 6 7 8 9 on top of each other), an accuracy axis from −0.3 to 1.6. These helpers give
the axes of counts their ticks at the values run, and the titles their singulars.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

__all__ = ["count", "span", "count_axis", "log_range"]


def span(values) -> str:
    """'20' or '3–20' for a set of counts ('0' for none)."""
    values = [int(v) for v in values if pd.notna(v)]
    if not values:
        return "0"
    lo, hi = min(values), max(values)
    return f"{lo}" if lo == hi else f"{lo}–{hi}"


def count(values, noun, plural=None) -> str:
    """'1 split', '20 splits', '3–20 splits': a set of counts with its noun, singular only for exactly one."""
    text = span(values)
    return f"{text} {noun if text == '1' else (plural or noun + 's')}"


def count_axis(values, log=False, min_gap=0.25, max_ticks=8) -> dict:
    """Axis properties (for ``update_xaxes``) of a count run at ``values`` (landmarks, sizes, budgets).

    On a log axis the ticks are the values run, leaving out one less than ``min_gap`` decades from the
    previous (no minor labels); on a linear axis they are the values run when there are at most
    ``max_ticks`` of them, Plotly's own otherwise. A single value gets a range around it (half a decade
    each side on a log axis, one unit on a linear one) instead of Plotly's guess.
    """
    vals = sorted({float(v) for v in values if pd.notna(v) and (not log or v > 0)})
    if not vals:
        return {}
    out = {}
    if log:
        ticks = []
        for v in vals:
            if not ticks or math.log10(v / ticks[-1]) >= min_gap:
                ticks.append(v)
        out["tickvals"] = ticks
        if len(vals) == 1:
            out["range"] = [math.log10(vals[0]) - 0.5, math.log10(vals[0]) + 0.5]
    else:
        if len(vals) <= max_ticks:
            out["tickvals"] = vals
        if len(vals) == 1:
            out["range"] = [vals[0] - 1, vals[0] + 1]
    if "tickvals" in out:
        out["tickangle"] = 0
    return out


def log_range(values) -> list | None:
    """A log axis's range (powers of ten) from the decade at or below the smallest of ``values`` to the one
    at or above the largest, at least one decade wide: with ``dtick=1`` it always shows two labelled
    ticks, never Plotly's minor digits crowded into a narrow range."""
    vals = np.asarray([v for v in values if pd.notna(v) and v > 0], dtype=float)
    if not len(vals):
        return None
    lo, hi = math.floor(math.log10(vals.min()) - 0.02), math.ceil(math.log10(vals.max()) + 0.02)
    return [lo, max(hi, lo + 1)]
