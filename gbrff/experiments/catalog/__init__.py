"""The experiments, one module each, listed once in :data:`EXPERIMENTS`.

Each module declares one :class:`~gbrff.experiments._experiment.Experiment`:
its name, its subcommand and options, its checks, its plan, its report and
its result tables.  The command line, ``report``, the folder checks and
:func:`gbrff.experiments.load_results` loop over :data:`EXPERIMENTS` and ask
each object; adding an experiment is adding a module here and its line below.
"""

from __future__ import annotations

from .._experiment import Experiment
from .defaults import DEFAULTS_EXPERIMENT
from .fkl import FKL
from .kbudget import KBUDGET
from .landmarks import LANDMARKS
from .landmarks_2019 import LANDMARKS_2019
from .scaling import SCALING
from .table2 import TABLE2
from .table2_2019 import TABLE2_2019
from .thesis import THESIS
from .toy import TOY

__all__ = ["EXPERIMENTS", "by_name"]

#: Every experiment, in the order of ``report all`` and of ``report``'s choices.
EXPERIMENTS = (TABLE2, TABLE2_2019, LANDMARKS, LANDMARKS_2019, KBUDGET, SCALING, TOY, THESIS, FKL,
               DEFAULTS_EXPERIMENT)


def by_name(name) -> Experiment:
    """The experiment called ``name``; for a name this version does not know (the
    records of a folder of another version), a plain :class:`Experiment` of that
    name, whose folder settings are its experiment and seed."""
    for exp in EXPERIMENTS:
        if exp.name == name:
            return exp
    return Experiment(name)
