"""A printed ToC page read as rows: every line at one height, left to right.

A ToC set as a table ("ITEM 1 | Business | 4") is then one row. Running-line removal may take
a bare page number from the margin beside an entry: `with_row_numbers` puts it back. A book's
contents is often set two-sided, its left margin moving between recto and verso pages:
`recto_verso_shift` measures the indents of those pages from one margin.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from vectorless_assets.frontends.pdf.text import Line, PageLines

_FOLIO = re.compile(r"^(?:\d{1,4}|[ivxlcdm]{1,7}|[IVXLCDM]{1,7})$")
ROW_TOLERANCE = 2.0
EDGE_GAP = 3.0  # left edges closer than this are one indentation column


@dataclass(slots=True)
class Row:
    """Every line of a page at one height, left to right."""

    page: int
    y: float
    x: float
    size: float
    bold: bool
    text: str
    italic: bool = False


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
        cells[0].page,
        cells[0].y,
        cells[0].x,
        main.size,
        main.bold,
        " ".join(c.text for c in cells),
        main.italic,
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


def left_edges(xs: list[float]) -> list[float]:
    """Distinct left edges (x positions more than `EDGE_GAP` apart), left to right."""
    edges: list[float] = []
    for x in sorted({round(x, 1) for x in xs}):
        if not edges or x - edges[-1] > EDGE_GAP:
            edges.append(x)
    return edges


def recto_verso_shift(entries: list[Row]) -> dict[int, float]:
    """Page -> how far its margin sits right of the even pages' on a two-sided contents.

    Applies when the contents spans at least three pages, the even pages share one left
    margin and the odd pages another (each within `EDGE_GAP`), the two differ, and moving
    the odd pages onto the even pages' margin leaves fewer distinct indentation columns
    (TeX by Topic: 101pt and 151pt margins, one column each; the Haskell report's four
    columns at 72/88/113/148 and 108/124/149/184pt), and under half of the odd pages' columns
    are already columns of the even pages (a one-sided contents whose odd page happens to
    list sections only starts one column in). Else {} (nothing moves).
    """
    margin: dict[int, float] = {}
    for r in entries:
        margin[r.page] = min(margin.get(r.page, r.x), r.x)
    if len(margin) < 3:
        return {}
    even = [x for p, x in margin.items() if p % 2 == 0]
    odd = [x for p, x in margin.items() if p % 2 == 1]
    if not even or not odd or max(even) - min(even) > EDGE_GAP or max(odd) - min(odd) > EDGE_GAP:
        return {}
    delta = min(odd) - min(even)
    if abs(delta) <= EDGE_GAP:
        return {}
    cols = [left_edges([r.x for r in entries if r.page % 2 == k]) for k in (0, 1)]
    shared = sum(any(abs(x - e) <= EDGE_GAP for e in cols[0]) for x in cols[1])
    if 2 * shared >= len(cols[1]):
        return {}  # the odd pages' columns are the even pages' own: a one-sided contents
    moved = [r.x - (delta if r.page % 2 else 0.0) for r in entries]
    if len(left_edges(moved)) >= len(left_edges([r.x for r in entries])):
        return {}
    return {p: delta for p in margin if p % 2 == 1}
