"""benchmarks/accuracy_search.py: CV on training parts only, stored a unit a line, resumed, summarised."""

import json

import pytest

from tests._benchmarks import load_benchmark


@pytest.fixture(scope="module")
def search():
    return load_benchmark("accuracy_search")


def test_it_stores_each_unit_once_and_resumes(search, tmp_path, capsys):
    store = tmp_path / "cv.jsonl"
    args = ["--problems", "mc-1k-10", "--candidates", "0,1", "--folds", "2", "--store", str(store)]
    assert search.main(args) == 0
    rows = [json.loads(line) for line in store.read_text().splitlines()]
    assert sorted((r["candidate"], r["fold"]) for r in rows) == [
        ("GBRFF2", 0), ("GBRFF2", 1), ("GBRFF2+", 0), ("GBRFF2+", 1)]
    assert all(0.5 < r["cv_score"] <= 1 and r["fit_seconds"] > 0 for r in rows)
    assert search.main(args + ["--summary"]) == 0          # resumed: nothing fitted again
    assert len(store.read_text().splitlines()) == 4
    out = capsys.readouterr().out
    assert "mc-1k-10" in out and "GBRFF2+" in out
    assert (tmp_path / "summary.csv").is_file()


def test_the_test_part_is_never_read(search, monkeypatch, tmp_path):
    # the fitted and scored rows are all inside the 80 % training part of the split
    from sklearn.model_selection import train_test_split

    X, y = search.PROBLEMS["mc-1k-10"][0]()
    _, X_te, _, _ = train_test_split(X, y, test_size=0.2, stratify=y, random_state=0)
    test_rows = {tuple(r) for r in X_te}
    seen = []
    real = search.make_estimator

    def spy(name, seed):
        est = real(name, seed)
        fit, predict = est.fit, est.predict
        est.fit = lambda A, b: (seen.extend(map(tuple, A)), fit(A, b))[1]
        est.predict = lambda A: (seen.extend(map(tuple, A)), predict(A))[1]
        return est

    monkeypatch.setattr(search, "make_estimator", spy)
    search.run(["mc-1k-10"], ["GBRFF2"], 2, tmp_path / "cv.jsonl", log=lambda *_: None)
    assert seen and not test_rows & set(seen)


@pytest.mark.parametrize("bad", [["--candidates", "99"], ["--problems", "nope"], ["--folds", "1"]])
def test_bad_arguments_are_usage_errors(search, bad):
    with pytest.raises(SystemExit) as e:
        search.main(bad)
    assert e.value.code == 2
