"""The MCP tools as plain functions over a `Library`: no SDK, no server state.

Every call names its document (doc_id, doc_id prefix or name) and node (id, title, or
title path "A > B"), so calls are independent and any number of clients can share one
server. Results are plain JSON data, bounded: lists are cut at a limit (with `total` or
`truncated` saying so), text comes in pages. A target that does not resolve raises
`NavigationError`, whose message the server returns as the tool error. `locate` (with its
guided variant) is in `locating`, `find` and `grep` in `searching`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

from pydantic import Field

from vectorless_assets.mcp_server.bounds import (
    CARD_SECTIONS,
    OVERVIEW_CHARS,
    PREVIEW_CHARS,
    Limit,
    clamp,
    shorten,
    window,
)
from vectorless_assets.mcp_server.library import Library
from vectorless_assets.mcp_server.params import Doc, Node, Offset, OptNode, bounded
from vectorless_assets.navigator import DocumentNavigator, NavigationError
from vectorless_assets.navigator.views import node_hints, node_ref, node_tags


def required(value: str | None, what: str) -> str:
    """`value` stripped; a missing or blank value is refused."""
    if value is None or not str(value).strip():
        raise NavigationError(f"name a {what}")
    return str(value).strip()


def doc_fields(nav: DocumentNavigator) -> dict[str, Any]:
    """Which document a result comes from."""
    return {"doc_id": nav.doc.doc_id, "doc_name": nav.doc.name}


def list_documents(
    lib: Library,
    query: Annotated[
        str | None, Field(description="optional: only documents whose card matches, best first")
    ] = None,
    offset: Offset = 0,
    limit: bounded(Limit.documents, "rows") = Limit.documents.default,
) -> dict[str, Any]:
    """The documents of the folder with their cards; with `query`, only matching ones, best first.
    While the folder is still being read, `indexing` says how far (the list is partial)."""
    catalog = lib.catalog()
    snap = catalog.snapshot()
    rows = [dict(c.row) for c in snap.cards.values()]
    if query and query.strip():
        scores = {r["doc_id"]: r["score"] for r in catalog.covers(query, k=len(snap.cards))}
        rows = sorted(
            (dict(r, score=scores[r["doc_id"]]) for r in rows if r["doc_id"] in scores),
            key=lambda r: -r["score"],
        )
    out = []
    for r in rows:
        out.append(
            {
                **{k: v for k, v in r.items() if k not in ("path", "overview", "sections")},
                "file": Path(r["path"]).name,
                "overview": shorten(r["overview"] or "", OVERVIEW_CHARS),
                "sections": r["sections"][:CARD_SECTIONS],
                "sections_total": len(r["sections"]),
                "question_hints": list(snap.cards[r["doc_id"]].hints)
                if r["doc_id"] in snap.cards
                else [],
            }
        )
    page = window(out, offset, clamp(limit, Limit.documents))
    rejected = [
        {"file": Path(x["path"]).name, "error": x["error"], "problem": x["problem"]}
        for x in snap.rejected
    ]
    busy = {"indexing": snap.progress()} if snap.progress() else {}
    return {
        "folder": str(lib.folder),
        **page,
        "documents": page.pop("items"),
        "rejected": rejected,
        **busy,
    }


def toc(
    lib: Library,
    doc: Doc,
    node: OptNode = None,
    max_depth: Annotated[int | None, Field(description="levels below the node", ge=0)] = None,
    offset: Offset = 0,
    limit: bounded(Limit.toc, "rows") = Limit.toc.default,
) -> dict[str, Any]:
    """The outline below a node (default: the whole document), one row per node, paged."""
    nav = lib.document(required(doc, "document"))
    top = nav.resolve(node.strip() if node and node.strip() else "/")
    rows = nav.toc(top.node_id, max_depth=max_depth)
    page = window(rows, offset, clamp(limit, Limit.toc))
    return {**doc_fields(nav), "top": node_ref(nav.doc, top), **page, "rows": page.pop("items")}


def open_node(
    lib: Library,
    doc: Doc,
    node: Node,
    max_children: bounded(Limit.children, "children listed") = Limit.children.default,
) -> dict[str, Any]:
    """A node's citation, summary, the start of its text, and its children (titles and
    descriptions)."""
    nav = lib.document(required(doc, "document"))
    n = nav.resolve(required(node, "node"))
    children = nav.ls(n.node_id)
    limit = clamp(max_children, Limit.children)
    return {
        **doc_fields(nav),
        **node_ref(nav.doc, n),
        "depth": n.depth,
        "is_leaf": n.is_leaf,
        "summary": n.summary,
        "tokens": n.token_count,
        "subtree_tokens": n.total_tokens or n.token_count,
        "text_chars": len(n.content),
        "preview": shorten(n.content, PREVIEW_CHARS),
        "hints": node_hints(nav.doc, n),
        "tags": node_tags(nav.doc, n),
        "children": children[:limit],
        "children_total": len(children),
    }


def read_text(
    lib: Library,
    doc: Doc,
    node: Node,
    offset: Annotated[
        int, Field(description="character offset (next_offset of the previous page)", ge=0)
    ] = 0,
    max_chars: bounded(Limit.page, "characters per page") = Limit.page.default,
    subtree: Annotated[bool, Field(description="read the node and everything below it")] = False,
) -> dict[str, Any]:
    """A page of a node's text (or of its whole subtree's); follow `next_offset` for the rest."""
    nav = lib.document(required(doc, "document"))
    return {
        **doc_fields(nav),
        **nav.read(
            required(node, "node"),
            offset=offset,
            max_chars=clamp(max_chars, Limit.page),
            subtree=subtree,
        ),
    }


def similar(
    lib: Library,
    doc: Doc,
    node: OptNode = None,
    limit: bounded(Limit.related, "rows") = Limit.related.default,
) -> dict[str, Any]:
    """Sections overlapping a node's content; without a node, the document's overlapping pairs."""
    nav, limit = lib.document(required(doc, "document")), clamp(limit, Limit.related)
    if not (node and node.strip()):
        return {**doc_fields(nav), **nav.overlaps(limit=limit)}
    n = nav.resolve(node.strip())
    rows = nav.similar(n.node_id)
    return {
        **doc_fields(nav),
        "node": node_ref(nav.doc, n),
        "similar": rows[:limit],
        "total": len(rows),
    }


def chains(
    lib: Library,
    doc: Doc,
    node: OptNode = None,
    limit: bounded(Limit.related, "chains") = Limit.related.default,
) -> dict[str, Any]:
    """Reference chains ("see Section 3.1") through a node, or all of the document's."""
    nav, limit = lib.document(required(doc, "document")), clamp(limit, Limit.related)
    n = nav.resolve(node.strip()) if node and node.strip() else None
    rows = nav.chains(n.node_id) if n else nav.chains(all_chains=True)
    return {
        **doc_fields(nav),
        "node": node_ref(nav.doc, n) if n else None,
        "chains": rows[:limit],
        "total": len(rows),
    }
