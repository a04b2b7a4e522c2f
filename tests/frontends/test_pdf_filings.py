"""Heading detection on filing-like PDFs (written here with reportlab): headings at body size
("PART II", bold "Item 7."), tables of figures, bold lead-ins and run-in definitions."""

from __future__ import annotations

import io

from reportlab.lib.pagesizes import LETTER
from reportlab.pdfgen import canvas

from vectorless_assets.frontends.pdf import parse_pdf
from vectorless_assets.frontends.pdf.heading_context import is_figure_row
from vectorless_assets.options import CompileOptions

W, H = LETTER
BODY = "Helvetica"
BOLD = "Helvetica-Bold"
PROSE = (
    "The Company reported results for the period in line with its plans and its outlook.",
    "Revenue grew in every segment while costs were held flat against the prior year.",
    "Management continues to review the portfolio and expects further progress ahead.",
)

# a line: (font, text) or a table row: (font, [cell, cell, ...]) drawn at fixed columns
Item = tuple[str, "str | list[str]"]


def _prose(n: int = 8) -> list[Item]:
    return [(BODY, PROSE[k % len(PROSE)]) for k in range(n)]


def make_filing(pages: list[list[Item]]) -> bytes:
    """Every line at 10 pt (body size): headings differ only by weight or capitals."""
    buf = io.BytesIO()
    c = canvas.Canvas(buf, pagesize=LETTER)
    for pno, items in enumerate(pages, start=1):
        c.setFont(BODY, 8)
        c.drawString(W / 2, 30, str(pno))
        y = H - 80
        for font, content in items:
            c.setFont(font, 10)
            if isinstance(content, list):
                c.drawString(72, y, content[0])
                for k, cell in enumerate(content[1:]):
                    c.setFont(BODY, 10)
                    c.drawRightString(380 + 80 * k, y, cell)
            else:
                c.drawString(72, y, content)
            y -= 14
        c.showPage()
    c.save()
    return buf.getvalue()


def _headings(data: bytes) -> list[tuple[int, str]]:
    parsed = parse_pdf(data, options=CompileOptions(use_pdf_outline=False))
    return [(r.level, r.title) for r in parsed.raw_nodes if r.level >= 1]


def _income_table() -> list[Item]:
    return [
        (BOLD, "Results of Operations"),
        (BODY, "Three months ended March 31,"),
        (BODY, ["(in millions)", "2021", "2020"]),
        (BOLD, ["Operating Revenues", "$ 17,846", "$ 16,200"]),
        (BOLD, "Operating Expenses"),
        (BODY, ["Cost of services", "8,123", "7,420"]),
        (BODY, ["Selling, general and administrative", "2,331", "2,140"]),
        (BOLD, ["Total Operating Expenses", "10,454", "9,560"]),
    ]


def _filing() -> bytes:
    return make_filing(
        [
            [
                (BOLD, "PART II"),
                (BOLD, "Item 5. Market for Registrant's Common Equity"),
                *_prose(),
                (BOLD, "Dividends"),
                *_prose(),
            ],
            [
                (BOLD, "Item 7. Management's Discussion and Analysis"),
                *_prose(),
                (BOLD, "Overview"),
                *_prose(),
                *_income_table(),
                *_prose(6),
            ],
            [
                (BOLD, "Mortgage fees and related income increased"),
                (BODY, "predominantly due to higher production margins and volumes in the period."),
                *_prose(6),
                (BOLD, "Operating Revenues (continued)"),
                *_prose(6),
                (BOLD, "LTV: represents the ratio of the loan to the value of its collateral"),
                *_prose(6),
                (BOLD, "Item 8. Financial Statements and Supplementary Data"),
                *_prose(),
            ],
        ]
    )


def test_body_size_part_and_item_headings_are_found_with_filing_levels() -> None:
    heads = _headings(_filing())
    levels = {t: lv for lv, t in heads}
    assert levels.get("PART II") == 1
    for title in (
        "Item 5. Market for Registrant's Common Equity",
        "Item 7. Management's Discussion and Analysis",
        "Item 8. Financial Statements and Supplementary Data",
    ):
        assert levels.get(title) == 2, (title, heads)
    # sub-headings sit below the items
    assert levels.get("Dividends", 0) >= 3 and levels.get("Overview", 0) >= 3, heads


def test_table_rows_and_row_labels_are_not_headings() -> None:
    titles = [t for _, t in _headings(_filing())]
    for bad in (
        "Operating Revenues",
        "Operating Expenses",
        "Total Operating Expenses",
        "Results of Operations",
    ):
        assert not any(t.startswith(bad) for t in titles), (bad, titles)


def test_lead_ins_definitions_and_continued_titles_are_not_headings() -> None:
    titles = [t for _, t in _headings(_filing())]
    assert not any(
        t.startswith(("Mortgage fees", "LTV", "Operating Revenues (continued)")) for t in titles
    ), titles
    assert "Item 8. Financial Statements and Supplementary Data" in titles


def test_statement_titles_sharing_first_words_are_not_running_headers() -> None:
    """One statement per page, its title at the same height on every page: each is a heading
    (a running header repeats, these only share their first two words)."""
    names = [
        "Statement of Income",
        "Statement of Comprehensive Income",
        "Statement of Cash Flows",
        "Balance Sheet",
        "Statement of Equity",
    ]
    pages = [
        [(BOLD, f"Condensed Consolidated {n}"), (BODY, "(in millions, unaudited)"), *_prose(30)]
        for n in names
    ]
    titles = [t for _, t in _headings(make_filing(pages))]
    for n in names:
        assert f"Condensed Consolidated {n}" in titles, titles


def test_figure_rows() -> None:
    assert is_figure_row("Service revenues and other $ 1,234 $ 5,678")
    assert is_figure_row("Wireless retail postpaid 1.01 % 0.81 %")
    assert is_figure_row("Cash $ (1,234) — 12 %")
    assert is_figure_row("March 31, 2021 December 31, 2020")
    assert not is_figure_row("(dollars in millions) 2022 2021")  # a units line may follow a heading
    assert not is_figure_row(
        "The following is a discussion of changes between March 31, 2021 and December 31, 2020."
    )
    assert not is_figure_row("At M a r c h 3 1 , 2 0 2 1, the Firm had")
    assert not is_figure_row("Total $ 863")


def test_risk_factor_statements_are_not_section_headings() -> None:
    """A bold sentence of ten words or more ending in a full stop is a risk factor's caption
    (a claim), not a section title; the noun-phrase heading above the risks is kept."""
    caption = "Our business could be harmed if we fail to manage our suppliers and partners well."
    short = "Demand may fall."  # too short to tell from a title: kept
    page = [
        (BOLD, "Item 1A. Risk Factors"),
        *_prose(10),
        (BOLD, "Risks Related to Our Business"),
        *_prose(10),
        (BOLD, caption),
        *_prose(10),
        (BOLD, short),
        *_prose(10),
    ]
    titles = [t for _, t in _headings(make_filing([page]))]
    assert "Risks Related to Our Business" in titles and "Item 1A. Risk Factors" in titles, titles
    assert caption not in titles and short in titles, titles
