"""The playground's drawn data set: its URL codec, and the board that carries it between the page and the player.

**The codec** (:func:`encode`, :func:`decode`). A drawn point lies in the
drawing area [−2.5, 2.5]² (:data:`gbrff.teaching.drawing.HALF_WIDTH`),
quantised to :data:`STEP` = 0.02: each coordinate is a whole number of steps
from the area's lower-left corner, 0 … 250, one byte. The URL parameter
``pts`` is ``"1."`` (the format's version) then, in base64url without
padding, the n abscissas (n bytes), the n ordinates (n bytes), and the n
classes as bits (1 for +1, most significant bit first, ⌈n/8⌉ bytes, unused
bits 0): 2.1 bytes a point, 300 points in 850 characters. A later format gets
another version; :func:`decode` keeps reading version 1, so old links keep
their points. A value that is not one (another version, letters outside
base64url, a length no number of points gives, a coordinate beyond 250, more
than :data:`MAX_POINTS`) raises a ValueError that says what is wrong.

**The board** (:class:`Board`, made by :func:`drawing_board` once per run of
the page): the drawn set of this page in the session (or from the address,
or the seed set), handed to the player (:func:`appkit.frame_player`'s
``draw``), which reports what the student drew; :meth:`Board.take` checks
and keeps it, and the player's fragment reruns the page for the new set.
"""

import base64
import binascii
import re

import numpy as np
import streamlit as st

from gbrff.teaching.drawing import HALF_WIDTH, seed_points

__all__ = ["VERSION", "STEP", "LEVELS", "MAX_POINTS", "MAX_CODE_LENGTH", "encode", "decode", "quantise",
           "coordinates", "Board", "drawing_board"]

#: The format's version, the prefix of every code (``"1."``).
VERSION = "1"
#: The quantisation step of a drawn coordinate (the drawing area's units).
STEP = 0.02
#: Values of a quantised coordinate: 0 … LEVELS − 1 (−2.5 … 2.5).
LEVELS = int(round(2 * HALF_WIDTH / STEP)) + 1
#: Most points a drawn set holds (a fit of that many answers well within the latency targets).
MAX_POINTS = 500
#: Longest code read: the longest a set of MAX_POINTS gives (a longer value is refused before decoding).
MAX_CODE_LENGTH = len(VERSION) + 1 + -(-4 * (2 * MAX_POINTS + -(-MAX_POINTS // 8)) // 3)
_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_STATE = "_drawn"  # the page's session key (widget_key) of {"code", "seq"}: the set the student drew last
_SHOWN = "_drawn_shown"  # the page's session key of the code the page's previous run drew


def quantise(X):
    """Points of the plane → whole steps ``(n, 2)`` (int), clipped to the drawing area."""
    X = np.asarray(X, dtype=np.float64).reshape(-1, 2)
    return np.clip(np.rint((X + HALF_WIDTH) / STEP), 0, LEVELS - 1).astype(np.int64)


def coordinates(q):
    """Whole steps ``(n, 2)`` → points of the plane (float64, rounded to the step's digits)."""
    return np.round(np.asarray(q, dtype=np.float64).reshape(-1, 2) * STEP - HALF_WIDTH, 6)


def encode(q, y):
    """The ``pts`` code of the quantised points ``q`` (``(n, 2)`` whole steps) and labels ``y`` (±1).

    Examples
    --------
    >>> encode([[0, 250], [125, 125]], [-1, 1])
    '1.AH36fUA'
    """
    q = np.asarray(q, dtype=np.int64).reshape(-1, 2)
    y = np.asarray(y).reshape(-1)
    if len(q) != len(y):
        raise ValueError(f"{len(q)} points but {len(y)} labels")
    if len(q) > MAX_POINTS:
        raise ValueError(f"a drawing holds at most {MAX_POINTS} points, not {len(q)}")
    if len(q) and (q.min() < 0 or q.max() >= LEVELS):
        raise ValueError(f"a quantised coordinate lies outside 0 … {LEVELS - 1}")
    if not np.isin(y, (-1, 1)).all():
        raise ValueError("labels must be −1 or +1")
    body = q[:, 0].astype(np.uint8).tobytes() + q[:, 1].astype(np.uint8).tobytes() + np.packbits(y == 1).tobytes()
    return f"{VERSION}." + base64.urlsafe_b64encode(body).decode("ascii").rstrip("=")


def decode(code):
    """The quantised points ``(n, 2)`` and labels ``(n,)`` of a ``pts`` code (:func:`encode`'s inverse).

    Raises a ValueError that says what is wrong with anything else.

    Examples
    --------
    >>> q, y = decode("1.AH36fUA")
    >>> q.tolist(), y.tolist()
    ([[0, 250], [125, 125]], [-1, 1])
    """
    if not isinstance(code, str):
        raise ValueError("a drawing is a text (pts=1.…)")
    if len(code) > MAX_CODE_LENGTH:
        raise ValueError(f"it is longer than any drawing of at most {MAX_POINTS} points ({len(code)} characters)")
    version, dot, text = code.partition(".")
    if not dot or not version.isdigit():
        raise ValueError("it does not start with a version number and a dot (pts=1.…)")
    if version != VERSION:
        raise ValueError(f"it is in format version {version}, which this app does not know (it reads version "
                         f"{VERSION})")
    if not _B64URL.fullmatch(text):
        raise ValueError("it holds characters other than letters, digits, - and _")
    if len(text) % 4 == 1:
        raise ValueError("its length matches no number of points (cut short or altered?)")
    try:
        body = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise ValueError("it is not valid base64url") from None
    if base64.urlsafe_b64encode(body).decode("ascii").rstrip("=") != text:
        raise ValueError("its last character has bits that no drawing sets (altered?)")
    n = next((m for m in range(len(body) // 2 + 1) if 2 * m + -(-m // 8) == len(body)), None)
    if n is None:
        raise ValueError("its length matches no number of points (cut short or altered?)")
    raw = np.frombuffer(body, dtype=np.uint8)
    q = np.column_stack([raw[:n], raw[n:2 * n]]).astype(np.int64)
    if n and q.max() >= LEVELS:
        raise ValueError(f"a coordinate lies outside the drawing area (a value above {LEVELS - 1})")
    bits = np.unpackbits(raw[2 * n:])
    if bits[n:].any():
        raise ValueError("its class bits go beyond its points (altered?)")
    return q, np.where(bits[:n] == 1, 1, -1).astype(np.int64)


#: The seed set's code: the drawing a student starts from (a link without ``pts`` holds it).
SEED_CODE = encode(quantise(seed_points()[0]), seed_points()[1])


class Board:
    """The drawn set of one run of the page, and the way back from the player (see the module's docstring).

    Attributes: ``code`` (its ``pts``), ``X`` (float64, the plane's coordinates), ``y`` (±1), ``q`` (whole
    steps), ``seq`` (the number of the student's last change that the page drew), ``note`` (a sentence
    about a ``pts`` of the address that could not be read, or None), ``change`` (what changed since the
    page's previous run, in words, or None).
    """

    def __init__(self, code, seq=0, note=None):
        self.code, self.seq, self.note, self.change = code, int(seq), note, None
        self.q, self.y = decode(code)
        self.X = coordinates(self.q)

    def changed_from(self, code):
        """``change``: the points added and taken away since the set ``code``, in one sentence."""
        if code is None or code == self.code:
            return None
        try:
            q0, y0 = decode(code)
        except ValueError:
            return None
        before = _counts(q0, y0)
        now = _counts(self.q, self.y)
        parts = []
        for label, name in ((-1, "class −1"), (1, "class +1")):
            added = sum(max(0, c - before.get(k, 0)) for k, c in now.items() if k[2] == label)
            gone = sum(max(0, c - now.get(k, 0)) for k, c in before.items() if k[2] == label)
            if added:
                parts.append(f"{added} point{'s' * (added > 1)} of {name} added")
            if gone:
                parts.append(f"{gone} point{'s' * (gone > 1)} of {name} taken away")
        if not parts:
            return None
        return f"{', '.join(parts)}: {len(self.y)} point{'s' * (len(self.y) != 1)} now."

    def args(self):
        """What the player needs to draw: the points (``[i, j, label]``, whole steps), the change they answer
        (``seq``), the area, the step and the largest set."""
        points = [[int(a), int(b), int(c)] for (a, b), c in zip(self.q, self.y)]
        return {"points": points, "seq": self.seq, "half_width": HALF_WIDTH, "step": STEP, "levels": LEVELS,
                "max": MAX_POINTS}

    def take(self, report, key=None):
        """A set the player reports (``{"points": [[i, j, label], …], "seq": k}``): kept when it is the
        student's newest change and a valid set (invalid reports are dropped: the player only sends valid
        ones). Returns whether the page must draw it."""
        from ._state import widget_key

        if not isinstance(report, dict):
            return False
        seq = report.get("seq")
        if isinstance(seq, bool) or not isinstance(seq, int):
            return False
        skey = key or widget_key(_STATE)
        kept = st.session_state.get(skey, {"code": self.code, "seq": self.seq})
        if seq <= kept.get("seq", 0):
            return False
        try:
            pts = np.asarray(report.get("points"), dtype=np.int64).reshape(-1, 3)
            code = encode(pts[:, :2], pts[:, 2])
        except (TypeError, ValueError):
            return False
        st.session_state[skey] = {"code": code, "seq": seq}
        return code != kept.get("code")

    def stale(self, key=None):
        """Whether the session holds a newer set than this board's (the player reported one): the page must run
        again to fit it."""
        from ._state import widget_key

        kept = st.session_state.get(key or widget_key(_STATE))
        return kept is not None and kept.get("code") != self.code


def _counts(q, y):
    out = {}
    for (a, b), c in zip(q.tolist(), y.tolist()):
        out[(a, b, c)] = out.get((a, b, c), 0) + 1
    return out


def drawing_board():
    """This run's drawn set: the session's (the student's last change), else the address's ``pts``, else the
    seed set. A ``pts`` that cannot be read gives the seed set and a note saying why (plain text)."""
    from ._state import register, widget_key

    skey = widget_key(_STATE)
    kept = st.session_state.get(skey)
    if kept is not None:
        board = Board(kept["code"], kept.get("seq", 0))
    else:
        raw = st.query_params.get("pts")
        note = None
        code = SEED_CODE
        if raw is not None:
            try:
                decode(raw)
                code = raw
            except ValueError as err:
                shown = raw if len(raw) <= 40 else raw[:40] + "…"
                note = f"The drawing in this link (pts = {shown}) could not be read: {err}. Starting from the seed set."
        board = Board(code, 0, note)
        st.session_state[skey] = {"code": board.code, "seq": 0}
    shown = widget_key(_SHOWN)
    board.change = board.changed_from(st.session_state.get(shown))
    st.session_state[shown] = board.code
    register("pts", "Drawn points", SEED_CODE, board.code)
    return board
