"""Financial statements and numbered notes as nodes, on a filing-like PDF written here with
reportlab: a contents page listing the statements with their pages, statements after the
auditor's report under a running header (one letter-spaced, one over two pages), then notes
1-12 (two in body type, two with titles wrapped over two lines, one of them in body type);
another variant lists two statements with their pages at the top of a page of text."""

from __future__ import annotations

import io
import re

import pytest
from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.ir.raw import RawNode
from vectorless_assets.options import CompileOptions

W, H = LETTER
BODY, BOLD = "Helvetica", "Helvetica-Bold"
PROSE = "The Company reported results for the period in line with its plans and outlook."
ROW = ["Total revenue", "$ 1,234", "$ 1,100"]
SPACED = "spaced:"  # a line drawn in pieces 4 pt apart, split inside words ("|")

NOTES = [
    ["1. Summary of Significant Accounting Policies"],
    ["2. Revenue"],
    ["3. Acquisitions"],
    ["4. Goodwill and Intangible Assets"],
    ["5. Leases"],  # body type (like 10): found only as the missing number between 4 and 6
    ["6. Income Taxes"],
    ["7. Property, Plant and", "Equipment"],
    ["8. Debt"],
    ["9. Stockholders' Equity"],
    ["10. Fair Value Measurements of Financial", "instruments"],  # body type, wrapped
    ["11. Segment Information"],
    ["12. Subsequent Events"],
]


def _line(c: canvas.Canvas, font: str, text: str, y: float) -> None:
    c.setFont(font, 10)
    if text.startswith(SPACED):
        x = 72.0
        for piece in text[len(SPACED) :].split("|"):
            c.drawString(x, y, piece)
            x += c.stringWidth(piece, font, 10) + 4.0
    else:
        c.drawString(72, y, text)


def _page(c: canvas.Canvas, pno: int, items: list[tuple[str, str | list[str]]]) -> None:
    c.setFont(BODY, 8)
    c.drawString(72, H - 40, "ACME CORPORATION - ANNUAL REPORT")  # running header
    c.drawString(W / 2, 30, str(pno))
    y = H - 80
    for font, content in items:
        if isinstance(content, list):
            _line(c, font, content[0], y)
            for k, cell in enumerate(content[1:]):
                c.setFont(BODY, 10)
                c.drawRightString(380 + 80 * k, y, cell)
        else:
            _line(c, font, content, y)
        y -= 14
    c.showPage()


def statement(title: str, continued: bool = False) -> list[tuple[str, str | list[str]]]:
    head = [(BOLD, "ACME CORPORATION"), (BOLD, title + (" (continued)" if continued else ""))]
    return head + [(BOLD, "(in millions)"), (BOLD, "ASSETS")] + [(BODY, ROW)] * 12


def filing(with_contents: bool = False, listing: bool = False, numbered: bool = True) -> bytes:
    contents = [(BOLD, "INDEX TO CONSOLIDATED FINANCIAL STATEMENTS")] + [
        (BODY, f"{t} {p}" if numbered else t)
        for t, p in [
            ("Report of Independent Registered Public Accounting Firm", 3),
            ("Consolidated Balance Sheets", 4),
            ("Consolidated Statements of Operations", 6),
            ("Consolidated Statements of Cash Flows", 7),
            ("Notes to Consolidated Financial Statements", 8),
        ]
    ]
    # two contents lines at the top of a page of text (too few for a contents page)
    listed = [
        (BODY, "Consolidated Balance Sheets 3"),
        (BODY, "Consolidated Statements of Cash Flows 6"),
    ]
    pages = [
        [(BOLD, "PART II"), (BOLD, "Item 8. Financial Statements and Supplementary Data")]
        + (listed if listing else [])
        + [(BODY, PROSE)] * 10,
        *([contents] if with_contents else []),
        # the auditor's report, its last section running on to the statements
        [(BOLD, "Report of Independent Registered Public Accounting Firm")]
        + [(BODY, "To the Stockholders and the Board of Directors of ACME Corporation")]
        + [(BOLD, "Opinion on the Financial Statements")]
        + [(BODY, PROSE)] * 8
        + [(BOLD, "Critical Audit Matters")]
        + [(BODY, PROSE)] * 10,
        statement("CONSOLIDATED BALANCE SHEETS"),
        statement("CONSOLIDATED BALANCE SHEETS", continued=True),
        statement(SPACED + "CONSOLI|DATED STATE|MENTS OF OPE|RATIONS"),
        statement("Consolidated Statements of Cash Flows"),
    ]
    notes = [(BOLD, "NOTES TO CONSOLIDATED FINANCIAL STATEMENTS")]
    for k, title in enumerate(NOTES):
        font = BODY if title[0].startswith(("5.", "10.")) else BOLD
        notes += [(font, t) for t in title] + [(BODY, PROSE)] * 6
        if k % 3 == 2:
            pages.append(notes)
            notes = []
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    for pno, items in enumerate(pages, start=1):
        _page(c, pno, items)
    c.save()
    return buf.getvalue()


@pytest.fixture(scope="module")
def nodes() -> list[RawNode]:
    """The filing without its contents page (which would give the statements headings)."""
    return parse_pdf(filing(), options=CompileOptions()).raw_nodes


def _span(nodes: list[RawNode], k: int) -> tuple[int, int]:
    """A node's pages with its subtree (nodes after it of a deeper level)."""
    end = nodes[k].end_page
    for m in nodes[k + 1 :]:
        if m.level <= nodes[k].level:
            break
        end = max(end, m.end_page)
    return nodes[k].start_page, end


def _compact(text: str) -> str:
    return re.sub(r"\W+", "", text.lower())


def _starting(nodes: list[RawNode], page: int, words: str) -> list[tuple[int, int]]:
    return [
        _span(nodes, k)
        for k, n in enumerate(nodes)
        if n.start_page == page and _compact(words) in _compact(n.title) and n.level >= 1
    ]


def test_statement_after_auditors_report_is_its_own_node(nodes: list[RawNode]) -> None:
    assert _starting(nodes, 3, "consolidated balance sheets") == [(3, 4)]
    # the auditor's report and its sections end where the statements begin
    report = [_span(nodes, k) for k, n in enumerate(nodes) if n.start_page == 2]
    assert report and all(end == 2 for _, end in report), report


def test_continued_page_stays_with_its_statement(nodes: list[RawNode]) -> None:
    assert not [n for n in nodes if n.start_page == 4 and n.level >= 1]


def test_letter_spaced_title_starts_a_node(nodes: list[RawNode]) -> None:
    spans = _starting(nodes, 5, "consolidated statements of operations")
    assert spans and all(e - s + 1 <= 2 for s, e in spans)


def test_cash_flows_ends_before_the_notes(nodes: list[RawNode]) -> None:
    assert _starting(nodes, 6, "consolidated statements of cash flows") == [(6, 6)]


def test_contents_lines_are_no_statements() -> None:
    nodes = parse_pdf(filing(with_contents=True), options=CompileOptions()).raw_nodes
    assert not [n for n in nodes if n.start_page == 2 and "Consolidated" in n.title]
    assert _starting(nodes, 4, "consolidated balance sheets") == [(4, 5)]


def test_contents_page_without_page_numbers_is_no_statement() -> None:
    """An index of linked titles (no page numbers): three statement titles on one page."""
    nodes = parse_pdf(filing(with_contents=True, numbered=False), options=CompileOptions())
    raw = nodes.raw_nodes
    assert not [n for n in raw if n.start_page == 2 and n.title.startswith("Consolidated")]
    assert _starting(raw, 4, "consolidated balance sheets") == [(4, 5)]


def test_contents_lines_on_a_page_of_text_are_no_statements() -> None:
    nodes = parse_pdf(filing(listing=True), options=CompileOptions()).raw_nodes
    assert not [n for n in nodes if n.start_page == 1 and "Consolidated" in n.title]
    assert _starting(nodes, 3, "consolidated balance sheets") == [(3, 4)]


def test_notes_are_one_sequence_of_nodes(nodes: list[RawNode]) -> None:
    numbered = [n.title for n in nodes if re.match(r"\d+\. ", n.title)]
    assert numbered == [" ".join(title) for title in NOTES], numbered
