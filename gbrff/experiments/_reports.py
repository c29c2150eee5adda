"""The files of a results folder, written the same byte for byte: CSV, Markdown, HTML figures.

Files under an experiment's folder (``gbrff-results/<experiment>/`` by default,
``results/<experiment>/`` for the committed results):

- ``store.jsonl`` — every finished unit (local and git-ignored: it is large);
- ``refits.jsonl`` — the refit records only (committed; enough to rebuild
  every report with ``python -m gbrff.experiments report``).  It only grows:
  a report adds the store's refits to it and never drops one, so a run in a
  fresh clone (no store) loses none of the committed refits;
- ``meta.json`` — options, host, CPU and BLAS of every run from its start, then
  how it ended (``status``), its wall time, cores and backend;
- the report's own files, which each experiment's module in
  :mod:`gbrff.experiments.catalog` lists and writes with the helpers here.

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

from ._protocol import REFIT
from ._store import ResultStore

__all__ = ["STORE_NAME", "REFITS_NAME", "PLOTLYJS_NAME", "RESULTS_ROOTS", "ReportError", "read_records",
           "write_refits", "write_text", "write_csv", "write_html"]

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
    """Every record of a results folder: its store and the committed refits the store lacks.

    Parameters
    ----------
    outdir : str or Path
        An experiment's results folder (``store.jsonl``, ``refits.jsonl``).

    Returns
    -------
    list of dict
        The refits of ``refits.jsonl`` first (each replaced by the store's
        record of the same key when there is one), then the store's other
        records.

    See Also
    --------
    write_report : Writes ``refits.jsonl`` with the reports.

    Examples
    --------
    >>> import pathlib, tempfile
    >>> from gbrff.experiments import ResultStore, read_records
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with ResultStore(pathlib.Path(folder) / "store.jsonl") as store:
    ...         _ = store.add({"key": "a", "fold": 0, "score": 0.9})
    ...     records = read_records(folder)
    >>> [r["key"] for r in records]
    ['a']
    """
    outdir = Path(outdir)
    return _with_refits(outdir, ResultStore(outdir / STORE_NAME, readonly=True).records())


def _dumps(record) -> str:
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def write_refits(outdir, records, keep_all=()):
    """Rewrite ``refits.jsonl``: the refit records of ``records``, and every record of
    the experiments named in ``keep_all`` (those whose every record is a result).

    Pass records merged with the file's own (as ``write_report`` does):
    whatever is not in ``records`` is dropped.
    """
    outdir = Path(outdir)
    keep = []
    for r in records:
        if r.get("fold") == REFIT or r.get("experiment") in keep_all:
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


#: The helpers each experiment's report writes its files with (the same bytes from the same
#: records); ``write_text`` looks ``_write_text`` up at each call, so that a test can stand in
#: for the disk.
def write_text(path, text):
    _write_text(path, text)


write_csv = _csv
write_html = _html
