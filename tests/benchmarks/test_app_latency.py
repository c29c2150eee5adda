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


def test_the_markdown_table_puts_tensorflow_playground_beside_its_own_figures(app_latency):
    out = {"anchor": 0.61, "anchor bytes": 524e3, "anchor change noise step": 0.04, "first playground": 2.03,
           "change noise step": 0.2, "change noise step kB": 85.0, "change algorithm": 0.46,
           "fresh load of the playground": 1.29e6}
    text = app_latency.markdown(out, "x86_64, some CPU, 2 cores", 3, (0.1, 2.2), "then")
    lines = text.splitlines()
    assert lines[:2] == ["| what the user waits for | gbrff | TensorFlow Playground |", "|---|---|---|"]
    assert lines[2:6] == ["| first picture, playground (warm server) | 2.03 s | 0.61 s |",
                          "| noise step: drawn and quiet after | 0.20 s; 85 kB | 0.04 s |",
                          "| algorithm: drawn and quiet after | 0.46 s | — |",
                          "| bytes of a fresh load of the playground | 1.29 MB | 0.52 MB |"]
    assert lines[6:] == ["", "Machine: x86_64, some CPU, 2 cores; headless Chromium, medians of 3; "
                             "load average 0.1 before, 2.2 after; then."]


def test_the_committed_table_is_the_writers_format(app_latency):
    """benchmarks/results/app_latency.md (included by the docs' speed page) has the header and the machine
    line ``markdown`` writes."""
    from pathlib import Path
    text = (Path(__file__).resolve().parents[2] / "benchmarks" / "results" / "app_latency.md").read_text()
    assert text.startswith("| what the user waits for | gbrff | TensorFlow Playground |\n|---|---|---|\n")
    assert text.rstrip().splitlines()[-1].startswith("Machine: ")


def test_a_markdown_file_in_a_missing_folder_is_one_line_and_exit_2(app_latency, tmp_path, capsys):
    with pytest.raises(SystemExit) as e:
        app_latency.main(["--markdown", str(tmp_path / "nowhere" / "t.md")])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "its folder does not exist" in err


def test_busy_seconds_counts_a_child_process_cpu(app_latency):
    import subprocess
    import sys

    before = app_latency._busy_seconds()
    child = subprocess.Popen([sys.executable, "-c", "import time\nt = time.process_time()\n"
                              "while time.process_time() - t < 0.3: pass\nprint('spun', flush=True)\n"
                              "time.sleep(30)"], stdout=subprocess.PIPE, text=True)
    try:
        # the child has spun 0.3 s of CPU and sleeps: still alive, so counted (however loaded the machine)
        assert child.stdout.readline().strip() == "spun"
        assert app_latency._busy_seconds() - before >= 0.25
    finally:
        child.kill()
        child.wait()


def test_the_cpu_rows_read_as_core_seconds(app_latency):
    assert app_latency._row("cpu the playground 3", 2.09, {}) == (
        "CPU a fresh visit, the playground, 3 at once", "2.09 core-s")
