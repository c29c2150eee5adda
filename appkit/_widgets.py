"""What every figure of the app gets: its explanation with the formula, and a download button; and the
page's look in presenter mode."""

import streamlit as st

__all__ = ["explain", "figure_download", "presenter_style"]

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


def presenter_style():
    """Presenter mode's large type on the whole page (the player sizes its own controls and titles)."""
    st.html(_PRESENTER_CSS)
