"""/PageLabels that only count physical pages, cross-checked against printed folios (issue 36, L).

The book below prints roman folios on its front matter and starts "1" at its first chapter,
but its /PageLabels say "1", "2", "3", ... from the title page (what many producers write).
Trusted, they send every contents entry to the page whose physical count equals its printed
number: three pages early. The folios printed on the pages disagree, so the labels are
ignored and the contents are mapped by the titles found on the pages.
"""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.support.pdfs import book_page, contents_page, with_decimal_page_labels
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.page_labels import check_labels
from vectorless_assets.frontends.pdf.text import Line
from vectorless_assets.options import CompileOptions

W, H = A4
CHAPTERS = ["Origins", "Growth", "Crisis", "Recovery"]
BODY = "The {} accounts show how the firm kept its books through good years and bad ones."


def _book() -> bytes:
    """A title page, contents (v), preface (vi), four chapters of two pages printed 1-8;
    /PageLabels decimal from 1 on the title page."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setFont("Helvetica-Bold", 24)
    c.drawString(72, H - 200, "A Company History")
    c.showPage()
    rows = [("Preface", "vi")] + [(f"{i} {n}", str(2 * i - 1)) for i, n in enumerate(CHAPTERS, 1)]
    contents_page(c, rows, "v")
    book_page(c, "Preface", BODY.format("preface"), "vi")
    for i, name in enumerate(CHAPTERS, start=1):
        book_page(c, f"{i} {name}", BODY.format(f"c{i}"), str(2 * i - 1))
        book_page(c, None, BODY.format(f"more{i}"), str(2 * i))
    c.save()
    return with_decimal_page_labels(buf.getvalue(), 1)


def test_physical_page_labels_that_the_printed_folios_contradict_are_ignored() -> None:
    data = _book()
    assert PdfReader(io.BytesIO(data)).page_labels[:4] == ["1", "2", "3", "4"]
    doc = parse_pdf(data, options=CompileOptions())
    got = [(r.title, r.start_page, r.level_source) for r in doc.raw_nodes if r.level >= 1]
    chapters = [(f"{i} {n}", 2 * i + 2, "contents") for i, n in enumerate(CHAPTERS, start=1)]
    assert got == [("Preface", 3, "contents"), *chapters]
    assert "pdf_page_labels_ignored" in {d.code for d in doc.diagnostics}


def _folio_page(i: int, folio: str) -> list[Line]:
    return [
        Line(i, 700.0, 72.0, 10.0, False, "Body text"),
        Line(i, 40.0, 290.0, 10.0, False, folio),
    ]


def test_labels_that_agree_with_the_printed_folios_or_are_not_physical_are_kept() -> None:
    physical = [str(i + 1) for i in range(5)]
    printed = [_folio_page(i, str(i + 1)) for i in range(5)]
    assert check_labels(physical, printed) == (physical, "")
    roman = ["i", "ii", "1", "2", "3"]
    shifted = [_folio_page(i, str(i + 7)) for i in range(5)]
    assert check_labels(roman, shifted) == (roman, "")  # set on purpose: not judged
    labels, why = check_labels(physical, shifted)
    assert labels is None and "physical" in why
