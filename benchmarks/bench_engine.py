"""Speed and memory of the gbrff engine, against LightGBM measured in the same run.

    python benchmarks/bench_engine.py [--repeat 3] [--markdown FILE]

Every case runs in a fresh process with one thread for every library
(NUMBA_NUM_THREADS, OMP_NUM_THREADS, ... = 1; LightGBM n_jobs=1), so the
figures are comparable and independent of the machine's other load as far as
possible. Prints a table of the figures and the ratios; --markdown writes it
as a Markdown table (the README's).
"""

import argparse
import json
import os
import platform
import subprocess
import sys
import textwrap
import time

ONE_THREAD = {k: "1" for k in ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS",
                               "MKL_NUM_THREADS")}

CASES = {
    "gbrff2_100k": ("GBRFF2 vs LightGBM, make_classification n=100,000, d=20, T=100, fit + predict", """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from lightgbm import LGBMClassifier
        from gbrff import GBRFF2Classifier
        X, y = make_classification(n_samples=100_000, n_features=20, random_state=0)
        GBRFF2Classifier(n_estimators=3, random_state=0).fit(X[:500], y[:500])
        def run(make):
            t = time.perf_counter(); m = make().fit(X, y); p = m.predict(X)
            return time.perf_counter() - t, float((p == y).mean())
        g, l = [], []
        for _ in range(REPEAT):
            g.append(run(lambda: GBRFF2Classifier(n_estimators=100, random_state=0)))
            l.append(run(lambda: LGBMClassifier(n_estimators=100, max_depth=5, num_leaves=32, n_jobs=1, verbose=-1)))
        OUT(gbrff=g, lgbm=l)
    """),
    "gbrff1_10k": ("GBRFF1 (K=10) vs LightGBM, n=10,000, d=20, T=100, fit + predict", """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from lightgbm import LGBMClassifier
        from gbrff import GBRFF1Classifier
        X, y = make_classification(n_samples=10_000, n_features=20, random_state=0)
        GBRFF1Classifier(n_estimators=2, n_components=10, random_state=0).fit(X[:300], y[:300])
        def run(make):
            t = time.perf_counter(); m = make().fit(X, y); p = m.predict(X)
            return time.perf_counter() - t, float((p == y).mean())
        g, l = [], []
        for _ in range(REPEAT):
            g.append(run(lambda: GBRFF1Classifier(n_estimators=100, n_components=10, random_state=0)))
            l.append(run(lambda: LGBMClassifier(n_estimators=100, max_depth=5, num_leaves=32, n_jobs=1, verbose=-1)))
        OUT(gbrff=g, lgbm=l)
    """),
    "interactive": ("One press of play: moons n=500, T=1000, fit + 100 frames of a 100x100 grid", """
        import time, numpy as np
        from sklearn.datasets import make_moons
        from gbrff import GBRFF2Classifier
        X, y = make_moons(500, noise=0.1, random_state=0)
        G = np.array([(a, b) for a in np.linspace(-2, 3, 100) for b in np.linspace(-1.5, 2, 100)])
        def play():
            m = GBRFF2Classifier(n_estimators=1000, gamma=0.5, random_state=0).fit(X, y)
            return [f for i, f in enumerate(m.staged_decision_function(G)) if i % 10 == 9]
        play()
        ts = []
        for _ in range(max(REPEAT, 5)):
            t = time.perf_counter(); play(); ts.append(time.perf_counter() - t)
        OUT(times=ts)
    """),
    "memory": ("Peak memory above the data, n=1,000,000, d=20, T=100 (GBRFF2)", """
        import resource, numpy as np
        rng = np.random.default_rng(0)
        X = rng.standard_normal((1_000_000, 20)); y = (X[:, 0] * X[:, 1] + 0.3 * rng.standard_normal(1_000_000) > 0).astype(int)
        from gbrff import GBRFF2Classifier
        GBRFF2Classifier(n_estimators=2).fit(X[:1000], y[:1000])
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        import time; t = time.perf_counter()
        m = GBRFF2Classifier(n_estimators=100, random_state=0).fit(X, y)
        t = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        OUT(extra=(peak - base) / X.nbytes, seconds=t, acc=float(m.score(X[:100000], y[:100000])))
    """),
}

COLD = ("from sklearn.datasets import make_moons; from gbrff import GBRFF2Classifier, GBRFF1Classifier; "
        "X,y=make_moons(300,noise=0.1,random_state=0); GBRFF2Classifier(n_estimators=50).fit(X,y).predict(X); "
        "GBRFF1Classifier(n_estimators=10,n_components=5).fit(X,y).predict(X)")


SKLEARN_ONLY = "from sklearn.datasets import make_moons"


def _engine(env):
    """Which engine a fresh process uses: 'aot: ...' or 'jit: why'."""
    return subprocess.run([sys.executable, "-c", "from gbrff import _boosting; print(_boosting.ENGINE)"],
                          env=env, capture_output=True, text=True, check=True).stdout.strip()


def _case_env():
    """The environment of every case's fresh process: one thread, this checkout first."""
    env = {**os.environ, **ONE_THREAD}
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _run_case(code, repeat):
    prelude = ("import json, sys\nREPEAT = %d\n"
               "def OUT(**kw):\n    print('@@' + json.dumps(kw))\n" % repeat)
    out = subprocess.run([sys.executable, "-c", prelude + textwrap.dedent(code)], env=_case_env(),
                         capture_output=True, text=True, check=True).stdout
    return json.loads([line for line in out.splitlines() if line.startswith("@@")][-1][2:])


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=int, default=3, help="repetitions of each timed fit (median is reported)")
    ap.add_argument("--markdown", help="also write the table as Markdown to this file")
    ap.add_argument("--cases", default="gbrff2_100k,gbrff1_10k,interactive,cold,memory")
    args = ap.parse_args(argv)
    rows = []
    for case in args.cases.split(","):
        print("running", case, "...", file=sys.stderr, flush=True)
        if case == "cold":
            env = _case_env()
            env.pop("GBRFF_ENGINE", None)
            jit_env = {**env, "GBRFF_ENGINE": "jit"}
            subprocess.run([sys.executable, "-c", COLD], env=jit_env, check=True)   # fills the JIT cache
            # the installed engine (compiled ahead of time if the set-up command built it),
            # the JIT with its on-disk cache, and the import of scikit-learn alone
            times = {"installed": [], "jit": [], "sklearn": []}
            for _ in range(args.repeat):
                for key, code, e in (("installed", COLD, env), ("jit", COLD, jit_env),
                                     ("sklearn", SKLEARN_ONLY, env)):
                    t = time.perf_counter()
                    subprocess.run([sys.executable, "-c", code], env=e, check=True)
                    times[key].append(time.perf_counter() - t)
            rows.append(("Fresh process: import + first GBRFF2 and GBRFF1 fits (engine: %s)"
                         % _engine(env).split(":")[0],
                         "%.2f s (JIT with its on-disk cache: %.2f s; the script's "
                         "`from sklearn.datasets import make_moons` alone: %.2f s)" % tuple(
                             _median(times[k]) for k in ("installed", "jit", "sklearn")),
                         "target <= 3 s"))
            continue
        title, code = CASES[case]
        r = _run_case(code, args.repeat)
        if "gbrff" in r:
            g = _median([t for t, _ in r["gbrff"]])
            lg = _median([t for t, _ in r["lgbm"]])
            ratio = _median([a[0] / b[0] for a, b in zip(r["gbrff"], r["lgbm"])])
            target = "<= 1.0" if case == "gbrff2_100k" else "<= 5"
            rows.append((title, "%.2f s (acc %.3f) vs LightGBM %.2f s (acc %.3f)" % (
                g, r["gbrff"][0][1], lg, r["lgbm"][0][1]), "ratio %.2f (target %s)" % (ratio, target)))
        elif "times" in r:
            rows.append((title, "%.3f s (median of %d)" % (_median(r["times"]), len(r["times"])),
                         "target <= 0.3 s"))
        else:
            rows.append((title, "%.2f x the size of X (fit %.1f s, acc %.3f)" % (
                r["extra"], r["seconds"], r["acc"]), "target < 2 x above the data"))
    machine = "%s, %s, %d cores, Python %s" % (platform.machine(), _cpu_name(), os.cpu_count(),
                                               platform.python_version())
    lines = ["| case | figure | against the target |", "|---|---|---|"]
    lines += ["| %s | %s | %s |" % row for row in rows]
    lines.append("")
    lines.append("Machine: %s; one thread for every library; engine %s; %s." % (
        machine, _engine(_case_env()), time.strftime("%Y-%m-%d")))
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as fh:
            fh.write(text + "\n")


def _cpu_name():
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


if __name__ == "__main__":
    main()
