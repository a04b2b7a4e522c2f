"""BuildPass: raw sections -> arena tree."""

from __future__ import annotations

from vectorless_assets.frontends.raw import ParsedDocument, RawNode
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.env import PassEnv
from vectorless_assets.textutil import estimate_tokens


def run(*, parsed: ParsedDocument, env: PassEnv) -> DocumentTree:
    """Build the hierarchical tree from the flat raw sections.

    The root (depth 0) is the document itself: titled with the document title and owning any
    text before the first heading (raw level 0). Every other section's parent is the nearest
    open section of a lower heading level (h1 -> h3 gives depth 2). Token counts are the
    node's own text; `total_tokens` the whole subtree. Optional thinning (off by default)
    folds subtrees below `thinning_threshold` tokens into their parent.
    """
    raw = list(parsed.raw_nodes)
    preamble = [r for r in raw[:1] if r.level <= 0]
    sections = raw[len(preamble):]
    root_raw = preamble[0] if preamble else RawNode(title="", level=0)
    nodes: list[TreeNode] = [_node(root_raw, "n0", None, parsed.title)]
    stack: list[tuple[int, TreeNode]] = [(0, nodes[0])]
    for i, r in enumerate(sections, start=1):
        level = max(1, r.level)
        while stack[-1][0] >= level:
            stack.pop()
        parent = stack[-1][1]
        node = _node(r, f"n{i}", parent.node_id)
        parent.children.append(node.node_id)
        nodes.append(node)
        stack.append((level, node))
    tree = DocumentTree(nodes=nodes).renumbered()
    tree = _with_totals(tree)
    if env.options.thinning:
        tree = _thin(tree, env.options.thinning_threshold)
    return tree


def _node(r: RawNode, node_id: str, parent: str | None, title: str | None = None) -> TreeNode:
    return TreeNode(
        node_id=node_id,
        parent=parent,
        title=title if title is not None else r.title,
        content=r.content,
        line_start=r.line_start,
        line_end=r.line_end,
        start_page=r.start_page,
        end_page=r.end_page,
        own_start_page=r.start_page,
        own_end_page=r.end_page,
        start_page_label=r.start_page_label,
        end_page_label=r.end_page_label,
        token_count=r.token_count or estimate_tokens(r.content),
    )


def _with_totals(tree: DocumentTree) -> DocumentTree:
    """Copy of `tree` with `total_tokens` = own tokens + all descendants' tokens."""
    totals: dict[str, int] = {}
    for node in reversed(tree.nodes):  # preorder reversed: children before parents
        totals[node.node_id] = node.token_count + sum(totals[c] for c in node.children)
    return DocumentTree(nodes=[n.model_copy(update={"total_tokens": totals[n.node_id]}) for n in tree.nodes])


def _thin(tree: DocumentTree, threshold: int) -> DocumentTree:
    """Fold every subtree whose total is below `threshold` tokens into its root node."""
    keep: list[TreeNode] = []
    dropped: set[str] = set()
    for node in tree.nodes:
        if node.node_id in dropped:
            continue
        if node.children and node.parent is not None and node.total_tokens < threshold:
            parts = [node.content]
            for d in list(tree.preorder(node.node_id))[1:]:
                dropped.add(d.node_id)
                parts.append("\n".join(x for x in (d.title, d.content) if x))
            text = "\n\n".join(p for p in parts if p)
            keep.append(node.model_copy(update={"children": [], "content": text, "token_count": estimate_tokens(text)}))
        else:
            keep.append(node.model_copy(update={"children": [c for c in node.children if c not in dropped]}))
    return _with_totals(DocumentTree(nodes=keep).renumbered())
