"""What the scripts of ``benchmarks/`` share: argparse with one-line errors, checked numbers and names.

A script imports it as ``from _args import ...`` after putting its own folder
on ``sys.path`` (``python benchmarks/x.py`` does that already; the tests load
the scripts by path, which does not), and before it imports gbrff: importing it
puts the checkout's root first on ``sys.path``, so that a script measures the
gbrff beside it, not another install.

The errors read as the project's command lines' do (``gbrff/experiments/_cli.py``):
one line, ``<script>: error: <what>``, exit code 2 for the command line
(a bad flag, an unknown name) and 1 for the rest (missing data, nothing
matched, a failed step).
"""

import argparse
import sys
from pathlib import Path

# the checkout's gbrff, whatever is installed: a benchmark measures the code beside it
_ROOT = Path(__file__).resolve().parents[1]
if (_ROOT / "gbrff" / "__init__.py").is_file() and str(_ROOT) not in sys.path:
    sys.path.insert(0, str(_ROOT))

from gbrff._argtypes import OneLineParser  # noqa: E402
from gbrff._argtypes import number as _number  # noqa: E402

__all__ = ["Parser", "number", "int_list", "pick", "load_tasks"]


class Parser(OneLineParser):
    """The project's one-line argparse (``gbrff._argtypes``) with the script's name
    in its messages, and :meth:`fail` for errors other than the command line's."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.name = self.prog

    def fail(self, message, code=1):
        """End the script with one line on stderr (a message's own line breaks become '; ')
        and exit code ``code``."""
        self.exit(code, f"{self.prog}: error: {'; '.join(filter(None, map(str.strip, str(message).splitlines())))}\n")


def number(kind, low, strict=False):
    """An argparse type: a finite ``kind`` (int or float) >= ``low`` (> ``low`` if ``strict``)."""
    return _number(kind, low, strict, finite=True)


def int_list(low=0):
    """An argparse type: comma-separated integers >= ``low`` ('0,1,2'), at least one, duplicates dropped."""

    def parse(text):
        try:
            values = [int(t) for t in text.split(",") if t.strip()]
        except ValueError:
            values = []
        if not values or min(values) < low:
            raise argparse.ArgumentTypeError(f"expected comma-separated integers >= {low} such as "
                                             f"'{low},{low + 1}', got {text!r}")
        return list(dict.fromkeys(values))

    return parse


def pick(parser, kind, text, valid):
    """The comma-separated names of ``text`` as spelled in ``valid`` (matched case-insensitively,
    duplicates dropped); an unknown name or none at all is a command-line error listing ``valid``."""
    valid = list(dict.fromkeys(valid))
    lower = {v.lower(): v for v in valid}
    names = [t.strip() for t in text.split(",") if t.strip()]
    unknown = [n for n in names if n.lower() not in lower]
    if unknown or not names:
        what = (f"unknown {kind}{'s' if len(unknown) > 1 else ''} {', '.join(map(repr, unknown))}"
                if unknown else f"no {kind} given")
        parser.error(f"{what}; valid: {', '.join(valid) or '(none)'}")
    return list(dict.fromkeys(lower[n.lower()] for n in names))


def load_tasks(parser, names):
    """``{name: (X, y)}`` of the UCI tasks ``names``, all read before any work starts; a missing or
    corrupt file ends the script with one line (exit 1) naming the missing tasks and the command
    that fetches them."""
    from gbrff.datasets import DataNotFoundError, load_uci
    from gbrff.datasets._uci import resolve_data_dir

    data, missing = {}, {}
    for name in names:
        try:
            data[name] = load_uci(name)
        except DataNotFoundError as e:
            missing[name] = e
    if len(missing) == 1:
        parser.fail(str(next(iter(missing.values()))))
    if missing:
        parser.fail(f"the UCI files of {len(missing)} tasks ({', '.join(missing)}) are missing or corrupt in "
                    f"{resolve_data_dir()}: get them with `python -m gbrff.datasets download "
                    f"{' '.join(missing)}`, or point GBRFF_DATA_DIR at a folder that holds them")
    return data
