"""GBRFF teaching app: ``streamlit run app.py``.

The router only: each page is one file in ``pages/`` (widgets → gbrff calls
→ Plotly figures from ``gbrff.viz``), listed once in ``appkit.PAGES``; the
app's Streamlit plumbing (URL state, caches, the router) is in ``appkit/``.
Toy data are generated, the UCI results are read from ``results/``: nothing
is downloaded at start, and nothing is asked of another server: the favicon is
a file of the app (``appkit/favicon.png``; Streamlit fetches a ``:material/…:``
icon from Google's font server), plotly.js comes with Plotly, and the browser
sends no usage statistics (``.streamlit/config.toml``).
"""

import streamlit as st

import appkit

st.set_page_config(page_title="GBRFF — gradient boosting with random Fourier features",
                   page_icon=appkit.FAVICON, layout="wide")
appkit.run_router()
