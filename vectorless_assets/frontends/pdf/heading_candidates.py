"""Heading candidates (`Candidate`) and what the whole document decides about them.

`headings.detect_headings` finds candidates line by line; these rules look at all of them
together: on a cover page only the largest line is a heading (`drop_cover`), admonition
labels and titles that recur are not, unless once per chapter (`drop_repeated`), a lone
"Part I" line and the title below it are one heading (`merge_labels`), and levels come from
style ranks (bigger first, then bold, then capitals, then italic), refined by numbering
depth ("1.2.3" is level 3 below the rank of the top numbered headings) and by "Part"/"Item"
keywords (`assign_levels`).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, replace

from vectorless_assets.frontends.pdf.chapter_scope import once_per_chapter, scoped_sections
from vectorless_assets.frontends.pdf.text import Line

_KEYWORD_LEVEL = {"part": 1, "teil": 1, "chapter": 1, "kapitel": 1}
_CHAPTER_WORDS = {"chapter", "kapitel"}
_ADMONITION = re.compile(
    r"^(notes?|tips?|warning|caution|important|hint|danger|attention|remark|nota|hinweis|achtung|remarque)\s*[:.!]?$",
    re.I,
)
_LABEL_ONLY = re.compile(
    r"^(part|chapter|appendix|annex|teil|kapitel|anhang)\s+(\d{1,3}|[ivxlc]{1,6}|[a-z])\.?$", re.I
)


def all_caps(text: str) -> bool:
    """At least 4 letters, and at least 85% of them capitals: a style signal of headings
    (and of printed table-of-contents entries)."""
    letters = [c for c in text if c.isalpha()]
    return len(letters) >= 4 and sum(c.isupper() for c in letters) >= 0.85 * len(letters)


@dataclass(slots=True)
class Heading:
    """A heading spanning lines[start:end] of the line stream."""

    start: int
    end: int
    title: str
    level: int


@dataclass(slots=True)
class Candidate:
    """A block of lines[start:end] that may be a heading: its style key (size, bold, capitals,
    italic),
    numbering depth, keyword ("part", "item", ...) and whether it is set larger than body text."""

    start: int
    end: int
    title: str
    key: tuple[float, bool, bool, bool]  # size, bold, capitals, italic
    depth: int  # numbering depth (0 = unnumbered)
    keyword: str
    strong: bool = False


def drop_cover(cands: list[Candidate], lines: list[Line], body: float) -> list[Candidate]:
    """On a cover page (first page, little body text, several display lines) only the largest
    line is a heading: the rest is authors, dates and subtitles."""
    first = [c for c in cands if lines[c.start].page == 0]
    if len(first) < 2:
        return cands
    page0 = [ln for ln in lines if ln.page == 0]
    chars = sum(len(ln.text) for ln in page0)
    body_chars = sum(len(ln.text) for ln in page0 if abs(ln.size - body) <= 0.5)
    if body_chars >= 0.4 * chars:
        return cands
    top = max(c.key[0] for c in first)
    return [c for c in cands if lines[c.start].page != 0 or c.key[0] == top]


def merge_labels(cands: list[Candidate], lines: list[Line]) -> list[Candidate]:
    """A lone "Part I" / "Chapter 3" line and the title right below it are one heading."""
    out: list[Candidate] = []
    for c in cands:
        prev = out[-1] if out else None
        if (
            prev is not None
            and _LABEL_ONLY.match(prev.title)
            and lines[c.start].page == lines[prev.start].page
            and c.start - prev.end <= 2
            and not c.keyword
        ):
            out[-1] = Candidate(
                prev.start,
                c.end,
                f"{prev.title} {c.title}",
                prev.key,
                prev.depth,
                prev.keyword,
                prev.strong or c.strong,
            )
            continue
        out.append(c)
    return out


def drop_repeated(cands: list[Candidate], lines: list[Line]) -> list[Candidate]:
    """Admonition labels ("Note", "Tip") and body-size titles that recur four times or more
    (table header rows) are not headings unless numbered, or unless they recur once per
    chapter ("Introduction", "Notes" in every chapter: `chapter_scope.once_per_chapter`);
    nor are body-size "1." items when numbered chapters are large, unless their numbers
    restart per chapter (`chapter_scope.scoped_sections`: then they sit one level below)."""
    counts = Counter(c.title.lower() for c in cands if not c.strong)
    chaptered = {
        t
        for t, n in counts.items()
        if (n >= 4 or t == "notes") and once_per_chapter(cands, t, lines)
    }
    cands = [
        c
        for c in cands
        if c.title.lower() in chaptered
        or (
            (counts[c.title.lower()] < 4 or c.strong or c.depth or c.keyword)
            and not _ADMONITION.match(c.title)
        )
    ]
    # when numbered chapters are set large, body-size "1." lines are list items, not chapters
    if sum(1 for c in cands if c.strong and c.depth == 1) >= 2:
        scoped = scoped_sections(cands, lines)
        cands = [
            replace(c, depth=2) if i in scoped else c
            for i, c in enumerate(cands)
            if i in scoped or c.strong or c.depth != 1 or c.keyword
        ]
    return cands


def assign_levels(
    cands: list[Candidate], body: float, cover: set[int] | None = None
) -> list[Heading]:
    """Levels: style rank (bigger, then bold, capitals, italic), numbering depth where present;
    in filings (two or more "Item N." headings) "Part" is 1, "Item" the next level and every
    other heading sits below the items. `cover`: start lines of candidates on the first
    page; a style used there only takes no rank (a title page's display lines would put every
    chapter one level down), it sits at the rank of the largest style not above it."""
    used = Counter(c.key for c in cands)
    inside = Counter(c.key for c in cands if c.start not in (cover or set()))
    # one-off styles (a cover title) do not take a rank of their own unless they are all we have
    ranked = {k for k, v in inside.items() if v >= 2} or set(inside) or set(used)
    styles = sorted(ranked, key=lambda k: (-k[0], not k[1], not k[2], not k[3]))
    rank = {k: r + 1 for r, k in enumerate(styles)}
    # compress ranks to at most 6 levels
    rank = {k: min(r, 6) for k, r in rank.items()}
    for k in used:
        if k not in rank:  # nearest ranked style at or below its size, else the top
            below = [s for s in styles if s[0] <= k[0]]
            rank[k] = rank[below[0]] if below else 1
    numbered_top = [rank[c.key] for c in cands if c.depth == 1]
    base = (min(numbered_top) - 1) if numbered_top else 0
    has_parts = any(c.keyword in _KEYWORD_LEVEL for c in cands)
    part_size = max((c.key[0] for c in cands if c.keyword in _KEYWORD_LEVEL), default=0.0)
    parts = any(c.keyword in ("part", "teil") for c in cands)
    if parts:
        base = max(base, 1)  # "1 Introduction" sits below "Part I"
    items = sum(1 for c in cands if c.keyword == "item")
    item_level = (2 if any(c.keyword == "part" for c in cands) else 1) if items >= 2 else 0
    out: list[Heading] = []
    for c in cands:
        if c.keyword in _KEYWORD_LEVEL:
            # "Chapter 3" sits below "Part I" when the document has parts
            level = _KEYWORD_LEVEL[c.keyword] + (1 if parts and c.keyword in _CHAPTER_WORDS else 0)
        elif c.depth:
            level = base + c.depth
        else:
            level = rank[c.key]
        if has_parts and c.keyword not in _KEYWORD_LEVEL and c.key[0] <= part_size:
            level = max(level, 2)  # "Item 7" sits below "PART II"
        if item_level and c.keyword == "item":
            level = item_level  # filings: "PART II" > "Item 7." > everything else
        elif item_level and c.keyword not in _KEYWORD_LEVEL:
            level = max(level, item_level + 1)
        out.append(Heading(c.start, c.end, c.title, max(1, min(level, 9))))
    return out
