"""The API reference (doc/api/index.rst) lists every name of every package's ``__all__``, once, and
nothing else; the build checks the same (doc/conf.py, ``check_api_index``). Fast: no Sphinx build."""

from importlib import import_module

from tests.docs._conf import DOC, load_conf

CONF = load_conf()


def test_every_public_name_is_listed_once():
    problems = CONF.api_mismatches((DOC / "api" / "index.rst").read_text(encoding="utf-8"))
    assert not problems, "\n".join(problems)


def test_the_packages_are_the_public_ones():
    """Every public package of gbrff (a folder with an __init__.py whose name has no leading _) is in
    the reference, with its __all__."""
    public = {"gbrff"} | {f"gbrff.{p.name}" for p in (DOC.parent / "gbrff").iterdir()
                          if (p / "__init__.py").is_file() and not p.name.startswith("_")}
    public |= {f"gbrff.{p.stem}" for p in (DOC.parent / "gbrff").glob("*.py") if not p.stem.startswith("_")}
    assert public == set(CONF.API_PACKAGES)
    for package in CONF.API_PACKAGES:
        assert import_module(package).__all__, package


def test_the_check_sees_a_missing_and_an_extra_name():
    text = (DOC / "api" / "index.rst").read_text(encoding="utf-8")
    broken = text.replace("   GBRFF1Classifier\n", "   NotAName\n", 1)
    problems = CONF.api_mismatches(broken)
    assert any("gbrff.GBRFF1Classifier is in gbrff.__all__" in p for p in problems), problems
    assert any("gbrff.NotAName is in doc/api/index.rst" in p for p in problems), problems
