"""The 2019 preprint's protocol: glass, the 30/70 splits, the grids, the CLI,
the reports and the average ranks both ways (quick: tiny grids, a few fits)."""

import numpy as np
import pandas as pd
import pytest

from gbrff.experiments import Context, prepare_split
from gbrff.experiments._cli import main
from gbrff.experiments.catalog.table2_2019 import PREPRINT_TRAIN_SIZE, preprint_groups
from gbrff.experiments._results import (PREPRINT_TASK_ORDER, load_preprint_table2,
                                        preprint_markdown, preprint_ranks)
from tests._data import data_dir as _data_dir


def data_dir():
    return _data_dir("glass")


def test_glass_loads_without_its_id():
    from gbrff.datasets import PREPRINT_TASKS, load_uci

    assert PREPRINT_TASKS == ("glass",)
    X, y = load_uci("glass", data_dir=data_dir())
    assert X.shape == (214, 9) and int((y == 1).sum()) == 70
    # the first feature is the refractive index (~1.5), not UCI's Id (1..214)
    assert 1.5 < X[:, 0].min() and X[:, 0].max() < 1.54


def test_preprint_split_is_30_train_70_test():
    ctx = Context(data_dir=data_dir())
    X_tr, y_tr, X_te, y_te = prepare_split(ctx, ("uci", "glass", PREPRINT_TRAIN_SIZE), 3)
    assert (len(y_tr), len(y_te)) == (64, 150)
    np.testing.assert_allclose(X_tr.mean(axis=0), 0, atol=1e-12)     # scaled on the train part
    # the 2020 protocol's ("uci", task) keys and splits are unchanged
    X_tr, y_tr, X_te, y_te = prepare_split(ctx, ("uci", "wine"), 3)
    assert (len(y_tr), len(y_te)) == (124, 54)


def test_preprint_groups_use_the_preprints_grids():
    ctx = Context(data_dir=data_dir())
    groups = preprint_groups(ctx, ["wine"], ["GBRFF-LS", "PBRFF", "XGB"], n_splits=2,
                             n_features={"wine": 13})
    by = {g.method: g for g in groups if g.split == 0}
    assert len(groups) == 6 and all(g.data == ("uci", "wine", 0.3) for g in groups)
    assert len(by["GBRFF-LS"].points) == 12 * 5 and by["GBRFF-LS"].n_iter == 200
    assert len(by["PBRFF"].points) == 49 and dict(by["PBRFF"].fixed) == {"n_components": 100}
    assert len(by["XGB"].points) == 25
    with pytest.raises(ValueError, match="no grid of the 2019"):
        preprint_groups(ctx, ["wine"], ["GBRFF1"], n_features={"wine": 13})


def test_ranks_of_the_published_table_both_ways():
    """From the preprint's own numbers: its printed row is the rank sums over
    14 tasks divided by 15 (sonar's tie LGBM = GBRFF to LGBM)."""
    s = load_preprint_table2().assign(n_splits=20)
    r = preprint_ranks(s)
    assert list(r.index) == ["XGB", "LGBM", "MKBoost", "BMKR", "PBRFF", "GBRFF-LS"]
    np.testing.assert_allclose(r["paper_way"].round(2), [3.40, 3.20, 4.40, 3.07, 2.80, 2.73])
    np.testing.assert_allclose((r["paper_way"] * 15 / 14).round(2),
                               [3.64, 3.43, 4.71, 3.29, 3.00, 2.93])
    # ties averaged, over 14: the tie shares its rank
    np.testing.assert_allclose(r["average_rank"].round(2), [3.64, 3.46, 4.71, 3.29, 3.00, 2.89])
    means = s.pivot(index="task", columns="method", values="mean")[list(r.index)].mean()
    np.testing.assert_allclose(means.round(2), [84.88, 84.47, 82.09, 84.35, 85.03, 84.49])


def test_mean_row_covers_the_methods_that_ran():
    """Methods without a reproduced result (MKBoost, BMKR before their runs) show "–" in the
    Mean row; the others their mean over the tasks every method that ran has."""
    paper = load_preprint_table2()
    s = paper[paper.method.isin(["XGB", "LGBM"]) & paper.task.isin(["wine", "sonar"])].assign(n_splits=20)
    mean_row = next(l for l in preprint_markdown(s).splitlines() if l.startswith("| Mean"))
    cells = [c.strip() for c in mean_row.strip("|").split("|")]
    assert cells[0] == "Mean (2 tasks with all methods)"
    assert cells[1:] == [f"{s[s.method == m]['mean'].mean():.2f}" for m in ["XGB", "LGBM"]] + ["–"] * 4


def test_cli_runs_the_2019_protocol(tmp_path, capsys):
    out = tmp_path / "t19"
    argv = ["table2", "--protocol", "2019", "--tasks", "glass", "--methods", "GBRFF-LS,LGBM",
            "--n-splits", "1", "--grid-values", "1", "--n-iter", "5", "--out", str(out),
            "--data-dir", data_dir(), "--no-progress"]
    assert main(argv) == 0
    summary = pd.read_csv(out / "summary.csv")
    assert list(summary.columns) == ["task", "method", "n_splits", "mean", "std"]
    assert set(summary["method"]) == {"GBRFF-LS", "LGBM"} and set(summary["task"]) == {"glass"}
    assert (out / "table2.md").read_text().startswith("# Table 2 of the 2019 preprint")
    assert main(argv) == 0                     # resumable: nothing left to compute
    assert "computed 0 units" in capsys.readouterr().err
    # a method outside the preprint's protocol is a one-line error
    assert main(argv[:5] + ["--methods", "GBRFF1"] + argv[7:]) == 2
    assert "not in the 2019 preprint's protocol" in capsys.readouterr().err


def test_task_order_is_table1s():
    assert PREPRINT_TASK_ORDER[:3] == ("wine", "sonar", "glass") and len(PREPRINT_TASK_ORDER) == 14
