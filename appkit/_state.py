"""The state of a page lives in its address: URL-bound controls, the share box, the player.

* :func:`control` draws a widget whose value lives in the URL query
  parameters (``bind="query-params"``), so a link reproduces the picture;
  a classroom link can hide chosen controls with ``?hide=key1,key2`` — the
  value then still comes from the URL (or the default) but no widget shows.
* :func:`share_box` builds such links.
* :func:`player` steps an animated fragment through the boosting iterations
  (reset / back / play / step and the iteration slider, ``?t=`` in the URL).
"""

from urllib.parse import urlencode

import numpy as np
import streamlit as st

from ._router import current_page, ensure_router

__all__ = ["begin_page", "hidden_keys", "is_hidden", "control", "register", "share_box", "player_run_every",
           "player", "play_schedule", "FRAME_SECONDS"]

_REGISTRY = "_gbrff_controls"


def begin_page():
    """Start a page: through the router (:func:`ensure_router`), with an empty
    list of controls drawn on it; returns the keys of the hidden controls."""
    ensure_router()
    st.session_state[_REGISTRY] = {}
    return hidden_keys()


def hidden_keys():
    """Keys of the controls hidden by the URL's ``hide`` parameter."""
    raw = st.query_params.get("hide", "")
    return {k.strip() for k in str(raw).split(",") if k.strip()}


def is_hidden(key):
    return key in hidden_keys()


def _from_url(key, default, options=None):
    """Value of ``key`` from the URL when its widget is hidden (else the default)."""
    raw = st.query_params.get(key)
    if raw is None:
        return default
    if options is not None:
        for o in options:
            if str(o) == str(raw):
                return o
        return default
    try:
        if isinstance(default, bool):
            return str(raw).lower() in ("1", "true", "yes", "on")
        if isinstance(default, int):
            return int(float(raw))
        if isinstance(default, float):
            return float(raw)
    except ValueError:
        return default
    return raw


def control(kind, label, key, default, *, options=None, where=None, **kwargs):
    """Draw one URL-bound widget (or read its value from the URL if hidden).

    ``kind`` is a Streamlit widget name: ``selectbox``, ``radio``,
    ``segmented_control``, ``select_slider``, ``slider``, ``number_input``,
    ``checkbox`` or ``toggle``. ``default`` is the value without a URL
    parameter. Returns the widget's value.
    """
    reg = st.session_state.setdefault(_REGISTRY, {})
    reg[key] = {"label": label, "default": default}
    if key in hidden_keys():
        value = _from_url(key, default, options)
        reg[key]["value"] = value
        return value
    host = where if where is not None else st
    widget = getattr(host, kind)
    if kind in ("selectbox", "radio"):
        args = dict(options=options, index=list(options).index(default))
    elif kind == "segmented_control":
        args = dict(options=options, default=default, required=True)
    elif kind == "select_slider":
        args = dict(options=options, value=default)
    else:
        args = dict(value=default)
    if key in st.session_state:
        args.pop("value", None)
        args.pop("index", None)
        args.pop("default", None)
    value = widget(label, key=key, bind="query-params", **args, **kwargs)
    if kind == "segmented_control" and value is None:
        value = default
    reg[key]["value"] = value
    return value


def register(key, label, default, value):
    """Record a value drawn outside :func:`control` (e.g. the iteration) so that
    :func:`share_box` puts it in the link; it cannot be hidden."""
    st.session_state.setdefault(_REGISTRY, {})[key] = {"label": label, "default": default, "value": value,
                                                       "fixed": True}


def share_box():
    """Sidebar box: a link to exactly this picture, optionally hiding controls."""
    reg = st.session_state.get(_REGISTRY, {})
    with st.sidebar.expander("Share this picture / classroom link", icon=":material/link:"):
        st.caption("Every control and the iteration live in the page address: copy it to share the "
                   "exact picture. For a lecture, choose controls to hide from students.")
        keys = [k for k in reg if not k.startswith("_")]
        hideable = [k for k in keys if not reg[k].get("fixed")]
        hide = st.multiselect("Hide these controls", options=hideable, format_func=lambda k: reg[k]["label"],
                              default=sorted(hidden_keys() & set(hideable)), key="_share_hide")
        params = {}
        for k in keys:
            v, d = reg[k].get("value"), reg[k]["default"]
            if v != d or k in hide:
                params[k] = str(v).lower() if isinstance(v, bool) else str(v)
        if hide:
            params["hide"] = ",".join(hide)
        base = ""
        url = getattr(st.context, "url", None)
        if url:
            base = str(url).split("?")[0]
        elif current_page():
            base = "/" + current_page()
        st.code(base + ("?" + urlencode(params, safe=",") if params else ""), language=None)


FRAME_SECONDS = 0.5


def _playing_key(key):
    return f"_playing_{key}"


def player_run_every(key="t"):
    """The ``run_every`` of the animated fragment: :data:`FRAME_SECONDS` while playing, else None.

    Call it where the fragment is defined (outside the fragment).
    """
    pk = _playing_key(key)
    playing = bool(st.session_state.get(pk, False))
    st.session_state[f"_defined{pk}"] = playing
    return FRAME_SECONDS if playing else None


def player(T, schedule, key="t", label="Iteration t (number of weak learners in the vote)"):
    """Inside the animated fragment: reset / back / play / step buttons and the iteration slider.

    The buttons rerun only the fragment; play and pause then rerun the page
    once, so that the fragment's timer starts or stops. While playing, each
    run of the fragment moves to the next iteration of ``schedule`` (tens of
    frames) and play stops by itself at ``T``. The iteration lives in the
    URL (``?t=``). Returns the iteration to show.
    """
    pk = _playing_key(key)
    st.session_state.setdefault(pk, False)
    if st.session_state.get(key, T) > T:
        st.session_state[key] = T
    if st.session_state[pk] != st.session_state.get(f"_defined{pk}", False):
        st.rerun(scope="app")  # start or stop the fragment's timer
    if st.session_state[pk]:
        now = st.session_state.get(key, 0)
        later = [s for s in schedule if s > now]
        if later:
            st.session_state[key] = int(later[0])
        else:
            st.session_state[pk] = False
            st.rerun(scope="app")

    def set_t(value):
        st.session_state[key] = int(min(max(value, 0), T))

    def toggle():
        playing = not st.session_state[pk]
        if playing and st.session_state.get(key, T) >= T:
            st.session_state[key] = 0
        st.session_state[pk] = playing

    playing = st.session_state[pk]
    b1, b2, b3, b4, _ = st.columns([1, 1, 1.2, 1, 2.5])
    b1.button("reset", icon=":material/first_page:", key=f"{key}_reset", on_click=set_t, args=(0,),
              help="Back to iteration 0", width="stretch")
    b2.button("back", icon=":material/chevron_left:", key=f"{key}_back",
              on_click=lambda: set_t(st.session_state.get(key, T) - 1), help="One iteration back", width="stretch")
    b3.button("pause" if playing else "play", icon=":material/pause:" if playing else ":material/play_arrow:",
              key=f"{key}_play", on_click=toggle, type="primary", width="stretch",
              help="Add the weak learners one after the other")
    b4.button("step", icon=":material/chevron_right:", icon_position="right", key=f"{key}_step",
              on_click=lambda: set_t(st.session_state.get(key, T) + 1), help="Add one weak learner",
              width="stretch")
    return st.slider(label, 0, T, T, key=key, bind="query-params")


def play_schedule(T, head=10, steps=30):
    """Iterations shown by play: each of the first ``head``, then ~``steps`` geometric steps to T."""
    first = set(range(0, min(T, head) + 1))
    if T > head:
        first |= {int(v) for v in np.unique(np.round(np.geomspace(head, T, steps)))}
    return sorted(first | {T})
