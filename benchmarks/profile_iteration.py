"""Where a GBRFF2 boosting iteration spends its time, one thread.

    python benchmarks/profile_iteration.py [--n 100000] [--d 20] [--T 100]

Replays the engine's boosting loop for the paper's exponential loss piece by
piece from Python (each piece one compiled call of :mod:`gbrff._engine`, as
``boost`` makes them) on make_classification data, and prints the mean time
an iteration spends in each: the projection z = X @ omega, the global b
search, the L-BFGS refinement of omega (with its number of objective
evaluations), and alpha with the update of H and of the weights; then the
cost of one pass of each kind over the data. The sum is within a few percent
of ``boost``'s own time (printed too). Numba's threads are set to one.

Then what bounds the L-BFGS part: the objective evaluations that each of
its steps adds (a step past the first costs one evaluation when its first
trial is accepted; every backtracking adds one), measured by rerunning the
refinement of the first ``--steps-T`` iterations' omegas with 1, 2, ..., 10
steps; and the cost of one pass of each kind over the data, alone and, as a
step makes them, one after the other, against the fused pass; and the
trial's cost a sample on a block in L1 against a loop with the same loads
and stores and no sine, cosine or exponential (what the elementary
functions cost, the most that cheaper ones could save).
"""

import sys
import time
from pathlib import Path

import numpy as np

if str(Path(__file__).resolve().parent) not in sys.path:   # _args.py beside this script
    sys.path.insert(0, str(Path(__file__).resolve().parent))
from _args import Parser, number  # noqa: E402


def main(argv=None):
    ap = Parser(prog="profile_iteration.py", description=__doc__.splitlines()[0])
    ap.add_argument("--n", type=number(int, 2), default=100_000, help="samples, >= 2")
    # make_classification's 2 informative and 2 redundant features need d >= 4
    ap.add_argument("--d", type=number(int, 4), default=20, help="features, >= 4")
    ap.add_argument("--T", type=number(int, 1), default=100, help="boosting iterations, >= 1")
    ap.add_argument("--steps-T", type=number(int, 1), default=20,
                    help="iterations whose L-BFGS evaluations are counted step by step, >= 1")
    args = ap.parse_args(argv)
    import numba
    from sklearn.datasets import make_classification

    from gbrff._engine._bias import best_bias
    from gbrff._engine._lbfgs import lbfgs
    from gbrff._engine.loss_registry import HUBER_ALPHA
    from gbrff._engine._learners import OMEGA_EXP, _omega_trial_terms, omega_trial_fused
    from gbrff._engine._losses import _cosine_and_step, _update_scores, exp_weights
    from gbrff._engine._loop import COSINE, boost
    from gbrff._engine._reductions import back_project, n_blocks, project

    numba.set_num_threads(1)
    X, y01 = make_classification(n_samples=args.n, n_features=args.d, random_state=0)
    y = np.where(y01 == 1, 1.0, -1.0)
    XT = np.ascontiguousarray(X.T, dtype=np.float32)
    d, n = XT.shape
    rng = np.random.default_rng(0)
    draws = rng.standard_normal((args.T, d)) * np.sqrt(2.0 / d)
    sw = np.ones(n)
    z, p, qb, buf, hbuf, h, w, yt = (np.empty(n) for _ in range(8))
    Om0, C0 = np.empty((0, d)), np.empty((0, n))

    def run(T, record):
        H = np.zeros(n)
        tl, shift = exp_weights(y, H, sw, w, yt)
        n_eval = 0
        for t in range(T):
            om = draws[t].copy()
            t0 = time.perf_counter()
            project(XT, om, z)
            t1 = time.perf_counter()
            b = best_bias(z, yt, sw, shift, p, qb, buf)[0]
            t2 = time.perf_counter()
            n_eval += lbfgs(OMEGA_EXP, om, z, XT, Om0, C0, C0, yt, sw, shift, b, 0.0, 10, p,
                            hbuf, buf, h, qb, True)[1]
            t3 = time.perf_counter()
            al = _cosine_and_step(y, w, sw, z, b, h, p, qb)
            tl, shift = _update_scores(y, sw, al, h, H, w, yt)
            t4 = time.perf_counter()
            for k, dt in zip(record, (t1 - t0, t2 - t1, t3 - t2, t4 - t3)):
                record[k] += dt
        return n_eval

    run(min(2, args.T), dict.fromkeys(("a", "b", "c", "d"), 0.0))   # compile
    rec = dict.fromkeys(("projection z = X omega", "b search", "L-BFGS (10 steps)",
                         "alpha, H and weights"), 0.0)
    n_eval = run(args.T, rec)
    total = sum(rec.values())
    print(f"GBRFF2 iteration, n={n:,}, d={d}, T={args.T}, one thread "
          f"({n_blocks(n)} blocks of samples)")
    for k, v in rec.items():
        print(f"  {k:<26s} {1e3 * v / args.T:7.3f} ms  {100 * v / total:5.1f} %")
    print(f"  {'total':<26s} {1e3 * total / args.T:7.3f} ms   "
          f"({n_eval / args.T:.1f} objective evaluations an iteration)")
    # the evaluations each L-BFGS step adds, on the first iterations' problems
    n_steps = 10
    added = np.zeros(n_steps)
    early = 0
    H = np.zeros(n)
    tl, shift = exp_weights(y, H, sw, w, yt)
    for t in range(min(args.steps_T, args.T)):
        project(XT, draws[t], z)
        b = best_bias(z, yt, sw, shift, p, qb, buf)[0]
        before, f_last = 0, None
        for k in range(1, n_steps + 1):
            om, zk = draws[t].copy(), z.copy()
            # as boost: p, qb hold yt cos z, yt sin z from the b search (copies:
            # the refinement uses them as work arrays)
            f_k, n_k = lbfgs(OMEGA_EXP, om, zk, XT, Om0, C0, C0, yt, sw, shift, b, 0.0, k,
                             p.copy(), hbuf, buf, h, qb.copy(), True)
            added[k - 1] += n_k - before
            before = n_k
            if k == n_steps - 1:
                f_last = f_k
        early += f_k == f_last            # the stopping tests held before the last step
        al = _cosine_and_step(y, w, sw, zk, b, h, p, qb)
        tl, shift = _update_scores(y, sw, al, h, H, w, yt)
    m = min(args.steps_T, args.T)
    print(f"  evaluations added by L-BFGS step 1..{n_steps} (first {m} iterations): "
          + " ".join(f"{a / m:.2f}" for a in added) + f"; sum {added.sum() / m:.2f}; "
          f"stopped before step {n_steps}: {early} of {m}")
    # boost itself, for comparison
    om = draws.reshape(args.T, 1, d).copy()
    H = np.zeros(n)
    e = np.empty(0)
    e2 = np.empty((d, 0), dtype=np.float32)
    args_b = (XT, y, sw, H, om, np.zeros((args.T, 1)), np.zeros((args.T, 1)), np.zeros((args.T, d)),
              np.zeros(args.T), np.zeros(args.T), COSINE, 0, 10, 0.0, 1.0, 1.0, e2, e, e, e,
              np.zeros(args.T), 0, 1e-4, HUBER_ALPHA, 0)   # quantile (huber only), scale_free (regressors)
    boost(*(a.copy() if isinstance(a, np.ndarray) else a for a in args_b))      # compile
    t0 = time.perf_counter()
    boost(*args_b)
    print(f"  boost() itself: {1e3 * (time.perf_counter() - t0) / args.T:.3f} ms an iteration")
    # one pass of each kind
    g = rng.standard_normal(n) * 1e-3
    u = rng.standard_normal(n) * 1e-2
    out = np.empty(d)
    zt = np.empty(n)
    parts = np.empty((n_blocks(n), d))
    v = draws[0]
    passes = {
        "X @ v": lambda: project(XT, v, z),
        "X.T @ g": lambda: back_project(XT, g, out),
        "trial (sin, cos, exp a sample)": lambda: _omega_trial_terms(z, u, 0.5, yt, sw, 0.3, g,
                                                                     zt, buf),
        "fused: X @ v, trial, X.T @ g": lambda: omega_trial_fused(XT, v, z, u, 0.5, yt, sw, 0.3,
                                                                 g, zt, True, True, parts),
    }

    def in_turn():
        project(XT, v, u)
        _omega_trial_terms(z, u, 0.5, yt, sw, 0.3, g, zt, buf)
        back_project(XT, g, out)

    passes["the three, one after the other"] = in_turn
    print("  one pass over the data (best of 7 rounds of 20):")
    for name, t in _best_times(passes, rounds=7, calls=20).items():
        print(f"    {name:<30s} {1e3 * t:7.3f} ms")
    _trial_floor(yt, sw)


def _best_times(fns, rounds, calls):
    """Seconds a call of each of ``fns`` (name -> function), the best of
    ``rounds`` rounds of ``calls`` calls; the rounds interleave the functions,
    so that all of them see the same machine."""
    best = dict.fromkeys(fns, np.inf)
    for fn in fns.values():
        fn()
    for _ in range(rounds):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            for _ in range(calls):
                fn()
            best[name] = min(best[name], (time.perf_counter() - t0) / calls)
    return best


def _trial_floor(yt, sw, m=2048):
    """The trial a sample on one block in L1, and without its elementary functions."""
    from numba import njit

    from gbrff._engine._learners import _trial_block

    @njit
    def loads_and_stores(z, u, step, yt, sw, b, g, zt, lbuf, inv_n):
        for i in range(z.shape[0]):
            t = z[i] + step * u[i]
            zt[i] = t
            c = t - b
            lbuf[i] = sw[i] * c * yt[i]
            g[i] = sw[i] * yt[i] * c * inv_n

    m = min(m, yt.shape[0])        # the kernels read yt and sw up to m: never past the data
    rng = np.random.default_rng(1)
    z, u = rng.standard_normal(m) * 3, rng.standard_normal(m)
    g, zt, lb = np.empty(m), np.empty(m), np.empty(m)
    yt, sw = yt[:m], sw[:m]
    kinds = {"sin, cos, expm1 (the engine's)": _trial_block,
             "the same loads and stores only": loads_and_stores}
    best = _best_times({name: (lambda fn=fn: fn(z, u, 0.5, yt, sw, 0.3, g, zt, lb, 1e-5))
                        for name, fn in kinds.items()}, rounds=20, calls=50)
    print(f"  the trial a sample, {m} samples in L1 (best of 20 rounds of 50):")
    for name, t in best.items():
        print(f"    {name:<30s} {1e9 * t / m:7.2f} ns")


if __name__ == "__main__":
    main()
