"""How the test suite itself is set up."""


def test_expected_failures_are_strict(pytestconfig):
    """An expected failure that passes fails the run, so a stale marker cannot stay."""
    assert pytestconfig.getini("xfail_strict") is True
