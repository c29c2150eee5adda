"""A run killed part-way (SIGKILL) or interrupted (Ctrl-C) and restarted ends like
an uninterrupted run, and ``meta.json`` says how each invocation ended;
the Dask and joblib paths give the same results as a serial run."""

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest

from tests._data import data_dir

ROOT = Path(__file__).resolve().parents[2]
N_UNITS = 2 * 2 * 2 * (4 * 5 + 1)  # tasks x splits x methods x (4 points x 5 folds + refit)


def env():
    e = dict(os.environ)
    e["PYTHONPATH"] = os.pathsep.join([str(ROOT), e.get("PYTHONPATH", "")])
    e["GBRFF_DATA_DIR"] = data_dir()
    e.setdefault("OMP_NUM_THREADS", "1")
    e.setdefault("OPENBLAS_NUM_THREADS", "1")
    return e


def command(out, *extra):
    return [sys.executable, "-m", "gbrff.experiments", "table2", "--tasks", "wine,sonar",
            "--methods", "SLOW,RIDGE", "--n-splits", "2", "--n-iter", "20",
            "--registry", "tests.experiments.test_standin:get_method", "--out", str(out), *extra]


def runs_without_times(out):
    df = pd.read_csv(Path(out) / "runs.csv")
    assert list(df.columns) == ["task", "method", "split", "seed", "test_accuracy",
                                "best_params", "fit_seconds"]
    return df.drop(columns="fit_seconds")


def store_keys(out):
    lines = (Path(out) / "store.jsonl").read_text().splitlines()
    return [json.loads(line)["key"] for line in lines]


def stop_part_way(out, sig):
    """Start a run into ``out``, send it ``sig`` once 40 units are stored; (return code, stderr)."""
    # SIGINT back to its default in the run: a shell's background job (``pytest &``,
    # nohup) inherits it ignored, and Python then installs no KeyboardInterrupt handler
    proc = subprocess.Popen(command(out), env=env(), cwd=ROOT, stderr=subprocess.PIPE,
                            stdout=subprocess.DEVNULL,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    store = out / "store.jsonl"
    deadline = time.time() + 120
    while time.time() < deadline:
        if store.exists() and store.read_bytes().count(b"\n") >= 40:
            break
        time.sleep(0.005)
    proc.send_signal(sig)
    proc.wait(timeout=60)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    return proc.returncode, err


@pytest.fixture(scope="module")
def reference(tmp_path_factory):
    out = tmp_path_factory.mktemp("reference")
    subprocess.run(command(out, "--no-progress"), env=env(), cwd=ROOT, check=True,
                   timeout=300)
    return out


@pytest.mark.slow
def test_uninterrupted_run_is_complete(reference):
    keys = store_keys(reference)
    assert len(keys) == len(set(keys)) == N_UNITS
    runs = runs_without_times(reference)
    assert len(runs) == 2 * 2 * 2
    summary = pd.read_csv(reference / "summary.csv")
    assert list(summary.columns) == ["task", "method", "n_splits", "mean", "std"]
    assert (summary["n_splits"] == 2).all()
    meta = json.loads((reference / "meta.json").read_text())
    assert meta["runs"][0]["cpu_count"] >= 1 and meta["runs"][0]["wall_seconds"] > 0


@pytest.mark.slow
def test_killed_run_restarts_without_recomputing_losing_or_duplicating(reference, tmp_path):
    out = tmp_path / "killed"
    returncode, err = stop_part_way(out, signal.SIGKILL)
    store = out / "store.jsonl"
    assert returncode == -signal.SIGKILL
    assert "ETA" in err  # the progress bar was drawn
    killed = json.loads((out / "meta.json").read_text())["runs"]
    assert [r["status"] for r in killed] == ["running"]  # written at the start: machine and BLAS known
    assert killed[0]["cpu_count"] >= 1 and "wall_seconds" not in killed[0]
    done = len(store_keys(out))
    assert 40 <= done < N_UNITS, "the kill must land part-way"
    with open(store, "ab") as fh:  # as if killed in the middle of a write
        fh.write(b'{"key":"[\\"table2\\",[\\"uci\\",\\"wine\\"],0,0,\\"SL')

    subprocess.run(command(out, "--no-progress", "--n-jobs", "2"), env=env(), cwd=ROOT,
                   check=True, timeout=300)
    keys = store_keys(out)
    assert len(keys) == len(set(keys)) == N_UNITS
    assert set(keys) == set(store_keys(reference))
    meta = json.loads((out / "meta.json").read_text())
    # the next run holds the folder's lock, so the entry still "running" is a dead run's
    assert [r["status"] for r in meta["runs"]] == ["killed", "finished"]
    assert meta["runs"][0]["killed_noticed"] == meta["runs"][1]["started"]
    assert meta["runs"][-1]["computed_units"] == N_UNITS - done
    pd.testing.assert_frame_equal(runs_without_times(out), runs_without_times(reference))

    # a third run finds everything done and computes nothing
    subprocess.run(command(out, "--no-progress"), env=env(), cwd=ROOT, check=True, timeout=300)
    assert json.loads((out / "meta.json").read_text())["runs"][-1]["computed_units"] == 0
    assert len(store_keys(out)) == N_UNITS


@pytest.mark.slow
def test_interrupted_run_records_itself_and_resumes(reference, tmp_path):
    out = tmp_path / "interrupted"
    returncode, err = stop_part_way(out, signal.SIGINT)  # Ctrl-C: the way a slice of a long run ends
    assert returncode == 130 and "interrupted" in err and "Traceback" not in err
    entry = json.loads((out / "meta.json").read_text())["runs"][-1]
    assert entry["status"] == "interrupted" and entry["wall_seconds"] > 0
    assert 40 <= entry["computed_units"] == len(store_keys(out)) < N_UNITS
    subprocess.run(command(out, "--no-progress"), env=env(), cwd=ROOT, check=True, timeout=300)
    meta = json.loads((out / "meta.json").read_text())
    assert [r["status"] for r in meta["runs"]] == ["interrupted", "finished"]
    assert sum(r["computed_units"] for r in meta["runs"]) == N_UNITS
    pd.testing.assert_frame_equal(runs_without_times(out), runs_without_times(reference))


@pytest.mark.slow
@pytest.mark.parametrize("workers", ["1", "2"])
def test_a_terminated_run_records_itself_and_resumes(reference, tmp_path, workers):
    """SIGTERM (plain `kill`, `timeout`) ends a run as Ctrl-C does: "terminated" in
    meta.json (not "running", then "killed"), the store closed, exit code 143."""
    out = tmp_path / "terminated"
    proc = subprocess.Popen(command(out, "--n-jobs", workers), env=env(), cwd=ROOT,
                            stderr=subprocess.PIPE, stdout=subprocess.DEVNULL)
    store = out / "store.jsonl"
    deadline = time.time() + 120
    while time.time() < deadline and not (store.exists() and store.read_bytes().count(b"\n") >= 40):
        time.sleep(0.005)
    proc.send_signal(signal.SIGTERM)
    returncode = proc.wait(timeout=60)
    err = proc.stderr.read().decode()
    proc.stderr.close()
    assert returncode == 143 and "terminated" in err and "Traceback" not in err, err
    entry = json.loads((out / "meta.json").read_text())["runs"][-1]
    assert entry["status"] == "terminated" and entry["wall_seconds"] > 0
    assert 40 <= entry["computed_units"] == len(store_keys(out)) < N_UNITS
    subprocess.run(command(out, "--no-progress"), env=env(), cwd=ROOT, check=True, timeout=300)
    meta = json.loads((out / "meta.json").read_text())
    assert [r["status"] for r in meta["runs"]] == ["terminated", "finished"]
    assert sum(r["computed_units"] for r in meta["runs"]) == N_UNITS
    pd.testing.assert_frame_equal(runs_without_times(out), runs_without_times(reference))


@pytest.mark.slow
def test_dask_localcluster_gives_the_serial_results(reference, tmp_path):
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False,
                                  host="127.0.0.1", protocol="tcp",
                                  dashboard_address=None) as cluster:
        out = tmp_path / "dask"
        proc = subprocess.run(command(out, "--no-progress", "--backend", "dask",
                                      "--scheduler", cluster.scheduler_address),
                              env=env(), cwd=ROOT, timeout=300, capture_output=True, text=True)
        assert proc.returncode == 0, proc.stderr[-3000:]
    assert sorted(store_keys(out)) == sorted(store_keys(reference))
    pd.testing.assert_frame_equal(runs_without_times(out), runs_without_times(reference))
    meta = json.loads((out / "meta.json").read_text())
    assert meta["runs"][-1]["backend"] == "dask"


@pytest.mark.slow
def test_dask_without_scheduler_is_a_clear_error(tmp_path):
    proc = subprocess.run(command(tmp_path, "--backend", "dask"), env=env(), cwd=ROOT,
                          timeout=120, capture_output=True, text=True)
    assert proc.returncode != 0 and "--scheduler" in proc.stderr


def test_a_run_refused_by_the_lock_leaves_the_run_log_alone(tmp_path):
    """A second invocation into a folder another run holds is refused before it
    writes anything: no entry of its own, and the live run's stays "running"."""
    from gbrff.experiments._cli import main
    from gbrff.experiments._runner import RunLog
    from gbrff.experiments._store import ResultStore

    out = tmp_path / "busy"
    store = ResultStore(out / "store.jsonl")          # a live run's lock
    live = RunLog(out, "table2", {})
    before = (out / "meta.json").read_bytes()
    try:
        code = main(command(out, "--no-progress")[3:])
    finally:
        store.close()
    assert code == 1
    assert (out / "meta.json").read_bytes() == before
    assert [r["status"] for r in json.loads(before)["runs"]] == ["running"]
    live.finish()
    assert [r["status"] for r in json.loads((out / "meta.json").read_text())["runs"]] == [
        "finished"]


def test_an_unreadable_run_log_is_kept_aside_not_overwritten(tmp_path, capsys):
    from gbrff.experiments._runner import RunLog

    (tmp_path / "meta.json").write_text('{"runs": [{"command": "table2", "sta')  # torn by hand
    (tmp_path / "meta.unreadable.json").write_text("an earlier one")
    log = RunLog(tmp_path, "table2", {})
    log.finish()
    assert (tmp_path / "meta.unreadable.json").read_text() == "an earlier one"
    assert (tmp_path / "meta.unreadable.1.json").read_text().startswith('{"runs": [{"comm')
    assert "meta.unreadable.1.json" in capsys.readouterr().err
    runs = json.loads((tmp_path / "meta.json").read_text())["runs"]
    assert [r["status"] for r in runs] == ["finished"]
    assert not list(tmp_path.glob(".*.tmp"))
