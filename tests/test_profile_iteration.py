"""benchmarks/profile_iteration.py runs and its counts agree (a smoke run, no timing checked)."""

import re

import numba
import pytest

from tests._benchmarks import load_benchmark


@pytest.fixture
def profile():
    threads = numba.get_num_threads()
    yield load_benchmark("profile_iteration")
    numba.set_num_threads(threads)       # the script sets one thread


def test_prints_every_piece_and_recounts_the_evaluations(profile, capsys):
    profile.main(["--n", "6000", "--d", "5", "--T", "3", "--steps-T", "3"])
    out = capsys.readouterr().out
    for piece in ("projection z = X omega", "b search", "L-BFGS", "alpha, H and weights",
                  "boost() itself", "fused: X @ v, trial, X.T @ g",
                  "the three, one after the other", "the same loads and stores only"):
        assert piece in out
    per_iteration = float(re.search(r"\(([\d.]+) objective evaluations an iteration\)", out)[1])
    line = re.search(r"evaluations added by L-BFGS step 1\.\.10 \(first 3 iterations\): (.*); "
                     r"sum ([\d.]+); stopped before step 10: (\d+) of 3", out)
    added = [float(a) for a in line[1].split()]
    assert len(added) == 10 and all(a >= 0 for a in added)
    # rerunning the refinements step by step gives the evaluations the profile counted
    assert float(line[2]) == pytest.approx(per_iteration, abs=0.051)   # printed to .1f
    assert added[0] >= 2                 # the first step: the start point and a trial
