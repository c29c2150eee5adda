"""The state of a page lives in its address: URL-bound controls, the share box, the player.

* :func:`control` draws a widget whose value lives in the URL query
  parameters (``bind="query-params"``), so a link reproduces the picture;
  a classroom link can hide chosen controls with ``?hide=key1,key2`` — the
  value then still comes from the URL (or the default) but no widget shows.
* :func:`share_box` builds such links (the iteration player of
  :mod:`appkit._player` keeps their ``t`` on the frame shown).
* :func:`section` is a part of the page drawn only when the student opens it
  (the share box is one): its open state is the session's, page-scoped as the
  controls are, and never in the address.

**One source of truth.** The controls drawn in a run (and the values
:func:`register`-ed beside them, such as the player's iteration) are the
page's state; the address is written from them once, at the end of the run
(:func:`share_box`, or :func:`refresh_share_box` in a fragment), with the
same parameters as the share box's link: a parameter of a control the page
no longer draws (GBRFF1's K after a switch to GBRFF2) leaves the address.
Each page remembers the address it last wrote in the session; entered again
from the menu (an address without parameters) it opens on it, while a link's
parameters win over what it remembers.
"""

import html
from urllib.parse import urlencode

import numpy as np
import streamlit as st

from gbrff.datasets import REGRESSION_PROBLEMS

from ._router import current_page, ensure_router
from ._text import plain
from ._words import HELP

__all__ = ["begin_page", "page_name", "widget_key", "adopt", "hidden_keys", "is_hidden", "control", "register",
           "set_registered", "section", "share_box", "refresh_share_box", "what_changed"]

_REGISTRY = "_gbrff_controls"
_PAGE = "_gbrff_control_page"      # the page whose controls the session holds
_NOTES = "_gbrff_url_notes"        # session key -> (note, value adopted from the URL)
_LAST = "_gbrff_last_values"       # the controls' values of this page's previous run
_URLS = "_gbrff_page_urls"         # page -> the parameters its address last held (what it remembers)
_SHARE_HIDE = "_gbrff_share_hide"  # the share box's key -> the controls chosen to hide, kept while it is closed
_TRUE, _FALSE = ("1", "true", "yes", "on"), ("0", "false", "no", "off")


def begin_page(page=None):
    """Start a page: through the router (:func:`ensure_router`), with an empty
    list of controls drawn on it; returns the keys of the hidden controls.

    ``page`` names the page (its file stem); the widgets of :func:`control`
    live in the session under ``"page:key"`` (:func:`widget_key`), so no
    value crosses from one page to another. Coming from another page, the
    widgets are drawn again from the address: a link's parameters (the
    address a student opens, Back) as they are; an address without any
    (the sidebar's menu) opens on what this page last wrote in the session
    (the defaults the first time), and shows it in the address.
    """
    ensure_router()
    page = page if page is not None else (current_page() or "")
    previous = st.session_state.get(_PAGE)
    if previous != page:
        query = {k: st.query_params.get(k) for k in st.query_params}
        if previous is not None and query and _left_by(previous, query):
            # the previous page's own address, kept by the switch (the browser's menu drops it;
            # st.switch_page and AppTest may not): no link to this page
            st.query_params.clear()
        if not st.query_params:  # the menu: this page's own last settings of this session
            remembered = st.session_state.get(_URLS, {}).get(page)
            if remembered:
                st.query_params.from_dict(remembered)
        # the widgets' old values go: each control adopts its value from the address (link or remembered)
        prefix = f"{page}:"
        for k in [k for k in st.session_state if str(k).startswith(prefix)]:
            del st.session_state[k]
        st.session_state[_NOTES] = {}
        st.session_state.pop(_LAST, None)
    elif st.session_state.get(_REGISTRY):
        st.session_state[_LAST] = {k: c.get("value") for k, c in st.session_state[_REGISTRY].items()}
    st.session_state[_PAGE] = page
    st.session_state[_REGISTRY] = {}
    return hidden_keys()


def _left_by(previous, query):
    """Whether the address ``query`` is the one the page ``previous`` wrote (its parameters, left behind)."""
    if query == st.session_state.get(_URLS, {}).get(previous):
        return True
    reg = st.session_state.get(_REGISTRY, {})  # still the previous page's controls
    return all(k in reg and "value" in reg[k] and _to_url(reg[k]["value"]) == v for k, v in query.items())


def page_name():
    """The name of the page running, as :func:`begin_page` was given it ("" before any)."""
    return st.session_state.get(_PAGE, "")


def widget_key(key, page=None):
    """The session key of the control ``key`` of ``page`` (default: the page running)."""
    return f"{page_name() if page is None else page}:{key}"


def hidden_keys():
    """Keys of the controls hidden by the URL's ``hide`` parameter."""
    raw = st.query_params.get("hide", "")
    return {k.strip() for k in str(raw).split(",") if k.strip()}


def is_hidden(key):
    return key in hidden_keys()


def _fmt(v):
    return f"{v:g}" if isinstance(v, float) else str(v)


def _to_url(v):
    return str(v).lower() if isinstance(v, bool) else str(v)


def _range_words(whole, min_value, max_value, step):
    """What a numeric control takes, in words: "a whole number from 1 to 500", "a number from 0 to 0.6 in
    steps of 0.02"."""
    kind = "a whole number" if whole else "a number"
    if min_value is not None and max_value is not None:
        words = f"{kind} from {_fmt(min_value)} to {_fmt(max_value)}"
    elif min_value is not None:
        words = f"{kind} ≥ {_fmt(min_value)}"
    elif max_value is not None:
        words = f"{kind} ≤ {_fmt(max_value)}"
    else:
        words = f"any finite {kind[2:]}"
    if step and not (whole and step == 1):
        words += f" in steps of {_fmt(step)}"
    return words


def adopt(key, raw, default, options=None, min_value=None, max_value=None, step=None):
    """A URL value checked against this page's control: ``(value, note)``.

    ``value`` is always valid for the control: one of ``options``, a bool, or
    a finite number of the default's type within ``[min_value, max_value]``
    and on the ``step`` grid. ``note`` is None when the URL value was used
    as it is, else a sentence for the reader saying what was wrong, what the
    control takes and what was used instead. The note is plain text (the
    raw value is quoted as it came, cut at 40 characters): show it with
    :func:`appkit.plain`, never as Markdown.
    """
    shown = str(raw) if len(str(raw)) <= 40 else str(raw)[:40] + "…"
    if options is not None:
        for o in options:
            if str(o) == str(raw):
                return o, None
        try:
            x = float(raw)
            for o in options:
                if isinstance(o, (int, float)) and not isinstance(o, bool) and float(o) == x:
                    return o, None
        except (TypeError, ValueError):
            pass
        options = list(options)
        choices = ", ".join(_fmt(o) for o in options[:12]) + (f", … ({len(options)} in all)" if len(options) > 12
                                                               else "")
        return default, (f"{key} = {shown} is not one of this page's choices ({choices}); "
                         f"using {_fmt(default)}.")
    if isinstance(default, bool):
        low = str(raw).strip().lower()
        if low in _TRUE:
            return True, None
        if low in _FALSE:
            return False, None
        return default, f"{key} = {shown} is neither true nor false; using {_to_url(default)}."
    if isinstance(default, (int, float)):
        whole = isinstance(default, int)
        takes = f"{key} takes {_range_words(whole, min_value, max_value, step)} here"
        try:
            x = float(raw)
        except (TypeError, ValueError, OverflowError):
            x = float("nan")
        if np.isnan(x):
            return default, f"{key} = {shown} is not a number: {takes}; using the default {_fmt(default)}."
        note = None
        if max_value is not None and x > max_value:  # 1e309 too: a number, too large (float() says inf)
            x, note = max_value, f"{key} = {shown} is too large: {takes}; using {_fmt(max_value)}."
        elif min_value is not None and x < min_value:
            x, note = min_value, f"{key} = {shown} is too small: {takes}; using {_fmt(min_value)}."
        elif not np.isfinite(x):  # no bound to clamp to
            return default, (f"{key} = {shown} is too {'large' if x > 0 else 'small'}: {takes}; "
                             f"using the default {_fmt(default)}.")
        if step and note is None:
            base = min_value if min_value is not None else 0
            snapped = base + round((x - base) / step) * step
            if max_value is not None and snapped > max_value:
                snapped -= step
            snapped = round(snapped, 10)
            if abs(snapped - x) > 1e-9 * max(1.0, abs(x)):
                note = f"{key} = {shown} is not on this control's steps: {takes}; using {_fmt(snapped)}."
            x = snapped
        if whole:
            if x != int(round(x)) and note is None:
                note = f"{key} = {shown} is not a whole number: {takes}; using {int(round(x))}."
            return int(round(x)), note
        return float(x), note
    return str(raw), None


def _show_note(note):
    """A note of :func:`adopt` under its control: plain text (the link's value in it is the link's, not ours)."""
    st.info(plain(note) + " (The link asked for it; the picture uses the value given here.)",
            icon=":material/info:")


def control(kind, label, key, default, *, options=None, where=None, **kwargs):
    """Draw one URL-bound widget (or read its value from the URL if hidden).

    ``kind`` is a Streamlit widget name: ``selectbox``, ``radio``,
    ``segmented_control``, ``select_slider``, ``slider``, ``number_input``,
    ``checkbox`` or ``toggle``. ``default`` is the value without a URL
    parameter. Returns the widget's value.

    The URL parameter is ``key`` itself (links keep their names); the widget's
    session key is page-scoped (:func:`widget_key`). A URL value, hidden or
    not, goes through :func:`adopt`: out of range, off the options, NaN or
    garbage, it is clamped or replaced by the default, with a visible note.
    The address is written from the values of the run's controls at its end
    (:func:`share_box`), so it always reproduces the picture.
    """
    if kwargs.get("help") is None and key in HELP:  # every control explains itself (appkit._words)
        kwargs["help"] = HELP[key]
    reg = st.session_state.setdefault(_REGISTRY, {})
    reg[key] = {"label": label, "default": default}
    notes = st.session_state.setdefault(_NOTES, {})
    bounds = {b: kwargs.get(b) for b in ("min_value", "max_value", "step")}
    if key in hidden_keys():
        raw = st.query_params.get(key)
        value, note = (default, None) if raw is None else adopt(key, raw, default, options, **bounds)
        if note:
            _show_note(note)
        reg[key]["value"] = value
        return value
    skey = widget_key(key)
    if skey not in st.session_state:
        raw = st.query_params.get(key)
        value, note = (default, None) if raw is None else adopt(key, raw, default, options, **bounds)
        st.session_state[skey] = value
        notes.pop(skey, None)
        if note:
            notes[skey] = (note, value)
    elif options is None and not isinstance(default, bool) and isinstance(default, (int, float)):
        # bounds that follow another control (GBRFF-LS's K ≤ budget / T): a value chosen under wider ones
        old = st.session_state[skey]
        value, note = adopt(key, old, default, None, **bounds)
        if note:
            st.session_state[skey] = value
            most = "most" if value < old else "least"
            st.info(plain(f"{label}: {_fmt(old)} → {_fmt(value)}, the {most} these settings allow."),
                    icon=":material/info:")
    host = where if where is not None else st
    widget = getattr(host, kind)
    if kind in ("selectbox", "radio", "select_slider"):
        args = dict(options=options)
    elif kind == "segmented_control":
        args = dict(options=options, required=True)
    else:
        args = {}
    value = widget(label, key=skey, **args, **kwargs)
    if kind == "segmented_control" and value is None:
        value = default
    if skey in notes:
        if notes[skey][1] == value:
            _show_note(notes[skey][0])
        else:
            del notes[skey]
    reg[key]["value"] = value
    return value


def register(key, label, default, value):
    """Record a value drawn outside :func:`control` (e.g. the iteration) so that
    :func:`share_box` puts it in the link; it cannot be hidden."""
    st.session_state.setdefault(_REGISTRY, {})[key] = {"label": label, "default": default, "value": value,
                                                       "fixed": True}


def set_registered(key, value):
    """A :func:`register`-ed value changed between two runs of the page (the player's iteration, reported by
    the browser): the page's state and address take it. Does nothing before the page registered ``key``."""
    reg = st.session_state.get(_REGISTRY, {})
    if key in reg and reg[key].get("fixed"):
        reg[key]["value"] = value
        sync_address()


def _hide_list(hide):
    """The controls to hide that the page has (hideable), sorted: the order of the address and the link."""
    reg = st.session_state.get(_REGISTRY, {})
    return sorted(k for k in set(hide) if k in reg and not reg[k].get("fixed") and not k.startswith("_"))


def page_params(hide=()):
    """The page's state as address parameters: every value of the run away from its default, the
    controls to ``hide`` (with their values, default or not) and ``hide`` itself."""
    reg = st.session_state.get(_REGISTRY, {})
    hide = _hide_list(hide)
    params = {}
    for k, c in reg.items():
        if k.startswith("_") or "value" not in c:
            continue
        if c["value"] != c["default"] or k in hide:
            params[k] = _to_url(c["value"])
    if hide:
        params["hide"] = ",".join(hide)
    return params


def sync_address():
    """Write the page's address from its state (:func:`page_params` with the address's own ``hide``):
    parameters of controls the run did not draw leave it. The page remembers it for this session."""
    params = page_params(hidden_keys())
    if {k: st.query_params.get(k) for k in st.query_params} != params:
        st.query_params.from_dict(params)
    st.session_state.setdefault(_URLS, {})[page_name()] = params


def _share_link(hide):
    """The link to this picture: the address's parameters, with the controls ``hide`` hidden."""
    params = page_params(hide)
    base = ""
    url = getattr(st.context, "url", None)
    if url:
        base = str(url).split("?")[0]
    elif current_page():
        base = "/" + current_page()
    return base + ("?" + urlencode(params, safe=",") if params else "")


def refresh_share_box():
    """From an ``st.fragment`` whose controls changed: write the new link into the share box (which the
    fragment cannot redraw: it lives in the sidebar), as the player does for the iteration, in the browser.

    A script of the page itself (``st.html`` with JavaScript allowed), not an iframe: a script-only iframe
    has no body when Streamlit's height measurement starts, whose ``MutationObserver`` then threw an
    uncaught error on every run. The link is the page's state (:func:`page_params`, URL-encoded), written
    into the script as a JSON string with ``<``, ``>`` and ``&`` escaped: it cannot end the script.
    """
    import json

    sync_address()
    link = _share_link(list(st.session_state.get(widget_key("_share_hide"), [])))
    quoted = json.dumps(link).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    st.html("<script>document.querySelectorAll('[data-gbrff-link]').forEach(el => {"
            f"el.setAttribute('data-gbrff-link', {quoted}); el.textContent = {quoted};"
            "});</script>", unsafe_allow_javascript=True)


def section(label, key, *, icon=None, opened=False, where=None):
    """A section of the page below its picture, collapsed, whose content runs only when it is open.

    Returns Streamlit's expander (``on_change="rerun"``): the page draws into it
    ``if box.open``. Closed, a section costs the browser one line, where its
    elements would each cost Streamlit's frontend its code, its styles and its
    layout before the page is quiet (measured on the playground: its
    sections below the player, drawn open, made the first visit 0.3 s longer).
    Opening one reruns the page from Streamlit's caches: the player above keeps
    its picture and its iteration. ``opened`` opens it on the page's first run
    (a link that asks for its content); ``key`` is page-scoped (:func:`widget_key`):
    a test opens it with ``session_state[widget_key(key, page)] = True`` after the
    page's first run (entering a page starts its widgets afresh: :func:`begin_page`). ``where``: the
    container (the main column by default; the sidebar for the share box).
    """
    host = where if where is not None else st
    return host.expander(label, expanded=opened, key=widget_key(key), on_change="rerun", icon=icon)


def share_box():
    """Sidebar box: a link to exactly this picture, optionally hiding controls. Call it last: it writes the
    page's address too (:func:`sync_address`), from the same parameters as the link. The box is drawn
    when the student opens it; the controls chosen to hide stay chosen when it is closed again."""
    sync_address()
    reg = st.session_state.get(_REGISTRY, {})
    box = section("Share this picture / classroom link", "_share_open", icon=":material/link:", where=st.sidebar)
    if not box.open:  # drawn when opened: closed, the box costs the first visit no widget
        return
    with box:
        st.caption("Every control and the iteration live in the page address: copy it to share the "
                   "exact picture. For a lecture, choose controls to hide from students.")
        keys = [k for k in reg if not k.startswith("_")]
        hideable = [k for k in keys if not reg[k].get("fixed")]
        chosen = widget_key("_share_hide")
        kept = st.session_state.get(_SHARE_HIDE, {}).get(chosen)  # the choice of the box's last opening
        default = _hide_list(hidden_keys() if kept is None else kept) if chosen not in st.session_state else None
        hide = st.multiselect("Hide these controls", options=hideable, format_func=lambda k: reg[k]["label"],
                              default=default, key=chosen)
        st.session_state.setdefault(_SHARE_HIDE, {})[chosen] = list(hide)
        link = _share_link(hide)
        # the page's player rewrites this link's iteration in the browser (appkit/_player.py)
        st.html(f'<div style="font-family: monospace; font-size: 14px; padding: 0.5rem 0.6rem; '
                f'background: #f0f2f6; border-radius: 0.5rem; overflow-wrap: anywhere; user-select: all">'
                f'<span data-gbrff-link="{html.escape(link, quote=True)}">{html.escape(link)}</span></div>')


def _count(n, word, noun):
    """ "1 more weak learner", "3 more weak learners", "1 random cosine" (``word`` may be empty)."""
    return " ".join(w for w in (str(n), word, noun + ("" if n == 1 else "s")) if w)


def _ratio_words(old, new):
    r = new / old
    if r > 1:
        return f"×{r:.3g}"
    return f"÷{1 / r:.3g}"


def _change_sentence(key, label, old, new, regression=False):
    """One plain sentence for a control moved from ``old`` to ``new`` (its effect, where it is simple);
    ``regression``: the page shows a regression problem (a real target, no classes)."""
    num = isinstance(old, (int, float)) and isinstance(new, (int, float)) and not isinstance(old, bool)
    if key == "gamma" and num and old > 0:
        r = (new / old) ** 0.5
        return (f"γ {_fmt(old)} → {_fmt(new)} ({_ratio_words(old, new)}): the frequencies ω are drawn "
                f"{'wider' if new > old else 'narrower'}, so the new stripes are about {r:.2g}× as dense "
                f"(ω grows like √γ)")
    if key == "T" and num:
        more = new - old
        return (f"T {old} → {new}: {_count(abs(more), 'more' if more > 0 else 'fewer', 'weak learner')} in the vote"
                + ("" if more > 0 else " (the earlier iterations are unchanged)"))
    if key == "lam" and num:
        return (f"λ {_fmt(old)} → {_fmt(new)}: a {'stronger' if new > old else 'weaker'} pull of ω towards 0, "
                f"so {'longer waves and a smoother' if new > old else 'shorter waves and a wigglier'} boundary")
    if key == "angle" and num:
        return (f"the data turned by {_fmt(new)}° instead of {_fmt(old)}° about their centre: the same problem, at "
                f"another angle to the axes the trees cut along")
    if key == "noise" and num and regression:
        return (f"noise {_fmt(old)} → {_fmt(new)}: y scatters {'more' if new > old else 'less'} about f(x), and "
                f"the best test RMSE any model can reach is {_fmt(new)}")
    if key == "noise" and num:
        return f"noise {_fmt(old)} → {_fmt(new)}: the classes {'overlap more' if new > old else 'are cleaner'}"
    if key == "n" and num:
        return f"{_count(new, '', 'point')} instead of {old}: {'more' if new > old else 'fewer'} examples to learn from"
    if key == "K" and num:
        return f"K {old} → {new}: each GBRFF1 learner sums {_count(new, '', 'random cosine')} around its landmark"
    if key == "K_ls" and num:
        return f"K {old} → {new}: each GBRFF-LS learner sums {_count(new, '', 'random cosine')} around its landmark"
    if key == "c" and num:
        return (f"c {_fmt(old)} → {_fmt(new)}: the weights Q are {'sharper' if new > old else 'flatter'}"
                + (" (c = 0: all equal 1/K)" if new == 0 else ""))
    if key == "v" and num:
        return f"learning rate v {_fmt(old)} → {_fmt(new)}: every step α is scaled by {_fmt(new)}"
    if key == "lr" and num:
        return f"learning rate {_fmt(old)} → {_fmt(new)}: every step α is scaled by {_fmt(new)}"
    if isinstance(new, bool):
        return f"{label}: {'on' if new else 'off'}"
    return f"{label}: {_fmt(old)} → {_fmt(new)}"


def what_changed():
    """The line "what changed" since this page's previous run: one sentence per control moved, or None.

    Call it after the page's controls (it compares their values with the previous run's).
    """
    last = st.session_state.get(_LAST)
    if not last:
        return None
    out, registry = [], st.session_state.get(_REGISTRY, {})
    regression = registry.get("data", {}).get("value") in REGRESSION_PROBLEMS
    for k, c in registry.items():
        if k.startswith("_") or c.get("fixed") or k not in last:
            continue
        if last[k] != c.get("value"):
            out.append(_change_sentence(k, c["label"], last[k], c.get("value"), regression=regression))
    return "; ".join(out) + "." if out else None
