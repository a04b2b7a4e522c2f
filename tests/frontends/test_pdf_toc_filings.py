"""A filing's printed index read right, on PDFs written here with reportlab (no outline).

The 10-K index is drawn cell by cell in a flipped coordinate system, each cell placed by a
transformation matrix (`cm`) rather than a text position, as an HTML-to-PDF converter
writes it (pypdf writes that page here: reportlab cannot): pypdf then breaks its lines
after each row's label instead of before it, and a reader that trusted the extraction
order paired every title with the label of the row below. Above the index sit the
company's name and the form (not entries) and the column headers "Item No." and "Page";
"PART I" is centred, and each printed number lies two pages before its physical page.

The 10-Q index has a "Page" column header on its "Part I" row, lists Item 1 (the
statements, printed last) before Item 2 (MD&A, printed first), wraps a statement title whose
first line ends in a year and the title of Item 2 after its page number, and gives the statements
with their period ("... for the three months ended March 31, 2021 and 2020") while the pages
head them without it.
"""

from __future__ import annotations

import io

from pypdf import PdfWriter
from pypdf.generic import DecodedStreamObject, DictionaryObject, NameObject
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import open_pdf, parse_pdf
from vectorless_assets.frontends.pdf.text import page_lines
from vectorless_assets.frontends.pdf.toc_rows import rows
from vectorless_assets.options import CompileOptions

W, H = LETTER
OPTS = CompileOptions(use_pdf_outline=False)
BODY = "The company describes its operations and the risks that could affect its results here."
INDEX = [
    ("PART I", "", None),
    ("Item 1.", "Business", 1),
    ("Item 1A.", "Risk Factors", 2),
    ("PART II", "", None),
    ("Item 7.", "Discussion and Analysis of Results", 3),
    ("Item 8.", "Financial Statements and Supplementary Data", 4),
]


def _index_stream(rows: list[list[tuple[float, str, str]]]) -> bytes:
    """The index page's content: top-left origin (y down), every cell in its own q ... Q with
    its position in a flipped `cm`, as an HTML-to-PDF converter writes it; pypdf then breaks
    the lines after each label instead of before it."""
    ops = ["q 1 0 0 -1 0 792 cm"]
    for y, (x, text, font) in ((72 + 14 * k, cell) for k, row in enumerate(rows) for cell in row):
        ops.append(f"q 1 0 0 -1 {x} {y} cm BT /{font} 9 Tf ({text}) Tj ET Q")
    return " ".join(ops + ["Q"]).encode("latin-1")


def _with_index(data: bytes, rows: list[list[tuple[float, str, str]]]) -> bytes:
    """`data` with its second page's content replaced by the index `rows`."""
    writer = PdfWriter(clone_from=io.BytesIO(data))
    page = writer.pages[1]
    fonts = {
        f"/{name}": DictionaryObject(
            {
                NameObject("/Type"): NameObject("/Font"),
                NameObject("/Subtype"): NameObject("/Type1"),
                NameObject("/BaseFont"): NameObject(base),
            }
        )
        for name, base in (("R", "/Helvetica"), ("B", "/Helvetica-Bold"))
    }
    page[NameObject("/Resources")] = DictionaryObject(
        {NameObject("/Font"): DictionaryObject({NameObject(k): v for k, v in fonts.items()})}
    )
    stream = DecodedStreamObject()
    stream.set_data(_index_stream(rows))
    page[NameObject("/Contents")] = writer._add_object(stream)
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()


def _body(c: canvas.Canvas, y: float, lines: int = 8) -> None:
    c.setFont("Helvetica", 10)
    for _ in range(lines):
        c.drawString(72, y, BODY)
        y -= 13


def _page(c: canvas.Canvas, heads: list[str], folio: str) -> None:
    y = H - 90
    for head in heads:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(72, y, head)
        _body(c, y - 20, 4)
        y -= 90
    c.setFont("Helvetica", 9)
    c.drawCentredString(W / 2, 30, folio)
    c.showPage()


def make_10k() -> bytes:
    """Cover, the index (described in the module docstring), one page per item."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 24)
    c.drawString(72, H - 200, "ACME Corporation Annual Report")
    c.showPage()
    c.showPage()  # the index, written below
    _page(c, ["PART I", "Item 1. Business"], "1")
    _page(c, ["Item 1A. Risk Factors"], "2")
    _page(c, ["PART II", "Item 7. Discussion and Analysis of Results"], "3")
    _page(c, ["Item 8. Financial Statements and Supplementary Data"], "4")
    c.save()
    cells: list[list[tuple[float, str, str]]] = [
        [(266, head, "B")] for head in ("ACME CORPORATION", "FORM 10-K", "INDEX")
    ]
    cells.append([(40, "Item No.", "B"), (550, "Page", "B")])  # column headers
    for label, title, num in INDEX:
        if num is None:
            cells.append([(286, label, "B")])
        else:
            cells.append([(40, label, "R"), (100, title, "R"), (560, str(num), "R")])
    return _with_index(buf.getvalue(), cells)


def headings(data: bytes) -> list[tuple[str, int, int]]:
    parsed = parse_pdf(data, options=OPTS)
    return [(r.title, r.level, r.start_page or 0) for r in parsed.raw_nodes if r.level >= 1]


def test_cells_placed_by_matrix_stay_on_their_rows() -> None:
    reader = open_pdf(make_10k())
    texts = [r.text for r in rows(page_lines(reader.pages[1], 1, {}))]
    assert texts[:5] == ["ACME CORPORATION", "FORM 10-K", "INDEX", "Item No. Page", "PART I"]
    assert "Item 1A. Risk Factors 2" in texts
    assert texts[-1] == "Item 8. Financial Statements and Supplementary Data 4"


def test_filing_index_drawn_by_cells_gives_items_on_their_pages() -> None:
    parsed = parse_pdf(make_10k(), options=OPTS)
    assert any(d.code == "pdf_printed_toc" for d in parsed.diagnostics)
    got = [
        (r.title, r.level, r.start_page)
        for r in parsed.raw_nodes
        if r.level >= 1 and (r.start_page or 0) >= 3
    ]
    assert got == [
        ("PART I", 1, 3),
        ("Item 1. Business", 2, 3),
        ("Item 1A. Risk Factors", 2, 4),
        ("PART II", 1, 5),
        ("Item 7. Discussion and Analysis of Results", 2, 5),
        ("Item 8. Financial Statements and Supplementary Data", 2, 6),
    ]


PERIOD = "for the three months ended March 31, 2021"


def make_10q() -> bytes:
    """The 10-Q of the module docstring: index on page 1, printed page n on page n + 1."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 10)
    c.drawString(250, H - 50, "TABLE OF CONTENTS")
    rows = [
        (72, "Part I \u2013 Financial information", "Page", True),
        (72, "Item 1. Financial Statements.", "", False),
        (100, f"Consolidated statements of income (unaudited) {PERIOD}", "", False),
        (104, "and 2020", "3", False),
        (
            100,
            (
                "Consolidated balance sheets (unaudited) "
                f"{PERIOD.replace('for the three months ended', 'at')} and December 31, "
                "2020"
            ),
            "4",
            False,
        ),
        (72, "Item 2. Discussion and Analysis of Financial Condition and", "1", False),
        (92, "Results of Operations", "", False),  # wrapped after its number, 9pt below
        (72, "Item 4. Controls and Procedures", "5", False),
        (72, "Part II \u2013 Other information", "", True),
        (72, "Item 1. Legal Proceedings", "5", False),
    ]
    y = H - 80
    for x, title, num, bold in rows:
        y += 5 if x == 92 else 0
        c.setFont("Helvetica-Bold" if bold else "Helvetica", 9)
        c.drawString(x, y, title)
        if num:
            c.drawRightString(W - 60, y, num)
        y -= 14
    c.showPage()
    _page(
        c,
        [
            "Part I \u2013 Financial information",
            "Item 2. Discussion and Analysis of Financial Condition and Results of Operations",
        ],
        "1",
    )
    _page(c, [], "2")
    _page(
        c, ["Item 1. Financial Statements.", "Consolidated statements of income (unaudited)"], "3"
    )
    _page(c, ["Consolidated balance sheets (unaudited)"], "4")
    _page(
        c,
        [
            "Item 4. Controls and Procedures",
            "Part II \u2013 Other information",
            "Item 1. Legal Proceedings",
        ],
        "5",
    )
    c.save()
    return buf.getvalue()


def test_10q_index_out_of_page_order_wrapped_years_and_statement_periods() -> None:
    got = [h for h in headings(make_10q()) if h[0] != "TABLE OF CONTENTS"]
    assert got == [
        ("Part I \u2013 Financial information", 1, 2),
        ("Item 2. Discussion and Analysis of Financial Condition and Results of Operations", 2, 2),
        ("Item 1. Financial Statements.", 2, 4),
        ("Consolidated statements of income (unaudited)", 3, 4),
        ("Consolidated balance sheets (unaudited)", 3, 5),
        ("Item 4. Controls and Procedures", 2, 6),
        ("Part II \u2013 Other information", 1, 6),
        ("Item 1. Legal Proceedings", 2, 6),
    ]
