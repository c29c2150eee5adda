"""Figures for gbrff: data in, Plotly figure out.

``gbrff.viz.playground`` builds the teaching app's figures (decision
surfaces, weak-learner stripes, learning curves, ω against its prior, the
loss landscape of the paper's Fig. 1); ``gbrff.viz.paper`` draws the paper's
Figures 2–5 and Table 2 from ``results/``; ``gbrff.viz.thesis`` the
random-features thesis's comparison; ``gbrff.viz.features`` the page "Random
features, three ways" (accuracy against the number of cosines, frequencies
over their prior). None imports Streamlit: the
pages in ``pages/`` are thin wrappers around them.

The submodules are imported on demand (``from gbrff.viz import playground``)
so that ``import gbrff`` never pulls in Plotly. Plotly comes with the
``[experiments]`` extra (and with the app's ``requirements.txt``).
"""

from .._optional import require

require("gbrff.viz", "experiments", "plotly")

__all__ = ["playground", "paper", "thesis", "features"]
