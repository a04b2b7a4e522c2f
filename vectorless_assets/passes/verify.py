"""VerifyPass: the required final check of the compiled output."""

from __future__ import annotations

from vectorless_assets.ir.document import Diagnostic
from vectorless_assets.ir.indexes import Concept
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.passes.context import PassContext


def run(
    *, tree: DocumentTree, summary: str, concepts: list[Concept], ctx: PassContext
) -> list[Diagnostic]:
    """Check that the tree exists and has nodes (error); warn on an empty summary or no concepts.

    Also an error: a tree whose links are broken (a child id that is not in the tree, a
    child whose `parent` is not the node listing it, a node unreachable from the root, or a
    reference to a node id that is not in the tree). An error-severity finding fails the
    compile (and blocks `document_ir` in Dagster). An empty summary is only `info` in fast
    mode (which builds none), no concepts only `info` outside deep mode.
    """
    if not tree.nodes:
        return [_diag("empty_tree", "the tree has no nodes", "error")]
    out = _integrity(tree)
    if not summary.strip():
        out.append(
            _diag(
                "empty_summary",
                "document summary is empty",
                "info" if ctx.options.mode == "fast" else "warning",
            )
        )
    if not concepts:
        out.append(
            _diag(
                "no_concepts",
                "no concepts were extracted",
                "info" if ctx.options.mode != "deep" else "warning",
            )
        )
    return out


def _diag(
    code: str, message: str, severity: str = "warning", node_id: str | None = None
) -> Diagnostic:
    return Diagnostic(
        source="verify", code=code, message=message, severity=severity, node_id=node_id
    )  # type: ignore[arg-type]


def _integrity(tree: DocumentTree) -> list[Diagnostic]:
    # a local index: looking nodes up through `tree.get` would fill the tree's id cache
    by_id = {n.node_id: n for n in tree.nodes}
    problems: list[str] = []
    if len(by_id) != len(tree.nodes):
        problems.append("duplicate node ids")
    root = tree.nodes[0]
    if root.parent is not None:
        problems.append(f"root {root.node_id} has a parent")
    for node in tree.nodes:
        for cid in node.children:
            child = by_id.get(cid)
            if child is None:
                problems.append(f"node {node.node_id} lists missing child {cid}")
            elif child.parent != node.node_id:
                problems.append(
                    f"node {cid} is listed by {node.node_id} but its parent is {child.parent}"
                )
        for ref in node.references:
            if ref.target_node_id is not None and ref.target_node_id not in by_id:
                problems.append(f"node {node.node_id} references missing node {ref.target_node_id}")
    if not problems:
        seen, stack = 0, [root.node_id]
        while stack:
            seen += 1
            stack.extend(by_id[stack.pop()].children)
        if seen != len(tree.nodes):
            problems.append(f"{len(tree.nodes) - seen} nodes are not reachable from the root")
    out = [_diag("broken_tree", p, "error") for p in problems[:20]]
    if len(problems) > 20:
        out.append(_diag("broken_tree", f"... and {len(problems) - 20} more problems", "error"))
    return out
