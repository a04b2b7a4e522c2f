"""Navigator verbs that give a document's overview: its outline (`toc`), its sizes (`stats`)
and what it covers (`doc_card`).

A mixin of `DocumentNavigator`: every answer is plain JSON-serialisable data.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir import toc_view
from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.views import Target, describe


class OverviewVerbs:
    """`toc`, `stats` and `doc_card` (`stats` counts the cursor's evidence)."""

    _evidence: dict[str, dict[str, Any]]
    doc: Document

    def _resolve(self, target: Target) -> TreeNode:  # provided by the cursor
        raise NotImplementedError

    def toc(self, target: Target = "/", max_depth: int | None = None) -> list[dict[str, Any]]:
        """The table of contents below the target (`Document.toc`), one row per node in
        document order: depth relative to the target, subtree pages or lines, tokens."""
        top = self._resolve(target)
        return toc_view.rows(toc_view.entries(self.doc, top.node_id, max_depth))

    def stats(self) -> dict[str, Any]:
        """Sizes of the tree and of every index (zero where the mode did not build one)."""
        d, tree = self.doc, self.doc.tree
        routes, chains, overlap, scores = (
            d.query_routes,
            d.chain_index,
            d.content_overlap,
            d.evidence_scores,
        )
        return {
            "doc_id": d.doc_id,
            "name": d.name,
            "format": d.format,
            "mode": d.meta.mode if d.meta else None,
            "schema_version": d.schema_version,
            "old_schema": d.is_old,
            "node_count": len(tree),
            "leaf_count": len(tree.leaves()),
            "max_depth": tree.max_depth(),
            "page_count": d.page_count,
            "line_count": d.meta.line_count if d.meta else None,
            "total_tokens": sum(n.token_count for n in tree.nodes),
            "summarised_nodes": sum(1 for n in tree.nodes if n.summary),
            "keywords": len(d.reasoning_index.keywords),
            "nav_entries": len(d.nav_index.entries),
            "concepts": len(d.concepts),
            "intent_routes": len(routes.intent_routes) if routes else 0,
            "concept_routes": len(routes.concept_routes) if routes else 0,
            "chains": len(chains.chains) if chains else 0,
            "overlap_pairs": len(overlap.pairs) if overlap else 0,
            "scored_nodes": len(scores.scores) if scores else 0,
            "diagnostics": len(d.diagnostics),
            "evidence_items": len(self._evidence),
        }

    def doc_card(self) -> dict[str, Any]:
        """What the document covers, in one screen: the DocCard, or one derived from the tree."""
        d = self.doc
        base = {"doc_id": d.doc_id, "name": d.name, "format": d.format, "page_count": d.page_count}
        card = d.nav_index.doc_card
        if card is not None:
            return {**base, **card.model_dump(mode="json"), "derived": False}
        tops = d.tree.top_sections()
        return {
            **base,
            "title": d.name,
            "overview": d.summary or d.description,
            "sections": [
                {
                    "node_id": n.node_id,
                    "title": n.title,
                    "description": describe(n),
                    "leaf_count": d.tree.leaf_count(n.node_id),
                }
                for n in tops
            ],
            "question_hints": [],
            "topic_tags": [c.name for c in d.concepts],
            "node_count": len(d.tree),
            "leaf_count": len(d.tree.leaves()),
            "max_depth": d.tree.max_depth(),
            "derived": True,
        }
