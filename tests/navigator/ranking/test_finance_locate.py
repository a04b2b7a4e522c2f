"""`locate` on filings: statements by their titles, line items named differently from the
question (the finance glossary), and fiscal years against the years a table shows.

Each test compiles a small generated Markdown filing (fast mode: no LLM, no index) and
asserts a ranking that the plain text signals get wrong.
"""

from __future__ import annotations

from vectorless_assets.ir import Document
from vectorless_assets.navigator import DocumentNavigator
from vectorless_assets.pipeline.compile import compile_document


def filing(*sections: tuple[str, str]) -> Document:
    """A Markdown filing with the given (heading, body) sections, compiled in fast mode."""
    text = "# Acme Corp annual report\n\n" + "".join(f"## {h}\n\n{b}\n\n" for h, b in sections)
    return compile_document(text.encode(), name="acme_annual.md", mode="fast")


def table(*rows: str) -> str:
    return "\n".join(f"| {r} |" for r in rows)


CASH_FLOWS = table(
    "Consolidated Statements of Cash Flows | | |",
    "Years ended December 31 | 2019 | 2018",
    "Net income | 5,363 | 4,869",
    "Depreciation and amortization | 1,488 | 1,544",
    "Purchases of property, plant and equipment | (1,577) | (1,373)",
    "Net cash provided by operating activities | 6,439 | 6,240",
)
PROSE_CAPITAL = (
    "Our capital allocation priorities are to invest in the business, pay "
    "dividends and repurchase shares. "
    "We expect capital expenditure to remain a priority, and we review capital projects each year. "
    "Capital discipline guides how we spend capital."
)


def titles(nav: DocumentNavigator, question: str, k: int = 3) -> list[str]:
    return [h["title"] for h in nav.locate(question, k=k)]


def test_a_statement_titled_by_its_first_line_ranks_for_a_question_naming_it() -> None:
    doc = filing(
        (
            "Liquidity",
            "We discuss cash flow and the statement of our liquidity. Cash flow "
            "from operations funds "
            "the business; the cash flow statement is discussed here in words, the "
            "cash position is strong.",
        ),
        ("Acme Corp and Subsidiaries", CASH_FLOWS),
    )
    nav = DocumentNavigator(doc)
    top = nav.locate("What does the cash flow statement show?", k=1)[0]
    assert top["title"] == "Acme Corp and Subsidiaries"
    assert "statement 1.00" in top["reason"]


def test_a_metric_reaches_the_line_item_it_is_named_by_in_the_filing() -> None:
    doc = filing(
        ("Capital allocation", PROSE_CAPITAL),
        ("Acme Corp and Subsidiaries", CASH_FLOWS),
        ("Employees", "We employ 90,000 people in 70 countries."),
    )
    nav = DocumentNavigator(doc)
    top = nav.locate("What was Acme's capital expenditure amount?", k=1)[0]
    assert top["title"] == "Acme Corp and Subsidiaries"
    assert "items 1.00" in top["reason"]
    # asked why, the question wants the discussion, not the figures
    assert titles(nav, "Why does Acme spend on capital expenditure?", k=1) == ["Capital allocation"]


def test_the_asked_fiscal_year_picks_the_table_that_shows_it() -> None:
    older = table(
        "Selected financial data | | |",
        "Years ended December 31 | 2016 | 2015",
        "Revenue | 30,109 | 30,274",
        "Operating income | 6,200 | 6,100",
    )
    newer = table(
        "Selected financial data | | |",
        "Years ended December 31 | 2019 | 2018",
        "Revenue | 32,136 | 32,765",
        "Operating income | 6,500 | 6,400",
    )
    doc = filing(
        ("Five-year summary, earlier years", older), ("Five-year summary, recent years", newer)
    )
    nav = DocumentNavigator(doc)
    assert titles(nav, "What was operating income in FY2019?", k=1) == [
        "Five-year summary, recent years"
    ]
    assert titles(nav, "What was operating income in fiscal year 2016?", k=1) == [
        "Five-year summary, earlier years"
    ]
    assert "period 1.00" in nav.locate("operating income FY2016", k=1)[0]["reason"]


def test_a_label_in_most_sections_does_not_count_as_a_line_item() -> None:
    everywhere = "Net sales rose in every region; net sales are our main measure."
    doc = filing(
        ("Europe", everywhere + " Europe grew 4%."),
        ("Asia", everywhere + " Asia grew 9%."),
        ("Americas", everywhere + " Americas grew 2%."),
    )
    nav = DocumentNavigator(doc)
    for hit in nav.locate("How much were sales in Asia?", k=3):
        assert "items" not in hit["reason"]
    assert titles(nav, "How much were sales in Asia?", k=1) == ["Asia"]


def test_a_glossary_word_in_a_document_without_line_items_asks_for_no_figures() -> None:
    guide = (
        "# Guide\n\nIntro to the language and its tools.\n\n## Notes on Types\n\n"
        "Const generics let arrays of any length implement a trait once, so one impl covers "
        "every array.\n\n## Measurements\n\n"
        + table("const generics | impls | size", "---|---|---", "1.47 | 32 | 0", "1.51 | 1024 | 12")
        + "\n"
    )
    nav = DocumentNavigator(compile_document(guide.encode(), name="guide.md", mode="fast"))
    # "leverage" names a metric (debt) only in a filing: a book's tables get no figures boost
    hits = nav.locate("How do I leverage const generics for arrays?", k=2)
    assert [h["title"] for h in hits] == ["Notes on Types", "Measurements"]
    assert all("figures" not in h["reason"] for h in hits)
    # in a filing that shows the metric's line items, the same word still asks for figures
    doc = filing(("Debt", table("Long-term debt | 4,200 | 3,900", "Total equity | 9,100 | 8,800")))
    hits = DocumentNavigator(doc).locate("debt leverage", k=3)
    assert "figures" in next(h["reason"] for h in hits if h["title"] == "Debt")


def test_statements_sharing_the_company_name_as_title_are_not_marked_down() -> None:
    income = table(
        "Consolidated Statements of Income | | |",
        "Years ended December 31 | 2019 | 2018",
        "Net sales | 32,136 | 32,765",
        "Net income | 5,363 | 4,869",
    )
    balance = table(
        "Consolidated Balance Sheets | | |",
        "December 31 | 2019 | 2018",
        "Total assets | 44,659 | 36,500",
        "Long-term debt | 17,518 | 13,411",
    )
    equity = table(
        "Consolidated Statements of Shareholders' Equity | | |",
        "Years ended December 31 | 2019 | 2018",
        "Total equity | 10,127 | 9,848",
    )
    liquidity = (
        "We discuss cash flow and the statement of our liquidity. Cash flow from operations funds "
        "the business; the cash flow statement is discussed here in words, the cash position is "
        "strong. Cash flow and cash flow statement."
    )
    company = "Acme Corp and Subsidiaries"  # a PDF statement's heading: four share it
    doc = filing(
        ("Liquidity", liquidity),
        *[(company, statement) for statement in (income, balance, CASH_FLOWS, equity)],
    )
    top = DocumentNavigator(doc).locate("What does the cash flow statement show?", k=1)[0]
    assert top["title"] == company
    assert "statement 1.00" in top["reason"]


def test_a_question_in_other_words_meets_the_filing_s_words() -> None:
    """ "Buy back" is what a filing calls a share repurchase (the finance lexicon's synonyms):
    the repurchase program's section, which never says "buy back", ranks first."""
    doc = filing(
        (
            "Highlights of the quarter",
            "In the third quarter shares of our stock traded on the exchange, and many "
            "shares changed hands as the quarter closed.",
        ),
        (
            "Share Repurchase Program",
            "The Board authorized a program to repurchase common stock; in the quarter we "
            "repurchased 7 million shares for $1.1 billion and $10.5 billion remained.",
        ),
        ("Employees", "We employ 90,000 people in 70 countries."),
    )
    nav = DocumentNavigator(doc)
    question = "How many shares did Acme buy back in the third quarter?"
    assert titles(nav, question, k=1) == ["Share Repurchase Program"]
    off = DocumentNavigator(doc, lexicons="none")
    assert titles(off, question, k=1) == ["Highlights of the quarter"]  # the words alone


def test_a_metric_written_as_one_word_is_still_the_metric() -> None:
    """ "Free cashflow" is "free cash flow" (two of a trigger's words joined): the question
    reaches the cash flow statement, not the prose that says "cash" and "flow"."""
    doc = filing(
        (
            "Cash conversion",
            "Conversion of earnings into cash is a priority; cash flow matters to us and we "
            "discuss the flow of cash and its conversion every quarter.",
        ),
        ("Acme Corp and Subsidiaries", CASH_FLOWS),
    )
    nav = DocumentNavigator(doc)
    top = nav.locate("Does Acme have an improving free cashflow conversion?", k=1)[0]
    assert top["title"] == "Acme Corp and Subsidiaries"
    assert "statement 0.60" in top["reason"]


def test_a_net_income_question_wants_the_income_statement_not_comprehensive_income() -> None:
    """The statement of comprehensive income repeats net income on its first line; a ratio
    over net income is read from the income statement (ASC 220: two statements)."""
    income = table(
        "Consolidated Statements of Operations | | |",
        "Nine months ended July 1 | 2023 | 2022",
        "Net sales | 281,310 | 304,182",
        "Cost of sales | 153,204 | 168,580",
        "Operating income | 83,648 | 90,862",
        "Net income | 70,826 | 79,082",
    )
    comprehensive = table(
        "Consolidated Statements of Comprehensive Income | | |",
        "Nine months ended July 1 | 2023 | 2022",
        "Net income | 70,826 | 79,082",
        "Change in foreign currency translation, net of tax | (765) | (1,000)",
        "Total comprehensive income | 68,926 | 76,437",
    )
    doc = filing(("Acme Corp", comprehensive), ("Acme Corp and Subsidiaries", income))
    nav = DocumentNavigator(doc)
    question = (
        "What was Acme's return on assets for the nine months ended July 1, using net income "
        "and total assets?"
    )
    top = nav.locate(question, k=1)[0]
    assert top["title"] == "Acme Corp and Subsidiaries"
    asked = nav.locate("What does the statement of comprehensive income show?", k=1)[0]
    assert asked["title"] == "Acme Corp"
