"""Markdown text made plain: what summaries, tags and keyword scans read of a node's text.

* `plain`: links and images reduced to their text; URLs, HTML comments and link
  definitions dropped (each pattern run only when the text holds the literal it needs).
* `keyword_text`: the part of a node's text keywords and sentences are taken from (its
  first `SCAN_CHARS` characters, plain).
* `clean`: one line of text, Markdown markers, table rules and fences stripped, whitespace
  collapsed (a text with nothing to strip takes a fast path with the same result).
* `strip_front_matter`: a text without its leading YAML front matter.

Each fast path's docstring says why it gives the plain definition's result (tested in
`tests/passes/common/test_fast_paths.py` and `test_pattern_rewrites.py`).
"""

from __future__ import annotations

import re
from operator import methodcaller

_MD_NOISE = re.compile(r"^\s*(?:[#>*+\-|]|\d+[.)])\s*|[`*_]{1,3}")
_LEAD = re.compile(r"\s*(?:[#>*+\-|]|\d+[.)])\s*")  # `_MD_NOISE`'s first branch, at the start
#: A link or image (group 1: its text), and a URL. Both open with a branch per first
#: character, not an optional one ("!?", "<?"), so the engine jumps to the characters a
#: match can start with instead of trying every position (2x faster, the same matches).
_LINK = re.compile(r"(?:!\[|\[)([^\]\n]*)\](?:\([^)\n]*\)|\[[^\]\n]*\])")
_LINK_TEXT = methodcaller("group", 1)  # (a C-level call per match; "\1" is expanded in Python)
_LINK_DEF = re.compile(r"^ {0,3}\[[^\]\n]+\]:[ \t]+\S.*$", re.MULTILINE)
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_URL = re.compile(r"(?:<(?:https?|ftp)|https?|ftp)://[^\s)>\]]+>?")
_PLAIN_TEXT = re.compile(r"[^\n\[\]<>`*_#|~=>+\-:/]*")
_FRONT_MATTER = re.compile(r"\A\s*---[ \t]*\n.*?\n(?:---|\.\.\.)[ \t]*(?:\n|\Z)", re.DOTALL)
_OPENS_FRONT_MATTER = re.compile(r"\s*---")  # `text.lstrip().startswith("---")` without a copy
_RULE_LINE = re.compile(
    r"^\s*(?:\|?[\s:\-|]*-{3,}[\s:\-|]*|`{3,}.*|~{3,}.*|[-*_=]{3,})\s*$", re.MULTILINE
)
#: At most this many characters of a node's text are scanned for sentences (cost bound).
SCAN_CHARS = 8_000


def strip_front_matter(text: str) -> str:
    """`text` without a leading YAML front matter block (its facts are the parser's)."""
    return _FRONT_MATTER.sub("", text, count=1) if _OPENS_FRONT_MATTER.match(text) else text


def plain(text: str) -> str:
    """Markdown links reduced to their text; URLs, HTML comments and link definitions dropped."""
    # each pattern needs a literal its `in` test looks for first (C-speed), same result
    if "]:" in text:
        text = _LINK_DEF.sub("", text)
    if "<!--" in text:
        text = _COMMENT.sub("", text)
    if "[" in text:
        text = _LINK.sub(_LINK_TEXT, text)
    if "://" in text:
        text = _URL.sub("", text)
    return text


def keyword_text(text: str) -> str:
    """The part of a node's text that keywords are taken from (first `SCAN_CHARS`, no URLs)."""
    return plain(text[:SCAN_CHARS])


def clean(text: str) -> str:
    """One-line text: Markdown markers, links, table rules and fences stripped, whitespace
    collapsed."""
    # " ".join(x.split()) collapses whitespace runs exactly as `\s+` -> " " then strip()
    if _PLAIN_TEXT.fullmatch(text):  # fast path: nothing to strip
        return " ".join(text.split())
    text = plain(text)
    if "\n" in text:
        lines = [_noise(line) for line in _RULE_LINE.sub("", text).split("\n")]
        return " ".join(" ".join(lines).split())
    # one line (a sentence): the rule pattern matches all of it or nothing
    return "" if _RULE_LINE.match(text) else " ".join(_noise(text).split())


def _noise(line: str) -> str:
    """`_MD_NOISE.sub("", line)`: the pattern's first branch is anchored at the line's start
    (it removes one leading marker and the whitespace around it, `_LEAD`), and its second
    deletes every emphasis/code character (runs of one to three: all of them). Each part is
    done only when the line has what it needs (a marker-like first character, one of the
    characters)."""
    head = line.lstrip()[:1]
    if head and (head in "#>*+-|" or head.isdigit()):
        m = _LEAD.match(line)
        if m is not None:
            line = line[m.end() :]
    for c in "`*_":
        if c in line:
            line = line.replace(c, "")
    return line
