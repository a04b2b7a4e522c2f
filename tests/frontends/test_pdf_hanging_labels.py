"""Section numbers drawn in the margin after the page body (issue 36, cause B): the heading
gets its number back, a contents row its "Chapter N" label; line numbers down a margin and
labels drawn in reading order stay where they are."""

from __future__ import annotations

import io

from reportlab.pdfgen import canvas

from tests.support.pdfs import H, W, paragraph
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.hanging_labels import attach_hanging_labels
from vectorless_assets.frontends.pdf.parser import open_pdf, read_pages
from vectorless_assets.frontends.pdf.text import Line
from vectorless_assets.options import CompileOptions

CHAPTERS = [("Chapter 1", "Geography of the province"), ("Chapter 2", "Its people and towns")]
SECTIONS = ["Rivers of the northern plain", "Harbours and their trade", "Roads over the hills"]
WORDS = ["coastal", "upland", "urban", "rural", "northern", "southern", "western", "eastern"]


def hanging_book() -> tuple[bytes, list[tuple[str, int]]]:
    """A contents page whose "Chapter N" labels are drawn after its rows; then per chapter
    three pages, each with a section whose number ("2.3") is drawn in the left margin after
    the rest of the page. Section titles are in the regular face, 8% larger than the body,
    with more space above (30 pt baseline to baseline) than below (19 pt). No outline.
    Returns the PDF and the (title, level) of every chapter and section."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=(W, H))
    c.setFont("Times-Bold", 18)
    c.drawString(72, H - 100, "Contents")
    c.setFont("Times-Roman", 10)
    for i, (_, title) in enumerate(CHAPTERS):
        c.drawString(130, H - 150 - 20 * i, title)
        c.drawRightString(520, H - 150 - 20 * i, str(2 + 3 * i))
    for i, (label, _) in enumerate(CHAPTERS):  # the labels, after the rows
        c.drawString(72, H - 150 - 20 * i, label)
    c.showPage()
    truth: list[tuple[str, int]] = []
    for ch, (label, title) in enumerate(CHAPTERS, start=1):
        c.setFont("Times-Bold", 18)
        c.drawString(72, H - 100, f"{label} {title}")
        truth.append((f"{label} {title}", 1))
        y = paragraph(c, H - 140, word=WORDS[ch])
        for p, name in enumerate(SECTIONS):
            if p:
                y = paragraph(c, H - 90, word=WORDS[(ch + p) % len(WORDS)], lines=5)
            heading = y - 13
            section = f"{name} {WORDS[(ch + 2 * p) % len(WORDS)]}"
            c.setFont("Times-Roman", 10.8)
            c.drawString(72, heading, section)
            y = paragraph(c, heading - 19, word=WORDS[(ch + p + 3) % len(WORDS)], lines=8)
            paragraph(c, y, word=WORDS[(ch + p + 4) % len(WORDS)], lines=6)
            c.setFont("Times-Roman", 10.8)  # the number, in the margin, after the body
            c.drawString(48, heading, f"{ch}.{p + 1}")
            truth.append((f"{ch}.{p + 1} {section}", 2))
            c.showPage()
    c.save()
    return buf.getvalue(), truth


def test_margin_numbers_drawn_late_rejoin_their_headings() -> None:
    data, truth = hanging_book()
    parsed = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    found = [(n.title, n.level) for n in parsed.raw_nodes if n.level >= 1]
    sections = [(t, lv) for t, lv in truth if lv == 2]
    assert all(s in found for s in sections), found
    chapters = [lv for t, lv in found if t.startswith("Chapter")]
    assert chapters and all(lv < 2 for lv in chapters), found


def test_contents_labels_drawn_late_rejoin_their_rows() -> None:
    data, _ = hanging_book()
    pages, _ = read_pages(open_pdf(data), CompileOptions(), [])
    texts = [ln.text for ln in pages[0].lines]
    assert any(t.startswith("Chapter 1 Geography of the province") for t in texts), texts
    assert "Chapter 1" not in texts and "Chapter 2" not in texts, texts


def _line(y: float, x: float, text: str) -> Line:
    return Line(0, y, x, 10.0, False, text)


def test_line_numbers_down_a_margin_are_not_joined() -> None:
    """Pleading paper: the numbers 1-12 drawn after the text beside each line stay lines."""
    body = [_line(700 - 13 * k, 72, f"the text of line {k + 1} goes on") for k in range(12)]
    numbers = [_line(700 - 13 * k, 48, str(k + 1)) for k in range(12)]
    assert attach_hanging_labels(body + numbers) == body + numbers


def test_labels_in_reading_order_and_far_labels_stay() -> None:
    """A label drawn before its line (a table's first column read in order) and one too far
    left of the line on its baseline (another column) are not moved."""
    in_order = [_line(700, 48, "4"), _line(700, 72, "Widgets and parts")]
    assert attach_hanging_labels(in_order) == in_order
    far = [_line(700, 300, "Second column text"), _line(700, 72, "IV")]
    assert attach_hanging_labels(far) == far
    late = [_line(700, 72, "Widgets and parts"), _line(700, 48, "4.2")]
    assert [ln.text for ln in attach_hanging_labels(late)] == ["4.2 Widgets and parts"]
