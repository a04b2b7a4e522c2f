"""Materialization metadata worth looking at in the UI: size, depth, tokens, an outline.

Kept small on purpose: every entry is stored in the event log of every materialization.
"""

from __future__ import annotations

from typing import Any

import dagster as dg

from vectorless_assets.ir import toc_view
from vectorless_assets.ir.document import Diagnostic, Document
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.orchestration.base.keys import (
    CONTENT_FINGERPRINT,
    GRAPH_FINGERPRINT,
    IR_STAMP,
)
from vectorless_assets.pipeline.runner import errors_in

OUTLINE_LINES = 40


def tree_stats(tree: DocumentTree) -> dict[str, Any]:
    nodes = tree.nodes
    return {
        "nodes": len(nodes),
        "depth": tree.max_depth() if nodes else 0,
        "leaves": sum(1 for n in nodes if not n.children),
        "tokens": sum(n.token_count for n in nodes),
    }


def outline_markdown(doc: Document, limit: int = OUTLINE_LINES) -> str:
    """The first `limit` entries of the table of contents as a nested Markdown list
    (`ir.toc_view`)."""
    return toc_view.markdown(toc_view.entries(doc), max_lines=limit)


def for_field(name: str, value: Any) -> dict[str, Any]:
    """Metadata of one field's materialization."""
    if isinstance(value, DocumentTree):
        return tree_stats(value)
    if value is None:
        return {"absent": True}
    if isinstance(value, str):
        return {"chars": len(value)}
    if isinstance(value, list):
        meta: dict[str, Any] = {"items": len(value)}
        if value and isinstance(value[0], Diagnostic):
            meta["errors"] = len(errors_in(value))
            meta["warnings"] = sum(1 for d in value if d.severity == "warning")
        return meta
    raw_nodes = getattr(value, "raw_nodes", None)
    if raw_nodes is not None:
        return {
            "raw_sections": len(raw_nodes),
            "pages": value.page_count or 0,
            "lines": value.line_count or 0,
        }
    return {}


def for_document(
    doc: Document, ir_path: str, graph_fingerprint: str, ir_stamp: str | None = None
) -> dict[str, Any]:
    """Metadata of `document_ir`: the numbers, the outline, where the IR file is (and its stamp),
    what changed since the previous IR (`meta.changes`: a summary line, and per kind the first
    20 nodes as "<node_id> <title>")."""
    meta = doc.meta
    changes = meta.changes if meta else None
    kinds = ("modified", "added", "removed", "restructured")
    changed = {
        k: [f"{c.node_id} {c.title}" for c in getattr(changes, k)[:20]]
        for k in kinds
        if changes and getattr(changes, k)
    }
    return {
        **tree_stats(doc.tree),
        "pages": doc.page_count or 0,
        "name": doc.name,
        "format": doc.format,
        "doc_id": doc.doc_id,
        "mode": meta.mode if meta else "",
        "ir_path": dg.MetadataValue.path(ir_path),
        "outline": dg.MetadataValue.md(outline_markdown(doc)),
        "llm_calls": meta.llm_calls if meta else 0,
        "llm_tokens": meta.llm_tokens if meta else 0,
        "llm_cache_hits": meta.llm_cache_hits if meta else 0,
        "action": f"{meta.action} ({meta.action_reason})"
        if meta and meta.action_reason
        else (meta.action if meta else ""),
        "reused_nodes": meta.reused_nodes if meta else 0,
        "recomputed_nodes": meta.recomputed_nodes if meta else 0,
        "changes": changes.summary() if changes else "",
        "changed_nodes": dg.MetadataValue.json(changed),
        "llm_fallbacks": sum(1 for n in doc.tree.nodes if n.llm_fallback),
        "llm_failures": meta.llm_failures if meta else 0,
        "llm_retries": meta.llm_retries if meta else 0,
        "llm_skipped": meta.llm_skipped if meta else 0,
        CONTENT_FINGERPRINT: meta.content_fingerprint if meta else "",
        GRAPH_FINGERPRINT: graph_fingerprint,
        **({IR_STAMP: ir_stamp} if ir_stamp else {}),
    }
