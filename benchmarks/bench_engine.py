"""Speed and memory of the gbrff engine, against LightGBM measured in the same run.

    python benchmarks/bench_engine.py [--cases LIST|all] [--large] [--repeat 3]
                                      [--quick] [--markdown FILE] [--json FILE]

Every case runs in a fresh process under its own thread policy:

- "one": one thread for every library (NUMBA_NUM_THREADS, OMP_NUM_THREADS,
  OPENBLAS_NUM_THREADS, MKL_NUM_THREADS = 1, and n_jobs=1 for GBRFF and
  LightGBM), so the figures are comparable and as independent of the
  machine's other load as possible;
- "all": none of those variables is set (they cap threads), so every core is
  there for the n_jobs the case asks for (THREADS = os.cpu_count()).

A case with two policies runs once under each. Prints a table of the figures,
each beside its target ("ratio 0.82 (target <= 0.6: missed)"), and the
machine; --markdown writes the table as Markdown (the documentation's speed
page includes benchmarks/results/bench_engine.md: --markdown that file), --json
the raw figures. --quick shrinks every n for a smoke run (the figures then mean
nothing). The engine's cases fit with standardize=False (their data are
standardised already: the figures are the engine's, without the estimator's
copy of X); the defaults case keeps every default. The large_n case (n = 10,000,000, minutes) runs only when asked:
--large, --cases all, or --cases large_n.
"""

import argparse
import collections
import json
import os
import platform
import subprocess
import sys
import textwrap
import time

if os.path.dirname(os.path.abspath(__file__)) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _args import Parser, number  # noqa: E402

THREAD_VARS = ("NUMBA_NUM_THREADS", "OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")

# title: the table's first column, a format string of the sizes; threads: the
# policies it runs under ("one", "all"); code: run in a fresh process after
# PRELUDE, once a policy (or a function of the repeat count, for cold);
# report: (raw figures by policy, title) -> (table rows, derived figures);
# default: in the default --cases; sizes: name -> (full, --quick), the one
# source of the sizes the code uses (SIZE[name]) and the title prints.
Case = collections.namedtuple("Case", "title threads code report default sizes", defaults=({},))

# What every case's code can use: REPEAT (timed repetitions), QUICK (--quick),
# THREADS (1, or every core), SIZE (the case's sizes for this run), LGBM(**changes)
# (LightGBM as the issue sets it: 100 trees, max_depth=5, num_leaves=32,
# THREADS threads) and OUT(**figures) (the case's result).
PRELUDE = """import json, os, sys
REPEAT, QUICK, THREADS, SIZE = %d, %r, %d, %r
def LGBM(**changes):
    from lightgbm import LGBMClassifier
    return LGBMClassifier(**{**dict(n_estimators=100, max_depth=5, num_leaves=32, n_jobs=THREADS,
                                    verbose=-1), **changes})
def OUT(**figures):
    print("@@" + json.dumps(figures))
"""


def _verdict(value, target):
    """'(target <= 0.6: met)' for a value and a target written 'OP NUMBER'."""
    op, bound = target.split()
    ok = {"<=": value <= float(bound), "<": value < float(bound),
          ">=": value >= float(bound)}[op]
    return "(target %s: %s)" % (target, "met" if ok else "missed")


def _median(xs):
    xs = sorted(xs)
    return xs[len(xs) // 2]


def _vs_lgbm(target, policy="one"):
    """Report of a case with REPEAT (seconds, accuracy) pairs for gbrff and lgbm."""
    def report(res, title):
        r = res[policy]
        g = _median([t for t, _ in r["gbrff"]])
        lg = _median([t for t, _ in r["lgbm"]])
        ratio = _median([a[0] / b[0] for a, b in zip(r["gbrff"], r["lgbm"])])
        row = (title, "%.2f s (acc %.3f) vs LightGBM %.2f s (acc %.3f)" % (
            g, r["gbrff"][0][1], lg, r["lgbm"][0][1]), "ratio %.2f %s" % (ratio, _verdict(ratio, target)))
        return [row], dict(gbrff_seconds=g, lgbm_seconds=lg, ratio=ratio, target=target)
    return report


def _report_interactive(res, title):
    t = _median(res["one"]["times"])
    return ([(title, "%.3f s (median of %d)" % (t, len(res["one"]["times"])),
              "%.3f s %s" % (t, _verdict(t, "<= 0.3")))],
            dict(seconds=t, target="<= 0.3"))


def _report_memory(res, title):
    r = res["one"]
    return ([(title, "%.2f x the size of X (fit %.1f s, acc %.3f)" % (r["extra"], r["seconds"], r["acc"]),
              "%.2f x %s" % (r["extra"], _verdict(r["extra"], "< 2")))],
            dict(extra_over_X=r["extra"], seconds=r["seconds"], target="< 2"))


def _report_threads(res, title):
    r = res["all"]
    g = {j: _median(ts) for j, ts in r["gbrff"].items()}
    lg = {j: _median(ts) for j, ts in r["lgbm"].items()}
    speedup = g["1"] / g["2"]
    same = all(r["identical"].values())
    differ = sorted({k for ks in r["identical_detail"].values() for k in ks})
    rows = [
        (title, "GBRFF2 n_jobs=1: %.2f s, n_jobs=2: %.2f s, n_jobs=-1 (%d cores): %.2f s; models %s"
         % (g["1"], g["2"], r["cores"], g["-1"],
            "bit-identical for every n_jobs (%s)" % ", ".join(r["compared"]) if same
            else "DIFFERENT (%s)" % ", ".join(differ)),
         "speed-up n_jobs=2 %.2f %s; -1 %.2f; identical: %s"
         % (speedup, _verdict(speedup, ">= 1.7"), g["1"] / g["-1"], "yes" if same else "NO")),
        ("... LightGBM fit, same data and run", "n_jobs=1: %.2f s, n_jobs=2: %.2f s" % (lg["1"], lg["2"]),
         "speed-up %.2f; GBRFF2/LightGBM at n_jobs=1 %.2f, at n_jobs=2 %.2f"
         % (lg["1"] / lg["2"], g["1"] / lg["1"], g["2"] / lg["2"])),
    ]
    return rows, dict(gbrff_seconds=g, lgbm_seconds=lg, speedup_2=speedup, speedup_all=g["1"] / g["-1"],
                      lgbm_speedup_2=lg["1"] / lg["2"], identical=same, target=">= 1.7")


def _report_predict(res, title):
    rows, figs = [], {}
    for policy in ("one", "all"):
        if policy not in res:
            continue
        r = res[policy]
        g, lg = _median(r["gbrff"]), _median(r["lgbm"])
        ratio = _median([a / b for a, b in zip(r["gbrff"], r["lgbm"])])
        rows.append(("%s, %d thread%s each" % (title, r["threads"], "" if r["threads"] == 1 else "s"),
                     "%.2f s vs LightGBM %.2f s (%s rows)" % (g, lg, format(r["rows"], ",")),
                     "ratio %.2f %s" % (ratio, _verdict(ratio, "<= 1"))))
        figs[policy] = dict(threads=r["threads"], gbrff_seconds=g, lgbm_seconds=lg, ratio=ratio)
    figs["target"] = "<= 1"
    return rows, figs


def _report_large(res, title):
    r = res["one"]
    per = {**r["per_sample"]["gbrff"], str(r["n"]): r["gbrff"] / r["n"]}
    lper = {**r["per_sample"]["lgbm"], str(r["n"]): r["lgbm"] / r["n"]}
    ns = sorted(per, key=int)
    spread = max(per.values()) / min(per.values())
    peak = "" if r["peak_reset"] else "; peak not reset after making the data, so it may hide the fit's"
    rows = [
        (title, "%.1f s vs LightGBM %.1f s (acc %.3f; X %s, %.0f MB); memory above the data %.2f x X%s"
         % (r["gbrff"], r["lgbm"], r["acc"], r["dtype"], r["nbytes"] / 2**20, r["extra"], peak),
         "ratio %.2f; memory %.2f x %s" % (r["gbrff"] / r["lgbm"], r["extra"], _verdict(r["extra"], "< 1.5"))),
        ("... fit time per sample, GBRFF2 (LightGBM)",
         ", ".join("n=%s: %.1f us (%.1f us)" % (n, 1e6 * per[n], 1e6 * lper[n]) for n in ns),
         "max/min %.2f (target: flat)" % spread),
    ]
    return rows, dict(n=r["n"], gbrff_seconds=r["gbrff"], lgbm_seconds=r["lgbm"], ratio=r["gbrff"] / r["lgbm"],
                      extra_over_X=r["extra"], peak_reset=r["peak_reset"], seconds_per_sample=per,
                      lgbm_seconds_per_sample=lper, per_sample_spread=spread, target="< 1.5")


COLD = ("from sklearn.datasets import make_moons; from gbrff import GBRFF2Classifier, GBRFF1Classifier; "
        "X,y=make_moons(300,noise=0.1,random_state=0); GBRFF2Classifier(n_estimators=50).fit(X,y).predict(X); "
        "GBRFF1Classifier(n_estimators=10,n_components=5).fit(X,y).predict(X)")

SKLEARN_ONLY = "from sklearn.datasets import make_moons"


def _cold(repeat):
    """Fresh processes: the installed engine (compiled ahead of time if the set-up
    command built it), the JIT with its on-disk cache, scikit-learn's import alone."""
    env = _case_env("one")
    env.pop("GBRFF_ENGINE", None)
    jit_env = {**env, "GBRFF_ENGINE": "jit"}
    subprocess.run([sys.executable, "-c", COLD], env=jit_env, check=True)   # fills the JIT cache
    times = {"installed": [], "jit": [], "sklearn": []}
    for _ in range(repeat):
        for key, code, e in (("installed", COLD, env), ("jit", COLD, jit_env), ("sklearn", SKLEARN_ONLY, env)):
            t = time.perf_counter()
            subprocess.run([sys.executable, "-c", code], env=e, check=True)
            times[key].append(time.perf_counter() - t)
    return dict(times=times, engine=_engine(env).split(":")[0])


def _report_cold(res, title):
    r = res["one"]
    t = {k: _median(v) for k, v in r["times"].items()}
    return ([("%s (engine: %s)" % (title, r["engine"]),
              "%.2f s (JIT with its on-disk cache: %.2f s; the script's "
              "`from sklearn.datasets import make_moons` alone: %.2f s)" % (t["installed"], t["jit"], t["sklearn"]),
              "%.2f s %s" % (t["installed"], _verdict(t["installed"], "<= 3")))],
            dict(seconds=t, target="<= 3"))


CASES = {
    "gbrff2_100k": Case("GBRFF2 vs LightGBM, make_classification n={n:,}, d=20, T=100, fit + predict, one thread",
                        ("one",), """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from gbrff import GBRFF2Classifier
        X, y = make_classification(n_samples=SIZE["n"], n_features=20, random_state=0)
        GBRFF2Classifier(n_estimators=3, random_state=0).fit(X[:500], y[:500])
        def run(make):
            t = time.perf_counter(); m = make().fit(X, y); p = m.predict(X)
            return time.perf_counter() - t, float((p == y).mean())
        g, l = [], []
        for _ in range(REPEAT):
            g.append(run(lambda: GBRFF2Classifier(n_estimators=100, random_state=0, n_jobs=THREADS,
                                            standardize=False)))
            l.append(run(LGBM))
        OUT(gbrff=g, lgbm=l)
    """, _vs_lgbm("<= 0.6"), True, dict(n=(100_000, 5_000))),
    "gbrff1_10k": Case("GBRFF1 (K=10) vs LightGBM, n={n:,}, d=20, T=100, fit + predict, one thread",
                       ("one",), """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from gbrff import GBRFF1Classifier
        X, y = make_classification(n_samples=SIZE["n"], n_features=20, random_state=0)
        GBRFF1Classifier(n_estimators=2, n_components=10, random_state=0).fit(X[:300], y[:300])
        def run(make):
            t = time.perf_counter(); m = make().fit(X, y); p = m.predict(X)
            return time.perf_counter() - t, float((p == y).mean())
        g, l = [], []
        for _ in range(REPEAT):
            g.append(run(lambda: GBRFF1Classifier(n_estimators=100, n_components=10, random_state=0,
                                                  n_jobs=THREADS, standardize=False)))
            l.append(run(LGBM))
        OUT(gbrff=g, lgbm=l)
    """, _vs_lgbm("<= 1.0"), True, dict(n=(10_000, 2_000))),
    "threads": Case("n_jobs scaling: one binary GBRFF2 fit, n={n:,}, d=20, T=100", ("all",), """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from gbrff import GBRFF2Classifier
        X, y = make_classification(n_samples=SIZE["n"], n_features=20, random_state=0)
        GBRFF2Classifier(n_estimators=3, random_state=0).fit(X[:500], y[:500])
        def fit(make):
            t = time.perf_counter(); m = make().fit(X, y)
            return time.perf_counter() - t, m
        g, l, models = {1: [], 2: [], -1: []}, {1: [], 2: []}, {}
        for _ in range(REPEAT):
            for j in g:
                t, models[j] = fit(lambda: GBRFF2Classifier(n_estimators=100, random_state=0, n_jobs=j,
                                                          standardize=False))
                g[j].append(t)
            for j in l:
                l[j].append(fit(lambda: LGBM(n_jobs=j))[0])
        # every fitted array (init_score, alphas, train_loss, omegas, biases), bit for bit
        ref = models[1].estimators_[0]
        detail = {j: [k for k in ref if not np.array_equal(ref[k], models[j].estimators_[0][k])] for j in g}
        OUT(gbrff=g, lgbm=l, identical={j: not d for j, d in detail.items()}, identical_detail=detail,
            compared=sorted(ref), cores=os.cpu_count())
    """, _report_threads, True, dict(n=(100_000, 2_000))),
    "defaults": Case("Defaults against defaults: GBRFF2Classifier(n_jobs=-1) vs LGBMClassifier(), n={n:,}, "
                     "d=20, fit + predict, every core", ("all",), """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from lightgbm import LGBMClassifier
        from gbrff import GBRFF2Classifier
        X, y = make_classification(n_samples=SIZE["n"], n_features=20, random_state=0)
        GBRFF2Classifier(n_estimators=3, random_state=0).fit(X[:500], y[:500])
        def run(make):
            t = time.perf_counter(); m = make().fit(X, y); p = m.predict(X)
            return time.perf_counter() - t, float((p == y).mean())
        g, l = [], []
        for _ in range(REPEAT):
            g.append(run(lambda: GBRFF2Classifier(n_jobs=-1, random_state=0)))
            l.append(run(lambda: LGBMClassifier(verbose=-1)))
        OUT(gbrff=g, lgbm=l)
    """, _vs_lgbm("<= 0.6", "all"), True, dict(n=(100_000, 5_000))),
    "predict": Case("Prediction: GBRFF2 decision_function (T=100) vs LightGBM predict_proba (100 trees, "
                    "max_depth=5, num_leaves=32), {rows:,} rows, d=20", ("one", "all"), """
        import time, numpy as np
        from sklearn.datasets import make_classification
        from gbrff import GBRFF2Classifier
        X, y = make_classification(n_samples=SIZE["rows"], n_features=20, random_state=0)
        k = SIZE["train"]
        gm = GBRFF2Classifier(n_estimators=100, random_state=0, n_jobs=THREADS,
                                            standardize=False).fit(X[:k], y[:k])
        lm = LGBM().fit(X[:k], y[:k])
        gm.decision_function(X[:1000]); lm.predict_proba(X[:1000])
        def timed(f):
            t = time.perf_counter(); f(X); return time.perf_counter() - t
        g, l = [], []
        for _ in range(REPEAT):
            g.append(timed(gm.decision_function))
            l.append(timed(lm.predict_proba))
        OUT(gbrff=g, lgbm=l, rows=len(X), threads=THREADS)
    """, _report_predict, True, dict(rows=(1_000_000, 20_000), train=(100_000, 5_000))),
    "interactive": Case("One press of play: moons n=500, T={T}, fit + 100 frames of a 100x100 grid", ("one",), """
        import time, numpy as np
        from sklearn.datasets import make_moons
        from gbrff import GBRFF2Classifier
        X, y = make_moons(500, noise=0.1, random_state=0)
        G = np.array([(a, b) for a in np.linspace(-2, 3, 100) for b in np.linspace(-1.5, 2, 100)])
        def play():
            m = GBRFF2Classifier(n_estimators=SIZE["T"], gamma=0.5, random_state=0,
                                 standardize=False).fit(X, y)
            return [f for i, f in enumerate(m.staged_decision_function(G)) if i % 10 == 9]
        play()
        ts = []
        for _ in range(max(REPEAT, 5)):
            t = time.perf_counter(); play(); ts.append(time.perf_counter() - t)
        OUT(times=ts)
    """, _report_interactive, True, dict(T=(1000, 100))),
    "cold": Case("Fresh process: import + first GBRFF2 and GBRFF1 fits", ("one",), _cold, _report_cold, True),
    "memory": Case("Peak memory above the data, n={n:,}, d=20, T=100 (GBRFF2)", ("one",), """
        import resource, numpy as np
        n = SIZE["n"]
        rng = np.random.default_rng(0)
        X = rng.standard_normal((n, 20)); y = (X[:, 0] * X[:, 1] + 0.3 * rng.standard_normal(n) > 0).astype(int)
        from gbrff import GBRFF2Classifier
        GBRFF2Classifier(n_estimators=2).fit(X[:1000], y[:1000])
        base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        import time; t = time.perf_counter()
        m = GBRFF2Classifier(n_estimators=100, random_state=0, n_jobs=THREADS,
                                            standardize=False).fit(X, y)
        t = time.perf_counter() - t
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
        OUT(extra=(peak - base) / X.nbytes, seconds=t, acc=float(m.score(X[:100000], y[:100000])))
    """, _report_memory, True, dict(n=(1_000_000, 20_000))),
    "large_n": Case("Large n: GBRFF2 vs LightGBM fit, make_classification n={n:,}, d=20, float32 X in column-major order, standardize=False, T=100, "
                    "one thread", ("one",), """
        import resource, time, numpy as np
        from sklearn.datasets import make_classification
        from gbrff import GBRFF2Classifier
        def data(n):
            X, y = make_classification(n_samples=n, n_features=20, random_state=0)
            return np.asfortranarray(X, dtype=np.float32), y   # read as it is, no copy
        def gbrff():
            return GBRFF2Classifier(n_estimators=100, random_state=0, n_jobs=THREADS,
                                            standardize=False)
        def fit(make, X, y):
            t = time.perf_counter(); m = make().fit(X, y); return time.perf_counter() - t, m
        gbrff().fit(*data(1000))
        per = {"gbrff": {}, "lgbm": {}}
        for n in SIZE["steps"]:
            X, y = data(n)
            per["gbrff"][n] = fit(gbrff, X, y)[0] / n
            per["lgbm"][n] = fit(LGBM, X, y)[0] / n
        n = SIZE["n"]
        X, y = data(n)
        def status(key):                      # kB in /proc/self/status
            with open("/proc/self/status") as fh:
                return 1024 * int(next(l for l in fh if l.startswith(key)).split()[1])
        try:                                  # forget the peak of making the data (Linux >= 4.0)
            with open("/proc/self/clear_refs", "w") as fh:
                fh.write("5")
            reset = True
        except OSError:
            reset = False
        peak = (lambda: status("VmHWM")) if reset else (lambda: resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024)
        before = peak()
        t_g, m = fit(gbrff, X, y)
        extra = (peak() - before) / X.nbytes
        t_l = fit(LGBM, X, y)[0]
        k = min(n, 100_000)
        OUT(n=n, nbytes=X.nbytes, dtype=str(X.dtype), extra=extra, peak_reset=reset, gbrff=t_g, lgbm=t_l,
            acc=float(m.score(X[:k], y[:k])), per_sample=per)
    """, _report_large, False, dict(n=(10_000_000, 5_000), steps=((10_000, 100_000, 1_000_000), (500, 1_000)))),
}


def _engine(env):
    """Which engine a fresh process uses: 'aot: ...' or 'jit: why'."""
    return subprocess.run([sys.executable, "-c", "from gbrff import _boosting; print(_boosting.ENGINE)"],
                          env=env, capture_output=True, text=True, check=True).stdout.strip()


def _case_env(policy, quick=False):
    """The environment of a case's fresh process: its thread policy, this checkout first."""
    env = {k: v for k, v in os.environ.items() if k not in THREAD_VARS}
    if policy == "one":
        env.update({k: "1" for k in THREAD_VARS})
    if quick:
        # LightGBM's OpenMP threads spin at every barrier: on a busy machine a
        # two-thread fit of 2,000 rows then takes seconds instead of 0.1 s
        env["OMP_WAIT_POLICY"] = "passive"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _sizes(case, quick):
    """The case's sizes for this run: name -> the full or the --quick value."""
    return {k: v[1 if quick else 0] for k, v in case.sizes.items()}


def _title(case, quick):
    """The case's title with the sizes this run uses (--quick: the small ones)."""
    return case.title.format(**_sizes(case, quick))


def _run_case(case, policy, repeat, quick):
    threads = 1 if policy == "one" else os.cpu_count()
    source = PRELUDE % (repeat, quick, threads, _sizes(case, quick)) + textwrap.dedent(case.code)
    proc = subprocess.run([sys.executable, "-c", source], env=_case_env(policy, quick), capture_output=True,
                          text=True)
    if proc.returncode:
        sys.stderr.write(proc.stderr)
        raise SystemExit("the case's process failed (exit code %d)" % proc.returncode)
    return json.loads([line for line in proc.stdout.splitlines() if line.startswith("@@")][-1][2:])


def _case_names(text, large):
    if text is not None and text.strip() == "all":
        return list(CASES)
    names = ([c for c in CASES if CASES[c].default] if text is None
             else list(dict.fromkeys(c.strip() for c in text.split(",") if c.strip())))
    unknown = [c for c in names if c not in CASES]
    if unknown or not names:
        what = "unknown case(s) %s" % ", ".join(map(repr, unknown)) if unknown else "no case given"
        raise ValueError("%s; the cases: %s, or all" % (what, ", ".join(CASES)))
    if large and "large_n" not in names:
        names.append("large_n")
    return names


def main(argv=None):
    ap = Parser(prog="bench_engine.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repeat", type=number(int, 1), default=3,
                    help="repetitions of each timed fit, >= 1 (median is reported)")
    ap.add_argument("--markdown", help="also write the table as Markdown to this file")
    ap.add_argument("--json", help="also write the raw and derived figures as JSON to this file")
    ap.add_argument("--cases", help="comma-separated cases, or all (default: %s; large_n only when asked)"
                    % ",".join(c for c in CASES if CASES[c].default))
    ap.add_argument("--large", action="store_true", help="add the large_n case (n = 10,000,000: minutes)")
    ap.add_argument("--quick", action="store_true",
                    help="shrink every n (and T of the interactive case) for a smoke run, with "
                         "OMP_WAIT_POLICY=passive: the figures mean nothing")
    args = ap.parse_args(argv)
    try:
        names = _case_names(args.cases, args.large)
    except ValueError as e:
        ap.error(str(e))
    for flag, path in (("--markdown", args.markdown), ("--json", args.json)):   # before minutes of cases
        if path and not os.path.isdir(os.path.dirname(os.path.abspath(path))):
            ap.error("%s %s: its folder does not exist" % (flag, path))
    rows, record = [], {}
    load_before = os.getloadavg()[0]
    for name in names:
        case = CASES[name]
        title = _title(case, args.quick)
        raw = {}
        for policy in case.threads:
            print("running %s (%s) ..." % (name, "one thread" if policy == "one" else "all cores"),
                  file=sys.stderr, flush=True)
            raw[policy] = (case.code(args.repeat) if callable(case.code)
                           else _run_case(case, policy, args.repeat, args.quick))
        case_rows, figures = case.report(raw, title)
        rows += case_rows
        record[name] = dict(title=title, threads=list(case.threads), figures=figures, raw=raw)
    machine = "%s, %s, %d cores, Python %s" % (platform.machine(), _cpu_name(), os.cpu_count(),
                                               platform.python_version())
    engine = _engine(_case_env("one"))
    load = (load_before, os.getloadavg()[0])    # the other processes' share of the cores
    lines = []
    if args.quick:
        lines += ["**--quick: every n shrunk for a smoke run; these figures are not the benchmark's.**", ""]
    lines += ["| case | figure | against the target |", "|---|---|---|"]
    lines += ["| %s | %s | %s |" % row for row in rows]
    lines.append("")
    lines.append("Machine: %s; one thread for every library unless the case says otherwise "
                 "(every core: %d threads); engine %s; load average %.1f before, %.1f after; %s."
                 % (machine, os.cpu_count(), engine, load[0], load[1],
                    time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())))
    text = "\n".join(lines)
    print(text)
    if args.markdown:
        with open(args.markdown, "w") as fh:
            fh.write(text + "\n")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(dict(machine=machine, cores=os.cpu_count(), engine=engine, load_average=load,
                           date=time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), repeat=args.repeat,
                           quick=args.quick, cases=record), fh, indent=1)
            fh.write("\n")


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
