"""Reading a node's text in bounded pages.

A page is at most `max_chars` characters starting at `offset`; it ends at a line break
(else a space) in its second half when it can, so pages do not cut words. `next_offset`
is where the next page starts (None on the last page), so a reader walks a long section
with ``offset = page["next_offset"]`` until it is None.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.tree import TreeNode
from vectorless_assets.navigator.views import NavigationError

#: Default page size in characters (about 1,000 tokens).
PAGE_CHARS = 4000


def subtree_text(doc: Document, node: TreeNode) -> str:
    """The text of `node` and every node below it in reading order, each under its title."""
    parts = []
    for n in doc.tree.preorder(node.node_id):
        parts.append(
            f"{n.title}\n\n{n.content.strip()}".strip()
            if n.node_id != node.node_id
            else n.content.strip()
        )
    return "\n\n".join(p for p in parts if p)


def text_page(text: str, offset: int = 0, max_chars: int = PAGE_CHARS) -> dict[str, Any]:
    """The page of `text` starting at `offset`: its text, offsets and the total size."""
    if max_chars < 1:
        raise NavigationError(f"max_chars must be at least 1 (got {max_chars})")
    total = len(text)
    if not 0 <= offset <= total:
        raise NavigationError(f"offset {offset} is outside the text (0..{total} characters)")
    end = min(total, offset + max_chars)
    if end < total:
        floor = offset + max_chars // 2
        cut = text.rfind("\n", floor, end)
        if cut == -1:
            cut = text.rfind(" ", floor, end)
        if cut != -1:
            end = cut + 1
    return {
        "text": text[offset:end],
        "offset": offset,
        "next_offset": end if end < total else None,
        "total_chars": total,
        "remaining_chars": total - end,
    }
