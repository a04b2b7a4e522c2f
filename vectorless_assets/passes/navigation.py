"""NavigationPass: NavEntry per non-leaf, ChildRoute per child, DocCard.

What an agent sees when it lists a node:

* `entries[node_id]` for every non-leaf node: overview (the node's summary, else the first
  ~200 characters of its own text, else "Sections: <child titles>"), its question hints and
  topic tags (from enhance), its leaf count and its level (depth);
* `child_routes[node_id]` for every non-leaf node: one `ChildRoute` per child with the
  child's title, description (summary, else the first ~100 chars of content, else the
  title) and leaf count;
* `doc_card`: the root's title, the document overview (document summary, else description,
  else the root's overview), one `SectionCard` per top-level section (`DocumentTree.top_sections`),
  the root's hints and
  tags (falling back to the most common tags of the top-level sections), node and leaf
  counts and the maximum depth.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from vectorless_assets.ir.indexes import NavigationIndex
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.nodetext import description as _describe
from vectorless_assets.passes.common.nodetext import own_text
from vectorless_assets.passes.common.walk import leaf_counts, node_map, preorder_nodes
from vectorless_assets.passes.context import PassContext

OVERVIEW_CHARS = 200
MAX_LISTED_CHILDREN = 8
MAX_DOC_TAGS = 10


def _overview(node: TreeNode, nodes: dict[str, TreeNode]) -> str:
    text = own_text(node, OVERVIEW_CHARS)
    if text:
        return text
    titles = [t for t in (nodes[c].title.strip() for c in node.children) if t]
    if not titles:
        return node.title.strip()
    more = len(titles) - MAX_LISTED_CHILDREN
    listed = "; ".join(titles[:MAX_LISTED_CHILDREN]) + (f"; and {more} more" if more > 0 else "")
    return f"Sections: {listed}"


def _doc_tags(root: TreeNode, tops: list[TreeNode]) -> list[str]:
    if root.routing_keywords:
        return list(root.routing_keywords)
    counts = Counter(t for n in tops for t in dict.fromkeys(n.routing_keywords))
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [t for t, _ in ranked[:MAX_DOC_TAGS]]


def run(*, tree: DocumentTree, description: str, summary: str, ctx: PassContext) -> NavigationIndex:
    """NavEntry per non-leaf node, ChildRoute per child, and a DocCard for the document.

    Overviews and descriptions come from enhance's summaries when present, else from the
    nodes' own text, else from titles, so the index is useful without an LLM. Linear in
    the number of nodes.
    """
    if not tree.nodes:
        return NavigationIndex()
    nodes = node_map(tree)
    order = preorder_nodes(tree, nodes)
    counts = leaf_counts(order)
    # plain fields, validated once by the index (no model built per entry and route)
    entries: dict[str, dict[str, Any]] = {}
    child_routes: dict[str, list[dict[str, Any]]] = {}
    for node in order:
        if not node.children:
            continue
        entries[node.node_id] = {
            "node_id": node.node_id,
            "overview": _overview(node, nodes),
            "question_hints": list(node.question_hints),
            "topic_tags": list(node.routing_keywords),
            "leaf_count": counts[node.node_id],
            "level": node.depth,
        }
        child_routes[node.node_id] = [
            {
                "node_id": child.node_id,
                "title": child.title,
                "description": _describe(child),
                "leaf_count": counts[child.node_id],
            }
            for child in (nodes[c] for c in node.children)
        ]
    root = tree.root
    tops = tree.top_sections()
    card = {
        "title": root.title,
        "overview": (summary.strip() or description.strip() or _overview(root, nodes)),
        "sections": [
            {
                "node_id": n.node_id,
                "title": n.title,
                "description": _describe(n),
                "leaf_count": counts[n.node_id],
            }
            for n in tops
        ],
        "question_hints": list(root.question_hints),
        "topic_tags": _doc_tags(root, tops),
        "node_count": len(tree.nodes),
        "leaf_count": counts[root.node_id],
        "max_depth": tree.max_depth(),
    }
    return NavigationIndex.model_validate(
        {"entries": entries, "child_routes": child_routes, "doc_card": card}
    )
