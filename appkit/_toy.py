"""The toy-problem sidebar and train/test split that the K-and-λ and the
random-features pages share (the same controls, defaults and split)."""

import streamlit as st

from gbrff.datasets import TOY_PROBLEMS
from gbrff.teaching import toy

from ._state import control

TOY_GAMMAS = [0.125, 0.25, 0.5, 1.0, 2.0, 4.0, 8.0]


def toy_controls():
    """The sidebar's toy problem: (data set, n, noise, seed, γ), each a control of the page."""
    sb = st.sidebar
    sb.header("Toy problem")
    data_name = control("segmented_control", "Data set", "data", "board", options=list(TOY_PROBLEMS), where=sb)
    n = control("slider", "Number of points", "n", 300, min_value=100, max_value=1000, step=50, where=sb)
    noise = control("slider", "Noise", "noise", 0.1, min_value=0.0, max_value=0.5, step=0.02, where=sb)
    seed = control("slider", "Seed", "seed", 0, min_value=0, max_value=9999, step=1, where=sb)
    gamma = control("select_slider", "γ: ω drawn from N(0, 2γ)", "gamma", 1.0, options=TOY_GAMMAS, where=sb)
    return data_name, n, noise, seed, gamma


@st.cache_data(max_entries=16, show_spinner=False)
def toy_split(name, n, noise, seed):
    """The toy problem's stratified 70/30 split, seeded by ``seed`` (:func:`gbrff.teaching.toy.toy_split`)."""
    return toy.toy_split(name, n, noise, seed)
