"""Figures for gbrff: data in, Plotly figure out.

Each module is named by what it draws:

* :mod:`gbrff.viz.surfaces` — decision surfaces (the vote H over the plane,
  still, side by side, or one frame per iteration) and a single cosine;
* :mod:`gbrff.viz.learners` — weak learners: a learner's stripes with the
  points sized by their boosting weight, GBRFF-LS's weights Q, the landmark a
  cosine's phase stands for;
* :mod:`gbrff.viz.curves` — accuracy and loss against the iteration, test
  accuracy against the training size (the paper's Fig. 5), against the budget
  T × K, and the λ sweep;
* :mod:`gbrff.viz.rotation` — test accuracy against the angle the data are
  turned by, GBRFF beside LightGBM;
* :mod:`gbrff.viz.omega_prior` — learned ω against the prior N(0, 2γ I), and a
  kernel as the mean of random cosines;
* :mod:`gbrff.viz.kernel_average` — kernels around a point x′ (exact, an
  average of D random cosines, their difference, learned ones) and the
  error of the average against D beside the 1/√D law;
* :mod:`gbrff.viz.landscape` — the loss landscape of a landmark (the paper's
  Fig. 1) and the same loss over the phase b;
* :mod:`gbrff.viz.features` — random features, three ways (accuracy against
  the number of cosines, frequencies over their prior);
* :mod:`gbrff.viz.paper` — the GBRFF paper's Figures 2–5 and Table 2 from
  ``results/``; :mod:`gbrff.viz.thesis` — the random-features thesis's
  comparison; :mod:`gbrff.viz.fkl` — Fourier kernel learning's spectra;
* :mod:`gbrff.viz.style` — the look they share: class colours, the vote's
  colour scale, number labels (``2⁻⁴``).

Nothing here fits a model or imports Streamlit: the numbers a fitted model
gives a picture (grids, staged scores, boosting weights) come from
:mod:`gbrff.teaching`, which viz never imports; the pages in ``pages/`` call
both. The submodules are imported on demand (``from gbrff.viz import
surfaces``) so that ``import gbrff`` never pulls in Plotly. Plotly comes with
the ``[experiments]`` extra (and with the app's ``requirements.txt``).
"""

from .._optional import require

require("gbrff.viz", "experiments", "plotly")

__all__ = ["curves", "features", "fkl", "kernel_average", "landscape", "learners", "omega_prior", "paper", "rotation",
           "style", "surfaces", "thesis"]
