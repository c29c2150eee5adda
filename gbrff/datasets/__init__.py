"""Data for gbrff: the paper's 2-D toy problems (and two 2-D regression problems), its 16 UCI
tasks and the random-features thesis's five multi-class tasks.

``make_toy`` generates the toy problems (section 4.6, Fig. 1 and 5; the
regression problems ``plane`` and ``gaussians`` after TensorFlow Playground's);
``load_uci`` reads the 16 tasks of Table 1 (and the thesis's
:data:`THESIS_TASKS`) from a directory of files pinned by SHA-256 in the package's ``registry.json``; ``python -m gbrff.datasets download``
fetches them (into :func:`default_data_dir` unless told otherwise).
"""

from ._download import download
from ._toy import REGRESSION_PROBLEMS, TOY_PROBLEMS, make_toy
from ._uci import (PREPRINT_TASKS, THESIS_TASKS, UCI_TASKS, UNAVAILABLE_TASKS, DataNotFoundError, default_data_dir,
                   load_uci, registry)

__all__ = ["PREPRINT_TASKS", "REGRESSION_PROBLEMS", "THESIS_TASKS", "TOY_PROBLEMS", "UCI_TASKS", "UNAVAILABLE_TASKS",
           "DataNotFoundError", "default_data_dir", "download", "load_uci", "make_toy", "registry"]
