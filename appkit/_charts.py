"""The pages' still figures drawn on a canvas in the browser (``appkit/player/figure.js``), not by plotly.js.

``st.plotly_chart`` makes the browser load Streamlit's Plotly chunk (4.7 MB
of script, a long task of more than half a second) and build the figure as
SVG (thousands of DOM nodes): the first view of a page waits for it, and a
slider step redraws it. :func:`light_chart` draws the same figure — the
Plotly figure dict a :mod:`gbrff.viz` function builds, the one home of every
figure's definition — with ``LightPlot``, the small canvas renderer the
iteration player draws with (``appkit/player/figure.js``, copied at import
into the folder this component serves), in a component of its own
(``appkit/chart/index.html``):

* the figure travels as its JSON deflated, as bytes (Streamlit sends bytes
  arguments in binary), an array that appears twice (a heatmap's ``z`` and
  its boundary contour's) once;
* the iframe has the figure's height from the start (Streamlit reads the
  ``height`` argument before the component has loaded: nothing below it
  moves when it draws);
* it draws once per figure (Streamlit posts the same arguments again on
  every rerun; the digest tells them apart) and sends nothing back (no
  rerun).

A figure with a trace type the renderer does not draw (:data:`LIGHT_TRACES`),
or error bars (:data:`UNDRAWN`), goes to ``st.plotly_chart`` instead, as does every figure while
``figure.js`` is missing: the page stays right, only slower.
"""

import hashlib
import json
import zlib
from pathlib import Path

import streamlit as st
import streamlit.components.v1 as components

from ._player import _plotly_json, served_folder

__all__ = ["light_chart", "pack_figure", "LIGHT_TRACES"]

#: The trace types ``LightPlot`` draws (a figure with any other goes to ``st.plotly_chart``).
LIGHT_TRACES = frozenset({"scatter", "heatmap", "contour", "bar", "histogram"})
#: Trace attributes it does not draw yet, whose absence would change what a figure says (error bars).
UNDRAWN = ("error_x", "error_y")
#: Plotly's height of a figure whose layout names none.
DEFAULT_HEIGHT = 450
_FIGURE_JS = Path(__file__).with_name("player") / "figure.js"
# an array longer than this (its base64 text) travels once however often the figure holds it
_SHARED_ARRAY = 2000


def _served_folder():
    """``appkit/chart`` and the player's ``figure.js`` in one folder for Streamlit to serve (``figure.js``
    keeps its one home beside the player)."""
    files = sorted(f for f in Path(__file__).with_name("chart").iterdir() if f.is_file()) + [_FIGURE_JS]
    return served_folder("gbrff-chart", {f.name: f.read_bytes() for f in files})


_component = (components.declare_component("light_chart", path=str(_served_folder()))
              if _FIGURE_JS.exists() else None)


def _figure_dict(fig):
    """A ``go.Figure`` or a figure dict (``data``, ``layout``) as a plain dict."""
    if hasattr(fig, "to_dict"):
        return fig.to_dict()
    return {"data": list(fig.get("data", ())), "layout": dict(fig.get("layout") or {})}


def _tabled(value, arrays, seen):
    """``value`` with its numpy arrays as Plotly's typed arrays (``{dtype, bdata, shape}``), a long
    ``bdata`` replaced by its index in ``arrays`` (each text there once)."""
    if isinstance(value, dict):
        if isinstance(value.get("bdata"), str) and len(value["bdata"]) > _SHARED_ARRAY:
            text = value["bdata"]
            if text not in seen:
                seen[text] = len(arrays)
                arrays.append(text)
            return dict(value, bdata=seen[text])
        return {k: _tabled(v, arrays, seen) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_tabled(v, arrays, seen) for v in value]
    if hasattr(value, "dtype") and hasattr(value, "ndim") and value.ndim > 0:
        return _tabled(_plotly_json(value), arrays, seen)
    return value


def pack_figure(fig, height=None):
    """A figure (``go.Figure`` or its dict) as ``(digest, payload, height)`` for the chart component:
    ``payload`` the deflated JSON ``{"figure": …, "arrays": […]}`` (bytes), ``height`` the figure's
    (``height`` if given, else its layout's, else Plotly's 450 px), written into its layout."""
    d = _figure_dict(fig)
    layout = dict(d.get("layout") or {})
    h = int(height if height is not None else layout.get("height") or DEFAULT_HEIGHT)
    layout["height"] = h
    arrays, seen = [], {}
    figure = {"data": _tabled(list(d.get("data") or ()), arrays, seen), "layout": _tabled(layout, arrays, seen)}
    body = json.dumps({"figure": figure, "arrays": arrays}, default=_plotly_json, separators=(",", ":"),
                      ensure_ascii=False).encode()
    return hashlib.sha1(body).hexdigest(), zlib.compress(body, 6), h


def _light(d):
    """Whether ``LightPlot`` draws every trace of the figure dict ``d``, all that it shows."""
    return _component is not None and all(
        (t.get("type") or "scatter") in LIGHT_TRACES and not any(_shown(t.get(k)) for k in UNDRAWN)
        for t in d.get("data") or ())


def _shown(error):
    """Whether a trace's ``error_x`` / ``error_y`` draws bars."""
    return isinstance(error, dict) and error.get("visible", True) is not False and any(
        k in error for k in ("array", "arrayminus", "value", "valueminus"))


def light_chart(fig, *, key, height=None, presenter=False):
    """Draw the still figure ``fig`` (``go.Figure`` or its dict) with the canvas renderer.

    ``key`` keeps the chart's iframe across reruns (a new figure is drawn in
    it, not in a new iframe); ``height`` overrides the figure's own;
    ``presenter`` (presenter mode) reaches the renderer as its config's
    ``presenter`` and is part of what makes the chart draw again. The figure
    goes to ``st.plotly_chart`` when the renderer lacks one of its traces.
    """
    d = _figure_dict(fig)
    if not _light(d):
        st.plotly_chart(fig, key=key, config={"displaylogo": False}, theme=None,
                        **({"height": int(height)} if height is not None else {}))
        return
    digest, payload, h = pack_figure(d, height)
    _component(payload=payload, digest=digest, height=h, presenter=bool(presenter), key=key, default=None)
