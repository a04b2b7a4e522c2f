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

Everything here is a character offset of a line start, never a line number: line numbers
would need a table of every line's offset (50k lines over the corpus, built in Python),
while offsets come straight from the regex matches and keep their order, so a segment is
found by bisecting offsets exactly as it was by bisecting line numbers.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from dataclasses import dataclass

_CUT = re.compile(r"\n[ \t]*\n(?=[^ \t\n])")  # ends where a column-0 line follows a blank one
_LEADING_BLANK = re.compile(r"[ \t]*\n(?=[^ \t\n])")
_CANDIDATE_LINE = (
    r" {0,3}(?:#{1,6}(?:[ \t]|$)|(?:=+|-+)[ \t]*$|`{3}|~{3}"
    r"|<(?:[sS][cC][rR][iI][pP][tT]|[pP][rR][eE]|[sS][tT][yY][lL][eE]|[tT][eE][xX][tT][aA][rR][eE][aA]|!|\?))"
)
_CANDIDATE = re.compile(_CANDIDATE_LINE, re.MULTILINE)  # at a line start (`match`)
#: The same after a newline: a literal first character lets the regex engine jump from
#: newline to newline instead of testing ``^`` at every character (12 -> 3 ms on the corpus),
#: and the look-ahead for a candidate's first non-space character rejects most lines before
#: the alternation is tried (4.7 -> 3.0 ms). No match reaches past its line's end, so none
#: hides the next line's newline.
_CANDIDATE_AFTER_NEWLINE = re.compile("\n(?= {0,3}[#=`~<-])" + _CANDIDATE_LINE, re.MULTILINE)


@dataclass(frozen=True)
class Segments:
    """Segment k is the text from offset cuts[k] (a line start) to cuts[k + 1] (or the end)."""

    cuts: list[int]
    hot: set[int]
    simple: dict[int, tuple[int, str]]  # segment -> (level, title) of its heading line
    candidates: dict[int, list[int]]  # segment -> its candidate line starts (none: inert)

    def segment_of(self, offset: int) -> int:
        """The segment holding the character at `offset`."""
        return bisect_right(self.cuts, offset) - 1


def segment(src: str, *, front_matter: bool) -> Segments:
    """Cut `src` into inert, simple and hot segments."""
    cuts = [0]
    lead = _LEADING_BLANK.match(src)
    if lead:  # the first line is blank: its end is the first cut (no _CUT match ends there)
        cuts.append(lead.end())
    cuts += [m.end() for m in _CUT.finditer(src)]  # ascending, each after the leading one
    candidates: dict[int, list[int]] = {}
    for start in candidate_offsets(src):
        candidates.setdefault(bisect_right(cuts, start) - 1, []).append(start)
    fm_close = front_matter_close(src) if front_matter else None
    fm_segments = bisect_right(cuts, fm_close) if fm_close is not None else 0
    simple: dict[int, tuple[int, str]] = {}
    for k, starts in candidates.items():
        first = cuts[k]
        if k >= fm_segments and starts == [first] and src.startswith("#", first):
            end = src.find("\n", first)
            heading = atx_heading(src[first:] if end < 0 else src[first:end])
            if heading is not None:
                simple[k] = heading
    hot = (set(candidates) - set(simple)) | set(range(fm_segments))
    return Segments(cuts, hot, simple, candidates)


def candidate_offsets(src: str) -> list[int]:
    """The line starts (ascending) where a `_CANDIDATE` matches: ``^`` matches of it in `src`."""
    starts = [0] if _CANDIDATE.match(src) else []
    starts += [m.start() + 1 for m in _CANDIDATE_AFTER_NEWLINE.finditer(src)]
    return starts


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


def front_matter_close(src: str) -> int | None:
    """Start of the line closing a leading ``---`` block (as the front-matter plugin reads it), if
    any."""
    m = re.match(r"-{3,}", src)
    if not m:
        return None
    # the plugin skips spaces and tabs after either closer (`skipSpaces`)
    closer = re.compile(rf"^(?: {{0,3}}-{{{len(m.group())},}}[ \t]*|\.\.\.[ \t]*)$", re.MULTILINE)
    first_end = src.find("\n")
    c = closer.search(src, len(src) if first_end < 0 else first_end)
    return None if c is None else c.start()
