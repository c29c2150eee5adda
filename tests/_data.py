"""The UCI files the tests read, and the one reason a test that needs them skips without them.

The tests read the folder the loader reads (``resolve_data_dir``): ``GBRFF_DATA_DIR``
(``conftest.py`` points it at the mirror beside the checkout when there is one), else
the default folder (``datasets/cache/`` of the checkout, where ``python -m
gbrff.datasets download`` puts the files when ``GBRFF_DATA_DIR`` is not set). A test
that needs files that are not there skips with :func:`reason`, which names
``GBRFF_DATA_DIR`` and the command that gets them; the rest of the suite runs the same.
"""

import pytest

from gbrff.datasets import DataNotFoundError, registry
from gbrff.datasets._uci import resolve_data_dir

__all__ = ["DOWNLOAD", "data_dir", "data_folder", "needs_data", "reason"]

DOWNLOAD = "python -m gbrff.datasets download"


def _files(tasks):
    """The data files (paths in the data folder) of ``tasks``, by the registry."""
    reg = registry()
    entries = {**reg["tasks"], **reg["preprint"], **reg["multiclass"]}
    return [f["path"] for t in tasks for f in entries[t]["files"] if f["role"] == "data"]


def data_folder():
    """The folder the loader reads (a Path), or None when ``GBRFF_DATA_DIR`` names a file."""
    try:
        return resolve_data_dir(None)
    except DataNotFoundError:
        return None


def reason(*tasks):
    """Why a test that reads ``tasks`` (default: wine) skips, or None when their data files are
    in the folder the loader reads."""
    tasks = tasks or ("wine",)
    folder = data_folder()
    if folder is None:
        where = "GBRFF_DATA_DIR names a file"
    else:
        missing = [f for f in _files(tasks) if not (folder / f).is_file()]
        if not missing:
            return None
        where = f"{', '.join(missing)} not in {folder}"
    return (f"needs the UCI data ({where}): set GBRFF_DATA_DIR to a folder that holds the files, "
            f"or get them with `{DOWNLOAD} {' '.join(tasks)}` (`{DOWNLOAD}`: every task)")


def needs_data(*tasks):
    """A mark: skip the test, with :func:`reason`, when the data files of ``tasks`` (default:
    wine) are not in the data folder."""
    why = reason(*tasks)
    return pytest.mark.skipif(why is not None, reason=why or "")


def data_dir(*tasks):
    """The data folder, absolute, as a string; skips the calling test, with :func:`reason`,
    when the data files of ``tasks`` (default: wine) are not in it."""
    why = reason(*tasks)
    if why:
        pytest.skip(why)
    return str(data_folder().resolve())


def mirror_readme():
    """The data folder's ``README.md`` with the mirror's SHA-256 list (the development machines' read-only
    mirror has one), or a skip saying what is missing: the registry's pins are compared with it."""
    import pytest

    folder = data_folder()
    readme = folder / "README.md" if folder is not None else None
    if readme is None or not readme.is_file():
        pytest.skip(f"no README.md with the data mirror's SHA-256 list in the data folder ({folder}): set "
                    "GBRFF_DATA_DIR to the mirror to compare the registry's pins with it")
    return readme
