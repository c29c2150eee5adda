"""What the app computes or reads once per server: the compiled engine and the stored results.

The tables are read through :mod:`gbrff.experiments` (which knows where each
report lies in a results folder) and handed to :mod:`gbrff.viz.paper`,
which only draws.
"""

import streamlit as st

from ._router import ROOT

__all__ = ["RESULTS_DIR", "warm_engine", "stored_results", "paper_table2", "preprint_table2"]

#: The results committed with the app (``python -m gbrff.experiments … --out results/…``).
RESULTS_DIR = ROOT / "results"


@st.cache_resource(show_spinner="Compiling the GBRFF engine once for this server (a few seconds)…")
def warm_engine():
    """Compile the numba kernels once per server, not once per click."""
    from gbrff import warm_up

    warm_up()
    return True


@st.cache_data(ttl=60, show_spinner=False)
def stored_results(results_dir=RESULTS_DIR):
    """The result tables under ``results_dir`` that exist, by name
    (:func:`gbrff.experiments.load_results`)."""
    from gbrff.experiments import load_results

    return load_results(results_dir)


@st.cache_data(show_spinner=False)
def paper_table2():
    """The paper's Table 2 (task, method, mean, std), or None when it cannot be read."""
    from gbrff.experiments import load_paper_table2

    try:
        return load_paper_table2()
    except OSError:
        return None


@st.cache_data(show_spinner=False)
def preprint_table2():
    """The 2019 preprint's Table 2 (task, method, mean, std; its GBRFF as GBRFF-LS), or None."""
    from gbrff.experiments import load_preprint_table2

    try:
        return load_preprint_table2()
    except OSError:
        return None
