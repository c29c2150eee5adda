"""Numbers behind the teaching app's figures (numpy only: no Streamlit, no files).

A fitted model is read through its :class:`gbrff.Expansion`
(``estimator.expansion_``): the initial score H⁰, the steps α, the
frequencies ω, phases and weights q of every weak learner, and its landmarks
when the learner has them. What differs between learners comes from those
arrays, not from the estimator's class. Nothing here learns anything; the
pages call these functions through Streamlit caches.
"""

import io
import json

import numpy as np

__all__ = [
    "MAX_UPLOAD_BYTES",
    "MAX_UPLOAD_ROWS",
    "make_grid",
    "staged_scores",
    "staged_curves",
    "learner_landmark",
    "phase_landmark",
    "exp_loss",
    "accuracy",
    "model_to_dict",
    "model_to_json",
    "points_to_csv",
    "parse_points_csv",
]

#: Largest upload the playground accepts (bytes) and its largest row count:
#: beyond that a fit no longer answers within half a second.
MAX_UPLOAD_BYTES = 2_000_000
MAX_UPLOAD_ROWS = 5_000


def make_grid(X, n=100, pad=0.15, include=None):
    """A regular ``n × n`` grid covering the 2-D points ``X`` (and ``include``).

    Returns ``xs`` (n,), ``ys`` (n,) and the grid points ``G`` of shape
    ``(n * n, 2)`` in row-major order, so that ``values.reshape(n, n)`` is
    indexed ``[y, x]`` as a Plotly heatmap expects.
    """
    pts = np.asarray(X, dtype=np.float64)[:, :2]
    if include is not None:
        pts = np.vstack([pts, np.atleast_2d(np.asarray(include, dtype=np.float64))[:, :2]])
    lo, hi = pts.min(axis=0), pts.max(axis=0)
    span = np.maximum(hi - lo, 1e-9)
    lo, hi = lo - pad * span, hi + pad * span
    xs = np.linspace(lo[0], hi[0], n)
    ys = np.linspace(lo[1], hi[1], n)
    gx, gy = np.meshgrid(xs, ys)
    return xs, ys, np.column_stack([gx.ravel(), gy.ravel()])


def staged_scores(expansion, X, stages):
    """Decision function ``H^t(X)`` for each ``t`` in ``stages``.

    ``t = 0`` is the constant initial score ``H^0``; ``t = T`` is the
    fitted model (larger ``t`` too). ``expansion`` is a fitted
    :class:`gbrff.Expansion`. Returns a float32 array of shape
    ``(len(stages), n)``.
    """
    stages = [int(s) for s in stages]
    order = np.argsort(stages, kind="stable")
    out = np.empty((len(stages), len(X)), dtype=np.float32)
    H = np.full(len(X), float(expansion.init_score))
    k = 0
    # t = 0 entries first
    while k < len(order) and stages[order[k]] <= 0:
        out[order[k]] = H
        k += 1
    if k < len(order):
        for t, H in enumerate(expansion.staged_decision_function(X), start=1):
            while k < len(order) and stages[order[k]] <= t:
                out[order[k]] = H
                k += 1
            if k == len(order):
                break
        while k < len(order):  # stages beyond T: the final model
            out[order[k]] = H
            k += 1
    return out


def exp_loss(H, y):
    """Mean exponential loss ``(1/n) Σ exp(-y_i H(x_i))`` (paper eq. 5)."""
    return float(np.mean(np.exp(-np.asarray(y) * np.asarray(H, dtype=np.float64))))


def accuracy(H, y):
    """Share of points with ``sign(H) == y`` (``H = 0`` counts as +1)."""
    return float(np.mean(np.where(np.asarray(H) >= 0, 1, -1) == np.asarray(y)))


#: The mean loss of a score on labels in {-1, +1}, by the Expansion's ``loss``.
_LOSSES = {"exponential": exp_loss}


def staged_curves(expansion, X, y):
    """Accuracy and the model's own loss after every iteration ``t = 0 … T``.

    The loss is the one the expansion was fitted with (``expansion.loss``).
    Returns a dict with ``accuracy`` and ``loss``, arrays of length ``T + 1``.
    """
    try:
        loss_of = _LOSSES[expansion.loss]
    except KeyError:
        raise ValueError(f"no loss curve for loss={expansion.loss!r}; "
                         f"known: {', '.join(_LOSSES)}") from None
    y = np.asarray(y)
    H0 = np.full(len(X), float(expansion.init_score))
    acc, loss = [accuracy(H0, y)], [loss_of(H0, y)]
    for H in expansion.staged_decision_function(X):
        acc.append(accuracy(H, y))
        loss.append(loss_of(H, y))
    return {"accuracy": np.array(acc), "loss": np.array(loss)}


def phase_landmark(omega, b, center):
    """The landmark that the phase ``b`` of ``cos(ω·x − b)`` stands for.

    ``cos(ω·x − b) = cos(ω·(x − x_t))`` for every ``x_t`` on the crest lines
    ``ω·x_t = b + 2πk``; this returns the one nearest to ``center``.
    """
    omega = np.asarray(omega, dtype=np.float64)
    center = np.asarray(center, dtype=np.float64)
    norm2 = float(omega @ omega)
    if norm2 == 0.0:
        return center.copy()
    k = np.round((omega @ center - b) / (2 * np.pi))
    return center - ((omega @ center - b - 2 * np.pi * k) / norm2) * omega


def learner_landmark(expansion, t, center):
    """The landmark ``x_t`` of the ``t``-th weak learner (``t = 1 … T``), or None.

    A learner fitted around a landmark has it in ``expansion.landmarks``; a
    single cosine ``cos(ω·x − b)`` (K = 1, no landmarks) stands for any point
    of its crest ``ω·x = b``, and this returns the one nearest ``center``
    (:func:`phase_landmark`). A sum of K > 1 free cosines has none.
    """
    i = int(t) - 1
    if expansion.landmarks is not None:
        return np.asarray(expansion.landmarks[i], dtype=np.float64)
    if expansion.n_components == 1:
        return phase_landmark(expansion.omegas[i, 0], expansion.phases[i, 0], center)
    return None


def model_to_dict(estimator, name=None):
    """A fitted GBRFF estimator as plain data: its parameters, classes and expansions.

    ``expansions`` holds one :meth:`gbrff.Expansion.to_dict` per binary
    problem (one for two classes, one per class for one-vs-rest), so that
    :meth:`gbrff.Expansion.from_dict` rebuilds each model exactly.
    """
    params = {k: (v if isinstance(v, (int, float, str, bool, type(None))) else repr(v))
              for k, v in estimator.get_params().items()}
    return {
        "model": name or type(estimator).__name__,
        "params": params,
        "classes": np.asarray(estimator.classes_).tolist(),
        "expansion": "H(x) = init_score + sum_t alphas[t] h_t(x), "
                     "h_t(x) = sum_k q[t][k] cos(omegas[t][k] . x - phases[t][k])",
        "expansions": [e.to_dict() for e in estimator.expansions_],
    }


def model_to_json(estimator, name=None):
    """:func:`model_to_dict` as an indented JSON string."""
    return json.dumps(model_to_dict(estimator, name), indent=1)


def points_to_csv(X, y, split=None):
    """CSV text with columns ``x1, x2, label`` (and ``split`` when given)."""
    buf = io.StringIO()
    header = "x1,x2,label" + (",split" if split is not None else "")
    buf.write(header + "\n")
    for i in range(len(y)):
        row = f"{X[i, 0]:.6g},{X[i, 1]:.6g},{int(y[i])}"
        if split is not None:
            row += f",{split[i]}"
        buf.write(row + "\n")
    return buf.getvalue()


def _is_number(s):
    try:
        float(s)
    except (TypeError, ValueError):
        return False
    return True


def parse_points_csv(data, max_bytes=MAX_UPLOAD_BYTES, max_rows=MAX_UPLOAD_ROWS):
    """Read a user's 2-D data set: two numeric feature columns and a label.

    Accepts comma, semicolon or tab separated text, with or without a header
    row. The label is the column named ``label``, ``class``, ``y`` or
    ``target`` if there is a header, else the last column; it must take
    exactly two values, which become -1 (the smaller, in sorted order) and +1.

    Returns ``X`` (n, 2) float64, ``y`` (n,) in {-1, +1} and the two original
    label values ``(negative, positive)``.

    Raises
    ------
    ValueError
        With a message meant for the user, for anything it cannot read.
    """
    import pandas as pd

    if data is None or len(data) == 0:
        raise ValueError("The file is empty.")
    if len(data) > max_bytes:
        raise ValueError(f"The file is {len(data) / 1e6:.1f} MB; the playground takes files up to "
                         f"{max_bytes / 1e6:.0f} MB (at most {max_rows} points).")
    try:
        text = data.decode("utf-8-sig") if isinstance(data, bytes) else str(data)
    except UnicodeDecodeError:
        raise ValueError("This does not look like a text CSV file (it is not UTF-8 text).") from None
    if not text.strip():
        raise ValueError("The file is empty.")
    first = text.strip().splitlines()[0]
    sep = max([",", ";", "\t"], key=first.count)
    try:
        df = pd.read_csv(io.StringIO(text), sep=sep, header=None, dtype=str,
                         skip_blank_lines=True, skipinitialspace=True)
    except Exception as exc:  # pandas raises many kinds here
        raise ValueError(f"The file could not be read as CSV ({type(exc).__name__}).") from None
    if df.shape[1] != 3:
        raise ValueError(f"Expected three columns (x1, x2, label), found {df.shape[1]}. "
                         "The playground draws 2-D data: two numeric features and a label.")
    header = None
    if not _is_number(df.iloc[0, 0]) or not _is_number(df.iloc[0, 1]):
        header = [str(c).strip().lower() for c in df.iloc[0]]
        df = df.iloc[1:].reset_index(drop=True)
    label_col = 2
    if header is not None:
        for name in ("label", "class", "y", "target"):
            if name in header:
                label_col = header.index(name)
                break
    feat_cols = [c for c in range(3) if c != label_col]
    if len(df) == 0:
        raise ValueError("The file has a header but no data rows.")
    if len(df) > max_rows:
        raise ValueError(f"The file has {len(df)} rows; the playground takes at most {max_rows} "
                         "so that it stays interactive. Subsample it first.")
    feats = df.iloc[:, feat_cols].apply(pd.to_numeric, errors="coerce")
    bad = feats.isna().any(axis=1)
    if bad.any():
        row = int(np.flatnonzero(bad.to_numpy())[0]) + (2 if header else 1)
        raise ValueError(f"The feature columns must be numbers; line {row} has "
                         f"{', '.join(map(str, df.iloc[int(np.flatnonzero(bad.to_numpy())[0]), feat_cols]))}.")
    X = feats.to_numpy(dtype=np.float64)
    if not np.isfinite(X).all():
        raise ValueError("The feature columns contain infinite values.")
    labels = df.iloc[:, label_col].astype(str).str.strip()
    if (labels == "").any() or labels.isin(["nan", "NaN"]).any():
        raise ValueError("Some rows have no label.")
    values = sorted(labels.unique(), key=lambda v: (not _is_number(v), float(v) if _is_number(v) else 0, v))
    if len(values) != 2:
        shown = ", ".join(values[:6]) + (" …" if len(values) > 6 else "")
        raise ValueError(f"The label column must hold exactly two classes; it holds {len(values)} "
                         f"({shown}). GBRFF here is a binary classifier.")
    if len(X) < 10:
        raise ValueError(f"Only {len(X)} points: upload at least 10.")
    y = np.where(labels.to_numpy() == values[1], 1, -1).astype(np.int64)
    if min((y == 1).sum(), (y == -1).sum()) < 2:
        raise ValueError("Each class needs at least two points.")
    return X, y, (values[0], values[1])
