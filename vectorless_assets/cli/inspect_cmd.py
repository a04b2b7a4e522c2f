"""`vectorless inspect` and `vectorless verify`: read IR files without compiling."""

from __future__ import annotations

import argparse
from pathlib import Path

from vectorless_assets.cli.output import emit_json, error, one_line
from vectorless_assets.ir import IRIntegrityError, load_ir, toc_view
from vectorless_assets.ir.changes import KINDS
from vectorless_assets.ir.document import Document, dangling_node_ids


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("inspect", help="print an IR file's outline (node ids, pages/lines, tokens)")
    p.add_argument("ir", help="an IR file (<doc_id>.bin)")
    p.add_argument("--depth", type=int, default=None, help="only nodes up to this depth")
    p.add_argument("--json", action="store_true", help="print the whole IR as JSON")
    p.set_defaults(handler=cmd_inspect)
    v = sub.add_parser("verify", help="check IR files' integrity (exit 0 only if all are intact)")
    v.add_argument("ir", nargs="+", help="IR files")
    v.add_argument("--json", action="store_true", help="machine-readable result")
    v.set_defaults(handler=cmd_verify)


def cmd_inspect(args: argparse.Namespace) -> int:
    try:
        doc = load_ir(args.ir)
    except IRIntegrityError as exc:
        error(str(exc))
        return 1
    if args.json:
        emit_json(doc.model_dump(mode="json"))
        return 0
    pages = f", {doc.page_count} pages" if doc.page_count else ""
    # titles, names and messages come from the document: control characters (terminal escape
    # sequences) are printed escaped, one line per item, as toc/cat/ls do
    print(
        one_line(
            f"{doc.name}  ({doc.format}{pages}, {len(doc.tree.nodes)} nodes, mode "
            f"{doc.meta.mode if doc.meta else '?'})"
        )
    )
    print(one_line(f"doc_id {doc.doc_id}  key {doc.document_key}  source {doc.source_path}"))
    for line in history_lines(doc):
        print(one_line(line))
    for line in toc_view.lines(toc_view.entries(doc, max_depth=args.depth), tokens=True):
        print(one_line(line))
    for d in doc.diagnostics:
        if d.severity != "info":
            print(
                one_line(
                    f"{d.severity}: [{d.source}] {d.message}"
                    + (f" (node {d.node_id})" if d.node_id else "")
                )
            )
    return 0


def history_lines(doc: Document, shown: int = 20) -> list[str]:
    """When the IR was first and last compiled, what the last compile did and what it changed:
    the change set's summary, then up to `shown` nodes per kind (a first compile lists none:
    they are the outline below)."""
    meta = doc.meta
    if meta is None:
        return ["created_at ?  (no compile metadata)"]
    when = f"created_at {meta.created_at.isoformat()}  modified_at {meta.modified_at.isoformat()}"
    action = f"{meta.action} ({meta.action_reason})" if meta.action_reason else meta.action
    changes = meta.changes
    lines = [when, f"last compile: {action}: {changes.summary()}"]
    if changes.new_document:
        return lines
    for kind in KINDS:
        nodes = getattr(changes, kind)
        lines += [f"  {kind} {c.node_id} {c.title}" for c in nodes[:shown]]
        if len(nodes) > shown:
            lines.append(f"  ... {len(nodes) - shown} more {kind}")
    return lines


def cmd_verify(args: argparse.Namespace) -> int:
    results = []
    for path in args.ir:
        try:
            doc = load_ir(path)
            dangling = sorted(dangling_node_ids(doc))
            problem = (
                "the tree is empty (no nodes: nothing to navigate)"
                if not doc.tree.nodes
                else f"indexes point at missing nodes: {', '.join(dangling[:5])}"
                if dangling
                else ""
            )
            ok = not problem
            results.append(
                {
                    "path": str(Path(path)),
                    "ok": ok,
                    "doc_id": doc.doc_id,
                    "schema_version": doc.schema_version,
                    "old_schema": doc.is_old,
                    "problem": problem,
                }
            )
        except IRIntegrityError as exc:
            results.append(
                {
                    "path": str(Path(path)),
                    "ok": False,
                    "error": type(exc).__name__,
                    "problem": exc.problem,
                }
            )
    if args.json:
        emit_json(results)
    else:
        for r in results:
            status = "ok" if r["ok"] else "FAILED"
            extra = f": {r['problem']}" if r.get("problem") else ""
            old = " (old schema)" if r.get("old_schema") else ""
            print(one_line(f"{status}  {r['path']}{old}{extra}"))
    return 0 if all(r["ok"] for r in results) else 1
