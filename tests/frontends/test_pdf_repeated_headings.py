"""Section headings that recur once per chapter, and section numbers scoped per chapter
(issue 36, cause D).

Academic books give every chapter its own "Introduction", "Conclusion" and "Notes", set
bold at body size: a title recurring in every chapter is a heading signal, not a table
header (a table header recurs within one chapter, page after page). Chapters numbered "1."
in large type may number their sections "1 Background", "2 Method" again in each chapter:
the section numbers are scoped per chapter, they are not list items. Table headers repeated
within a chapter and a numbered list on one page stay out.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.options import CompileOptions

W, H = A4
CHAPTERS = ["Harbour Life", "The Guilds", "River Trade", "Winter Markets", "New Roads"]
BODY = "The {} ledgers record who paid the toll, what they carried and when they came back."


class _Pen:
    """Draws blocks down the pages of a canvas, breaking pages as needed."""

    def __init__(self) -> None:
        self.buf = io.BytesIO()
        self.c = canvas.Canvas(self.buf, pagesize=A4)
        self.y = H - 72

    def page(self) -> None:
        self.c.showPage()
        self.y = H - 72

    def heading(self, text: str, size: float) -> None:
        if self.y < 200:
            self.page()
        self.c.setFont("Helvetica-Bold", size)
        self.y -= size
        self.c.drawString(72, self.y, text)
        self.y -= size * 1.6

    def para(self, word: str, lines: int = 6) -> None:
        self.c.setFont("Helvetica", 10)
        for _ in range(lines):
            if self.y < 72:
                self.page()
            self.c.drawString(72, self.y, BODY.format(word))
            self.y -= 13
        self.y -= 10

    def table(self, word: str) -> None:
        """A bold header row over two columns, then figures."""
        self.c.setFont("Helvetica-Bold", 10)
        self.c.drawString(72, self.y, "Tolls Collected")
        self.y -= 14
        self.c.setFont("Helvetica", 10)
        for k in range(3):
            self.c.drawString(72, self.y, f"{word} gate {k}")
            self.c.drawRightString(W - 72, self.y, f"{(k + 1) * 120:,}")
            self.y -= 13
        self.y -= 10

    def done(self) -> bytes:
        self.c.showPage()
        self.c.save()
        return self.buf.getvalue()


def _titles(data: bytes) -> list[tuple[str, int]]:
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    return [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1]


def test_sections_recurring_once_per_chapter_are_headings_table_headers_are_not() -> None:
    pen = _Pen()
    expected: list[tuple[str, int]] = []
    for i, name in enumerate(CHAPTERS, start=1):
        if i > 1:
            pen.page()
        pen.heading(name, 18)
        expected.append((name, 1))
        for sec in ("Introduction", f"Sources of part {i}", "Conclusion", "Notes"):
            pen.heading(sec, 10)
            expected.append((sec, 2))
            pen.para(f"c{i}", 12)
            if sec.startswith("Sources"):
                for _ in range(3):  # a table repeated within the chapter
                    pen.table(f"c{i}")
                    pen.para(f"t{i}", 4)
    assert _titles(pen.done()) == expected


def test_section_numbers_restarting_in_each_chapter_are_sections_not_list_items() -> None:
    pen = _Pen()
    expected: list[tuple[str, int]] = []
    for i, name in enumerate(CHAPTERS[:3], start=1):
        if i > 1:
            pen.page()
        pen.heading(f"{i}. {name}", 18)
        expected.append((f"{i}. {name}", 1))
        for k, sec in enumerate(("Background", "Method", "Findings"), start=1):
            pen.heading(f"{k} {sec}", 10)
            expected.append((f"{k} {sec}", 2))
            pen.para(f"c{i}s{k}", 30)
        pen.c.setFont("Helvetica-Bold", 10)
        for k, step in enumerate(("Open the gate", "Count the carts", "Close the book"), 1):
            pen.c.drawString(72, pen.y, f"{k}. {step}")  # a numbered list on one page
            pen.y -= 13
        pen.para(f"c{i}end", 3)
    assert _titles(pen.done()) == expected
