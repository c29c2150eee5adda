"""A results folder holds one experiment's results of one configuration, and its reports.

A run refuses (:class:`FolderError`) a folder whose results another
configuration wrote (:func:`check_folder`); ``report`` refuses the same
folders (:func:`check_report`) and rewrites a folder's reports from its
records (:func:`write_report`).  What a configuration is, each experiment
says (:meth:`Experiment.config <gbrff.experiments._experiment.Experiment.config>`).
"""

from __future__ import annotations

from pathlib import Path

from ._reports import REFITS_NAME, STORE_NAME, _plotly_settings, read_records, write_refits, _with_refits
from ._store import ResultStore
from .catalog import by_name

__all__ = ["FolderError", "run_config", "check_folder", "check_report", "write_report"]


class FolderError(ValueError):
    """The output folder holds something a run must not mix its results with."""



def run_config(name, seed, n_iter=None, n_test=None, features=None, task=None,
               max_size=None) -> dict:
    """The settings that every result in one folder of experiment ``name`` shares
    (see :func:`check_folder` and each experiment's ``config``)."""
    return by_name(name).config(seed, n_iter, n_test, features, task=task, max_size=max_size)


def _folder_configs(outdir) -> list[dict]:
    """The distinct configurations of the records stored in ``outdir``."""
    records = [r for name in (STORE_NAME, REFITS_NAME)
               for r in ResultStore(outdir / name, readonly=True).records()]
    hints = {}
    for name in dict.fromkeys(r.get("experiment") for r in records):
        hints[name] = by_name(name).config_hint(
            [r for r in records if r.get("experiment") == name])
    seen = []
    for record in records:
        name = record.get("experiment")
        config = by_name(name).record_config(record, hints[name])
        if config not in seen:
            seen.append(config)
    return seen


def _flag(key) -> str:
    return {"max_size": "--sizes up to"}.get(key, "--" + key.replace("_", "-"))


def _differences(other, config, keys):
    """(``--flag there, here`` text, ``--flag value`` text) of ``keys`` where they differ."""
    keys = [k for k in keys if other.get(k) != config.get(k)]
    diff = "; ".join(f"{_flag(k)} {other.get(k)} there, {config[k]} here" for k in keys)
    same = " ".join(f"{_flag(k)} {other.get(k)}" for k in keys)
    return diff, same


def _results_folder(outdir) -> bool:
    """Whether ``outdir`` is a results folder (raises for a file, or a non-empty
    folder of other things); False when it does not exist or is empty."""
    if not outdir.exists():
        return False
    if not outdir.is_dir():
        raise FolderError(f"{outdir} is a file; --out takes a folder")
    if not any((outdir / n).exists() for n in (STORE_NAME, REFITS_NAME, "meta.json")):
        if any(outdir.iterdir()):
            raise FolderError(f"{outdir} is not empty and holds no results of this command "
                              f"(no {STORE_NAME}, {REFITS_NAME} or meta.json); "
                              "give --out a new or empty folder")
        return False
    return True


def check_folder(outdir, config):
    """Refuse (:class:`FolderError`) a run of ``config`` into ``outdir`` when the
    folder holds other things than results of the same configuration.

    The results of one folder share the experiment and its base seed (and
    ``n_iter`` and ``n_test`` where they set the rows): a run with another
    value would put two rows in one cell.  Tasks, methods, splits and grid
    sizes may change from run to run: they add cells, or (a larger grid)
    take the place of a smaller one in the reports.  A non-empty folder
    without a store, refits or run log is not a results folder at all.
    """
    outdir = Path(outdir)
    if not _results_folder(outdir):
        return
    for other in _folder_configs(outdir):
        if other == config:
            continue
        if other["experiment"] != config["experiment"]:
            raise FolderError(f"{outdir} holds {other['experiment']} results, not "
                              f"{config['experiment']} ones; give --out another folder")
        diff, same = _differences(other, config, config)
        raise FolderError(f"{outdir} holds {other['experiment']} results of another "
                          f"configuration ({diff}) that would mix with these; give --out "
                          f"another folder, or add to those results with {same}")


def check_report(outdir, experiment, **settings):
    """The one configuration of the results in ``outdir`` (None when it holds none),
    for the ``report`` of ``experiment`` with ``settings`` (such as ``n_iter``; None
    = the folder's own).

    Refuses (:class:`FolderError`) exactly where a run of ``experiment`` with these
    settings would be refused (:func:`check_folder`): the folder holds another
    experiment's results, or results of another value of a setting given, or
    results of several configurations (no run can add to those, and one report
    would mix their rows).
    """
    outdir = Path(outdir)
    if not _results_folder(outdir):
        return None
    wanted = {"experiment": experiment, **{k: v for k, v in settings.items() if v is not None}}
    configs = _folder_configs(outdir)
    for other in configs:
        if other["experiment"] != experiment:
            raise FolderError(f"{outdir} holds {other['experiment']} results, not {experiment} "
                              f"ones; report them with: report {other['experiment']} --out {outdir}")
        diff, same = _differences(other, wanted, wanted)
        if diff:
            raise FolderError(f"{outdir} holds {experiment} results of another configuration "
                              f"({diff}); report them with {same}")
    if len(configs) > 1:
        keys = [k for k in dict.fromkeys(k for c in configs for k in c)
                if len({str(c.get(k)) for c in configs}) > 1]
        seen = "; ".join(f"{_flag(k)} " + ", ".join(dict.fromkeys(str(c.get(k)) for c in configs))
                         for k in keys)
        raise FolderError(f"{outdir} holds {experiment} results of {len(configs)} configurations "
                          f"({seen}): one report would mix their rows, and a run into it would be "
                          "refused; move each configuration's records to a folder of its own")
    return configs[0] if configs else None


def write_report(name, outdir, records=None, **settings) -> bool:
    """(Re)write every report file of experiment ``name`` in ``outdir``.

    Parameters
    ----------
    name : str
        The experiment (``"table2"``, ``"landmarks"``, ...).
    outdir : str or Path
        Its results folder; created if missing.
    records : list of dict or None, default=None
        The records to report (default: the folder's store); they are merged
        with the folder's ``refits.jsonl`` first, so that no committed refit
        is lost.
    **settings
        The experiment's report settings (see ``python -m gbrff.experiments
        report --help``).

    Returns
    -------
    bool
        Whether there was a result to report: without one (no refit of the
        experiment yet) no report file is written, and none is replaced by an
        empty one.

    Examples
    --------
    >>> import os, tempfile
    >>> from gbrff.experiments import REFIT, Context, Group, run_unit, write_report
    >>> g = Group("table2", ("toy", "moons", 60, 60), 0, 0, "GBRFF2", [{"gamma": 0.5}], 10)
    >>> records = [run_unit(Context(), g.unit({"gamma": 0.5}, REFIT))]
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     write_report("table2", folder, records)
    ...     files = set(os.listdir(folder))
    True
    >>> sorted({"runs.csv", "summary.csv", "table2.md"} & files)
    ['runs.csv', 'summary.csv', 'table2.md']
    """
    exp = by_name(name)
    outdir = Path(outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    records = read_records(outdir) if records is None else _with_refits(outdir, records)
    write_refits(outdir, records, keep_all=(exp.name,) if exp.every_record_kept else ())
    with _plotly_settings():
        return exp.report(outdir, records, **settings)
