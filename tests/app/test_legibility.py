"""Text a room can read, computed without a browser: the theme's colours meet WCAG AA (4.5:1) for the
captions Streamlit draws faded, the primary colour under white text, the player's own colours agree with
the theme; and the words a first-year student meets are in the glossary. (The browser's view of it:
tests/app/test_accessibility.py.)"""

import re
import tomllib
from pathlib import Path

import pytest

from appkit import GLOSSARY
from tests.viz.test_palette import contrast

ROOT = Path(__file__).resolve().parents[2]
THEME = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text())["theme"]
PLAYER = (ROOT / "appkit" / "player" / "index.html").read_text()
AA = 4.5
# Streamlit 1.67's light theme: the page, the sidebar's background, and the opacity of faded text (captions,
# widget help, a disabled control's label: fadedText60, the text colour at 60 %)
WHITE, SIDEBAR, FADED = "#ffffff", "#f8f8f7", 0.6


def _blend(color, background, alpha):
    c = [int(color[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(background[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(alpha * x + (1 - alpha) * y):02x}" for x, y in zip(c, b))


def test_the_theme_names_its_colours():
    """The theme sets its text and primary colours (Streamlit's defaults fail AA: see config.toml)."""
    assert THEME.get("base") == "light"
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", THEME["textColor"])
    assert re.fullmatch(r"#[0-9a-fA-F]{6}", THEME["primaryColor"])


@pytest.mark.parametrize("background", [WHITE, SIDEBAR])
def test_text_and_captions_meet_aa(background):
    text = THEME["textColor"]
    assert contrast(text, background) >= 7          # body text: AAA
    assert contrast(_blend(text, background, FADED), background) >= AA   # captions, help


def test_primary_colour_carries_white_text():
    assert contrast("#ffffff", THEME["primaryColor"]) >= AA
    # the selected option of a segmented control: the primary colour on the tint Streamlit 1.67 draws under it
    # (#f3e1e3 in Chromium with this primary colour: not a plain blend; the axe-core test measures it there)
    assert contrast(THEME["primaryColor"], "#f3e1e3") >= AA


def test_streamlit_defaults_would_fail():
    """Why the theme is set: Streamlit's default text at 60 % and its default red under white text."""
    assert contrast(_blend("#31333f", WHITE, FADED), WHITE) < AA
    assert contrast("#ffffff", "#ff4b4b") < AA


def test_the_player_uses_the_theme_colour():
    """The player's buttons and slider (its own page, appkit/player/index.html) in the theme's primary colour,
    no other red; and a visible keyboard focus."""
    primary = THEME["primaryColor"].lower()
    reds = {c.lower() for c in re.findall(r"(?:background|accent-color|border-color):\s*(#[0-9a-fA-F]{6})", PLAYER)}
    assert primary in reds
    assert "#ff4b4b" not in PLAYER.lower()
    assert re.search(r"button:focus-visible[^{]*\{[^}]*outline:\s*\d+px solid", PLAYER)


# the words the issue names, and the glossary entries that explain them
TERMS = {"inverse temperature": "inverse temperature", "softmax": "softmax", "L-BFGS": "L-BFGS",
         "ridge": "ridge regression", "bandwidth": "bandwidth", "one-vs-rest": "one-vs-rest",
         "Bochner's theorem": "Bochner's theorem"}


@pytest.mark.parametrize("term", sorted(TERMS))
def test_glossary_explains_the_terms_a_student_meets(term):
    entry = next((k for k in GLOSSARY if k.lower().startswith(TERMS[term].lower())), None)
    assert entry is not None, f"no glossary entry for {term}"
    meaning = GLOSSARY[entry]
    assert len(meaning.split()) >= 12, f"{entry}: a sentence or two in plain words"



WORDS = ("explain", "caption", "markdown", "describe")   # the calls that put words under a figure


def _calls(tree, ends):
    import ast

    return [(node.lineno, ast.unparse(node.func)) for node in ast.walk(tree)
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(ends)]


def test_every_figure_has_a_caption():
    """A figure of a page (``light_chart``, ``st.plotly_chart``) has the words that say what it shows close
    under it (``explain``, a caption, a paragraph, the kernel page's ``describe``): the text alternative of a
    Plotly figure, and a second one, for everyone, of a canvas figure (whose canvas has its own)."""
    import ast

    figures, missing = 0, []
    for path in sorted((ROOT / "pages").glob("*.py")):
        tree = ast.parse(path.read_text())
        words = [line for line, _ in _calls(tree, WORDS)]
        for line, name in _calls(tree, ("light_chart", "plotly_chart")):
            figures += 1
            if not any(line < w <= line + 15 for w in words):
                missing.append(f"{path.name}:{line}")
    assert figures >= 20
    assert not missing, f"figures without words under them: {missing}"
