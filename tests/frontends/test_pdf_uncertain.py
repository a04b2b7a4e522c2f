"""Which PDF headings are marked uncertain (`RawNode.uncertain`, `frontends.pdf.uncertain`)
when the outline is a chapter frame: the outline's own entries never are, even when their
heading line is body-size bold type that the detector also found (then the detected heading
gives way to the entry, which carries the same title); weak headings detected inside the
chapters still are. PDF written here with reportlab (21 pages, three outline entries)."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf.parser import parse_pdf
from vectorless_assets.options import CompileOptions

BODY = [
    "The pump is delivered on a pallet and must be lifted with straps around the casing.",
    "Check the delivery against the packing list and report any damage to the carrier.",
]
CHAPTERS = ["Safety Requirements", "Daily Checks", "Spare Parts"]
INSIDE = "Lifting Points"  # a weak heading on page 3, inside the first chapter


def make_pdf() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    for page in range(21):
        y = A4[1] - 80
        heading = CHAPTERS[page // 7] if page % 7 == 0 else INSIDE if page == 2 else None
        if heading:
            if page % 7 == 0:
                c.bookmarkPage(f"p{page}")
                c.addOutlineEntry(heading, f"p{page}", level=0)
            c.setFont("Helvetica-Bold", 10)
            c.drawString(72, y, heading)
            y -= 15
        for _ in range(3):
            c.setFont("Helvetica", 10)
            for text in BODY:
                c.drawString(72, y, text)
                y -= 13
            y -= 10
        c.showPage()
    c.save()
    return buf.getvalue()


def test_outline_entries_of_a_frame_are_never_uncertain() -> None:
    parsed = parse_pdf(make_pdf(), options=CompileOptions())
    assert any(d.code == "pdf_outline_shallow" for d in parsed.diagnostics)
    marks = {n.title: n.uncertain for n in parsed.raw_nodes}
    assert {t: marks.get(t) for t in CHAPTERS} == dict.fromkeys(CHAPTERS, False)
    assert marks.get(INSIDE) is True
