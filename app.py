"""GBRFF teaching app: ``streamlit run app.py``.

The router only: each page is one file in ``pages/`` (widgets → gbrff calls
→ Plotly figures from ``gbrff.viz``), listed once in ``appkit.PAGES``; the
app's Streamlit plumbing (URL state, caches, the router) is in ``appkit/``.
Toy data are generated, the UCI results are read from ``results/``: nothing
is downloaded at start, and nothing is asked of another server: the favicon is
a file of the app (``appkit/favicon.png``; Streamlit fetches a ``:material/…:``
icon from Google's font server), plotly.js comes with Plotly, and the browser
sends no usage statistics (``.streamlit/config.toml``).

``streamlit run app.py`` finds ``app`` below (Streamlit's ``st.App``) and serves
it, with Streamlit's scripts sent compressed (``app_server.py``); each
session runs this file as ``__main__``: the router.
"""

import streamlit as st

if __name__ == "__main__":  # a session's run of the app (Streamlit runs this file as __main__)
    import appkit

    st.set_page_config(page_title="GBRFF — gradient boosting with random Fourier features",
                       page_icon=appkit.FAVICON, layout="wide")
    appkit.run_router()
else:  # `streamlit run app.py` imports this file to serve it: the app's server (app_server.py)
    from app_server import MIDDLEWARE

    app = st.App(__file__, middleware=MIDDLEWARE)
