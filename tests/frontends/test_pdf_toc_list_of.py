"""A contents page that lists its own "List of Illustrations" (issue 36, cause F).

Publishers' contents pages list the front matter with roman page numbers, "List of
Illustrations xi" among it: that entry is part of the contents, and the chapters after it
must still be read. The list itself follows on the next page under a bare "List of
Illustrations" heading; its rows also end in page numbers, but they are not contents: the
reading stops there.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.support.pdfs import book_page, contents_page
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.options import CompileOptions

W, H = A4
CHAPTERS = ["Beginnings", "The Harbour", "Trade Routes", "Decline", "Afterlives"]
FIGURES = ["A harbour map", "The old quay", "Ships at anchor", "Warehouses", "The lighthouse"]
BODY = "The {} records of the port describe cargo, weather and the names of the masters."
FRONT = 3  # contents (v), list of illustrations (vi), preface (vii); chapter 1 is printed 1


def _book() -> bytes:
    """Contents (printed v): Preface, List of Illustrations (roman), five chapters of two
    pages; then the list of illustrations (vi) with five numbered rows, the preface (vii) and
    the chapters."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    rows = [("List of Illustrations", "vi"), ("Preface", "vii")]
    rows += [(f"{i} {name}", str(2 * i - 1)) for i, name in enumerate(CHAPTERS, start=1)]
    contents_page(c, rows, "v")
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, H - 100, "List of Illustrations")
    c.setFont("Helvetica", 11)
    y = H - 140
    for i, fig in enumerate(FIGURES, start=1):
        c.drawString(72, y, f"Figure {i}. {fig}")
        c.drawRightString(W - 72, y, str(2 * i))
        y -= 20
    c.setFont("Helvetica", 10)
    c.drawCentredString(W / 2, 40, "vi")
    c.showPage()
    book_page(c, "Preface", BODY.format("preface"), "vii")
    for i, name in enumerate(CHAPTERS, start=1):
        book_page(c, f"{i} {name}", BODY.format(f"c{i}"), str(2 * i - 1))
        c.setFont("Helvetica", 10)
        c.drawString(72, H - 100, BODY.format(f"more{i}"))
        c.drawCentredString(W / 2, 40, str(2 * i))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_a_list_of_entry_does_not_end_the_contents_but_the_bare_list_heading_does() -> None:
    doc = parse_pdf(_book(), options=CompileOptions())
    got = [(r.title, r.start_page, r.level_source) for r in doc.raw_nodes if r.level >= 1]
    chapters = [(f"{i} {n}", FRONT + 2 * i - 1, "contents") for i, n in enumerate(CHAPTERS, 1)]
    assert got == [
        ("List of Illustrations", 2, "contents"),
        ("Preface", 3, "contents"),
        *chapters,
    ]
    assert not any(r.title.startswith("Figure") for r in doc.raw_nodes)
