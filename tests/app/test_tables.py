"""appkit._tables.table_columns: the UCI page's Table 2 sized for a projector (pandas only, no server).

The widths were measured in Chromium with the app served (the short cells of the committed results):
the table's column holds 562 px on a 1024-px screen and 818 px on a 1280-px one, sidebar open.
"""

from pathlib import Path

import pandas as pd
import pytest

from appkit._tables import table_columns
from gbrff.methods import METHODS
from gbrff.viz.paper import signed

ROOT = Path(__file__).resolve().parents[2]


def _short_table():
    """The page's short cells of the committed Table 2: 'mean (difference)', 'mean' beyond the paper."""
    from gbrff.experiments import load_paper_table2

    summary = pd.read_csv(ROOT / "results" / "table2" / "summary.csv")
    merged = summary.merge(load_paper_table2().rename(columns={"mean": "paper"})[["task", "method", "paper"]],
                           on=["task", "method"], how="left")
    merged["value"] = [f"{m:.1f}" + (f" ({signed(m - p)})" if pd.notna(p) else "")
                       for m, p in zip(merged["mean"], merged["paper"])]
    methods = [m for m in METHODS if m in set(merged["method"])]
    return merged.pivot(index="task", columns="method", values="value").reindex(columns=methods).fillna("–")


def test_table2_fits_1280_px_and_its_paper_columns_1024_px():
    wide = _short_table()
    config = table_columns(wide)
    assert config["_index"]["label"] == "task" and config["_index"]["pinned"] is True
    paper_six = [m for m in wide.columns if METHODS[m].in_paper]
    assert len(paper_six) == 6 and len(wide.columns) == 10
    width = {c: config[c]["width"] for c in wide.columns}
    assert config["_index"]["width"] + sum(width[m] for m in paper_six) <= 562
    assert config["_index"]["width"] + sum(width.values()) <= 818
    # every cell and label within its column (the same per-character widths the sizing uses)
    for c in wide.columns:
        assert width[c] >= 5.6 * wide[c].str.len().max() + 12 and width[c] >= 7.6 * len(config[c]["label"]) + 12
    # Fourier kernel learning's methods lose their shared prefix in the label, not in the tooltip
    assert [config[m]["label"] for m in ("RFF-SKL", "RFF-SQL-SKL", "RFF-MKL")] == ["SKL", "SQL-SKL", "MKL"]
    assert config["RFF-SKL"]["help"].startswith("RFF-SKL: Băzăvan")
    assert config["GBRFF2"]["label"] == "GBRFF2" and config["GBRFF2"]["help"].startswith("GBRFF2: ")


@pytest.mark.parametrize("compact", [True, False])
def test_full_cells_keep_names_and_streamlits_widths(compact):
    wide = pd.DataFrame({"RFF-SKL": ["98.9 ± 1.2"], "own": ["97.0"]}, index=["wine"])
    config = table_columns(wide, compact=compact)
    assert config["own"] == {"label": "own", "help": "own", **({"width": config["own"]["width"]} if compact else {})}
    assert ("width" in config["RFF-SKL"]) is compact and ("width" in config["_index"]) is compact
    assert config["RFF-SKL"]["label"] == ("SKL" if compact else "RFF-SKL")
