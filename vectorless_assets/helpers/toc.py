"""The table-of-contents view of a tree (the IR has no ToC field: it is derived on demand).

Used by the enrich pass (the document description). Pure and linear in tree size.
"""

from __future__ import annotations

from dataclasses import dataclass

from vectorless_assets.ir.tree import DocumentTree


@dataclass(frozen=True)
class TocEntry:
    node_id: str
    structure: str
    title: str
    depth: int
    start_page: int | None
    end_page: int | None
    line_start: int | None
    line_end: int | None
    leaf: bool


def toc_entries(tree: DocumentTree, max_depth: int | None = None) -> list[TocEntry]:
    """Every node below the root in document order (down to `max_depth`, if given).

    Line numbers are the subtree's span; pages are the subtree's pages (set by enrich).
    """
    if not tree.nodes:
        return []
    spans = _spans(tree)
    out = []
    for node in tree.preorder():
        if node.parent is None or (max_depth is not None and node.depth > max_depth):
            continue
        first, last = spans[node.node_id]
        out.append(TocEntry(node.node_id, node.structure, node.title, node.depth, node.start_page, node.end_page, first, last, not node.children))
    return out


def toc_lines(tree: DocumentTree, max_depth: int | None = None) -> list[str]:
    """The ToC as indented text lines: "  2.1 Title  (p. 3-5)" or "(lines 10-42)"."""
    lines = []
    for e in toc_entries(tree, max_depth):
        where = ""
        if e.start_page is not None:
            where = f"p. {e.start_page}" + (f"-{e.end_page}" if e.end_page and e.end_page != e.start_page else "")
        elif e.line_start is not None:
            where = f"lines {e.line_start}-{e.line_end}"
        label = " ".join(x for x in (e.structure, e.title.strip() or "(untitled)") if x)
        lines.append("  " * (e.depth - 1) + label + (f"  ({where})" if where else ""))
    return lines


def _spans(tree: DocumentTree) -> dict[str, tuple[int | None, int | None]]:
    """Subtree line span of every node, children before parents (one pass)."""
    out: dict[str, tuple[int | None, int | None]] = {}
    for node in reversed(list(tree.preorder())):
        starts = [s for s in [node.line_start, *(out[c][0] for c in node.children)] if s is not None]
        ends = [e for e in [node.line_end, *(out[c][1] for c in node.children)] if e is not None]
        out[node.node_id] = (min(starts) if starts else None, max(ends) if ends else None)
    return out
