"""Page layout cleanup: running headers/footers, page numbers, table-of-contents pages."""

from __future__ import annotations

import re
from collections import Counter

from vectorless_assets.frontends.pdf.headings import body_size
from vectorless_assets.frontends.pdf.text import Line, PageLines

_DIGITS = re.compile(r"\d+")
_PAGE_NO = re.compile(
    r"^(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s*(?:of|/)\s*\d{1,4})?$|^[-–—]\s*\d{1,4}\s*[-–—]$",
    re.I,
)
_TOC_LINE = re.compile(r"(?:\.{3,}|…|\s)\s*(?:\d{1,4}|[ivxlc]{1,6})$", re.I)
ZONE_LINES = 2  # how many outermost lines at the top and the bottom of a page can be running
MARGIN = 0.15  # running lines live in the outer 15% of the page height


def _key(text: str) -> str:
    return _DIGITS.sub("#", text.lower()).replace(" ", "")


def _prefix(text: str) -> str:
    """First two words, digits masked: what a running header keeps while its section changes."""
    return "^" + " ".join(_key(w) for w in text.split()[:2])


def _extent(pages: list[PageLines]) -> tuple[float, float]:
    """(top, bottom) of the text block: the median highest and lowest baseline over the pages
    with at least two lines (where the running head and the folio sit on most pages)."""
    tops = sorted(max(ln.y for ln in p.lines) for p in pages if len(p.lines) >= 2)
    bottoms = sorted(min(ln.y for ln in p.lines) for p in pages if len(p.lines) >= 2)
    if not tops:
        return float("inf"), float("-inf")
    return tops[len(tops) // 2], bottoms[len(bottoms) // 2]


def _zone(page: PageLines, extent: tuple[float, float]) -> list[tuple[str, Line]]:
    """The outermost lines of a page (top and bottom by position) that sit in the page's
    margins (the outer MARGIN share of its visible box's height), tagged with their zone.

    When the document's text block (`extent`) ends further inside the box than that margin
    (a box that does not say where the page was trimmed), the zone is measured from the text
    block's edge instead, half as deep."""
    if not page.lines:
        return []
    by_y = sorted(page.lines, key=lambda ln: -ln.y)
    band = MARGIN * page.height
    high = page.bottom + page.height - band
    low = page.bottom + band
    if extent[0] < high:
        high = extent[0] - band / 2
    if extent[1] > low:
        low = extent[1] + band / 2
    top = [("top", ln) for ln in by_y[:ZONE_LINES] if ln.y >= high]
    bottom = [
        ("bottom", ln)
        for ln in by_y[-ZONE_LINES:]
        if ln.y <= low and all(ln is not t for _, t in top)
    ]
    return top + bottom


def remove_running_lines(pages: list[PageLines]) -> int:
    """Drop running headers/footers and bare page numbers in place; return how many lines went.

    A line is running when it is among the outermost lines of its page and its text recurs in
    the same zone on at least max(3, 20% of) the pages; or, when it is not larger than body
    text, its text with digits masked recurs that often, or at exactly the same height on at
    least 4 pages (chapter-title headers that change per chapter), or its first two words
    recur at the same height on that many pages and it carries a number ("CHAPTER 2. SETUP 2.3.
    GIT").
    """
    counts: Counter[tuple[str, str]] = Counter()
    exact: Counter[tuple[str, str]] = Counter()
    at_y: Counter[tuple[str, str, int]] = Counter()
    extent = _extent(pages)
    for page in pages:
        seen: set[tuple[str, str]] = set()
        for zone, ln in _zone(page, extent):
            k = (zone, _key(ln.text))
            if k not in seen:
                seen.add(k)
                counts[k] += 1
                exact[(zone, ln.text)] += 1
                at_y[(zone, k[1], round(ln.y))] += 1
                at_y[(zone, _prefix(ln.text), round(ln.y))] += 1
    n = len(pages)
    threshold = max(3, int(0.2 * n))
    offsets = _page_number_offsets(pages, threshold, extent)
    big = 1.12 * body_size([ln for p in pages for ln in p.lines])
    removed = 0
    for page in pages:
        drop: set[int] = set()
        for zone, ln in _zone(page, extent):
            k = (zone, _key(ln.text))
            masked = (
                counts[k] >= threshold
                or (n >= 6 and at_y[(zone, k[1], round(ln.y))] >= 4)
                # "CHAPTER 2. PREREQUISITES 2.3 ...": numbered; a statement title ("Condensed
                # Consolidated Statement of Cash Flows") that shares its first words is not running
                or (
                    at_y[(zone, _prefix(ln.text), round(ln.y))] >= threshold
                    and any(ch.isdigit() for ch in ln.text)
                )
            )
            # a large line whose digits change from page to page is a numbered heading, not a header
            if (
                _PAGE_NO.match(ln.text.strip())
                or _numbered_offset(ln, page.index) in offsets
                or exact[(zone, ln.text)] >= threshold
                or (masked and (ln.size < big or not big))
            ):
                drop.add(id(ln))
        if drop:
            page.lines = [ln for ln in page.lines if id(ln) not in drop]
            removed += len(drop)
    return removed


def _numbered_offset(ln: Line, index: int) -> int | None:
    """Printed number minus page index when the line starts or ends with a number."""
    tokens = ln.text.split()
    for tok in (tokens[0], tokens[-1]) if len(tokens) > 1 else ():
        if tok.isdigit() and len(tok) <= 4:
            return int(tok) - index
    return None


def _page_number_offsets(
    pages: list[PageLines], threshold: int, extent: tuple[float, float]
) -> set[int]:
    """Offsets (printed page number - page index) shared by the running lines of many pages.

    A header like "4.3. Documentation 17" changes its words from section to section, but its
    number follows the page count: the same offset recurs on page after page.
    """
    counts: Counter[int] = Counter()
    for page in pages:
        seen = {
            off
            for _, ln in _zone(page, extent)
            if (off := _numbered_offset(ln, page.index)) is not None
        }
        counts.update(seen)
    return {off for off, c in counts.items() if c >= threshold}


def is_toc_page(page: PageLines) -> bool:
    """True when most lines of the page end in a page number (a table of contents)."""
    lines = [ln for ln in page.lines if len(ln.text) > 3]
    if len(lines) < 5:
        return False
    hits = sum(
        1 for ln in lines if _TOC_LINE.search(ln.text) and any(ch.isalpha() for ch in ln.text)
    )
    dotted = sum(1 for ln in lines if "..." in ln.text or ". . ." in ln.text or "…" in ln.text)
    return hits >= 0.6 * len(lines) or dotted >= 5
