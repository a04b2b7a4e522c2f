"""Reading a question before ranking: its terms, without the question's own phrasing.

* **Request words** ("answer the following question", "give a response", "assume you are
  an analyst") say how to answer, not where: they are dropped from the terms when the
  question has other terms left.
* **Word forms**: a word the document does not know is replaced by the document's own
  forms of it ("performed" -> "performance": `ranking.wordforms`); else, a compound the
  document does not know is split into two words it does ("cashflow" -> "cash", "flow";
  each part at least 3 letters).
* **Quantitative** questions (an amount, a ratio, a change, "how much/many", a metric of
  a lexicon's glossary unless the question asks why) are answered by figures: `locate` then
  favours nodes dense in numbers (tables, statements). `locate` counts a glossary metric
  alone only in a document that shows one of its line items (`NodeSignals._read`).
* **What the lexicons read** (`navigator.lexicons`; finance by default): the years asked
  ("FY2018", "fiscal 2022", "Q2 of FY2024"; terms that only spell a period are dropped from
  the ranking terms), the kinds of section the question names (financial statements), for
  a quantitative question what its metrics need, and the terms documents use for its words
  (synonyms: "lawsuits" -> "litigation", "legal proceedings"), added after its own terms.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from vectorless_assets.navigator.lexicons.interface import NO_NEED, Lexicon, Need
from vectorless_assets.navigator.lexicons.registry import default_lexicons
from vectorless_assets.text.terms import terms, unique

#: Folded terms (see `text.terms.fold`) that only phrase a request ("answer the following
#: question", "give a response", "assume you are an analyst"); content words ("statement",
#: "information", "detail") stay, they measured better kept.
QUESTION_WORDS: frozenset[str] = frozenset(
    {
        "answer",
        "answering",
        "question",
        "response",
        "respond",
        "relying",
        "analyst",
        "assume",
        "assuming",
        "please",
        "kindly",
    }
)

QUANTITY_RE = re.compile(
    r"\b(how (much|many)|amount|ratio|percent(age)?|margin|total|number of|change|increase[ds]?|"
    r"decrease[ds]?|drop|growth|grew|rate|million|billion|usd|figure|value|sum|average)\b|[$%€£]",
    re.IGNORECASE,
)


#: Questions asking for a reason or an account, not a figure ("why did revenue grow?").
EXPLAIN_RE = re.compile(
    r"^\W*(?:why|explain|describe|what (?:drove|caused|explains))\b|\bhow did\b", re.IGNORECASE
)


@dataclass(frozen=True)
class Question:
    """A question read for ranking (see the module docstring)."""

    text: str
    terms: list[str]
    quantitative: bool
    years: frozenset[int] = frozenset()
    statements: frozenset[str] = frozenset()
    need: Need = NO_NEED


def split_compound(term: str, known: Callable[[str], bool]) -> list[str]:
    """`term` if the document knows it, else two known parts of it (>= 3 letters each)."""
    if known(term) or not term.isalpha() or len(term) < 6:
        return [term]
    for i in range(3, len(term) - 2):
        head, tail = term[:i], term[i:]
        if known(head) and known(tail):
            return [head, tail]
    return [term]


def analyse(
    text: str,
    known: Callable[[str], bool],
    lexicon: Lexicon | None = None,
    forms: Callable[[str], list[str]] | None = None,
) -> Question:
    """Terms to rank with (question words dropped, unknown words met by the document's
    `forms` of them, else compounds split) and the question's kind, read with `lexicon`
    (default: `lexicons.default_lexicons`)."""
    reading = (default_lexicons() if lexicon is None else lexicon).read(text)
    raw = unique(terms(text))
    periods = reading.period_terms
    kept = [t for t in raw if t not in QUESTION_WORDS and t not in periods] or raw
    out: list[str] = []
    for t in kept:
        out.extend((forms(t) if forms is not None else []) or split_compound(t, known))
    out.extend(reading.also)
    need = reading.need
    quantitative = bool(QUANTITY_RE.search(text)) or (
        bool(need.entries) and not EXPLAIN_RE.search(text)
    )
    return Question(
        text=text,
        terms=unique(out),
        quantitative=quantitative,
        years=reading.years,
        statements=reading.named,
        need=need if quantitative else NO_NEED,
    )
