"""Append-only JSON-lines result store: one line per finished unit of work.

A run writes each finished unit at once (one ``write`` of one line, then a
flush), so a run killed at any moment loses at most the unit being written.
On opening, a torn last line (a line without its newline) is cut off; a key
seen twice keeps its first record.  Only the driver process writes, and an
exclusive ``flock`` stops two runs from sharing one store.
"""

from __future__ import annotations

import fcntl
import json
import os
import sys
from pathlib import Path

__all__ = ["ResultStore", "StoreLockedError", "make_key"]


class StoreLockedError(RuntimeError):
    """Another process holds the store open for writing."""


def make_key(*parts) -> str:
    """A stable text key for a unit of work (JSON of its identifying parts)."""
    return json.dumps(list(parts), sort_keys=True, separators=(",", ":"))


class ResultStore:
    """Results of finished units, keyed by their key, in a JSONL file.

    A run writes each finished unit at once (one line, then a flush), so a
    run killed at any moment loses at most the unit being written; on
    opening, a torn last line is cut off and a key seen twice keeps its first
    record. An exclusive lock stops two runs from sharing one store. It is a
    context manager (``with ResultStore(path) as store:``).

    Parameters
    ----------
    path : str or Path
        The ``.jsonl`` file; created with its folder if missing.
    readonly : bool, default=False
        Read the records without locking or repairing the file.
    fsync : bool, default=False
        Also ``os.fsync`` after each record (survives power loss, not only a
        killed process; slower).

    Raises
    ------
    StoreLockedError
        If another process holds the store open for writing.

    See Also
    --------
    run_groups : Runs the units a store lacks.

    Examples
    --------
    >>> import tempfile, pathlib
    >>> from gbrff.experiments import ResultStore
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     with ResultStore(pathlib.Path(folder) / "results.jsonl") as store:
    ...         store.add({"key": "a", "score": 0.9}), store.add({"key": "a", "score": 0.1})
    ...         store.get("a")["score"], len(store)
    (True, False)
    (0.9, 1)
    """

    def __init__(self, path, readonly=False, fsync=False):
        self.path = Path(path)
        self.readonly = readonly
        self.fsync = fsync
        self._records: dict[str, dict] = {}
        self._fh = None
        if readonly:
            if self.path.exists():
                self._parse(self.path.read_bytes())
            return
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._fh = open(self.path, "a+b")
        try:
            fcntl.flock(self._fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self._fh.close()
            raise StoreLockedError(
                f"{self.path} is in use by another run; wait for it to end"
            ) from None
        self._fh.seek(0)
        data = self._fh.read()
        end = data.rfind(b"\n") + 1
        if end < len(data):  # torn last line from a killed run: cut it off
            print(f"[store] {self.path}: dropping a torn last line "
                  f"({len(data) - end} bytes)", file=sys.stderr)
            self._fh.truncate(end)
            data = data[:end]
        self._parse(data)
        self._fh.seek(0, os.SEEK_END)

    def _parse(self, data: bytes):
        for line in data.split(b"\n"):
            if not line.strip():
                continue
            try:
                rec = json.loads(line)
            except ValueError:
                continue  # only a torn line can fail (read-only view of a live file)
            self._records.setdefault(rec["key"], rec)

    def __contains__(self, key) -> bool:
        return key in self._records

    def __len__(self) -> int:
        return len(self._records)

    def get(self, key, default=None):
        """The record of ``key``, or ``default``.

        Parameters
        ----------
        key : str
            A unit's key.
        default : object, default=None
            Returned when the key is not stored.

        Returns
        -------
        dict or object
            The record, or ``default``.
        """
        return self._records.get(key, default)

    def records(self) -> list[dict]:
        """All records, in the order they were first written.

        Returns
        -------
        list of dict
            The records.
        """
        return list(self._records.values())

    def add(self, record: dict) -> bool:
        """Append ``record`` unless its key is stored.

        Parameters
        ----------
        record : dict
            A record with a ``"key"``.

        Returns
        -------
        bool
            True when the record was written.

        Raises
        ------
        RuntimeError
            If the store was opened read-only.
        """
        if self._fh is None:
            raise RuntimeError("store opened read-only")
        key = record["key"]
        if key in self._records:
            return False
        line = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
        self._fh.write((line + "\n").encode("utf-8"))
        self._fh.flush()
        if self.fsync:
            os.fsync(self._fh.fileno())
        self._records[key] = record
        return True

    def close(self):
        """Close the file and release its lock (a read-only store has none)."""
        if self._fh is not None:
            self._fh.close()
            self._fh = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
