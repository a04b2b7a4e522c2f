"""`locate`: rank the sections of one document for a question, without an LLM.

Every node is scored from the signals the IR carries, each a share of the question's
weight (the sum of its terms' idf), so scores compare across documents:

* **text**: BM25 of the node's own text (title twice, summary, content); divided by the
  best a node could reach (``(k1 + 1) * sum idf``);
* **title** and **path**: the idf share of question terms in the node's title, and in the
  titles above it;
* **phrase**: the idf share of adjacent question term pairs that also stand side by side
  in the node ("cash flow", "balance sheet");
* **index**: reasoning-index postings of the question's keywords (title 2.0, summary 1.5,
  content 1.0 weights, best node 1.0), when the IR has them;
* **route**: intent routes whose question shares most terms with the query, and concept
  routes named by query terms, when the IR has them;
* **label**: a structural reference in the question ("Appendix E", "Section 2.1", "Item 7",
  "Table 4") at the start of a node's title, or a section number equal to its structure (1.0);
  else a chapter number the document's cross references number a chapter by, or a caption
  label (listing, table, figure) its text mentions (`ranking.labels`). The reference's
  kind word ("chapter") is then spent: it no longer counts as a term of the question;
* **fit**: how closely the question is the node's title, or a heading inside its text
  (query share in the title times title share in the query, `ranking.titles`), so "Macros"
  picks "Macros" over "Custom derive Macros";
* **figures**: for a quantitative question (an amount, a ratio, a change: see
  `ranking.question`), the node's share of numbers among its words (full at 0.4), so
  tables and financial statements, where figures are, rank up. A lexicon's glossary word
  alone ("leverage", "sales") makes a question quantitative only in a document one of
  whose sections shows a line item of that metric (a filing, not a book);
* **statement**: the node is a kind of section (a financial statement) the question names
  (1.0) or that the question's metrics are shown in (``IMPLIED``);
* **items**: the share of a metric's line items the node names, by any of their usual
  labels ("capital expenditure" -> "purchases of property and equipment");
* **period**: the share of the years the question asks about that the node's opening text
  (column headers) shows.

The last three, and the metrics that make a question quantitative, are what the locator's
lexicons read (`navigator.lexicons`: `Locator(doc, lexicons=...)`, finance by default);
with ``lexicons="none"`` they are 0.

The question's terms come from `ranking.question.analyse` (request words dropped,
unknown compounds split).

The weighted sum is multiplied by an evidence factor (0.9 + 0.2 · composite evidence score,
when scored) and a span factor that prefers focused sections: a node whose own text (the
text it is ranked on; its subtree's pages when the IR has no own range) covers more than 5
pages is worth 0.6, more than 20 pages 0.35; and a node whose title at least
`GENERIC_TITLES` nodes share ("Summary") is worth `GENERIC_FACTOR` unless the question fits
that title or the node is a financial statement the question asks for (statements often
share the company's name as their title). Fast-mode IRs (no summaries, postings, routes,
scores) are ranked by text, titles and phrases alone.

A hit spanning more than `pinpoint.FOCUS_OVER` pages carries a ``focus`` (``start_page``,
``end_page``): the pages inside it to read first, where the question's terms concentrate
(at most `pinpoint.FOCUS_PAGES`, placed by the nodes' page breaks, estimated for IRs without
them; see `ranking.pinpoint`), else ``focus`` is None.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.navigator.ranking.bm25 import K1
from vectorless_assets.navigator.ranking.indexsignals import index_scores, route_scores
from vectorless_assets.navigator.ranking.items import label_share
from vectorless_assets.navigator.ranking.nodesignals import NodeSignals, own_page_count, pairs
from vectorless_assets.navigator.views import checked_query, node_ref

#: Weight of each signal in a node's score (set by hand; see benchmarks/quality/bench_retrieval.py).
WEIGHTS: dict[str, float] = {
    "text": 1.0, "title": 0.5, "path": 0.15, "phrase": 0.3, "index": 0.3, "route": 0.2,
    "label": 0.6, "figures": 0.15,
    "statement": 0.3, "items": 0.3, "period": 0.1, "fit": 0.4,
}  # fmt: skip
#: numeric share at which the figures signal is full (a financial statement is ~0.4-0.5)
FIGURES_FULL = 0.4
#: A node whose title is generic (`nodesignals.GENERIC_TITLES`) has its score multiplied by
#: GENERIC_FACTOR unless the question fits its title (fit >= GENERIC_FIT).
GENERIC_FACTOR, GENERIC_FIT = 0.8, 0.5
#: (more than this many pages, factor): the first matching row applies.
SPAN_FACTORS: tuple[tuple[int, float], ...] = ((20, 0.35), (5, 0.6))


class Locator(NodeSignals):
    """Ranks one document's nodes for a question from its signals (`NodeSignals`, computed
    once and reused for many questions): the weighted signals, then the title and span
    factors, with a reason per hit."""

    # -- ranking ------------------------------------------------------------------------
    def locate(self, query: str, k: int = 5) -> list[dict[str, Any]]:
        """The `k` best nodes for `query`, best first, each a citation plus score and reason."""
        question = self._read(checked_query(query))
        label, spent = self._label_scores(query)
        # a reference's kind word ("chapter", "listing") is spent on the label signal
        q = [t for t in question.terms if t not in spent]
        if not (q or label) or not self.doc.tree.nodes:
            return []
        idf = {t: self.bm25.idf(t) for t in q}
        total = sum(idf.values()) or 1.0
        text = self.bm25.scores(q)
        index = index_scores(self.doc, self.folded_keys, q, idf)
        route, route_why = route_scores(self.doc, q, idf)
        qpairs = pairs(q)
        tree = self.doc.tree
        candidates = set(text) | {
            self.position[n] for n in [*index, *route, *label] if n in self.position
        }
        if question.statements or question.need.statements:  # statements that share no term
            candidates |= {i for i in range(len(tree.nodes)) if self._statement(i, question) > 0}
        scores = self.doc.evidence_scores.scores if self.doc.evidence_scores else {}
        ranked: list[tuple[float, int, dict[str, Any]]] = []
        for i in candidates:
            node, nt = tree.nodes[i], self.nodes[i]
            parts = {
                "text": text.get(i, 0.0) / ((K1 + 1) * total),
                "title": sum(idf[t] for t in q if t in nt.title) / total,
                "path": sum(idf[t] for t in q if t in nt.path) / total,
                "phrase": sum(idf[a] + idf[b] for a, b in qpairs & nt.pairs) / (2 * total),
                "index": index.get(node.node_id, 0.0) / total,
                "route": route.get(node.node_id, 0.0),
                "label": label.get(node.node_id, 0.0),
                "figures": min(self._numeric(i) / FIGURES_FULL, 1.0)
                if question.quantitative
                else 0.0,
                "statement": self._statement(i, question),
                "items": label_share(
                    question.need, set(self.bm25.tfs[i]), nt.pairs, self._distinctive
                )
                if question.need.entries
                else 0.0,
                "period": self._period(i, question),
                "fit": self._fit(nt, q, total),
            }
            score = sum(WEIGHTS[name] * value for name, value in parts.items())
            ev = scores.get(node.node_id)
            if ev is not None:
                score *= 0.9 + 0.2 * ev.composite
            pages = own_page_count(node)
            span = next(
                (f for limit, f in SPAN_FACTORS if pages is not None and pages > limit), 1.0
            )
            score *= span
            # a statement the question asks for is found by its first lines, not its title
            # (PDF statements share the company's name as theirs: "Acme Corp and Subsidiaries")
            if self.generic[i] and parts["fit"] < GENERIC_FIT and not parts["statement"]:
                score *= GENERIC_FACTOR
            ranked.append(
                (
                    score,
                    i,
                    {
                        "parts": parts,
                        "evidence": ev.composite if ev else None,
                        "span": span,
                        "route": route_why.get(node.node_id),
                    },
                )
            )
        ranked.sort(key=lambda r: (-r[0], r[1]))
        hits = []
        for score, i, info in ranked[: max(k, 0)]:  # a negative k asks for nothing
            node = tree.nodes[i]
            matched = [t for t in q if t in self.bm25.tfs[i]]
            hits.append(
                {
                    **node_ref(self.doc, node),
                    "focus": self._focus(i, q, idf),
                    "score": round(score, 4),
                    "reason": explain(matched, info),
                    "matched": matched,
                }
            )
        return hits


def explain(matched: list[str], info: dict[str, Any]) -> str:
    """One line saying why a node ranked where it did."""
    parts = info["parts"]
    bits = [f"{name} {parts[name]:.2f}" for name in WEIGHTS if parts[name] > 0]
    reason = "; ".join(bits) or "no direct match"
    if matched:
        reason += f"; terms: {', '.join(matched[:8])}"
    if info["route"]:
        reason += f"; route {info['route']}"
    if info["evidence"] is not None:
        reason += f"; evidence {info['evidence']:.2f}"
    if info["span"] < 1.0:
        reason += f"; broad span x{info['span']}"
    return reason
