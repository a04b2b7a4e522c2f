"""Letter-spacing and kerning in TJ arrays joined by the font's widths and the gaps (not a
dictionary): a statement title drawn letter by letter reads as printed, on a filing-like PDF
written here with reportlab; word gaps of justified or TeX-set text stay gaps."""

from __future__ import annotations

import io

from pypdf.generic import ByteStringObject, FloatObject, NumberObject
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.tracking import join_tracked
from vectorless_assets.options import CompileOptions

W, H = LETTER
PROSE = "The Company reported results for the period in line with its plans and outlook."
TITLE = "CONSOLIDATED STATEMENTS OF COMPREHENSIVE INCOME"


def _tracked(text: str, gap: int = 150) -> str:
    """`text` as a TJ array, one glyph per string, `gap` thousandths of an em apart."""
    return " ".join(f"({ch}) -{gap}" for ch in text)


def _filing() -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    for pno in (1, 2):
        c.setFont("Helvetica", 8)
        c.drawString(W / 2, 30, str(pno))
        c.setFont("Helvetica-Bold", 10)
        if pno == 1:
            c.drawString(72, H - 80, "Report of Independent Registered Public Accounting Firm")
            rows = [PROSE] * 20
        else:
            c.drawString(72, H - 80, "ACME CORPORATION")
            # the title letter-spaced by TJ offsets, as filing generators write it
            c._code.append(f"BT /F2 10 Tf 1 0 0 1 72 {H - 94} Tm [{_tracked(TITLE)}] TJ ET")
            rows = ["(in millions)"] + ["Net income 1,234 1,100"] * 12
        c.setFont("Helvetica", 10)
        for k, row in enumerate(rows):
            c.drawString(72, H - 108 - 14 * k, row)
        c.showPage()
    c.save()
    return buf.getvalue()


def test_letter_spaced_statement_title_reads_as_printed() -> None:
    nodes = parse_pdf(_filing(), options=CompileOptions()).raw_nodes
    assert [(n.title, n.start_page) for n in nodes if n.title == TITLE] == [(TITLE, 2)], [
        n.title for n in nodes
    ]


def _texts(items: list[object]) -> list[str]:
    return [bytes(x).decode() for x in items if isinstance(x, bytes)]


def _array(*items: object) -> list[object]:
    return [ByteStringObject(x.encode()) if isinstance(x, str) else NumberObject(x) for x in items]


def test_kerning_joins_the_strings_it_separates() -> None:
    items = _array("Qualita", -13, "tive and Quant", 12, "itative")
    assert _texts(join_tracked(items, 250)) == ["Qualitative and Quantitative"]


def test_word_gaps_without_space_glyphs_stay() -> None:
    items = _array("The", -333, "quick", -333, "brown", -333, "fox")
    assert join_tracked(items, 250) == items


def test_tracking_joins_letters_and_keeps_wider_word_gaps() -> None:
    items = _array("T", -400, "h", -400, "e", -800, "f", -400, "o", -400, "x")
    out = join_tracked(items, 250)
    assert _texts(out) == ["The", "fox"]
    assert [float(x) for x in out if isinstance(x, (FloatObject, NumberObject))] == [-800.0]
