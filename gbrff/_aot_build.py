"""Build :mod:`gbrff._aot_kernels`: the engine's entry points compiled ahead of
time for this CPU with numba's ``pycc`` (see :mod:`gbrff._aot`).

Run by the set-up command (``setup.py``, in pip's isolated build environment,
which has numba, numpy and scipy but not scikit-learn) and by hand after editing the
kernels: ``python -m gbrff._aot_build``, which also clears the JIT's cache of
the engine (see :func:`clear_jit_cache`). Takes ~1 min.

pycc cannot link numba's threads: the build compiles the engine serially
(``GBRFF_SERIAL_BUILD=1``: its block loops ``prange`` become ``range``, the
same arithmetic) in a process of its own, with a throw-away numba cache so
that no serial code lands in the JIT's cache.
"""

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from gbrff._aot import (EXPORTS, MODULE_NAME, RECORD, _HERE, clear_jit_cache, cpuinfo_digest,  # noqa: F401
                        host_cpu, llvmlite_version, sources_digest)


def build(output_dir=None, package_dir=_HERE, verbose=False):
    """Compile the entry points of the imported ``gbrff._engine`` into
    ``output_dir`` (default: the package) and write the build record, with the
    digest of the sources in ``package_dir``, beside them. Returns the path of
    the module."""
    import warnings

    from numba.core.errors import NumbaPendingDeprecationWarning

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
        import numba.pycc.compiler as pycc_compiler
        from numba.core.codegen import AOTCPUCodegen
        from numba.pycc import CC

    from gbrff._engine import _reductions

    if _reductions.PARALLEL:
        raise RuntimeError("the ahead-of-time build compiles the serial engine: run it with "
                           "GBRFF_SERIAL_BUILD=1 in a fresh process (python -m gbrff._aot_build "
                           "does) and a throw-away NUMBA_CACHE_DIR")
    output_dir = Path(output_dir or package_dir)
    (output_dir / RECORD).unlink(missing_ok=True)     # no record until the module is whole
    from gbrff import _engine as kernels
    cpu_name, cpu_features = host_cpu()

    # numba's AOT code generator targets a CPU *name* and derives the ISA
    # features from it; the JIT uses the features LLVM detects on the host
    # (a virtual machine may mask some). Use the JIT's, so that both produce
    # the same code.
    AOTCPUCodegen._customize_tm_features = lambda self: cpu_features

    # the exported wrappers release the GIL, as the JIT's nogil=True ones do
    # (the one-vs-rest fits and the predictions run in threads)
    class _Flags(pycc_compiler.Flags):
        def __init__(self, *args, **kwargs):
            super().__init__(*args, **kwargs)
            self.release_gil = True

    pycc_compiler.Flags = _Flags

    cc = CC(MODULE_NAME)
    cc.output_dir = str(output_dir)
    cc.target_cpu = cpu_name
    cc.verbose = verbose
    for name, (ret, args) in EXPORTS.items():
        cc.export(name, f"{ret}({', '.join(args)})")(getattr(kernels, name).py_func)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPendingDeprecationWarning)
        cc.compile()
    import numba

    record = {"sources_sha256": sources_digest(package_dir), "cpu_name": cpu_name,
              "cpu_features": cpu_features, "cpuinfo_sha256": cpuinfo_digest(),
              "llvmlite": llvmlite_version(), "numba": numba.__version__}
    (output_dir / RECORD).write_text(json.dumps(record, indent=1) + "\n")
    return output_dir / cc.output_file


def main(argv=None):
    import argparse
    import time

    parser = argparse.ArgumentParser(
        prog="python -m gbrff._aot_build",
        description="Compile the engine's entry points ahead of time for this CPU "
                    "and clear the JIT's cache of the engine (the set-up command "
                    "does it; rerun after editing gbrff/_engine/).")
    parser.add_argument("--output-dir", default=None,
                        help="folder of the compiled module (default: the gbrff package)")
    args = parser.parse_args(argv)
    t0 = time.perf_counter()
    if os.environ.get("GBRFF_SERIAL_BUILD") == "1":
        path = build(args.output_dir)
    else:       # a fresh process: the engine imported serially, a throw-away cache
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ, GBRFF_SERIAL_BUILD="1", NUMBA_CACHE_DIR=tmp)
            code = ("import sys; from gbrff._aot_build import build; "
                    "print(build(sys.argv[1] if len(sys.argv) > 1 else None))")
            out = subprocess.run([sys.executable, "-c", code]
                                 + ([args.output_dir] if args.output_dir else []),
                                 env=env, check=True, capture_output=True, text=True)
            path = out.stdout.strip().splitlines()[-1]
    print(f"built {path} in {time.perf_counter() - t0:.0f} s")
    removed = clear_jit_cache()
    if removed:
        print(f"removed {removed} files of the JIT's cache of the former engine")


if __name__ == "__main__":
    main()
