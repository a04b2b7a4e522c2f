"""Human-readable outlines of a tree (CLI `inspect`, Dagster metadata previews)."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, TreeNode


def location(tree: DocumentTree, node: TreeNode) -> str:
    """"pp. 3-5" for paged sources, "lines 10-42" (whole subtree) for text sources."""
    if node.start_page is not None:
        end = node.end_page or node.start_page
        return f"p. {node.start_page}" if end == node.start_page else f"pp. {node.start_page}-{end}"
    start, end = tree.span_lines(node.node_id)
    if start is None:
        return ""
    return f"line {start}" if end == start else f"lines {start}-{end}"


def outline_lines(tree: DocumentTree, *, max_nodes: int | None = None, max_depth: int | None = None) -> list[str]:
    """One indented line per node: id, structure, title, location, tokens."""
    out: list[str] = []
    for node in tree.preorder():
        if max_depth is not None and node.depth > max_depth:
            continue
        if max_nodes is not None and len(out) >= max_nodes:
            out.append(f"... ({len(tree.nodes) - max_nodes} more nodes)")
            break
        loc = location(tree, node)
        title = node.title or "(untitled)"
        numbered = title.split(" ", 1)[0].rstrip(".") == node.structure
        label = f"{node.structure} " if node.structure and not numbered else ""
        out.append(f"{'  ' * node.depth}{node.node_id} {label}{title}  [{loc}{', ' if loc else ''}{node.total_tokens} tok]")
    return out


def outline_markdown(tree: DocumentTree, *, max_nodes: int = 60) -> str:
    """Outline as a nested Markdown list (for the Dagster UI)."""
    lines: list[str] = []
    for node in tree.preorder():
        if len(lines) >= max_nodes:
            lines.append(f"- … {len(tree.nodes) - max_nodes} more")
            break
        title = (node.title or "(untitled)").replace("\n", " ")
        loc = location(tree, node)
        lines.append(f"{'  ' * node.depth}- `{node.node_id}` {title}" + (f" _({loc})_" if loc else ""))
    return "\n".join(lines)
