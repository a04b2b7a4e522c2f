"""The finance lexicon reading a filing question: statement titles, years and periods,
glossary needs (and the items signal over them)."""

from __future__ import annotations

import pytest

from vectorless_assets.navigator.lexicons import Need
from vectorless_assets.navigator.lexicons.finance import FINANCE
from vectorless_assets.navigator.lexicons.finance.periods import (
    period_terms,
    question_years,
    shown_years,
)
from vectorless_assets.navigator.lexicons.finance.statements import (
    named_statements,
    statement_kind,
)
from vectorless_assets.navigator.ranking.items import label_share
from vectorless_assets.navigator.ranking.question import analyse
from vectorless_assets.text.terms import terms


def needs(question_terms: list[str]) -> Need:
    return FINANCE.glossary.need(question_terms)


@pytest.mark.parametrize(
    ("title", "content", "kinds"),
    [
        ("Consolidated Balance Sheets", "", {"balance"}),
        ("a) Condensed Consolidated Balance Sheets", "", {"balance"}),
        ("Consolidated Balance Sheet at December 31, 2018", "", {"balance"}),
        ("GAAP Statement of Income", "", {"income"}),
        ("Condensed Consolidated Statements of Comprehensive Income", "", {"comprehensive"}),
        ("Consolidated Statements of Comprehensive (Loss) Income", "", {"comprehensive"}),
        ("Consolidated Statement of Comprehensive Loss (unaudited)", "", {"comprehensive"}),
        ("CONSOLIDATED STATEMENTS OF OPERATIONS", "", {"income"}),
        ("Consolidated statements of income (unaudited)", "", {"income"}),
        ("Consolidated Statement of Financial Position", "", {"balance"}),
        (
            "Verizon Communications Inc. and Subsidiaries",
            "Consolidated Statements of Cash Flows\n(dollars in millions)",
            {"cashflow"},
        ),
        ("Note 7. Supplemental Balance Sheet Information", "", set()),
        (
            "Liquidity",
            (
                "As the consolidated statements of cash flows show, cash rose in the "
                "year because of ..."
            ),
            set(),
        ),
        ("Offsetting", "Gross amounts offset in the balance sheet", set()),
        ("Balance Sheet Highlights", "", set()),  # words after the name: about one, not one
        ("Income Statement Trends by Segment", "", set()),
    ],
)
def test_statement_titles(title: str, content: str, kinds: set[str]) -> None:
    assert statement_kind(title, content) == kinds


def test_questions_name_statements() -> None:
    assert named_statements("relying on the details shown in the cash flow statement") == {
        "cashflow"
    }
    assert named_statements("information shown in the balance sheet") == {"balance"}
    assert named_statements("line items shown in the statement of income") == {"income"}
    assert named_statements("What is the quick ratio?") == set()


def test_years_and_periods() -> None:
    assert question_years("What is the FY2018 capital expenditure?") == {2018}
    assert question_years("Between Q2 of FY2024 and FY 2023") == {2023, 2024}
    assert question_years("in fiscal year 2022 and fiscal 2021") == {2021, 2022}
    assert question_years("Q1 FY23 results") == {2023}
    assert question_years("revenue of $2,019 million, 2019.5 units") == set()
    assert period_terms(terms("FY2018 fy23 q2 capex 10k")) == {"fy2018", "fy23"}
    assert shown_years("Years ended December 31\n2018 2017 2016\nRevenue 32,765") == {
        2016,
        2017,
        2018,
    }
    q = analyse("What is the FY2018 capital expenditure?", lambda t: True)
    assert "fy2018" not in q.terms and q.years == {2018}


def test_glossary_needs_and_line_item_share() -> None:
    need = needs(terms("What is the quick ratio for FY2022?"))
    assert need.statements == {"balance"}
    balance = terms(
        "Cash and cash equivalents 2,605 Accounts receivable 24,506 Total "
        "current liabilities 37,857"
    )
    prose = terms("Liquidity is strong; we hold cash.")
    pairs = lambda ts: set(zip(ts, ts[1:], strict=False))  # noqa: E731
    always = lambda phrase: True  # noqa: E731
    # 3 of 4 components
    assert label_share(need, set(balance), pairs(balance), always) == pytest.approx(0.75)
    assert label_share(need, set(prose), pairs(prose), always) == 0.0
    assert label_share(need, set(balance), pairs(balance), lambda phrase: False) == 0.0
    assert needs(terms("How do I borrow a reference in Rust?")).entries == ()
    assert analyse("Is the business capital intensive?", lambda t: True).quantitative
    assert not analyse("Why did capital expenditure rise?", lambda t: True).quantitative


def test_synonyms_add_the_filing_s_words_after_the_question_s_own() -> None:
    from vectorless_assets.navigator.lexicons.synonyms import Synonyms, contains, joined_forms

    assert FINANCE.read("How many shares did Acme buy back?").also == ("repurchase", "program")
    assert FINANCE.read("Acme's buyback in 2023").also == ("repurchase", "share", "program")
    assert FINANCE.read("What is the net PPNE?").also[:3] == ("property", "plant", "equipment")
    assert FINANCE.read("What was revenue?").also == ()
    assert joined_forms(("free", "cash", "flow"))[1:] == [
        ("freecash", "flow"),
        ("free", "cashflow"),
    ]
    assert contains(["improving", "free", "cashflow"], ("free", "cash", "flow"))
    assert not contains(["free", "cash"], ("free", "cash", "flow"))
    table = Synonyms(((("bad debt",), ("credit losses",)),))
    assert table.also(terms("any bad debts?")) == ("credit", "loss")
    q = analyse("How many shares did Acme buy back?", lambda t: True)
    assert q.terms[-2:] == ["repurchase", "program"]


def test_a_glossary_trigger_stands_in_a_question_that_joins_two_of_its_words() -> None:
    assert needs(terms("free cashflow conversion")).statements == {"cashflow"}
    assert needs(terms("operating cashflow")).statements == {"cashflow"}
    assert not needs(terms("cash and flow")).entries
