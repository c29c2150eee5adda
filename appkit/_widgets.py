"""What every figure of the app gets: its explanation with the formula, and a download button."""

import streamlit as st

__all__ = ["explain", "figure_download"]


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
