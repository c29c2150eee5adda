"""User text is text (issue 43): appkit.plain, and the pages' notes and upload boxes that use it.

What Chromium draws of it is tested in tests/app/test_offline.py (a probe server that no hostile link or
upload reaches); here the Markdown the pages send, under AppTest, and the helper on its own. Also the
words of the notes about a link's values and of "what changed".
"""

import re
from pathlib import Path

import numpy as np
import pytest
from streamlit.testing.v1 import AppTest

from appkit import adopt, plain
from appkit._state import _change_sentence
from appkit._text import WORD_JOINER
from tests.app.test_pages import shown

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 180
HOST = "http://127.0.0.1:9"

HOSTILE = [
    f"![x]({HOST}/u.png)", f"[Log in here]({HOST}/phish)", f"$\\href{{{HOST}/h}}{{click}}$", "$$x^2$$",
    f"<img src={HOST}/i.png>", f"<a href='{HOST}/a'>a</a>", f"<{HOST}/autolink>", f"{HOST}/bare www.example.com me@ex.com",
    ":red[red] :blue-background[b] :help[tip] :material/home: :streamlit: :smile: :+1: :100:",
    "a -> b <- c -- d >= e <= f ~= g <-> h", "**bold** _it_ `code` ~~s~~ # h - l > q 1. x | a | b |",
    "&amp; &lt;b&gt; &#x41; \\*not\\* \\\\", "[x][1] [^1]", "xor.csv — naïve 1e309 −3 λ=2⁻⁴ 😀",
]


@pytest.mark.parametrize("text", HOSTILE)
def test_plain_leaves_nothing_for_markdown_to_read(text):
    md = plain(text)
    assert shown(md) == text  # the reader sees the text itself
    bare = md.replace(WORD_JOINER, "")
    # every ASCII punctuation mark is escaped (an even run of backslashes never precedes one)
    assert not re.search(r"(?<!\\)(\\\\)*[!-/:-@\[-`{-~]", re.sub(r"\\[!-/:-@\[-`{-~]", "", bare))
    # what Streamlit finds in the text after the escapes: shortcodes, autolinks, arrows, all broken
    text_node = shown(md.replace(WORD_JOINER, "\0"))
    for seq in (r":[\w+-][\w_+-]*:", r":material", r"https?://", r"www\.", r"@\w", r"(^|\s)(<->|->|<-|--|>=|<=|~=)(\s|$)"):
        assert not re.search(seq, text_node), (seq, text_node)


def test_plain_makes_one_line_of_any_text():
    assert plain("a\nb\r\nc\td\x00e\u202ef") == "a b  c d e f"
    assert plain(ValueError("line 3 has ![x](y)")) == "line 3 has \\!\\[x\\]\\(y\\)"


def _run(page, query=None, timeout=TIMEOUT):
    at = AppTest.from_file(str(ROOT / page), default_timeout=timeout)
    for k, v in (query or {}).items():
        at.query_params[k] = v
    at.run()
    assert not at.exception, at.exception[0].message
    return at


def _markdown(at):
    """Every Markdown string the page sends (text, notes, boxes, captions), in the main area and the sidebar."""
    els = [*at.markdown, *at.caption, *at.info, *at.success, *at.warning, *at.error]
    return [e.value for e in els]


@pytest.mark.parametrize("page, key", [("pages/playground.py", "data"), ("pages/playground.py", "T"),
                                       ("pages/loss_landscape.py", "T"), ("pages/k_and_lambda.py", "T"),
                                       ("pages/random_features.py", "data"), ("pages/uci_comparison.py", "task")],
                         ids=lambda v: v if "/" not in v else v[6:-3])
@pytest.mark.usefixtures("in_checkout")
def test_a_link_value_reaches_the_page_as_text(page, key):
    """The issue's links: the value is quoted in the note (for the reader to see what the link said), escaped."""
    raw = f"![x]({HOST}/{key}.png)" if key != "T" else f"[Log in]({HOST}/T)"
    at = _run(page, {key: raw})
    texts = _markdown(at)
    quoting = [t for t in texts if raw in shown(t)]
    assert quoting, texts
    assert all(plain(raw) in t for t in quoting)          # the value as escaped text, never as Markdown
    assert not any(f"]({HOST}" in t for t in texts)


@pytest.mark.usefixtures("in_checkout")
def test_an_upload_reaches_the_page_as_text():
    """Class names and a file name that are Markdown, quoted in the boxes as text; so is a parser's message
    that quotes the file's cells."""
    a, b = f"![x]({HOST}/a.png)", "$\\href{x}{y}$"
    X = np.random.RandomState(0).normal(size=(40, 2))
    data = ("u,v,label\n" + "\n".join(f"{p:.3f},{q:.3f},{a if p * q > 0 else b}" for p, q in X)).encode()
    name = "[Log in](http:evil) :material/home:.csv"
    at = AppTest.from_file(str(ROOT / "pages/playground.py"), default_timeout=TIMEOUT)
    at.query_params["data"] = "upload"
    at.run()
    at.file_uploader(key="upload_file").set_value((name, data, "text/csv")).run()
    box = [s.value for s in at.sidebar.success]
    assert box and f"classes {plain(a)} → −1 and {plain(b)} → +1" in box[0], box
    at.segmented_control(key="playground:data").set_value("moons").run()
    at.segmented_control(key="playground:data").set_value("upload").run()
    box = [s.value for s in at.sidebar.success]
    assert box and box[0].startswith(f"Your earlier file {plain(name)}: 40 points"), box
    bad = ("u,v,label\n" + "\n".join(f"{i},{f'<b>{i}' if i == 3 else i},{i % 2}" for i in range(20))).encode()
    at.file_uploader(key="upload_file").set_value(("bad.csv", bad, "text/csv")).run()
    errors = [e.value for e in at.sidebar.error] + [w.value for w in at.main.warning]
    assert errors and all("<b>" not in e and "\\<b\\>" in e for e in errors), errors


# ---------------------------------------------------------------- words about a link's values
def test_a_number_too_large_for_a_float_is_too_large_not_nan():
    """``T=1e309`` (float() says inf): a number, too large; the note gives the range and clamps."""
    value, note = adopt("T", "1e309", 100, min_value=1, max_value=500)
    assert value == 500 and note == "T = 1e309 is too large: T takes a whole number from 1 to 500 here; using 500."
    value, note = adopt("T", "x", 100, min_value=1, max_value=500)
    assert value == 100 and note == "T = x is not a number: T takes a whole number from 1 to 500 here; using the default 100."


@pytest.mark.parametrize("key, old, new, words", [
    ("T", 100, 101, "T 100 → 101: 1 more weak learner in the vote"),
    ("T", 100, 102, "T 100 → 102: 2 more weak learners in the vote"),
    ("T", 100, 99, "T 100 → 99: 1 fewer weak learner in the vote (the earlier iterations are unchanged)"),
    ("K", 10, 1, "K 10 → 1: each GBRFF1 learner sums 1 random cosine around its landmark"),
    ("K_ls", 1, 20, "K 1 → 20: each GBRFF-LS learner sums 20 random cosines around its landmark"),
])
def test_what_changed_counts_in_words(key, old, new, words):
    assert _change_sentence(key, key, old, new) == words


def test_noise_on_a_regression_problem_scatters_y_not_classes():
    assert _change_sentence("noise", "noise", 0.1, 0.2) == "noise 0.1 → 0.2: the classes overlap more"
    assert _change_sentence("noise", "noise", 0.1, 0.2, regression=True) == (
        "noise 0.1 → 0.2: y scatters more about f(x), and the best test RMSE any model can reach is 0.2")
