"""The plain-data (JSON-safe) form of a fitted GBRFF estimator: its format
name and version, and the checks and conversions of its parts.

The estimators' ``to_dict()`` / ``from_dict()`` (:mod:`gbrff._estimators`)
write and read a dict of this form; each part that has fitted arrays writes
its own (:meth:`gbrff._feature_map.FeatureMap.to_dict`,
:meth:`gbrff.Expansion.to_dict`). Every float64 is written as a Python
float, whose ``repr`` (what ``json.dumps`` writes) reads back to the same
bits: the round trip through JSON text is exact, and the rebuilt estimator
predicts bit for bit as the original.
"""

import numpy as np

__all__ = ["FORMAT", "VERSION", "check_model_dict", "labels_from_plain", "params_from_plain",
           "plain_labels", "plain_params"]

#: The ``format`` key of an estimator's dict, and its ``version``: a change
#: of a key's meaning (or a key that a reader must have) gets a new version.
FORMAT = "gbrff-estimator"
VERSION = 1

#: The keys every estimator's dict holds (the classifiers add ``classes``).
REQUIRED = ("format", "version", "estimator", "params", "n_features_in", "feature_names_in",
            "feature_map", "gamma", "expansions")

# the dtypes of labels that a JSON list and a dtype string give back exactly
_LABEL_KINDS = "biufUO"


def plain_params(estimator):
    """``estimator.get_params(deep=False)`` as JSON values. A ``random_state``
    that is a RandomState or Generator (whose state after the fit is not the
    model's) is written as None, and so is a ``memory`` (a cache of this
    machine, not part of the model); ``categorical_features`` given as
    indices or a mask is written as a list; a ``class_weight`` dict is written as
    its [label, weight] pairs (JSON's keys are strings only,
    :func:`params_from_plain` reads them back); any other value that JSON
    cannot hold is a ValueError."""
    out = {}
    for name, value in estimator.get_params(deep=False).items():
        if isinstance(value, np.generic):
            value = value.item()
        if name == "class_weight" and isinstance(value, dict):
            out[name] = [[k.item() if isinstance(k, np.generic) else k,
                          w.item() if isinstance(w, np.generic) else w] for k, w in value.items()]
            continue
        if name == "random_state" and isinstance(value, (np.random.RandomState,
                                                         np.random.Generator)):
            value = None
        if name == "memory":
            value = None
        if name == "categorical_features" and not isinstance(value, (str, type(None))):
            out[name] = np.asarray(value).tolist()      # indices or a mask, as a list
            continue
        if not isinstance(value, (bool, int, float, str, type(None))):
            raise ValueError(f"The parameter {name}={value!r} of {type(estimator).__name__} "
                             "cannot be written as JSON (a number, a string, a boolean or "
                             "None is needed).")
        out[name] = value
    return out


def params_from_plain(params):
    """The constructor's parameters of :func:`plain_params`'s dict (a
    ``class_weight`` of [label, weight] pairs as the dict it was)."""
    params = dict(params)
    if isinstance(params.get("class_weight"), list):
        params["class_weight"] = {label: weight for label, weight in params["class_weight"]}
    return params


def plain_labels(labels):
    """(a list of the labels as Python values, their dtype's string), which
    :func:`labels_from_plain` turns back into the same array."""
    labels = np.asarray(labels)
    if labels.dtype.kind not in _LABEL_KINDS:
        raise ValueError(f"Labels of dtype {labels.dtype} cannot be written as JSON; use "
                         "numbers, booleans or strings.")
    values = [v.item() if isinstance(v, np.generic) else v for v in labels.tolist()]
    return values, labels.dtype.str


def labels_from_plain(values, dtype):
    """The array of labels that :func:`plain_labels` wrote."""
    dtype = np.dtype(dtype)
    if dtype.kind not in _LABEL_KINDS:
        raise ValueError(f"The labels' dtype {dtype} is not one a GBRFF model writes.")
    if dtype.kind == "O":  # filled one by one: a label that is a list stays one object
        out = np.empty(len(values), dtype=object)
        out[:] = [v for v in values]
        return out
    return np.asarray(values, dtype=dtype)


def check_model_dict(d, cls, required=REQUIRED):
    """Raise ValueError, with a sentence, unless ``d`` is a dict of this
    format and version, written by ``cls``, with every ``required`` key."""
    if not isinstance(d, dict):
        raise ValueError(f"{cls.__name__}.from_dict takes a dict (the one to_dict returns), "
                         f"not a {type(d).__name__}.")
    if d.get("format") != FORMAT:
        raise ValueError(f"This dict is not a GBRFF estimator's: its format is "
                         f"{d.get('format')!r}, {cls.__name__}.from_dict reads {FORMAT!r}.")
    if d.get("version") != VERSION:
        raise ValueError(f"This estimator's dict has version {d.get('version')!r}; this gbrff "
                         f"reads version {VERSION} of {FORMAT!r}.")
    if d.get("estimator") != cls.__name__:
        raise ValueError(f"This dict holds a {d.get('estimator')!r}; read it with that class's "
                         f"from_dict, not {cls.__name__}'s.")
    missing = [k for k in required if k not in d]
    if missing:
        raise ValueError(f"This estimator's dict lacks the key(s) {', '.join(missing)}: it was "
                         "not written by to_dict, or has been cut.")
