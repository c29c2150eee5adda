"""What every experiment's plan is made of: its splits, the width of each task's data.

Each experiment's own groups of fits are built in its module of
:mod:`gbrff.experiments.catalog` (``table2_groups``, ``landmark_groups``, ...)
with these helpers and :class:`~gbrff.experiments._protocol.Group`.
"""

from __future__ import annotations

import numpy as np

from ._protocol import _resolve, split_seed

__all__ = ["n_features_of", "splits"]


def n_features_of(ctx, task) -> int:
    """The number of features of UCI task ``task`` (its data file read)."""
    X, _ = _resolve(ctx.uci_loader)(task, data_dir=ctx.data_dir)
    return int(np.asarray(X).shape[1])


def splits(n_splits, first_split, base_seed):
    """(split index, seed) of each split: seeds ``base_seed + split``."""
    return [(s, split_seed(base_seed, s)) for s in range(first_split, first_split + n_splits)]
