"""Retire a redefined method's results: its records moved to a folder of their own, renamed.

When a registry method is redefined (issue 49 redefines ``GBRFF2+``), its
committed records and the new definition's would share the method's name
and, with an unchanged grid, its refit keys and grid ids: a report keeps,
split by split, the first refit of the grid (the old one, since
``refits.jsonl`` comes first), a run would find the old definition's CV
units done in a store, and whatever averages every record of the name mixes
the two definitions. :func:`retire_method` moves every record of the old
definition out of the folder (``refits.jsonl``, and ``store.jsonl`` if there
is one) into another results folder under a new name (``"GBRFF2+ (2026-11)"``),
with the keys rewritten to the new name, so that the old rows stay findable
and reportable (``python -m gbrff.experiments report table2 --out <dest>``)
and the rerun starts from nothing under the old name.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from ._reports import REFITS_NAME, STORE_NAME, _dumps, _write_text
from ._store import ResultStore, make_key

__all__ = ["retire_method"]

_METHOD_IN_KEY = 4  # Unit.key: (experiment, data, split, seed, method, ...)


def _renamed(record, method, new_name):
    parts = json.loads(record["key"])
    if parts[_METHOD_IN_KEY] != method:
        raise ValueError(f"record {record['key']!r} is of method {record.get('method')!r} but its "
                         f"key names {parts[_METHOD_IN_KEY]!r}: not a unit key of this runner")
    parts[_METHOD_IN_KEY] = new_name
    return {**record, "method": new_name, "key": make_key(*parts)}


def retire_method(outdir, method, new_name, dest) -> dict:
    """Move every record of ``method`` from ``outdir`` to ``dest``, renamed ``new_name``.

    ``refits.jsonl`` and ``store.jsonl`` of ``outdir`` are rewritten without
    the method's records; ``dest`` (another results folder, created if
    missing) receives them in files of the same names, appended to what it
    holds (a record whose renamed key is there already is not written twice),
    and a copy of ``outdir``'s ``meta.json`` if it has none. Not while a run
    writes to ``outdir``.

    Parameters
    ----------
    outdir : str or Path
        The results folder (e.g. ``results/table2``).
    method : str
        The method whose records leave it (e.g. ``"GBRFF2+"``).
    new_name : str
        Their method name in ``dest`` (e.g. ``"GBRFF2+ (2026-11)"``).
    dest : str or Path
        The folder they go to (e.g. ``results/table2_superseded``).

    Returns
    -------
    dict
        ``{file name: number of records moved}``.

    Raises
    ------
    ValueError
        If ``new_name`` equals ``method``, ``dest`` is ``outdir``, or the folder
        holds no record of ``method``.
    StoreLockedError
        If a run holds ``outdir``'s store.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from gbrff.experiments import REFIT, Context, Group, run_unit, write_report
    >>> from gbrff.experiments._retire import retire_method
    >>> g = Group("table2", ("toy", "moons", 60, 60), 0, 0, "GBRFF2", [{"gamma": 0.5}], 10)
    >>> with tempfile.TemporaryDirectory() as root:
    ...     out, old = pathlib.Path(root, "table2"), pathlib.Path(root, "table2_superseded")
    ...     write_report("table2", out, [run_unit(Context(), g.unit({"gamma": 0.5}, REFIT))])
    ...     moved = retire_method(out, "GBRFF2", "GBRFF2 (old)", old)
    ...     [r["method"] for r in map(json.loads, open(old / "refits.jsonl"))]
    True
    ['GBRFF2 (old)']
    >>> moved
    {'refits.jsonl': 1}
    """
    outdir, dest = Path(outdir), Path(dest)
    if not new_name or new_name == method:
        raise ValueError(f"the retired records need a name of their own, not {new_name!r}")
    if dest.resolve() == outdir.resolve():
        raise ValueError(f"retire into another folder than {outdir}")
    moved, kept = {}, {}
    for name in (REFITS_NAME, STORE_NAME):
        path = outdir / name
        if not path.is_file():
            continue
        if name == STORE_NAME:  # refuses (StoreLockedError) while a run writes to it
            ResultStore(path).close()
        records = ResultStore(path, readonly=True).records()
        kept[name] = [r for r in records if r.get("method") != method]
        moved[name] = [_renamed(r, method, new_name) for r in records if r.get("method") == method]
    if not any(moved.values()):
        raise ValueError(f"{outdir} holds no record of method {method!r}")
    dest.mkdir(parents=True, exist_ok=True)
    for name, records in moved.items():
        if not records:
            continue
        with ResultStore(dest / name) as there:
            for r in records:
                there.add(r)
        _write_text(outdir / name, "".join(_dumps(r) + "\n" for r in kept[name]))
    if (outdir / "meta.json").is_file() and not (dest / "meta.json").is_file():
        shutil.copyfile(outdir / "meta.json", dest / "meta.json")
    return {name: len(records) for name, records in moved.items() if records}
