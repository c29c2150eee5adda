"""The rooms around the engine: who may import and read what.

* the library (``gbrff`` and its subpackages) imports no Streamlit;
* ``gbrff.viz`` turns data into figures: it imports neither
  ``gbrff.experiments`` nor Streamlit and opens no file;
* the figures and the pages read a fitted model through ``gbrff.Expansion``,
  not through the estimators' per-algorithm attributes.

The import rules of the house (the core, circles, the app) are in
test_house_rules.py beside this file.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VIZ = sorted((ROOT / "gbrff" / "viz").glob("*.py"))
PAGES = sorted((ROOT / "pages").glob("*.py"))


def test_the_library_imports_no_streamlit():
    code = ("import sys, gbrff, gbrff.viz, gbrff.viz.surfaces, gbrff.viz.learners, gbrff.viz.curves, gbrff.viz.omega_prior, "
            "gbrff.viz.landscape, gbrff.viz.style, gbrff.viz.paper, gbrff.teaching, gbrff.teaching.fits, "
            "gbrff.teaching.expansions, gbrff.teaching.live_uci, "
            "gbrff.experiments, gbrff.datasets, gbrff.baselines, gbrff.methods, gbrff.inspection; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] == 'streamlit'))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr[-500:]
    assert r.stdout.strip() == "[]"


def test_viz_imports_no_experiments_and_reads_no_files():
    for f in VIZ:
        text = f.read_text()
        assert not re.search(r"^\s*(from\s+(gbrff|\.\.)\.?experiments|import\s+gbrff\.experiments)", text,
                             re.M), f"{f.name} imports gbrff.experiments"
        assert not re.search(r"^\s*(import|from)\s+streamlit", text, re.M), f"{f.name} imports streamlit"
        for call in ("open(", "read_csv(", "read_text(", "read_bytes(", "json.load(", "Path("):
            assert call not in text, f"{f.name} reads files ({call})"


def test_figures_and_pages_read_the_expansion():
    """No branching on attribute names of one estimator (``biases_``, ``landmarks_``, ``q_``)."""
    for f in VIZ + PAGES:
        text = f.read_text()
        found = re.findall(r"\.(?:biases|omegas|landmarks|q|alphas|init_score)_\b|hasattr\(", text)
        assert not found, f"{f.relative_to(ROOT)} reads {found}"


def test_facts_have_one_home():
    """Tasks come from gbrff.datasets and methods from the registry: no page restates them."""
    from gbrff.methods import METHODS
    from gbrff.datasets import UCI_TASKS
    from gbrff.experiments import PAPER_METHODS, TASK_ORDER

    assert TASK_ORDER == UCI_TASKS
    assert PAPER_METHODS == tuple(m for m, spec in METHODS.items() if spec.in_paper)
    for f in PAGES + VIZ:
        text = f.read_text()
        assert '"bankmarketing"' not in text and "'bankmarketing'" not in text, f"{f.name} lists the UCI tasks"
        assert not re.search(r'"#[0-9a-fA-F]{6}"\s*,\s*"GBRFF', text) and '"GBRFF1": "#' not in text, \
            f"{f.name} has its own method colours"
