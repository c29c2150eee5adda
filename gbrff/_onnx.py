"""A fitted GBRFF estimator as an ONNX graph: the model out of Python.

A GBRFF model is a small graph of standard ONNX operators (no custom
domain), read from the estimator's fitted parts (``feature_map_``,
``expansions_``, ``classes_``), the same parts that ``to_dict`` writes:

1. ``Cast`` of the input to double: the graph computes in float64, as the
   estimator does on a float64 input;
2. the one-hot encoding (``categorical_features``): each categorical
   feature's indicators, ``Equal`` of the feature (``Cast`` to float, the
   precision the estimator matches levels in) against each of its levels,
   ``Cast`` back to double, put in the feature's place (``Gather``); a value
   of no level gives zeros (:func:`_one_hot`);
   the ranks (``quantile_features``): [x, F(x)], F_j the piecewise-linear
   interpolation of its knots, found by a search in a few levels of
   comparisons (``Less``) and ``Gather`` (:func:`_ranks`), then ``Concat``
   (the ranks of the non-categorical features only);
3. the standardisation (``standardize``): ``Sub`` the mean, ``Div`` the scale
   (the per-feature bandwidth scales are already folded into ω);
4. the cosine sums of every expansion at once, H = H⁰ + Σ_m c_m cos(ω_m·z − b_m):
   ``MatMul``, ``Sub``, ``Cos``, ``MatMul`` (a block matrix, one column per
   one-vs-rest class), ``Add``;
5. the head. Classifiers: the link of the loss (``Sigmoid`` of 2H or H,
   or the clipped (1 + H)/2 of squared_error, ``Max``/``Min``), [1 − p, p]
   for two classes, one-vs-rest probabilities divided by their sum (uniform
   where it is 0, as ``predict_proba``), and the labels by ``Greater`` (H > 0)
   or ``ArgMax`` and a ``Gather`` of the class table. Regressors (identity
   link): H itself.

Two entry points build it: :func:`to_onnx` (the estimators' ``to_onnx``,
which needs only the ``onnx`` package) and skl2onnx's converter
(:func:`register`, called when skl2onnx is imported once gbrff is, so that
``skl2onnx.to_onnx(est, X)`` and pipelines convert). Both emit the same
nodes through :class:`_Graph`.
"""

import math

import numpy as np
from sklearn.base import is_regressor
from sklearn.utils.validation import check_is_fitted

from ._optional import import_optional

__all__ = ["DEFAULT_OPSET", "ESTIMATORS", "MIN_OPSET", "register", "to_onnx"]

#: The opset of :func:`to_onnx` by default (onnxruntime has run it since 1.13).
DEFAULT_OPSET = 17
#: The oldest opset whose operators the graph uses with these types (Equal on
#: doubles is opset 11's).
MIN_OPSET = 11
#: The classes registered with skl2onnx, by name in ``gbrff`` (those present):
#: a regressor of the same fitted parts converts with its identity link.
ESTIMATORS = ("GBRFF1Classifier", "GBRFF2Classifier", "GBRFF2PlusClassifier", "GBRFFLSClassifier",
              "GBRFF1Regressor", "GBRFF2Regressor", "GBRFFLSRegressor")

# ONNX element types (onnx.TensorProto's numbers: fixed by the standard)
FLOAT, INT64, STRING, DOUBLE = 1, 7, 8, 11


def _import_onnx():
    return import_optional("onnx", "The ONNX export of a GBRFF model", "onnx")


# -- the graph, whoever assembles it --------------------------------------
class _Graph:
    """Nodes and constants of a graph, named by ``unique(hint)`` (a counter
    for :func:`to_onnx`, skl2onnx's scope in its converter)."""

    def __init__(self, unique):
        self.unique = unique
        self.nodes = []      # (op_type, inputs, output, attributes)
        self.constants = []  # (name, ndarray)

    def const(self, hint, value, dtype=np.float64):
        name = self.unique(hint)
        self.constants.append((name, np.asarray(value, dtype=dtype)))
        return name

    def op(self, op_type, inputs, out=None, **attrs):
        out = out or self.unique(op_type.lower())
        self.nodes.append((op_type, list(inputs), out, attrs))
        return out


def _label_table(classes):
    """(the classes as an int64 or string array, its ONNX element type), as
    skl2onnx writes a classifier's labels: integers (booleans and integral
    floats included) as int64, strings as strings."""
    classes = np.asarray(classes)
    kind = classes.dtype.kind
    if kind in "biu":
        return classes.astype(np.int64), INT64
    if kind == "f":
        if not np.all(classes == np.round(classes)):
            raise NotImplementedError(
                f"ONNX export of class labels that are fractional floats ({classes.tolist()}): "
                "an ONNX classifier's labels are int64 or strings; fit on integer or string labels.")
        return classes.astype(np.int64), INT64
    if kind in "US" or (kind == "O" and all(isinstance(c, str) for c in classes)):
        return np.array([str(c) for c in classes], dtype=object), STRING
    raise NotImplementedError(
        f"ONNX export of class labels of dtype {classes.dtype} ({classes.tolist()[:4]}...): "
        "an ONNX classifier's labels are int64 or strings.")


# -- the ranks F(x) -------------------------------------------------------
def rank_tables(knots):
    """The constants of :func:`_ranks` for the knots (values u, levels l) of
    each feature (``FeatureMap.quantile_knots_``).

    Each feature gets P slots (P > the most knots of any feature): its knot
    values padded with +inf (``values``), the level at the start of each
    segment (``levels``, the last level past the knots) and the segment's
    slope (l_{k+1} − l_k) / (u_{k+1} − u_k), as ``np.interp`` computes it
    (``slopes``, 0 past the last knot and on a segment of zero width),
    each flattened feature after feature (feature j's slot k at j P + k).
    The search compares x with every ``strides[0]``-th value first, then
    within the block found with every ``strides[1]``-th, and so on: at each
    level at most ``branching - 1`` comparisons a feature instead of P.
    Returns a dict of these and P, ``strides``, ``n_top`` (the blocks of the
    first level)."""
    d = len(knots)
    n_slots = max(len(u) for u, _ in knots) + 1   # one slot past the last knot, always
    n_levels = max(1, math.ceil(math.log2(n_slots) / 4))  # at most 16 comparisons a level
    branching = max(2, math.ceil(n_slots ** (1.0 / n_levels) - 1e-9))
    while branching ** n_levels < n_slots:
        branching += 1
    strides = [branching ** (n_levels - 1 - i) for i in range(n_levels)]
    n_top = math.ceil(n_slots / strides[0])
    P = n_top * strides[0]
    values = np.full((d, P), np.inf)
    levels = np.empty((d, P))
    slopes = np.zeros((d, P))
    first = np.empty(d)
    for j, (u, lev) in enumerate(knots):
        u, lev = np.asarray(u, dtype=np.float64), np.asarray(lev, dtype=np.float64)
        m = u.shape[0]
        values[j, :m] = u
        levels[j, :m] = lev
        levels[j, m:] = lev[-1]
        du = u[1:] - u[:-1]
        with np.errstate(divide="ignore", invalid="ignore"):
            s = (lev[1:] - lev[:-1]) / du
        slopes[j, :m - 1] = np.where(du > 0, s, 0.0)
        first[j] = u[0]
    return {"values": values.ravel(), "levels": levels.ravel(), "slopes": slopes.ravel(),
            "top": values[:, strides[0]:P:strides[0]], "first": first, "P": P,
            "strides": strides, "branching": branching, "n_top": n_top, "d": d}


def _count_above(g, x3, bounds, k):
    """How many of the k ``bounds`` (broadcast against x3, (n, d, 1)) are
    above x, as a double (n, d, 1): a sum of ``Less`` by a ``MatMul``."""
    above = g.op("Cast", [g.op("Less", [x3, bounds])], to=DOUBLE)
    return g.op("MatMul", [above, g.const("ones", np.ones((k, 1)))])


def _ranks(g, x, knots):
    """F(x) (n, d) of the knots of each feature (``np.interp(x_j, u_j, l_j)``:
    l_0 below the first knot, the last level above the last one)."""
    t = rank_tables(knots)
    d, P, strides, b = t["d"], t["P"], t["strides"], t["branching"]
    x3 = g.op("Reshape", [x, g.const("shape", [-1, d, 1], np.int64)])
    offsets = (np.arange(d) * P)[:, None]     # (d, 1): feature j's first slot
    if t["n_top"] > 1:
        above = _count_above(g, x3, g.const("top_knots", t["top"]), t["n_top"] - 1)
        # the block: (n_top - 1 - above) * stride, from feature j's first slot
        base = g.op("Sub", [g.const("last_block", offsets + (t["n_top"] - 1) * strides[0]),
                            g.op("Mul", [above, g.const("stride", float(strides[0]))])])
    else:
        base = g.op("Add", [g.op("Mul", [x3, g.const("zero", 0.0)]),
                            g.const("first_slot", offsets.astype(np.float64))])
    values = g.const("knot_values", t["values"])
    for s in strides[1:]:
        ks = np.arange(1, b) * s
        slots = g.op("Cast", [g.op("Add", [base, g.const("offsets", ks.astype(np.float64))])],
                     to=INT64)
        above = _count_above(g, x3, g.op("Gather", [values, slots]), b - 1)
        base = g.op("Add", [base, g.op("Sub", [g.const("last", float((b - 1) * s)),
                                                g.op("Mul", [above, g.const("stride", float(s))])])])
    seg = g.op("Reshape", [g.op("Cast", [base], to=INT64),
                           g.const("shape", [-1, d], np.int64)])
    xc = g.op("Max", [x, g.const("first_knots", t["first"])])
    lo = g.op("Gather", [values, seg])
    slope = g.op("Gather", [g.const("knot_slopes", t["slopes"]), seg])
    level = g.op("Gather", [g.const("knot_levels", t["levels"]), seg])
    return g.op("Add", [g.op("Mul", [slope, g.op("Sub", [xc, lo])]), level])


# -- the one-hot encoding -------------------------------------------------
def _one_hot(g, x, mask, levels):
    """The model columns before the ranks (n, n_columns): x with each
    categorical feature (``mask``) replaced in its place by its indicators
    1{float32(x_j) = level}, as ``FeatureMap.expand``."""
    d = mask.shape[0]
    cats = np.flatnonzero(mask)
    sizes = [u.shape[0] for u in levels]
    columns = np.repeat(cats, sizes).astype(np.int64)          # each indicator's feature
    values = np.concatenate(levels).astype(np.float32)
    picked = g.op("Cast", [g.op("Gather", [x, g.const("categorical_columns", columns, np.int64)],
                                axis=1)], to=FLOAT)
    indicators = g.op("Cast", [g.op("Equal", [picked, g.const("categorical_levels", values,
                                                                  np.float32)])], to=DOUBLE)
    order, start = [], d           # in [x, indicators]: feature j at j, its indicators from d on
    for j in range(d):
        if mask[j]:
            k = sizes[int(np.searchsorted(cats, j))]
            order.extend(range(start, start + k))
            start += k
        else:
            order.append(j)
    both = g.op("Concat", [x, indicators], axis=1)
    return g.op("Gather", [both, g.const("column_order", np.asarray(order, np.int64), np.int64)],
                axis=1)


# -- scores and heads -----------------------------------------------------
def _check_feature_map(fmap):
    known = {"standardize", "quantile_features", "feature_bandwidths", "bandwidth_shrinkage",
             "memory", "quantile_knots_", "mean_", "scale_", "bandwidth_scales_",
             "categorical_features", "categorical_features_", "categorical_levels_",
             # a screen acts in the fit only (ω zero, rank ½ on a dropped feature)
             "feature_screening", "support_", "screening_pvalues_"}
    unknown = sorted(k for k, v in vars(fmap).items() if k not in known and v is not None)
    if unknown:
        raise NotImplementedError(f"ONNX export of a feature map with {', '.join(unknown)}: "
                                  "gbrff._onnx does not know how to write it.")


def _scores(g, est, x):
    """H (n, n_expansions) of the estimator on x (double, (n, n_features_in_))."""
    fmap = est.feature_map_
    _check_feature_map(fmap)
    mask = getattr(fmap, "categorical_features_", None)
    if mask is not None:
        encoded = _one_hot(g, x, mask, fmap.categorical_levels_)
        if fmap.quantile_knots_:         # the ranks of the non-categorical features
            numeric = g.op("Gather", [x, g.const("numeric_columns", np.flatnonzero(~mask),
                                                 np.int64)], axis=1)
            encoded = g.op("Concat", [encoded, _ranks(g, numeric, fmap.quantile_knots_)], axis=1)
        x = encoded
    elif fmap.quantile_knots_ is not None:
        x = g.op("Concat", [x, _ranks(g, x, fmap.quantile_knots_)], axis=1)
    if fmap.mean_ is not None:
        x = g.op("Div", [g.op("Sub", [x, g.const("mean", fmap.mean_)]),
                         g.const("scale", fmap.scale_)])
    parts = [m.components() for m in est.expansions_]
    d = (fmap.n_columns() if mask is not None     # the model features
         else est.n_features_in_ * (1 if fmap.quantile_knots_ is None else 2))
    W = np.concatenate([np.reshape(W, (-1, d)) for W, _, _, _ in parts] + [np.zeros((1, d))])
    phases = np.concatenate([np.ravel(p) for _, p, _, _ in parts] + [np.zeros(1)])
    # the coefficients of each expansion in its own column (one zero cosine at the end,
    # so that an expansion of no iteration still makes a valid product)
    coefs = np.zeros((W.shape[0], len(parts)))
    start = 0
    for k, (_, _, c, _) in enumerate(parts):
        coefs[start:start + len(c), k] = c
        start += len(c)
    arg = g.op("Sub", [g.op("MatMul", [x, g.const("omegas_T", W.T)]), g.const("phases", phases)])
    H = g.op("MatMul", [g.op("Cos", [arg]), g.const("coefs", coefs)])
    return g.op("Add", [H, g.const("init_scores", [m.init_score for m in est.expansions_])])


def _link(g, loss, H):
    """P(y = +1) of the scores H through ``loss``'s link (the registry's)."""
    if loss == "exponential":
        return g.op("Sigmoid", [g.op("Mul", [H, g.const("two", 2.0)])])
    if loss == "log_loss":
        return g.op("Sigmoid", [H])
    if loss == "squared_error":
        half = g.op("Mul", [g.op("Add", [H, g.const("one", 1.0)]), g.const("half", 0.5)])
        return g.op("Min", [g.op("Max", [half, g.const("zero", 0.0)]), g.const("one", 1.0)])
    raise NotImplementedError(f"ONNX export of the link of loss={loss!r}: gbrff._onnx writes "
                              "those of exponential, log_loss and squared_error.")


def _classifier_head(g, est, H, outputs, proba_type, classes):
    """The labels (from ``classes``) and probabilities of ``predict`` and
    ``predict_proba``."""
    table, _ = _label_table(classes)
    labels = g.const("classes", table, table.dtype)
    p = _link(g, est.expansions_[0].loss, H)     # the fitted loss (loss="auto" resolved)
    if len(est.expansions_) == 1:
        proba = g.op("Concat", [g.op("Sub", [g.const("one", 1.0), p]), p], axis=1)
        index = g.op("Cast", [g.op("Greater", [H, g.const("zero", 0.0)])], to=INT64)
        index = g.op("Reshape", [index, g.const("shape", [-1], np.int64)])
    else:
        K = len(est.expansions_)
        total = g.op("MatMul", [p, g.const("ones", np.ones((K, 1)))])
        uniform = g.op("Equal", [total, g.const("zero", 0.0)])
        total = g.op("Where", [uniform, g.const("one", 1.0), total])
        proba = g.op("Where", [uniform, g.const("uniform", 1.0 / K), g.op("Div", [p, total])])
        index = g.op("ArgMax", [H], axis=1, keepdims=0)
    g.op("Gather", [labels, index], out=outputs[0])
    g.op("Cast", [proba], out=outputs[1], to=proba_type)


def _body(g, est, x, outputs, out_type, classes=None):
    """The graph from x (double) to ``outputs``: (labels, probabilities) of a
    classifier (labels from ``classes``, by default ``est.classes_``), the
    predictions (n, 1) of a regressor; floats as ``out_type``."""
    H = _scores(g, est, x)
    if is_regressor(est):
        # identity link: predict = decision_function = H (a regressor with a target
        # transform would add its Mul/Add here)
        g.op("Cast", [H], out=outputs[0], to=out_type)
    else:
        _classifier_head(g, est, H, outputs, out_type,
                         est.classes_ if classes is None else classes)


# -- to_onnx: a ModelProto with the onnx package only ----------------------
def _input_type(X, n_features):
    if X is None:
        return FLOAT
    X = np.asarray(X)
    if X.ndim != 2 or X.shape[1] != n_features:
        raise ValueError(f"X_sample has shape {X.shape}; the model takes rows of "
                         f"{n_features} features.")
    return DOUBLE if X.dtype == np.float64 else FLOAT


def to_onnx(est, X_sample=None, *, target_opset=None, name=None):
    """The fitted GBRFF estimator ``est`` as an ``onnx.ModelProto`` (see the
    module's docstring; the estimators' ``to_onnx`` calls it).

    The input, ``"X"`` of shape (N, n_features_in_), is float32 (float64 if
    ``X_sample`` is float64); the graph computes in float64. Outputs: a
    classifier's ``"label"`` (N,) (int64, or strings for string classes) and
    ``"probabilities"`` (N, n_classes) in float64; a regressor's
    ``"variable"`` (N, 1) in float64.
    """
    onnx = _import_onnx()
    from onnx import helper, numpy_helper

    check_is_fitted(est)
    opset = DEFAULT_OPSET if target_opset is None else int(target_opset)
    if opset < MIN_OPSET:
        raise ValueError(f"target_opset={opset}: the graph needs opset {MIN_OPSET} or later.")
    d = int(est.n_features_in_)
    in_type = _input_type(X_sample, d)
    used = set()

    def unique(hint):
        name, i = hint, 1
        while name in used:
            name, i = f"{hint}_{i}", i + 1
        used.add(name)
        return name

    used.update({"X", "label", "probabilities", "variable"})
    g = _Graph(unique)
    x = "X" if in_type == DOUBLE else g.op("Cast", ["X"], to=DOUBLE)
    if is_regressor(est):
        outputs = [helper.make_tensor_value_info("variable", DOUBLE, [None, 1])]
    else:
        outputs = [helper.make_tensor_value_info("label", _label_table(est.classes_)[1], [None]),
                   helper.make_tensor_value_info("probabilities", DOUBLE,
                                                 [None, len(est.classes_)])]
    _body(g, est, x, [o.name for o in outputs], DOUBLE)
    nodes = [helper.make_node(op, ins, [out], name=unique(f"{op}_node"), **attrs)
             for op, ins, out, attrs in g.nodes]
    inits = [numpy_helper.from_array(value, name) for name, value in g.constants]
    graph = helper.make_graph(nodes, name or type(est).__name__,
                              [helper.make_tensor_value_info("X", in_type, [None, d])],
                              outputs, inits)
    opsets = [helper.make_opsetid("", opset)]
    from . import __version__

    model = helper.make_model(graph, opset_imports=opsets, producer_name="gbrff",
                              producer_version=__version__,
                              doc_string=f"{type(est).__name__} exported by gbrff")
    model.ir_version = helper.find_min_ir_version_for(opsets, True)
    onnx.checker.check_model(model)
    return model


# -- skl2onnx: a converter and a shape calculator -------------------------
def _skl2onnx_classes(est, options):
    """The labels the graph outputs: ``classes_``, or their indices with skl2onnx's
    option ``nocl=True`` (as its own classifiers)."""
    return np.arange(len(est.classes_)) if options.get("nocl", False) else est.classes_


def _shape_calculator(operator):
    from skl2onnx.common.data_types import (
        DoubleTensorType,
        FloatTensorType,
        Int64TensorType,
        StringTensorType,
    )

    est = operator.raw_operator
    N = operator.inputs[0].get_first_dimension()
    real = DoubleTensorType if isinstance(operator.inputs[0].type, DoubleTensorType) else FloatTensorType
    if is_regressor(est):
        operator.outputs[0].type = real([N, 1])
        return
    classes = _skl2onnx_classes(est, operator.scope_inst.get_options(est, {"nocl": False}))
    labels = Int64TensorType if _label_table(classes)[1] == INT64 else StringTensorType
    operator.outputs[0].type = labels([N])
    operator.outputs[1].type = real([N, len(est.classes_)])


def _converter(scope, operator, container):
    from onnx import numpy_helper
    from skl2onnx.common.data_types import DoubleTensorType

    est = operator.raw_operator
    g = _Graph(scope.get_unique_variable_name)
    x = operator.inputs[0].full_name
    double_in = isinstance(operator.inputs[0].type, DoubleTensorType)
    if not double_in:
        x = g.op("Cast", [x], to=DOUBLE)
    classes = None if is_regressor(est) else _skl2onnx_classes(
        est, container.get_options(est, {"nocl": False}))
    _body(g, est, x, [o.full_name for o in operator.outputs], DOUBLE if double_in else FLOAT,
          classes)
    for cname, value in g.constants:
        if value.dtype == object:
            container.add_initializer(cname, STRING, list(value.shape),
                                      [str(v).encode("utf-8") for v in value])
        else:
            container.add_initializer(cname, None, None, numpy_helper.from_array(value, cname))
    for op, ins, out, attrs in g.nodes:
        container.add_node(op, ins, [out], name=scope.get_unique_operator_name(op), **attrs)


_REGISTERED = []


def register():
    """Register the converter of every GBRFF estimator of ``gbrff`` (the names of
    :data:`ESTIMATORS` present) with skl2onnx; classifiers take skl2onnx's
    ``zipmap``, ``nocl`` and ``output_class_labels`` options. Called when skl2onnx is
    imported once gbrff is (``gbrff/__init__.py``); idempotent."""
    from skl2onnx import update_registered_converter

    import gbrff

    for cls_name in ESTIMATORS:
        cls = getattr(gbrff, cls_name, None)
        if cls is None or cls in _REGISTERED:
            continue
        options = None if is_regressor(cls()) else {
            "zipmap": [True, False, "columns"], "nocl": [False, True],
            "output_class_labels": [False, True]}
        update_registered_converter(cls, f"Gbrff{cls_name}", _shape_calculator, _converter,
                                    options=options)
        _REGISTERED.append(cls)
    return list(_REGISTERED)
