"""What the project's command lines share (standard library only): argparse
with its errors on one line, and checked numbers.

``python -m gbrff.experiments``, ``python -m gbrff.datasets`` and the scripts
of ``benchmarks/`` (through their ``_args.py``) write a command-line error as
one line, ``<name>: error: <what> (see: <prog> --help)``, with exit code 2.
"""

import argparse
import math

__all__ = ["OneLineParser", "number"]


class OneLineParser(argparse.ArgumentParser):
    """argparse with its errors on one line (no usage block), exit code 2.

    ``name`` starts the message: ``"gbrff"`` for the package's commands (the
    default), the script's name for a benchmark."""

    def __init__(self, *args, name="gbrff", **kwargs):
        super().__init__(*args, **kwargs)
        self.name = name

    def error(self, message):
        self.exit(2, f"{self.name}: error: {message} (see: {self.prog} --help)\n")


def number(kind, low, strict=False, finite=False):
    """An argparse type: a ``kind`` (int or float) >= ``low`` (> ``low`` if
    ``strict``); never NaN, and never infinite if ``finite``. An integer may be
    written as 1e5, never as 1.5."""
    word = "an integer" if kind is int else "a number"
    bound = f"> {low}" if strict else f">= {low}"

    def parse(text):
        try:
            value = kind(text)
        except ValueError:
            value = None
            if kind is int:
                try:
                    as_float = float(text)
                except ValueError:
                    as_float = None
                if as_float is not None and as_float.is_integer():
                    value = int(as_float)
        if (value is None or value != value or (finite and not math.isfinite(value))
                or value < low or (strict and value == low)):
            raise argparse.ArgumentTypeError(f"expected {word} {bound}, got {text!r}")
        return value

    return parse
