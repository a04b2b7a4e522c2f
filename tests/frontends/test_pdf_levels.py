"""Heading levels of long documents from the document's own evidence (issue 27).

PDFs written here with reportlab: a book with numbered sections under a chapter-only outline
(the outline is a frame that detection and the printed contents fill in below, levels by
number); a contents page whose indentation alone gives three levels; unnumbered headings in
three font sizes; a document whose largest font is its running title, not a heading.
"""

from __future__ import annotations

import io

from pypdf import PdfReader, PdfWriter
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.options import CompileOptions

W, H = A4
BODY = "{} findings were reviewed by the committee, which agreed on the next steps for the team."
CHAPTERS = ["Getting Started", "Daily Operation", "Maintenance"]
BOOK = [*CHAPTERS, "Troubleshooting"]


def _levels(doc: ParsedDocument) -> dict[str, int]:
    return {r.title: r.level for r in doc.raw_nodes if r.level >= 1}


def _para(c: canvas.Canvas, y: float, word: str, lines: int = 4) -> float:
    c.setFont("Helvetica", 10)
    for _ in range(lines):
        c.drawString(72, y, BODY.format(word))
        y -= 13
    return y - 10


def _heading(c: canvas.Canvas, y: float, text: str, size: float, bold: bool = True) -> float:
    c.setFont("Helvetica-Bold" if bold else "Helvetica", size)
    c.drawString(72, y - size, text)
    return y - size * 2.2


def _numbered_book(contents: bool = False) -> tuple[bytes, list[tuple[str, int, int]]]:
    """Three chapters, each over 4 pages: "1 Title" (18pt) opens a page, "1.1" sections
    (14pt) and "1.1.1" subsections (12pt). With `contents`, page 1 prints every heading with
    its page number (sections indented). Returns the PDF and (title, level, page) of each."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    heads: list[tuple[str, int, int]] = []
    page = 2 if contents else 1
    for ch, name in enumerate(CHAPTERS, start=1):
        heads.append((f"{ch} {name}", 1, page))
        for sec in (1, 2):
            heads.append((f"{ch}.{sec} Part {ch}-{sec} overview", 2, page + 2 * (sec - 1)))
            heads.append((f"{ch}.{sec}.1 Detail {ch}-{sec} notes", 3, page + 2 * (sec - 1) + 1))
        page += 4
    if contents:
        c.setFont("Helvetica-Bold", 16)
        c.drawString(72, H - 80, "Contents")
        y = H - 120
        for title, level, pg in heads:
            c.setFont("Helvetica", 10)
            c.drawString(72 + 14 * (level - 1), y, title)
            c.drawRightString(W - 72, y, str(pg))
            y -= 16
        c.showPage()
    sizes = {1: 18, 2: 14, 3: 12}
    by_page: dict[int, list[tuple[str, int, int]]] = {}
    for h in heads:
        by_page.setdefault(h[2], []).append(h)
    for pg in range(2 if contents else 1, page):
        y = H - 72
        for title, level, _ in by_page.get(pg, []):
            y = _heading(c, y, title, sizes[level])
            y = _para(c, y, f"p{pg}{level}")
        y = _para(c, y, f"more{pg}", 8)
        c.setFont("Helvetica", 9)
        c.drawCentredString(W / 2, 30, str(pg))
        c.showPage()
    c.save()
    return buf.getvalue(), heads


def _with_chapter_outline(data: bytes, heads: list[tuple[str, int, int]]) -> bytes:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(data)))
    for title, level, page in heads:
        if level == 1:  # the outline lists the chapters only
            writer.add_outline_item(title=title, page_number=page - 1)
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def test_chapter_only_outline_is_filled_in_by_detection_with_levels_by_number() -> None:
    data, heads = _numbered_book()
    doc = parse_pdf(_with_chapter_outline(data, heads), options=CompileOptions())
    levels = _levels(doc)
    assert {t: levels.get(t) for t, _, _ in heads} == {t: lv for t, lv, _ in heads}
    sources = {r.title: r.level_source for r in doc.raw_nodes if r.level >= 1}
    assert sources["2 Daily Operation"] == "outline"
    assert sources["2.1 Part 2-1 overview"] in ("detection", "numbering")
    assert any(d.code == "pdf_level_sources" and "outline 3" in d.message for d in doc.diagnostics)


def test_chapter_only_outline_is_filled_in_from_a_denser_printed_contents() -> None:
    data, heads = _numbered_book(contents=True)
    doc = parse_pdf(_with_chapter_outline(data, heads), options=CompileOptions())
    assert "pdf_outline_filled" in {d.code for d in doc.diagnostics}
    got = [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]
    assert got == heads
    assert {r.level_source for r in doc.raw_nodes if r.level >= 1} == {"outline", "contents"}


def _indented_contents() -> tuple[bytes, list[tuple[str, int, int]]]:
    """Unnumbered titles; the contents page (page 1) indents three levels; body headings are
    all bold at body size, so only the contents page tells their levels."""
    names = [
        ("Overview", 1),
        ("Scope", 2),
        ("Audience", 3),
        ("Conventions", 3),
        ("Background", 2),
        ("Installation", 1),
        ("Requirements", 2),
        ("Hardware", 3),
        ("Software", 3),
        ("Procedure", 2),
        ("Operation", 1),
        ("Starting", 2),
        ("Stopping", 2),
        ("Emergencies", 3),
    ]
    heads = [(t, lv, i + 2) for i, (t, lv) in enumerate(names)]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setFont("Helvetica-Bold", 14)
    c.drawString(72, H - 80, "Contents")
    y = H - 120
    for title, level, page in heads:
        c.setFont("Helvetica", 10)
        c.drawString(72 + 18 * (level - 1), y, f"{title} " + "." * 40)
        c.drawRightString(W - 72, y, str(page))
        y -= 16
    c.showPage()
    for title, _, page in heads:
        y = _heading(c, H - 72, title, 10)
        _para(c, y, title.lower(), 10)
        c.setFont("Helvetica", 9)
        c.drawCentredString(W / 2, 30, str(page))
        c.showPage()
    c.save()
    return buf.getvalue(), heads


def test_contents_page_indentation_gives_three_levels() -> None:
    data, heads = _indented_contents()
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    got = [(r.title, r.level, r.start_page) for r in doc.raw_nodes if r.level >= 1]
    assert got == heads


def _three_sizes(running_title: bool = False) -> tuple[bytes, list[tuple[str, int]]]:
    """Unnumbered headings at 20, 15 and 12.5pt bold over 9 pages (body 10pt); with
    `running_title`, every page carries the book's title at 24pt above everything."""
    plan = [
        ("Introduction", 1),
        ("Purpose", 2),
        ("Reading Guide", 3),
        ("Terminology", 3),
        ("History", 2),
        ("Design", 1),
        ("Architecture", 2),
        ("Storage Layer", 3),
        ("Network Layer", 3),
        ("Security", 2),
        ("Operations", 1),
        ("Monitoring", 2),
        ("Alerts", 3),
        ("Backups", 2),
    ]
    sizes = {1: 20, 2: 15, 3: 12.5}
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    y = H - 72
    page = 1
    for title, level in plan:
        if level == 1 and y < H - 72:
            c.showPage()
            page += 1
            y = H - 72
        if running_title and y == H - 72:
            c.setFont("Times-Bold", 24)
            c.drawString(72 if page % 2 else 200, H - 50, "The Platform Handbook")
            y = H - 90
        y = _heading(c, y, title, sizes[level])
        y = _para(c, y, title.lower(), 5)
        if y < 200:
            c.showPage()
            page += 1
            y = H - 72
    c.showPage()
    c.save()
    return buf.getvalue(), plan


def test_unnumbered_headings_in_three_font_sizes_take_three_levels() -> None:
    data, plan = _three_sizes()
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    assert [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1] == plan


def test_largest_font_used_for_a_running_title_is_no_heading() -> None:
    data, plan = _three_sizes(running_title=True)
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    assert [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1] == plan


def _book_with_cover(parts: bool) -> tuple[bytes, list[tuple[str, int]]]:
    """A title page of three 28pt display lines, then (with `parts`) "Part I"/"Part II"
    pages at 22pt, chapters at 18pt ("N Title", with parts "Chapter N Title") and "N.M"
    sections at 14pt."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    y = H - 200
    for text in ("The Platform", "Handbook", "Second Edition"):
        y = _heading(c, y, text, 28)
    c.showPage()
    want: list[tuple[str, int]] = []
    top = 2 if parts else 1
    for ch in (1, 2, 3, 4):
        if parts and ch in (1, 3):
            label = "Part I Foundations" if ch == 1 else "Part II Practice"
            _heading(c, H - 200, label, 22)
            want.append((label, 1))
            c.showPage()
        chapter = f"{'Chapter ' if parts else ''}{ch} {BOOK[ch - 1]}"
        y = _heading(c, H - 72, chapter, 18)
        want.append((chapter, top))
        for sec in (1, 2):
            y = _para(c, y, f"c{ch}s{sec}")
            y = _heading(c, y, f"{ch}.{sec} Section {ch}-{sec}", 14)
            want.append((f"{ch}.{sec} Section {ch}-{sec}", top + 1))
        _para(c, y, f"end{ch}")
        c.showPage()
        _para(c, H - 72, f"Follow-up {ch}", 30)  # chapters run over two pages
        c.showPage()
    c.save()
    return buf.getvalue(), want


def test_title_page_display_lines_do_not_push_chapters_down() -> None:
    data, want = _book_with_cover(parts=False)
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    cover = [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1 and r.start_page == 1]
    assert cover and all(lv == 1 for _, lv in cover)  # display lines beside the chapters
    assert [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1 and r.start_page > 1] == want


def test_chapters_sit_below_parts() -> None:
    data, want = _book_with_cover(parts=True)
    doc = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    assert [(r.title, r.level) for r in doc.raw_nodes if r.level >= 1 and r.start_page > 1] == want
