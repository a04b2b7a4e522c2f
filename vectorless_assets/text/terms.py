"""Retrieval terms: the normalised words a question and a text are matched on.

Terms are `text.words.keywords` (lowercase, stopwords and bare numbers dropped, CJK as
bigrams) with a light English plural folding ("flows" -> "flow", "policies" -> "policy"),
so a question's wording matches a heading's. Every ranking (BM25 in `navigator.ranking`,
the lexicons, the catalog's cards, the retrieval benchmark's baselines) tokenises with
`terms`, so both sides of a comparison see the same words.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from vectorless_assets.text.words import keywords


@lru_cache(maxsize=131072)
def fold(term: str) -> str:
    """Light plural folding for ASCII words; other tokens pass through."""
    if len(term) <= 3 or not term.isascii() or not term.isalpha():
        return term
    if term.endswith("ies") and len(term) > 4:
        return term[:-3] + "y"
    if term.endswith(("sses", "xes", "ches", "shes")):
        return term[:-2]
    if term.endswith("s") and not term.endswith(("ss", "us", "is")):
        return term[:-1]
    return term


def terms(text: str) -> list[str]:
    """Retrieval terms of `text`, in order, repeats kept."""
    return [fold(t) for t in keywords(text)]


def unique(seq: Iterable[str]) -> list[str]:
    """Items of `seq` in first-seen order, without repeats."""
    return list(dict.fromkeys(seq))
