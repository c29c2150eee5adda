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


@pytest.mark.slow
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


@pytest.mark.parametrize("argv, says", [(["--n", "0"], "--n: expected an integer >= 2, got '0'"),
                                        (["--d", "3"], "--d: expected an integer >= 4"),
                                        (["--T", "-1"], "--T: expected an integer >= 1"),
                                        (["--steps-T", "0"], "--steps-T: expected an integer >= 1")])
def test_bad_sizes_are_one_line_usage_errors(profile, argv, says, capsys):
    """--n 0 was a scikit-learn traceback, --d 3 another, --steps-T 0 a division by zero."""
    with pytest.raises(SystemExit) as e:
        profile.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


@pytest.mark.slow
def test_fewer_samples_than_a_block_stay_within_the_data(profile, capsys):
    """The trial's timing read 2,048 samples of arrays that had fewer (out of bounds in compiled code)."""
    profile.main(["--n", "300", "--d", "4", "--T", "1", "--steps-T", "1"])    # T=1 was an IndexError
    out = capsys.readouterr().out
    assert "the trial a sample, 300 samples in L1" in out
