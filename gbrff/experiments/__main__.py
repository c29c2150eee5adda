"""``python -m gbrff.experiments``: see :mod:`gbrff.experiments._cli`."""

import sys

from ._cli import main

if __name__ == "__main__":
    sys.exit(main())
