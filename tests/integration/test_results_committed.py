"""The committed results: rerunning a split with its seed gives its committed row.

This guards the promise of results/README.md against any later change of the
engine or of a baseline: such a change must come with refreshed results."""

import json
import os
import platform
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pytest
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler

from tests._data import data_dir

ROOT = Path(__file__).resolve().parents[2]
RUNS = ROOT / "results" / "table2" / "runs.csv"


def _data_dir():
    return data_dir("wine", "sonar", "heart", "newthyroid")


def _rows():
    runs = pd.read_csv(RUNS)
    small = runs[runs["task"].isin(["wine", "sonar", "heart", "newthyroid"]) & (runs["split"] < 2)]
    return [r for _, r in small.iterrows() if r["method"] in ("GBRFF1", "GBRFF2", "GBRFF2+", "LGBM", "PBRFF")]


@pytest.mark.parametrize("row", _rows(), ids=lambda r: f"{r['task']}-{r['method']}-{r['split']}")
def test_committed_row_is_reproduced(row):
    from gbrff.methods import get_method
    from gbrff.datasets import load_uci

    X, y = load_uci(row["task"], data_dir=_data_dir())
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, stratify=y,
                                              random_state=int(row["seed"]))
    sc = StandardScaler().fit(X_tr)
    est = get_method(row["method"]).make(n_iter=100, random_state=int(row["seed"]))
    est.set_params(**json.loads(row["best_params"]))
    acc = est.fit(sc.transform(X_tr), y_tr).score(sc.transform(X_te), y_te)
    assert acc == row["test_accuracy"]


# GFC and BMKR call the BLAS (Gram matrices, least squares): their last bits, and
# then the parameters their CV picks, follow the kernels OpenBLAS chooses for the
# CPU. Their Table 2 rows were computed with OpenBLAS's Haswell kernels (a znver3
# machine, 2026-11-23; results/README.md): rerun under those kernels, they must
# come out the same, whatever this machine would pick by itself.
_BLAS_ROWS_SCRIPT = r"""
import json, sys
import pandas as pd
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import StandardScaler
from gbrff.methods import get_method
from gbrff.datasets import load_uci
runs = pd.read_csv(sys.argv[1])
rows = runs[runs["task"].isin(["wine", "sonar", "heart", "newthyroid", "bupa"]) & (runs["split"] < 2)
            & runs["method"].isin(["GFC", "BMKR"])]
for _, row in rows.iterrows():
    X, y = load_uci(row["task"], data_dir=sys.argv[2])
    X_tr, X_te, y_tr, y_te = train_test_split(X, y, test_size=0.3, stratify=y, random_state=int(row["seed"]))
    sc = StandardScaler().fit(X_tr)
    est = get_method(row["method"]).make(n_iter=100, random_state=int(row["seed"]))
    est.set_params(**json.loads(row["best_params"]))
    acc = est.fit(sc.transform(X_tr), y_tr).score(sc.transform(X_te), y_te)
    print(json.dumps([row["task"], row["method"], int(row["split"]), acc, float(row["test_accuracy"])]))
"""


@pytest.mark.slow
@pytest.mark.skipif(platform.machine() not in ("x86_64", "AMD64"), reason="OpenBLAS's Haswell kernels are x86-64's")
def test_blas_dependent_rows_are_reproduced_under_their_kernels():
    env = {**os.environ, "OPENBLAS_CORETYPE": "Haswell", "OPENBLAS_NUM_THREADS": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    out = subprocess.run([sys.executable, "-c", _BLAS_ROWS_SCRIPT, str(RUNS), _data_dir()], env=env,
                         capture_output=True, text=True, timeout=600, check=True).stdout
    rows = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
    assert len(rows) == 20
    assert [r for r in rows if r[3] != r[4]] == []


def _table_rows(text):
    """The body rows of the Markdown tables of ``text`` (no head, no separator line)."""
    import re

    return [row for m in re.finditer(r"(?m)(?:^\|.*\|\n)+", text)
            for row in m.group(0).splitlines()[2:]]


def test_paper_comparison_report_is_the_committed_numbers():
    """paper_comparison.md (every cell reproduced / the paper's, and the ranks of both) is what
    the report writes from the committed runs, and its reproduced ranks are ranks.csv's."""
    from gbrff.experiments import PAPER_METHODS, load_paper_table2, table2_summary
    from gbrff.experiments.catalog.table2 import paper_comparison_markdown

    summary = table2_summary(pd.read_csv(RUNS))
    methods = [m for m in PAPER_METHODS if m in set(summary["method"])]
    md = (RUNS.parent / "paper_comparison.md").read_text(encoding="utf-8")
    assert md == paper_comparison_markdown(summary, load_paper_table2(), methods)
    ranks = pd.read_csv(RUNS.parent / "ranks.csv", index_col="method")["average_rank"].dropna()
    row = next(line for line in md.splitlines() if line.startswith("| reproduced (6 methods,"))
    assert dict(zip(methods, map(float, row.strip("|").split("|")[1:]))) == {
        m: round(ranks[m], 2) for m in methods}


def test_doc_pages_include_the_generated_files_and_copy_none_of_them():
    """The reproduction pages show results/ by including its files and embedding its figures,
    each of which exists; no page of the documentation copies a row of a generated table."""
    import re

    pages = sorted((ROOT / "doc").rglob("*.md"))
    reproducing = [p for p in pages if p.parent.name == "reproducing"]
    if not reproducing:
        pytest.skip("no reproduction pages")
    included = set()
    for page in reproducing:
        text = page.read_text(encoding="utf-8")
        for target in re.findall(r"```\{(?:include|literalinclude)\} (\S+)", text):
            path = (page.parent / target).resolve()
            assert path.is_file(), f"{page.name} includes {target}, which does not exist"
            included.add(path)
        for src in re.findall(r'<iframe src="([^"]+)"', text):
            # the build copies results/ to <site>/results/: ../results/X from doc/reproducing/
            assert src.startswith("../results/") and (ROOT / src[3:]).is_file(), (page.name, src)
    generated = sorted((ROOT / "results").rglob("*.md"))
    assert {ROOT / "results" / n for n in ("table2/paper_comparison.md", "table2/table2.md",
                                           "table2_2019/table2.md", "thesis/thesis.md",
                                           "fkl/fkl.md")} <= included
    rows = {row for f in generated if f.name != "README.md"
            for row in _table_rows(f.read_text(encoding="utf-8"))}
    copied = [(p.relative_to(ROOT), row) for p in pages for row in rows
              if row in p.read_text(encoding="utf-8")]
    assert copied == []


def test_readme_copies_no_generated_table_row():
    """The README points at the documentation's pages for the results: no row of a table
    the runner writes is typed into it."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = {row for f in sorted((ROOT / "results").rglob("*.md")) if f.name != "README.md"
            for row in _table_rows(f.read_text(encoding="utf-8"))}
    assert sorted(row for row in rows if row in readme) == []
