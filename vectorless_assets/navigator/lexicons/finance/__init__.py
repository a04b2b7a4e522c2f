"""The finance lexicon (`FINANCE`, named ``"finance"``): filings' metrics, statements and
fiscal periods, on by default.

* its glossary (`finance.glossary`, data): a metric a question names ("capex", "quick
  ratio") -> the line items it is made of and the statements that show them;
* the primary financial statements (`finance.statements`): which one a question names
  ("cash flow statement") and which one a node is, by its title or first lines;
* fiscal periods (`finance.periods`): the years a question asks about ("FY2018", "Q2 of
  FY2024"), the terms that only spell one, and the years a node's column headers show;
* its synonyms (`finance.synonyms`, data): a question's words -> a filing's words for the
  same thing ("lawsuits" -> "litigation", "legal proceedings").
"""

from __future__ import annotations

from dataclasses import dataclass

from vectorless_assets.navigator.lexicons.finance.glossary import ENTRIES
from vectorless_assets.navigator.lexicons.finance.periods import (
    period_terms,
    question_years,
    shown_years,
)
from vectorless_assets.navigator.lexicons.finance.statements import (
    named_statements,
    statement_kind,
)
from vectorless_assets.navigator.lexicons.finance.synonyms import SYNONYMS
from vectorless_assets.navigator.lexicons.glossary import GlossaryLexicon
from vectorless_assets.navigator.lexicons.interface import Reading
from vectorless_assets.navigator.lexicons.synonyms import Synonyms
from vectorless_assets.text.terms import terms

FINANCE_SYNONYMS = Synonyms(SYNONYMS)


@dataclass(frozen=True)
class FinanceLexicon(GlossaryLexicon):
    """The glossary, plus statements as the kinds of section, fiscal years as periods and
    the synonyms."""

    def read(self, text: str) -> Reading:
        words = terms(text)
        return Reading(
            need=self.glossary.need(words),
            named=frozenset(named_statements(text)),
            years=frozenset(question_years(text)),
            period_terms=frozenset(period_terms(words)),
            also=FINANCE_SYNONYMS.also(words),
        )

    def section_kinds(self, title: str, content: str) -> frozenset[str]:
        return frozenset(statement_kind(title, content))

    def shown_years(self, content: str) -> frozenset[int]:
        return frozenset(shown_years(content))


FINANCE = FinanceLexicon("finance", ENTRIES)
