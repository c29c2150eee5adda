"""The documentation site, built as a user builds it, looked at as a reader opens it.

The site is built once for this module, with warnings as errors and the
gallery executed (``python -m sphinx -W --keep-going -b html doc <tmp>``); then:

* the build passes;
* every name of every package's ``__all__`` has its page in the API reference
  and is listed on the reference's index, and every gallery example ran and
  drew at least one figure;
* in a headless Chromium (Debian's, driven by Playwright as
  ``tests/app/test_browser.py`` does), the landing page, the getting-started
  page, the API index, a class's page and a gallery page load with every
  request other than ``file://`` refused, and none is made; no ``file://``
  request fails (a missing file of the site), no page error is thrown, and the
  landing page's math is drawn by the site's own MathJax. A screenshot of each
  page's first screen goes to ``tests/artifacts/docs_<page>.png``.

Slow (the build takes about 15 s with the placeholder gallery, longer with the
full one; sphinx-gallery reruns only the examples that changed since the last
build of doc/).
"""

import os
import re
import shutil
import subprocess
import sys
import time
from importlib import import_module
from types import SimpleNamespace

import pytest

from tests.docs._conf import DOC, ROOT, load_conf

pytestmark = pytest.mark.slow

for _module in ("sphinx", "sphinx_gallery", "pydata_sphinx_theme", "numpydoc", "myst_parser",
                "jupyter_server_mathjax", "matplotlib"):
    pytest.importorskip(_module, reason=f"{_module} is not installed: the documentation's packages come with "
                        "`python -m pip install -r requirements.txt` (or pip install 'gbrff[docs]')")

ARTIFACTS = ROOT / "tests" / "artifacts"
CHROMIUM = (os.environ.get("GBRFF_CHROMIUM") or shutil.which("chromium")
            or shutil.which("chromium-browser") or "/usr/bin/chromium")
#: the pages the browser opens, by the name of their screenshot
PAGES = {
    "index": "index.html",
    "getting_started": "getting_started.html",
    "api_index": "api/index.html",
    "api_class": "api/generated/gbrff.GBRFF2Classifier.html",
    "gallery_index": "auto_examples/index.html",
    "reproducing_2020": "reproducing/ecml2020.html",   # the reports' Plotly figures, from this folder too
}


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built site: its folder, the build's return code, log and duration."""
    out = tmp_path_factory.mktemp("docs-html")
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", "doc", str(out)],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)
    return SimpleNamespace(out=out, returncode=proc.returncode, log=proc.stdout + proc.stderr,
                           seconds=time.monotonic() - start)


def _examples():
    return sorted(p.stem for p in (DOC / "examples").glob("plot_*.py"))


def test_the_site_builds_with_warnings_as_errors(site):
    problems = [line for line in site.log.splitlines() if re.search(r"WARNING|ERROR|CRITICAL|Error", line)]
    assert site.returncode == 0, ("sphinx -W --keep-going failed:\n" + "\n".join(problems[:40])
                                  + f"\n(the last lines)\n{site.log[-3000:]}")
    assert (site.out / "index.html").is_file()
    print(f"built in {site.seconds:.0f} s, {len(list(site.out.rglob('*.html')))} HTML pages")


def test_every_public_name_is_in_the_api_reference(site):
    index = (site.out / "api" / "index.html").read_text(encoding="utf-8")
    missing = []
    for package in load_conf().API_PACKAGES:
        for name in import_module(package).__all__:
            page = site.out / "api" / "generated" / f"{package}.{name}.html"
            if not page.is_file():
                missing.append(f"{package}.{name}: no page {page.relative_to(site.out)}")
            elif not re.search(rf">{re.escape(name)}<", index):
                missing.append(f"{package}.{name}: not in the table of api/index.html")
    assert not missing, "\n".join(missing)


def test_every_example_ran_and_drew(site):
    examples = _examples()
    assert examples, "no doc/examples/plot_*.py"
    images = {p.name for p in (site.out / "_images").glob("sphx_glr_*")}
    for stem in examples:
        assert (site.out / "auto_examples" / f"{stem}.html").is_file(), stem
        assert any(re.fullmatch(rf"sphx_glr_{re.escape(stem)}_\d{{3}}\.(png|svg)", i) for i in images), \
            f"{stem} drew no figure"


@pytest.mark.browser
def test_the_pages_request_nothing_outside_the_site(site):
    if site.returncode != 0 or not (site.out / "index.html").is_file():
        pytest.skip("the site did not build (test_the_site_builds_with_warnings_as_errors says why)")
    if not os.path.exists(CHROMIUM):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium, or set GBRFF_CHROMIUM)")
    sync_api = pytest.importorskip("playwright.sync_api", reason="Playwright is not installed "
                                   "(pip install playwright; it drives the system Chromium)")
    pages = dict(PAGES, gallery_example=f"auto_examples/{_examples()[0]}.html")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    outside, failed, errors, math = [], [], [], {}
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"], headless=True)
        try:
            page = browser.new_page(viewport={"width": 1280, "height": 800})

            def route(r):
                if r.request.url.startswith("file://"):
                    r.continue_()
                else:
                    outside.append(r.request.url)
                    r.abort()

            page.route("**/*", route)
            page.on("requestfailed", lambda r: failed.append(f"{r.url} ({r.failure})")
                    if r.url.startswith("file://") else None)
            page.on("pageerror", lambda e: errors.append(str(e)))
            for name, path in pages.items():
                page.goto((site.out / path).resolve().as_uri())
                page.wait_for_load_state("load")
                if page.locator("span.math, div.math").count():
                    # MathJax 2 from _static/mathjax: its queue empty and its output in the page
                    page.wait_for_function("() => window.MathJax && MathJax.Hub && MathJax.Hub.queue"
                                           " && MathJax.Hub.queue.pending === 0"
                                           " && document.querySelector('.MathJax, .MathJax_Display')",
                                           timeout=30_000)
                    math[name] = page.locator(".MathJax, .MathJax_Display").count()
                page.wait_for_timeout(500)
                page.screenshot(path=str(ARTIFACTS / f"docs_{name}.png"))
        finally:
            browser.close()
    assert not outside, f"{len(outside)} requests outside the site, e.g. {outside[:5]}"
    assert not failed, f"files of the site that failed to load: {failed[:5]}"
    assert not errors, f"page errors: {errors[:5]}"
    assert math.get("index"), "the landing page's math was not drawn"
