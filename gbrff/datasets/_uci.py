"""The 16 UCI tasks of Table 1 of the GBRFF paper, and the five multi-class
tasks of the random-features thesis: registry, checks, parsing.

The registry (``registry.json``, package data of ``gbrff.datasets``, read
with :mod:`importlib.resources`) pins every file by SHA-256 and states each
task's parsing and label rules. Files are looked up in, in order: the
``data_dir`` argument, the environment variable ``GBRFF_DATA_DIR`` (an empty
value counts as unset), then :func:`default_data_dir` (``datasets/cache/`` of
the checkout when gbrff runs from a source checkout, else a per-user cache
folder): one resolution, :func:`resolve_data_dir`. A missing or corrupt
file raises :class:`DataNotFoundError`; data are never loaded from a file
whose digest differs from the pin.

The thesis's tasks (Ribes, 2019, Table 3.1; ``registry()["multiclass"]``)
keep their classes as labels; a set of more than 5000 rows is subsampled to
5000 rows, stratified by class, with the seed the registry states, as the
thesis does. Its four sets without a copy (``registry()["unavailable"]``) are
listed with their sources; loading one raises :class:`DataNotFoundError`
saying why.
"""

import csv
import hashlib
import io
import json
import os
import sys
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

__all__ = [
    "UCI_TASKS",
    "PREPRINT_TASKS",
    "THESIS_TASKS",
    "UNAVAILABLE_TASKS",
    "DataNotFoundError",
    "default_data_dir",
    "load_uci",
    "registry",
    "resolve_data_dir",
    "sha256_of",
]

#: The registry, a file of the package (a wheel installs it beside this module).
REGISTRY_PATH = resources.files("gbrff.datasets") / "registry.json"

#: The 16 task names, in the order of Table 1 of the paper.
UCI_TASKS = (
    "wine", "sonar", "newthyroid", "heart", "bupa", "iono", "wdbc", "balance",
    "australian", "pima", "vehicle", "german", "splice", "spambase", "occupancy",
    "bankmarketing",
)

#: The task the 2019 GBRFF preprint adds to Table 1 (its other 13 are among
#: :data:`UCI_TASKS`): KEEL's glass0, UCI Glass class 1 against the rest.
PREPRINT_TASKS = ("glass",)

#: The five multi-class tasks of the random-features thesis held by the mirror
#: (its Digits, Pen Digits, Satellite, Segment, Vowel), in its Table 3.1 order.
THESIS_TASKS = ("optdigits", "pendigits", "satellite", "segment", "vowel")

#: The thesis's other four sets: listed with their sources, never loaded.
UNAVAILABLE_TASKS = ("covertype", "falldetection", "mnist", "fashionmnist")


#: Where a message sends a user for more (true of an installed package: its command's help and
#: the documentation's page, not a file of the source repository).
HELP = "see `python -m gbrff.datasets download --help` and the gbrff documentation, page 'Data sets'"


class DataNotFoundError(FileNotFoundError):
    """A data file is missing or does not match its pinned SHA-256 digest.

    Its message names the file, the expected digest and the command that
    fetches it. A subclass of FileNotFoundError, so that code which already
    catches a missing file catches it too.

    See Also
    --------
    load_uci : Raises it for a missing or corrupt file.
    download : Raises it for a file that could not be fetched.

    Examples
    --------
    >>> import tempfile
    >>> from gbrff.datasets import DataNotFoundError, load_uci
    >>> with tempfile.TemporaryDirectory() as empty:
    ...     try:
    ...         load_uci("wine", data_dir=empty)
    ...     except DataNotFoundError as error:
    ...         print("missing:", "python -m gbrff.datasets download wine" in str(error))
    missing: True
    """


@lru_cache(maxsize=1)
def registry():
    """Return the parsed registry (``gbrff/datasets/registry.json``) as a dict.

    The registry pins every data file by SHA-256 and states each task's
    source, citation, parsing and label rules. It is read once per process.

    Returns
    -------
    dict
        ``about``, then the tasks by kind: ``tasks`` (Table 1's 16, in its
        order), ``preprint`` (glass), ``multiclass`` (the thesis's five) and
        ``unavailable`` (the thesis's sets without a copy), each a dict of
        task name to entry (``title``, ``citation``, ``files``, ``parse``,
        ``n``, ``d``, ...).

    Raises
    ------
    RuntimeError
        If the file does not list the tasks in the order of the papers.

    Examples
    --------
    >>> from gbrff.datasets import registry
    >>> wine = registry()["tasks"]["wine"]
    >>> wine["n"], wine["d"], wine["n_positive"]
    (178, 13, 59)
    """
    reg = json.loads(REGISTRY_PATH.read_text(encoding="utf-8"))
    if tuple(reg["tasks"]) != UCI_TASKS:
        raise RuntimeError(f"{REGISTRY_PATH} does not list the 16 tasks in Table 1's order")
    if tuple(reg["multiclass"]) != THESIS_TASKS or tuple(reg["unavailable"]) != UNAVAILABLE_TASKS:
        raise RuntimeError(f"{REGISTRY_PATH} does not list the thesis's tasks in Table 3.1's order")
    if tuple(reg["preprint"]) != PREPRINT_TASKS:
        raise RuntimeError(f"{REGISTRY_PATH} does not list the 2019 preprint's added task(s)")
    return reg


def _task(name):
    """The registry entry of a task with files (a Table 1 task or a thesis task)."""
    if name in UCI_TASKS:
        return registry()["tasks"][name]
    if name in PREPRINT_TASKS:
        return registry()["preprint"][name]
    if name in THESIS_TASKS:
        return registry()["multiclass"][name]
    if name in UNAVAILABLE_TASKS:
        entry = registry()["unavailable"][name]
        raise DataNotFoundError(f"task {name!r} ({entry['title']}, source {entry['source']}) "
                                f"is not available: {entry['reason']}")
    raise ValueError(f"unknown UCI task {name!r}; valid names: "
                     f"{', '.join(UCI_TASKS + PREPRINT_TASKS + THESIS_TASKS)}")


def _checkout_root():
    """The source checkout gbrff is imported from, or None when it is installed
    (a wheel in site-packages, ``pip install --target``)."""
    root = Path(__file__).resolve().parents[2]
    if (root / "pyproject.toml").is_file() and (root / "datasets" / "README.md").is_file():
        return root
    return None


def default_data_dir():
    """The data directory used when neither ``data_dir`` nor ``GBRFF_DATA_DIR`` is given.

    ``datasets/cache/`` of the checkout when gbrff is imported from a source
    checkout (editable install, ``python -m`` from the repository); otherwise
    a per-user cache folder, never the installed package itself:
    ``$XDG_CACHE_HOME/gbrff/datasets`` (default ``~/.cache/gbrff/datasets``)
    on Linux, ``~/Library/Caches/gbrff/datasets`` on macOS,
    ``%LOCALAPPDATA%\\gbrff\\datasets`` on Windows.

    Returns
    -------
    pathlib.Path
        The folder; it need not exist yet.

    See Also
    --------
    load_uci : Reads the files from ``data_dir``, ``GBRFF_DATA_DIR`` or here.

    Examples
    --------
    >>> from gbrff.datasets import default_data_dir
    >>> default_data_dir().name in ("cache", "datasets")  # a checkout's, or the user's cache
    True
    """
    root = _checkout_root()
    if root is not None:
        return root / "datasets" / "cache"
    if sys.platform == "win32":
        base = os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local"
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Caches"
    else:
        base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "gbrff" / "datasets"


def data_dir_source(data_dir=None):
    """Where :func:`resolve_data_dir` takes the folder from: ``"given"`` (``data_dir``),
    ``"GBRFF_DATA_DIR"`` or ``"default"`` (:func:`default_data_dir`); an empty value counts
    as not given."""
    if data_dir is not None and str(data_dir).strip():
        return "given"
    return "GBRFF_DATA_DIR" if os.environ.get("GBRFF_DATA_DIR", "").strip() else "default"


def resolve_data_dir(data_dir=None):
    """The data directory: ``data_dir``, else ``$GBRFF_DATA_DIR``, else :func:`default_data_dir`.

    An empty value (``data_dir=""``, ``GBRFF_DATA_DIR=`` set to nothing) counts as
    not given, never as the working directory. The folder need not exist yet
    (``download`` creates it), but a path that is, or lies under, a file raises
    :class:`DataNotFoundError` saying so.
    """
    source = data_dir_source(data_dir)
    if source == "given":
        path, what = Path(data_dir), f"data folder {data_dir}"
    elif source == "GBRFF_DATA_DIR":
        path = Path(os.environ["GBRFF_DATA_DIR"])
        what = f"GBRFF_DATA_DIR={os.environ['GBRFF_DATA_DIR']}"
    else:
        path, what = default_data_dir(), f"data folder {default_data_dir()}"
    for existing in (path, *path.parents):
        if existing.exists():
            if not existing.is_dir():
                why = "is a file, not a folder" if existing == path else f"cannot be a folder: {existing} is a file"
                raise DataNotFoundError(f"{what} {why}; point it at a folder (one that holds the UCI files, "
                                        "or where they should go)")
            break
    return path


def sha256_of(path, chunk_size=1 << 20):
    """Hex SHA-256 digest of a file, read in chunks."""
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(chunk_size), b""):
            h.update(block)
    return h.hexdigest()


def _how_to_get(name, data_dir):
    return (
        f"Get it with `python -m gbrff.datasets download {name} --data-dir {data_dir}` "
        "(add --base-url URL to fetch from a mirror of the files), or point GBRFF_DATA_DIR "
        f"at a directory that holds the files ({HELP})."
    )


def _data_file(name, data_dir):
    """Path of the task's data file after checking that it exists and matches its pin."""
    entry = next(f for f in _task(name)["files"] if f["role"] == "data")
    path = data_dir / entry["path"]
    if not path.is_file():
        raise DataNotFoundError(
            f"UCI task {name!r}: file {path} is missing (expected SHA-256 {entry['sha256']}). "
            + _how_to_get(name, data_dir)
        )
    digest = sha256_of(path)
    if digest != entry["sha256"]:
        raise DataNotFoundError(
            f"UCI task {name!r}: file {path} is corrupt or a different version: its SHA-256 is "
            f"{digest}, expected {entry['sha256']}. Remove it and download it again. "
            + _how_to_get(name, data_dir)
        )
    return path


def _read_rows(path, delimiter, header):
    text = path.read_text(encoding="utf-8")
    rows = [[cell.strip() for cell in row] for row in csv.reader(io.StringIO(text), delimiter=delimiter)]
    rows = [row for row in rows if row and any(row)]
    names = rows.pop(0) if header else None
    return names, rows


def _one_hot(names, rows, categorical):
    """Numeric columns in file order, then sorted-category indicators per categorical column."""
    cat_idx = [names.index(c) for c in categorical]
    num_idx = [j for j in range(len(names)) if j not in cat_idx]
    blocks = [np.array([[row[j] for j in num_idx] for row in rows], dtype=np.float64)]
    for j in cat_idx:
        column = np.array([row[j] for row in rows])
        levels = np.unique(column)
        blocks.append((column[:, None] == levels[None, :]).astype(np.float64))
    return np.hstack(blocks)


def _subsample(labels, rule):
    """Sorted row indices of a stratified, seeded subsample (all rows when ``rule`` is None
    or the set is not larger than ``rule["n"]``)."""
    index = np.arange(len(labels))
    if not rule or len(labels) <= rule["n"]:
        return index
    from sklearn.model_selection import train_test_split

    keep, _ = train_test_split(index, train_size=rule["n"], stratify=labels if rule["stratified"] else None,
                               random_state=rule["seed"])
    return np.sort(keep)


def _load_multiclass(name, task, data_dir, subsample):
    path = _data_file(name, data_dir)
    rule = task["parse"]
    _, rows = _read_rows(path, rule["delimiter"], rule["header"])
    label_col = rule["label_column"] % len(rows[0])
    labels = np.array([int(row[label_col]) for row in rows], dtype=np.int64)
    X = np.array([[cell for j, cell in enumerate(row) if j != label_col and j not in rule["drop_columns"]]
                  for row in rows], dtype=np.float64)
    classes, counts = np.unique(labels, return_counts=True)
    expected = {int(k): v for k, v in task["class_counts"].items()}
    if X.shape != (task["n"], task["d"]) or dict(zip(classes.tolist(), counts.tolist())) != expected:
        raise RuntimeError(f"task {name!r}: parsed shape {X.shape} with class counts "
                           f"{dict(zip(classes.tolist(), counts.tolist()))}, expected "
                           f"({task['n']}, {task['d']}) with {expected}")
    keep = _subsample(labels, task["subsample"] if subsample else None)
    return X[keep], labels[keep]


def load_uci(name, data_dir=None, subsample=True):
    """Load one of the paper's UCI tasks, or one of the thesis's multi-class tasks.

    A task of Table 1 comes with its label rule (+1 or -1); a thesis task
    keeps its classes.

    Parameters
    ----------
    name : str
        One of :data:`UCI_TASKS` (``"wine"``, ``"sonar"``, ..., ``"bankmarketing"``),
        :data:`PREPRINT_TASKS` (``"glass"``: 214 rows, the 9 physical features,
        UCI class 1 -> +1) or :data:`THESIS_TASKS` (``"optdigits"``, ..., ``"vowel"``).
    data_dir : str or path-like, default=None
        Directory holding the files (``wine/wine.data`` ...). None uses the
        environment variable ``GBRFF_DATA_DIR``, else :func:`default_data_dir`
        (``datasets/cache/`` in a checkout, a per-user cache folder otherwise).
    subsample : bool, default=True
        Thesis tasks only: apply the registry's subsample (5000 rows,
        stratified, seed 0, as the thesis) to optdigits, pendigits and
        satellite; False gives every row.

    Returns
    -------
    X : ndarray of shape (n, d), float64
        Raw features (not standardised; the protocol standardises on each
        training split). bankmarketing's categorical columns are one-hot
        encoded (d = 51).
    y : ndarray of shape (n,), int64
        +1 for the classes the registry marks positive, -1 for all others;
        for a thesis task, the file's class labels (0-9, 1-7, ...).

    Raises
    ------
    DataNotFoundError
        The file is missing or its SHA-256 differs from the registry's pin;
        the message names the file, the expected digest and the command
        that fetches it. A thesis set without a copy (:data:`UNAVAILABLE_TASKS`)
        raises it with the reason.

    See Also
    --------
    download : Fetch the files.
    registry : Each task's size, source and rules.

    Examples
    --------
    The files come from :func:`download` (or a folder in ``GBRFF_DATA_DIR``);
    with none there, the loading lines are not run here:

    >>> from gbrff.datasets import load_uci
    >>> X, y = load_uci("wine")  # doctest: +SKIP
    >>> X.shape, int((y == 1).sum())  # doctest: +SKIP
    ((178, 13), 59)

    What the registry says of it, with or without the files:

    >>> from gbrff.datasets import registry
    >>> registry()["tasks"]["wine"]["d"]
    13
    """
    task = _task(name)
    data_dir = resolve_data_dir(data_dir)
    if name in THESIS_TASKS:
        return _load_multiclass(name, task, data_dir, subsample)
    path = _data_file(name, data_dir)
    rule = task["parse"]
    names, rows = _read_rows(path, rule["delimiter"], rule["header"])
    label_col = rule["label_column"] % len(rows[0])
    labels = np.array([row[label_col] for row in rows])
    features = [
        [cell for j, cell in enumerate(row) if j != label_col and j not in rule["drop_columns"]]
        for row in rows
    ]
    if "categorical" in rule:
        X = _one_hot([n for j, n in enumerate(names) if j != label_col], features, rule["categorical"])
    else:
        X = np.array(features, dtype=np.float64)
    y = np.where(np.isin(labels, rule["positive"]), 1, -1).astype(np.int64)
    if X.shape != (task["n"], task["d"]) or int((y == 1).sum()) != task["n_positive"]:
        raise RuntimeError(
            f"UCI task {name!r}: parsed shape {X.shape} with {(y == 1).sum()} positives, "
            f"expected ({task['n']}, {task['d']}) with {task['n_positive']}"
        )
    return X, y
