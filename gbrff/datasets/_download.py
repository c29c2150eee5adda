"""Fetch the UCI tasks' files, verify their SHA-256, resume or skip.

Two kinds of source:

* the original one recorded in the registry (UCI, KEEL, LIBSVM), turned into
  the pinned file by the entry's ``convert`` rule (``raw``, ``zip``, ``keel``,
  ``keel-body``, ``whitespace``; ``manual`` entries cannot be rebuilt
  automatically);
* a mirror: ``base_url`` (or the environment variable ``GBRFF_DATA_URL``)
  serving the pinned files under their registry paths, e.g.
  ``{base_url}/wine/wine.data``.

Every file is downloaded to ``<path>.part`` (resumed with an HTTP Range
request when a partial file is there and the server honours it), checked
against its digest and only then moved into place. A file already present
with the right digest is skipped.
"""

import io
import math
import os
import re
import urllib.error
import urllib.request
import zipfile
from pathlib import Path

from ._uci import (PREPRINT_TASKS, THESIS_TASKS, UCI_TASKS, UNAVAILABLE_TASKS, DataNotFoundError, _task,
                   registry, resolve_data_dir, sha256_of)

__all__ = ["download"]

_CHUNK = 1 << 16


def _fetch(url, part, timeout):
    """Download ``url`` into ``part``, resuming from its current size if possible."""
    start = part.stat().st_size if part.exists() else 0
    request = urllib.request.Request(url)
    if start:
        request.add_header("Range", f"bytes={start}-")
    try:
        response = urllib.request.urlopen(request, timeout=timeout)
    except urllib.error.HTTPError as exc:
        if start and exc.code == 416:  # the partial file is already complete
            return True
        raise
    with response:
        resumed = start and getattr(response, "status", 200) == 206
        with open(part, "ab" if resumed else "wb") as out:
            for block in iter(lambda: response.read(_CHUNK), b""):
                out.write(block)
    return bool(resumed)


def _keel_to_csv(raw):
    lines = raw.decode("utf-8").splitlines(keepends=True)
    body = [ln for ln in lines if not ln.lstrip().startswith("@")]
    return re.sub(r",[ \t]+", ",", "".join(body)).encode("utf-8")


def _keel_body(raw):
    """KEEL's rows as they are (', ' separators kept), the '@' header lines dropped."""
    lines = raw.decode("utf-8").splitlines(keepends=True)
    return "".join(ln for ln in lines if not ln.lstrip().startswith("@")).encode("utf-8")


def _whitespace_to_csv(raw):
    lines = raw.decode("utf-8").splitlines()
    return "".join(",".join(ln.split()) + "\n" for ln in lines if ln.strip()).encode("utf-8")


def _convert(raw, source):
    kind = source["convert"]
    if kind == "raw":
        return raw
    if kind in ("zip", "keel", "keel-body"):
        with zipfile.ZipFile(io.BytesIO(raw)) as zf:
            member = next(n for n in zf.namelist() if n.rsplit("/", 1)[-1] == source["member"])
            raw = zf.read(member)
        if kind == "keel":
            return _keel_to_csv(raw)
        return _keel_body(raw) if kind == "keel-body" else raw
    if kind == "whitespace":
        return _whitespace_to_csv(raw)
    raise ValueError(f"unknown conversion {kind!r}")


def _download_file(entry, target, base_url, timeout, log):
    """Bring one registry file into ``target``; return "skipped" or "downloaded"."""
    if target.is_file() and sha256_of(target) == entry["sha256"]:
        log(f"  {entry['path']}: present, SHA-256 ok, skipped")
        return "skipped"
    target.parent.mkdir(parents=True, exist_ok=True)
    part = target.with_name(target.name + ".part")
    source = entry["source"]
    if base_url:
        url = base_url.rstrip("/") + "/" + entry["path"]
        resumed = _fetch(url, part, timeout)
        log(f"  {entry['path']}: {'resumed' if resumed else 'fetched'} from {url}")
    else:
        if source["convert"] in ("manual", "none") or not source.get("url"):
            raise DataNotFoundError(
                f"{entry['path']} cannot be rebuilt from its original source automatically "
                f"({source.get('note', 'no original URL')}). Expected SHA-256 {entry['sha256']}; "
                "download it from a mirror with --base-url URL (or GBRFF_DATA_URL)."
            )
        url = source["url"]
        raw_part = target.with_name(target.name + ".orig.part")
        _fetch(url, raw_part, timeout)
        part.write_bytes(_convert(raw_part.read_bytes(), source))
        raw_part.unlink()
        log(f"  {entry['path']}: fetched from {url} ({source['convert']})")
    digest = sha256_of(part)
    if digest != entry["sha256"]:
        part.unlink()
        note = "" if base_url else f" Registry note: {source.get('note', '')}"
        raise DataNotFoundError(
            f"{entry['path']} downloaded from {url} has SHA-256 {digest}, expected "
            f"{entry['sha256']}; it was not installed.{note} "
            "Retry, or use a mirror of the pinned files with --base-url URL."
        )
    os.replace(part, target)
    return "downloaded"


def download(names=None, data_dir=None, base_url=None, timeout=60.0, log=print):
    """Download the data files of the given tasks (the 16 UCI tasks and the
    thesis's five by default).

    Parameters
    ----------
    names : iterable of str or None, default=None
        Task names from :data:`UCI_TASKS`, :data:`PREPRINT_TASKS` or :data:`THESIS_TASKS`; None means
        all of them. A thesis set without a copy (:data:`UNAVAILABLE_TASKS`)
        raises :class:`DataNotFoundError` with the reason.
    data_dir : str or path-like, default=None
        Where to put the files; None uses ``GBRFF_DATA_DIR``, else
        :func:`~gbrff.datasets.default_data_dir` (``datasets/cache/`` of a
        checkout; a per-user cache folder when gbrff is installed).
    base_url : str or None, default=None
        A mirror serving the pinned files under their registry paths; None uses
        ``GBRFF_DATA_URL`` if set, else each file's original source.
    timeout : float, default=60.0
        Seconds per HTTP request, > 0.
    log : callable, default=print
        Receives one progress line per file.

    Returns
    -------
    dict
        ``{path: "downloaded" | "skipped"}`` for every file handled.

    Raises
    ------
    ValueError
        An unknown task name, or a ``timeout`` that is not a number > 0
        (mistakes of the call, before anything is fetched).
    DataNotFoundError
        A file could not be obtained or did not match its pin (the other
        files are still attempted; the error lists every failure).
    """
    valid = UCI_TASKS + PREPRINT_TASKS + THESIS_TASKS
    names = list(valid if not names else names)
    unknown = [n for n in names if n not in valid + UNAVAILABLE_TASKS]
    if unknown:
        raise ValueError(f"unknown UCI task(s) {unknown}; valid names: {', '.join(valid)}")
    if not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout > 0):
        raise ValueError(f"timeout: expected a number of seconds > 0, got {timeout!r}")
    for name in names:
        _task(name)  # a set without a copy: DataNotFoundError with its reason
    data_dir = Path(resolve_data_dir(data_dir))
    base_url = base_url or os.environ.get("GBRFF_DATA_URL") or None
    status, failures = {}, []
    for name in names:
        log(f"{name}:")
        for entry in _task(name)["files"]:
            if entry["role"] != "data":
                continue
            try:
                status[entry["path"]] = _download_file(entry, data_dir / entry["path"], base_url, timeout, log)
            except (OSError, ValueError, zipfile.BadZipFile, StopIteration) as exc:
                failures.append(f"{entry['path']}: {exc}")
                log(f"  {entry['path']}: FAILED: {exc}")
    if failures:
        raise DataNotFoundError(f"{len(failures)} file(s) not installed in {data_dir}:\n" + "\n".join(failures))
    return status
