"""The teaching app's layer under its pages: what each page fits and computes, with no Streamlit in it.

A page of ``pages/`` reads its widgets, makes one call here, and hands the
arrays to :mod:`gbrff.viz` to draw (viz never imports this package). Each
module is named by what it holds:

* :mod:`gbrff.teaching.menu` — the playground's algorithm menu → an estimator
  (from the registry, :mod:`gbrff.methods`: GBRFF2, GBRFF2+, GBRFF1, GBRFF-LS
  with the sidebar's parameters), the sidebar's grids, and the app's one
  LightGBM reference (:func:`~gbrff.teaching.menu.lightgbm_reference`);
* :mod:`gbrff.teaching.fits` — the playground's fits with their grids, curves
  and timings, LightGBM's beside them;
* :mod:`gbrff.teaching.regression` — the playground's regression problems: the
  menu's regressors, LightGBM's, RMSE and R² after every iteration, the
  colour range and the points' sizes of the predicted surface;
* :mod:`gbrff.teaching.learning_curves` — test accuracy against the number of
  training examples (the GBRFF paper's Fig. 5, live);
* :mod:`gbrff.teaching.drawing` — the playground's drawing area, the set a
  drawing starts from, and when a drawn set can be split and fitted;
* :mod:`gbrff.teaching.rotation` — a toy problem turned about its centre, and
  test accuracy of GBRFF and LightGBM against the angle;
* :mod:`gbrff.teaching.sweeps` — GBRFF1's K at a fixed budget (Fig. 3, live)
  and GBRFF2's λ sweep;
* :mod:`gbrff.teaching.two_ways` — GBRFF2's learned ω beside Fourier kernel
  learning's σ (Băzăvan, Li, Sminchisescu, ECCV 2012);
* :mod:`gbrff.teaching.three_ways` — random features three ways: random,
  learned bandwidths, learned frequencies, and their accuracy curves;
* :mod:`gbrff.teaching.kernel_average` — a kernel as the average of D random
  cosines around a point x′ (three spectral densities, the error against D),
  and the kernels GBRFF2's learned ω and Fourier kernel learning's σ stand for;
* :mod:`gbrff.teaching.landscape` — the loss landscape of a landmark (Fig. 1);
* :mod:`gbrff.teaching.first_pictures` — the home page's fit on the moons and
  a kernel as the mean of random cosines;
* :mod:`gbrff.teaching.live_uci` — a small live UCI run through the
  experiments' protocol (:func:`gbrff.experiments.run_unit`);
* :mod:`gbrff.teaching.expansions` — the numbers a fitted expansion gives a
  picture: grids, staged scores and curves, boosting weights, band limits,
  thumbnails of the weak learners;
* :mod:`gbrff.teaching.toy` — the toy problems' 70/30 split.

The paper: Gautheron, Germain, Habrard, Metzler, Morvant, Sebban,
Zantedeschi, ECML-PKDD 2020. The submodules are imported on demand (``from
gbrff.teaching import fits``): they bring scikit-learn, LightGBM (when a
reference is fitted) and the experiments' protocol with them.
"""

__all__ = ["drawing", "expansions", "first_pictures", "fits", "kernel_average", "landscape", "learning_curves", "live_uci",
           "menu", "regression", "rotation", "sweeps", "three_ways", "toy", "two_ways"]
