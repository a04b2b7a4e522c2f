"""Printed ToC edge cases found in review of the filing ToC reader (frontends/pdf/toc.py,
toc_map.py), on PDFs written here with reportlab (no outline).

- A single-spaced 10-K index sets "PART II" centred, right below the last Item of Part I:
  it is a label of its own, not the second line of that Item's title.
- A journal issue numbers its pages from 345 (declared as page labels): its contents page
  lists numbers far beyond the physical page count, which are page numbers all the same.
- A "Consolidated Financial Statements:" group row heads the statements below it, and a short
  10-Q index listing Item 1 before the Item 2 printed first is used, in page order (features
  of the reader that no other test guarded).
"""

from __future__ import annotations

import io

from pypdf import PdfReader
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

from tests.support.pdfs import with_decimal_page_labels
from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.options import CompileOptions

W, H = LETTER
OPTS = CompileOptions(use_pdf_outline=False)
BODY = "The company describes its operations and the risks that could affect its results here."


def _page(c: canvas.Canvas, heads: list[str], folio: str) -> None:
    """A body page: each heading in bold at body size, then prose; the folio at the foot."""
    y = H - 90
    for head in heads:
        c.setFont("Helvetica-Bold", 10)
        c.drawString(72, y, head)
        c.setFont("Helvetica", 10)
        for k in range(4):
            c.drawString(72, y - 20 - 13 * k, BODY)
        y -= 90
    c.setFont("Helvetica", 9)
    c.drawCentredString(W / 2, 30, folio)
    c.showPage()


def _headings(data: bytes) -> tuple[list[tuple[str, int, int]], list[str]]:
    parsed = parse_pdf(data, options=OPTS)
    got = [(r.title, r.level, r.start_page or 0) for r in parsed.raw_nodes if r.level >= 1]
    return got, [d.code for d in parsed.diagnostics]


INDEX_10K = [
    ("PART I", None),
    ("Item 1. Business", 1),
    ("Item 1A. Risk Factors", 2),
    ("Item 4. Mine Safety Disclosures", 3),
    ("PART II", None),
    ("Item 5. Market for Registrant's Common Equity", 4),
    ("Item 7. Management's Discussion and Analysis", 5),
]


def make_single_spaced_10k() -> bytes:
    """The index on page 1 (10pt rows 12pt apart, Part labels centred), printed page n on
    physical page n + 1."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 10)
    c.drawCentredString(W / 2, H - 60, "TABLE OF CONTENTS")
    y = H - 90
    for title, num in INDEX_10K:
        c.setFont("Helvetica", 10)
        if num is None:
            c.drawCentredString(W / 2, y, title)
        else:
            c.drawString(72, y, title)
            c.drawRightString(W - 72, y, str(num))
        y -= 12
    c.showPage()
    _page(c, ["PART I", "Item 1. Business"], "1")
    _page(c, ["Item 1A. Risk Factors"], "2")
    _page(c, ["Item 4. Mine Safety Disclosures"], "3")
    _page(c, ["PART II", "Item 5. Market for Registrant's Common Equity"], "4")
    _page(c, ["Item 7. Management's Discussion and Analysis"], "5")
    c.save()
    return buf.getvalue()


def test_a_centred_part_label_right_below_an_item_is_not_its_title_tail() -> None:
    got, codes = _headings(make_single_spaced_10k())
    assert "pdf_printed_toc" in codes, codes
    got = [h for h in got if h[0] != "TABLE OF CONTENTS"]
    assert got == [
        ("PART I", 1, 2),
        ("Item 1. Business", 2, 2),
        ("Item 1A. Risk Factors", 2, 3),
        ("Item 4. Mine Safety Disclosures", 2, 4),
        ("PART II", 1, 5),
        ("Item 5. Market for Registrant's Common Equity", 2, 5),
        ("Item 7. Management's Discussion and Analysis", 2, 6),
    ], got


ARTICLES = [
    ("Tidal Flats of the Northern Coast", 346),
    ("Salt Marsh Birds in Winter", 348),
    ("Mapping Dune Movement from the Air", 350),
    ("Notes on Coastal Erosion Records", 352),
]


def make_issue() -> bytes:
    """A journal issue: contents on the first page, then two pages per article; page labels
    declare the printed numbers, 345 onwards; article titles at body size in bold."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    c.setFont("Helvetica-Bold", 14)
    c.drawString(72, H - 72, "Contents")
    y = H - 110
    for title, num in ARTICLES:
        c.setFont("Helvetica", 10)
        c.drawString(72, y, title)
        c.drawRightString(W - 72, y, str(num))
        y -= 18
    c.showPage()
    for k, (title, num) in enumerate(ARTICLES):
        _page(c, [title], str(num))
        _page(c, [], str(num + 1))
        assert k < len(ARTICLES)
    c.save()
    return with_decimal_page_labels(buf.getvalue(), 345)


def test_printed_numbers_past_the_page_count_are_pages_when_labels_declare_them() -> None:
    data = make_issue()
    assert PdfReader(io.BytesIO(data)).page_labels[1] == "346"
    got, codes = _headings(data)
    assert "pdf_printed_toc" in codes, codes
    assert [h for h in got if h[0] != "Contents"] == [
        (title, 1, 2 + 2 * k) for k, (title, _) in enumerate(ARTICLES)
    ], got


def _toc_page(c: canvas.Canvas, rows: list[tuple[float, str, int | None]]) -> None:
    """A contents page: (indent, title, printed number or None) rows 18pt apart."""
    c.setFont("Helvetica-Bold", 12)
    c.drawString(72, H - 60, "Contents")
    y = H - 95
    for x, title, num in rows:
        c.setFont("Helvetica", 10)
        c.drawString(x, y, title)
        if num is not None:
            c.drawRightString(W - 72, y, str(num))
        y -= 18
    c.showPage()


def _plain_page(c: canvas.Canvas, head: str, folio: int) -> None:
    """A body page whose heading is set like its prose (detection alone cannot find it), below
    a few lines that end the previous section (so it is no line at the same place on every
    page, which would be a running header)."""
    c.setFont("Helvetica", 10)
    y = H - 72
    for k in range(folio):
        c.drawString(72, y, f"{BODY} ({folio}.{k})")
        y -= 13
    c.drawString(72, y - 10, head)
    for k in range(6):
        c.drawString(72, y - 30 - 13 * k, f"{BODY} ({folio}.{k + folio})")
    c.setFont("Helvetica", 9)
    c.drawCentredString(W / 2, 30, str(folio))
    c.showPage()


def test_a_group_row_ending_in_a_colon_is_not_the_first_line_of_the_title_below() -> None:
    """ "Consolidated Financial Statements:" heads the statements indented below it: it does not
    wrap into the first statement's title (which would then be found on no page)."""
    rows = [
        (72, "Item 7. Management's Discussion and Analysis", 1),
        (72, "Item 8. Financial Statements and Supplementary Data", 2),
        (72, "Consolidated Financial Statements:", None),
        (90, "Consolidated Balance Sheets", 3),
        (90, "Consolidated Statements of Income", 4),
        (72, "Item 9A. Controls and Procedures", 5),
    ]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    _toc_page(c, rows)
    for _, title, num in rows:
        if num is not None:
            _plain_page(c, title, num)
    c.save()
    got, codes = _headings(buf.getvalue())
    assert "pdf_printed_toc" in codes, codes
    assert [(t, lv, p) for t, lv, p in got if t != "Contents"] == [
        ("Item 7. Management's Discussion and Analysis", 1, 2),
        ("Item 8. Financial Statements and Supplementary Data", 1, 3),
        ("Consolidated Balance Sheets", 2, 4),
        ("Consolidated Statements of Income", 2, 5),
        ("Item 9A. Controls and Procedures", 1, 6),
    ], got


def test_a_short_index_with_one_entry_out_of_page_order_is_used_in_page_order() -> None:
    """Five entries, the statements (Item 1) listed before the MD&A printed first: one step
    back in page order is a block listed out of order, not a misread index (15% of four steps
    would allow none); the sections come out in page order."""
    rows = [
        (72, "Item 1. Financial Statements", 3),
        (72, "Item 2. Management's Discussion and Analysis", 1),
        (72, "Item 3. Quantitative and Qualitative Disclosures", 4),
        (72, "Item 4. Controls and Procedures", 5),
        (72, "Item 6. Exhibits", 6),
    ]
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    _toc_page(c, rows)
    for _, title, num in sorted(rows, key=lambda r: r[2]):
        _plain_page(c, title, num)
        if num == 1:
            _plain_page(c, "Liquidity and capital resources are discussed here", 2)
    c.save()
    got, codes = _headings(buf.getvalue())
    assert "pdf_printed_toc" in codes, codes
    assert [(t, p) for t, _, p in got if t != "Contents"] == [
        ("Item 2. Management's Discussion and Analysis", 2),
        ("Item 1. Financial Statements", 4),
        ("Item 3. Quantitative and Qualitative Disclosures", 5),
        ("Item 4. Controls and Procedures", 6),
        ("Item 6. Exhibits", 7),
    ], got
