"""retire_method: a redefined method's records leave the folder, renamed, and stay reportable."""

import json

import pytest

from gbrff.experiments import REFIT, Context, Group, ResultStore, run_unit, write_report
from gbrff.experiments._retire import retire_method
from gbrff.experiments._store import StoreLockedError


def _records(path):
    return [json.loads(line) for line in open(path) if line.strip()]


@pytest.fixture
def folder(tmp_path):
    out = tmp_path / "table2"
    recs = []
    for method in ("GBRFF2", "GBRFF1"):
        g = Group("table2", ("toy", "moons", 60, 60), 0, 0, method, [{"gamma": 0.5}], 5)
        recs.append(run_unit(Context(), g.unit({"gamma": 0.5}, REFIT)))
    write_report("table2", out, recs)
    with ResultStore(out / "store.jsonl") as store:
        for r in recs:
            store.add(r)
    (out / "meta.json").write_text('{"runs": []}')
    return out


def test_moves_renames_and_rekeys(folder, tmp_path):
    dest = tmp_path / "table2_superseded"
    before = {r["key"]: r for r in _records(folder / "refits.jsonl")}
    moved = retire_method(folder, "GBRFF2", "GBRFF2 (old)", dest)
    assert moved == {"refits.jsonl": 1, "store.jsonl": 1}
    for name in ("refits.jsonl", "store.jsonl"):
        assert [r["method"] for r in _records(folder / name)] == ["GBRFF1"]
        (old,) = _records(dest / name)
        assert old["method"] == "GBRFF2 (old)"
        assert json.loads(old["key"])[4] == "GBRFF2 (old)"
        # everything but the name is the old record's
        (orig,) = [r for r in before.values() if r["method"] == "GBRFF2"]
        assert {k: v for k, v in old.items() if k not in ("method", "key")} == \
            {k: v for k, v in orig.items() if k not in ("method", "key")}
    assert (dest / "meta.json").is_file()
    # the retired rows are reported in their folder under their new name
    assert write_report("table2", dest)
    assert "GBRFF2 (old)" in (dest / "summary.csv").read_text()
    # and the source's report no longer knows them
    write_report("table2", folder)
    assert "GBRFF2," not in (folder / "summary.csv").read_text()
    # retiring again into the same folder: nothing left to move
    with pytest.raises(ValueError, match="no record of method"):
        retire_method(folder, "GBRFF2", "GBRFF2 (old)", dest)


def test_refuses_bad_requests(folder, tmp_path):
    with pytest.raises(ValueError, match="name of their own"):
        retire_method(folder, "GBRFF2", "GBRFF2", tmp_path / "x")
    with pytest.raises(ValueError, match="another folder"):
        retire_method(folder, "GBRFF2", "GBRFF2 (old)", folder)
    with pytest.raises(ValueError, match="no record of method"):
        retire_method(folder, "XGB", "XGB (old)", tmp_path / "x")
    with ResultStore(folder / "store.jsonl"):  # a run holds the store
        with pytest.raises(StoreLockedError):
            retire_method(folder, "GBRFF2", "GBRFF2 (old)", tmp_path / "x")
    assert len(_records(folder / "refits.jsonl")) == 2  # nothing moved
