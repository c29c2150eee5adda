"""A results folder holds one configuration (experiment, base seed, and --n-iter or
--n-test where they set the rows): its reports show that configuration, whatever it
is, and `report` refuses exactly the settings a run into the folder would refuse,
writing nothing then. Fast: the stand-in methods on wine and tiny scaling sizes."""

import hashlib
import os
from pathlib import Path

import pandas as pd
import pytest

from gbrff.experiments._cli import main

ROOT = Path(__file__).resolve().parents[1]
STANDIN = "tests.test_experiments_standin:get_method"


def data_dir():
    path = os.environ.get("GBRFF_DATA_DIR") or str(ROOT.parent / "shared" / "datasets")
    if not Path(path, "wine").exists():
        pytest.skip(f"UCI mirror not found at {path}")
    return str(Path(path).resolve())


def table2(out, *extra):
    return ["table2", "--tasks", "wine", "--methods", "RIDGE", "--n-splits", "1",
            "--registry", STANDIN, "--data-dir", data_dir(), "--no-progress",
            "--out", str(out), *map(str, extra)]


def scaling(out, *extra):
    return ["scaling", "--methods", "RIDGE,STUMPS", "--registry", STANDIN, "--max-samples", "230",
            "--no-progress", "--out", str(out), *map(str, extra)]


def digest(folder):
    """Of every file of ``folder`` but its (local, uncommitted) store."""
    h = hashlib.sha256()
    for path in sorted(Path(folder).rglob("*")):
        if path.is_file() and path.name != "store.jsonl":
            h.update(str(path.relative_to(folder)).encode() + path.read_bytes())
    return h.hexdigest()


@pytest.mark.parametrize("extra", [["--n-iter", 20], ["--seed", 1]])
def test_scaling_reports_the_folders_own_n_iter_and_seed(tmp_path, capsys, extra):
    out = tmp_path / "sc"
    assert main(scaling(out, *extra)) == 0
    assert "computed 4 units" in capsys.readouterr().err
    times = pd.read_csv(out / "times.csv")
    assert sorted(zip(times["method"], times["n_samples"])) == [
        ("RIDGE", 150), ("RIDGE", 225), ("STUMPS", 150), ("STUMPS", 225)]
    assert (out / "fig4_scaling.html").is_file()
    first = digest(out)
    (out / "store.jsonl").unlink()                   # the committed records alone
    assert main(["report", "scaling", "--out", str(out)]) == 0
    assert digest(out) == first


def test_table2_report_of_a_folder_of_another_n_iter_shows_its_rows(tmp_path):
    out = tmp_path / "t2"
    assert main(table2(out, "--n-iter", 7)) == 0
    runs = (out / "runs.csv").read_bytes()
    assert runs.count(b"\n") == 2                    # the header and the one row
    assert main(["report", "table2", "--out", str(out)]) == 0
    assert (out / "runs.csv").read_bytes() == runs
