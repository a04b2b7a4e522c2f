"""The `locate` signals read from a compiled IR's own indexes: reasoning-index postings
(`index`) and query routes (`route`); see `ranking.locate` for how they are weighted."""

from __future__ import annotations

from vectorless_assets.ir.document import Document
from vectorless_assets.text.terms import fold, terms


def folded_keywords(doc: Document) -> dict[str, list[str]]:
    """The reasoning index's keywords by their folded form (the form query terms take)."""
    out: dict[str, list[str]] = {}
    for key in doc.reasoning_index.keywords:
        out.setdefault(fold(key), []).append(key)
    return out


def index_scores(
    doc: Document, folded_keys: dict[str, list[str]], query: list[str], idf: dict[str, float]
) -> dict[str, float]:
    """Per node id: the reasoning-index postings of the query's terms (their keywords and
    synonyms; the best posting weight per term and node), weighted by the term's idf."""
    out: dict[str, float] = {}
    ri = doc.reasoning_index
    for term in query:
        best: dict[str, float] = {}
        keys = list(folded_keys.get(term, []))
        for key in list(keys):
            keys.extend(ri.synonyms.get(key, []))
        for key in keys:
            for p in ri.keywords.get(key, []):
                best[p.node_id] = max(best.get(p.node_id, 0.0), p.weight)
        for nid, w in best.items():
            out[nid] = out.get(nid, 0.0) + w * idf[term]
    return out


def route_scores(
    doc: Document, query: list[str], idf: dict[str, float]
) -> tuple[dict[str, float], dict[str, str]]:
    """Per node id: the best query route reaching it (intent routes sharing at least 0.3 of
    the query's idf, concept routes whose terms the query holds, times the target's
    relevance), and which route that was."""
    out: dict[str, float] = {}
    why: dict[str, str] = {}
    routes = doc.query_routes
    if routes is None:
        return out, why
    qset = set(query)
    total = sum(idf.values()) or 1.0
    for route in routes.intent_routes:
        shared = qset & set(terms(route.intent))
        share = sum(idf[t] for t in shared) / total
        if share < 0.3:
            continue
        for target in route.targets or []:
            value = share * target.relevance
            if value > out.get(target.node_id, 0.0):
                out[target.node_id], why[target.node_id] = value, f"intent '{route.intent}'"
    for concept, targets in routes.concept_routes.items():
        cterms = set(terms(concept))
        if not cterms or not cterms <= qset:
            continue
        share = sum(idf[t] for t in cterms) / total
        for target in targets:
            value = share * target.relevance
            if value > out.get(target.node_id, 0.0):
                out[target.node_id], why[target.node_id] = value, f"concept '{concept}'"
    return out, why
