"""Compute the selected fields of one document: shared by the compile asset and batch runs.

`compute_document` runs the passes writing the selected fields in table order
(through the one pass runner, `pipeline.runner.run_passes`, which skips passes the mode
does not run). Fields they
read that are not computed here come from the JSON field store (what the previous
materialization wrote); stored values computed with other compile options (another mode)
are refused, so an IR never mixes modes. `document_ir` is assembled (and its IR file
written) only when selected and verify found no error.

The runner's `CompileError` becomes a `dg.Failure` naming the document and the pass. Each
document gets its own pass context (LLM usage is counted per document).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import dagster as dg

from vectorless_assets.context import PassContext
from vectorless_assets.errors import CompileError
from vectorless_assets.ir.document import Document
from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.ir.identity import content_fingerprint, doc_id_for
from vectorless_assets.ir.persist import load_ir_bytes
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.assets.partitions import document_key_for
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR, SOURCE
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore
from vectorless_assets.pipeline.assemble import assemble_document
from vectorless_assets.pipeline.incremental import Reuse, incremental_ready
from vectorless_assets.pipeline.runner import run_passes


@dataclass
class Computed:
    """The values of one document's selected fields (`state`), its IR if assembled."""

    state: dict[str, Any]
    selected: set[str]
    verify_failed: bool
    produced: tuple[str, ...] = ()
    doc: Document | None = None
    ir_path: str | None = None
    ir_stamp: str | None = None
    loaded: set[str] = field(default_factory=set)

    def field_values(self) -> list[tuple[str, Any]]:
        """The selected fields (not `document_ir`) in production order."""
        return [(n, self.state[n]) for n in self.produced if n in self.selected and n != DOCUMENT_IR]


def fail(key: str, message: str, pass_name: str | None = None) -> dg.Failure:
    """The one-line failure of a document's step (`CompileError`'s wording)."""
    where = f" [{pass_name}]" if pass_name else ""
    return dg.Failure(description=f"{key}{where}: {message}", metadata={"document": key, "pass": pass_name or "", "problem": message}, allow_retries=False)


def _load_upstream(store: FieldStore, partition_key: str, doc_key: str, names: set[str], optional: frozenset[str]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for name in sorted(names):
        if store.exists(name, partition_key):
            state[name] = store.read(name, partition_key)
        elif name not in optional:
            raise fail(doc_key, f"upstream field {name!r} was never materialized; materialize it (or the whole document) first")
    return state


def _check_same_options(instance: dg.DagsterInstance, partition_key: str, doc_key: str, names: set[str], graph: AssetGraph) -> None:
    """Refuse to combine stored fields computed with other compile options (another mode).

    Only the fingerprint half of a field's code version (the options its pass reads, whether
    it runs in the mode, ...) is compared: an upstream field with an older pass version is
    merely stale, one computed under other options would mix configurations in the IR.
    """
    for name in sorted(names):
        version = records.code_version_of(records.latest(instance, name, partition_key)) or ""
        current = graph.code_versions.get(name, "")
        if version and current and version.rsplit(":", 1)[-1] != current.rsplit(":", 1)[-1]:
            raise fail(doc_key, f"stored field {name!r} was computed with other compile options (another mode?); materialize it in this run too")


def attach_previous(ctx: PassContext, ir_store: IRStore, doc_key: str, graph: AssetGraph) -> None:
    """Let the passes reuse the partition's previous IR (`pipeline.incremental`): per-node
    enhance results of unchanged subtrees. A missing, damaged or pre-incremental IR, or a
    changed processing version, means a full compile of the selected assets."""
    location = ir_store.location(doc_id_for(doc_key))
    try:
        previous = load_ir_bytes(location.read_bytes(), location) if location.exists() else None
        ctx.previous = previous  # created_at and the change set (pipeline.assemble)
    except (OSError, IRIntegrityError):
        previous = None
    if previous is None or previous.meta is None or previous.meta.processing_version != graph.options.processing_version:
        ctx.action, ctx.action_reason = "full", "no usable previous IR"
        return
    if not incremental_ready(previous):
        ctx.action, ctx.action_reason = "full", "the previous IR predates incremental compilation"
        return
    ctx.reuse = Reuse.from_previous(previous, graph.table, graph.table.code_versions(graph.options))
    ctx.action, ctx.action_reason = "incremental", "previous IR"


def _check_same_source(instance: dg.DagsterInstance, partition_key: str, doc_key: str, data: bytes) -> None:
    """A subset run that reuses stored fields must assemble them with the bytes they were
    computed from: if the source changed after the run was planned (an edit between the plan
    and the run), the IR would be labelled with the new content but built from the old. The
    stored fields come from the last compile that wrote `document_ir`, whose content
    fingerprint is recorded; another fingerprint fails the step, and the next plan sees
    `source changed` and compiles everything."""
    stored = records.stored_ir(instance, partition_key)
    if stored is not None and stored.content_fingerprint and stored.content_fingerprint != content_fingerprint(data):
        raise fail(doc_key, "the source changed after this run was planned (the stored fields were computed from other bytes); compile the document again")


def compute_document(
    *,
    instance: dg.DagsterInstance,
    partition_key: str,
    selected: set[str],
    graph: AssetGraph,
    store: FieldStore,
    documents: DocumentsRoot,
    ir_store: IRStore,
    ctx: PassContext,
) -> Computed:
    """Run the passes for `selected` on one partition; write the IR file if `document_ir` is selected."""
    doc_key = document_key_for(partition_key)
    table = graph.table
    to_run = [p for p in table.passes if selected.intersection(p.writes)]
    written = {w for p in to_run for w in p.writes}
    needed = {r for p in to_run for r in p.all_reads}
    if DOCUMENT_IR in selected:
        needed |= set(graph.assembly_reads)
    loaded = needed - written - {SOURCE}
    state = _load_upstream(store, partition_key, doc_key, loaded, graph.optional_reads)
    _check_same_options(instance, partition_key, doc_key, set(state), graph)
    if SOURCE in needed:
        try:
            data = documents.read(doc_key)
        except (OSError, ValueError) as exc:
            raise fail(doc_key, f"cannot read source: {getattr(exc, 'strerror', None) or exc}") from exc
        state[SOURCE] = SourceDocument(key=doc_key, data=data, path=str(documents.location(doc_key)))
        if loaded and not any(SOURCE in p.all_reads for p in to_run):
            _check_same_source(instance, partition_key, doc_key, data)
    attach_previous(ctx, ir_store, doc_key, graph)
    started = datetime.now(UTC)
    chosen = {p.name for p in to_run}
    try:
        for _ in run_passes(state, ctx, key=doc_key, table=table, select=lambda p: p.name in chosen):
            pass
    except CompileError as exc:
        raise fail(doc_key, exc.problem, exc.pass_name) from exc
    verify_failed = any(d.severity == "error" for d in state.get("verification", []))
    out = Computed(state=state, selected=set(selected), verify_failed=verify_failed, produced=graph.produced, loaded=set(loaded))
    if DOCUMENT_IR in selected and not verify_failed:
        out.doc = assemble_document(state, ctx, started=started, table=table)
        out.ir_path = ir_store.write(out.doc)
        out.ir_stamp = ir_store.stamp(out.doc.doc_id)
    return out
