"""Structure from a printed table of contents, on PDFs written here with reportlab (no outline).

The book: a cover, a ToC spanning two pages (roman ii-iii, dot leaders, sections indented),
a preface on page iv, then chapters whose printed page 1 is the fifth physical page (an
offset of 4). Body headings are bold at body size, so detection alone would miss them; the
ToC must give titles, levels and physical pages. A filing-like index (a table of cells at one
height, "PART I" labels without numbers) is read too; a ToC whose titles are nowhere in the
text is refused and detection takes over.
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.compile import compile_document

W, H = LETTER
OPTS = CompileOptions(use_pdf_outline=False)
CHAPTERS = {
    "1 Getting Started": [
        "1.1 Installing the Widget",
        "1.2 Configuring Sprockets",
        "1.3 First Assembly",
    ],
    "2 Daily Operation": [
        "2.1 Starting the Line",
        "2.2 Feeding Material",
        "2.3 Shutting Down Safely",
    ],
    "3 Maintenance": ["3.1 Cleaning Schedules", "3.2 Replacing Belts", "3.3 Lubrication Points"],
    "4 Troubleshooting": ["4.1 Jammed Rollers", "4.2 Overheating Motors", "4.3 Error Codes"],
}
ROMAN = ["i", "ii", "iii", "iv"]
BODY = "The operator checks every part of the assembly before the shift and records the result."


def _body(c: canvas.Canvas, y: float, lines: int = 6) -> float:
    c.setFont("Helvetica", 10)
    for _ in range(lines):
        c.drawString(72, y, BODY)
        y -= 13
    return y - 8


def _footer(c: canvas.Canvas, label: str) -> None:
    c.setFont("Helvetica", 9)
    c.drawCentredString(W / 2, 30, label)


def book_layout() -> list[tuple[str, int, int]]:
    """(title, level, printed page) for every ToC entry: each section on its own page."""
    out: list[tuple[str, int, int]] = []
    printed = 1
    for chapter, sections in CHAPTERS.items():
        out.append((chapter, 1, printed))
        for s in sections:
            out.append((s, 2, printed))
            printed += 1
    return out


def make_book(*, wrong_titles: bool = False, numbers_on_pages: bool = True) -> bytes:
    """The book described in the module docstring."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 28)
    c.drawString(72, H - 200, "The Widget Handbook")
    c.showPage()
    toc = [("Preface", 1, "iv")] + [(t, lv, str(p)) for t, lv, p in book_layout()]
    halves = (toc[:9], toc[9:])  # the contents run over two pages
    for k, part in enumerate(halves):
        y = H - 90
        if k == 0:
            c.setFont("Helvetica-Bold", 16)
            c.drawString(72, y, "Contents")
            y -= 30
        for title, level, num in part:
            x = 72 + 18 * (level - 1)
            c.setFont("Helvetica-Bold" if level == 1 else "Helvetica", 10)
            shown = f"Unrelated topic {title[:3]}" if wrong_titles else title
            c.drawString(x, y, f"{shown} " + "." * (70 - len(shown) - 2 * level))
            c.drawRightString(W - 72, y, num)
            y -= 18
        _footer(c, ROMAN[k + 1])
        c.showPage()
    c.setFont("Helvetica-Bold", 10)
    c.drawString(72, H - 90, "Preface")
    _body(c, H - 110)
    _footer(c, "iv")
    c.showPage()
    for title, level, printed in book_layout():
        if level == 2:
            continue
        for s in CHAPTERS[title]:
            y = H - 90
            if s == CHAPTERS[title][0]:
                c.setFont("Helvetica-Bold", 10)
                c.drawString(72, y, title)
                y = _body(c, y - 20, 3)
            c.setFont("Helvetica-Bold", 10)
            c.drawString(72, y, s)
            _body(c, y - 20)
            if numbers_on_pages:
                _footer(c, str(printed))
            printed += 1
            c.showPage()
    c.save()
    return buf.getvalue()


def headings(data: bytes, options: CompileOptions = OPTS) -> list[tuple[str, int, int]]:
    parsed = parse_pdf(data, options=options)
    return [(r.title, r.level, r.start_page or 0) for r in parsed.raw_nodes if r.level >= 1]


def test_printed_toc_gives_titles_levels_and_physical_pages() -> None:
    got = headings(make_book())
    # physical page (1-based) = printed + 4 (cover, two ToC pages, preface)
    want = [("Preface", 1, 4)] + [(t, lv, p + 4) for t, lv, p in book_layout()]
    assert got == want


def test_offset_found_without_printed_numbers_on_body_pages() -> None:
    """No folios on the body pages: the offset comes from the titles found on the pages."""
    got = headings(make_book(numbers_on_pages=False))
    assert got[1:4] == [
        ("1 Getting Started", 1, 5),
        ("1.1 Installing the Widget", 2, 5),
        ("1.2 Configuring Sprockets", 2, 6),
    ]
    assert got[-1] == ("4.3 Error Codes", 2, 16)


def test_compiled_tree_nests_sections_under_chapters() -> None:
    doc = compile_document(make_book(), name="book.pdf", options=OPTS)
    by_title = {n.title: n for n in doc.tree.nodes}
    chapter = by_title["2 Daily Operation"]
    assert [by_title[t].node_id for t in CHAPTERS["2 Daily Operation"]] == chapter.children
    assert (chapter.start_page, chapter.end_page) == (8, 10)
    assert any(d.code == "pdf_printed_toc" for d in doc.diagnostics)


def test_toc_whose_titles_are_not_in_the_text_is_refused() -> None:
    parsed = parse_pdf(make_book(wrong_titles=True), options=OPTS)
    titles = [r.title for r in parsed.raw_nodes if r.level >= 1]
    assert not any(t.startswith("Unrelated topic") for t in titles)
    assert any(d.code == "pdf_printed_toc_rejected" for d in parsed.diagnostics)


def test_switch_off_falls_back_to_detection() -> None:
    parsed = parse_pdf(make_book(), options=OPTS.model_copy(update={"use_printed_toc": False}))
    assert not any(d.code.startswith("pdf_printed_toc") for d in parsed.diagnostics)


FILING = [
    ("PART I", None),
    ("Item 1.", "Business", 3),
    ("Item 1A.", "Risk Factors", 4),
    ("PART II", None),
    ("Item 7.", "Management's Discussion and Analysis", 5),
    ("Item 8.", "Financial Statements", 6),
]


def make_filing() -> bytes:
    """An index set as a table (label, title and page drawn as separate cells) and a body."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 10)
    c.drawString(72, H - 72, "ACME CORP FORM 10-K")
    c.drawString(72, H - 100, "TABLE OF CONTENTS")
    y = H - 130
    for row in FILING:
        c.setFont("Helvetica-Bold" if row[1] is None else "Helvetica", 10)
        c.drawString(72, y, row[0])
        if row[1] is not None:
            c.drawString(130, y, row[1])
            c.drawRightString(W - 72, y, str(row[2]))
        y -= 16
    c.showPage()
    for printed, (label, title) in enumerate(
        [
            ("PART I", "Item 1. Business"),
            ("", "Item 1A. Risk Factors"),
            ("PART II", "Item 7. Management's Discussion and Analysis"),
            ("", "Item 8. Financial Statements"),
        ],
        start=3,
    ):
        y = H - 90
        c.setFont("Helvetica-Bold", 10)
        if label:
            c.drawString(72, y, label)
            y -= 24
        c.drawString(72, y, title)
        _body(c, y - 20)
        _footer(c, str(printed))
        c.showPage()
    c.save()
    return buf.getvalue()


def test_filing_index_as_table_with_part_labels() -> None:
    """A filing's index lists Items only: it is a frame (detection may add the index's own
    title)."""
    got = [h for h in headings(make_filing()) if h[0] != "TABLE OF CONTENTS"]
    assert [(t, lv) for t, lv, _ in got] == [
        ("PART I", 1),
        ("Item 1. Business", 2),
        ("Item 1A. Risk Factors", 2),
        ("PART II", 1),
        ("Item 7. Management's Discussion and Analysis", 2),
        ("Item 8. Financial Statements", 2),
    ]
    assert [p for _, _, p in got] == [2, 2, 3, 4, 4, 5]
