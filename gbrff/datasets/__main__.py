"""Command line: ``python -m gbrff.datasets download [NAMES] [--data-dir DIR] [--base-url URL]``."""

import argparse
import math
import sys

from .._argtypes import OneLineParser
from ._download import download
from ._uci import PREPRINT_TASKS, THESIS_TASKS, UCI_TASKS, DataNotFoundError, default_data_dir, resolve_data_dir

_WHERE = ("Files go to --data-dir, else $GBRFF_DATA_DIR, else the default folder: datasets/cache/ of "
          "the source checkout when gbrff runs from one, else a per-user cache folder, never the "
          "installed package (for this installation: {default}). load_uci() looks in the same place.")


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


def main(argv=None):
    """The command line; returns the exit code: 2 for a mistake of the command line (argparse's, an
    unknown task), 1 for a file that could not be installed or a data folder that is not one."""
    where = _WHERE.format(default=default_data_dir())
    parser = OneLineParser(prog="python -m gbrff.datasets", description=f"{__doc__.strip()} {where}")
    sub = parser.add_subparsers(dest="command", required=True)
    dl = sub.add_parser("download", help="fetch the tasks' files and verify their SHA-256",
                        description=f"Fetch the tasks' files and verify their SHA-256. {where}")
    dl.add_argument("names", nargs="*", metavar="NAME",
                    help=f"tasks (default: all): {', '.join(UCI_TASKS + PREPRINT_TASKS + THESIS_TASKS)}")
    dl.add_argument("--data-dir", type=_folder, default=None,
                    help=f"target directory (default: $GBRFF_DATA_DIR, else {default_data_dir()})")
    dl.add_argument("--base-url", default=None, help="mirror serving the pinned files by registry path (default: $GBRFF_DATA_URL, else the original sources)")
    dl.add_argument("--timeout", type=_seconds, default=60.0, help="seconds per HTTP request (> 0)")
    args = parser.parse_args(argv)
    try:
        status = download(args.names, data_dir=args.data_dir, base_url=args.base_url, timeout=args.timeout)
    except ValueError as exc:          # an unknown task name: the command line's
        print(f"gbrff: error: {exc} (see: {dl.prog} --help)", file=sys.stderr)
        return 2
    except DataNotFoundError as exc:
        print(f"gbrff: error: {exc}", file=sys.stderr)
        return 1
    done = sum(v == "downloaded" for v in status.values())
    print(f"{done} downloaded, {len(status) - done} already present, in {resolve_data_dir(args.data_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
