"""BuildPass: raw sections -> arena tree."""

from __future__ import annotations

import re
from typing import Any

from vectorless_assets.ir.pages import PagedText, join
from vectorless_assets.ir.raw import ParsedDocument, RawNode
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.plaintext import strip_front_matter
from vectorless_assets.passes.common.treeops import rebuild
from vectorless_assets.passes.context import PassContext
from vectorless_assets.text.llm_tokens import estimate_tokens

#: The root's raw node when no text precedes the first heading (read only, never changed).
_NO_PREAMBLE = RawNode(title="", level=0)
#: Markup that shows no text: HTML comments and tags (anchors such as `<a id="x"></a>`).
_MARKUP = re.compile(r"<!--.*?-->|<[A-Za-z/!][^>]*>", re.DOTALL)


def run(*, parsed: ParsedDocument, ctx: PassContext) -> DocumentTree:
    """Build the hierarchical tree from the flat raw sections.

    The root (depth 0) is the document itself. When one heading holds the whole document (the
    first heading is the only one at the shallowest level, and the text before it shows
    nothing: blank lines, front matter, HTML comments or anchors), that heading *is* the root:
    its title, text and pages, its line range extended back over those leading lines; there
    is no second node with the same title (`lone_top`). Otherwise (several top headings,
    visible text before the heading, no heading) the root is titled with the document title
    and owns any text before the first heading (raw level 0). Every other section's parent is the
    nearest
    open section of a lower heading level (h1 -> h3 gives depth 2). Node ids are preorder
    counters ("0001" is the root), `structure` the position path ("1.2.3"). Token counts are
    the node's own text; `total_tokens` the whole subtree. Line ranges are the raw nodes'
    own lines, so the tree covers the source exactly as the frontend did. Optional thinning
    (off by default) folds subtrees below `thinning_threshold` tokens into their root node,
    whose line range then extends over the folded lines (and its page breaks over the
    folded pages).
    """
    raw = list(parsed.raw_nodes)
    has_preamble = bool(raw) and raw[0].level <= 0
    root_raw = raw[0] if has_preamble else _NO_PREAMBLE
    sections = raw[1:] if has_preamble else raw
    root_title = parsed.title
    top = lone_top(root_raw if has_preamble else None, sections)
    if top is not None:
        root_raw, sections, root_title = top, sections[1:], top.title
    # raw nodes are in document order, which is the tree's preorder: index i -> node i
    items = [root_raw, *sections]
    parent = [-1] * len(items)
    depth = [0] * len(items)
    structure = [""] * len(items)
    children: list[list[int]] = [[] for _ in items]
    stack: list[tuple[int, int]] = [(0, 0)]  # (heading level, index)
    for i, r in enumerate(sections, start=1):
        level = max(1, r.level)
        while stack[-1][0] >= level:
            stack.pop()
        p = stack[-1][1]
        parent[i], depth[i] = p, depth[p] + 1
        children[p].append(i)
        pos = str(len(children[p]))
        structure[i] = f"{structure[p]}.{pos}" if structure[p] else pos
        stack.append((level, i))
    own = [r.token_count or estimate_tokens(r.content) for r in items]
    total = list(own)
    for i in range(len(items) - 1, 0, -1):  # children come after their parent
        total[parent[i]] += total[i]
    width = max(4, len(str(len(items))))
    ids = [f"{i:0{width}d}" for i in range(1, len(items) + 1)]
    # plain fields, validated in one call (a third cheaper than a model built per node)
    nodes = [
        _fields(
            r,
            node_id=ids[i],
            parent=ids[parent[i]] if parent[i] >= 0 else None,
            children=[ids[c] for c in children[i]],
            title=root_title if i == 0 else r.title,
            structure=structure[i],
            depth=depth[i],
            tokens=own[i],
            total=total[i],
        )
        for i, r in enumerate(items)
    ]
    tree = DocumentTree.model_validate({"nodes": nodes})
    if ctx.options.thinning:
        tree = _thin(tree, ctx.options.thinning_threshold)
    return tree


def lone_top(preamble: RawNode | None, sections: list[RawNode]) -> RawNode | None:
    """The root made of the document's lone top heading, or None when there is none.

    There is one when the first section is the only one at the shallowest heading level and
    `preamble` (the text before it) shows no text once front matter, HTML comments and tags
    are left out. The root owns the heading's title, text and pages; its line range starts
    at the preamble's first line, so every source line still lands in one node.
    """
    if not sections or (
        preamble is not None and _MARKUP.sub("", strip_front_matter(preamble.content)).strip()
    ):
        return None
    first = sections[0]
    if any(r.level <= first.level for r in sections[1:]):
        return None
    start = (
        preamble.line_start
        if preamble is not None and preamble.line_start is not None
        else first.line_start
    )
    return first.model_copy(update={"level": 0, "line_start": start})


def _fields(
    r: RawNode,
    *,
    node_id: str,
    parent: str | None,
    children: list[str],
    title: str,
    structure: str,
    depth: int,
    tokens: int,
    total: int,
) -> dict[str, Any]:
    """The `TreeNode` fields of raw node `r` at its place in the tree."""
    return {
        "node_id": node_id,
        "parent": parent,
        "children": children,
        "title": title,
        "structure": structure,
        "depth": depth,
        "content": r.content,
        "line_start": r.line_start,
        "line_end": r.line_end,
        "start_page": r.start_page,
        "end_page": r.end_page,
        "own_start_page": r.start_page,
        "own_end_page": r.end_page,
        "page_breaks": r.page_breaks,
        "start_page_label": r.start_page_label,
        "end_page_label": r.end_page_label,
        "token_count": tokens,
        "total_tokens": total,
    }


def _thin(tree: DocumentTree, threshold: int) -> DocumentTree:
    """Fold every non-root subtree whose total is below `threshold` tokens into its root node.

    The folded node's content is its own content followed by each descendant's title line
    and content (document order); its line range and own pages extend over the descendants',
    so line coverage is kept.
    """
    keep: list[TreeNode] = []
    dropped: set[str] = set()
    for node in tree.nodes:
        if node.node_id in dropped:
            continue
        if node.children and node.parent is not None and node.total_tokens < threshold:
            subtree = list(tree.preorder(node.node_id))
            parts = [paged(node)]
            for d in subtree[1:]:
                dropped.add(d.node_id)
                title = PagedText.heading(d.title, d.own_start_page)
                parts.append(join([title, paged(d)], "\n"))
            folded = join(parts, "\n")
            text = folded.text
            update = {"children": [], "content": text, "token_count": estimate_tokens(text)}
            ends = [d.line_end for d in subtree if d.line_end is not None]
            starts = [d.line_start for d in subtree if d.line_start is not None]
            if ends:
                update |= {"line_start": min(starts), "line_end": max(ends)}
            pages = [
                p for d in subtree for p in (d.own_start_page, d.own_end_page) if p is not None
            ]
            if pages:
                update |= {"own_start_page": min(pages), "own_end_page": max(pages)}
            exact = (folded.start, folded.end) == (
                update.get("own_start_page"),
                update.get("own_end_page"),
            )
            update["page_breaks"] = folded.breaks if exact and folded.known else []
            keep.append(node.model_copy(update=update))
        else:
            keep.append(
                node.model_copy(update={"children": [c for c in node.children if c not in dropped]})
            )
    return rebuild(keep)


def paged(node: TreeNode) -> PagedText:
    """A node's own text with its own pages and page breaks."""
    return PagedText(node.content, node.own_start_page, node.own_end_page, node.page_breaks)
