"""The house's rules, read from the code's own imports and calls (``ast``), as review's ``arch-house`` check:

* the core (``gbrff._engine``, ``gbrff._boosting``, ``gbrff._estimators``, ``gbrff._regressors``) imports
  no comparison method, registry, experiment, figure or teaching module;
* no import circle between gbrff's modules;
* the app (``pages/``, ``appkit/``, ``app.py``) imports no private gbrff module,
  and a page builds no estimator and fits nothing.

Every import counts, those inside functions included: a lazy import is still a
dependency. The rooms' older rules (no Streamlit in the library, viz reads no
file, the figures read the Expansion) are in test_layering.py beside this file.
"""

import ast
import re
from pathlib import Path


ROOT = Path(__file__).resolve().parents[2]
PAGES = sorted((ROOT / "pages").glob("*.py"))
APPKIT = sorted((ROOT / "appkit").rglob("*.py")) + [ROOT / "app.py", ROOT / "app_server.py"]

#: the core: the engine and the estimators it serves
CORE = ("gbrff._engine", "gbrff._boosting", "gbrff._estimators", "gbrff._regressors")
#: the rooms above the core, which it never imports
ABOVE_THE_CORE = ("gbrff.baselines", "gbrff.methods", "gbrff.experiments", "gbrff.viz", "gbrff.teaching")
#: the calls that fit a model (a page hands its widgets' values to the library, which fits)
FITS = ("fit", "fit_predict", "fit_transform")


# -- the import graph of gbrff's modules -------------------------------------------------------------------


def _modules():
    """{dotted name: file} of every module of the package (a package by its own name)."""
    mods = {}
    for f in sorted((ROOT / "gbrff").rglob("*.py")):
        name = ".".join(f.relative_to(ROOT).with_suffix("").parts)
        mods[name.removesuffix(".__init__")] = f
    return mods


def _imported(tree, name, is_package):
    """The dotted names ``tree`` (the module ``name``) imports, anywhere in it; ``from p import m`` names
    ``p.m`` too, which :func:`_graph` keeps when ``p.m`` is a module."""
    package = name if is_package else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                full = ".".join(base + ([node.module] if node.module else []))
            else:
                full = node.module or ""
            out.add(full)
            out.update(f"{full}.{a.name}" for a in node.names)
    return out


def _graph():
    """{module: the gbrff modules it imports} (an import of ``a.b.name`` counts as one of the module
    ``a.b``), and the set of package faces (``__init__``)."""
    mods = _modules()

    def module_of(target):
        while target and target not in mods:
            target = target.rpartition(".")[0]
        return target

    graph = {}
    for name, f in mods.items():
        tree = ast.parse(f.read_text(encoding="utf-8"))
        targets = _imported(tree, name, f.name == "__init__.py")
        graph[name] = {module_of(t) for t in targets if t.split(".")[0] == "gbrff"} - {"", name}
    faces = {name for name, f in mods.items() if f.name == "__init__.py"}
    return graph, faces


def test_the_core_imports_nothing_above_it():
    """The engine and the estimators know only the rooms below them: a comparison method, the registry, an
    experiment, a figure or a lesson is built on the core, never the other way round."""
    graph, _ = _graph()
    core = [m for m in graph if m == CORE[0] or m.startswith(CORE[0] + ".") or m in CORE[1:]]
    assert len(core) > 3, core
    found = sorted(f"{m} imports {t}" for m in core for t in graph[m]
                   if ".".join(t.split(".")[:2]) in ABOVE_THE_CORE)
    assert not found, found


def _cycles(graph):
    """The import circles of ``graph`` (each as a path that ends where it starts), by depth-first search."""
    seen, stack, on_stack, cycles = set(), [], set(), []

    def visit(v):
        seen.add(v)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in graph:
                continue
            if w in on_stack:
                cycles.append(stack[stack.index(w):] + [w])
            elif w not in seen:
                visit(w)
        stack.pop()
        on_stack.discard(v)

    for v in sorted(graph):
        if v not in seen:
            visit(v)
    return cycles


def test_no_import_circle_between_gbrffs_modules():
    """No two modules need each other, even through a lazy import inside a function. A package's face
    (``__init__``) re-exports its rooms, so an import of a face is left out: the circle would be the
    face's, not the rooms'."""
    graph, faces = _graph()
    rooms = {m: {t for t in targets if t not in faces} for m, targets in graph.items() if m not in faces}
    cycles = [" -> ".join(c) for c in _cycles(rooms)]
    assert not cycles, cycles


def test_the_circle_search_finds_a_lazy_circle():
    """The search itself: a circle closed by an import inside a function is one."""
    graph = {}
    for name, code in {"gbrff.a": "import gbrff.b\n", "gbrff.b": "def f():\n    from gbrff import a\n"}.items():
        graph[name] = {t for t in _imported(ast.parse(code), name, False) if t in ("gbrff.a", "gbrff.b")}
    assert _cycles(graph) == [["gbrff.a", "gbrff.b", "gbrff.a"]]


# -- the app: public names only; pages build no estimator and fit nothing ------------------------------------


def _where(f):
    return f.relative_to(ROOT) if f.is_relative_to(ROOT) else f


def _private_imports(f):
    """The private gbrff modules and names (any part after ``gbrff`` starting with ``_``) ``f`` imports."""
    found = []
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        names = []
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module] + [f"{node.module}.{a.name}" for a in node.names]
        for name in names:
            parts = name.split(".")
            if parts[0] == "gbrff" and any(p.startswith("_") for p in parts[1:]):
                found.append(f"{_where(f)}:{node.lineno} imports {name}")
    return found


def _fits(f):
    """Where the page ``f`` builds an estimator (calls a name ending in Classifier or Regressor) or fits
    (calls fit, fit_predict or fit_transform; a loop that fits calls one of them)."""
    found = []
    for node in ast.walk(ast.parse(f.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call):
            name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            if re.search(r"(Classifier|Regressor)$", name):
                found.append(f"{_where(f)}:{node.lineno} builds an estimator ({name})")
            if name in FITS:
                found.append(f"{_where(f)}:{node.lineno} calls {name}")
    return found


def test_appkit_imports_no_private_gbrff_module():
    """The app's Streamlit helpers use gbrff's public faces, as a user's script would."""
    found = [line for f in APPKIT for line in _private_imports(f)]
    assert not found, found


def test_pages_import_no_private_gbrff_module():
    """A page uses gbrff's public faces, as a user's script would."""
    found = [line for f in PAGES for line in _private_imports(f)]
    assert not found, found


def test_pages_build_no_estimator_and_fit_nothing():
    """A page is widgets, one call into the library, figures: the estimators are built and fitted below
    it (the registry, the teaching layer), where a test can reach them without Streamlit."""
    found = [line for f in PAGES for line in _fits(f)]
    assert not found, found


def test_the_app_rules_see_a_private_import_and_a_fit(tmp_path):
    """The two readers themselves, on a page that breaks both rules."""
    page = tmp_path / "page.py"
    page.write_text("from gbrff.viz import _compute\nimport gbrff._boosting\nfrom gbrff import GBRFF2Classifier\n"
                    "for T in (1, 2):\n    GBRFF2Classifier(n_estimators=T).fit(X, y)\n")
    assert [p.split(" imports ")[1] for p in _private_imports(page)] == ["gbrff.viz._compute", "gbrff._boosting"]
    assert sorted(p.split(" ", 1)[1] for p in _fits(page)) == ["builds an estimator (GBRFF2Classifier)", "calls fit"]
