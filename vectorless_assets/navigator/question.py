"""Reading a question before ranking: its terms, without the question's own phrasing.

* **Request words** ("answer the following question", "give a response", "assume you are
  an analyst") say how to answer, not where: they are dropped from the terms when the
  question has other terms left.
* **Compounds** the document does not know are split into two words it does ("cashflow"
  -> "cash", "flow"; each part at least 3 letters).
* **Quantitative** questions (an amount, a ratio, a change, "how much/many") are answered by
  figures: `locate` then favours nodes dense in numbers (tables, statements).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from vectorless_assets.navigator.bm25 import terms, unique

#: Folded terms (see `bm25.fold`) that only phrase a request ("answer the following
#: question", "give a response", "assume you are an analyst"); content words ("statement",
#: "information", "detail") stay, they measured better kept.
QUESTION_WORDS: frozenset[str] = frozenset(
    {"answer", "answering", "question", "response", "respond", "relying", "analyst", "assume", "assuming", "please", "kindly"}
)

QUANTITY_RE = re.compile(
    r"\b(how (much|many)|amount|ratio|percent(age)?|margin|total|number of|change|increase[ds]?|"
    r"decrease[ds]?|drop|growth|grew|rate|million|billion|usd|figure|value|sum|average)\b|[$%€£]",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Question:
    text: str
    terms: list[str]
    quantitative: bool


def split_compound(term: str, known: Callable[[str], bool]) -> list[str]:
    """`term` if the document knows it, else two known parts of it (>= 3 letters each)."""
    if known(term) or not term.isalpha() or len(term) < 6:
        return [term]
    for i in range(3, len(term) - 2):
        head, tail = term[:i], term[i:]
        if known(head) and known(tail):
            return [head, tail]
    return [term]


def analyse(text: str, known: Callable[[str], bool]) -> Question:
    """Terms to rank with (question words dropped, compounds split) and the question's kind."""
    raw = unique(terms(text))
    kept = [t for t in raw if t not in QUESTION_WORDS] or raw
    out: list[str] = []
    for t in kept:
        out.extend(split_compound(t, known))
    return Question(text=text, terms=unique(out), quantitative=bool(QUANTITY_RE.search(text)))
