"""The entries of the printed ToC pages, in order, with their levels.

A ToC page is read as rows (`toc_rows`); an entry is a row ending in a printed page number
(`toc.split_entry`). A row without a number is the first half of a wrapped
title when the next row is numbered and indented further (the hanging indent of a long
title, unless it ends in a colon: that heads a group), the tail of the entry above when it
sits right below it, indented, in its style and no label itself (a title wrapped after its
number), or an unnumbered entry of its own when it is a "Part"/"Chapter" label or set in
capitals or bold (`toc_map` points it at the first page of the entries under a "Part", else
where the next entry points). The contents end at the bare heading of a list of figures or
tables that follows them (an entry "List of Illustrations xi" does not end them). Nesting
comes from the indent (distinct left edges ranked), else from numbering depth ("3.4.1" is
level 3), with "Part" above everything else (a bare "II Implementation" too, when several
such labels occur); then "3.1" is put one level below the "3" before it
(`numbering.nest_by_number`: the number is trusted over the indent).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from vectorless_assets.frontends.pdf import numbering
from vectorless_assets.frontends.pdf.heading_candidates import all_caps
from vectorless_assets.frontends.pdf.numbering import nest_by_number, part_titles
from vectorless_assets.frontends.pdf.text import PageLines
from vectorless_assets.frontends.pdf.toc import CONTENTS, last_printed, split_entry
from vectorless_assets.frontends.pdf.toc_rows import Row, left_edges, recto_verso_shift, rows

_NUMBERED = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5})\.?\s+\S")
_KEYWORD = re.compile(
    r"^(part|chapter|item|appendix|annex|teil|kapitel)\s+(\d{1,3}[a-z]?|[ivxlc]{1,6}|[a-z])\b", re.I
)
_LIST_OF = re.compile(
    r"^(?:list of (?:tables|figures|illustrations|listings|examples|exhibits|maps|plates|charts)"
    r"|index of tables)\b",
    re.I,
)
_PAGE_HEADER = re.compile(
    r"^(?:(?:beginning\s+)?pages?|(?:item|part|section|note)s?\s+(?:no\.?|number))(?:\s+(?:no\.?|number))?$",
    re.I,
)
# a verso page's running head: its folio, then the contents' title ("xii Table des matières")
_FOLIO_FIRST = re.compile(r"^(?:\d{1,4}|[ivxlcdm]{1,7})\s+(?=\D)")
# "Part I  Page"
_COLUMN_HEADER = re.compile(r"\s+(?:beginning\s+)?pages?(?:\s+(?:no\.?|number))?$", re.I)


@dataclass(slots=True)
class TocEntry:
    """One ToC entry: title, 1-based level, printed page ('' when unnumbered), 0-based ToC page."""

    title: str
    level: int
    printed: str
    toc_page: int


def read_entries(
    pages: list[PageLines], toc_pages: list[int], last: int | None = None
) -> list[TocEntry]:
    """The entries of the ToC pages in order, with levels (see the module docstring).

    A "Page" column header set on the row of the first entry ("Part I - Financial information
    Page") is not part of its title. `last`: as for `find_toc_pages`.
    """
    last = last_printed(len(pages), None) if last is None else last
    raw: list[tuple[Row, str, str]] = []  # row, title, printed
    for idx in toc_pages:
        rs = [
            _without_column_header(r, last)
            for r in rows(pages[idx])
            if sum(c.isalpha() for c in r.text) >= 2
        ]
        pending: Row | None = None
        for k, r in enumerate(rs):
            text = r.text.strip()
            if _list_heading(text, last):
                pending = None
                break  # a list of tables or figures follows the contents: not structure
            if CONTENTS.match(_FOLIO_FIRST.sub("", text)) or _PAGE_HEADER.match(text):
                pending = None
                # the page's heading block ("ACME INC.", "FORM 10-K") is no entry
                if CONTENTS.match(text):
                    while raw and raw[-1][0].page == idx and not raw[-1][2]:
                        raw.pop()
                continue
            split = split_entry(text, last)
            if split is not None:
                title, num = split
                if (
                    pending is not None
                    and r.x > pending.x + 3
                    and not pending.text.rstrip().endswith(":")
                ):
                    title, r = f"{pending.text.strip()} {title}", pending  # a wrapped title
                elif pending is not None:
                    raw.append((pending, pending.text.strip(), ""))
                pending = None
                raw.append((r, title, num))
                continue
            prev = rs[k - 1] if k else None
            if (
                pending is None
                and raw
                and prev is not None
                and raw[-1][0] is prev
                and raw[-1][2]
                and _runs_on(prev, r)
            ):
                # "... Issuer Purchases of" / "Equity Securities"
                raw[-1] = (prev, f"{raw[-1][1]} {text}", raw[-1][2])
                continue
            nxt = rs[k + 1] if k + 1 < len(rs) else None
            if pending is not None:
                raw.append((pending, pending.text.strip(), ""))
                pending = None
            label = _KEYWORD.match(text) or (r.bold or all_caps(text)) and len(text.split()) <= 8
            # "Consolidated Financial Statements:" heads a group; it does not wrap
            wraps = (
                nxt is not None
                and split_entry(nxt.text, last) is not None
                and nxt.x > r.x + 3
                and len(text.split()) <= 25
                and not text.endswith(":")
            )
            if label or wraps:
                pending = r
        if pending is not None:
            raw.append((pending, pending.text.strip(), ""))
        if any(_list_heading(r.text.strip(), last) for r in rs):
            break
    # an unnumbered row on several ToC pages is a running header ("Debian Reference")
    repeated = Counter(t for _, t, num in raw if not num)
    raw = [x for x in raw if x[2] or repeated[x[1]] < 2]
    levels = _levels([(r, t) for r, t, _ in raw])
    return [TocEntry(t, lv, num, r.page) for (r, t, num), lv in zip(raw, levels, strict=True)]


def _list_heading(text: str, last: int) -> bool:
    """True for the bare heading of a list of figures or tables ("List of Illustrations"): the
    contents end there. An entry with a page number ("List of Illustrations xi") is one of the
    contents' own front-matter entries, and the reading goes on."""
    return bool(_LIST_OF.match(text)) and split_entry(text, last) is None


def _runs_on(prev: Row, r: Row) -> bool:
    """True when the unnumbered row `r` continues the numbered entry `prev` above it: indented
    further and closer below it than a line and a third (a title wrapped after its number), in
    its style, and no label of its own (a centred "PART II" right below the last Item of Part I,
    a "Financial Statements:" group row)."""
    text = r.text.strip()
    return (
        r.x > prev.x + 3
        and 0 < prev.y - r.y < 1.35 * max(r.size, 1.0)
        and len(r.text.split()) <= 12
        and not _KEYWORD.match(text)
        and not text.endswith(":")
        and r.bold == prev.bold
        and all_caps(text) == all_caps(prev.text)
    )


def _without_column_header(r: Row, last: int) -> Row:
    """`r` without a trailing "Page" column header (only on a row without a page number)."""
    if split_entry(r.text, last) is not None or not _COLUMN_HEADER.search(r.text):
        return r
    return Row(r.page, r.y, r.x, r.size, r.bold, _COLUMN_HEADER.sub("", r.text.rstrip()))


def _levels(items: list[tuple[Row, str]]) -> list[int]:
    """Indent rank (left edges clustered within 3pt, measured from each page's own margin
    on two-sided contents: `recto_verso_shift`), else numbering depth; "Part" on top."""
    shift = recto_verso_shift([r for r, _ in items])
    xs = [r.x - shift.get(r.page, 0.0) for r, _ in items]
    edges = left_edges(xs)
    by_indent = len(edges) >= 2 and len(edges) <= 6
    levels: list[int] = []
    for (_, title), x in zip(items, xs, strict=True):
        m = _NUMBERED.match(title)
        if by_indent:
            level = 1 + max(i for i, e in enumerate(edges) if x >= e - 3.0)
        elif m:
            level = m.group(1).count(".") + 1
        else:
            level = 1
        levels.append(level)
    # "PART II" > "Item 7.", wherever the label is set (often centred); "II Implementation"
    # is a part when the contents has several such labels
    bare = part_titles([t for _, t in items])
    parts = [numbering.depth(t, bare) == numbering.PART_DEPTH for _, t in items]
    if any(parts):
        top = min((lv for lv, p in zip(levels, parts, strict=True) if not p), default=1)
        levels = [1 if p else lv - top + 2 for lv, p in zip(levels, parts, strict=True)]
    else:
        top = min(levels, default=1)
        levels = [lv - top + 1 for lv in levels]
    return nest_by_number([t for _, t in items], levels)[0]
