"""The docstrings' examples run, as the documentation check runs them.

``python -m pytest --doctest-modules gbrff`` is the command the documentation
check gives (issue 46); here it runs in a subprocess, word for word, so that the
test suite fails where the check would. A subprocess rather than
``--doctest-modules`` in pyproject's ``addopts``: that would collect every
module of gbrff in every run and lane, the check clears ``addopts`` anyway, and
the examples would run beside this suite's conftest (which sets
``GBRFF_DATA_DIR``) instead of in a clean process. They run twice: with the data
folder set (CI's mirror, or an empty folder where there is none), and unset,
as a user who has not downloaded the UCI files has it: no example may need them.
"""

import importlib
import inspect
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCTEST_COMMAND = [sys.executable, "-m", "pytest", "--doctest-modules", "gbrff", "-q", "-p", "no:cacheprovider",
                   "-o", "addopts=", "--ignore=gbrff/_aot_build.py"]
# the packages whose __all__ is the public API (gbrff.teaching and gbrff.viz name modules: their __all__)
PACKAGES = ("gbrff", "gbrff.baselines", "gbrff.datasets", "gbrff.methods", "gbrff.experiments",
            "gbrff.inspection", "gbrff.teaching", "gbrff.viz")


@pytest.mark.slow
@pytest.mark.parametrize("data_dir", ["set", "unset"])
def test_docstring_examples_run(data_dir, tmp_path):
    env = dict(os.environ)
    if data_dir == "unset":
        env.pop("GBRFF_DATA_DIR", None)
    elif not env.get("GBRFF_DATA_DIR", "").strip():  # no mirror beside this checkout: a folder without the files
        env["GBRFF_DATA_DIR"] = str(tmp_path)
    run = subprocess.run(DOCTEST_COMMAND, cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    last = (run.stdout.strip().splitlines() or ["(no output)"])[-1]
    assert run.returncode == 0 and "passed" in last and "failed" not in last, run.stdout[-4000:] + run.stderr[-2000:]


def _public_objects():
    """(name, object) of every class and function in the packages' ``__all__``."""
    for package in PACKAGES:
        module = importlib.import_module(package)
        for name in module.__all__:
            obj = getattr(module, name, None)
            if obj is None:
                obj = importlib.import_module(f"{package}.{name}")
            if inspect.ismodule(obj):
                yield from ((f"{obj.__name__}.{n}", getattr(obj, n)) for n in obj.__all__)
            else:
                yield f"{package}.{name}", obj


def test_every_public_class_and_function_has_an_example():
    missing = [name for name, obj in _public_objects()
               if (inspect.isclass(obj) or callable(obj)) and "\nExamples\n--------\n" not in (inspect.getdoc(obj) or "")]
    assert not missing, f"public names without an Examples section: {missing}"

