"""Ranking across a catalog's documents (`DocumentRanking`, a part of `catalog.Catalog`):
which documents cover a question (`covers`), and the best sections across all of them
(`locate`)."""

from __future__ import annotations

from typing import Any

from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.navigator.catalog.doc_cards import DocCard, Snapshot
from vectorless_assets.navigator.ranking.doc_identity import identity_scores, proper_terms
from vectorless_assets.navigator.ranking.guided import MAX_CALLS, guided_catalog_locate
from vectorless_assets.navigator.reading.cursor import DocumentNavigator
from vectorless_assets.navigator.views import checked_query
from vectorless_assets.text.terms import terms

#: Weight of the document's own relevance in a cross-document hit's score.
DOC_WEIGHT = 0.5
#: Weight of the question naming a document (`doc_identity`), against card relevance 0..1.
NAME_WEIGHT = 1.0


class DocumentRanking:
    """`covers` and `locate` over the catalog's current snapshot."""

    _state: Snapshot

    def load(self, card: DocCard) -> DocumentNavigator:  # provided by the catalog
        raise NotImplementedError

    def covers(self, query: str, k: int = 5) -> list[dict[str, Any]]:
        """Documents ranked by how well their card (name, overview, sections, tags, opening
        text) matches `query` (BM25, relative to the best document: 0..1), plus NAME_WEIGHT
        times the share of the question's naming terms (`doc_identity`) the document holds."""
        checked_query(query)
        snap = self._state
        cards = list(snap.cards.values())
        card = snap.bm25().scores(terms(query))
        best = max(card.values(), default=0.0) or 1.0
        named = identity_scores(proper_terms(query), [set(c.identity) for c in cards])
        scores = {i: card.get(i, 0.0) / best + NAME_WEIGHT * named[i] for i in range(len(cards))}
        ranked = sorted(
            ((i, s) for i, s in scores.items() if s > 0), key=lambda kv: (-kv[1], kv[0])
        )[:k]
        return [
            {"doc_id": cards[i].doc_id, "name": cards[i].name, "score": round(s, 4)}
            for i, s in ranked
        ]

    def locate(
        self,
        query: str,
        k: int = 5,
        per_doc: int | None = None,
        *,
        llm: LLMClient | None = None,
        usage: LLMUsage | None = None,
        max_calls: int = MAX_CALLS,
    ) -> list[dict[str, Any]]:
        """The best sections across all documents, each hit tagged with its doc_id and name.

        With `llm`: an LLM-guided search that first chooses among the documents, then
        descends their tables of contents, over this no-LLM ranking (at most `max_calls`
        calls, counted in `usage`; hits say `via` "llm" or "locate"; `ranking.guided`).

        A hit's score is its in-document score (comparable across documents: a share of the
        question's weight) times ``(1 - DOC_WEIGHT) + DOC_WEIGHT * r``, where r is the
        document's card relevance relative to the best document's.
        """
        if llm is not None:
            return guided_catalog_locate(
                self, query, llm, usage, k=k, max_calls=max_calls, per_doc=per_doc
            )
        per_doc = per_doc or k
        snap = self._state
        rel = {r["doc_id"]: r["score"] for r in self.covers(query, k=len(snap.cards))}
        best = max(rel.values(), default=0.0) or 1.0
        hits: list[dict[str, Any]] = []
        for doc_id, card in snap.cards.items():
            factor = (1 - DOC_WEIGHT) + DOC_WEIGHT * rel.get(doc_id, 0.0) / best
            for hit in self.load(card).locate(query, k=per_doc):
                hits.append(
                    {
                        "doc_id": doc_id,
                        "doc_name": card.name,
                        **hit,
                        "score": round(hit["score"] * factor, 4),
                    }
                )
        hits.sort(key=lambda h: -h["score"])
        return hits[:k]
