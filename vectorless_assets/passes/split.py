"""SplitPass: oversized leaves -> children at natural split points."""

from __future__ import annotations

from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.chunking import Chunk, chunk_text
from vectorless_assets.passes.env import PassEnv
from vectorless_assets.passes.treeops import rebuild
from vectorless_assets.textutil import estimate_tokens


def run(*, tree_built: DocumentTree, env: PassEnv) -> DocumentTree:
    """Split every leaf over `split_max_tokens` (4000) into children at natural split points.

    Split points: headings inside the text first, then blank lines once a chunk reaches half
    the limit, then a line break near the limit; a single line over the limit is cut inside
    (its pieces share that source line). The leaf keeps its title and its heading line and
    becomes a branch with an empty body; each child owns a consecutive run of the body's
    lines, so every source line stays in exactly one node. A child is titled by the heading
    it starts with, else "<parent title> (part N)"; titles are never flags.
    """
    limit = max(1, env.options.split_max_tokens)
    oversized = [n for n in tree_built.nodes if not n.children and n.token_count > limit]
    if not oversized:
        return tree_built
    big = {n.node_id for n in oversized}
    out: list[TreeNode] = []
    for node in tree_built.nodes:
        if node.node_id not in big:
            out.append(node)
            continue
        children = _children(node, chunk_text(node.content, limit))
        if len(children) < 2:
            out.append(node)
            continue
        out.append(
            node.model_copy(
                update={
                    "content": "",
                    "token_count": 0,
                    "children": [c.node_id for c in children],
                    "line_start": _heading_line(node),
                    "line_end": _heading_line(node),
                    "summary": "",
                }
            )
        )
        out.extend(children)
    return rebuild(out)


def _heading_line(node: TreeNode) -> int | None:
    """The line the node keeps after splitting: its heading line (the root has none)."""
    if node.parent is None or node.line_start is None:
        return None
    return node.line_start


def _children(node: TreeNode, chunks: list[Chunk]) -> list[TreeNode]:
    ranges = _line_ranges(node, chunks)
    title = node.title.strip()
    out: list[TreeNode] = []
    for i, (chunk, (start, end)) in enumerate(zip(chunks, ranges, strict=True), start=1):
        child_title = chunk.heading or (f"{title} (part {i})" if title else f"Part {i}")
        out.append(
            TreeNode(
                node_id=f"{node.node_id}.split{i}",
                parent=node.node_id,
                title=child_title,
                content=chunk.text,
                line_start=start,
                line_end=end,
                start_page=node.own_start_page,
                end_page=node.own_end_page,
                own_start_page=node.own_start_page,
                own_end_page=node.own_end_page,
                start_page_label=node.start_page_label,
                end_page_label=node.end_page_label,
                token_count=estimate_tokens(chunk.text),
            )
        )
    return out


def _line_ranges(node: TreeNode, chunks: list[Chunk]) -> list[tuple[int | None, int | None]]:
    """Source line ranges of the chunks: consecutive, covering the node's body exactly.

    The body is the node's lines after its heading line (all of them for the root). When
    the body has at least as many lines as the content, content line k sits at body line
    k + lead, where lead is 1 if the body has spare lines (the blank line frontends strip
    after a heading), else 0; otherwise content lines map proportionally. The first chunk
    starts at the body's first line and the last ends at its last line, so blank lines the
    frontend trimmed stay owned.
    """
    if node.line_start is None or node.line_end is None:
        return [(None, None)] * len(chunks)
    body_start = node.line_start + (0 if _heading_line(node) is None else 1)
    body_end = node.line_end
    if body_end < body_start:  # no body lines: every chunk shares the heading line
        return [(node.line_start, node.line_end)] * len(chunks)
    n_body = body_end - body_start + 1
    n_content = chunks[-1].last + 1
    lead = (1 if n_body > n_content else 0) if n_body >= n_content else None

    def at(k: int) -> int:
        if lead is not None:
            return min(body_end, body_start + k + lead)
        return body_start + (k * n_body) // n_content

    starts = [body_start]
    for prev, chunk in zip(chunks, chunks[1:], strict=False):
        if chunk.first == prev.last:  # pieces of one long line share it
            starts.append(starts[-1] if at(chunk.first) <= starts[-1] else at(chunk.first))
        else:
            starts.append(min(body_end, max(at(chunk.first), starts[-1] + 1)))
    ranges: list[tuple[int | None, int | None]] = []
    for i, start in enumerate(starts):
        if i + 1 == len(starts):
            end = body_end
        elif chunks[i + 1].first == chunks[i].last or starts[i + 1] == start:
            end = starts[i + 1]
        else:
            end = starts[i + 1] - 1
        ranges.append((start, max(start, end)))
    return ranges
