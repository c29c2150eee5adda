"""What the app reads from and writes for its user: uploaded points, CSV and JSON downloads, their names.

No Streamlit here: plain functions from bytes to arrays and from fitted
models to text, tested on their own (``tests/app/test_files.py``).

Every download of the app is named by :func:`download_name`:
``gbrff-<page>-<what>[-<data>].<ext>``, lowercase ASCII, words joined by
hyphens. The playground's data CSV is the student's own file back
(:meth:`Points.to_csv`: their column names, values and class names, and a
``split`` column), which the upload reads again into the same picture; its
model JSON is described in :func:`model_to_dict`, and read back into a fitted
estimator by :func:`model_from_dict` (files of every version of the format).
"""

import csv
import io
import json
import re
import unicodedata
from typing import NamedTuple

import numpy as np

__all__ = ["MAX_UPLOAD_BYTES", "MAX_UPLOAD_ROWS", "MODEL_FORMAT", "LoadedModel", "Points", "download_name",
           "model_from_dict", "model_from_json", "model_to_dict", "model_to_json", "parse_points_csv",
           "points_to_csv", "read_points_csv", "split_column", "split_indices", "upload_label"]

#: Largest upload the playground accepts (bytes) and its largest row count:
#: beyond that a fit no longer answers within half a second.
MAX_UPLOAD_BYTES = 2_000_000
MAX_UPLOAD_ROWS = 5_000

#: The model JSON's ``format`` key: its name and version (a change of a key's meaning gets a new version;
#: a key added beside the others, as ``fitted`` was, does not: a reader of the older files still reads them).
MODEL_FORMAT = "gbrff-model/1"

#: The estimator's own dict (``to_dict()``) is written in two places of the file: its ``params`` and
#: ``expansions`` as the file's keys of those names (where the first files had them), the rest as ``fitted``.
_SHARED_KEYS = ("params", "expansions")

#: P(classes[1] | x) from H for each loss, as the JSON's ``link`` states it (the estimators' ``predict_proba``;
#: tests/app/test_files.py checks each against the loss registry).
_LINKS = {
    "exponential": {"kind": "logistic", "slope": 2.0,
                    "formula": "P(classes[1] | x) = 1 / (1 + exp(-2 H(x)))"},
    "log_loss": {"kind": "logistic", "slope": 1.0,
                 "formula": "P(classes[1] | x) = 1 / (1 + exp(-H(x)))"},
    "squared_error": {"kind": "clipped_linear", "intercept": 0.5, "slope": 0.5,
                      "formula": "P(classes[1] | x) = clip(0.5 + 0.5 H(x), 0, 1)"},
}


# ---------------------------------------------------------------- file names
def _slug(text, limit=60):
    """``text`` as lowercase ASCII words joined by hyphens (accents dropped, + as plus, at most ``limit``
    characters)."""
    ascii_text = unicodedata.normalize("NFKD", str(text).replace("+", " plus ")).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:limit].strip("-")


def download_name(page, what, data=None, ext="html"):
    """The name of a downloaded file: ``gbrff-<page>-<what>[-<data>].<ext>``.

    Every part is lowercased and reduced to ASCII letters, digits and single
    hyphens (``"k_and_lambda"`` -> ``k-and-lambda``, ``"Your data"`` ->
    ``your-data``); an empty part is left out.

    >>> download_name("playground", "model", "moons", "json")
    'gbrff-playground-model-moons.json'
    >>> download_name("k_and_lambda", "lambda_sweep_board")
    'gbrff-k-and-lambda-lambda-sweep-board.html'
    """
    parts = [p for p in ("gbrff", _slug(page), _slug(what), _slug(data or "")) if p]
    return "-".join(parts) + "." + (_slug(ext) or "txt")


def upload_label(file_name):
    """The ``<data>`` part of the download names for an uploaded file: ``upload-<its name>``.

    A file the playground wrote (``gbrff-playground-data-upload-xor.csv``) and
    uploaded again keeps its name (``upload-xor``), not one more prefix.

    >>> upload_label("Données élèves.csv"), upload_label("gbrff-playground-data-upload-xor (1).csv")
    ('upload-donnees-eleves', 'upload-xor-1')
    """
    stem = _slug(re.sub(r"\.[A-Za-z0-9]{1,4}$", "", str(file_name or "")))
    stem = re.sub(r"^(gbrff-[a-z0-9-]*?-(data|model)-)?(upload(-|$))?", "", stem)
    return "upload" + ("-" + stem if stem else "")


# ---------------------------------------------------------------- the model JSON
def _link(loss):
    if loss not in _LINKS:
        raise ValueError(f"no probability link is written for the loss {loss!r}")
    return {"loss": loss, **_LINKS[loss]}


def model_to_dict(estimator, name=None, *, features=None, classes=None, standardisation=None, data=None):
    """A fitted GBRFF estimator as plain data, enough to apply it with numpy alone.

    Parameters
    ----------
    estimator : fitted GBRFF1Classifier, GBRFF2Classifier or GBRFFLSClassifier
        Written through its ``to_dict()``: :func:`model_from_dict` rebuilds it with ``from_dict``.
    name : str, optional
        The model's name in the app (``"GBRFF2+"``); default: the class's name.
    features : sequence of str, optional
        The names of the input columns, in order (default ``x1``, ``x2``, …).
    classes : sequence, optional
        The class names, in the order of ``estimator.classes_`` (the
        playground fits on -1/+1 and passes the student's two label values).
    standardisation : (mean, scale), optional
        What was done to the data *before* the estimator saw them (the
        playground standardises an upload): it becomes the first
        preprocessing step, so that the JSON applies to the raw data.
    data : str, optional
        The data set's name (``"moons"``, the uploaded file's name).

    Returns
    -------
    dict
        The keys of format ``gbrff-model/1`` (:data:`MODEL_FORMAT`):

        ``format``
            ``"gbrff-model/1"``.
        ``model``, ``estimator``, ``params``
            The app's name of the model, the estimator's class and its
            ``get_params()`` (its ``to_dict()``'s; a RandomState as null).
            ``params`` describe the estimator only: ``standardize: false``
            there with a playground standardisation in ``preprocessing`` is
            no contradiction.
        ``data``
            The data set's name (or null).
        ``features``
            The names of the input columns x, in the order the model takes them.
        ``classes``
            The class names (the label values of the student's file; -1 and 1
            for the toy data); with two classes, H(x) > 0 means ``classes[1]``
            and H(x) <= 0 ``classes[0]``. With more, one expansion per class
            (one-vs-rest), the prediction is the class of the largest H.
        ``negative_class``, ``positive_class`` (two classes only), ``decision``
            ``classes[0]`` and ``classes[1]``; the rule of prediction, in words.
        ``preprocessing``
            The steps from a raw row x to the z the expansions take, applied in
            order, each a dict with ``step``, ``by`` (who does it: the app
            before the fit, or the estimator), ``formula`` and its numbers:
            ``"standardise"``: z = (x - mean) / scale (``mean``, ``scale``
            per column); ``"quantile_features"``: x -> [x, F(x)] with
            F_j(v) = numpy.interp(v, knots[j].values, knots[j].levels)
            (GBRFF2+'s ranks, constant beyond the end knots). Empty when the
            model works on the raw coordinates (the toy data).
        ``expansion``
            H as a formula of the arrays in ``expansions``.
        ``expansions``
            One :meth:`gbrff.Expansion.to_dict` per binary problem (one for
            two classes): ``init_score`` H⁰, ``alphas`` (T,), ``omegas``
            (T, K, d') with d' the columns of z, ``phases`` (T, K), ``q``
            (T, K), ``landmarks``,
            ``learner``, ``loss``, ``train_loss``, ``val_loss``;
            :meth:`gbrff.Expansion.from_dict` rebuilds each exactly.
        ``fitted``
            The rest of the estimator's ``to_dict()`` (its format and version,
            ``classes`` as fitted, ``feature_map``, ``gamma``, ...): with
            ``params`` and ``expansions`` above, the estimator's own dict,
            which :func:`model_from_dict` gives to its ``from_dict``. Files
            written before this key existed load without it.
        ``link``
            From H to a probability: ``loss``, ``kind`` (``"logistic"``:
            P = 1 / (1 + exp(-slope H)); ``"clipped_linear"``:
            P = clip(intercept + slope H, 0, 1)), its numbers and ``formula``.
            With more than two classes the per-class P are divided by their
            sum (all equal when the sum is 0).

        A number that is not finite is written ``null``.

    Examples
    --------
    A binary model applied to raw rows ``X`` (n, d) with numpy alone
    (tests/app/test_files.py checks it against the estimator's
    ``decision_function``, ``predict_proba`` and ``predict``)::

        m = json.load(open("gbrff-playground-model-upload-xor.json"))
        Z = np.asarray(X, dtype=float)
        for s in m["preprocessing"]:
            if s["step"] == "standardise":
                Z = (Z - np.array(s["mean"])) / np.array(s["scale"])
            else:  # "quantile_features"
                F = [np.interp(Z[:, j], k["values"], k["levels"]) for j, k in enumerate(s["knots"])]
                Z = np.column_stack([Z, *F])
        e = m["expansions"][0]
        W, b, q, a = (np.array(e[k]) for k in ("omegas", "phases", "q", "alphas"))
        H = e["init_score"] + np.einsum("ntk,tk,t->n", np.cos(np.einsum("tkd,nd->ntk", W, Z) - b), q, a)
        P = 1 / (1 + np.exp(-m["link"]["slope"] * H))  # link kind "logistic": P(classes[1] | x)
        labels = np.where(H > 0, m["classes"][1], m["classes"][0])
    """
    n_in = int(getattr(estimator, "n_features_in_", estimator.expansions_[0].n_features))
    features = [str(f) for f in features] if features is not None else [f"x{j + 1}" for j in range(n_in)]
    fitted = np.asarray(estimator.classes_).tolist()
    names = [c.item() if isinstance(c, np.generic) else c for c in classes] if classes is not None else fitted
    if len(names) != len(fitted) or len(features) != n_in:
        raise ValueError(f"{len(names)} class names for {len(fitted)} classes, or {len(features)} feature "
                         f"names for {n_in} features")
    state = estimator.to_dict()
    steps = []
    if standardisation is not None:
        mean, scale = (np.asarray(a, dtype=np.float64).tolist() for a in standardisation)
        steps.append({"step": "standardise", "by": "the app, before the fit",
                      "formula": "x -> (x - mean) / scale", "mean": mean, "scale": scale})
    fmap = state["feature_map"]
    if fmap["quantile_knots"] is not None:  # quantile_features=True: the model sees [x, F(x)] (then standardised)
        steps.append({"step": "quantile_features", "by": "the estimator (quantile_features=True)",
                      "formula": "x -> [x, F(x)], F_j(v) = interp(v, knots[j].values, knots[j].levels)",
                      "knots": fmap["quantile_knots"]})
    if fmap["mean"] is not None:  # standardize=True: the estimator's own z = (x - mean_) / scale_
        steps.append({"step": "standardise", "by": "the estimator (standardize=True)",
                      "formula": "x -> (x - mean) / scale", "mean": fmap["mean"], "scale": fmap["scale"]})
    out = {
        "format": MODEL_FORMAT,
        "model": name or type(estimator).__name__,
        "estimator": type(estimator).__name__,
        "params": state["params"],
        "data": None if data is None else str(data),
        "features": features,
        "classes": names,
    }
    if len(names) == 2:
        out["negative_class"], out["positive_class"] = names
        out["decision"] = "classes[1] (positive_class) where H(x) > 0, else classes[0] (negative_class)"
    else:
        out["decision"] = "classes[k] of the largest H_k(x), H_k from expansions[k] (one-vs-rest)"
    out.update({
        "preprocessing": steps,
        "expansion": "H(x) = init_score + sum_t alphas[t] h_t(z), h_t(z) = sum_k q[t][k] "
                     "cos(omegas[t][k] . z - phases[t][k]), z: x after the preprocessing steps",
        "expansions": state["expansions"],
        "fitted": {k: v for k, v in state.items() if k not in _SHARED_KEYS},
        "link": _link(estimator.expansions_[0].loss),
    })
    return out


def _finite(value):
    """``value`` with every float that is not finite replaced by None (JSON has no NaN or Infinity)."""
    if isinstance(value, float):
        return value if np.isfinite(value) else None
    if isinstance(value, dict):
        return {k: _finite(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_finite(v) for v in value]
    return value


def model_to_json(estimator, name=None, **kwargs):
    """:func:`model_to_dict` as an indented, strict JSON string (no NaN: such a number is ``null``)."""
    doc = model_to_dict(estimator, name, **kwargs)
    try:
        return json.dumps(doc, indent=1, allow_nan=False)
    except ValueError:
        return json.dumps(_finite(doc), indent=1, allow_nan=False)


class LoadedModel(NamedTuple):
    """A model file read back (:func:`model_from_dict`): the fitted estimator and what the app wrote beside it."""

    estimator: object          #: the fitted GBRFF estimator, predicting as the one that was written
    name: str                  #: the app's name of the model (``"GBRFF2+"``)
    data: str                  #: the data set's name, or None
    features: list             #: the names of the input columns
    classes: list              #: the class names, in the order of ``estimator.classes_``
    standardisation: tuple     #: (mean, scale) the app applied before the fit, or None


def _estimator_class(name):
    import gbrff

    cls = getattr(gbrff, str(name), None)
    if not (isinstance(cls, type) and hasattr(cls, "from_dict")):
        raise ValueError(f"The file holds a {name!r}, which is not a GBRFF estimator this app can load.")
    return cls


def _first_files_state(doc):
    """The estimator's dict rebuilt from a file written before the ``fitted`` key: from its ``params``,
    ``preprocessing`` (the estimator's steps), ``features``, ``classes`` and ``expansions``. Those files
    name the classes as the app showed them (the student's class names), which the rebuilt estimator
    then predicts; they do not hold the bandwidth scales (folded into ω, unused by prediction) nor γ
    (recomputed for ``gamma="auto"``, NaN for ``"quantile"``)."""
    cls = _estimator_class(doc["estimator"])
    defaults = cls().get_params()
    params = {k: v for k, v in doc["params"].items() if k in defaults}
    if isinstance(params.get("random_state"), str):  # a RandomState, written as its repr
        params["random_state"] = None
    own = {s["step"]: s for s in doc["preprocessing"] if s["by"].startswith("the estimator")}
    knots = own.get("quantile_features", {}).get("knots")
    standardise = own.get("standardise")
    expansions = doc["expansions"]
    gamma = params.get("gamma", defaults.get("gamma"))
    if gamma == "auto":  # 1 / the columns the model sees (ω's last axis)
        gamma = 1.0 / np.asarray(expansions[0]["omegas"], dtype=np.float64).shape[-1]
    classes = np.asarray(doc["classes"])
    return {
        # version 1 of the estimators' own format, the one these files' keys were translated into
        "format": "gbrff-estimator", "version": 1, "estimator": cls.__name__, "params": params,
        "n_features_in": len(doc["features"]), "feature_names_in": None,
        "classes": classes.tolist(), "classes_dtype": classes.dtype.str,
        "feature_map": {
            "standardize": bool(params.get("standardize", True)),
            "quantile_features": bool(params.get("quantile_features", False)),
            "feature_bandwidths": params.get("feature_bandwidths"),
            "bandwidth_shrinkage": float(params.get("bandwidth_shrinkage", 0.0)),
            "quantile_knots": knots,
            "mean": None if standardise is None else standardise["mean"],
            "scale": None if standardise is None else standardise["scale"],
            "bandwidth_scales": None,
        },
        "gamma": float(gamma) if isinstance(gamma, (int, float)) else float("nan"),
        "expansions": expansions,
    }


def model_from_dict(doc):
    """The fitted estimator of a model file (:func:`model_to_dict`'s dict, or its JSON read back), and what
    the app wrote beside it.

    The estimator is its class's ``from_dict`` of the estimator's own dict (``fitted`` with ``params`` and
    ``expansions``): it predicts bit for bit as the one that was written. A file written before the
    ``fitted`` key (the app's first ``gbrff-model/1`` downloads) is rebuilt from its other keys: the same
    scores and probabilities, its classes the names the file shows.

    Raises
    ------
    ValueError
        With a sentence, for a dict that is not a model file of this format.
    """
    if not isinstance(doc, dict) or doc.get("format") != MODEL_FORMAT:
        found = doc.get("format") if isinstance(doc, dict) else type(doc).__name__
        raise ValueError(f"This is not a gbrff model file: its format is {found!r}, the app reads {MODEL_FORMAT!r}.")
    try:
        if "fitted" in doc:
            state = {**doc["fitted"], **{k: doc[k] for k in _SHARED_KEYS}}
        else:
            state = _first_files_state(doc)
        estimator = _estimator_class(state["estimator"]).from_dict(state)
        steps = [s for s in doc["preprocessing"] if s["by"] == "the app, before the fit"]
        standardisation = None if not steps else tuple(np.asarray(steps[0][k], dtype=np.float64)
                                                       for k in ("mean", "scale"))
        return LoadedModel(estimator, doc["model"], doc["data"], list(doc["features"]), list(doc["classes"]),
                           standardisation)
    except KeyError as exc:
        raise ValueError(f"This model file lacks the key {exc}: it was not written by the app, or has been "
                         "cut.") from None
    except (TypeError, AttributeError):  # a key of the wrong kind (a list where a dict was written, ...)
        raise ValueError("This model file's keys do not hold what the app writes: it was not written by the "
                         "app, or has been edited.") from None


def model_from_json(text):
    """:func:`model_from_dict` of a model file's JSON text (bytes or str)."""
    try:
        doc = json.loads(text)
    except ValueError:
        raise ValueError("This file is not JSON text: not a gbrff model file.") from None
    return model_from_dict(doc)


# ---------------------------------------------------------------- the data CSV
def split_indices(y, test_share, seed):
    """(train, test) row indices of the playground's stratified split, seeded by ``seed``.

    ``X[train], X[test], y[train], y[test]`` are scikit-learn's
    ``train_test_split(X, y, test_size=test_share, random_state=seed, stratify=y)``
    to the bit: the indices say which row of the data went where.
    """
    from sklearn.model_selection import train_test_split

    rows = np.arange(len(y))
    return tuple(train_test_split(rows, test_size=float(test_share), random_state=int(seed), stratify=y))


def split_column(n, test):
    """One ``train`` or ``test`` per row of ``n`` rows, ``test`` the indices of the test rows."""
    split = np.full(n, "train", dtype=object)
    split[np.asarray(test, dtype=int)] = "test"
    return split


def _write_csv(header, rows):
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return buf.getvalue()


def points_to_csv(X, y, split=None, columns=("x1", "x2", "label")):
    """CSV text of generated points: columns ``x1, x2, label`` (and ``split``, ``train`` or ``test``, when
    given), the coordinates written with all their digits (``repr``), so that a model applies to them exactly."""
    header = list(columns) + (["split"] if split is not None else [])
    rows = ([repr(float(a)), repr(float(b)), str(int(c) if float(c).is_integer() else c)]
            + ([str(split[i])] if split is not None else [])
            for i, (a, b, c) in enumerate(zip(X[:, 0], X[:, 1], y)))
    return _write_csv(header, rows)


class Points(NamedTuple):
    """A student's 2-D data set as read from their CSV (:func:`read_points_csv`).

    Its first three fields are what :func:`parse_points_csv` returns.
    """

    X: np.ndarray        #: (n, 2) float64: the two feature columns, in the file's order
    y: np.ndarray        #: (n,) int64 in {-1, +1}
    classes: tuple       #: (negative, positive): the label text of y = -1 and of y = +1
    columns: tuple       #: the file's three column names in its order (x1, x2, label without a header)
    label_column: int    #: the index of the label among ``columns``
    cells: np.ndarray    #: (n, 3) the cells' text as in the file (stripped), in its order
    split: np.ndarray    #: "train" / "test" per row when the file has a ``split`` column, else None

    @property
    def features(self):
        """The names of the two feature columns, in the order of ``X``'s columns."""
        return tuple(c for j, c in enumerate(self.columns) if j != self.label_column)

    def standardisation(self):
        """(mean, scale) of the playground's standardisation: mean and standard deviation of each
        feature over all rows, a constant feature's scale 1; the picture shows (X - mean) / scale."""
        std = self.X.std(axis=0)
        return self.X.mean(axis=0), np.where(std > 0, std, 1.0)

    def standardised(self):
        """(X - mean) / scale: the coordinates of the playground's picture, as its model sees them."""
        mean, scale = self.standardisation()
        return (self.X - mean) / scale

    def to_csv(self, split=None):
        """The student's own file back: their column names and order, each cell's text as they wrote it
        (values and class names), one row per point in their order, and, when ``split`` is given (one
        ``train`` / ``test`` per row), a last column ``split``. :func:`read_points_csv` reads it into
        the same points (the playground then draws the same split from the same seed and test share)."""
        header = list(self.columns) + (["split"] if split is not None else [])
        rows = (list(row) + ([str(split[i])] if split is not None else []) for i, row in enumerate(self.cells))
        return _write_csv(header, rows)


def _is_number(s):
    try:
        float(s)
    except (TypeError, ValueError):
        return False
    return True


def _separator(first_line):
    """The separator of a CSV whose first line is ``first_line``: the commonest of , ; and tab outside quotes."""
    bare = re.sub(r'"[^"]*"', "", first_line)
    return max([",", ";", "\t"], key=bare.count)


def parse_points_csv(data, max_bytes=MAX_UPLOAD_BYTES, max_rows=MAX_UPLOAD_ROWS):
    """``(X, y, (negative, positive))`` of :func:`read_points_csv` (its first three fields)."""
    points = read_points_csv(data, max_bytes=max_bytes, max_rows=max_rows)
    return points.X, points.y, points.classes


def read_points_csv(data, max_bytes=MAX_UPLOAD_BYTES, max_rows=MAX_UPLOAD_ROWS):
    """Read a user's 2-D data set: two numeric feature columns and a label.

    Accepts comma, semicolon or tab separated text, with or without a header
    row (quoted cells as CSV writes them). The label is the column named
    ``label``, ``class``, ``y`` or ``target`` if there is a header, else the
    last column; it must take exactly two values, which become -1 (the
    smaller, in sorted order) and +1. A fourth column is accepted when its
    header is ``split`` (``train`` or ``test`` on every row, as the
    playground's data download writes it); it is read, not used to split.

    Returns
    -------
    Points
        ``X`` (n, 2) float64, ``y`` (n,) in {-1, +1}, the two original label
        values ``(negative, positive)``, the file's column names, the label's
        column, the cells' text and the ``split`` column (or None).

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
    sep = _separator(text.strip().splitlines()[0])
    try:
        df = pd.read_csv(io.StringIO(text), sep=sep, header=None, dtype=str,
                         skip_blank_lines=True, skipinitialspace=True, keep_default_na=False)
    except Exception as exc:  # pandas raises many kinds here
        raise ValueError(f"The file could not be read as CSV ({type(exc).__name__}).") from None
    if df.shape[1] not in (3, 4):
        raise ValueError(f"Expected three columns (x1, x2, label), found {df.shape[1]}. "
                         "The playground draws 2-D data: two numeric features and a label.")
    # every cell as stripped text; a missing cell (empty, or a short row) becomes ""
    df = df.apply(lambda col: col.map(lambda v: "" if v is None or (isinstance(v, float) and v != v)
                                      else str(v).strip()))
    header = None
    if not _is_number(df.iloc[0, 0]) or not _is_number(df.iloc[0, 1]):
        header = [str(c).strip() for c in df.iloc[0]]
        df = df.iloc[1:].reset_index(drop=True)
    split = None
    if df.shape[1] == 4:
        if header is None or header[3].lower() != "split":
            raise ValueError("Expected three columns (x1, x2, label), found 4. The playground draws 2-D data: "
                             "two numeric features and a label (and perhaps a last column named split, as "
                             "its download writes).")
        split = df.iloc[:, 3].str.lower()
        df, header = df.iloc[:, :3], header[:3]
    lower = [c.lower() for c in header] if header is not None else None
    label_col = 2
    if lower is not None:
        for name in ("label", "class", "y", "target"):
            if name in lower:
                label_col = lower.index(name)
                break
    feat_cols = [c for c in range(3) if c != label_col]
    if len(df) == 0:
        raise ValueError("The file has a header but no data rows.")
    if len(df) > max_rows:
        raise ValueError(f"The file has {len(df)} rows; the playground takes at most {max_rows} "
                         "so that it stays interactive. Subsample it first.")
    names = ([c or f"column {j + 1}" for j, c in enumerate(header)] if header is not None
             else ["x1", "x2", "label"])
    empty = (df == "").to_numpy()
    if empty.any():
        r, c = (int(v[0]) for v in np.nonzero(empty))
        line = r + (2 if header else 1)
        what = "no label" if c == label_col else f"an empty cell in the column '{names[c]}'"
        raise ValueError(f"Line {line} has {what}; {int(empty.any(axis=1).sum())} row(s) have missing cells. "
                         "Fill or delete them.")
    if split is not None and not split.isin(["train", "test"]).all():
        r = int(np.flatnonzero(~split.isin(["train", "test"]).to_numpy())[0])
        says = f"says '{split.iloc[r]}'" if split.iloc[r] else "is empty there"
        raise ValueError(f"The column split must say train or test on every line; line {r + 2} {says}. "
                         "Delete the column or fix the line.")
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
    return Points(X, y, (values[0], values[1]), tuple(names), label_col, df.to_numpy(dtype=object),
                  None if split is None else split.to_numpy(dtype=object))
