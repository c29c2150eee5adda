"""The command lines of the scripts in benchmarks/: --help everywhere, bad arguments and missing data
as one-line errors (exit 2 for the command line, 1 for the data), never a traceback."""

import os
import subprocess
import sys

import pytest

from tests._benchmarks import ROOT, load_benchmark

SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))


def _run(script, *argv, env=None):
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *argv], capture_output=True,
                          text=True, env=env, timeout=120)


@pytest.mark.slow
def test_every_script_prints_its_usage():
    """app_processes.py --help was a ValueError; each script now has an argparse usage."""
    assert len(SCRIPTS) >= 10
    for script in SCRIPTS:
        proc = _run(script, "--help")
        assert proc.returncode == 0 and proc.stdout.startswith(f"usage: {script} "), (script, proc.stderr)


@pytest.mark.parametrize("script, argv, says", [
    ("gbrff2plus_fit_time", ["--repeat", "0"], "--repeat: expected an integer >= 1"),
    ("gbrff2plus_fit_time", ["--splits", "0,x"], "--splits: expected comma-separated integers >= 0"),
    ("gbrff2plus_cv", ["--candidates", "-1"], "--candidates: indices from 0 to "),  # was the last one
    ("gbrff2plus_cv", ["--tasks", "wien"], "unknown task 'wien'; valid: wine, sonar"),
    ("gbrff2plus_cv", ["--splits", ""], "--splits: expected comma-separated integers"),
])
def test_bad_arguments_are_one_line_usage_errors(script, argv, says, capsys):
    with pytest.raises(SystemExit) as e:
        load_benchmark(script).main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"{script}.py: error: ") and says in err


@pytest.mark.parametrize("script, argv, names", [
    ("gbrff2plus_fit_time", [], "wine sonar newthyroid"),   # was a DataNotFoundError traceback
    ("gbrff2plus_cv", ["--tasks", "wine,sonar"], "wine sonar"),
])
def test_missing_data_is_one_line_with_the_download_command(script, argv, names, tmp_path, monkeypatch,
                                                            capsys):
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))   # a folder without the files
    with pytest.raises(SystemExit) as e:
        load_benchmark(script).main(argv)
    assert e.value.code == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"python -m gbrff.datasets download {names}" in err and str(tmp_path) in err


@pytest.mark.slow
def test_bench_preprint_checks_its_arguments_and_data(tmp_path):
    """In a process of its own: the script sets one thread for every library when it is imported."""
    for argv, says in ((["--repeat", "0"], "--repeat: expected an integer >= 1"),
                       (["--mkboost", "wien"], "unknown task 'wien'")):
        proc = _run("bench_preprint.py", *argv)
        assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and says in proc.stderr, proc.stderr
    proc = _run("bench_preprint.py", "--mkboost", "wine", env={**os.environ, "GBRFF_DATA_DIR": str(tmp_path)})
    assert proc.returncode == 1 and proc.stderr.count("\n") == 1, proc.stderr
    assert "python -m gbrff.datasets download spambase wine" in proc.stderr


def test_number_and_name_checks():
    args = load_benchmark("_args")
    assert args.number(int, 1)("3") == 3 and args.number(int, 1)("1e3") == 1000
    assert args.number(float, 0, strict=True)("0.5") == 0.5
    for kind, low, strict, text in ((int, 1, False, "0"), (int, 1, False, "1.5"), (float, 0, True, "0"),
                                    (float, 0, True, "nan"), (float, 0, True, "inf")):
        with pytest.raises(Exception, match="expected"):
            args.number(kind, low, strict)(text)
    assert args.int_list(0)("2,0,2") == [2, 0]
    parser = args.Parser(prog="x.py")
    assert args.pick(parser, "task", "WINE,sonar,wine", ["wine", "sonar"]) == ["wine", "sonar"]
    for text in ("wien", " , "):
        with pytest.raises(SystemExit) as e:
            args.pick(parser, "task", text, ["wine", "sonar"])
        assert e.value.code == 2
