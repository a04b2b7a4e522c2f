"""A legal monograph (issue 36, causes H and I): "§ / A. / I. / 1. / a) / aa)" headings at
sizes down to body size, with a contents page of its top levels only, or with a chapter-only
outline that a chapter-only contents page confirms: detection fills both in."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.support.pdfs import H, paragraph
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.options import CompileOptions

#: (title, level, font, size) of one chapter's headings; "1." and "a)" share a style
CHAPTER = [
    ("A. Scope", 2, "Times-Bold", 13),
    ("I. Persons", 3, "Times-Bold", 11.5),
    ("1. Capacity", 4, "Times-Bold", 10),
    ("a) Minors and their guardians", 5, "Times-Bold", 10),
    ("aa) Contracts of minors", 6, "Times-Italic", 10),
    ("bb) Torts of minors", 6, "Times-Italic", 10),
    ("b) Adults under care", 5, "Times-Bold", 10),
    ("2. Standing", 4, "Times-Bold", 10),
    ("II. Things", 3, "Times-Bold", 11.5),
    ("B. Remedies", 2, "Times-Bold", 13),
    ("I. Damages", 3, "Times-Bold", 11.5),
    ("1. Measure", 4, "Times-Bold", 10),
]
CHAPTERS = ["§ 1 Foundations of the law", "§ 2 Obligations in general", "§ 3 Property"]
TOPICS = ["in general", "in commerce", "at sea"]  # each chapter's titles end in its own
WORDS = ["coastal", "upland", "urban", "rural", "northern", "southern"]


def legal_book(chapter_outline: bool = False) -> tuple[bytes, list[tuple[str, int]]]:
    """A contents page, then each chapter over two pages (six headings a page, each over a
    four-line paragraph), folios at the foot. `chapter_outline`: the contents lists the
    chapters only, an outline lists them too, and each chapter ends with a page of text (so
    that both are sparse). Returns the PDF and the (title, level) truth."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    truth: list[tuple[str, int]] = []
    rows: list[tuple[str, int]] = []
    per = 3 if chapter_outline else 2
    for k, chapter in enumerate(CHAPTERS):
        first = 2 + per * k
        rows.append((chapter, first))
        rows += [
            (f"{t} {TOPICS[k]}", first + (i >= 6))
            for i, (t, lv, *_) in enumerate(CHAPTER)
            if lv == 2 and not chapter_outline
        ]
    c.setFont("Times-Bold", 16)
    c.drawString(72, H - 90, "Contents")
    c.setFont("Times-Roman", 10)
    for i, (title, page) in enumerate(rows):
        y = H - 130 - 18 * i
        c.drawString(72 + (14 if not title.startswith("§") else 0), y, title)
        c.drawRightString(520, y, str(page))
    c.showPage()
    for chapter, topic in zip(CHAPTERS, TOPICS, strict=True):
        truth.append((chapter, 1))
        for part, half in enumerate((CHAPTER[:6], CHAPTER[6:])):
            y = H - 90
            if part == 0:
                c.setFont("Times-Bold", 18)
                c.drawString(72, y, chapter)
                if chapter_outline:
                    c.bookmarkHorizontal(f"ch{c.getPageNumber()}", 0, y + 20)
                    c.addOutlineEntry(chapter, f"ch{c.getPageNumber()}", level=0)
                y -= 36
            for label, level, font, size in half:
                title = f"{label} {topic}"
                truth.append((title, level))
                y -= 12
                c.setFont(font, size)
                c.drawString(72, y, title)
                y -= 15
                y = paragraph(c, y, lines=4, word=WORDS[c.getPageNumber() % len(WORDS)])
            c.setFont("Times-Roman", 9)
            c.drawCentredString(300, 40, str(c.getPageNumber()))
            c.showPage()
        if chapter_outline:
            y = paragraph(c, H - 90, lines=30, word=topic.split()[-1])
            c.setFont("Times-Roman", 9)
            c.drawCentredString(300, 40, str(c.getPageNumber()))
            c.showPage()
    c.save()
    return buf.getvalue(), truth


def test_a_contents_page_of_the_top_levels_is_filled_in_and_labels_nest_by_scheme() -> None:
    data, truth = legal_book()
    options = CompileOptions(use_pdf_outline=False, max_pages=None, pdf_timeout_seconds=None)
    parsed = parse_pdf(data, options=options)
    got = [(r.title, r.level) for r in parsed.raw_nodes if r.level >= 1 and r.start_page != 1]
    assert got == truth
    codes = {d.code: d.message for d in parsed.diagnostics}
    assert "used whole" in codes["pdf_printed_toc"]
    assert codes["pdf_outline_filled"].startswith("printed table of contents (9 entries) filled")


def test_a_chapter_only_outline_confirmed_by_its_contents_page_is_filled_in() -> None:
    data, truth = legal_book(chapter_outline=True)
    options = CompileOptions(max_pages=None, pdf_timeout_seconds=None)
    parsed = parse_pdf(data, options=options)
    got = [(r.title, r.level) for r in parsed.raw_nodes if r.level >= 1 and r.start_page != 1]
    assert got == truth
    codes = {d.code: d.message for d in parsed.diagnostics}
    assert "agrees with the printed table of contents" in codes["pdf_outline_confirmed"]
    assert codes["pdf_outline_filled"].startswith("outline (3 entries) filled in")
