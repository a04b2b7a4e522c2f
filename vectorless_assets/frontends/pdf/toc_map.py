"""Printed page numbers of ToC entries -> physical pages, and the ToC judged as a structure.

Printed numbers are mapped through the PDF's page labels when it declares them (and most
entries find their label); else through an offset (physical index - printed number) found by
matching entry titles on the pages: a sample of entries votes for the offsets at which its
title occurs on the page, and the most voted offset wins when enough entries agree. Arabic and
roman (front matter) numbers get an offset each. Each mapped entry is then anchored on the
page where its title occurs (its mapped page, else the next or previous one); an unnumbered
"PART II" points to the first page of the entries under it (a 10-Q lists Item 1 before the
Item 2 printed first), another unnumbered entry where the entry after it points. An entry whose
title joined rows above its numbered row (`toc_blocks`) takes the numbered row's own title
when only that is on its page.
"""

from __future__ import annotations

import re
from collections import Counter

from vectorless_assets.frontends.pdf.numbering import without_number
from vectorless_assets.frontends.pdf.outline import OutlineEntry, norm
from vectorless_assets.frontends.pdf.text import Line, PageLines
from vectorless_assets.frontends.pdf.toc_entries import TocEntry

SAMPLE = 40
MAX_DESCENTS = 0.15  # share of steps back in page order a usable ToC may have (at least one)
MIN_SHIFT, MAX_SHIFT = -5, 80  # plausible offsets between physical and printed page numbers
_PART = re.compile(r"^part\s+(?:[ivxlc]{1,6}|\d{1,2})\b", re.I)
_ROMAN = {"i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000}


def roman_value(text: str) -> int | None:
    """Value of a roman numeral (either case: "xii", "XII"), None when `text` is not one."""
    text = text.lower()
    if not text or any(c not in _ROMAN for c in text):
        return None
    total = 0
    for a, b in zip(text, text[1:] + " ", strict=True):
        v = _ROMAN[a]
        total += -v if b != " " and _ROMAN[b] > v else v
    return total if total > 0 else None


class _Pages:
    """Normalised page texts, built on first use."""

    def __init__(self, pages: list[PageLines], skip: set[int]) -> None:
        self.pages = pages
        self.skip = skip  # the ToC pages themselves
        self._norm: dict[int, str] = {}

    def has(self, title: str, index: int) -> bool:
        if not 0 <= index < len(self.pages) or index in self.skip:
            return False
        if index not in self._norm:
            self._norm[index] = norm(" ".join(ln.text for ln in self.pages[index].lines))
        text = self._norm[index]
        t, bare = norm(title)[:40], norm(without_number(title))[:40]
        # a hanging number drawn apart from its heading is not before the title on the page
        return (len(t) >= 3 and t in text) or (bare != t and len(bare) >= 8 and bare in text)


def _offset(items: list[tuple[str, int]], pages: _Pages, lo: int, hi: int) -> int | None:
    """The offset most of a sample of (title, printed number) agree on, None without agreement."""
    if not items:
        return None
    step = max(1, len(items) // SAMPLE)
    sample = items[::step][:SAMPLE]
    votes: Counter[int] = Counter()
    for title, num in sample:
        seen = {
            off
            for off in range(MIN_SHIFT, MAX_SHIFT + 1)
            if lo <= num + off < hi and pages.has(title, num + off)
        }
        votes.update(seen)
    if not votes:
        return None
    off, count = votes.most_common(1)[0]
    return off if count >= max(2, 0.3 * len(sample)) or (len(sample) == 1 and count == 1) else None


def map_pages(
    entries: list[TocEntry], pages: list[PageLines], labels: list[str] | None
) -> list[OutlineEntry]:
    """Outline entries (0-based physical pages) for the ToC entries that could be mapped."""
    finder = _Pages(pages, {e.toc_page for e in entries})
    n = len(pages)
    after = max((e.toc_page for e in entries), default=-1) + 1
    target: list[int | None] = [None] * len(entries)
    if labels:
        index: dict[str, int] = {}
        for i, lab in enumerate(labels[:n]):
            index.setdefault(lab.strip().lower(), i)
        mapped = [index.get(e.printed.lower()) if e.printed else None for e in entries]
        if sum(m is not None for m in mapped) >= 0.6 * sum(1 for e in entries if e.printed):
            target = mapped
    if all(t is None for t in target):
        arabic = [
            (i, e.title, int(e.printed)) for i, e in enumerate(entries) if e.printed.isdigit()
        ]
        off = _offset([(t, p) for _, t, p in arabic], finder, after, n)
        for i, _, p in arabic:
            target[i] = p + off if off is not None else None
        first_body = min((t for t in target if t is not None), default=n)
        roman = [
            (i, e.title, v)
            for i, e in enumerate(entries)
            if (v := roman_value(e.printed)) is not None
        ]
        roff = _offset([(t, p) for _, t, p in roman], finder, 0, first_body)
        for i, _, p in roman:
            target[i] = p + roff if roff is not None else None
    out: list[OutlineEntry] = []
    for i, e in enumerate(entries):
        page = target[i]
        if page is None and not e.printed and _PART.match(e.title):  # "PART I": its first page
            page = min(
                (t for t in target[i + 1 : _next_part(entries, i)] if t is not None), default=None
            )
        elif page is None and not e.printed:  # a label: where the next mapped entry is
            page = next((t for t in target[i + 1 : i + 4] if t is not None), None)
        if page is None or not 0 <= page < n:
            continue
        title = e.title
        near = (page, page + 1, page - 1)
        # rows joined above the numbered row are not on the page: the row's own title
        if (
            e.alt
            and not any(finder.has(title, p) for p in near)
            and any(finder.has(e.alt, p) for p in near)
        ):
            title = e.alt
        if not finder.has(title, page):
            page = next((p for p in (page + 1, page - 1) if finder.has(title, p)), page)
        out.append(OutlineEntry(title=title, level=e.level, page=page, top=None))
    return out


def _next_part(entries: list[TocEntry], i: int) -> int:
    """Index of the next "Part" entry after entries[i] (len(entries) when none)."""
    return next(
        (k for k in range(i + 1, len(entries)) if _PART.match(entries[k].title)), len(entries)
    )


def descents(entries: list[OutlineEntry]) -> int:
    """How often an entry's page is before the previous entry's page."""
    return sum(1 for a, b in zip(entries, entries[1:], strict=False) if b.page < a.page)


def toc_outline(
    pages: list[PageLines], labels: list[str] | None, originals: list[list[Line]]
) -> tuple[list[OutlineEntry], set[int], str]:
    """The printed ToC as outline entries, its pages, and why it was refused ('' = usable).

    `originals` are the pages' lines before running headers and footers were removed.

    Judged like an outline (`judge_outline`): at least three entries, most titles on their
    pages; and also: most ToC entries mapped to a page, pages in reading order (at most one
    step back, or 15% of the steps). The entries
    come back in page order (stable): a 10-Q's index lists Item 1 (the statements) before
    Item 2 (MD&A), which is printed first.
    """
    from vectorless_assets.frontends.pdf.outline import judge_outline
    from vectorless_assets.frontends.pdf.toc import find_toc_pages, last_printed
    from vectorless_assets.frontends.pdf.toc_entries import read_entries
    from vectorless_assets.frontends.pdf.toc_rows import with_row_numbers

    front = [with_row_numbers(p, o) for p, o in zip(pages, originals, strict=False)]
    last = last_printed(len(pages), labels)
    toc_pages = find_toc_pages(front, last)
    if not toc_pages:
        return [], set(), "no printed table of contents"
    entries = read_entries(front, toc_pages, last)
    mapped = map_pages(entries, pages, labels)
    if len(mapped) < 3 or len(mapped) < 0.5 * len(entries):
        return [], set(toc_pages), f"only {len(mapped)} of {len(entries)} ToC entries found a page"
    # one: a block listed out of order
    if descents(mapped) > max(1, MAX_DESCENTS * (len(mapped) - 1)):
        return [], set(toc_pages), "ToC pages are out of reading order"
    texts = {p.index: "\n".join(ln.text for ln in p.lines) for p in pages}
    verdict, reason = judge_outline(mapped, texts, len(pages))
    if verdict in ("useless", "mistitled"):
        return [], set(toc_pages), reason
    return sorted(mapped, key=lambda e: e.page), set(toc_pages), ""
