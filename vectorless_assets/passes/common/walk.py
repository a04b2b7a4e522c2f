"""Fast read-only walks over a `DocumentTree` for the index passes.

`DocumentTree.get` goes through a pydantic private attribute on every call, which costs
~20 µs; on a 10k-node tree the index passes would spend most of their time there. These
helpers build one plain dict per pass instead. Nothing here mutates the tree.
"""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, TreeNode


def node_map(tree: DocumentTree) -> dict[str, TreeNode]:
    """Node id -> node."""
    return {n.node_id: n for n in tree.nodes}


def preorder_nodes(tree: DocumentTree, nodes: dict[str, TreeNode] | None = None) -> list[TreeNode]:
    """All nodes in document order (preorder from the root), iteratively."""
    if not tree.nodes:
        return []
    nodes = nodes if nodes is not None else node_map(tree)
    out: list[TreeNode] = []
    stack = [tree.nodes[0].node_id]
    while stack:
        node = nodes[stack.pop()]
        out.append(node)
        stack.extend(reversed(node.children))
    return out


def leaf_counts(order: list[TreeNode]) -> dict[str, int]:
    """Leaves under every node of `order` (a preorder; a leaf counts itself): O(n)."""
    counts: dict[str, int] = {}
    for node in reversed(order):
        counts[node.node_id] = sum(counts[c] for c in node.children) if node.children else 1
    return counts
