"""The one renderer of a table of contents: the CLI (`toc`, `inspect`, `demo`), the MCP
`toc` tool and the Dagster `outline` metadata all print `Document.toc` through it.

One spelling of a range everywhere: "p. 3", "pp. 3-5" for paged sources, "line 4",
"lines 4-9" for text sources (citations use it too: `navigator.views.span_text`).
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.toc import TocEntry, subtree_entries, table_of_contents


def span(
    start_page: int | None, end_page: int | None, line_start: int | None, line_end: int | None
) -> str:
    """A range as text: pages when known, else lines, else ""."""
    if start_page is not None:
        end = end_page if end_page is not None else start_page
        return f"p. {start_page}" if end == start_page else f"pp. {start_page}-{end}"
    if line_start is not None:
        end = line_end if line_end is not None else line_start
        return f"line {line_start}" if end == line_start else f"lines {line_start}-{end}"
    return ""


def location(entry: TocEntry) -> str:
    """The range of one entry ("pp. 3-5", "lines 10-42", or "")."""
    return span(entry.start_page, entry.end_page, entry.line_start, entry.line_end)


def entries(
    doc: Document, node_id: str | None = None, max_depth: int | None = None
) -> list[TocEntry]:
    """The stored ToC of `doc` (rebuilt from the tree for IRs written before it was stored),
    below `node_id` when given, down to `max_depth` levels under its first entry."""
    toc = doc.toc or table_of_contents(doc.tree)
    if node_id is not None:
        toc = subtree_entries(toc, node_id)
    if max_depth is not None and toc:
        toc = [e for e in toc if e.depth - toc[0].depth <= max_depth]
    return toc


def rows(toc: list[TocEntry]) -> list[dict[str, Any]]:
    """JSON rows (`--json`, the MCP `toc` tool): the entry's fields, depth relative to the first."""
    top = toc[0].depth if toc else 0
    return [{**e.model_dump(), "depth": e.depth - top} for e in toc]


def _label(entry: TocEntry) -> str:
    """Structure number and title ("2.1 Setup"); the number is left out when the title starts with
    it."""
    title = " ".join(entry.title.split()) or "(untitled)"
    numbered = title.split(" ", 1)[0].rstrip(".") == entry.structure
    return f"{entry.structure} {title}" if entry.structure and not numbered else title


def lines(toc: list[TocEntry], *, max_lines: int | None = None, tokens: bool = False) -> list[str]:
    """Indented text lines "  0003 2.1 Setup  [lines 10-42, 120 tok]" (one per entry; after
    `max_lines`, one line saying how many more)."""
    top = toc[0].depth if toc else 0
    out: list[str] = []
    for i, e in enumerate(toc):
        if max_lines is not None and i == max_lines:
            out.append(f"... ({len(toc) - max_lines} more)")
            break
        where = ", ".join(x for x in (location(e), f"{e.tokens} tok" if tokens else "") if x)
        out.append(
            f"{'  ' * (e.depth - top)}{e.node_id} {_label(e)}" + (f"  [{where}]" if where else "")
        )
    return out


def markdown(toc: list[TocEntry], *, max_lines: int = 40) -> str:
    """A nested Markdown list (the Dagster asset page): "- `0003` 2.1 Setup _(lines 10-42)_"."""
    if not toc:
        return "_empty tree_"
    top = toc[0].depth
    out: list[str] = []
    for i, e in enumerate(toc):
        if i == max_lines:
            out.append(f"- … ({len(toc) - max_lines} more)")
            break
        where = location(e)
        out.append(
            f"{'  ' * (e.depth - top)}- `{e.node_id}` {_label(e)}"
            + (f" _({where})_" if where else "")
        )
    return "\n".join(out)
