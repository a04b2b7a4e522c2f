"""Plain, JSON-serialisable views of tree nodes, shared by every navigator verb.

Everything an agent gets back from the navigator is built here from dicts, lists, strings,
numbers and None, so it can be sent to an LLM as JSON unchanged. A node reference always
carries what a citation needs: the node id, its title path and its page or line range.
"""

from __future__ import annotations

from typing import Any

from vectorless_assets.ir.document import Document
from vectorless_assets.ir.toc_view import span
from vectorless_assets.ir.tree import TreeNode

#: What a navigator verb's target names: a node id, a title, a title path, a 1-based child
#: index, `..`, `/` or `.`; None is the cursor's node (`DocumentNavigator.resolve`).
Target = str | int | None
#: Description of a child without a summary: the first characters of its content.
DESCRIPTION_CHARS = 100


#: Characters of a title in a listing or a reference: a longer "heading" is a paragraph taken for
#: one, and its whole text is read with `read` (`short_title`).
TITLE_CHARS = 300


#: Longest question `locate` (and a catalog's ranking) takes: a question, not a document.
MAX_QUERY_CHARS = 2000


class NavigationError(LookupError):
    """A navigator target (node id, title, index, `..`) that does not resolve."""


def checked_query(query: str) -> str:
    """`query`, refused (`NavigationError`) when longer than `MAX_QUERY_CHARS`: ranking costs
    grow with the question's terms, and a 1 MB question kept a server busy for a minute."""
    if len(query) > MAX_QUERY_CHARS:
        raise NavigationError(
            f"question too long ({len(query):,} characters; at most {MAX_QUERY_CHARS:,})"
        )
    return query


def short_title(title: str) -> str:
    """`title` cut to `TITLE_CHARS` characters, marked with "…" when cut."""
    return title if len(title) <= TITLE_CHARS else title[:TITLE_CHARS].rstrip() + "…"


def node_span(doc: Document, node: TreeNode) -> dict[str, int | None]:
    """Page range (whole subtree) and line range (whole subtree) of `node`, for citations."""
    line_start, line_end = doc.tree.span_lines(node.node_id)
    return {
        "start_page": node.start_page,
        "end_page": node.end_page,
        "line_start": line_start,
        "line_end": line_end,
    }


def node_brief(node: TreeNode) -> dict[str, Any]:
    """Id, title and own page/line range of a node: a row of a listing."""
    return {
        "node_id": node.node_id,
        "title": node.title,
        "start_page": node.start_page,
        "end_page": node.end_page,
        "line_start": node.line_start,
        "line_end": node.line_end,
    }


def page_count(node: TreeNode) -> int | None:
    """Number of pages the node's subtree spans (None for sources without pages)."""
    if node.start_page is None or node.end_page is None:
        return None
    return node.end_page - node.start_page + 1


def title_path(doc: Document, node: TreeNode) -> list[str]:
    """Titles from the top-level section down to `node` (the synthetic root left out)."""
    chain = [*doc.tree.ancestors(node.node_id), node]
    return [n.title for n in chain if n.parent is not None or len(chain) == 1]


def node_ref(doc: Document, node: TreeNode) -> dict[str, Any]:
    """The citation of a node: id, title, structure number, title path and its ranges."""
    return {
        "node_id": node.node_id,
        "title": node.title,
        "structure": node.structure,
        "path": title_path(doc, node),
        **node_span(doc, node),
    }


def span_text(ref: dict[str, Any], *, whole: str = "") -> str:
    """A citation's range as text ("p. 3", "pp. 3-5", "lines 4-9": `ir.toc_view.span`), else
    `whole`."""
    where = span(
        ref.get("start_page"), ref.get("end_page"), ref.get("line_start"), ref.get("line_end")
    )
    return where or whole


def describe(node: TreeNode, chars: int = DESCRIPTION_CHARS) -> str:
    """Summary, else the first `chars` characters of the content, else the title."""
    if node.summary.strip():
        return node.summary.strip()
    text = " ".join(node.content.split())
    if text:
        return text if len(text) <= chars else text[:chars].rstrip() + "…"
    return node.title


def node_hints(doc: Document, node: TreeNode) -> list[str]:
    """Question hints of a node: its own, else those of its navigation entry."""
    if node.question_hints:
        return list(node.question_hints)
    entry = doc.nav_index.entries.get(node.node_id)
    return list(entry.question_hints) if entry else []


def node_tags(doc: Document, node: TreeNode) -> list[str]:
    """Topic tags of a node: its routing keywords, else its navigation entry's tags."""
    if node.routing_keywords:
        return list(node.routing_keywords)
    entry = doc.nav_index.entries.get(node.node_id)
    return list(entry.topic_tags) if entry else []


def child_listing(doc: Document, parent: TreeNode) -> list[dict[str, Any]]:
    """`ls` rows for the children of `parent`, from the child routes when compiled.

    Without a navigation index (or for a parent it does not cover) the rows are derived
    from the tree, so every IR, whatever its mode, can be listed.
    """
    routes = {r.node_id: r for r in doc.nav_index.child_routes.get(parent.node_id, [])}
    rows: list[dict[str, Any]] = []
    for i, child in enumerate(doc.tree.children_of(parent.node_id), start=1):
        route = routes.get(child.node_id)
        entry = doc.nav_index.entries.get(child.node_id)
        description = route.description if route and route.description != child.title else ""
        if not description and entry and entry.overview and not child.summary:
            description = entry.overview
        rows.append(
            {
                "index": i,
                **node_ref(doc, child),
                "description": description or describe(child),
                "leaf_count": route.leaf_count
                if route and route.leaf_count
                else doc.tree.leaf_count(child.node_id),
                "is_leaf": child.is_leaf,
                "hints": node_hints(doc, child),
                "tags": node_tags(doc, child),
                "tokens": child.total_tokens or child.token_count,
            }
        )
    return rows
