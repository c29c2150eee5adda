"""Streamlit plumbing shared by the app's pages (no learning, no figures).

* :func:`control` draws a widget whose value lives in the URL query
  parameters (``bind="query-params"``), so a link reproduces the picture;
  a classroom link can hide chosen controls with ``?hide=key1,key2`` — the
  value then still comes from the URL (or the default) but no widget shows.
* :func:`share_box` builds such links.
* :func:`warm_engine` compiles the numba engine once per server.
* :func:`figure_download` / :func:`explain` give every figure a download
  button and its two-line explanation with the formula it shows.
"""

from urllib.parse import urlencode

import numpy as np
import streamlit as st

__all__ = ["begin_page", "control", "register", "share_box", "warm_engine", "player_run_every", "player", "play_schedule", "figure_download", "explain", "is_hidden"]

_REGISTRY = "_gbrff_controls"


def begin_page():
    """Start a page: reset the list of controls drawn on it; return hidden keys."""
    _ensure_router()
    st.session_state[_REGISTRY] = {}
    return hidden_keys()


def _ensure_router():
    """Run the page through ``app.py``'s ``st.navigation``, even on a fresh server.

    Until ``st.navigation`` has run once in the server process, Streamlit
    treats a ``pages/`` folder the legacy way: a first visit to a page's
    address on a fresh server runs the page file alone (no router, no wide
    layout, the file names as menu). Switch that mode off and rerun: the
    rerun goes through ``app.py``, which opens the same page.
    """
    try:
        from streamlit.runtime.pages_manager import PagesManager
    except ImportError:  # a future Streamlit without the legacy mode
        return
    if PagesManager.uses_pages_directory:
        PagesManager.uses_pages_directory = False
        st.rerun()


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


def share_box(page_url_path=""):
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
        elif page_url_path:
            base = "/" + page_url_path
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


@st.cache_resource(show_spinner="Compiling the GBRFF engine once for this server (a few seconds)…")
def warm_engine():
    """Compile the numba kernels once per server, not once per click."""
    from gbrff.inspection import warm_up

    warm_up()
    return True


def figure_download(fig, name, key, label="figure (HTML)"):
    """A download button producing the figure as a stand-alone HTML file."""
    st.download_button(label, data=lambda: fig.to_html(include_plotlyjs=True, full_html=True),
                       file_name=f"{name}.html", mime="text/html", key=key, on_click="ignore",
                       icon=":material/download:")


def explain(text, formula=None):
    """The two-or-three-line explanation under a figure, with its formula."""
    if formula:
        st.latex(formula)
    st.markdown(text)
