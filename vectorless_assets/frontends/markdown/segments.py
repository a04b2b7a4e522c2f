"""Which parts of a Markdown text markdown-it must parse to find the top-level headings.

The text is cut into *segments* at every line that starts in column 0 right after a blank
line. At such a line every container (list, block quote), paragraph, table, indented code
block and type 6/7 HTML block has ended, so CommonMark's block state is fresh unless a
top-level fence, a type 1-5 HTML block (``<!--``, ``<pre``, ``<script``...) or the front
matter is still open.

A segment with no *candidate* line (an ATX ``#`` line, a setext underline, a line that could
open a fence or a type 1-5 HTML block) is *inert*: it cannot contain a heading and cannot
leave anything open, so it needs no parse. A segment whose only candidate is its own first
line, an ATX heading in column 0, is *simple*: in a fresh state that line is a heading, read
here exactly as markdown-it's heading rule reads it (a line with a ``|``, a possible table
header, is left to markdown-it). Every other segment is *hot* and goes to markdown-it.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

_CUT = re.compile(r"\n[ \t]*\n(?=[^ \t\n])")  # ends where a column-0 line follows a blank one
_LEADING_BLANK = re.compile(r"[ \t]*\n(?=[^ \t\n])")
_CANDIDATE_LINE = (
    r" {0,3}(?:#{1,6}(?:[ \t]|$)|(?:=+|-+)[ \t]*$|`{3}|~{3}"
    r"|<(?:[sS][cC][rR][iI][pP][tT]|[pP][rR][eE]|[sS][tT][yY][lL][eE]|[tT][eE][xX][tT][aA][rR][eE][aA]|!|\?))"
)
_CANDIDATE = re.compile(_CANDIDATE_LINE, re.MULTILINE)  # at a line start (`match`)
#: The same after a newline: a literal first character lets the regex engine jump from
#: newline to newline instead of testing ``^`` at every character (12 -> 3 ms on the corpus).
#: No match reaches past its line's end, so none hides the next line's newline.
_CANDIDATE_AFTER_NEWLINE = re.compile("\n" + _CANDIDATE_LINE, re.MULTILINE)


@dataclass(frozen=True)
class Segments:
    """Segment k is lines [cuts[k], bounds[k + 1])."""

    cuts: list[int]
    bounds: list[int]
    hot: set[int]
    simple: dict[int, tuple[int, str]]  # segment -> (level, title) of its heading line

    def segment_of(self, line: int) -> int:
        return bisect_right(self.cuts, line) - 1


def segment(src: str, starts: Sequence[int], ends: Sequence[int], *, front_matter: bool) -> Segments:
    """Cut `src` (lines at offsets `starts`/`ends`) into inert, simple and hot segments."""
    n = len(starts)
    cuts = sorted({0, *(bisect_left(starts, m.end()) for m in _CUT.finditer(src))} | ({1} if _LEADING_BLANK.match(src) else set()))
    bounds = [*cuts, n]
    candidates: dict[int, list[int]] = {}
    for line in candidate_lines(src, starts):
        candidates.setdefault(bisect_right(cuts, line) - 1, []).append(line)
    fm_close = front_matter_close(src, starts, ends) if front_matter else None
    fm_segments = bisect_right(cuts, fm_close) if fm_close is not None else 0
    simple: dict[int, tuple[int, str]] = {}
    for k, lines in candidates.items():
        first = cuts[k]
        if k >= fm_segments and lines == [first] and src.startswith("#", starts[first]):
            heading = atx_heading(src[starts[first]:ends[first]])
            if heading is not None:
                simple[k] = heading
    hot = (set(candidates) - set(simple)) | set(range(fm_segments))
    return Segments(cuts, bounds, hot, simple)


def candidate_lines(src: str, starts: Sequence[int]) -> list[int]:
    """The lines (ascending) that start with a `_CANDIDATE`: ``^`` matches of it in `src`."""
    lines = [0] if _CANDIDATE.match(src) else []
    lines.extend(bisect_left(starts, m.start() + 1) for m in _CANDIDATE_AFTER_NEWLINE.finditer(src))
    return lines


def atx_heading(line: str) -> tuple[int, str] | None:
    """(level, title) of an ATX heading line in column 0, as markdown-it's heading rule reads it."""
    if "|" in line:
        return None
    level = len(line) - len(line.lstrip("#"))
    if not 1 <= level <= 6 or (len(line) > level and line[level] not in " \t"):
        return None
    content = line[level:].rstrip(" \t")
    bare = content.rstrip("#")
    if len(bare) < len(content) and (bare == "" or bare[-1] in " \t"):
        content = bare  # a closing sequence of #s
    return level, content.strip()


def front_matter_close(src: str, starts: Sequence[int], ends: Sequence[int]) -> int | None:
    """Line closing a leading ``---`` block (as the front-matter plugin reads it), if any."""
    m = re.match(r"-{3,}", src)
    if not m:
        return None
    closer = re.compile(rf"^(?: {{0,3}}-{{{len(m.group())},}} *|\.\.\.[ \t]*)$", re.MULTILINE)
    c = closer.search(src, ends[0])
    return None if c is None else bisect_right(starts, c.start()) - 1
