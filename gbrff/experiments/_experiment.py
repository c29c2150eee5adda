"""What an experiment is: one object that the command line, the runner and the reports ask.

Each experiment of :mod:`gbrff.experiments.catalog` is one instance of a
subclass of :class:`Experiment`, in a module of its own, and is listed once in
``catalog.EXPERIMENTS``; the command line (:mod:`._cli`) is a loop over that
tuple.  An experiment declares

- its **name** (its results folder, the ``experiment`` of its records) and its
  **subcommand**: :meth:`add_parser` with its options, or, for a second
  protocol of another experiment's subcommand (``table2 --protocol 2019``),
  ``runs_under`` (that experiment) and ``protocol`` (the value that picks it);
- its **checks** of the command line (:meth:`check`: nothing read, looked at
  or contacted) and the **defaults** that depend on the protocol
  (:meth:`fill_defaults`);
- its **plan** (:meth:`plan`: the groups of fits, every data file read) and
  how the plan is **computed** into the store (:meth:`execute`: by default
  :func:`run_groups`, each experiment's groups through the executor);
- the **settings its folder shares** (:meth:`config`, :meth:`record_config`):
  a run of another value is refused rather than mixed in;
- its **report** (:meth:`report`) and its **result tables** (``tables``, read
  back by :func:`gbrff.experiments.load_results`).

The run's lifecycle (store, run log, Ctrl-C / SIGTERM, resume, the report at
the end) is the command line's, the same for every experiment.
"""

from __future__ import annotations

from ._arguments import run_data_dir
from ._protocol import Context
from ._runner import run_groups

__all__ = ["Experiment"]


class Experiment:
    """One experiment; subclasses override what differs from these defaults.

    The command line, the runner and the reports ask this object: its
    subcommand and options, its checks, its plan, how the plan is computed,
    the settings its folder shares, and its report. Every experiment is one
    instance, listed once in :data:`EXPERIMENTS`.

    Parameters
    ----------
    name : str or None, default=None
        The name of an experiment this version does not know (the records of
        a folder of another version); None keeps the class's ``name``.

    Attributes
    ----------
    name : str
        The experiment's name: its folder, its records' ``experiment``.
    runs_under : Experiment or None
        The experiment whose subcommand runs this one with ``--protocol``.
    protocol : str or None
        The ``--protocol`` value that picks this experiment under ``runs_under``.
    shared : tuple of str
        Options whose value every result of a folder shares (``"n_iter"``,
        ``"n_test"``): a run with another value is refused.
    tables : dict
        The report's tables that :func:`load_results` reads back: name -> file.
    reads_files : bool
        Whether the run reads the UCI files (else it generates its data).
    parallel : bool
        Whether the units run through the executor (``--n-jobs``, ``--backend``);
        a sequential experiment has no executor and its timings are the result.
    every_record_kept : bool
        Whether ``refits.jsonl`` keeps every record (each one is a result), not
        only the refits.
    unit_word : str
        What one stored record is called in the messages.

    See Also
    --------
    EXPERIMENTS : Every experiment.

    Notes
    -----
    Read more in the User Guide (:doc:`/user_guide/experiments`).

    Examples
    --------
    >>> from gbrff.experiments import EXPERIMENTS
    >>> [e.name for e in EXPERIMENTS][:4]
    ['table2', 'table2_2019', 'landmarks', 'landmarks_2019']
    >>> table2 = EXPERIMENTS[0]
    >>> table2.tables, table2.config(seed=0, n_iter=100)
    ({'summary': 'summary.csv', 'runs': 'runs.csv'}, {'experiment': 'table2', 'seed': 0, 'n_iter': 100})
    """

    name = ""
    runs_under = None
    protocol = None
    shared = ()
    tables = {}
    reads_files = True
    parallel = True
    every_record_kept = False
    unit_word = "units"

    def __init__(self, name=None):
        if name is not None:  # an experiment this version does not know (see catalog.by_name)
            self.name = name

    def __repr__(self):
        return f"<experiment {self.name}>"

    # ---------------------------------------------------------- the command line
    def add_parser(self, subparsers):
        """Add the experiment's subcommand and its options.

        Experiments with ``runs_under`` have none (their protocol is an option of
        that experiment's subcommand).

        Parameters
        ----------
        subparsers : argparse._SubParsersAction
            What ``ArgumentParser.add_subparsers()`` returned.
        """
        raise NotImplementedError

    def fill_defaults(self, args):
        """Fill the options whose default depends on the protocol (``None`` in the parser).

        Parameters
        ----------
        args : argparse.Namespace
            The parsed command line, changed in place.
        """

    def check(self, args) -> dict:
        """Check the command line and resolve its names; nothing is read or contacted.

        Parameters
        ----------
        args : argparse.Namespace
            The parsed command line.

        Returns
        -------
        dict
            The names of ``args`` resolved (``{"tasks": [...], "methods": [...]}``).

        Raises
        ------
        UserError
            For a mistake of the command line (exit code 2).
        """
        return {}

    # ---------------------------------------------------------- a run
    def run_config(self, args) -> dict:
        """The settings every result of the run's folder shares.

        Parameters
        ----------
        args : argparse.Namespace
            The parsed command line.

        Returns
        -------
        dict
            :meth:`config` of the run's options.
        """
        return self.config(args.seed, getattr(args, "n_iter", None), getattr(args, "n_test", None),
                           getattr(args, "features", None))

    def config(self, seed, n_iter=None, n_test=None, features=None, **_) -> dict:
        """The settings that every result in one folder shares.

        A run whose settings differ from those of the folder's results is
        refused rather than mixed in.

        Parameters
        ----------
        seed : int
            The run's base seed.
        n_iter : int or None, default=None
            The iterations, kept when ``"n_iter"`` is in ``shared``.
        n_test : int or None, default=None
            The test set's size, kept when ``"n_test"`` is in ``shared``.
        features : str or None, default=None
            The features (raw or standardised), for experiments that vary them.
        **_
            Other settings, ignored here.

        Returns
        -------
        dict
            ``experiment``, ``seed`` and the shared settings.
        """
        config = {"experiment": self.name, "seed": int(seed)}
        if n_iter is not None and "n_iter" in self.shared:
            config["n_iter"] = int(n_iter)
        if n_test is not None and "n_test" in self.shared:
            config["n_test"] = int(n_test)
        return config

    def config_hint(self, records):
        """What :meth:`record_config` needs to know of the folder's other records.

        Parameters
        ----------
        records : list of dict
            The folder's records.

        Returns
        -------
        object or None
            None by default.
        """
        return None

    def record_config(self, record, hint=None) -> dict:
        """:meth:`config` of the run that wrote ``record``.

        Parameters
        ----------
        record : dict
            A stored record (its base seed is its seed minus its split).
        hint : object, default=None
            What :meth:`config_hint` returned.

        Returns
        -------
        dict
            The settings of that run.
        """
        data = record.get("data") or []
        return self.config(record["seed"] - record.get("split", 0), record.get("n_iter"), None,
                           "raw" if data and data[0] == "uci-raw" else "standardised")

    def context(self, args) -> Context:
        """Where the workers find the methods and the data.

        Parameters
        ----------
        args : argparse.Namespace
            The parsed command line.

        Returns
        -------
        Context
            The data folder is resolved only for the experiments that read the
            UCI files.
        """
        return Context(data_dir=run_data_dir(args) if self.reads_files else None,
                       registry=args.registry)

    def plan(self, args, ctx, chosen):
        """What the run computes (a list of groups by default), every data file read.

        Parameters
        ----------
        args : argparse.Namespace
            The parsed command line.
        ctx : Context
            Where the methods and the data are.
        chosen : dict
            What :meth:`check` resolved.

        Returns
        -------
        list of Group or object
            The plan :meth:`execute` takes.
        """
        raise NotImplementedError

    def execute(self, plan, store, ctx, executor, args) -> dict:
        """Compute ``plan`` into ``store``.

        Parameters
        ----------
        plan : list of Group or object
            What :meth:`plan` returned.
        store : ResultStore
            Where the records go.
        ctx : Context
            Where the methods and the data are.
        executor : executor or None
            From :func:`make_executor` (None for a sequential experiment).
        args : argparse.Namespace
            The parsed command line.

        Returns
        -------
        dict
            The run's statistics (``computed``, ``errors``, ...).
        """
        stats = run_groups(plan, store, ctx, executor=executor, desc=self.name,
                           progress=not args.no_progress)
        stats["groups"] = len(plan)
        return stats

    # ---------------------------------------------------------- reports
    def report_settings(self, args, after_run) -> dict:
        """The report's settings from the command line.

        Parameters
        ----------
        args : argparse.Namespace
            The command line of a run or of ``report``.
        after_run : bool
            Whether the report follows a run.

        Returns
        -------
        dict
            Keyword arguments of :meth:`report`.
        """
        return {}

    def report(self, outdir, records, **settings) -> bool:
        """Write the report files from ``records``.

        Parameters
        ----------
        outdir : str or Path
            The experiment's results folder.
        records : list of dict
            The records to report.
        **settings
            From :meth:`report_settings`.

        Returns
        -------
        bool
            Whether there was a result.
        """
        raise NotImplementedError
