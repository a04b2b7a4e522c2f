"""One chunk of a batched recompile: the documents of a `recompile_chunk` step in turn.

`recompile_document` is the per-document logic `jobs/recompile.py` describes (observation,
plan, passes with early cutoff, provenance tags); `compile_chunk` runs it for each document
of a chunk under that document's lock and in one event-log transaction, never letting one
document stop the others, and fails the step at the end listing the failed ones.
"""

from datetime import UTC, datetime
from typing import Any

import dagster as dg

from vectorless_assets.context import PassContext
from vectorless_assets.errors import CompileError
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.orchestration.assets import metadata
from vectorless_assets.orchestration.assets.compute import attach_previous
from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.assets.partitions import document_key_for, key_to_doc_id
from vectorless_assets.orchestration.assets.plan import plan_document
from vectorless_assets.orchestration.base.keys import (
    CODE_VERSION_TAG,
    DATA_VERSION_TAG,
    DOCUMENT_IR,
    GRAPH_FINGERPRINT,
    INPUT_DATA_VERSION_TAG,
    INPUT_EVENT_POINTER_TAG,
    SOURCE,
    USER_PROVIDED_TAG,
)
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.storage import serde
from vectorless_assets.orchestration.storage.event_log import document_transaction, stored_event_id
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.locks import file_lock
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore
from vectorless_assets.pipeline.assemble import assemble_document
from vectorless_assets.pipeline.runner import run_passes


def _record_version(record: dg.EventLogRecord | None) -> str | None:
    if record is None:
        return None
    event = record.asset_materialization or record.asset_observation
    return event.tags.get(DATA_VERSION_TAG) if event is not None and event.tags else None


class _Document:
    """Compile state of one partition inside a batch run."""

    def __init__(self, instance: dg.DagsterInstance, pk: str) -> None:
        self.instance, self.pk = instance, pk
        self.versions: dict[str, str | None] = {}
        self.pointers: dict[str, int | None] = {}
        self.code: dict[str, str | None] = {}
        self.graph_fp: str | None = None  # stored with the latest document_ir

    def remember(self, name: str) -> None:
        """Latest data version, storage id and code version of `name` for this partition."""
        record = self.instance.get_latest_data_version_record(dg.AssetKey(name), name == SOURCE, self.pk)
        self.versions[name] = _record_version(record)
        self.pointers[name] = record.storage_id if record else None
        mat = record.asset_materialization if record else None
        self.code[name] = mat.tags.get(CODE_VERSION_TAG) if mat is not None and mat.tags else None
        if name == DOCUMENT_IR and mat is not None and GRAPH_FINGERPRINT in mat.metadata:
            self.graph_fp = str(mat.metadata[GRAPH_FINGERPRINT].value)

    def stored(self, name: str, data_version: str, code_version: str | None = None) -> None:
        """After `name`'s event was yielded (and stored): its data version, code version and
        storage id, from the event log's document transaction when it can tell, else looked up."""
        storage_id = stored_event_id(self.instance, dg.AssetKey(name), self.pk)
        if storage_id is None:
            self.remember(name)
            return
        self.versions[name], self.pointers[name] = data_version, storage_id
        if code_version is not None:
            self.code[name] = code_version

    def tags(self, name: str, code_version: str, data_version: str, deps: tuple[str, ...]) -> dict[str, str]:
        tags = {CODE_VERSION_TAG: code_version, DATA_VERSION_TAG: data_version, USER_PROVIDED_TAG: "true"}
        for dep in deps:
            pointer = self.pointers.get(dep)
            tags[INPUT_DATA_VERSION_TAG + dep] = self.versions.get(dep) or "NULL"
            tags[INPUT_EVENT_POINTER_TAG + dep] = "NULL" if pointer is None else str(pointer)
        return tags


def recompile_document(context: dg.OpExecutionContext, pk: str, force: bool, *, settings: Settings, documents: DocumentsRoot, ir_store: IRStore, ctx: PassContext):
    """Events of one document's recompile (observation, materializations); yields nothing if current."""
    instance = context.instance
    graph = AssetGraph(settings.table, settings.options)
    store = FieldStore(settings.fields_dir)
    doc_key = document_key_for(pk)
    data = documents.read(doc_key)
    fingerprint = content_fingerprint(data)
    doc = _Document(instance, pk)
    doc.remember(SOURCE)
    if doc.versions[SOURCE] != fingerprint:
        yield dg.AssetObservation(SOURCE, partition=pk, tags={DATA_VERSION_TAG: fingerprint})
        doc.stored(SOURCE, fingerprint)
    plan = plan_document(instance, pk, fingerprint, graph, ir_store=ir_store, verify=True, store=store, force=force, llm=ctx.llm)
    if plan.skip:
        return
    if not force:  # unchanged nodes keep their LLM results; forced recompiles redo everything
        attach_previous(ctx, ir_store, doc_key, graph)
    every = plan.selection >= frozenset(graph.produced)
    code_versions, deps = graph.code_versions, graph.deps
    if not every:  # code and data versions to compare with (all assets run otherwise)
        for name in graph.produced:
            doc.remember(name)
    state: dict[str, Any] = {SOURCE: SourceDocument(key=doc_key, data=data, path=str(documents.location(doc_key)))}
    dirty: set[str] = {SOURCE} if every else set()

    def load(names: tuple[str, ...]) -> None:
        for name in names:
            if name not in state and store.exists(name, pk):
                state[name] = store.read(name, pk)

    def wanted(spec: Any) -> bool:
        if not (every or dirty.intersection(spec.all_reads) or any(doc.code[w] != code_versions[w] for w in spec.writes)):
            return False
        load(spec.all_reads)
        return True

    started = datetime.now(UTC)
    for run in run_passes(state, ctx, key=doc_key, table=graph.table, select=wanted):
        for name, value in run.outputs.items():
            version = serde.data_version(name, value)
            if version != doc.versions.get(name):
                dirty.add(name)
            store.write(name, pk, value)
            yield dg.AssetMaterialization(name, partition=pk, tags=doc.tags(name, code_versions[name], version, deps[name]), metadata=metadata.for_field(name, value))
            doc.stored(name, version, code_versions[name])
    if not (every or dirty.intersection(deps[DOCUMENT_IR]) or doc.code[DOCUMENT_IR] != code_versions[DOCUMENT_IR] or doc.graph_fp != graph.fingerprint):
        return
    load(deps[DOCUMENT_IR])
    if any(d.severity == "error" for d in state.get("verification", [])):
        raise CompileError(doc_key, "verify found errors; document_ir not written", pass_name="verify")
    built = assemble_document(state, ctx, started=started, table=graph.table)
    ir_path = ir_store.write(built)
    tags = doc.tags(DOCUMENT_IR, code_versions[DOCUMENT_IR], serde.data_version(DOCUMENT_IR, built), deps[DOCUMENT_IR])
    yield dg.AssetMaterialization(DOCUMENT_IR, partition=pk, tags=tags, metadata=metadata.for_document(built, ir_path, graph.fingerprint, ir_store.stamp(built.doc_id)))


def compile_chunk(
    context: dg.OpExecutionContext,
    keys: list[str],
    force: bool,
    *,
    settings: Settings,
    documents: DocumentsRoot,
    ir_store: IRStore,
    client: Any,
    cache: Any = None,
    concurrency: int = 4,
):
    """Events of recompiling `keys` (partition keys) one after another; a `Failure` at the end
    names the documents that failed (the others are compiled and recorded)."""
    failed: dict[str, str] = {}
    compiled = 0
    for pk in dict.fromkeys(keys):
        ctx = PassContext(options=settings.options, llm=client, llm_cache=cache, llm_concurrency=concurrency, frontends=settings.frontends)  # one per document
        try:
            touched = False
            # plan after another process's compile of it; the document's events in one transaction
            with file_lock(settings.lock_path(key_to_doc_id(pk))), document_transaction(context.instance):
                for event in recompile_document(context, pk, force, settings=settings, documents=documents, ir_store=ir_store, ctx=ctx):
                    touched = touched or isinstance(event, dg.AssetMaterialization)
                    yield event
            compiled += touched
        except FileNotFoundError:
            context.log.warning(f"{document_key_for(pk)}: no longer exists (deleted files are the documents sensor's business); skipped")
        except CompileError as exc:
            failed[pk] = str(exc)
            context.log.error(failed[pk])
        except Exception as exc:  # noqa: BLE001 - one document must never stop the others
            failed[pk] = f"{document_key_for(pk)}: {type(exc).__name__}: {exc}"
            context.log.error(failed[pk])
    context.log.info(f"{compiled} of {len(keys)} documents recompiled, {len(failed)} failed")
    if failed:
        raise dg.Failure(description=f"{len(failed)} of {len(keys)} documents failed", metadata={k: v[:300] for k, v in list(failed.items())[:50]})
