"""Short texts about a node, shared by the index passes (navigation, reasoning, concept).

Pure helpers: they read a `TreeNode` and return strings, never mutate anything.
"""

from __future__ import annotations

import re

from vectorless_assets.ir.tree import TreeNode

_MARKUP_RE = re.compile(r"^[#>*\-+|`~=\s]+")


def excerpt(text: str, limit: int = 100) -> str:
    """First ~`limit` characters of `text` on one line, cut at a word boundary ("…" if cut)."""
    flat = " ".join(text[: 4 * limit + 200].split())  # whitespace runs to one space, stripped
    flat = _MARKUP_RE.sub("", flat)
    if len(flat) <= limit:
        return flat
    cut = flat[:limit]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.") + "…"


def own_text(node: TreeNode, limit: int = 100) -> str:
    """The node's summary, else the first ~`limit` chars of its content, else ""."""
    if node.summary.strip():
        return node.summary.strip()
    if node.content.strip():
        return excerpt(node.content, limit)
    return ""


def description(node: TreeNode, limit: int = 100) -> str:
    """The node's summary, else the first ~`limit` chars of its content, else its title."""
    return own_text(node, limit) or node.title.strip()


def rounded(value: float, digits: int = 6) -> float:
    """Round a stored float so the IR is stable and compact (and -0.0 becomes 0.0)."""
    return round(value, digits) + 0.0
