"""gbrff.datasets: where the data folder resolves to, and the command line's errors (no network, no mirror)."""

import pytest

from gbrff.datasets import DataNotFoundError, _uci, download, load_uci
from gbrff.datasets.__main__ import main


@pytest.fixture
def a_file(tmp_path):
    path = tmp_path / "passwd"
    path.write_text("not a folder\n")
    return path


@pytest.mark.parametrize("empty", ["", "  "])
def test_an_empty_value_counts_as_unset(empty, monkeypatch, tmp_path):
    """GBRFF_DATA_DIR= (or --data-dir "") was the working directory."""
    monkeypatch.setenv("GBRFF_DATA_DIR", empty)
    default = _uci.default_data_dir()
    assert _uci.resolve_data_dir() == default and _uci.resolve_data_dir(empty) == default
    monkeypatch.setenv("GBRFF_DATA_DIR", str(tmp_path))
    assert _uci.resolve_data_dir(empty) == tmp_path           # an empty argument defers to the variable


def test_a_file_is_not_a_data_folder(a_file, monkeypatch):
    """load_uci suggested `download ... --data-dir /etc/passwd` for a data folder that was a file."""
    with pytest.raises(DataNotFoundError, match=f"data folder {a_file} is a file, not a folder"):
        _uci.resolve_data_dir(a_file)
    with pytest.raises(DataNotFoundError, match=f"cannot be a folder: {a_file} is a file"):
        _uci.resolve_data_dir(a_file / "sub")
    monkeypatch.setenv("GBRFF_DATA_DIR", str(a_file))
    with pytest.raises(DataNotFoundError, match=f"GBRFF_DATA_DIR={a_file} is a file") as err:
        load_uci("wine")
    assert "--data-dir" not in str(err.value)
    assert _uci.resolve_data_dir(a_file.parent / "new") == a_file.parent / "new"   # not there yet: fine


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), float("inf"), "60"])
def test_download_wants_a_positive_timeout(timeout, tmp_path):
    with pytest.raises(ValueError, match="timeout: expected a number of seconds > 0"):
        download(["wine"], data_dir=tmp_path, timeout=timeout, log=lambda s: None)
    assert not any(tmp_path.iterdir())                      # refused before anything was fetched


@pytest.mark.parametrize("argv, says", [
    (["download", "--timeout", "0", "wine"], "argument --timeout: expected a number of seconds > 0, got '0'"),
    (["download", "--timeout", "-1", "wine"], "expected a number of seconds > 0, got '-1'"),
    (["download", "--timeout", "nan", "wine"], "expected a number of seconds > 0, got 'nan'"),
    (["download", "--data-dir", "{file}", "wine"], "argument --data-dir: data folder {file} is a file"),
    (["fetch"], "invalid choice: 'fetch'"),
])
def test_command_line_mistakes_exit_2_in_the_experiments_form(argv, says, a_file, capsys):
    with pytest.raises(SystemExit) as e:
        main([a.format(file=a_file) for a in argv])
    assert e.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("gbrff: error: ") and says.format(file=a_file) in err
    assert "--help)" in err


def test_an_unknown_task_exits_2_and_a_folder_that_is_a_file_1(a_file, monkeypatch, capsys):
    """`download wien` said `error: ...` with exit code 1; the experiments CLI says `gbrff: error:`, 2."""
    assert main(["download", "wien"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gbrff: error: unknown UCI task(s) ['wien']; valid names: wine, sonar")
    assert err.count("\n") == 1
    monkeypatch.setenv("GBRFF_DATA_DIR", str(a_file))      # the environment's mistake, not the command line's
    assert main(["download", "wine"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"gbrff: error: GBRFF_DATA_DIR={a_file} is a file") and err.count("\n") == 1


def test_a_missing_file_sends_to_what_an_installed_package_has(tmp_path):
    """The message named 'datasets/README.md in gbrff's repository', which a pip user does not have."""
    with pytest.raises(DataNotFoundError) as err:
        load_uci("wine", data_dir=tmp_path)
    message = str(err.value)
    assert "README" not in message and "repository" not in message
    assert "`python -m gbrff.datasets download --help`" in message and "page 'Data sets'" in message
