"""Blocks read without markdown-it: where a fence or an HTML block opened at a segment's
start ends.

Most of what markdown-it would parse in the corpus is code and HTML (of the 9,300 lines it
saw, 6,700 were inside fences and 600 in HTML blocks), and it handles each such line in
Python twice (line marks, then the rule looking for the block's end). At a line that starts
a segment (`segments`: column 0, fresh top-level block state) these blocks are recognised
exactly as markdown-it's rules do, and their last line is found with one regex search:

* The block rules markdown-it tries before ``fence`` and ``html_block`` all refuse such a
  line when it starts with a backtick, a tilde or ``<``: ``front_matter`` needs ``-`` as the
  first character, ``table`` a ``|`` in the header line (a line with one is left to
  markdown-it), ``code`` an indent of four columns, ``blockquote``/``hr``/``list``/
  ``reference`` their own first characters.
* A fence: three or more backticks (no backtick after them) or tildes. It ends at the first
  later line whose indent is under four columns (at most three spaces: a tab expands to
  four), then at least as many of the same marker, then only spaces and tabs.
* An HTML block of type 1-5 (``<script``/``<pre``/``<style``/``<textarea``, ``<!--``,
  ``<?``, ``<!X``, ``<![CDATA[``; markdown-it's own `HTML_SEQUENCES`, the first whose start
  matches deciding): it ends at the first line, its own included, holding its end sequence
  (none spans lines, so one search of the text finds that line). Types 6 and 7 end at a
  blank line and are left to markdown-it.
* Without an end the block runs to the end of the text. After its last line the block
  state is fresh again (nothing is left open, nothing carries over at the top level), so
  the lines after it parse as a new text would.

Tested equal to markdown-it's fence and html_block tokens on random texts.
"""

from __future__ import annotations

import re
from functools import lru_cache

from markdown_it.rules_block.html_block import HTML_SEQUENCES

_FENCE = re.compile(r"(`{3,}|~{3,})([^|\n]*)")


@lru_cache(maxsize=64)  # (marker, length): a pure function of its key
def _fence_closer(marker: str, length: int) -> re.Pattern[str]:
    return re.compile(rf"^ {{0,3}}{re.escape(marker)}{{{length},}}[ \t]*$", re.MULTILINE)


def block_end(src: str, start: int) -> int | None:
    """For the line starting at `start`, in column 0 of a fresh top-level block state: the
    start of the last line of the fence or type 1-5 HTML block it opens, -1 when that block
    runs to the end of the text, None when it opens neither (or holds a ``|``)."""
    first = src[start : start + 1]
    if first in ("`", "~"):
        return _fence_end(src, start)
    if first == "<":
        return _html_end(src, start)
    return None


def _fence_end(src: str, start: int) -> int | None:
    m = _FENCE.match(src, start)
    if m is None or (m.end() < len(src) and src[m.end()] != "\n"):
        return None  # no marker, or a "|" in the line
    markup, info = m.groups()
    if markup[0] == "`" and "`" in info:
        return None
    if m.end() >= len(src):
        return -1
    c = _fence_closer(markup[0], len(markup)).search(src, m.end() + 1)
    return -1 if c is None else c.start()


def _html_end(src: str, start: int) -> int | None:
    end = src.find("\n", start)
    line = src[start:] if end < 0 else src[start:end]
    if "|" in line:
        return None
    seq = next((seq for seq in HTML_SEQUENCES if seq[0].search(line)), None)
    if seq is None or seq[1].search(""):
        return None  # no HTML block, or one of type 6/7 (it ends at a blank line)
    if seq[1].search(line):
        return start
    if end < 0:
        return -1
    m = seq[1].search(src, end + 1)
    return -1 if m is None else src.rfind("\n", 0, m.start()) + 1
