"""benchmarks/compare_engines.py: a comparison of nothing, or of a revision that does not exist, fails."""

import numpy as np
import pytest

from tests._benchmarks import load_benchmark


@pytest.fixture(scope="module")
def compare_engines():
    return load_benchmark("compare_engines")


def test_comparing_no_array_is_not_agreement(compare_engines, tmp_path, capsys):
    a, b = tmp_path / "a.npz", tmp_path / "b.npz"
    np.savez(a)
    np.savez(b)
    assert compare_engines.compare(a, b) != 0
    assert "nothing was compared" in capsys.readouterr().out
    np.savez(a, x=np.arange(3.0))
    np.savez(b, x=np.arange(3.0))
    assert compare_engines.compare(a, b) == 0


@pytest.mark.parametrize("argv, says", [(["--base", "no-such-revision"], "is not a git revision"),
                                        (["--base-npz", "/no/such.npz"], "no such file"),
                                        ([], "give --base REV or --base-npz FILE")])
def test_bad_arguments_are_one_line_errors(compare_engines, argv, says, capsys):
    with pytest.raises(SystemExit) as e:
        compare_engines.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
