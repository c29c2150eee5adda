"""Compare the models of two engines bit for bit.

Fits a fixed set of GBRFF2 and GBRFF1 models (toy 2-D data and UCI tasks;
reg_lambda > 0, learning_rate < 1, early stopping, sample weights,
one-vs-rest, n_optim_steps 0 and 10) with the gbrff importable here, saves
every array of every fitted ``Expansion`` to an npz, and, with ``--base REV``,
does the same with the engine of git revision REV (checked out in a temporary
worktree) and reports every array that differs in a single bit::

    python benchmarks/compare_engines.py --base 3a84670

Since the engine sums in a fixed order on every x86-64 CPU (no fast-math
reassociation), models saved on one machine can be compared with those of
another (``--out`` there, ``--base-npz`` here); the npz files are not committed.
"""

import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser  # noqa: E402

FIELDS = ("omegas", "phases", "q", "alphas", "landmarks", "train_loss", "val_loss")


def _cases():
    """(name, estimator class name, params, data name, with sample weights)."""
    g2 = "GBRFF2Classifier"
    g1 = "GBRFF1Classifier"
    cases = []
    for data in ("moons", "circles", "board3"):
        cases += [
            (f"{data}-g2-default", g2, dict(n_estimators=30), data, False),
            (f"{data}-g2-lam-lr", g2, dict(n_estimators=30, reg_lambda=0.1, learning_rate=0.5), data, False),
            (f"{data}-g2-steps0", g2, dict(n_estimators=30, n_optim_steps=0), data, False),
            (f"{data}-g2-early", g2, dict(n_estimators=60, n_iter_no_change=3), data, False),
            (f"{data}-g2-sw", g2, dict(n_estimators=30), data, True),
            (f"{data}-g1-default", g1, dict(n_estimators=20, n_components=5), data, False),
            (f"{data}-g1-beta-lr", g1, dict(n_estimators=20, n_components=8, beta=0.5,
                                             learning_rate=0.5), data, False),
            (f"{data}-g1-steps0", g1, dict(n_estimators=20, n_components=5, n_optim_steps=0), data, False),
            (f"{data}-g1-early", g1, dict(n_estimators=40, n_components=5, n_iter_no_change=3), data, False),
            (f"{data}-g1-sw", g1, dict(n_estimators=20, n_components=5), data, True),
        ]
    for task in ("wine", "sonar", "heart", "newthyroid", "bupa", "iono"):
        cases += [
            (f"{task}-g2", g2, dict(n_estimators=50, reg_lambda=0.01), task, False),
            (f"{task}-g2-steps0", g2, dict(n_estimators=50, n_optim_steps=0), task, False),
            (f"{task}-g1", g1, dict(n_estimators=30, n_components=10, beta=1.0), task, False),
        ]
    return cases


def _data(name):
    from sklearn.datasets import make_blobs, make_circles, make_moons
    from sklearn.preprocessing import StandardScaler

    if name == "moons":
        return make_moons(300, noise=0.2, random_state=0)
    if name == "circles":
        return make_circles(300, noise=0.1, factor=0.5, random_state=0)
    if name == "board3":                          # three classes: one-vs-rest
        return make_blobs(300, centers=3, cluster_std=2.0, random_state=0)
    from gbrff.datasets import load_uci

    X, y = load_uci(name)           # GBRFF_DATA_DIR, else the download command's folder
    return StandardScaler().fit_transform(X), y


def fit_all(out):
    """Fit every case with the importable gbrff; save the arrays to ``out``."""
    import gbrff
    from gbrff._boosting import ENGINE

    arrays = {}
    t0 = time.time()
    datasets = {data: _data(data) for data in dict.fromkeys(c[3] for c in _cases())}  # missing data: before any fit
    for name, cls, params, data, weighted in _cases():
        X, y = datasets[data]
        sw = None
        if weighted:
            sw = np.random.RandomState(1).uniform(0.0, 2.0, size=X.shape[0])
            sw[::7] = 0.0
        est = getattr(gbrff, cls)(random_state=0, **params).fit(X, y, sample_weight=sw)
        for k, m in enumerate(est.expansions_):
            arrays[f"{name}/{k}/init_score"] = np.array(m.init_score)
            for f in FIELDS:
                v = getattr(m, f)
                if v is not None:
                    arrays[f"{name}/{k}/{f}"] = np.asarray(v)
        arrays[f"{name}/decision"] = est.decision_function(X)
    np.savez(out, **arrays)
    print(f"{ENGINE}: {len(_cases())} fits, {len(arrays)} arrays in {time.time() - t0:.0f} s -> {out}")


def compare(base_file, new_file):
    a = np.load(base_file)
    b = np.load(new_file)
    diffs = sorted(set(a.files) ^ set(b.files))
    for k in diffs:
        print("only in one:", k)
    n_bad = len(diffs)
    for k in sorted(set(a.files) & set(b.files)):
        x, y = a[k], b[k]
        same = x.shape == y.shape and x.dtype == y.dtype and x.tobytes() == y.tobytes()
        if not same:
            n_bad += 1
            err = np.nanmax(np.abs(x - y)) if x.shape == y.shape else "shape"
            print(f"DIFF {k}: max abs {err}")
    n_models = len({k.rsplit('/', 2)[0] for k in a.files})
    print(f"compared {len(a.files)} arrays of {n_models} fits: {n_bad} differ")
    if not set(a.files) & set(b.files):
        print("no array in common: nothing was compared")
        return max(n_bad, 1)     # a comparison of nothing is no agreement
    return n_bad


def main(argv=None):
    ap = Parser(prog="compare_engines.py", description=__doc__.splitlines()[0])
    ap.add_argument("--base", help="git revision of the engine to compare with")
    ap.add_argument("--out", help="only fit with the importable gbrff and save to this npz")
    ap.add_argument("--base-npz", help="saved models of the base (skip refitting it)")
    args = ap.parse_args(argv)
    if args.out:
        from gbrff.datasets import DataNotFoundError

        try:
            fit_all(args.out)
        except (DataNotFoundError, OSError) as e:
            ap.fail(str(e))
        return 0
    tmp = Path(tempfile.gettempdir())
    base_npz = args.base_npz
    if base_npz is None:
        if not args.base:
            ap.error("give --base REV or --base-npz FILE")
        git = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet", "--short",
                              args.base + "^{commit}"], capture_output=True, text=True)
        if git.returncode:
            ap.error(f"--base {args.base!r} is not a git revision of {ROOT}")
        rev = git.stdout.strip()
        wt = tmp / f"gbrff-base-{rev}"
        created = not wt.exists()
        if created:
            _step(ap, ["git", "-C", str(ROOT), "worktree", "add", "--detach", str(wt), rev])
        base_npz = str(tmp / f"gbrff-models-{rev}.npz")
        env = dict(os.environ, PYTHONPATH=str(wt))
        try:
            _step(ap, [sys.executable, __file__, "--out", base_npz], cwd=wt, env=env)
        finally:
            if created:  # the repository keeps no worktree of ours (the npz is kept: --base-npz)
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(wt)],
                               capture_output=True)
    elif not Path(base_npz).is_file():
        ap.error(f"--base-npz {base_npz}: no such file")
    new_npz = str(tmp / f"gbrff-models-new-{os.getpid()}.npz")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    _step(ap, [sys.executable, __file__, "--out", new_npz], cwd=ROOT, env=env)
    try:
        return 1 if compare(base_npz, new_npz) else 0
    except (OSError, ValueError) as e:      # not an npz of this script
        ap.fail(f"{base_npz}: {e}")


def _step(ap, command, **kwargs):
    """Run ``command``; if it fails, end here with its exit code (it has said why on stderr)."""
    code = subprocess.run(command, **kwargs).returncode
    if code:
        ap.exit(code, f"{ap.prog}: error: {' '.join(map(str, command[:4]))} ... failed (exit code {code})\n")


if __name__ == "__main__":
    sys.exit(main())
