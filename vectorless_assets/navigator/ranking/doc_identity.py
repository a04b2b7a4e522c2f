"""Which document a question names: its identity terms (name, file name, title block).

Across a folder, a question that names its subject ("What is 3M's FY2018 capex?", "Which of
JPM's segments ...") should reach that document first, however much the other documents
talk about capital expenditure. A document's identity is the words that name it: its name,
its source file name (split at ``_``, ``-``, ``.`` and between letters and digits, so
"3M_2018_10K.pdf" gives "3m", "2018", "10k") and the first lines of its text (cover page,
title block). A question term names a document when it is in the document's identity and in
the identity of few documents of the folder (at most a third of them); an abbreviation
names it when it begins one of its identity words ("jpm" -> "jpmorgan", at least 3 letters).

Only words the question writes capitalised can name a document (`proper_terms`).
`identity_scores` gives each document the idf-weighted share of the question's naming
terms it holds (0..1), to add to the card relevance (`Catalog.covers`).
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from pathlib import PurePath

from vectorless_assets.text.terms import terms

#: Characters of the opening text that count as the title block.
TITLE_BLOCK_CHARS = 200
#: A term names a document only when at most this share of the folder's documents hold it.
MAX_SHARE = 1 / 3
_PARTS = re.compile(r"[_\-.\s]+|(?<=[a-z])(?=\d)|(?<=\d)(?=[a-z]{2})", re.I)
MIN_PREFIX = 3


def identity_terms(name: str, source_path: str | None, opening: str) -> set[str]:
    """The words that name a document (see the module docstring)."""
    out = set(terms(name))
    if source_path:
        stem = PurePath(source_path).stem
        out |= set(terms(stem))
        out |= {p.lower() for p in _PARTS.split(stem) if len(p) >= 2 and not p.isdigit()}
    out |= set(terms(opening[:TITLE_BLOCK_CHARS]))
    return out


def _matches(term: str, words: set[str]) -> bool:
    if term in words:
        return True
    return (
        len(term) >= MIN_PREFIX
        and term.isalpha()
        and any(w.startswith(term) and len(w) > len(term) for w in words)
    )


def proper_terms(question: str) -> list[str]:
    """Terms of the words a question writes capitalised ("Verizon", "JPM's", "3M"), the
    candidates for naming a document; the question's first word only when it is all capitals."""
    words = question.split()
    out: list[str] = []
    for k, w in enumerate(words):
        core = w.strip("\"'()[]{},.;:?!")
        if not core or not (
            core[0].isupper() or (core[0].isdigit() and any(c.isupper() for c in core))
        ):
            continue
        if k == 0 and not core.isupper():
            continue
        out.extend(terms(core))
    return out


def identity_scores(query: Iterable[str], identities: list[set[str]]) -> list[float]:
    """Per document: the idf-weighted share of the query's naming terms it holds (`query`:
    the question's `proper_terms`)."""
    n = len(identities)
    if n < 2:
        return [0.0] * n
    scores = [0.0] * n
    total = 0.0
    for term in dict.fromkeys(query):
        holders = [i for i, words in enumerate(identities) if _matches(term, words)]
        if not holders or len(holders) > max(1, MAX_SHARE * n):
            continue
        idf = math.log(1 + n / len(holders))
        total += idf
        for i in holders:
            scores[i] += idf
    return [s / total for s in scores] if total else scores
