"""Phrase synonyms as data: a question's words -> the words documents use for the same thing.

A question says "lawsuits" where a filing's heading says "Legal Proceedings"; it says "buy
back" where the filing says "repurchase". A lexicon's synonym table (`SynonymEntry`:
question phrases, document phrases) lets the ranking meet the document's words: each entry
one of whose question phrases stands in a question adds its document phrases' terms to the
question's terms (`Synonyms.also`), after the question's own.

Phrases are matched on retrieval terms (`text.terms.terms`: plurals and case do not matter)
with their terms side by side, also where the question writes two of them as one word
("cashflow" for "cash flow", "buyback" for "buy back": `joined_forms`), a word-form rule
the glossary's triggers are matched by too (`contains`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from vectorless_assets.navigator.lexicons.interface import Phrase
from vectorless_assets.text.terms import terms, unique

#: (question phrases, document phrases): see the module docstring.
SynonymEntry = tuple[tuple[str, ...], tuple[str, ...]]


def joined_forms(phrase: Phrase) -> list[Phrase]:
    """`phrase`, and each form of it with two neighbouring terms written as one word
    ("free cash flow" -> "free cashflow", "freecash flow")."""
    forms = [phrase]
    for i in range(len(phrase) - 1):
        forms.append((*phrase[:i], phrase[i] + phrase[i + 1], *phrase[i + 2 :]))
    return forms


def stands_in(seq: list[str], phrase: Phrase) -> bool:
    """Whether `phrase` stands in `seq`, its terms side by side (exactly as written)."""
    n = len(phrase)
    return n > 0 and any(tuple(seq[i : i + n]) == phrase for i in range(len(seq) - n + 1))


def contains(seq: list[str], phrase: Phrase) -> bool:
    """Whether `phrase` stands in `seq`, as written or with two neighbouring terms joined."""
    return any(stands_in(seq, form) for form in joined_forms(phrase))


@dataclass(frozen=True)
class Synonyms:
    """A synonym table (`SynonymEntry` rows), compiled to terms on first use."""

    entries: tuple[SynonymEntry, ...]

    @cached_property
    def compiled(self) -> list[tuple[list[Phrase], list[str]]]:
        out = []
        for asked, written in self.entries:
            phrases = [tuple(terms(p)) for p in asked if terms(p)]
            out.append((phrases, unique(t for p in written for t in terms(p))))
        return out

    def also(self, question_terms: list[str]) -> tuple[str, ...]:
        """The document terms of every entry one of whose question phrases stands in the
        question (its own terms left out), in table order."""
        own = set(question_terms)
        found: list[str] = []
        for phrases, written in self.compiled:
            if any(contains(question_terms, p) for p in phrases):
                found += [t for t in written if t not in own]
        return tuple(unique(found))
