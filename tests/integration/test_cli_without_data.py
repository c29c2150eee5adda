"""Every command-line tool with no data present: a mistake of the command line comes first.

With an empty ``GBRFF_DATA_DIR``, an output folder that a run would refuse and a
"server" that counts who connects to it, each mistake ends in one line ``gbrff:
error: ...`` and exit code 2 — not in the missing data's exit code 1 (issue 43: ``table2
--tasks wine --backend dask`` without data said "file ... is missing"), and
without a folder created, a data file read or a connection made.
"""

import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from gbrff.experiments._cli import build_parser, main

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def listener():
    """A port that accepts connections and never answers: a Dask scheduler or a mirror that
    nobody must contact. Yields its URL's host:port; fails the test if anyone connected."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    srv.setblocking(False)
    yield f"127.0.0.1:{srv.getsockname()[1]}"
    try:
        conn, _ = srv.accept()
    except BlockingIOError:
        conn = None
    srv.close()
    if conn is not None:
        conn.close()
        pytest.fail("the command connected to the server before checking its command line")


@pytest.fixture
def no_data(tmp_path, monkeypatch):
    """The working directory: an empty data folder (GBRFF_DATA_DIR) and 'mine', a folder of a
    user's file that a run refuses as its --out (exit code 1, if it were looked at first)."""
    (tmp_path / "no-data").mkdir()
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "notes.txt").write_text("mine")
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path / "no-data"))
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _tree(folder):
    return sorted(str(p.relative_to(folder)) for p in Path(folder).rglob("*"))


# per subcommand, mistakes that argparse lets through (its own errors come first by construction)
MISTAKES = [
    ("table2", ["--tasks", "wine", "--backend", "dask"], "--backend dask needs --scheduler"),
    ("table2", ["--tasks", "wine", "--methods", "nope"], "unknown method 'nope'"),
    ("table2", ["--tasks", "wines"], "unknown task 'wines'"),
    ("table2", ["--protocol", "2019", "--methods", "GBRFF2"], "are not in the 2019 preprint's protocol"),
    ("landmarks", ["--tasks", "wine", "--methods", "nope"], "unknown method 'nope'"),
    ("landmarks", ["--protocol", "2019", "--tasks", "wine,nope"], "unknown task 'nope'"),
    ("kbudget", ["--tasks", "wine", "--ks", "20", "--budgets", "10"], "nothing to run"),
    ("kbudget", ["--tasks", "nope"], "unknown task 'nope'"),
    ("scaling", ["--methods", "nope"], "unknown method 'nope'"),
    ("scaling", ["--start", "500", "--max-samples", "400"], "--start 500 is larger than --max-samples 400"),
    ("toy", ["--problems", "spiral"], "unknown toy problem 'spiral'"),
    ("thesis", ["--tasks", "covertype"], "no task with data to run"),
    ("thesis", ["--tasks", "vowel", "--methods", "nope"], "unknown method 'nope'"),
    ("defaults", ["--tasks", "wine", "--methods", "nope"], "unknown method 'nope'"),
    ("fkl", ["--task", "wine", "--sizes", "5000", "--n-test", "20"], "sizes [5000] are larger"),
    ("fkl", ["--task", "wine", "--sizes", "50", "--n-test", "1000"], "--n-test 1000 leaves fewer than 2"),
    ("fkl", ["--task", "nope"], "unknown UCI task 'nope'"),
    ("fkl", ["--task", "vowel"], "task 'vowel' is not binary"),
    ("fkl", ["--task", "wine", "--methods", "nope"], "unknown method 'nope'"),
    ("report", ["all", "--n-iter", "5"], "--n-iter picks the runs of one experiment"),
    ("report", ["fkl", "--n-iter", "5"], "--n-iter does not apply to fkl"),
]


def test_every_subcommand_is_tried():
    """A subcommand added later gets its case here."""
    subparsers = next(a for a in build_parser()._actions if isinstance(a.choices, dict))
    assert {c for c, _, _ in MISTAKES} == set(subparsers.choices)


@pytest.mark.parametrize("command, argv, words", MISTAKES, ids=[f"{c}-{w}" for c, _, w in MISTAKES])
def test_experiments_cli_without_data_reports_the_command_line_first(no_data, listener, capsys,
                                                                    command, argv, words):
    # and what would end in exit code 1 if it were looked at first: a folder a run refuses, and
    # for the runs with an executor a Dask scheduler (contacted last)
    argv = [command, *argv, "--out", "mine"]
    if command not in ("report", "fkl"):
        argv += ["--no-progress"]
        if "--backend" not in argv:
            argv += ["--backend", "dask", "--scheduler", f"tcp://{listener}"]
    before = _tree(no_data)
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("gbrff: error: ") and words in err, err
    assert _tree(no_data) == before


def test_a_method_or_backend_without_its_package_is_a_command_line_error(no_data, listener, capsys,
                                                                        monkeypatch):
    """Named before the data: the extra that installs it, exit code 2."""
    monkeypatch.setitem(sys.modules, "xgboost", None)
    monkeypatch.delitem(sys.modules, "gbrff.baselines._xgb", raising=False)
    assert main(["table2", "--tasks", "wine", "--methods", "GBRFF2,XGB", "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "gbrff: error: the XGB method needs xgboost" in err, err
    assert "pip install 'gbrff[xgboost]'" in err
    monkeypatch.setitem(sys.modules, "distributed", None)
    argv = ["kbudget", "--tasks", "wine", "--backend", "dask", "--scheduler", f"tcp://{listener}"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--backend dask needs distributed" in err, err
    assert "pip install 'gbrff[dask]'" in err
    assert _tree(no_data) == ["mine", "mine/notes.txt", "no-data"]


def _fresh(*argv, env, cwd):
    return subprocess.run([sys.executable, *argv], env=env, cwd=cwd, capture_output=True, text=True,
                          timeout=300)


@pytest.mark.slow
def test_both_tools_in_a_fresh_process_without_data(tmp_path, listener):
    """`python -m gbrff.experiments` and `python -m gbrff.datasets` as a user runs them, without
    data: the issue's command, then download's mistakes before any folder or connection."""
    empty = tmp_path / "no-data"
    empty.mkdir()
    env = dict(os.environ, GBRFF_DATA_DIR=str(empty),
               PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]))
    runs = [
        (["-m", "gbrff.experiments", "table2", "--tasks", "wine", "--methods", "GBRFF2", "--backend", "dask"],
         "--backend dask needs --scheduler"),
        (["-m", "gbrff.datasets", "download", "nosuchtask", "--data-dir", str(tmp_path / "new"),
          "--base-url", f"http://{listener}"], "nosuchtask"),
        (["-m", "gbrff.datasets", "download", "wine", "--timeout", "0", "--data-dir", str(tmp_path / "new"),
          "--base-url", f"http://{listener}"], "--timeout"),
    ]
    for argv, words in runs:
        proc = _fresh(*argv, env=env, cwd=tmp_path)
        assert proc.returncode == 2, proc.stderr
        assert "Traceback" not in proc.stderr and proc.stderr.count("\n") == 1 and words in proc.stderr, \
            proc.stderr
    assert _tree(tmp_path) == ["no-data"]
