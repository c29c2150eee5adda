"""Adding an experiment is one module and its line in ``catalog.EXPERIMENTS``.

The module below is all of a new experiment, ``hello``: a few ridge fits on a
generated problem (a one-method registry of its own, no data file).  Its line in the tuple (here a monkeypatch) is the only other change;
the real command line then offers its subcommand, runs it into a store,
writes its report, resumes it, refuses a folder of another configuration,
and ``report`` rebuilds it, with no name of it anywhere else.
"""

import json
from dataclasses import dataclass
from typing import Callable

import pandas as pd
import pytest
from sklearn.linear_model import RidgeClassifier

from gbrff.experiments import Experiment, Group, catalog, grid_points, stage_results
from gbrff.experiments._arguments import add_common, registry_methods
from gbrff.experiments._cli import build_parser, main
from gbrff.experiments._plans import splits
from gbrff.experiments._reports import write_csv

REGISTRY = "tests.experiments.test_new_experiment:get_method"


@dataclass(frozen=True)
class MethodSpec:
    """The registry's contract (``make(n_iter, random_state)``, ``grid(n_features)``)."""

    name: str
    make: Callable
    grid: Callable


METHODS = {"RIDGE": MethodSpec("RIDGE", lambda n_iter, random_state: RidgeClassifier(),
                               lambda d: {"alpha": [0.1, 10.0]})}


def get_method(name):
    return METHODS[name]


# ------------------------------------------------------------------ the new experiment's module

class Hello(Experiment):
    """Ridge on two-moons at two regularisations, chosen by CV, per split."""

    name = "hello"
    shared = ("n_iter",)
    tables = {"hello": "accuracy.csv"}
    reads_files = False

    def add_parser(self, sub):
        p = sub.add_parser(self.name, help="a toy experiment: ridge on two moons",
                           description="Ridge on 40 generated examples, two alphas.")
        p.add_argument("--methods", default="RIDGE", help="methods of the registry")
        p.add_argument("--n-iter", type=int, default=1, help="iterations (unused by ridge)")
        add_common(p, self.name, n_splits=2)
        return p

    def check(self, args):
        return {"methods": registry_methods(args.methods, args.registry)}

    def plan(self, args, ctx, chosen):
        return [Group(self.name, ("toy", "moons", 40, 40), s, seed, m,
                      grid_points(ctx.get_method(m).grid(2)), args.n_iter)
                for s, seed in splits(args.n_splits, args.first_split, args.seed)
                for m in chosen["methods"]]

    def report(self, outdir, records):
        df = stage_results(records, self.name)
        if df.empty:
            return False
        write_csv(df[["task", "method", "split", "seed", "test_accuracy"]],
                  outdir / "accuracy.csv", index=False, float_format="%.4f")
        return True


HELLO = Hello()


# ------------------------------------------------------------------ its line in the tuple

@pytest.fixture
def with_hello(monkeypatch, tmp_path):
    monkeypatch.setattr(catalog, "EXPERIMENTS", catalog.EXPERIMENTS + (HELLO,))
    monkeypatch.chdir(tmp_path)   # (the default --out is relative to the working directory)
    return tmp_path


def hello(out, *more):
    return ["hello", "--registry", REGISTRY, "--no-progress", "--out", str(out), *more]


def test_the_subcommand_is_offered(with_hello):
    text = build_parser().format_help()
    assert "hello" in text and "a toy experiment: ridge on two moons" in text


def test_run_store_report_resume_and_report_again(with_hello, capsys):
    out = with_hello / "hello"
    assert main(hello(out)) == 0
    err = capsys.readouterr().err
    # 2 splits x (2 settings x 5 folds + 1 refit) units
    assert "[hello] computed 22 units, 0 failed" in err
    store = [json.loads(line) for line in (out / "store.jsonl").read_text().splitlines()]
    assert len(store) == 22 and {r["experiment"] for r in store} == {"hello"}
    table = pd.read_csv(out / "accuracy.csv")
    assert list(table["split"]) == [0, 1] and table["test_accuracy"].between(0, 1).all()
    meta = json.loads((out / "meta.json").read_text())
    assert meta["runs"][-1]["status"] == "finished" and meta["runs"][-1]["computed_units"] == 22

    # the same command resumes: nothing is computed again, the report is the same
    before = (out / "accuracy.csv").read_bytes()
    assert main(hello(out)) == 0
    assert "[hello] computed 0 units, 0 failed" in capsys.readouterr().err
    assert (out / "accuracy.csv").read_bytes() == before

    # one more split adds its units only
    assert main(hello(out, "--n-splits", "3")) == 0
    assert "[hello] computed 11 units, 0 failed" in capsys.readouterr().err

    # 'report' rebuilds it from its store, and from its refits alone
    (out / "accuracy.csv").unlink()
    assert main(["report", "hello", "--out", str(out)]) == 0
    assert len(pd.read_csv(out / "accuracy.csv")) == 3
    (out / "store.jsonl").unlink()
    (out / "accuracy.csv").unlink()
    assert main(["report", "all", "--results", str(with_hello)]) == 0
    assert len(pd.read_csv(out / "accuracy.csv")) == 3


def test_its_folder_holds_one_configuration(with_hello, capsys):
    out = with_hello / "hello"
    assert main(hello(out, "--n-splits", "1")) == 0
    capsys.readouterr()
    assert main(hello(out, "--n-splits", "1", "--n-iter", "2")) == 1
    assert capsys.readouterr().err.strip().endswith(
        f"gbrff: error: {out} holds hello results of another configuration (--n-iter 1 there, "
        "2 here) that would mix with these; give --out another folder, or add to those results "
        "with --n-iter 1")
    # and 'report --n-iter' applies to it, as to every experiment whose folder shares n_iter
    assert main(["report", "hello", "--out", str(out), "--n-iter", "1"]) == 0


def test_a_command_line_mistake_is_its_own_one_line(with_hello, capsys):
    assert main(hello(with_hello / "x", "--methods", "NOPE")) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("gbrff: error: unknown method 'NOPE'; valid: ")
    assert not (with_hello / "x").exists()
