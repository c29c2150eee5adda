"""GBRFF teaching app: ``streamlit run app.py``.

The router only: each page is one file in ``pages/`` (widgets → gbrff calls
→ Plotly figures from ``gbrff.viz``). Toy data are generated, the UCI
results are read from ``results/``: nothing is downloaded at start.
"""

import streamlit as st

st.set_page_config(page_title="GBRFF — gradient boosting with random Fourier features",
                   page_icon="〰️", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon="🏠", default=True),
    st.Page("pages/playground.py", title="Boosting playground", icon="🎛️", url_path="playground"),
    st.Page("pages/loss_landscape.py", title="Loss landscape", icon="🌊", url_path="landscape"),
    st.Page("pages/k_and_lambda.py", title="K and λ", icon="📐", url_path="k-and-lambda"),
    st.Page("pages/uci_comparison.py", title="UCI comparison", icon="📊", url_path="uci"),
]

st.navigation(PAGES).run()
