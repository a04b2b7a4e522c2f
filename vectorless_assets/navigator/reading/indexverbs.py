"""Navigator verbs over the IR's acceleration indexes: keywords, overlaps, routes, chains, scores.

A mixin of `DocumentNavigator`. Every verb degrades gracefully: an index the compile mode
did not build gives an empty answer, never an error.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.views import node_brief
from vectorless_assets.text.terms import fold, terms


class IndexVerbs:
    """Verbs over `reasoning_index`, `content_overlap`, `query_routes`, `chain_index`,
    `evidence_scores`."""

    doc: Document

    def _resolve(self, target: str | int | None) -> TreeNode:  # provided by the cursor
        raise NotImplementedError

    def _brief(self, node_id: str) -> dict[str, Any]:
        """Id, title and page/line range of a node, or a marker when it is missing."""
        if node_id not in self.doc.tree:
            return {"node_id": node_id, "title": None, "missing": True}
        return node_brief(self.doc.tree.get(node_id))

    def keyword_entries(self, keyword: str, limit: int = 20) -> list[dict[str, Any]]:
        """Reasoning-index postings for `keyword` (and its plural/singular and synonyms), best
        first."""
        ri = self.doc.reasoning_index
        wanted = {fold(t) for t in terms(keyword)} or {keyword.lower()}
        keys = [k for k in ri.keywords if fold(k) in wanted or k == keyword.lower()]
        for key in list(keys):
            keys.extend(s for s in ri.synonyms.get(key, []) if s in ri.keywords)
        best: dict[str, tuple[float, str]] = {}
        for key in keys:
            for p in ri.keywords[key]:
                if p.weight > best.get(p.node_id, (-1.0, ""))[0]:
                    best[p.node_id] = (p.weight, key)
        rows = [
            {**self._brief(nid), "weight": round(w, 4), "keyword": key}
            for nid, (w, key) in best.items()
        ]
        rows.sort(key=lambda r: (-r["weight"], r["node_id"]))
        return rows[:limit]

    def similar(self, target: str | int | None = None) -> list[dict[str, Any]]:
        """Nodes whose content overlaps the target's (Jaccard pairs and duplicate groups)."""
        node = self._resolve(target)
        overlap = self.doc.content_overlap
        if overlap is None:
            return []
        # Pairs name each duplicate group by its first node (the representative); they stand
        # for every member of the group (see passes/overlap.py).
        members = {g.node_ids[0]: g.node_ids for g in overlap.duplicate_groups if g.node_ids}
        rep = {m: g[0] for g in members.values() for m in g}
        me = rep.get(node.node_id, node.node_id)
        rows: list[dict[str, Any]] = []
        for pair in overlap.pairs:
            if me in (pair.node_a, pair.node_b):
                other = pair.node_b if pair.node_a == me else pair.node_a
                rows.extend(
                    {**self._brief(o), "jaccard": pair.jaccard, "kind": pair.kind}
                    for o in members.get(other, [other])
                )
        rows.extend(
            {**self._brief(o), "jaccard": 1.0, "kind": "duplicate"}
            for o in members.get(me, [])
            if o != node.node_id
        )
        rows.sort(key=lambda r: (-r["jaccard"], r["node_id"]))
        return rows

    def overlaps(self, limit: int = 50) -> dict[str, Any]:
        """The document's overlapping leaves: pairs (best first) and duplicate groups."""
        overlap = self.doc.content_overlap
        if overlap is None:
            return {"threshold": None, "pairs": [], "duplicate_groups": []}
        pairs = sorted(overlap.pairs, key=lambda p: -p.jaccard)[:limit]
        return {
            "threshold": overlap.threshold,
            "pairs": [
                {
                    "a": self._brief(p.node_a),
                    "b": self._brief(p.node_b),
                    "jaccard": p.jaccard,
                    "kind": p.kind,
                }
                for p in pairs
            ],
            "duplicate_groups": [
                {"nodes": [self._brief(n) for n in g.node_ids], "token_count": g.token_count}
                for g in overlap.duplicate_groups[:limit]
            ],
        }

    def intent_routes(self, query: str | None = None, limit: int = 20) -> list[dict[str, Any]]:
        """Intent routes (a question and where to look), those sharing most terms with `query`
        first."""
        routes = self.doc.query_routes.intent_routes if self.doc.query_routes else []
        qterms = set(terms(query)) if query else set()
        rows = []
        for route in routes:
            shared = len(qterms & set(terms(route.intent))) if qterms else 0
            if qterms and not shared:
                continue
            targets = [{**self._brief(t.node_id), "relevance": t.relevance} for t in route.targets]
            rows.append(
                {
                    "intent": route.intent,
                    "node": self._brief(route.node_id),
                    "targets": targets,
                    "shared_terms": shared,
                }
            )
        rows.sort(key=lambda r: -r["shared_terms"])
        return rows[:limit]

    def concept_routes(self, concept: str | None = None) -> list[dict[str, Any]]:
        """Concept routes (tag -> nodes by relevance), optionally only those matching `concept`."""
        table = self.doc.query_routes.concept_routes if self.doc.query_routes else {}
        wanted = set(terms(concept)) if concept else set()
        rows = []
        for name, targets in table.items():
            if wanted and not wanted & set(terms(name)):
                continue
            rows.append(
                {
                    "concept": name,
                    "targets": [
                        {**self._brief(t.node_id), "relevance": t.relevance} for t in targets
                    ],
                }
            )
        return rows

    def concepts(self) -> list[dict[str, Any]]:
        """The document's key concepts with the sections that treat them."""
        return [
            {
                "name": c.name,
                "summary": c.summary,
                "source": c.source,
                "sections": [self._brief(n) for n in c.sections],
            }
            for c in self.doc.concepts
        ]

    def chains(
        self, target: str | int | None = None, *, all_chains: bool = False
    ) -> list[dict[str, Any]]:
        """Reasoning chains through the target node (or every chain with `all_chains=True`)."""
        index = self.doc.chain_index
        if index is None:
            return []
        node_id = None if all_chains else self._resolve(target).node_id
        return [
            {
                "chain_id": c.chain_id,
                "type": c.chain_type,
                "confidence": c.confidence,
                "reference_text": c.reference_text,
                "nodes": [self._brief(n) for n in c.node_ids],
            }
            for c in index.chains
            if node_id is None or node_id in c.node_ids
        ]

    def evidence_score(self, target: str | int | None = None) -> dict[str, Any]:
        """Evidence quality of the target node (density, data richness, specificity, composite)."""
        node = self._resolve(target)
        scores = self.doc.evidence_scores.scores if self.doc.evidence_scores else {}
        score = scores.get(node.node_id)
        values = (
            score.model_dump()
            if score
            else {"density": None, "data_richness": None, "specificity": None, "composite": None}
        )
        return {**self._brief(node.node_id), **values, "scored": score is not None}

    def top_evidence(self, limit: int = 10) -> list[dict[str, Any]]:
        """The nodes with the highest composite evidence score."""
        scores = self.doc.evidence_scores.scores if self.doc.evidence_scores else {}
        ranked = sorted(scores.items(), key=lambda kv: (-kv[1].composite, kv[0]))[:limit]
        return [{**self._brief(nid), **s.model_dump()} for nid, s in ranked]
