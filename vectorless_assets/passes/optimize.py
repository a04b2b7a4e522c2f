"""OptimizePass: merge tiny sibling leaves, collapse empty single-child chains."""

from __future__ import annotations

from vectorless_assets.ir.pages import PagedText, join
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.treeops import TITLE_JOIN, rebuild
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.llm_tokens import estimate_tokens


def run(*, tree: DocumentTree, ctx: PassContext) -> DocumentTree:
    """Merge runs of tiny adjacent sibling leaves; remove empty single-child intermediates.

    A run of two or more adjacent sibling leaves, each under `optimize_min_tokens` (50),
    with contiguous line ranges and not all of their parent's children, becomes one leaf:
    the contents concatenate (each later leaf's title kept as a line of the text, since the
    merged node owns its heading line), the line range spans the run, and the title lists
    the merged titles joined by " / ".
    A non-root node with no text of its own and exactly one child is removed and the child
    re-parented, when the two line ranges are adjacent; the child absorbs the removed
    heading line (and its title if the child has none). Titles are never turned into flags.
    """
    if len(tree.nodes) < 2:
        return tree
    nodes = {n.node_id: n for n in tree.nodes}
    changed = _collapse_chains(tree, nodes)
    changed |= _merge_tiny_leaves(
        tree, nodes, ctx.options.optimize_min_tokens, ctx.options.split_max_tokens
    )
    if not changed:
        return tree
    root = nodes[tree.root.node_id]
    return rebuild([root, *(n for nid, n in nodes.items() if nid != root.node_id)])


def _adjacent(a: TreeNode, b: TreeNode) -> bool:
    """`b` starts on the line after `a` ends (or neither has lines: PDF/DOCX order)."""
    if a.line_end is None and b.line_start is None and a.line_start is None and b.line_end is None:
        return True
    if a.line_end is None or b.line_start is None:
        return False
    return b.line_start == a.line_end + 1


def _collapse_chains(tree: DocumentTree, nodes: dict[str, TreeNode]) -> bool:
    changed = False
    for orig in tree.nodes:
        node = nodes[orig.node_id]
        if node.parent is None or len(node.children) != 1 or node.content.strip():
            continue
        child = nodes[node.children[0]]
        if not _adjacent(node, child):
            continue
        parent = nodes[node.parent]
        heading = node.title.strip()
        if child.title.strip():
            title = child.title
            content = "\n".join(x for x in (heading, child.content) if x)
        else:
            title, content = node.title, child.content
        own_start = _min(node.own_start_page, child.own_start_page)
        # the removed node's text is its heading (or nothing), on its first page
        kept = heading if child.title.strip() else ""
        merged = join([_blank(node, kept), _paged(child)], "\n")
        update: dict[str, object] = {
            "parent": node.parent,
            "title": title,
            "content": content,
            "token_count": estimate_tokens(content)
            if content != child.content
            else child.token_count,
            "line_start": node.line_start if node.line_start is not None else child.line_start,
            "own_start_page": own_start,
            "start_page": _min(node.start_page, child.start_page),
            "page_breaks": _exact(merged, own_start, child.own_end_page),
        }
        nodes[child.node_id] = child.model_copy(update=update)
        nodes[parent.node_id] = parent.model_copy(
            update={
                "children": [child.node_id if c == node.node_id else c for c in parent.children]
            }
        )
        del nodes[node.node_id]
        changed = True
    return changed


def _paged(node: TreeNode) -> PagedText:
    return PagedText(node.content, node.own_start_page, node.own_end_page, node.page_breaks)


def _blank(node: TreeNode, text: str) -> PagedText:
    """A node without text of its own, shown as `text` (its heading, or ""), on its first
    page: pages up to its child's first are empty (they begin where the child's text does)."""
    return PagedText.heading(text, node.own_start_page)


def _exact(merged: PagedText, start: int | None, end: int | None) -> list[int]:
    """`merged.breaks` when they are known and cover exactly the pages `start..end`, else []."""
    return merged.breaks if merged.known and (merged.start, merged.end) == (start, end) else []


def _min(a: int | None, b: int | None) -> int | None:
    vals = [v for v in (a, b) if v is not None]
    return min(vals) if vals else None


def _merge_tiny_leaves(
    tree: DocumentTree, nodes: dict[str, TreeNode], min_tokens: int, max_tokens: int
) -> bool:
    changed = False
    for parent_id in [n.node_id for n in tree.nodes]:
        parent = nodes.get(parent_id)
        if parent is None or len(parent.children) < 2:
            continue
        keep: list[str] = []
        run: list[TreeNode] = []
        run_tokens = 0
        for cid in parent.children:
            child = nodes[cid]
            tiny = child.is_leaf and child.token_count < min_tokens
            if (
                tiny
                and run
                and _adjacent(run[-1], child)
                and run_tokens + child.token_count < max_tokens
            ):
                run.append(child)
                run_tokens += child.token_count
                continue
            keep.extend(_flush(run, nodes, len(parent.children)))
            run, run_tokens = ([child], child.token_count) if tiny else ([], 0)
            if not tiny:
                keep.append(cid)
        keep.extend(_flush(run, nodes, len(parent.children)))
        if len(keep) != len(parent.children):
            nodes[parent_id] = parent.model_copy(update={"children": keep})
            changed = True
    return changed


def _flush(run: list[TreeNode], nodes: dict[str, TreeNode], siblings: int) -> list[str]:
    """Merge a run of tiny leaves in `nodes`; return the ids that stay.

    A run that spans all `siblings` is left alone: merging it would only push the text one
    level down under a parent with a single child, and hide the titles an agent navigates by.
    """
    if len(run) == siblings:
        return [n.node_id for n in run]
    if len(run) > 1:
        merged = _merge(run)
        nodes[merged.node_id] = merged
        for other in run[1:]:
            del nodes[other.node_id]
    return [n.node_id for n in run[:1]]


def _merge(run: list[TreeNode]) -> TreeNode:
    first, last = run[0], run[-1]
    parts = [first.content] if first.content else []
    for node in run[1:]:
        text = "\n".join(x for x in (node.title.strip(), node.content) if x)
        if text:
            parts.append(text)
    content = "\n\n".join(parts)
    pieces = [_paged(first)]
    for node in run[1:]:
        pieces.append(
            join([PagedText.heading(node.title.strip(), node.own_start_page), _paged(node)], "\n")
        )
    merged = join(pieces, "\n\n")
    titles = [n.title.strip() for n in run if n.title.strip()]
    pages_start = [n.own_start_page for n in run if n.own_start_page is not None]
    pages_end = [n.own_end_page for n in run if n.own_end_page is not None]
    return first.model_copy(
        update={
            "title": TITLE_JOIN.join(dict.fromkeys(titles)),
            "content": content,
            "token_count": estimate_tokens(content),
            "line_end": last.line_end if last.line_end is not None else first.line_end,
            "own_start_page": min(pages_start) if pages_start else None,
            "own_end_page": max(pages_end) if pages_end else None,
            "page_breaks": _exact(
                merged,
                min(pages_start) if pages_start else None,
                max(pages_end) if pages_end else None,
            ),
            "start_page": min(pages_start) if pages_start else None,
            "end_page": max(pages_end) if pages_end else None,
            "end_page_label": last.end_page_label or first.end_page_label,
            "summary": "",
            "routing_keywords": [],
            "question_hints": [],
            "references": [],
        }
    )
