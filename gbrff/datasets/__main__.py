"""Command line: ``python -m gbrff.datasets download [NAMES] [--data-dir DIR] [--base-url URL] [--timeout S]``."""

import argparse
import math
import signal
import sys

from .._argtypes import OneLineParser
from ._download import DEFAULT_TIMEOUT, StreamLog, download
from ._http import MIN_RATE, check_url
from ._uci import PREPRINT_TASKS, THESIS_TASKS, UCI_TASKS, DataNotFoundError, default_data_dir, resolve_data_dir

_WHERE = ("Files go to --data-dir, else $GBRFF_DATA_DIR, else the default folder: datasets/cache/ of "
          "the source checkout when gbrff runs from one, else a per-user cache folder, never the "
          "installed package (for this installation: {default}). load_uci() looks in the same place.")

_HOW = ("One line per file on stderr as it comes (done, skipped or FAILED, and why), then a summary on "
        "stdout. Exit code 0 when every file is in place, 1 when one could not be fetched or verified "
        "(one line 'gbrff: error: ...' says what to do), 2 for a mistake of the command line, which is "
        "checked before anything is fetched or written. Offline, or without access to the original "
        "hosts, fetch from a mirror of the pinned files (--base-url, or GBRFF_DATA_URL), or point "
        "GBRFF_DATA_DIR at a folder that already holds them. More: the gbrff documentation, page "
        "'Data sets'.")


def _seconds(text):
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and value > 0):
        raise argparse.ArgumentTypeError(f"expected a number of seconds > 0, got {text!r}")
    return value


def _folder(text):
    """--data-dir: checked as the loader will resolve it (empty: not given; a file: refused)."""
    if text.strip():
        try:
            resolve_data_dir(text)
        except DataNotFoundError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return text


def _url(text):
    """--base-url: an http(s) URL (empty: not given)."""
    if text.strip():
        try:
            check_url(text.strip())
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None
    return text.strip()


def main(argv=None):
    """The command line; returns the exit code: 2 for a mistake of the command line (argparse's, an
    unknown task), 1 for a file that could not be installed or a data folder that is not one."""
    where = _WHERE.format(default=default_data_dir())
    parser = OneLineParser(prog="python -m gbrff.datasets", description=f"{__doc__.strip()} {where}")
    sub = parser.add_subparsers(dest="command", required=True)
    dl = sub.add_parser("download", help="fetch the tasks' files and verify their SHA-256",
                        description=f"Fetch the tasks' files and verify their SHA-256. {where} {_HOW}")
    dl.add_argument("names", nargs="*", metavar="NAME",
                    help=f"tasks (default: all): {', '.join(UCI_TASKS + PREPRINT_TASKS + THESIS_TASKS)}")
    dl.add_argument("--data-dir", type=_folder, default=None,
                    help=f"target directory (default: $GBRFF_DATA_DIR, else {default_data_dir()})")
    dl.add_argument("--base-url", type=_url, default=None,
                    help="http(s) mirror serving the pinned files by registry path, e.g. URL/wine/wine.data "
                         "(default: $GBRFF_DATA_URL, else the original sources)")
    dl.add_argument("--timeout", type=_seconds, default=DEFAULT_TIMEOUT,
                    help=f"seconds (> 0) to wait for a host: to resolve its name, to connect, between two "
                         f"pieces of a file, twice this for an answer's headers; a file slower than "
                         f"{MIN_RATE // 1000} kB/s over this long is abandoned; a host that fails so is not asked "
                         f"again, and when none answers the command stops (default: {DEFAULT_TIMEOUT:g})")
    args = parser.parse_args(argv)
    try:
        status = download(args.names, data_dir=args.data_dir, base_url=args.base_url, timeout=args.timeout,
                          log=StreamLog(sys.stderr))
    except ValueError as exc:          # an unknown task name: the command line's
        print(f"gbrff: error: {exc} (see: {dl.prog} --help)", file=sys.stderr)
        return 2
    except DataNotFoundError as exc:
        print(f"gbrff: error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\n[download] interrupted; the same command goes on (files in place are skipped, a partial "
              "*.part file is resumed)", file=sys.stderr)
        return 128 + signal.SIGINT
    done = sum(v == "downloaded" for v in status.values())
    print(f"{done} downloaded, {len(status) - done} already present, in {resolve_data_dir(args.data_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
