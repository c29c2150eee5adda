"""benchmarks/app_processes.py: its command line (no server is started here)."""

import pytest

from tests._benchmarks import load_benchmark


@pytest.fixture(scope="module")
def app_processes():
    return load_benchmark("app_processes")


def test_help_prints_the_usage(app_processes, capsys):
    """--help was a ValueError (int('--help'))."""
    with pytest.raises(SystemExit) as e:
        app_processes.main(["--help"])
    assert e.value.code == 0
    assert capsys.readouterr().out.startswith("usage: app_processes.py [-h] [N]")


@pytest.mark.parametrize("n, says", [("0", "expected an integer >= 1, got '0'"),     # was a StatisticsError
                                     ("two", "expected an integer >= 1, got 'two'"),
                                     ("31", "at most 30 processes")])
def test_a_bad_count_is_a_usage_error(app_processes, n, says, capsys):
    with pytest.raises(SystemExit) as e:
        app_processes.main([n])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err
