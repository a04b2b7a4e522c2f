"""The printed table of contents: which rows are entries, and which pages are the ToC.

An entry is a row ending in a printed page number (arabic, or roman in lower or upper case:
"Foreword ...... VI"), dot leaders dropped
(`split_entry`). A number past the last printed page (`last_printed`) is no page number
("... ended March 31, 2021"). The ToC pages are a run of pages near the front whose rows
mostly are entries (`find_toc_pages`).

Reading the entries (wrapped titles, unnumbered labels, levels) is `toc_entries`' job;
mapping printed numbers to physical pages is `toc_map`'s.
"""

from __future__ import annotations

import re

from vectorless_assets.frontends.pdf.text import PageLines
from vectorless_assets.frontends.pdf.toc_rows import Row, rows

_NUMBER = re.compile(
    r"^(?P<title>.*?[^\s.\u2026\u00b7_])[\s.\u2026\u00b7_]+"
    r"(?P<num>\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})$"
)
_BARE_LABEL = re.compile(
    r"^(?:part|chapter|item|appendix|annex|section|note|article|schedule|exhibit|volume|book)$",
    re.I,
)
_LEADERS = re.compile(r"(?:\s*[.\u2026\u00b7_]\s*){2,}$")
CONTENTS = re.compile(
    (
        r"^(?:table of "
        r"contents|contents|index|inhalt|inhaltsverzeichnis|sommaire|table des "
        r"matières|índice)$"
    ),
    re.I,
)
PAST_LAST_PAGE = 5  # a printed number may run this far past the physical page count
MAX_TOC_SHARE = 0.25  # ToC pages live in the first quarter of the document (at least 12 pages)


def split_entry(text: str, last: int | None = None) -> tuple[str, str] | None:
    """(title, printed number) of a row ending in a page number, else None.

    With `last` (the highest plausible printed number), a larger arabic number is not a page
    number: "... for the three months ended March 31, 2021" ends in a year.
    """
    m = _NUMBER.match(text.strip())
    if not m or (last is not None and m.group("num").isdigit() and int(m.group("num")) > last):
        return None
    title = _LEADERS.sub("", m.group("title")).strip()
    if sum(c.isalpha() for c in title) < 2 or _BARE_LABEL.match(title):
        return None  # "PART II" is a label, not "PART" on page ii
    if m.group("num").isupper() and _BARE_LABEL.match(title.split()[-1]):
        return None  # "Summary of Part II": a capital roman after a label word is its number
    return title, m.group("num")


def _toc_like(rs: list[Row], last: int) -> tuple[int, int]:
    """(numbered rows, rows with letters) on one page."""
    texty = [r for r in rs if sum(c.isalpha() for c in r.text) >= 2]
    return sum(1 for r in texty if split_entry(r.text, last)), len(texty)


def last_printed(page_count: int, labels: list[str] | None) -> int:
    """The highest printed page number a ToC may cite: the page count, or the highest arabic
    page label (a journal issue numbered from 345), plus `PAST_LAST_PAGE`."""
    numeric = [int(lab) for lab in labels or [] if lab.strip().isdigit()]
    return max([page_count, *numeric]) + PAST_LAST_PAGE


def find_toc_pages(pages: list[PageLines], last: int | None = None) -> list[int]:
    """Indexes of the printed ToC pages: a run of pages near the front whose rows mostly end in
    page numbers (the first page may carry a heading and a preamble: half its rows suffice when
    it says "Contents"); empty when there is none. `last`: see `last_printed` (default: from
    the page count)."""
    limit = max(12, int(MAX_TOC_SHARE * len(pages)))
    last = last_printed(len(pages), None) if last is None else last
    found: list[int] = []
    for page in pages[:limit]:
        rs = rows(page)
        numbered, texty = _toc_like(rs, last)
        titled = any(CONTENTS.match(r.text.strip()) for r in rs[:6])
        share = numbered / texty if texty else 0.0
        ok = (numbered >= 5 and share >= 0.6) or (titled and numbered >= 3 and share >= 0.3)
        if ok and (not found or page.index == found[-1] + 1):
            found.append(page.index)
        elif found:
            break
    return found
