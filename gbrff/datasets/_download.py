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
with the right digest is skipped; one present with another digest is kept
beside the new one, as ``<name>.<first 12 hex digits of its SHA-256>.bak``.

Every wait is bounded (:mod:`._http`): ``timeout`` seconds to resolve a host
name, to connect and between two pieces of a file, twice that for an answer's
headers, and a file must arrive at 1 kB/s or more. A host that refuses, stays
silent or is too slow is not asked for its other files; when the network is
down, or two hosts failed before any answered, the run stops (offline). A
folder made for a file that did not come is removed; a partial file that
holds bytes stays, and the next run resumes it.
"""

import errno
import io
import math
import os
import re
import shutil
import sys
import time
import zipfile
from pathlib import Path

from ._http import TransferError, check_url, chunks, host_of, open_url
from ._uci import (HELP, PREPRINT_TASKS, THESIS_TASKS, UCI_TASKS, UNAVAILABLE_TASKS, DataNotFoundError, _task,
                   resolve_data_dir, sha256_of)

__all__ = ["DEFAULT_TIMEOUT", "download"]

#: Seconds to wait for a host (see the module's docstring). One that is up
#: connects in well under a second, even across the world (a few round trips of
#: at most 0.3 s), and a file server sends its first byte within a second or
#: two: ten seconds spares a slow host, yet a host that stays silent is given up
#: after ten seconds (twenty for headers sent a byte at a time), once per host,
#: and an offline machine is known after two such failures at most.
DEFAULT_TIMEOUT = 10.0

#: Errors of the data folder that every other file would meet too: the run stops.
_NO_ROOM = {errno.EACCES, errno.EPERM, errno.EROFS, errno.ENOSPC, errno.EDQUOT}


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
            members = [n for n in zf.namelist() if n.rsplit("/", 1)[-1] == source["member"]]
            if not members:
                raise ValueError(f"the zip holds no {source['member']}")
            raw = zf.read(members[0])
        if kind == "keel":
            return _keel_to_csv(raw)
        return _keel_body(raw) if kind == "keel-body" else raw
    if kind == "whitespace":
        return _whitespace_to_csv(raw)
    raise ValueError(f"unknown conversion {kind!r}")


def _size(n):
    return f"{n} B" if n < 1000 else f"{n / 1e3:.1f} kB" if n < 1e6 else f"{n / 1e6:.1f} MB"


class StreamLog:
    """The command line's progress: one line per file on ``stream`` (stderr by
    default), written as the file comes: ``[download] wine/wine.data (10.8 kB)
    from URL ... done in 0.1 s``; on a terminal it shows the percentage as the
    bytes arrive."""

    def __init__(self, stream=None, prefix="[download] "):
        self.stream = stream or sys.stderr
        self.prefix = prefix
        self.tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._head, self._shown, self._when = "", None, 0.0

    def _write(self, text):
        self.stream.write(text)
        self.stream.flush()

    def _fit(self, text):
        width = shutil.get_terminal_size().columns - 1
        return text if len(text) <= width else text[:max(width - 1, 0)] + "…"

    def line(self, text):
        self._write(f"{self.prefix}{text}\n")

    def start(self, head):
        self._head, self._shown = f"{self.prefix}{head} ...", None
        self._write("\r" + self._fit(self._head) if self.tty else self._head)

    def advance(self, done, total):
        if not (self.tty and total):
            return
        percent, now = min(100, 100 * done // total), time.monotonic()
        if percent != self._shown and now - self._when >= 0.1:
            self._shown, self._when = percent, now
            self._write("\r" + self._fit(f"{self._head} {percent}%") + "\x1b[K")

    def end(self, outcome):
        self._write(f"\r\x1b[K{self._head} {outcome}\n" if self.tty else f" {outcome}\n")


class _Lines:
    """The progress for a ``log`` callable: one whole line per file, when its fate is known."""

    def __init__(self, log):
        self.log, self._head = log, ""

    def line(self, text):
        self.log(text)

    def start(self, head):
        self._head = head

    def advance(self, done, total):
        pass

    def end(self, outcome):
        self.log(f"{self._head} ... {outcome}")


class _Failure(Exception):
    """A file not installed: ``reason`` (short, shared by the files it concerns), ``kind``
    (what to suggest), ``detail`` (the progress line's, when longer)."""

    def __init__(self, reason, kind, detail=None):
        super().__init__(reason)
        self.reason, self.kind, self.detail = reason, kind, detail or reason


class _Run:
    """One call of :func:`download`: the files' fates, the hosts that failed, the folders it made."""

    def __init__(self, data_dir, base_url, timeout, report):
        self.data_dir, self.base_url, self.timeout, self.report = data_dir, base_url, timeout, report
        self.status, self.failed, self.kept = {}, [], []      # failed: (path, reason, kind, tried)
        self.down, self.answered, self.stop = {}, set(), None   # stop: (reason, kind) ends the run
        self.created = []

    # ---------------------------------------------------------------- one file
    def file(self, entry, target=None):
        path = entry["path"]
        target = target or self.data_dir / path
        if self.stop:                              # the run has stopped: offline, or no folder to write
            return self.failed.append((path, *self.stop, False))
        try:
            if target.is_file() and sha256_of(target) == entry["sha256"]:
                self.report.line(f"{path}: present, SHA-256 ok")
                self.status[path] = "skipped"
                return
            url = self._url(entry)
        except _Failure as exc:
            return self._fail(path, exc, tried=False)
        except OSError as exc:
            return self._fail(path, self._disk(exc), tried=False)
        host = host_of(url)
        if host in self.down:                      # known already: not asked again
            return self.failed.append((path, self.down[host], "host", False))
        sized = f" ({_size(entry['bytes'])})" if self.base_url else ""
        self.report.start(f"{path}{sized} from {url}")
        began = time.monotonic()
        try:
            note = self._install(entry, target, url)
        except TransferError as exc:
            failure = _Failure(str(exc), "missing" if exc.status == 404 and self.base_url else
                               "transfer" if exc.scope == "file" else "host")
            if exc.scope != "file":
                self._host_failed(host, exc)
        except _Failure as failure_:
            failure = failure_
        except OSError as exc:
            failure = self._disk(exc)
            if exc.errno in _NO_ROOM:
                self.stop = (failure.reason, "disk")
        else:
            self.status[path] = "downloaded"
            return self.report.end(f"done in {time.monotonic() - began:.1f} s{note}")
        kept = self._kept(target)
        self.report.end(f"FAILED: {failure.detail}{kept}")
        self._fail(path, failure, tried=True, quiet=True)

    def _url(self, entry):
        if self.base_url:
            return self.base_url.rstrip("/") + "/" + entry["path"]
        source = entry["source"]
        if source["convert"] in ("manual", "none") or not source.get("url"):
            raise _Failure("no automatic source, it comes from a mirror", "manual", detail=(
                "cannot be rebuilt from its original source automatically (why: the 'note' of its entry "
                "in gbrff/datasets/registry.json); get it from a mirror with --base-url URL (or GBRFF_DATA_URL)"))
        return source["url"]

    def _fail(self, path, failure, tried, quiet=False):
        if not quiet:
            self.report.line(f"{path}: FAILED: {failure.detail}")
        self.failed.append((path, failure.reason, failure.kind, tried))

    def _disk(self, exc):
        where = f": {exc.filename}" if exc.filename else ""
        return _Failure(f"{exc.strerror or exc}{where}", "disk")

    def _host_failed(self, host, exc):
        self.down[host] = str(exc)
        if exc.scope == "network":
            self.stop = (str(exc), "host")
        elif len(self.down) >= 2 and not self.answered:
            self.stop = (f"no host answered ({', '.join(self.down)}); offline?", "host")

    def _kept(self, target):
        parts = [p for p in (target.with_name(target.name + ".part"), target.with_name(target.name + ".orig.part"))
                 if p.is_file()]
        if not parts:
            return ""
        self.kept += parts
        return f" ({_size(parts[0].stat().st_size)} kept in {parts[0].name}: the same command resumes it)"

    # ---------------------------------------------------------------- the transfer
    def _install(self, entry, target, url):
        """Fetch, convert, verify and move the file into place; return a note for its line."""
        part = target.with_name(target.name + ".part")
        source = entry["source"]
        if self.base_url:
            how = self._get(url, part, entry["bytes"])
        else:
            raw = target.with_name(target.name + ".orig.part")
            how = self._get(url, raw, None)
            try:
                converted = _convert(raw.read_bytes(), source)
            except (ValueError, zipfile.BadZipFile) as exc:
                raw.unlink()
                raise _Failure(f"{url} does not hold what the registry expects ({exc})", "transfer") from None
            part.write_bytes(converted)
            raw.unlink()
            how += f", {source['convert']}"
        digest = sha256_of(part)
        if digest != entry["sha256"]:
            part.unlink()
            note = "" if self.base_url else f" Registry note: {source.get('note', '')}"
            raise _Failure(f"{entry['path']} from {url} has SHA-256 {digest}, expected {entry['sha256']}; "
                           "it was not installed", "digest",
                           detail=f"SHA-256 {digest}, expected {entry['sha256']}; not installed.{note}")
        note = ""
        if target.exists() or target.is_symlink():      # another version: kept, never overwritten
            mark = sha256_of(target)[:12] if target.is_file() else "link"
            backup = target.with_name(f"{target.name}.{mark}.bak")
            os.replace(target, backup)
            note = f"; the file that was there (another SHA-256) is kept as {backup.name}"
        os.replace(part, target)
        return f" ({how}){note}" if how != "fetched" else note

    def _get(self, url, part, expected):
        """GET ``url`` into ``part``, resuming from its size; "fetched" or "resumed"."""
        start = part.stat().st_size if part.is_file() else 0
        try:
            response = open_url(url, self.timeout, {"Range": f"bytes={start}-"} if start else None)
        except TransferError as exc:
            if exc.status is not None:
                self.answered.add(host_of(url))
            if start and exc.status == 416:     # the partial file is already whole
                return "resumed"
            raise
        self.answered.add(host_of(url))
        with response:
            resumed = bool(start) and response.status == 206
            done = start if resumed else 0
            length = response.headers.get("Content-Length", "")
            total = done + int(length) if length.isdigit() else expected
            self._make_folder(part.parent)
            try:
                with open(part, "ab" if resumed else "wb") as out:
                    for block in chunks(response, self.timeout):
                        out.write(block)
                        done += len(block)
                        self.report.advance(done, total)
            except BaseException:
                if part.is_file() and not part.stat().st_size:   # nothing to resume
                    part.unlink()
                raise
        return "resumed" if resumed else "fetched"

    def _make_folder(self, folder):
        missing = []
        for p in (folder, *folder.parents):
            if p.exists():
                break
            missing.append(p)
        folder.mkdir(parents=True, exist_ok=True)
        self.created += reversed(missing)

    # ---------------------------------------------------------------- the end
    def _untried(self, reason, kind, tried):
        """A file not asked for: its host had failed, or the run had stopped for ``reason``."""
        return not tried and (kind == "host" or bool(self.stop) and reason == self.stop[0])

    def finish(self):
        """Remove the folders this run made that stayed empty; one line per reason files were not tried."""
        for folder in reversed(self.created):
            try:
                folder.rmdir()
            except OSError:      # not empty (a file, a partial one), or gone
                pass
        skipped = {}
        for path, reason, kind, tried in self.failed:
            if self._untried(reason, kind, tried):
                skipped[reason] = skipped.get(reason, 0) + 1
        for reason, n in skipped.items():
            self.report.line(f"{n} more file(s) not tried: {reason}")

    def error(self, n_files):
        """The one-line message of a run with failures."""
        groups, kinds = {}, set()
        for path, reason, kind, tried in self.failed:
            groups.setdefault(reason, ([], []))[self._untried(reason, kind, tried)].append(path)
            kinds.add(kind)
        if self.stop:      # the lines above list the files
            head = f"{len(self.failed)} of {n_files} files not installed in {self.data_dir}: {self.stop[0]}"
        elif len(self.failed) == 1:
            head = f"{self.failed[0][0]} not installed in {self.data_dir}: {self.failed[0][1]}"
        else:
            bits = []
            for reason, (tried, untried) in groups.items():
                more = f" and {len(tried) - 3} more" if len(tried) > 3 else ""
                which = ([", ".join(tried[:3]) + more] if tried else []) + ([f"{len(untried)} not tried"] if untried else [])
                bits.append(f"{reason} ({'; '.join(which)})")
            head = f"{len(self.failed)} of {n_files} files not installed in {self.data_dir}: {'; '.join(bits)}"
        hints = []
        if "host" in kinds:
            hints.append(f"Is the mirror {self.base_url} up and reachable? Use another with --base-url URL (or "
                         "GBRFF_DATA_URL), or point GBRFF_DATA_DIR at a folder that already holds the files"
                         if self.base_url else
                         ("" if self.stop else "Offline, or the host down? ") +
                         "Fetch the files from a mirror with --base-url URL (or GBRFF_DATA_URL), or point "
                         "GBRFF_DATA_DIR at a folder that already holds them")
        if "missing" in kinds:
            hints.append(f"A mirror serves each file under its registry path ({self.base_url.rstrip('/')}"
                         "/wine/wine.data, ...): check --base-url")
        if "manual" in kinds:
            hints.append("Files without an automatic source come from a mirror: --base-url URL (or GBRFF_DATA_URL)")
        if "digest" in kinds:
            hints.append("Retry, or use a mirror of the pinned files with --base-url URL")
        if "disk" in kinds:
            hints.append("Choose a folder you can write with --data-dir (or GBRFF_DATA_DIR)")
        if self.kept:
            hints.append(f"{len(self.kept)} partial file(s) kept: the same command resumes them")
        elif "transfer" in kinds:
            hints.append("Run the same command again")
        return f"{head}{' ' if head.endswith('?') else '. '}{'. '.join(hints)} ({HELP})."


def _download_file(entry, target, base_url, timeout, log):
    """Bring one registry file into ``target``: "skipped" or "downloaded", else DataNotFoundError."""
    run = _Run(Path(target).parent, base_url, timeout, _Lines(log))
    try:
        run.file(entry, Path(target))
    finally:
        run.finish()
    if run.failed:
        raise DataNotFoundError(run.error(1))
    return run.status[entry["path"]]


def _mirror(base_url):
    """The mirror's URL: ``base_url``, else ``GBRFF_DATA_URL`` (empty counts as unset), else None; checked."""
    if base_url is not None and str(base_url).strip():
        try:
            return check_url(str(base_url).strip())
        except ValueError as exc:
            raise ValueError(f"base_url: {exc}") from None
    value = os.environ.get("GBRFF_DATA_URL", "").strip()
    if not value:
        return None
    try:
        return check_url(value)
    except ValueError as exc:    # the environment's mistake, not the call's
        raise DataNotFoundError(f"GBRFF_DATA_URL={value}: {exc}") from None


def download(names=None, data_dir=None, base_url=None, timeout=DEFAULT_TIMEOUT, log=print):
    """Download the data files of the given tasks, checked against their pins.

    By default the 16 UCI tasks, glass and the thesis's five.

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
        An http(s) mirror serving the pinned files under their registry paths;
        None uses ``GBRFF_DATA_URL`` if set, else each file's original source.
    timeout : float, default=10.0
        Seconds, > 0, to wait to resolve a host, to connect and between two
        pieces of a file (twice that for an answer's headers); a file that
        arrives slower than 1 kB/s over that long is abandoned too. A host that
        fails so is not asked for its other files; when none answers (offline)
        the call stops early.
    log : callable, default=print
        Receives one line per file, when it is done, skipped or failed.

    Returns
    -------
    dict
        ``{path: "downloaded" | "skipped"}`` for every file handled.

    Raises
    ------
    ValueError
        An unknown task name, a ``timeout`` that is not a number > 0 or a
        ``base_url`` that is not an http(s) URL (mistakes of the call, checked
        before anything is fetched or written).
    DataNotFoundError
        A file could not be obtained or did not match its pin (the other files
        are still attempted, except those of a host that failed); the message,
        one line, says what failed and what to do, and ``failures`` maps each
        path not installed to its reason. Also a ``GBRFF_DATA_URL`` or data
        folder that cannot be used, before anything is fetched.

    See Also
    --------
    load_uci : Read a task from the files.

    Notes
    -----
    The command line does the same: ``python -m gbrff.datasets download``.
    Read more in the User Guide (:doc:`/user_guide/experiments`).

    Examples
    --------
    Fetch two tasks into a folder of one's own (it needs the network, so it
    is not run here):

    >>> from gbrff.datasets import download
    >>> download(["wine", "sonar"], data_dir="uci-data")  # doctest: +SKIP
    {'wine/wine.data': 'downloaded', 'sonar/sonar.dat': 'downloaded'}
    """
    valid = UCI_TASKS + PREPRINT_TASKS + THESIS_TASKS
    names = list(valid if not names else names)
    unknown = [n for n in names if n not in valid + UNAVAILABLE_TASKS]
    if unknown:
        raise ValueError(f"unknown UCI task(s) {unknown}; valid names: {', '.join(valid)}")
    if not (isinstance(timeout, (int, float)) and math.isfinite(timeout) and timeout > 0):
        raise ValueError(f"timeout: expected a number of seconds > 0, got {timeout!r}")
    base_url = _mirror(base_url)
    for name in names:
        _task(name)  # a set without a copy: DataNotFoundError with its reason
    data_dir = Path(resolve_data_dir(data_dir))
    entries = [e for name in dict.fromkeys(names) for e in _task(name)["files"] if e["role"] == "data"]
    run = _Run(data_dir, base_url, float(timeout), log if isinstance(log, StreamLog) else _Lines(log))
    try:
        for entry in entries:
            run.file(entry)
    finally:
        run.finish()
    if run.failed:
        error = DataNotFoundError(run.error(len(entries)))
        error.failures = {path: reason for path, reason, _, _ in run.failed}
        raise error
    return run.status
