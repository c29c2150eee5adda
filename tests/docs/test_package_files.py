"""The package's files beside the code: the licence, the citation, the changelog and the one version."""

import re
import tomllib

import pytest

import gbrff
from tests.docs._conf import DOC, ROOT


def test_the_version_has_one_source():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and "version" in project["project"]["dynamic"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "gbrff.__version__"}
    assert re.fullmatch(r"\d+\.\d+\.\d+([abrc.]+\d+|\.dev\d+)?", gbrff.__version__)


def test_license_is_the_bsd_3_clause_text():
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("BSD 3-Clause License")
    for clause in ("1. Redistributions of source code must retain", "2. Redistributions in binary form must reproduce",
                   "3. Neither the name of the copyright holder", "THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS"):
        assert clause in text, clause
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["license"] == "BSD-3-Clause"


def test_citation_names_this_version_and_the_paper():
    yaml = pytest.importorskip("yaml", reason="PyYAML is not installed (it comes with dask, in requirements.txt)")
    cff = yaml.safe_load((ROOT / "CITATION.cff").read_text(encoding="utf-8"))
    assert cff["cff-version"] == "1.2.0"
    assert cff["version"] == gbrff.__version__
    assert cff["license"] == "BSD-3-Clause"
    paper = cff["preferred-citation"]
    assert paper["year"] == 2020 and "Random Fourier Features and Gradient Boosting" in paper["title"]
    assert [a["family-names"] for a in paper["authors"]] == [
        "Gautheron", "Germain", "Habrard", "Metzler", "Morvant", "Sebban", "Zantedeschi"]


def test_changelog_has_this_version_and_is_in_the_site():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (\S+)", text, flags=re.M)
    assert headings[0] == "Unreleased" and gbrff.__version__ in headings
    assert "```{include} ../CHANGELOG.md" in (DOC / "changelog.md").read_text(encoding="utf-8")
