"""Compute some fields of one document: the work of every compiling run, in or out of process.

A `DocumentTask` says what to compute for one partition (decided by `document_runs` from
the instance): the selected assets, the source bytes the plan was made from, and for the
batched path the data and code versions the instance holds (early cutoff). `compute`
runs it with nothing but files (the documents root, the field store, the IR folder), so a
worker process can run it (`pool`): the passes writing the selection run in table order
through the one pass runner, reading what they need from the field store
(`PassTable.plan`); each computed field is written to the field store and returned as a
`FieldRecord` (name, data version, metadata) for the parent to record
(`recorder.PartitionRecorder`); `document_ir` is assembled, unless verify found an error,
and its IR file written. An optional pass that fails is skipped (`pipeline.passfailure`):
its fields are not recorded (the step then fails naming it, so Dagster shows those
partitions failed), the other fields and the IR are.

Early cutoff (`cutoff`, the batched path): a selected pass runs when its code version
changed, it was never materialized, or one of its inputs got a new data version in this
compile; `document_ir` is re-assembled when one of its inputs changed or the graph
fingerprint it stores is not the current one. A plain run of selected assets (a partition
run, a backfill) computes every selected field: Dagster counts a targeted asset partition
that a successful run did not materialize as failed.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from vectorless_assets.ir.errors import CompileError, IRIntegrityError, IRWriteError
from vectorless_assets.ir.identity import doc_id_for
from vectorless_assets.ir.persist import load_ir_bytes
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR, SOURCE
from vectorless_assets.orchestration.batch import metadata
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome, FieldRecord
from vectorless_assets.orchestration.storage import serde
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.resources import IRStore
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.assemble import assemble_document
from vectorless_assets.pipeline.freshness import reuse_basis
from vectorless_assets.pipeline.incremental import Reuse, incremental_ready
from vectorless_assets.pipeline.runner import run_passes, verify_errors


@dataclass(frozen=True)
class DocumentTask:
    """What to compute for one partition (picklable: it may go to a worker process)."""

    partition_key: str
    document_key: str
    data: bytes
    path: str
    selection: frozenset[str]
    cutoff: bool = False
    #: data and code versions of the partition's assets in the instance (cutoff)
    versions: Mapping[str, str | None] = field(default_factory=dict)
    code: Mapping[str, str | None] = field(default_factory=dict)
    #: the graph fingerprint stored with the latest `document_ir`
    graph_fp: str | None = None
    #: reuse the previous IR's per-node results (not for forced recompiles)
    reuse_previous: bool = True


def attach_previous(
    ctx: PassContext, ir_store: IRStore, doc_key: str, graph: AssetGraph, *, reuse: bool = True
) -> None:
    """Hand the passes the document's previous IR: its creation time and the change set
    always (`ctx.previous`), and with `reuse` the per-node results of unchanged subtrees when
    `freshness.reuse_basis` allows it (`pipeline.incremental`; a forced recompile redoes all)."""
    location = ir_store.location(doc_id_for(doc_key))
    try:
        previous = load_ir_bytes(location.read_bytes(), location) if location.exists() else None
        ctx.previous = previous  # created_at and the change set (pipeline.assemble)
    except (OSError, IRIntegrityError):
        previous = None
    if not reuse:
        ctx.action, ctx.action_reason = "full", "forced"
        return
    meta = previous.meta if previous is not None else None
    basis = reuse_basis(
        meta is not None,
        meta.processing_version if meta else None,
        processing_version=graph.options.processing_version,
        incremental_ready=previous is not None and incremental_ready(previous),
    )
    ctx.action, ctx.action_reason = (
        basis.action,
        basis.reason if basis.action == "full" else "previous IR",
    )
    if basis.action == "incremental" and previous is not None:
        ctx.reuse = Reuse.from_previous(
            previous, graph.table, graph.table.code_versions(graph.options)
        )


def compute(
    task: DocumentTask, graph: AssetGraph, store: FieldStore, ir_store: IRStore, ctx: PassContext
) -> DocumentOutcome:
    """Run `task`; a `CompileError` fails the outcome (nothing raised), which keeps the fields
    computed before it for the caller to record."""
    t0 = time.perf_counter()
    out = DocumentOutcome(task.partition_key)
    try:
        _compute(task, graph, store, ir_store, ctx, out)
    except CompileError as exc:
        out.status, out.error, out.pass_name = "failed", exc.problem, exc.pass_name
    out.seconds = time.perf_counter() - t0
    return out


def _compute(
    task: DocumentTask,
    graph: AssetGraph,
    store: FieldStore,
    ir_store: IRStore,
    ctx: PassContext,
    out: DocumentOutcome,
) -> None:
    table, pk, key = graph.table, task.partition_key, task.document_key
    fields = task.selection - {DOCUMENT_IR}
    plan = table.plan(fields, assemble=DOCUMENT_IR in task.selection)
    code_versions, deps = graph.code_versions, graph.deps
    every = task.selection >= frozenset(graph.produced)
    state: dict[str, Any] = {SOURCE: SourceDocument(key=key, data=task.data, path=task.path)}
    dirty: set[str] = {SOURCE} if every else set()

    def load(names: Any) -> None:
        for name in names:
            if name in state or name == SOURCE:
                continue
            if store.exists(name, pk):
                state[name] = store.read(name, pk)
            elif name not in plan.optional:
                raise CompileError(
                    key,
                    (
                        f"upstream field {name!r} was never materialized; materialize it (or "
                        "the whole document) first"
                    ),
                )

    def wanted(spec: Any) -> bool:
        if spec.name not in plan.pass_names:
            return False
        if task.cutoff and not (
            every
            or dirty.intersection(spec.all_reads)
            or any(task.code.get(w) != code_versions[w] for w in spec.writes)
        ):
            return False
        load(spec.reads)
        load(n for n in spec.optional_reads if store.exists(n, pk))
        return True

    attach_previous(ctx, ir_store, key, graph, reuse=task.reuse_previous)
    started = datetime.now(UTC)
    for run in run_passes(state, ctx, key=key, table=table, select=wanted):
        if run.error is not None:  # skipped: no new value to record; its consumers re-run
            out.failed_passes[run.spec.name] = run.error
            dirty.update(run.spec.writes)
            continue
        for name, value in run.outputs.items():
            if name not in fields:
                continue
            version = serde.data_version(name, value)
            if version != task.versions.get(name):
                dirty.add(name)
            store.write(name, pk, value)
            out.records.append(FieldRecord(name, version, metadata.for_field(name, value)))
            if name in ("validation", "verification"):
                out.findings[name] = list(value or [])
    if DOCUMENT_IR not in task.selection:
        return
    if task.cutoff and not (
        every
        or dirty.intersection(deps[DOCUMENT_IR])
        or task.code.get(DOCUMENT_IR) != code_versions[DOCUMENT_IR]
        or task.graph_fp != graph.fingerprint
    ):
        return
    assembly = table.plan((), assemble=True)  # what the IR reads, whichever passes ran
    load(assembly.loads - assembly.optional)
    load(n for n in assembly.optional if store.exists(n, pk))
    errors = verify_errors(state)
    if errors:
        raise CompileError(
            key,
            "verify found errors; document_ir not written: "
            + "; ".join(d.message for d in errors[:3]),
            pass_name="verify",
        )
    doc = assemble_document(state, ctx, started=started, table=table)
    try:
        out.ir_path = ir_store.write(doc)
    except IRWriteError as exc:  # names the file and the IR folder, in one line
        raise CompileError(key, str(exc)) from exc
    store.write(DOCUMENT_IR, pk, doc)  # the value `load_asset_value` reads, beside the IR file
    stamp = ir_store.stamp(doc.doc_id)
    out.records.append(
        FieldRecord(
            DOCUMENT_IR,
            serde.data_version(DOCUMENT_IR, doc),
            metadata.for_document(doc, out.ir_path, graph.fingerprint, stamp),
        )
    )
