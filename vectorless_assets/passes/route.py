"""RoutePass: intent routes from question hints, concept routes from tags.

* **Intent routes.** Every question hint of a node becomes an `IntentRoute(intent, node_id,
  targets)`. A branch's targets are its children, ranked by relevance: 0.7 + 0.1·min(hints, 3)
  for a child with question hints and content, 0.5 for content only, 0.3 for neither (ties in
  document order), at most `MAX_TARGETS`. A leaf with hints targets itself (relevance 1.0).
  "Content" means the child's own text is not blank, or, for a branch child, that some leaf
  below it has text.
* **Concept routes.** Every routing keyword (tag, lowercased) maps to the nodes carrying it:
  0.9 for a leaf, 0.7 for a branch, ≤ `MAX_TARGETS` per tag (ranked by relevance, then
  document order); the `MAX_CONCEPTS` tags carried by most nodes are kept (ties
  alphabetically).

Branch hints and tags are read from the navigation index (the same values enhance put on
the tree); leaf hints and tags from the tree.
"""

from __future__ import annotations

from collections import defaultdict
from operator import itemgetter
from typing import Any

from vectorless_assets.ir.indexes import NavigationIndex, QueryRoutingTable
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.walk import node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext

MAX_TARGETS = 10
MAX_CONCEPTS = 50


def _has_text(order: list[TreeNode]) -> dict[str, bool]:
    """Node id -> whether the node or any node below it has non-blank text (O(n)).

    `text and not text.isspace()` is `bool(text.strip())` without copying the text."""
    out: dict[str, bool] = {}
    for node in reversed(order):
        text = node.content
        out[node.node_id] = (bool(text) and not text.isspace()) or any(
            out[c] for c in node.children
        )
    return out


def child_relevance(hint_count: int, has_content: bool) -> float:
    """Relevance of a child for an intent of its parent (reference constants)."""
    if hint_count and has_content:
        return round(0.7 + 0.1 * min(hint_count, 3), 6)
    return 0.5 if has_content else 0.3


def run(*, tree: DocumentTree, nav_index: NavigationIndex, ctx: PassContext) -> QueryRoutingTable:
    """Intent routes from question hints (ranked children), concept routes from tags.

    No LLM: uses the hints and tags enhance put on the nodes. Linear in nodes plus hints.
    """
    if not tree.nodes:
        return QueryRoutingTable()
    entries = nav_index.entries
    walk = preorder_nodes(tree, node_map(tree))
    has_text = _has_text(walk)
    # each node's non-blank hints, stripped (a branch's from its navigation entry)
    hints: dict[str, list[str]] = {}
    for node in walk:
        entry = entries.get(node.node_id)
        raw = entry.question_hints if entry is not None else node.question_hints
        hints[node.node_id] = [h for h in map(str.strip, raw) if h]

    def top(scored: list[tuple[float, str]]) -> list[dict[str, Any]]:
        """(relevance, id), listed in document order -> the best MAX_TARGETS as
        `RouteTarget` fields (a stable sort: ties stay in document order)."""
        best = sorted(scored, key=itemgetter(0), reverse=True)[:MAX_TARGETS]
        return [{"node_id": nid, "relevance": rel} for rel, nid in best]

    # plain fields, validated once by the table (no model built per route and target)
    intent_routes: list[dict[str, Any]] = []
    tagged: dict[str, list[tuple[float, str]]] = defaultdict(list)
    for node in walk:  # document order: so are each node's children and each tag's nodes
        nid = node.node_id
        node_hints = hints[nid]
        if node_hints:
            if node.children:
                ranked = top(
                    [(child_relevance(len(hints[c]), has_text[c]), c) for c in node.children]
                )
            else:
                ranked = [{"node_id": nid, "relevance": 1.0}]
            for hint in dict.fromkeys(node_hints):
                intent_routes.append({"intent": hint, "node_id": nid, "targets": ranked})
        entry = entries.get(nid)
        tags = entry.topic_tags if entry is not None else node.routing_keywords
        relevance = 0.7 if node.children else 0.9
        for tag in dict.fromkeys(t.strip().lower() for t in tags):
            if tag:
                tagged[tag].append((relevance, nid))
    chosen = sorted(tagged.items(), key=lambda kv: (-len(kv[1]), kv[0]))[:MAX_CONCEPTS]
    concept_routes = {tag: top(scored) for tag, scored in sorted(chosen)}
    return QueryRoutingTable.model_validate(
        {"intent_routes": intent_routes, "concept_routes": concept_routes}
    )
