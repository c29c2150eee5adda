"""The out-of-the-box experiment (``python -m gbrff.experiments defaults``): Table 2's
splits, each method at its own defaults, raw or standardised features."""

import numpy as np
import pandas as pd
import pytest
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from gbrff.datasets import load_uci
from gbrff.experiments import Context, prepare_split
from gbrff.experiments._cli import main
from gbrff.experiments import defaults_groups
from gbrff.experiments._protocol import make_estimator

from .test_cli import STANDIN, data_dir


def test_raw_data_are_table2_splits_unscaled():
    ctx = Context(data_dir=data_dir())
    X, y = load_uci("wine", data_dir=ctx.data_dir)
    X_tr, X_te, y_tr, y_te = train_test_split(np.asarray(X, dtype=float), y, test_size=0.3,
                                              stratify=y, random_state=3)
    raw = prepare_split(ctx, ("uci-raw", "wine"), 3)
    std = prepare_split(ctx, ("uci", "wine"), 3)
    np.testing.assert_array_equal(raw[0], X_tr)
    np.testing.assert_array_equal(raw[2], X_te)
    np.testing.assert_array_equal(raw[1], std[1])
    np.testing.assert_array_equal(std[0], StandardScaler().fit(X_tr).transform(X_tr))


def test_methods_run_at_their_own_defaults():
    ctx = Context()
    (g2, lgbm), = [defaults_groups(["wine"], ["GBRFF2", "LGBM"], n_splits=1, first_split=4)]
    assert g2.seed == 4 and g2.data == ("uci-raw", "wine") and g2.points == [{}]
    assert g2.cv_units() == []  # nothing to choose: no cross-validation
    est = make_estimator(ctx, g2.unit({}, -1))
    from gbrff import GBRFF2Classifier
    expected = GBRFF2Classifier(random_state=4, n_jobs=1).get_params()
    assert est.get_params() == expected and est.standardize
    # Table 2 keeps the paper's estimator: standardised outside, not inside
    table2 = make_estimator(ctx, g2.__class__("table2", ("uci", "wine"), 0, 4, "GBRFF2",
                                              [{}], 100).unit({}, -1))
    assert table2.standardize is False
    assert make_estimator(ctx, lgbm.unit({}, -1)).get_params()["n_estimators"] == 100


def test_cli_writes_table2_format_and_keeps_raw_apart(tmp_path, capsys):
    out = tmp_path / "defaults"
    argv = ["defaults", "--tasks", "wine", "--methods", "RIDGE", "--n-splits", "2",
            "--registry", STANDIN, "--data-dir", data_dir(), "--no-progress", "--out", str(out)]
    assert main(argv) == 0
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary.columns) == ["task", "method", "n_splits", "mean", "std"]
    assert summary.iloc[0].tolist()[:3] == ["wine", "RIDGE", 2]
    runs = pd.read_csv(out / "runs.csv")
    assert sorted(runs["seed"]) == [0, 1] and (out / "defaults.md").exists()
    capsys.readouterr()
    # raw and standardised results never share a folder
    assert main(argv + ["--features", "standardised"]) == 1
    assert "--features raw there, standardised here" in capsys.readouterr().err
    with pytest.raises(ValueError, match="features"):
        defaults_groups(["wine"], ["RIDGE"], features="scaled")


def test_gbrff2_plus_is_gbrff2_with_its_ingredients():
    from gbrff import GBRFF2PlusClassifier
    from gbrff.methods import get_method

    spec = get_method("GBRFF2+")
    # GBRFF2's grid with the ranks, its γ centred on GBRFF2+'s "auto" (2d columns:
    # features and ranks), and GBRFF2's own grid without them
    with_ranks, without = spec.grid(4)
    # (and the shrinkage pinned at 0.75: the grid's λ replaces "auto", and a tuned λ prefers it)
    assert not spec.in_paper and with_ranks == {**get_method("GBRFF2").grid(8), "bandwidth_shrinkage": [0.75]}
    assert without == {"quantile_features": [False], **get_method("GBRFF2").grid(4), "bandwidth_shrinkage": [0.75]}
    # from 100 input features on, where the screen may act: the same multiples of the model's own γ
    wide_ranks, wide_without = spec.grid(150)
    factors = [2.0**e for e in range(-2, 3)]
    assert wide_ranks == {"gamma_factor": factors, "reg_lambda": with_ranks["reg_lambda"],
                          "bandwidth_shrinkage": [0.75]}
    assert wide_without == {"quantile_features": [False], **wide_ranks}
    assert spec.grid(99)[0]["gamma"] == get_method("GBRFF2").grid(198)["gamma"]
    want = GBRFF2PlusClassifier(random_state=3, n_jobs=1).get_params()
    assert spec.make_default(random_state=3).get_params() == want
    assert spec.make(n_iter=100, random_state=3).get_params() == want
    assert spec.make(n_iter=50, random_state=3).n_estimators == 50
