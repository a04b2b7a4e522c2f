"""The entries of the printed ToC pages, in order, with their levels.

A ToC page is read as rows (`toc_rows`); an entry is a row ending in a printed page number
(`toc.split_entry`) with the unnumbered rows right above it that are its title's first lines
(wrapped at the same edge or under a hanging indent, "Part I" alone above the part's title;
an author line set in another slant that carries the page number is no part of the title:
`toc_blocks`). A row without a number is also the tail of the entry above when it sits right
below it, indented, in its style and no label itself (a title wrapped after its number), the
entry's byline when set in another slant, or an unnumbered entry of its own when it is a
"Part"/"Chapter" label or set in capitals or bold (`toc_map` points it at the first page of
the entries under a "Part", else where the next entry points). A recto's running head
"Contents iii" is no entry. The contents end at the bare heading of a list of figures or
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
from vectorless_assets.frontends.pdf.toc_blocks import KEYWORD, Block, compose, is_byline, is_label
from vectorless_assets.frontends.pdf.toc_rows import Row, left_edges, recto_verso_shift, rows

_NUMBERED = re.compile(r"^(\d{1,2}(?:\.\d{1,2}){0,5})\.?\s+\S")
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
    """One ToC entry: title, 1-based level, printed page ('' when unnumbered), 0-based ToC page,
    and the title its numbered row alone gives when rows above were joined (`toc_blocks`)."""

    title: str
    level: int
    printed: str
    toc_page: int
    alt: str = ""  # the numbered row's own title when rows above it were joined to it


def read_entries(
    pages: list[PageLines], toc_pages: list[int], last: int | None = None
) -> list[TocEntry]:
    """The entries of the ToC pages in order, with levels (see the module docstring).

    A "Page" column header set on the row of the first entry ("Part I - Financial information
    Page") is not part of its title. `last`: as for `find_toc_pages`.
    """
    last = last_printed(len(pages), None) if last is None else last
    raw: list[Block] = []
    for idx in toc_pages:
        rs = [
            _without_column_header(r, last)
            for r in rows(pages[idx])
            if sum(c.isalpha() for c in r.text) >= 2
        ]
        block: list[Row] = []  # unnumbered rows since the last entry
        tail: Row | None = None  # the row that ended the last entry, or a byline under it
        for r in rs:
            text = r.text.strip()
            if _list_heading(text, last):
                break  # a list of tables or figures follows the contents: not structure
            split = split_entry(text, last)
            if _heading_row(text, split):
                block, tail = [], None
                # the page's heading block ("ACME INC.", "FORM 10-K") is no entry
                if CONTENTS.match(text):
                    while raw and raw[-1].row.page == idx and not raw[-1].printed:
                        raw.pop()
                continue
            if split is not None:
                lead, entry = compose(block, r, *split)
                raw += [Block(b, b.text.strip(), "") for b in lead if is_label(b)]
                raw.append(entry)
                block, tail = [], r
                continue
            if not block and tail is not None and raw and raw[-1].printed:
                if _runs_on(tail, r):
                    # "... Issuer Purchases of" / "Equity Securities"
                    raw[-1].title = f"{raw[-1].title} {text}"
                    tail = r
                    continue
                if is_byline(r, raw[-1].row) and r.y < tail.y:
                    tail = r  # the author line under an entry whose number ends its title
                    continue
            tail = None
            block.append(r)
        raw += [Block(b, b.text.strip(), "") for b in block if is_label(b)]
        if any(_list_heading(r.text.strip(), last) for r in rs):
            break
    # an unnumbered row on several ToC pages is a running header ("Debian Reference")
    repeated = Counter(b.title for b in raw if not b.printed)
    raw = [b for b in raw if b.printed or repeated[b.title] < 2]
    levels = _levels([(b.row, b.title) for b in raw])
    return [
        TocEntry(b.title, lv, b.printed, b.row.page, b.alt)
        for b, lv in zip(raw, levels, strict=True)
    ]


def _heading_row(text: str, split: tuple[str, str] | None) -> bool:
    """The contents' own title ("Contents", "xii Table des matières", a recto's running head
    "Contents iii") or a column header ("Page")."""
    return bool(
        CONTENTS.match(_FOLIO_FIRST.sub("", text))
        or (split is not None and CONTENTS.match(split[0]))
        or _PAGE_HEADER.match(text)
    )


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
        and not KEYWORD.match(text)
        and not text.endswith(":")
        and r.bold == prev.bold
        and r.italic == prev.italic
        and all_caps(text) == all_caps(prev.text)
    )


def _without_column_header(r: Row, last: int) -> Row:
    """`r` without a trailing "Page" column header (only on a row without a page number)."""
    if split_entry(r.text, last) is not None or not _COLUMN_HEADER.search(r.text):
        return r
    text = _COLUMN_HEADER.sub("", r.text.rstrip())
    return Row(r.page, r.y, r.x, r.size, r.bold, text, r.italic)


def _levels(items: list[tuple[Row, str]]) -> list[int]:
    """Indent rank (left edges clustered within 3pt, measured from each page's own margin
    on two-sided contents: `recto_verso_shift`), else numbering depth; "Part" on top, with
    the unnumbered front matter listed before the first part beside it (depth 1, as without
    parts)."""
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
    # is a part when the contents has several such labels, none indented under other entries
    # (a legal "I." below "A." is no part)
    bare = part_titles([t for _, t in items]) and not any(
        by_indent and x > edges[0] + 3.0 and numbering.depth(t, True) == numbering.PART_DEPTH
        for (_, t), x in zip(items, xs, strict=True)
    )
    parts = [numbering.depth(t, bare) == numbering.PART_DEPTH for _, t in items]
    if any(parts):
        top = min((lv for lv, p in zip(levels, parts, strict=True) if not p), default=1)
        first = parts.index(True)  # unnumbered front matter before the first part: the top
        levels = [
            1 if p or (i < first and lv == top and not numbering.numbered(t)) else lv - top + 2
            for i, ((_, t), lv, p) in enumerate(zip(items, levels, parts, strict=True))
        ]
    else:
        top = min(levels, default=1)
        levels = [lv - top + 1 for lv in levels]
    return nest_by_number([t for _, t in items], levels)[0]
