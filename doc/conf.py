"""Sphinx configuration of gbrff's documentation site.

Build it from the checkout's root (the set-up command installs what it needs)::

    python -m sphinx -W --keep-going -b html doc doc/_build/html

The site works offline: the theme's scripts, icons and styles come from its
package, MathJax from a copy of jupyter-server-mathjax's (copied into the build
at build time, never committed), and nothing points at a CDN.
"""

import inspect
import logging
import re
import shutil
import sys
import warnings
from importlib import import_module, metadata
from pathlib import Path

DOC = Path(__file__).resolve().parent
ROOT = DOC.parent
# the checkout's gbrff first, so that a build documents the sources it sits beside
sys.path.insert(0, str(ROOT))

import gbrff  # noqa: E402

# -- Project -------------------------------------------------------------------------------------------------

project = "gbrff"
author = "The gbrff developers"
copyright = "2026, the gbrff developers"
# one version source: gbrff.__version__ (pyproject.toml reads it too)
release = gbrff.__version__
version = ".".join(release.split(".")[:2])
try:  # the installed metadata says the same once the checkout is installed; a mismatch means a stale install
    if metadata.version("gbrff") != release:
        warnings.warn(f"installed gbrff {metadata.version('gbrff')} != the checkout's {release}", stacklevel=1)
except metadata.PackageNotFoundError:
    pass

# -- Extensions ----------------------------------------------------------------------------------------------

extensions = [
    "myst_parser",                  # the pages are Markdown (MyST)
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",       # the API reference's tables and one page per object
    "numpydoc",                     # the docstrings are numpydoc's
    "sphinx.ext.mathjax",           # with a local MathJax, below
    "sphinx_gallery.gen_gallery",   # doc/examples/plot_*.py, executed at build time
]
# No sphinx.ext.intersphinx: the build reads nothing from the network.

source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
root_doc = "index"
templates_path = ["_templates"]
exclude_patterns = [
    "_build",
    "Thumbs.db",
    ".DS_Store",
    "examples/README.rst",          # sphinx-gallery makes auto_examples/index from it
    "**.ipynb_checkpoints",
    "api/generated/backreferences/**",   # sphinx-gallery's include files, not pages
]
language = "en"

# -- MyST ----------------------------------------------------------------------------------------------------

myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "deflist"]
myst_heading_anchors = 3        # [text](page.md#a-heading) links to headings down to ###

# -- autodoc, autosummary, numpydoc --------------------------------------------------------------------------

autosummary_generate = True
autosummary_imported_members = False
autodoc_default_options = {"member-order": "bysource"}   # members: where the templates ask
autosummary_ignore_module_all = False   # a module page lists its __all__
autodoc_typehints = "none"          # the numpydoc docstrings give the types
numpydoc_show_class_members = False  # the class template documents the methods (autodoc's members)
numpydoc_class_members_toctree = False
numpydoc_attributes_as_param_list = True

# -- Math, offline -------------------------------------------------------------------------------------------

# MathJax 2.7 as jupyter-server-mathjax ships it (a dependency of the `docs` extra), copied into
# _static/mathjax by copy_mathjax() below at every HTML build. Its combined configuration holds the TeX input
# and the HTML-CSS output; the package ships the STIX-Web fonts only, so those are the web fonts it uses.
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "jax": ["input/TeX", "output/HTML-CSS"],
    "HTML-CSS": {"availableFonts": [], "webFont": "STIX-Web", "imageFont": None, "preferredFont": None},
    # MyST marks its pages tex2jax_ignore and its math spans "math" (for MathJax 3): the same for MathJax 2
    "tex2jax": {"ignoreClass": "tex2jax_ignore|mathjax_ignore",
                "processClass": "tex2jax_process|mathjax_process|math|output_area"},
    "messageStyle": "none",
}

# -- Gallery -------------------------------------------------------------------------------------------------

sphinx_gallery_conf = {
    "examples_dirs": "examples",
    "gallery_dirs": "auto_examples",
    "filename_pattern": r"/plot_",           # every plot_*.py is executed
    "image_scrapers": ("matplotlib",),
    "capture_repr": (),                      # an example shows its figures and prints, not a cell's value
    "remove_config_comments": True,          # "# sphinx_gallery_..." lines do not show
    "abort_on_example_error": True,          # a failing example fails the build
    "doc_module": ("gbrff",),                # code links to gbrff's own API pages
    "backreferences_dir": "api/generated/backreferences",   # "Examples using ..." on the API pages
    # no reference_url (deprecated in sphinx-gallery 0.22): code links resolve inside this site only,
    # and no intersphinx, so no example links outside it
    "download_all_examples": False,          # each example keeps its own .py and .ipynb download
    "within_subsection_order": "FileNameSortKey",
    # no sg_execution_times pages: sphinx-gallery's table there loads jQuery and DataTables from CDNs
    "write_computation_times": False,
}

# -- HTML ----------------------------------------------------------------------------------------------------

# pydata-sphinx-theme: the theme of the field (scikit-learn, NumPy, SciPy, pandas use it), so the site reads
# like the ones our users know; its scripts, icons (Font Awesome) and styles ship in its package, none comes
# from a CDN. What it could fetch stays off: no analytics, no announcement, no version switcher, no icon
# links (no public repository URL yet).
html_theme = "pydata_sphinx_theme"
html_title = f"gbrff {release}"
html_static_path = ["_static"] if (DOC / "_static").is_dir() else []
html_theme_options = {
    "navbar_end": ["theme-switcher"],
    "icon_links": [],
    "analytics": {},
    "announcement": "",
    "show_version_warning_banner": False,
    "navigation_with_keys": False,
    "show_toc_level": 2,
    "header_links_before_dropdown": 7,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
    "secondary_sidebar_items": ["page-toc", "sourcelink"],
}
toc_object_entries_show_parents = "hide"   # "fit()" in a page's table of contents, not "GBRFF2Classifier.fit()"
html_sidebars = {"index": [], "getting_started": [], "changelog": []}
html_last_updated_fmt = None
html_show_sourcelink = True

# -- Warnings ------------------------------------------------------------------------------------------------

# No category suppressed: the build runs with -W --keep-going.
suppress_warnings = []

#: Docstrings that docutils reads as markup today, each by (the object whose docstring it is, the message):
#: a trailing underscore read as a link target (``mean_``, ``n_groups_`` outside double backquotes), |x| read
#: as a substitution. Their text belongs to the docstrings' work of issue 46; only these exact messages are
#: dropped, everything else still fails the build. Remove an entry when its docstring is fixed.
KNOWN_DOCSTRING_ERRORS = ()


# -- The API reference holds every name of every __all__ ------------------------------------------------------

#: the packages whose ``__all__`` the API reference lists (doc/api/index.rst), in its order
API_PACKAGES = ("gbrff", "gbrff.baselines", "gbrff.datasets", "gbrff.methods", "gbrff.experiments",
                "gbrff.inspection", "gbrff.teaching", "gbrff.viz")


def api_names(rst_text):
    """{package: the names listed in its autosummary tables} in the text of doc/api/index.rst:
    the entries under each ``.. currentmodule:: package``."""
    listed, module, in_table = {}, None, False
    for line in rst_text.splitlines():
        if m := re.match(r"\.\. currentmodule:: (\S+)", line):
            module = m.group(1)
            listed.setdefault(module, [])
        elif line.startswith(".. autosummary::"):
            in_table = True
        elif in_table and re.match(r"   (\w+)\s*$", line) and module:
            listed[module].append(line.strip())
        elif in_table and line.strip() and not line.startswith("   "):
            in_table = False
    return listed


def api_mismatches(rst_text):
    """What doc/api/index.rst lists against each package's ``__all__``: a list of sentences, empty when
    every name is listed once and nothing else is."""
    listed = api_names(rst_text)
    problems = []
    for package in API_PACKAGES:
        names = import_module(package).__all__
        got = listed.get(package, [])
        for name in sorted(set(names) - set(got)):
            problems.append(f"{package}.{name} is in {package}.__all__ but not in doc/api/index.rst")
        for name in sorted(set(got) - set(names)):
            problems.append(f"{package}.{name} is in doc/api/index.rst but not in {package}.__all__")
        for name in sorted({n for n in got if got.count(n) > 1}):
            problems.append(f"{package}.{name} is listed twice in doc/api/index.rst")
    for package in sorted(set(listed) - set(API_PACKAGES)):
        problems.append(f"doc/api/index.rst lists {package}, which API_PACKAGES of doc/conf.py does not name")
    return problems


def check_api_index(app):
    from sphinx.util import logging

    logger = logging.getLogger("gbrff.doc")
    for problem in api_mismatches((DOC / "api" / "index.rst").read_text(encoding="utf-8")):
        logger.warning(problem, location="api/index")


# -- A constant's documentation: its "#:" comment where it is defined, and its value ----------------------------

def _defining_comment(obj, name, package):
    """The ``#:`` comment (or docstring) of ``name`` in the submodule of ``package`` that defines it:
    a constant re-exported by a package's ``__init__`` has its comment where it is assigned."""
    from sphinx.pycode import ModuleAnalyzer

    candidates = [m for n, m in list(sys.modules.items())
                  if m is not None and (n == package or n.startswith(package.split(".")[0] + "."))]
    for module in candidates:
        if getattr(module, name, None) is not obj:
            continue
        try:
            docs = ModuleAnalyzer.for_module(module.__name__).find_attr_docs()
        except Exception:   # a module without source: no comment to read
            continue
        if ("", name) in docs:
            return list(docs[("", name)])
    return []


def _value_lines(obj):
    """A constant's value as a reader wants it: a short value in full, a mapping by its keys."""
    if isinstance(obj, dict):
        short = repr(obj)
        if len(short) <= 160 and " at 0x" not in short:
            return ["", f"Value: ``{short}``"]
        keys = ", ".join(f"``{k!r}``" for k in obj)
        return ["", f"Keys ({len(obj)}): {keys}."]
    text = repr(obj)
    if len(text) > 400 or " at 0x" in text:
        if isinstance(obj, (tuple, list)):
            return ["", f"{len(obj)} entries: " + ", ".join(f"``{x!r}``" for x in obj) + "."]
        return []
    return ["", f"Value: ``{text}``"]


def document_constant(app, what, name, obj, options, lines):
    """autodoc-process-docstring for module-level data (``LOSSES``, ``SCHEMES``, the registries, ...):
    the comment from the module that assigns it (autodoc reads the public module's only, where the
    constant is only imported), then its value."""
    if what != "data":
        return
    package, _, short = name.rpartition(".")
    own = inspect.cleandoc(type(obj).__doc__ or "")
    first = next((line.strip() for line in lines if line.strip()), "")
    if first and first in own:
        lines[:] = []       # the type's docstring (dict's, tuple's, int's), not the constant's
    if not lines:
        lines.extend(_defining_comment(obj, short, package))
    lines.extend(_value_lines(obj))


# -- MathJax, copied from the installed package into the build ------------------------------------------------

def copy_mathjax(app):
    """Copy jupyter-server-mathjax's MathJax 2.7 into <build>/_static/mathjax (html builders only)."""
    if app.builder.format != "html":
        return
    try:
        import jupyter_server_mathjax
    except ImportError as e:
        raise RuntimeError("the docs need jupyter-server-mathjax for their offline MathJax "
                           "(python -m pip install -r requirements.txt, or pip install 'gbrff[docs]')") from e
    src = Path(jupyter_server_mathjax.__file__).parent / "static"
    dst = Path(app.outdir) / "_static" / "mathjax"
    copied = dst / "MathJax.js"
    stale = not copied.is_file() or copied.stat().st_mtime < (src / "MathJax.js").stat().st_mtime
    if stale:   # 12 MB, copied once per output folder
        shutil.copytree(src, dst, dirs_exist_ok=True)


# -- The reports' figures, copied from results/ into the build --------------------------------------------------

def copy_result_figures(app):
    """Copy the reports' Plotly pages (``results/*/*.html``) and the ``plotly.min.js`` they load
    (``../plotly.min.js``) into ``<build>/results``, where ``doc/reproducing/*.md`` embed them: the
    generated files themselves, never copies in the repository (``html_extra_path = ["../results"]``
    would bring the 12 MB of refit records and put ``results/README.md`` at the site's root)."""
    if app.builder.format != "html":
        return
    results = ROOT / "results"
    for src in [results / "plotly.min.js", *sorted(results.glob("*/*.html"))]:
        dst = Path(app.outdir) / "results" / src.relative_to(results)
        dst.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(src, dst)


class _KnownDocstringErrors(logging.Filter):
    """Drops exactly the messages of :data:`KNOWN_DOCSTRING_ERRORS` (before Sphinx counts them)."""

    def filter(self, record):
        where, message = str(getattr(record, "location", "") or ""), record.getMessage()
        return not any(obj in where and message == text for obj, text in KNOWN_DOCSTRING_ERRORS)


def skip_member(app, what, name, obj, skip, options):
    """Leave out scikit-learn's metadata-routing setters (``set_fit_request``, ...), which scikit-learn adds to
    every estimator class: their docstrings point into scikit-learn's own documentation."""
    if re.fullmatch(r"set_\w+_request", name):
        return True
    return None


def setup(app):
    from sphinx.util.logging import WarningStreamHandler

    for handler in logging.getLogger("sphinx").handlers:
        if isinstance(handler, WarningStreamHandler):   # first of its filters
            handler.filters.insert(0, _KnownDocstringErrors())
    app.connect("autodoc-skip-member", skip_member)
    app.connect("builder-inited", copy_mathjax)
    app.connect("builder-inited", copy_result_figures)
    app.connect("builder-inited", check_api_index)
    app.connect("autodoc-process-docstring", document_constant)
