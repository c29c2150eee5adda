"""GBRFF teaching app: ``streamlit run app.py``.

The router only: each page is one file in ``pages/`` (widgets → gbrff calls
→ Plotly figures from ``gbrff.viz``), listed once in ``appkit.PAGES``; the
app's Streamlit plumbing (URL state, caches, the router) is in ``appkit/``.
Toy data are generated, the UCI results are read from ``results/``: nothing
is downloaded at start.
"""

import streamlit as st

import appkit

st.set_page_config(page_title="GBRFF — gradient boosting with random Fourier features",
                   page_icon=":material/waves:", layout="wide")
appkit.run_router()
