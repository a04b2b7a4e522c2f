"""The `evidence` tool: citations for what an agent read, without server-side state.

The agent passes back the (document, node) pairs it relied on; each comes back as a
citation (document, node id, title path, pages or lines, and a one-line form to quote)
with an excerpt of the node's text. The server keeps no record of what was read.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import Field

from vectorless_assets.mcp_server.bounds import Limit, clamp, shorten
from vectorless_assets.mcp_server.library import Library
from vectorless_assets.mcp_server.params import EvidenceItem, bounded
from vectorless_assets.navigator import NavigationError
from vectorless_assets.navigator.views import node_ref, span_text


def evidence(
    lib: Library,
    items: Annotated[
        list[EvidenceItem],
        Field(description=f"the sections relied on (at most {Limit.refs.high})"),
    ],
    excerpt_chars: bounded(Limit.excerpt, "characters of text per item") = Limit.excerpt.default,
) -> dict[str, Any]:
    """Citations for the given (doc, node) pairs (`EvidenceItem`s or `{doc, node}` dicts), in
    the order given, duplicates dropped."""
    pairs = [i.model_dump() if isinstance(i, EvidenceItem) else i for i in items]
    if not items:
        raise NavigationError("pass the sections you relied on: a list of {doc, node}")
    if len(items) > Limit.refs.high:
        raise NavigationError(f"at most {Limit.refs.high} items per call (got {len(items)})")
    chars = clamp(excerpt_chars, Limit.excerpt)
    out: list[dict[str, Any]] = []
    seen: set[tuple[str, str]] = set()
    for i, item in enumerate(pairs, start=1):
        doc, node = str(item.get("doc") or "").strip(), str(item.get("node") or "").strip()
        try:
            if not doc or not node:
                raise NavigationError("each item needs doc and node")
            nav = lib.document(doc)
            n = nav.resolve(node)
        except NavigationError as exc:
            raise NavigationError(f"item {i} ({doc or '?'} / {node or '?'}): {exc}") from None
        if (nav.doc.doc_id, n.node_id) in seen:
            continue
        seen.add((nav.doc.doc_id, n.node_id))
        ref = node_ref(nav.doc, n)
        where = span_text(ref, whole="whole document")
        out.append(
            {
                "doc_id": nav.doc.doc_id,
                "doc_name": nav.doc.name,
                "source_path": nav.doc.source_path,
                **ref,
                "citation": f"{nav.doc.name}, {' > '.join(ref['path'])} "
                f"({where}; node {n.node_id})",
                "excerpt": shorten(" ".join(n.content.split()), chars) if chars else "",
            }
        )
    return {"count": len(out), "items": out}
