"""Small helpers shared by the tree-rewriting passes (build, split, optimize, enrich)."""

from __future__ import annotations

from collections.abc import Iterable

from vectorless_assets.ir.tree import DocumentTree, TreeNode

#: How optimize joins the titles of leaves it merges ("A / B"); references split on it.
TITLE_JOIN = " / "


def with_totals(tree: DocumentTree) -> DocumentTree:
    """Copy of a preorder-numbered `tree` with `total_tokens` = own + all descendants' tokens.

    Nodes whose total is already right are reused as is (pydantic models are never mutated).
    """
    totals: dict[str, int] = {}
    for node in reversed(tree.nodes):  # preorder reversed: children before parents
        totals[node.node_id] = node.token_count + sum(totals[c] for c in node.children)
    nodes = [
        n
        if n.total_tokens == totals[n.node_id]
        else n.model_copy(update={"total_tokens": totals[n.node_id]})
        for n in tree.nodes
    ]
    return DocumentTree(nodes=nodes)


def rebuild(nodes: Iterable[TreeNode]) -> DocumentTree:
    """Renumbered tree (preorder ids, depths, structure) with recomputed token totals.

    `nodes` must start with the root; the order of the others does not matter, only their
    `parent`/`children` links do. Nodes not reachable from the root are dropped.
    """
    return with_totals(DocumentTree(nodes=list(nodes)).renumbered())
