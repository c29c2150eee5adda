"""The iteration player: every frame computed once, played in the browser.

A page computes its figures at every iteration it shows, as Plotly figures
with one frame per iteration (the ``*_animation`` functions of
:mod:`gbrff.viz.surfaces`, ``learners``, ``curves`` and ``landscape``), and
hands them to :func:`frame_player`; the playground ships the model instead of
its pictures (``pack_frames(..., vote=...)``: the cosines on the grid, from
:func:`gbrff.teaching.expansions.grid_expansion`), whose vote, stripes,
thumbnails and point sizes the browser computes at each frame. They travel to the
browser together (JSON, deflated), where a small component —
``appkit/player/index.html``, drawing the figure dicts on canvas with
``appkit/player/figure.js`` (no plotly.js) — steps through them: reset, back, play/pause,
step, the iteration slider and the keys space / ← / → run there, with no
round trip to the server. While it plays the component writes the iteration
shown into the address bar (``?t=``) and into the share box's link, so a
copied link opens on the same frame.

When it stops on a frame (pause, step, back, the slider, the end of a play)
it reports that iteration to the server, once: the server then knows the
page's ``t`` as it knows its controls' values, so the next run of the page
(another control, the share box's "Hide", the menu's way back to the page)
keeps it in the address and the link instead of the ``t`` of the page's last
run. The player sits in an ``st.fragment``: a report reruns that fragment
alone (the frames are not sent again), never the page.

On the playground's drawn data set (``frame_player(..., draw=board)``) the
player also takes clicks on its first figure (``appkit/player/draw.js``) and
reports the drawn set with the iteration; a new set reruns the page, whose
new model the player draws in place (:mod:`appkit._drawing`).

:func:`player_start` is the server's side of that contract: a page opened
from a link starts at the link's ``t`` (clamped, with a note); a new model
(any parameter changed) starts at its final iteration ``T`` (so ``t`` leaves
the address, which the page writes from its state: :mod:`appkit._state`).
"""

import base64
import hashlib
import json
import shutil
import tempfile
import zlib
from pathlib import Path

import numpy as np
import streamlit as st
import streamlit.components.v1 as components

__all__ = ["frame_player", "pack_frames", "player_start", "play_schedule", "FPS"]

#: Frames per second while playing (every frame is shown: a slow browser plays slower, it skips none).
FPS = 20
#: At most this many frames per animation (every iteration when T is below it).
MAX_FRAMES = 101
_WEB = Path(__file__).with_name("player")
_RENDERER_TAG = b'<script src="figure.js"></script>'
_DRAWING_TAG = b'<script src="draw.js"></script>'  # the drawing tools (appkit/player/draw.js)


def served_folder(prefix, files):
    """``files`` ({name: bytes}) in one folder for Streamlit to serve (a component serves one folder). Made
    once per content and named by its digest: new content gives a new folder, and servers started together
    share one."""
    digest = hashlib.sha1()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + files[name])
    folder = Path(tempfile.gettempdir()) / f"{prefix}-{digest.hexdigest()[:12]}"
    if not folder.is_dir():
        tmp = Path(tempfile.mkdtemp(prefix=f"{prefix}-"))
        for name, data in files.items():
            (tmp / name).write_bytes(data)
        try:
            tmp.rename(folder)
        except OSError:  # another server made it meanwhile
            shutil.rmtree(tmp, ignore_errors=True)
    return folder


def _player_page():
    """``appkit/player/index.html`` with its renderer (``figure.js``, LightPlot) written into it: the frame
    has what it draws with in its first answer, instead of asking for it once its page has arrived (a
    browser through a slow network, or through the latency check's request interception, waits a round
    trip for it before the first picture). ``figure.js`` keeps its one home beside the page."""
    page = (_WEB / "index.html").read_bytes()
    if _RENDERER_TAG not in page:
        raise RuntimeError(f"appkit/player/index.html no longer has {_RENDERER_TAG.decode()}: the player's renderer "
                           "would not load")
    page = page.replace(_RENDERER_TAG, b"<script>\n" + (_WEB / "figure.js").read_bytes() + b"\n</script>", 1)
    return page.replace(_DRAWING_TAG, b"<script>\n" + (_WEB / "draw.js").read_bytes() + b"\n</script>", 1)


_component = components.declare_component("frame_player",
                                          path=str(served_folder("gbrff-player", {"index.html": _player_page()})))


def play_schedule(T, frames=MAX_FRAMES, head=30):
    """The iterations an animation shows: every one when ``T + 1 <= frames``, else each of the
    first ``head`` and geometric steps to ``T`` (``frames`` in all, about)."""
    T = int(T)
    if T + 1 <= frames:
        return list(range(T + 1))
    out = set(range(head + 1))
    k = frames - head
    while len(out) < frames and k < 4 * frames:
        out |= {int(v) for v in np.unique(np.round(np.geomspace(head, T, k)))}
        k += 5
    return sorted(out | {T})


_DTYPES = {"uint8": "u1", "int8": "i1", "uint16": "u2", "int16": "i2", "uint32": "u4", "int32": "i4",
           "float32": "f4", "float64": "f8"}


def _plotly_json(value):
    """numpy in a figure dict as Plotly.js reads it: arrays as base64 typed arrays (``dtype``,
    ``bdata``, ``shape``), as Plotly's own ``to_json`` writes them; numbers as numbers."""
    if isinstance(value, np.ndarray):
        if value.dtype.name not in _DTYPES:
            value = value.astype(np.int32 if value.dtype.kind in "iub" else np.float64)
        spec = {"dtype": _DTYPES[value.dtype.name],
                "bdata": base64.b64encode(np.ascontiguousarray(value).tobytes()).decode("ascii")}
        if value.ndim > 1:
            spec["shape"] = ",".join(str(n) for n in value.shape)
        return spec
    if isinstance(value, np.generic):
        return value.item()
    raise TypeError(f"{type(value).__name__} is not JSON serializable")


def pack_frames(figures, labels, wide=(), strip=None, vote=None):
    """Figures with frames (``go.Figure``), the iterations they share and which span the
    row, as ``(digest, payload)``: the JSON deflated and base64-coded for :func:`frame_player`.

    ``strip`` (optional) is the strip of the last weak learners, drawn by the player under the
    first ``after`` figures: a dict with ``learners`` (their numbers ``t``), ``z`` (their
    thumbnails, int8 hundredths of ``h_t`` on a square grid, one row each: see
    :func:`gbrff.teaching.expansions.learner_thumbnails`), ``alphas`` (their α), ``n`` (how many to
    show: the ``n`` up to the iteration shown), ``after`` and ``colorscale`` (Plotly's); with
    ``vote``, ``model`` (optional: ``q``, ``zx``, ``zy`` of
    :func:`gbrff.teaching.expansions.thumbnail_expansion`) replaces ``z`` on the wire.

    ``vote`` (optional) ships the model instead of the frames of a vote surface: a dict of
    :func:`gbrff.teaching.expansions.grid_expansion` (the cosine sum and the grid's axes) with
    ``figure`` (the figure's index), ``loss`` (its link to p(+1)) and ``discretise``; that
    figure's frames carry a heatmap without ``z`` (:func:`gbrff.viz.surfaces.surface_animation`'s
    ``browser_vote``), and the player computes H^t on the grid itself, in float64, adding the
    cosines of each iteration to the previous iteration's H, then p(+1) in whole percent as
    the frames had it. Tens of kilobytes instead of one picture an iteration.

    Cache it with the figures: packing a hundred frames takes a few tens of milliseconds.
    """
    figures = [f.to_dict() if hasattr(f, "to_dict") else f for f in figures]
    # the figures' JSON goes in as it is (not as JSON strings in JSON: escaping megabytes twice, parsing twice)
    content = {"figures": "\0", "labels": [int(t) for t in labels], "wide": [bool(w) for w in wide]}
    if strip is not None:
        z = np.asarray(strip["z"], dtype=np.int8)
        content["strip"] = {"learners": [int(t) for t in strip["learners"]],
                            # with a model (its q and grid, the cosines of ``vote``) the player draws them itself
                            **({"model": strip["model"]} if strip.get("model") is not None and vote is not None
                               else {"z": _plotly_json(z)}),
                            "side": int(round(np.sqrt(z.shape[1]))), "alphas": [float(a) for a in strip["alphas"]],
                            "n": int(strip.get("n", 6)), "after": int(strip.get("after", 2)),
                            "colorscale": strip.get("colorscale")}
    if vote is not None:
        content["vote"] = dict(vote)
    head, tail = json.dumps(content, default=_plotly_json, separators=(",", ":")).split('"\\u0000"')
    body = "".join([head, "[", ",".join(json.dumps(f, default=_plotly_json, separators=(",", ":")) for f in figures),
                    "]", tail]).encode()
    return hashlib.sha1(body).hexdigest(), base64.b64encode(zlib.compress(body, 1)).decode("ascii")


def player_start(T, model_key, key="t"):
    """The iteration a page's player opens at (see the module's docstring).

    ``model_key`` names the fitted model: when it differs from the previous
    run of this page, the player starts at ``T`` and ``?t=`` leaves the
    address; otherwise it starts at the address's ``t`` (the frame the
    browser last showed, or a shared link's), clamped to ``0 … T``.
    """
    from ._state import _show_note, adopt, widget_key

    # the note's place is there on every run, filled or not: a note that came and went above the player
    # would move it in Streamlit's element tree, and Streamlit would rebuild the player's iframe
    slot = st.empty()
    mk = widget_key(f"_model_{key}")
    previous = st.session_state.get(mk)
    st.session_state[mk] = model_key
    raw = st.query_params.get(key)
    if previous is not None and previous != model_key:
        return int(T)
    if raw is None:
        return int(T)
    value, note = adopt(key, raw, int(T), min_value=0, max_value=int(T), step=1)
    if note:
        with slot:
            _show_note(note)
    return value


def frame_player(packed, start, *, key="t", default_t=None, bookmarks=(), fps=FPS, presenter=False, draw=None):
    """Draw the player of ``packed`` (:func:`pack_frames`) opening at iteration ``start``.

    ``key`` is the iteration's name in the address; ``default_t`` the
    iteration a link needs not name (the page's default, ``T``);
    ``bookmarks`` a list of ``(button text, t)`` to jump to; ``presenter``
    shows one figure a row with large controls and titles. The page
    registers ``key`` after it (the iteration the player reports
    then updates the page's state and address: :func:`_reported`).
    ``draw`` (an :class:`appkit._drawing.Board`) lets the student draw
    points on the first figure: the player reports the set, and the page
    runs again to fit it.
    """
    _player_fragment(packed, int(start), key, None if default_t is None else int(default_t),
                     [[str(a), int(b)] for a, b in bookmarks], int(fps), bool(presenter), draw)


@st.fragment
def _player_fragment(packed, start, key, default_t, bookmarks, fps, presenter, draw=None):
    """The component, in a fragment of its own: the iteration it reports reruns this alone (a drawn set, the
    page: its model is another)."""
    from ._state import widget_key

    digest, payload = packed
    skey = widget_key(f"_player_{key}")
    _component(payload=payload, digest=digest, start=start, url_key=key, default_t=default_t,
               bookmarks=bookmarks, fps=fps, presenter=presenter, draw=None if draw is None else draw.args(),
               key=skey, default=None, on_change=lambda: _reported(skey, key, digest, default_t, draw))
    if draw is not None and draw.stale():
        st.rerun(scope="app")


def _reported(skey, key, digest, default_t, draw=None):
    """The player stopped on a frame of the frames ``digest``: the page's ``key`` takes it
    (a report about other frames, from before a new model, is dropped). A drawn set in the report
    goes to ``draw`` (:meth:`appkit._drawing.Board.take`); a new one makes the frames old."""
    from ._state import set_registered

    value = st.session_state.get(skey)
    if draw is not None and isinstance(value, dict) and draw.take(value.get("draw")):
        return
    if not isinstance(value, dict) or value.get("digest") != digest:
        return
    try:
        t = int(value.get("t"))
    except (TypeError, ValueError):
        return
    if t < 0 or (default_t is not None and t > default_t):
        return
    set_registered(key, t)
