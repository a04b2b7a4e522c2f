"""EnrichPass: page ranges up, references resolved, node fingerprints, node ids kept from the
previous IR, document description, table of contents.

Its own modules: `references` (cross-references resolved to nodes),
`reference_scan` (the patterns that find them in a text), `links` (in-document Markdown
links) and `relative` ("the next section").
"""

from __future__ import annotations

from vectorless_assets.ir.raw import ParsedDocument
from vectorless_assets.ir.toc import TocEntry, table_of_contents
from vectorless_assets.ir.tree import DocumentTree, TreeNode
from vectorless_assets.passes.common.budget import truncate_tokens
from vectorless_assets.passes.common.fingerprints import with_fingerprints
from vectorless_assets.passes.common.node_ids import carry_ids
from vectorless_assets.passes.common.plaintext import clean
from vectorless_assets.passes.common.sentences import sentences
from vectorless_assets.passes.common.summarize import document_summary
from vectorless_assets.passes.context import PassContext
from vectorless_assets.passes.enrich.references import resolve_references
from vectorless_assets.text.llm_tokens import summary_tokens

__all__ = ["describe", "propagate_pages", "run"]

DESCRIPTION_MAX_TOKENS = 120


def run(
    *, tree: DocumentTree, parsed: ParsedDocument, summary: str, ctx: PassContext
) -> tuple[DocumentTree, str, list[TocEntry]]:
    """Page ranges propagated up, in-document references resolved, node fingerprints, the
    document description, the table of contents.

    `start_page`/`end_page` become subtree ranges (min start, max end over the node's own
    pages and its children's), with the matching page labels. References ("see Section
    2.1", "Chapter 3", "Appendix A", "Table 4", "Figure 2", "page 12", Markdown links to
    a heading's anchor, "the next section") are extracted from
    every node's text and resolved to node ids (see `passes.enrich.references`). The description
    is the front matter's description if any, else the document summary (its first two
    sentences when over 120 tokens), else one made from the root and top sections. The table
    of contents (`ir.toc`: every node's id, number, title, depth, subtree pages or lines and
    tokens, root first) is stored in the IR as `toc`. Every
    node gets its content and subtree fingerprints (`passes.common.fingerprints`), which
    incremental compilation matches old and new nodes by. With the document's previous IR
    (`ctx.previous`) the nodes keep their previous ids and new ones take fresh ids
    (`passes.common.node_ids.carry_ids`); without one the ids are the preorder counter.
    """
    tree = with_fingerprints(resolve_references(propagate_pages(tree)))
    tree = carry_ids(tree, ctx.previous)
    return tree, describe(tree, parsed, summary), table_of_contents(tree)


def propagate_pages(tree: DocumentTree) -> DocumentTree:
    """Copy with subtree page ranges and labels (children before parents, one pass)."""
    if not tree.nodes or not any(map(_has_pages, tree.nodes)):
        return tree  # no page anywhere (Markdown): every node would be kept as it is
    done: dict[str, TreeNode] = {}
    for node in reversed(list(tree.preorder())):
        own_start = (
            node.own_start_page
            if node.own_start_page is not None
            else (node.start_page if node.is_leaf else None)
        )
        own_end = (
            node.own_end_page
            if node.own_end_page is not None
            else (node.end_page if node.is_leaf else None)
        )
        start = (own_start, node.start_page_label) if own_start is not None else None
        end = (own_end, node.end_page_label) if own_end is not None else None
        for cid in node.children:
            child = done[cid]
            if child.start_page is not None and (start is None or child.start_page < start[0]):
                start = (child.start_page, child.start_page_label)
            if child.end_page is not None and (end is None or child.end_page > end[0]):
                end = (child.end_page, child.end_page_label)
        update = {
            "start_page": start[0] if start else None,
            "start_page_label": start[1] if start else None,
            "end_page": end[0] if end else None,
            "end_page_label": end[1] if end else None,
        }
        same = all(getattr(node, k) == v for k, v in update.items())
        done[node.node_id] = node if same else node.model_copy(update=update)
    return DocumentTree(nodes=[done[n.node_id] for n in tree.nodes])


def _has_pages(node: TreeNode) -> bool:
    """Whether `node` has any page field `propagate_pages` reads or writes."""
    return not (
        node.start_page is None
        and node.end_page is None
        and node.own_start_page is None
        and node.own_end_page is None
        and node.start_page_label is None
        and node.end_page_label is None
    )


def describe(tree: DocumentTree, parsed: ParsedDocument, summary: str) -> str:
    """One-paragraph description: front matter, else the summary, else root and top sections."""
    if parsed.description.strip():
        return clean(parsed.description)
    text = clean(summary) or document_summary(tree, DESCRIPTION_MAX_TOKENS * 2)
    if not text:
        return ""
    # (memoised: often the summary as enhance estimated it)
    if summary_tokens(text) <= DESCRIPTION_MAX_TOKENS:
        return text
    lead = " ".join(sentences(text)[:2]) or text
    return truncate_tokens(lead, DESCRIPTION_MAX_TOKENS)
