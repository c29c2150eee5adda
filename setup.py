"""Set-up hook: besides the pure-Python package (see pyproject.toml), compile
the engine's entry points ahead of time for this machine's CPU
(``gbrff._aot_kernels``, see ``gbrff/_aot.py``), so that a fresh process
fits without importing numba. Optional: if the build fails (no C compiler,
an unsupported platform), the install goes on and the engine uses numba's JIT,
which gives the same models. ``GBRFF_NO_AOT=1`` skips it (a pure-Python
wheel, e.g. for tests of the packaging).
"""

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent

# run in a child process: gbrff is made importable from the source tree
# without its __init__ (which imports scikit-learn, not in pip's build environment)
_BUILD = """
import importlib.machinery, sys, types
pkg = types.ModuleType("gbrff")
pkg.__path__ = [sys.argv[1]]
pkg.__spec__ = importlib.machinery.ModuleSpec("gbrff", None, is_package=True)
pkg.__spec__.submodule_search_locations = [sys.argv[1]]
sys.modules["gbrff"] = pkg
from gbrff._aot_build import build
print("gbrff: compiled", build(sys.argv[2], sys.argv[1]))
"""


# the threaded engine (fits on several blocks of samples, several cores) runs
# through numba's JIT: compile it once now into the on-disk cache beside the
# sources, so that a user's first large fit neither waits a minute for LLVM nor
# counts its memory (in editable installs; elsewhere it is compiled on first use);
# the cache of a former engine goes first
_WARM = _BUILD.split("from gbrff._aot_build")[0] + """
from gbrff._aot_build import clear_jit_cache
clear_jit_cache()     # a cache of an engine edited since would be loaded, not compiled
import numpy as np
from gbrff import _boosting
from gbrff._engine.blocks import BLOCK
n = 2 * BLOCK + 1
rng = np.random.default_rng(0)
X = rng.standard_normal((n, 2))
y = np.where(X[:, 0] * X[:, 1] > 0, 1.0, -1.0)
sw = np.ones(n)
_boosting.fit_gbrff2(X, y, sw, n_estimators=2, gamma=0.5, reg_lambda=0.0, learning_rate=1.0,
                     n_optim_steps=2, rng=np.random.RandomState(0), n_threads=2)
_boosting.fit_gbrff1(X, y, sw, n_estimators=2, n_components=2, gamma=0.5, beta=1.0,
                     learning_rate=1.0, n_optim_steps=2, rng=np.random.RandomState(0), n_threads=2)
print("gbrff: threaded engine compiled into numba's cache")
"""


class BuildEngine(build_ext):
    """Builds the one 'extension', gbrff._aot_kernels, with numba's pycc."""

    def build_extension(self, ext):
        target = Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, NUMBA_CACHE_DIR=tmp, GBRFF_SERIAL_BUILD="1")
            subprocess.run([sys.executable, "-c", _BUILD, str(ROOT / "gbrff"), tmp],
                           check=True, env=env)
            built = next(p for p in Path(tmp).iterdir()
                         if p.name.startswith("_aot_kernels.") and p.suffix != ".json")
            os.replace(built, target)
            # the build record goes beside the module
            os.replace(Path(tmp) / "_aot_kernels.json", target.parent / "_aot_kernels.json")

    def run(self):
        try:
            super().run()
        except (Exception, SystemExit) as exc:       # never fail the install
            print(f"gbrff: ahead-of-time build skipped ({exc}); the engine will use "
                  "numba's JIT (same models, slower first fit in a fresh process)",
                  file=sys.stderr)
        try:                                          # optional too
            env = {k: v for k, v in os.environ.items() if k != "NUMBA_CACHE_DIR"}
            subprocess.run([sys.executable, "-c", _WARM, str(ROOT / "gbrff")], check=True,
                           env=env, timeout=900)
        except (Exception, SystemExit) as exc:
            print(f"gbrff: threaded engine not precompiled ({exc}); it compiles on the "
                  "first fit that uses several cores", file=sys.stderr)

    def copy_extensions_to_source(self):            # editable installs: the record too
        super().copy_extensions_to_source()
        build_py = self.get_finalized_command("build_py")
        for ext in self.extensions:
            inplace_file, regular_file = self._get_inplace_equivalent(build_py, ext)
            record = Path(regular_file).with_name("_aot_kernels.json")
            if Path(regular_file).exists() and record.exists():
                self.copy_file(str(record), str(Path(inplace_file).with_name(record.name)))

    def get_outputs(self):
        return [p for p in super().get_outputs() if os.path.exists(p)]


_AOT = os.environ.get("GBRFF_NO_AOT", "") in ("", "0")
setup(ext_modules=[Extension("gbrff._aot_kernels", sources=[], optional=True)] if _AOT else [],
      cmdclass={"build_ext": BuildEngine})
