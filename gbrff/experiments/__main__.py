"""``python -m gbrff.experiments``: see :mod:`gbrff.experiments._cli`."""

import sys

from .._optional import run_command

if __name__ == "__main__":
    sys.exit(run_command("gbrff.experiments._cli"))
