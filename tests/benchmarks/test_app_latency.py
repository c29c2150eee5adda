"""benchmarks/app_latency.py: its command line and its one-line errors (no server, no browser started here)."""

import pytest

from tests._benchmarks import load_benchmark


@pytest.fixture(scope="module")
def app_latency():
    return load_benchmark("app_latency")


def test_help_prints_the_usage(app_latency, capsys):
    with pytest.raises(SystemExit) as e:
        app_latency.main(["--help"])
    assert e.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith("usage: app_latency.py [-h] [--repeat N] [--only NAMES]")
    assert "first, plain, anchor, changes, bytes, boot, proxy, cold" in " ".join(out.split())


@pytest.mark.parametrize("argv, says", [(["--repeat", "0"], "--repeat: expected an integer >= 1"),
                                        (["--only", "first,nope"], "unknown measurement 'nope'; valid: first, "),
                                        (["--only", "first", "--pages", "nowhere"],
                                         "unknown page 'nowhere'; valid: home, ")])
def test_bad_arguments_are_one_line_usage_errors(app_latency, argv, says, capsys):
    with pytest.raises(SystemExit) as e:
        app_latency.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and says in err


def test_a_missing_anchor_is_one_line_and_exit_2(app_latency, tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        app_latency.main(["--anchor", str(tmp_path / "nowhere")])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "TensorFlow Playground's build is missing" in err


def test_a_missing_chromium_is_one_line_and_exit_2(app_latency, monkeypatch, tmp_path, capsys):
    monkeypatch.setattr(app_latency, "CHROMIUM", str(tmp_path / "chromium"))
    with pytest.raises(SystemExit) as e:
        app_latency.main(["--only", "first"])
    assert e.value.code == 2
    assert capsys.readouterr().err.startswith(f"app_latency.py: error: {tmp_path / 'chromium'} is missing")


def test_the_pages_are_the_routers():
    import appkit
    assert load_benchmark("app_latency").app_pages() == [spec.url_path for spec in appkit.PAGES]
