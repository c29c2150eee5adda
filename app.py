"""GBRFF teaching app: ``streamlit run app.py``.

The router only: each page is one file in ``pages/`` (widgets → gbrff calls
→ Plotly figures from ``gbrff.viz``). Toy data are generated, the UCI
results are read from ``results/``: nothing is downloaded at start.
"""

import streamlit as st

st.set_page_config(page_title="GBRFF — gradient boosting with random Fourier features",
                   page_icon=":material/waves:", layout="wide")

PAGES = [
    st.Page("pages/home.py", title="Home", icon=":material/home:", default=True),
    st.Page("pages/playground.py", title="Boosting playground", icon=":material/tune:", url_path="playground"),
    st.Page("pages/loss_landscape.py", title="Loss landscape", icon=":material/landscape:", url_path="loss_landscape"),
    st.Page("pages/k_and_lambda.py", title="K and λ", icon=":material/straighten:", url_path="k_and_lambda"),
    st.Page("pages/uci_comparison.py", title="UCI comparison", icon=":material/table_chart:", url_path="uci_comparison"),
]

st.navigation(PAGES).run()
