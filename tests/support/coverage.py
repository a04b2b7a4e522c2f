"""Line coverage: does every source line land in exactly one node?

The contract (see `ir.tree`): the `line_start`/`line_end` ranges that nodes own are disjoint
and cover lines 1..line_count of a text source exactly once. The only allowed overlap is a
single line shared by nodes that are next to each other in line order (a line longer than
the split limit, cut across consecutive nodes); nodes without a line range (a root that owns
no text, a PDF node) are ignored.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol

from vectorless_assets.ir.tree import DocumentTree, TreeNode


class _HasLines(Protocol):
    line_start: int | None
    line_end: int | None


def _nodes(doc_or_tree: object) -> Iterable[_HasLines]:
    if hasattr(doc_or_tree, "raw_nodes"):  # a ParsedDocument
        return list(doc_or_tree.raw_nodes)  # type: ignore[attr-defined]
    tree = getattr(doc_or_tree, "tree", doc_or_tree)
    if isinstance(tree, DocumentTree):
        return tree.nodes
    if isinstance(tree, Iterable):  # a list of RawNode / TreeNode
        return list(tree)
    raise TypeError(
        f"expected a Document, DocumentTree or list of nodes, got {type(doc_or_tree).__name__}"
    )


def _span(first: int, last: int) -> str:
    return f"line {first}" if first == last else f"lines {first}-{last}"


def _label(node: _HasLines) -> str:
    node_id = getattr(node, "node_id", None)
    title = getattr(node, "title", "")
    return f"node {node_id} {title!r}" if node_id else f"node {title!r}"


def line_coverage_errors(
    doc_or_tree: object, line_count: int | None, *, allow_shared_lines: bool = True, limit: int = 20
) -> list[str]:
    """Problems with the line ranges of `doc_or_tree`.

    `doc_or_tree` is a Document, a DocumentTree, a ParsedDocument or a list of nodes.

    Returns an empty list when every line 1..`line_count` is owned by exactly one node
    (up to `allow_shared_lines`, see the module docstring). Each problem is one line of
    text naming the lines and nodes involved; at most `limit` problems are listed.
    """
    errors: list[str] = []
    total = line_count or 0
    ranges: list[tuple[int, int, _HasLines]] = []
    for node in _nodes(doc_or_tree):
        start, end = node.line_start, node.line_end
        if start is None and end is None:
            continue
        if start is None or end is None:
            errors.append(
                f"{_label(node)} has line_start={start} line_end={end} (need both or neither)"
            )
            continue
        if start < 1 or end < start or end > total:
            errors.append(
                f"{_label(node)} has invalid range {start}-{end} (document has {total} lines)"
            )
            continue
        ranges.append((start, end, node))
    ranges.sort(key=lambda r: (r[0], r[1]))
    expected = 1  # first line not yet covered
    prev: tuple[int, int, _HasLines] | None = None
    for start, end, node in ranges:
        if start > expected:
            errors.append(f"{_span(expected, start - 1)} not owned by any node")
        elif start < expected and prev is not None:
            shared_one = (
                allow_shared_lines and start == prev[1] == expected - 1 and start >= prev[0]
            )
            if not shared_one:
                errors.append(
                    f"{_span(start, min(end, expected - 1))} owned by both "
                    f"{_label(prev[2])} and {_label(node)}"
                )
        expected = max(expected, end + 1)
        prev = (start, end, node)
        if len(errors) >= limit:
            return errors[:limit]
    if expected <= total:
        errors.append(f"{_span(expected, total)} not owned by any node")
    return errors[:limit]


def rebuild_errors(
    nodes: Iterable[TreeNode] | Iterable[object], lines: list[str], *, limit: int = 20
) -> list[str]:
    """Check that each node's `content` is exactly the last lines of its own line range.

    `lines` are the source lines (`split_lines`). The lines of a node's range
    that precede its content are its heading; they must contain the title's first word.
    """
    errors: list[str] = []
    for node in nodes:
        start, end = getattr(node, "line_start", None), getattr(node, "line_end", None)
        if start is None or end is None:
            continue
        content: str = getattr(node, "content", "")
        own = lines[start - 1 : end]
        # an empty content stands for zero or more blank body lines: only the heading is checked
        n_body = content.count("\n") + 1 if content else 0
        if n_body > len(own) or "\n".join(own[len(own) - n_body :]) != content:
            errors.append(f"{_label(node)}: content is not the text of its lines {start}-{end}")
            continue
        head = " ".join(own[: len(own) - n_body])
        title: str = getattr(node, "title", "")
        word = title.split()[0] if title.split() else ""
        if word and word not in head and getattr(node, "parent", "") is not None:
            errors.append(
                f"{_label(node)}: lines {start}-{end} before its content do not contain the title"
            )
        if len(errors) >= limit:
            break
    return errors


def split_lines(text: str) -> list[str]:
    """The lines of normalized `text` (`text_source.decode_text`), without their newlines."""
    if not text:
        return []
    lines = text.split("\n")
    if text.endswith("\n"):
        lines.pop()
    return lines
