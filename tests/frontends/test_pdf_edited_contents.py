"""The contents page of an edited volume, and its cover (issue 36, causes E and G).

An edited volume's contents sets each entry as a block: title lines (a long title wraps at the
same left edge), an author line in italic under it, and the page number on the title's last
row or on the author row. The entry's title is its title lines joined, without the author.
The volume's cover carries its title in large type; it is the document's title, not a section
(here the contents is followed by a list of figures whose rows also end in page numbers, so
the pages read as contents run on over the list, where the frame starts).
"""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from tests.support.pdfs import book_page
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.numbering import without_number
from vectorless_assets.frontends.pdf.toc import split_entry
from vectorless_assets.frontends.pdf.toc_map import roman_value
from vectorless_assets.options import CompileOptions

W, H = A4
BOOK = "Studies in Harbour Law"
# (title rows, author, page on the author row), chapters printed from page 4, three pages each
ENTRIES = [
    (["1 The Harbour Courts and Their", "Jurisdiction"], "Anna Hewko", True),
    (["2 Trade Routes"], "Kavita Jain", False),
    (["3 The Decline of the Old", "Maritime Tribunals"], "John Beebe", False),
    (["4 Afterlives"], "Ruth Ames and Tom Hale", True),
]
FIGURES = ["The old quay", "Ships at anchor", "The lighthouse", "A tide table", "The docks"]
FIRST = 4  # physical (= printed) page of chapter 1
BODY = "The {} records of the port describe cargo, weather and the names of the masters."


def _contents(c: canvas.Canvas) -> None:
    """Contents: "List of Figures 3", then the entries as blocks (rows 14 pt apart, 20 pt
    between entries), authors in italic indented 12 pt."""
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, H - 100, "Contents")
    y = H - 140
    c.setFont("Times-Roman", 11)
    c.drawString(72, y, "List of Figures")
    c.drawRightString(W - 72, y, "3")
    for k, (rows, author, on_author) in enumerate(ENTRIES):
        y -= 20
        page = str(FIRST + 3 * k)
        for r, text in enumerate(rows):
            if r:
                y -= 14
            c.setFont("Times-Roman", 11)
            c.drawString(72, y, text)
            if r == len(rows) - 1 and not on_author:
                c.drawRightString(W - 72, y, page)
        y -= 14
        c.setFont("Times-Italic", 11)
        c.drawString(84, y, author)
        if on_author:
            c.setFont("Times-Roman", 11)
            c.drawRightString(W - 72, y, page)
    c.setFont("Helvetica", 10)
    c.drawCentredString(W / 2, 40, "2")
    c.showPage()


def _book() -> bytes:
    """Cover, contents, a list of figures, four chapters of three pages; no outline."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=A4)
    c.setFont("Helvetica-Bold", 28)
    c.drawCentredString(W / 2, H - 250, BOOK)
    c.setFont("Helvetica", 14)
    c.drawCentredString(W / 2, H - 300, "Edited by Anna Hewko")
    c.showPage()
    _contents(c)
    c.setFont("Helvetica-Bold", 18)
    c.drawString(72, H - 100, "List of Figures")
    c.setFont("Helvetica", 11)
    for i, fig in enumerate(FIGURES, start=1):  # rows ending in numbers: a "ToC-like" page
        c.drawString(72, H - 140 - 20 * i, f"Figure {i} {fig}")
        c.drawRightString(W - 72, H - 140 - 20 * i, str(FIRST + 2 * i))
    c.setFont("Helvetica", 10)
    c.drawCentredString(W / 2, 40, "3")
    c.showPage()
    for k, (rows, _, _) in enumerate(ENTRIES):
        for p in range(3):
            folio = FIRST + 3 * k + p
            title = " ".join(rows) if p == 0 else None
            book_page(c, title, BODY.format(f"c{k}p{p}"), str(folio))
    c.save()
    return buf.getvalue()


def _parsed() -> tuple[str, list[tuple[str, int, int, str | None]]]:
    doc = parse_pdf(_book(), options=CompileOptions(use_pdf_outline=False))
    nodes = [(r.title, r.level, r.start_page, r.level_source) for r in doc.raw_nodes if r.level]
    return doc.title, nodes


def test_a_wrapped_contents_title_is_joined_and_the_author_line_left_out() -> None:
    _, nodes = _parsed()
    chapters = [(t, lv, p) for t, lv, p, src in nodes if src == "contents"]
    assert chapters == [
        ("List of Figures", 1, 3),
        *((" ".join(rows), 1, FIRST + 3 * k) for k, (rows, _, _) in enumerate(ENTRIES)),
    ]


def test_no_author_name_ends_up_in_a_heading() -> None:
    _, nodes = _parsed()
    names = {w for _, a, _ in ENTRIES for w in a.split() if w != "and"}
    assert not [t for t, *_ in nodes if names & set(t.split())]


def test_the_cover_title_is_the_document_title_not_a_section() -> None:
    title, nodes = _parsed()
    assert title == BOOK
    assert all(p >= 2 for _, _, p, _ in nodes)
    assert BOOK not in [t for t, *_ in nodes]


def test_capital_roman_page_numbers_are_read_but_not_a_label_words_numeral() -> None:
    assert split_entry("Foreword ...... VI") == ("Foreword", "VI")
    assert split_entry("List of Tables XII") == ("List of Tables", "XII")
    assert split_entry("Summary of Part II") is None
    assert roman_value("XIV") == roman_value("xiv") == 14


def test_a_title_without_its_number_finds_a_heading_whose_number_is_drawn_apart() -> None:
    assert without_number("3.4 Scope") == without_number("§ 2 Scope") == "Scope"
    assert without_number("aa) Scope") == without_number("IV. Scope") == "Scope"
    assert without_number("2008 Review") == "2008 Review"
