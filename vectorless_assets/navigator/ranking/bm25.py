"""A small Okapi BM25 (k1 = 1.2, b = 0.75) over lists of retrieval terms (`text.terms`).

Used by `locate` over tree nodes and by the retrieval benchmark's baselines (BM25 over a
document's pages, BM25 over our sections), so both sides of a comparison rank the same way.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

from vectorless_assets.text.terms import unique

K1 = 1.2
B = 0.75


class BM25:
    """Okapi BM25 over a fixed list of term lists (one per retrievable unit)."""

    def __init__(self, docs: Sequence[Sequence[str]], *, k1: float = K1, b: float = B) -> None:
        self.k1, self.b = k1, b
        self.tfs = [Counter(d) for d in docs]
        self.lengths = [len(d) for d in docs]
        self.n = len(docs)
        self.avgdl = (sum(self.lengths) / self.n) if self.n else 0.0
        df: Counter[str] = Counter()
        for tf in self.tfs:
            df.update(tf.keys())
        self.df = df
        self.postings: dict[str, list[int]] = {}
        for i, tf in enumerate(self.tfs):
            for t in tf:
                self.postings.setdefault(t, []).append(i)

    def idf(self, term: str) -> float:
        """BM25+ style idf, never negative: ln(1 + (N - df + 0.5) / (df + 0.5))."""
        df = self.df.get(term, 0)
        return math.log(1.0 + (self.n - df + 0.5) / (df + 0.5))

    def scores(self, query: Sequence[str]) -> dict[int, float]:
        """Score of every unit that contains at least one query term (sparse)."""
        out: dict[int, float] = {}
        if not self.n or not self.avgdl:
            return out
        for term in unique(query):
            postings = self.postings.get(term)
            if not postings:
                continue
            idf = self.idf(term)
            for i in postings:
                tf = self.tfs[i][term]
                norm = self.k1 * (1 - self.b + self.b * self.lengths[i] / self.avgdl)
                out[i] = out.get(i, 0.0) + idf * tf * (self.k1 + 1) / (tf + norm)
        return out

    def top(self, query: Sequence[str], k: int = 5) -> list[tuple[int, float]]:
        """The `k` best units as (index, score), best first; ties keep document order."""
        ranked = sorted(self.scores(query).items(), key=lambda item: (-item[1], item[0]))
        return ranked[:k]
