"""The table of contents the enrich pass stores in the IR (`Document.toc`).

One entry per tree node in document order, the root first (depth 0): what a reader of a
`.bin` needs to show or choose from the outline without rebuilding it from the tree. Pages
are the subtree's (propagated up by enrich), lines the subtree's span; a source has one or
the other. Rendering the entries as text is `ir.toc_view`'s job.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from vectorless_assets.ir.tree import DocumentTree


class TocEntry(BaseModel):
    """One line of the table of contents: a node's id, number, title, depth and range."""

    model_config = ConfigDict(extra="ignore", frozen=True)

    node_id: str
    structure: str = ""
    title: str = ""
    depth: int = 0
    start_page: int | None = None
    end_page: int | None = None
    #: first and last source line of the whole subtree (text sources)
    line_start: int | None = None
    line_end: int | None = None
    #: tokens of the whole subtree (what reading it costs)
    tokens: int = 0
    is_leaf: bool = True

    def referenced_node_ids(self) -> set[str]:
        """The entry's node."""
        return {self.node_id}


def table_of_contents(tree: DocumentTree) -> list[TocEntry]:
    """The entries of `tree`, root first, in document order (linear in the tree's size)."""
    spans: dict[str, tuple[int | None, int | None]] = {}
    for node in reversed(list(tree.preorder())) if tree.nodes else ():  # children first
        starts = [
            s for s in [node.line_start, *(spans[c][0] for c in node.children)] if s is not None
        ]
        ends = [e for e in [node.line_end, *(spans[c][1] for c in node.children)] if e is not None]
        spans[node.node_id] = (min(starts, default=None), max(ends, default=None))
    return [
        TocEntry(
            node_id=node.node_id,
            structure=node.structure,
            title=node.title,
            depth=node.depth,
            start_page=node.start_page,
            end_page=node.end_page,
            line_start=spans[node.node_id][0],
            line_end=spans[node.node_id][1],
            tokens=node.total_tokens or node.token_count,
            is_leaf=not node.children,
        )
        for node in (tree.preorder() if tree.nodes else ())
    ]


def subtree_entries(entries: list[TocEntry], node_id: str) -> list[TocEntry]:
    """The entries of `node_id`'s subtree (a contiguous run in document order), or []."""
    for i, entry in enumerate(entries):
        if entry.node_id == node_id:
            end = i + 1
            while end < len(entries) and entries[end].depth > entry.depth:
                end += 1
            return entries[i:end]
    return []
