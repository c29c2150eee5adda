"""User text shown as text: what a link, an uploaded file or its name says never becomes page content.

Streamlit reads the text of ``st.markdown``, ``st.info``, ``st.warning``,
``st.error``, ``st.success``, ``st.caption`` and widget labels as Markdown
(GitHub's, with tables, footnotes and autolinks), with more on top: LaTeX
between ``$``, colour and help directives (``:red[…]``, ``:help[…]``),
Material icons (``:material/home:``), emoji and logo shortcodes
(``:smile:``, ``:streamlit:``) and typographic arrows (``->``, ``<=``). So a
value written ``![x](http://host/u.png)`` into a link would make every
browser that opens the link fetch that image, ``[Log in](http://…)`` would
be a link in the app's own words, ``$\\href{…}{…}$`` a formula.

:func:`plain` turns any text into Markdown that shows exactly that text.
Backslash escapes alone do not do it: Streamlit finds its shortcodes,
arrows and GFM's bare-address autolinks (``http://…``, ``www.…``,
``a@b.c``) in the text *after* the escapes are read (checked on
Streamlit 1.67 in Chromium; ``tests/app/test_text.py``). A word joiner
(U+2060, invisible, no line break) therefore goes inside each of those
sequences, and every ASCII punctuation mark is escaped. Line breaks and
other control characters become spaces: a value is one line of text.
"""

import re

__all__ = ["plain", "WORD_JOINER"]

#: The invisible character that keeps ``:name:``, ``http://``, ``www.``, ``a@b`` and ``->`` from being read.
WORD_JOINER = "\u2060"

_PUNCTUATION = re.compile(r"([!\"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~])")   # CommonMark's escapable characters
_SEQUENCES = (
    re.compile(r"(?<=:)(?=[\w+/-])"),        # :emoji:, :streamlit:, :material/…:, :red[…], http://
    re.compile(r"(?<=@)(?=[\w.+-])"),        # e-mail autolinks
    re.compile(r"(?i)(?<=www)(?=\.)"),       # www. autolinks
    re.compile(r"(?<=[<>~-])(?=[<>=~-])"),   # -> <- <-> -- >= <= ~=
)


def plain(text):
    r"""Markdown that Streamlit shows as ``text`` itself, character for character (on one line).

    Use it for every value that comes from outside the app's code before it
    enters a Markdown string: a URL parameter, an uploaded file's name or
    contents, an exception's message about them.

    >>> print(plain("[Log in](x.png) $5"))
    \[Log in\]\(x\.png\) \$5
    """
    text = "".join(ch if ch.isprintable() else " " for ch in str(text))
    for sequence in _SEQUENCES:
        text = sequence.sub(WORD_JOINER, text)
    return _PUNCTUATION.sub(r"\\\1", text)
