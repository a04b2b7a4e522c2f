"""Quiet headings: styles that differ from body text too little for the size/bold signals.

Publishers set headings at body size in italic only, in bold or capitals at 85-95% of body
size, in roman type only 4-12% larger than body text, or mark them by their number alone.
Each such style is also used for things that are not headings (italic emphasis, captions,
quotes, small bold table labels, numbered list items), so the style only nominates a line;
the layout decides: a heading is a short stand-alone line (shorter than a full body line,
with extra space above it, followed by the start of a paragraph), and its style recurs (a
style seen once is not a heading level: `keep_recurring`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vectorless_assets.frontends.pdf.heading_context import indented_under
from vectorless_assets.frontends.pdf.numbering import lower_label
from vectorless_assets.frontends.pdf.text import Line

if TYPE_CHECKING:
    from vectorless_assets.frontends.pdf.heading_candidates import Candidate

SPACE_ABOVE = 1.35  # a baseline distance this many body leadings above the line is extra space
SHORT = 0.7  # a stand-alone line is at most this share of a full body line
MAX_WORDS = 15
SMALL = 0.83  # bold or capital headings may be set this small (relative to body text)
LARGER = 1.035  # roman headings this much larger than body text
STRONG = 1.12  # from here on size alone makes a heading (`headings._signals`)
SMALLER = 0.92  # text under a label this much smaller than body text is a caption to it
DIRECTORY = 4  # this many labels of one style over smaller text make a list, not headings


@dataclass(frozen=True, slots=True)
class BodyLayout:
    """How body text is set: size, leading (baseline to baseline), characters in a full
    line, and whether it is italic (then italic marks nothing)."""

    size: float
    leading: float
    full: int
    italic: bool


def measure(lines: list[Line], body: float) -> BodyLayout:
    """The body layout of a line stream whose body size is `body`."""
    gaps: Counter[float] = Counter()
    lengths: list[int] = []
    italic = 0
    for a, b in zip(lines, lines[1:], strict=False):
        if abs(a.size - body) <= 0.5:
            lengths.append(len(a.text))
            italic += len(a.text) if a.italic else -len(a.text)
            if a.page == b.page and abs(b.size - body) <= 0.5 and 0.9 * body < a.y - b.y < 2 * body:
                gaps[round((a.y - b.y) * 2) / 2] += 1
    leading = gaps.most_common(1)[0][0] if gaps else 1.2 * body
    lengths.sort()
    full = lengths[len(lengths) // 2] if lengths else 0
    return BodyLayout(body, leading, full, italic > 0)


def quiet_style(ln: Line, layout: BodyLayout, caps: bool, depth: int) -> bool:
    """True when the style of `ln` (or its number) can mark a quiet heading."""
    if not layout.size or not ln.size:
        return False
    ratio = ln.size / layout.size
    if ratio >= STRONG:
        return False
    if (ln.bold or caps) and ratio >= SMALL:
        return True
    if ratio < 0.97:
        return False
    return (ln.italic and not layout.italic) or ratio >= LARGER or depth > 0


def stands_alone(lines: list[Line], i: int, layout: BodyLayout, depth: int) -> bool:
    """True when lines[i] is a short line of words (not symbols of a formula) with extra
    space above it (or first in its page or column) but none below it, closer to the next
    line on the page than to the previous one, and that next line starts a paragraph (or a
    heading): it opens with a capital, a digit or a quote, or it is indented as a paragraph's
    first line (many paragraphs open in lower case: "in 1848 ...", "eBay", "de Gaulle")."""
    ln = lines[i]
    text = ln.text.strip()
    words = len(text.split())
    letters = sum(ch.isalpha() for ch in text)
    if (
        letters < 4
        or letters < 0.6 * len(text.replace(" ", ""))
        or text.endswith((":", ",", ";"))
        or words > MAX_WORDS
        or (text.endswith(".") and not depth)
        or not (text[:1].isupper() or text[:1].isdigit() or lower_label(text))
        or (layout.full >= 30 and len(text) > SHORT * layout.full)
    ):
        return False
    prev = lines[i - 1] if i > 0 else None
    above = prev.y - ln.y if prev is not None and prev.page == ln.page else 0.0
    if -1.5 < above < SPACE_ABOVE * layout.leading and prev is not None and prev.page == ln.page:
        return False  # too close below the previous line, or beside it (a phrase in a line)
    if (
        prev is not None
        and 0 < above < 1.5 * prev.size
        and not depth
        and prev.size >= STRONG * layout.size
    ):
        return False  # tight under a display heading: its byline or subtitle
    nxt = lines[i + 1] if i + 1 < len(lines) else None
    if nxt is None or nxt.page != ln.page:
        return True
    below = ln.y - nxt.y
    if abs(below) < 1.5 or nxt.size < SMALLER * layout.size:
        return False  # the line goes on beside it; or smaller text follows (an affiliation)
    if (below >= SPACE_ABOVE * layout.leading and not depth) or (
        above > 0 and below > above - 0.2 * layout.leading
    ):
        # set off from the text below too (a caption): a heading leads into it; a numbered
        # one may keep some space below if it has more above
        return False
    start = nxt.text.lstrip()[:1]
    opens = start.isupper() or start.isdigit() or start in "\"'“‘(" or indented_under(ln, nxt)
    return opens and (nxt.style != ln.style or depth > 0)


def keep_recurring(cands: list[Candidate], quiet: set[int]) -> list[Candidate]:
    """Drop the quiet candidates (by start line) whose style key is not used at least twice
    by quiet candidates (a one-off italic line is emphasis, not a heading level), and all of
    them in a filing (two "Item" headings: there, body-size italic and bold lines label table
    rows and paragraphs too often, and the filings' structure comes from its Items)."""
    if sum(1 for c in cands if c.keyword == "item") >= 2:
        return [c for c in cands if c.start not in quiet]
    used = Counter(c.key for c in cands if c.start in quiet)
    return [c for c in cands if c.start not in quiet or used[c.key] >= 2]


def drop_directories(cands: list[Candidate], lines: list[Line], body: float) -> list[Candidate]:
    """Drop the weak candidates of a style whose lines mostly sit over smaller text (at least
    DIRECTORY of them): names over their job titles in a staff list, terms over definitions.
    A heading leads into body text."""
    over: dict[tuple, list[int]] = {}
    total: Counter[tuple] = Counter()
    for k, c in enumerate(cands):
        if c.strong or c.depth or c.keyword:
            continue
        total[c.key] += 1
        nxt = lines[c.end] if c.end < len(lines) else None
        if nxt is not None and nxt.page == lines[c.start].page and nxt.size < SMALLER * body:
            over.setdefault(c.key, []).append(k)
    drop = {
        k
        for key, ks in over.items()
        if len(ks) >= DIRECTORY and len(ks) >= 0.5 * total[key]
        for k in ks
    }
    return [c for k, c in enumerate(cands) if k not in drop]
