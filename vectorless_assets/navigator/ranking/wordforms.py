"""Word forms by rule: a question's word the document never uses, met by its own forms of it.

A question asks how a category "performed" and the filing says "performance"; it asks
what a bankrupt company's shareholders get and the filing says "bankruptcy". A blanket
stemmer (every word cut to its stem) was measured to lose more than it gains (issue 37), so
only a question term the document does not know at all is touched: it is replaced by the
document's terms of the same family, the terms that share its stem (`stem`: one derivational
or inflectional ending cut, a stem of at least `MIN_STEM` letters kept), at most `MAX_FORMS`
of them, the most widespread first. A term without such forms is left as it is (a compound
may still be split: `question.split_compound`).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping

#: Endings cut to find a word's stem, longest first (English derivation and inflection).
SUFFIXES: tuple[str, ...] = (
    "ations", "ation", "ments", "ment", "ances", "ance", "ences", "ence", "ities", "ity",
    "ings", "ing", "ions", "ion", "ives", "ive", "ical", "ally", "ers", "ied", "ies", "ed",
    "er", "al", "ic", "cy", "ly", "es", "e", "y", "s",
)  # fmt: skip
MIN_STEM = 5
MAX_FORMS = 2


def stem(term: str) -> str | None:
    """`term` with its longest listed ending cut (a stem of at least `MIN_STEM` letters), or
    the term itself when no ending leaves that much; None for a term that is not a word."""
    if not term.isascii() or not term.isalpha() or len(term) < MIN_STEM:
        return None
    for suffix in SUFFIXES:
        if term.endswith(suffix) and len(term) - len(suffix) >= MIN_STEM:
            return term[: -len(suffix)]
    return term


class WordForms:
    """The families of a document's terms, by stem, from its document frequencies."""

    def __init__(self, df: Mapping[str, int]) -> None:
        self.df = df
        families: dict[str, list[str]] = defaultdict(list)
        for term in df:
            root = stem(term)
            if root is not None:
                families[root].append(term)
        self.families = {
            root: sorted(members, key=lambda t: (-df[t], t)) for root, members in families.items()
        }

    def of(self, term: str) -> list[str]:
        """The document's forms of a term it does not know (none for a term it knows)."""
        if term in self.df:
            return []
        root = stem(term)
        return self.families.get(root, [])[:MAX_FORMS] if root is not None else []
