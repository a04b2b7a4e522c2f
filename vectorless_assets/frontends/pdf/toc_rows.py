"""A printed ToC page read as rows: every line at one height, left to right.

A ToC set as a table ("ITEM 1 | Business | 4") is then one row. Running-line removal may take
a bare page number from the margin beside an entry: `with_row_numbers` puts it back.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vectorless_assets.frontends.pdf.text import Line, PageLines

_FOLIO = re.compile(r"^(?:\d{1,4}|[ivxlcdm]{1,7})$")
ROW_TOLERANCE = 2.0


@dataclass(slots=True)
class Row:
    """Every line of a page at one height, left to right."""

    page: int
    y: float
    x: float
    size: float
    bold: bool
    text: str


def rows(page: PageLines) -> list[Row]:
    """The lines of `page` grouped by height (top to bottom), each group joined left to right."""
    out: list[Row] = []
    group: list[Line] = []
    for ln in sorted(page.lines, key=lambda ln: -ln.y):
        if group and abs(group[0].y - ln.y) > ROW_TOLERANCE:
            out.append(_row(group))
            group = []
        group.append(ln)
    if group:
        out.append(_row(group))
    return out


def _row(group: list[Line]) -> Row:
    cells = sorted(group, key=lambda ln: ln.x)
    main = max(cells, key=lambda ln: len(ln.text))
    return Row(
        cells[0].page, cells[0].y, cells[0].x, main.size, main.bold, " ".join(c.text for c in cells)
    )


def with_row_numbers(page: PageLines, original: list[Line]) -> PageLines:
    """`page` with the bare numbers that running-line removal took from its rows put back
    (a ToC's first or last page number sits in the page margin beside its entry)."""
    kept = {id(ln) for ln in page.lines}
    back = [
        ln
        for ln in original
        if id(ln) not in kept
        and _FOLIO.match(ln.text.strip())
        and any(abs(o.y - ln.y) <= ROW_TOLERANCE and o.x < ln.x for o in page.lines)
    ]
    if not back:
        return page
    return PageLines(
        page.index,
        page.height,
        page.bottom,
        sorted(page.lines + back, key=lambda ln: -ln.y),
        page.has_images,
    )
