"""SplitPass: oversized leaves -> children at natural split points.

Its own module: `chunking` (the split points of an oversized text).
"""

from __future__ import annotations

from vectorless_assets.ir.pages import PagedText, locate_pieces, slices
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.treeops import rebuild
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.split.chunking import Chunk, chunk_text
from vectorless_assets.text.llm_tokens import estimate_tokens


def run(*, tree: DocumentTree, ctx: PassContext) -> DocumentTree:
    """Split every node whose own text is over `split_max_tokens` (4000) into children.

    Split points: headings inside the text first, then blank lines once a chunk reaches half
    the limit, then a line break near the limit; a single line over the limit is cut inside
    (its pieces share that source line). The node keeps its title and its heading line(s)
    and its own body becomes empty; each child owns exactly the source lines of its
    text, so every line stays in exactly one node. A child is titled by the heading it
    starts with, else "<parent title> (part N)"; titles are never flags. A branch whose own
    text (before its first subsection) is oversized gets the chunks as its first children,
    in document order before its subsections. A PDF part's own pages are those its text
    lies on (from the node's page breaks: consecutive parts share a page where a page does
    not break between them); without breaks every part has the node's own pages.
    """
    limit = max(1, ctx.options.split_max_tokens)
    oversized = [n for n in tree.nodes if n.token_count > limit]
    if not oversized:
        return tree
    big = {n.node_id for n in oversized}
    out: list[TreeNode] = []
    for node in tree.nodes:
        if node.node_id not in big:
            out.append(node)
            continue
        chunks = chunk_text(node.content, limit)
        if len(chunks) < 2:
            out.append(node)
            continue
        kept, ranges = line_ranges(node, chunks)
        children = _children(node, chunks, ranges, part_pages(node, chunks))
        out.append(
            node.model_copy(
                update={
                    "content": "",
                    "token_count": 0,
                    "page_breaks": _kept_breaks(node),
                    "children": [*(c.node_id for c in children), *node.children],
                    "line_start": kept[0],
                    "line_end": kept[1],
                    "summary": "",
                }
            )
        )
        out.extend(children)
    return rebuild(out)


def part_pages(node: TreeNode, chunks: list[Chunk]) -> list[PagedText]:
    """Each chunk's own pages and page breaks, from the node's breaks in the chunk's slice
    of its text; the node's whole own range for every chunk when its breaks are unknown."""
    spans = locate_pieces(node.content, [c.text for c in chunks])
    found = None
    if spans is not None:
        found = slices(node.own_start_page, node.own_end_page, node.page_breaks, spans)
    if found is None:
        whole = PagedText("", node.own_start_page, node.own_end_page, [])
        return [whole] * len(chunks)
    return found


def _kept_breaks(node: TreeNode) -> list[int]:
    """The split node's breaks once its text is gone: its own range is kept (all its pages
    then begin at offset 0), breaks only when they were known."""
    start, end = node.own_start_page, node.own_end_page
    if start is None or end is None or len(node.page_breaks) != end - start:
        return []
    return [0] * (end - start)


def page_label(node: TreeNode, page: int | None) -> str | None:
    """The printed label of one of `node`'s own pages: its first or last page's label, or
    counted on from them when both are numbers that advance with the pages."""
    start, end = node.own_start_page, node.own_end_page
    first, last = node.start_page_label, node.end_page_label
    if page is None or start is None or end is None:
        return None
    if page == start:
        return first
    if page == end:
        return last
    if (
        first
        and last
        and first.isdigit()
        and last.isdigit()
        and int(last) - int(first) == end - start
    ):
        return str(int(first) + page - start)
    return None


def _children(
    node: TreeNode,
    chunks: list[Chunk],
    ranges: list[tuple[int | None, int | None]],
    pages: list[PagedText],
) -> list[TreeNode]:
    title = node.title.strip()
    out: list[TreeNode] = []
    for i, (chunk, (start, end), paged) in enumerate(
        zip(chunks, ranges, pages, strict=True), start=1
    ):
        child_title = chunk.heading or (f"{title} (part {i})" if title else f"Part {i}")
        out.append(
            TreeNode(
                node_id=f"{node.node_id}.split{i}",
                parent=node.node_id,
                title=child_title,
                content=chunk.text,
                line_start=start,
                line_end=end,
                start_page=paged.start,
                end_page=paged.end,
                own_start_page=paged.start,
                own_end_page=paged.end,
                page_breaks=paged.breaks,
                start_page_label=page_label(node, paged.start),
                end_page_label=page_label(node, paged.end),
                token_count=estimate_tokens(chunk.text),
            )
        )
    return out


Range = tuple[int | None, int | None]


def line_ranges(node: TreeNode, chunks: list[Chunk]) -> tuple[Range, list[Range]]:
    """The lines the split node keeps, and the consecutive line ranges of its chunks.

    Frontends give a node's `content` as the exact text of the last lines of its range
    (the lines before it are the heading). When the content fits after the heading line
    (the root has none), content line k is source line `line_end - n_content + 1 + k`: each
    child owns exactly the lines of its text and the node keeps the lines before the
    content (its heading, a setext underline). Otherwise (a frontend that reflowed the
    text) content lines map proportionally onto the body and the node keeps its heading
    line. Pieces of one cut line share that line. Every line stays owned exactly once.
    """
    start, end = node.line_start, node.line_end
    if start is None or end is None:
        return (start, end), [(None, None)] * len(chunks)
    heading = node.parent is not None
    n_content = chunks[-1].last + 1
    first_content = end - n_content + 1
    if first_content > (start if heading else start - 1):
        kept: Range = (start, first_content - 1) if first_content > start else (None, None)

        def at(k: int) -> int:
            return first_content + k

        body_start = first_content
    else:
        body_start = start + (1 if heading else 0)
        kept = (start, start) if heading else (None, None)
        if body_start > end:  # no body lines at all: the chunks share the last line
            return (start, end), [(end, end)] * len(chunks)
        n_body = end - body_start + 1

        def at(k: int) -> int:
            return body_start + (k * n_body) // n_content

    starts = [body_start]
    for prev, chunk in zip(chunks, chunks[1:], strict=False):
        if chunk.first == prev.last:  # pieces of one long line share it
            starts.append(max(starts[-1], at(chunk.first)))
        else:
            starts.append(min(end, max(at(chunk.first), starts[-1] + 1)))
    ranges: list[Range] = []
    for i, first in enumerate(starts):
        if i + 1 == len(starts):
            last = end
        elif chunks[i + 1].first == chunks[i].last or starts[i + 1] == first:
            last = starts[i + 1]
        else:
            last = starts[i + 1] - 1
        ranges.append((first, max(first, last)))
    return kept, ranges
