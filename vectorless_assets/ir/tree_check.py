"""The shape a loaded tree must have before anything walks it.

A crafted IR can carry a valid checksum over a broken tree: a node that is its own child, a
parent loop, a child id that does not exist, or a chain 10,000 levels deep. Readers walk
children without guarding (`preorder`, the ToC, `cat`, `locate`), so such a file hung them
or raised tracebacks. `tree_problem` checks the invariants in one pass over the nodes, with
no recursion, and `document_from_payload` refuses a file that breaks one.
"""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree

#: Deeper than any compiled document (Markdown has 6 heading levels, splits add a few); a
#: deeper tree is refused rather than walked.
MAX_TREE_DEPTH = 256


def tree_problem(tree: DocumentTree) -> str | None:
    """What is wrong with `tree` (None when it is sound): unique ids, a root without a
    parent, existing children whose `parent` names their parent, every node reached once
    from the root (no cycle, no second parent, no orphan), depth at most `MAX_TREE_DEPTH`."""
    nodes = tree.nodes
    if not nodes:
        return None
    by_id = {n.node_id: n for n in nodes}
    if len(by_id) != len(nodes):
        return "two nodes share an id"
    root = nodes[0]
    if root.parent is not None:
        return f"the root {root.node_id} has a parent ({root.parent})"
    seen = {root.node_id}
    stack = [(root.node_id, 0)]
    while stack:
        node_id, depth = stack.pop()
        if depth > MAX_TREE_DEPTH:
            return f"the tree is deeper than {MAX_TREE_DEPTH} levels (at node {node_id})"
        for child_id in by_id[node_id].children:
            child = by_id.get(child_id)
            if child is None:
                return f"node {node_id} lists a child {child_id[:40]!r} that does not exist"
            if child_id in seen:
                return (
                    f"node {child_id} is reached twice (a cycle or a second parent, at {node_id})"
                )
            if child.parent != node_id:
                return (
                    f"node {child_id} is a child of {node_id} but names {child.parent} as "
                    "its parent"
                )
            seen.add(child_id)
            stack.append((child_id, depth + 1))
    if len(seen) != len(nodes):
        orphan = next(n.node_id for n in nodes if n.node_id not in seen)
        return (
            f"node {orphan} cannot be reached from the root ({len(nodes) - len(seen)} such nodes)"
        )
    return None
