"""What the app reads from and writes for its user: uploaded points, CSV and JSON downloads.

No Streamlit here: plain functions from bytes to arrays and from fitted
models to text, tested on their own.
"""

import io
import json

import numpy as np

__all__ = ["MAX_UPLOAD_BYTES", "MAX_UPLOAD_ROWS", "parse_points_csv", "points_to_csv", "model_to_dict",
           "model_to_json"]

#: Largest upload the playground accepts (bytes) and its largest row count:
#: beyond that a fit no longer answers within half a second.
MAX_UPLOAD_BYTES = 2_000_000
MAX_UPLOAD_ROWS = 5_000


def model_to_dict(estimator, name=None):
    """A fitted GBRFF estimator as plain data: its parameters, classes and expansions.

    ``expansions`` holds one :meth:`gbrff.Expansion.to_dict` per binary
    problem (one for two classes, one per class for one-vs-rest), so that
    :meth:`gbrff.Expansion.from_dict` rebuilds each model exactly; with
    ``standardize=True`` the expansions act on standardised features, whose
    ``mean`` and ``scale`` are given too.
    """
    params = {k: (v if isinstance(v, (int, float, str, bool, type(None))) else repr(v))
              for k, v in estimator.get_params().items()}
    out = {
        "model": name or type(estimator).__name__,
        "params": params,
        "classes": np.asarray(estimator.classes_).tolist(),
        "expansion": "H(x) = init_score + sum_t alphas[t] h_t(x), "
                     "h_t(x) = sum_k q[t][k] cos(omegas[t][k] . x - phases[t][k])",
        "expansions": [e.to_dict() for e in estimator.expansions_],
    }
    knots = getattr(estimator, "quantile_knots_", None)
    if knots is not None:  # quantile_features=True: the expansions act on [x, F(x)] (then standardised)
        out["expansion"] += (", x first widened to [x, F(x)], F_j(v) = interp(v, quantile_knots[j].values, "
                             "quantile_knots[j].levels)")
        out["quantile_knots"] = [{"values": np.asarray(v).tolist(), "levels": np.asarray(lv).tolist()}
                                 for v, lv in knots]
    if hasattr(estimator, "mean_"):  # standardize=True: the expansions act on z = (x - mean) / scale
        out["expansion"] += ", x standardised first: x -> (x - mean) / scale"
        out["mean"] = np.asarray(estimator.mean_).tolist()
        out["scale"] = np.asarray(estimator.scale_).tolist()
    return out


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
                         skip_blank_lines=True, skipinitialspace=True, keep_default_na=False)
    except Exception as exc:  # pandas raises many kinds here
        raise ValueError(f"The file could not be read as CSV ({type(exc).__name__}).") from None
    if df.shape[1] != 3:
        raise ValueError(f"Expected three columns (x1, x2, label), found {df.shape[1]}. "
                         "The playground draws 2-D data: two numeric features and a label.")
    # every cell as stripped text; a missing cell (empty, or a short row) becomes ""
    df = df.apply(lambda col: col.map(lambda v: "" if v is None or (isinstance(v, float) and v != v)
                                      else str(v).strip()))
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
    names = header or ["x1", "x2", "label"]
    empty = (df == "").to_numpy()
    if empty.any():
        r, c = (int(v[0]) for v in np.nonzero(empty))
        line = r + (2 if header else 1)
        what = "no label" if c == label_col else f"an empty cell in the column '{names[c] or c + 1}'"
        raise ValueError(f"Line {line} has {what}; {int(empty.any(axis=1).sum())} row(s) have missing cells. "
                         "Fill or delete them.")
    feats = df.iloc[:, feat_cols].apply(pd.to_numeric, errors="coerce")
    bad = feats.isna().any(axis=1)
    if bad.any():
        r = int(np.flatnonzero(bad.to_numpy())[0])
        raise ValueError(f"The feature columns must be numbers; line {r + (2 if header else 1)} has "
                         f"{', '.join(str(v) for v in df.iloc[r, feat_cols])}.")
    X = feats.to_numpy(dtype=np.float64)
    if not np.isfinite(X).all():
        raise ValueError("The feature columns contain infinite values.")
    labels = df.iloc[:, label_col].astype(str)
    values = sorted(labels.unique(), key=lambda v: (not _is_number(v), float(v) if _is_number(v) else 0, v))
    if len(values) == 1:
        raise ValueError(f"Every row has the same label ({values[0]}): the label column must hold exactly two "
                         "classes. GBRFF here is a binary classifier.")
    if len(values) != 2:
        shown = ", ".join(str(v) for v in values[:6]) + (" …" if len(values) > 6 else "")
        raise ValueError(f"The label column must hold exactly two classes; it holds {len(values)} "
                         f"({shown}). GBRFF here is a binary classifier.")
    if len(X) < 10:
        raise ValueError(f"Only {len(X)} points: upload at least 10.")
    y = np.where(labels.to_numpy() == values[1], 1, -1).astype(np.int64)
    if min((y == 1).sum(), (y == -1).sum()) < 2:
        raise ValueError("Each class needs at least two points.")
    return X, y, (values[0], values[1])
