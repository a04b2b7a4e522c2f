"""Running heads of a book typeset on a small page inside a large sheet (issue 36, cause C).

A publisher's PDF often keeps the printer's sheet as its media box (A4 here) and declares the
book's page (5.5 x 8.5 in) as its crop and trim box; or draws the small page in the middle of
the sheet and declares no box at all. Either way the running heads (the chapter title in
bold capitals at body size on every page after the chapter's first) and the folios sit far inside
the media box's margins. The header/footer bands must be measured on the trim/crop box, or on
the text's own extent, or the running heads come back as headings.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.options import CompileOptions

W, H = A4
TRIM_W, TRIM_H = 396.0, 612.0  # 5.5 x 8.5 in, centred on the sheet
X0, Y0 = (W - TRIM_W) / 2, (H - TRIM_H) / 2
CHAPTERS = ["Getting Started", "Daily Operation", "Careful Maintenance"]
BODY = "The {} crew checked each valve twice and wrote down what they found in the log."


def _book(declare_box: bool) -> bytes:
    """Three chapters of three pages each, drawn inside the trim box: an 18pt bold chapter
    title, two 12pt bold sections, 10pt body; from the chapter's second page on, the chapter
    title in bold capitals (10pt) as the running head at the trim box's top, and a folio at its
    bottom. `declare_box`: the trim/crop box is declared (else only the media box is)."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    folio = 1
    for ch, name in enumerate(CHAPTERS, start=1):
        for k in range(3):
            if declare_box:
                c.setCropBox((X0, Y0, X0 + TRIM_W, Y0 + TRIM_H))
                c.setTrimBox((X0, Y0, X0 + TRIM_W, Y0 + TRIM_H))
            left, top = X0 + 36, Y0 + TRIM_H - 30
            if k:
                c.setFont("Helvetica-Bold", 10)
                c.drawString(left, top, name.upper())
            y = top - 40
            if k == 0:
                c.setFont("Helvetica-Bold", 18)
                c.drawString(left, y, name)
                y -= 40
            if k < 2:
                c.setFont("Helvetica-Bold", 12)
                c.drawString(left, y, f"Section {ch}{k} notes")
                y -= 24
            c.setFont("Helvetica", 10)
            while y > Y0 + 60:
                c.drawString(left, y, BODY.format(f"c{ch}p{k}"))
                y -= 13
            c.drawCentredString(X0 + TRIM_W / 2, Y0 + 24, str(folio))
            folio += 1
            c.showPage()
    c.save()
    return buf.getvalue()


def _headings(data: bytes) -> list[str]:
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    return [r.title for r in doc.raw_nodes if r.level >= 1]


def _expected() -> list[str]:
    out: list[str] = []
    for ch, name in enumerate(CHAPTERS, start=1):
        out += [name, f"Section {ch}0 notes", f"Section {ch}1 notes"]
    return out


def test_running_heads_inside_a_declared_trim_box_are_not_headings() -> None:
    assert _headings(_book(declare_box=True)) == _expected()


def test_running_heads_of_a_small_text_block_on_a_large_sheet_are_not_headings() -> None:
    """No box says where the page was trimmed: the text block's own extent does."""
    assert _headings(_book(declare_box=False)) == _expected()
