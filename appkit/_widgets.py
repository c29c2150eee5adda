"""What every figure of the app gets: its explanation with the formula, and a download button; the
page's look in presenter mode; a file uploader that keeps its file when the student leaves the page."""

import streamlit as st

from ._files import download_name
from ._state import page_name

__all__ = ["explain", "figure_download", "presenter_style", "kept_upload"]

_KEPT = "_gbrff_kept_uploads"  # uploader key -> (file name, bytes) of the last file it held this session
_HELD = "_gbrff_upload_held"   # uploader keys whose widget held a file in the run before

# Presenter mode, for a projector: the page's text in large type. Its headline numbers (st.metric's values,
# whose text is a <p> as well) larger still, never the size of the text around them, their labels wrapped
# rather than cut; less white space above the title, so that at 1280 × 720 the first figure starts on the
# first screen.
_PRESENTER_CSS = """<style>
[data-testid='stMain'] p, [data-testid='stMain'] li { font-size: 1.3rem; }
[data-testid='stMain'] [data-testid='stMetricValue'],
[data-testid='stMain'] [data-testid='stMetricValue'] p { font-size: clamp(2.2rem, 3.6vw, 3rem); line-height: 1.2; }
[data-testid='stMain'] [data-testid='stMetricLabel'] * { white-space: normal; overflow: visible; }
[data-testid='stMain'] [data-testid='stMainBlockContainer'] { padding-top: 3.5rem; }
</style>"""


def figure_download(fig, name, key, label="figure (HTML)", data=None):
    """A download button producing the figure as a stand-alone HTML file, named as every download of the
    app (:func:`appkit._files.download_name`): ``gbrff-<page>-<name>[-<data>].html``, the page the one
    running (:func:`appkit._state.page_name`).

    The HTML (plotly.js and the figure's JSON: 4.7 MB, 20 ms a figure) is made when the button is
    clicked, never on a run of the page; ``fig`` may be a function returning the figure, for a figure
    the page does not draw (made on the click too)."""
    def html():
        figure = fig if hasattr(fig, "to_html") else fig()
        return figure.to_html(include_plotlyjs=True, full_html=True)

    st.download_button(label, data=html,
                       file_name=download_name(page_name(), name, data, "html"), mime="text/html", key=key,
                       on_click="ignore", icon=":material/download:")


def explain(text, formula=None):
    """The two-or-three-line explanation under a figure, with its formula."""
    if formula:
        st.latex(formula)
    st.markdown(text)


def presenter_style():
    """Presenter mode's large type on the whole page (the player sizes its own controls and titles)."""
    st.html(_PRESENTER_CSS)


def kept_upload(label, key, where=st, **kwargs):
    """``where.file_uploader(label, key=key)``, and the file it held earlier in the session.

    Streamlit forgets an uploader's file once a run does not draw it (another
    page, another data set chosen): coming back, the student would find "no
    file". The last file it held is kept in the session and used while the
    uploader is empty, until the student removes a file from the uploader
    (its ✕) or uploads another. Returns ``(name, data, kept)``, ``kept``
    telling an earlier file from the one in the widget, or None.
    """
    alive = key in st.session_state  # the widget was drawn in the run before: its state is the student's
    file = where.file_uploader(label, key=key, **kwargs)
    kept, held = st.session_state.setdefault(_KEPT, {}), st.session_state.setdefault(_HELD, set())
    if file is not None:
        kept[key] = (file.name, file.getvalue())
        held.add(key)
        return file.name, kept[key][1], False
    if alive and key in held:  # it held a file a run ago and holds none now: the student removed it
        kept.pop(key, None)
    held.discard(key)
    return (*kept[key], True) if key in kept else None
