"""Command line: ``python -m gbrff.datasets download [NAMES] [--data-dir DIR] [--base-url URL]``."""

import argparse
import sys

from ._download import download
from ._uci import PREPRINT_TASKS, THESIS_TASKS, UCI_TASKS, DataNotFoundError, default_data_dir, resolve_data_dir

_WHERE = ("Files go to --data-dir, else $GBRFF_DATA_DIR, else the default folder: datasets/cache/ of "
          "the source checkout when gbrff runs from one, else a per-user cache folder, never the "
          "installed package (for this installation: {default}). load_uci() looks in the same place.")


def main(argv=None):
    where = _WHERE.format(default=default_data_dir())
    parser = argparse.ArgumentParser(prog="python -m gbrff.datasets",
                                     description=f"{__doc__.strip()} {where}")
    sub = parser.add_subparsers(dest="command", required=True)
    dl = sub.add_parser("download", help="fetch the tasks' files and verify their SHA-256",
                        description=f"Fetch the tasks' files and verify their SHA-256. {where}")
    dl.add_argument("names", nargs="*", metavar="NAME",
                    help=f"tasks (default: all): {', '.join(UCI_TASKS + PREPRINT_TASKS + THESIS_TASKS)}")
    dl.add_argument("--data-dir", default=None,
                    help=f"target directory (default: $GBRFF_DATA_DIR, else {default_data_dir()})")
    dl.add_argument("--base-url", default=None, help="mirror serving the pinned files by registry path (default: $GBRFF_DATA_URL, else the original sources)")
    dl.add_argument("--timeout", type=float, default=60.0, help="seconds per HTTP request")
    args = parser.parse_args(argv)
    try:
        status = download(args.names, data_dir=args.data_dir, base_url=args.base_url, timeout=args.timeout)
    except (DataNotFoundError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    done = sum(v == "downloaded" for v in status.values())
    print(f"{done} downloaded, {len(status) - done} already present, in {resolve_data_dir(args.data_dir)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
