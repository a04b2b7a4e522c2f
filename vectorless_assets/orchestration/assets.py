"""The compile step: one subsettable multi-asset producing every field of one document.

Why one step: Dagster's cost is per step and per event-log row, not per computation (see
docs/dagster.md). A subsettable `multi_asset` keeps one asset per field, each with its own
code version and per-partition data version, while the selected passes run in one step
(≈ 0.7 s per document on SQLite instead of ≈ 3.4 s for one step per pass).

How a (subset) run computes: the passes writing a selected field run in table order with
`pipeline.compile.execute_pass` (it handles mode skipping); fields they read that are not
computed in this run are read from the JSON IO manager's files (`FieldStore`), which is what
the previous materialization stored. A missing required upstream value fails the step with a
message naming it. Each selected field is yielded as `MaterializeResult(value=...,
data_version=hash of the value)`; an unchanged output keeps its data version, so its
consumers stay fresh (early cutoff).

Backfills run one document per run (`BackfillPolicy.multi_run(1)`): a run over several
partitions would record one data version for all of them (Dagster issues #18649, #34013),
and one bad document would fail the others' run.

Errors: a source the frontends cannot read (`SourceError`, `CompileError`) fails the step
with a one-line `Failure` naming the document and the pass; nothing of that partition is
materialized. Stored upstream values computed with other compile options (another mode)
are refused, so an IR never mixes modes. Verify's error findings fail the blocking `verify` check: the fields are
materialized, `document_ir` is not (see `checks`).

Do not add `from __future__ import annotations` here: Dagster reads the context annotation.
"""

import time
import warnings
from datetime import UTC, datetime
from typing import Any

import dagster as dg

from vectorless_assets.errors import CompileError, SourceError
from vectorless_assets.frontends.raw import SourceDocument
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration import checks, graph, metadata, serde
from vectorless_assets.orchestration.io_manager import FieldStore
from vectorless_assets.orchestration.partitions import DOCUMENTS, document_key_for
from vectorless_assets.orchestration.resources import DocumentsRoot, IRStore, LLMResource
from vectorless_assets.passes.env import PassEnv
from vectorless_assets.pipeline.compile import assemble_document, execute_pass
from vectorless_assets.pipeline.options import CompileOptions
from vectorless_assets.pipeline.table import PASSES

COMPILE_STEP = "compile_document"


def build_source_asset() -> dg.SourceAsset:
    """The documents themselves: a partitioned observable source, data version = fingerprint."""

    with warnings.catch_warnings():
        warnings.simplefilter("ignore", dg.BetaWarning)
        return _source_asset()


def _source_asset() -> dg.SourceAsset:
    @dg.observable_source_asset(
        name=graph.SOURCE,
        partitions_def=DOCUMENTS,
        group_name=graph.SOURCE_GROUP,
        description="The source documents' bytes (one partition per document); the data version is the content fingerprint. Observing reads every registered document.",
    )
    def source(context: dg.AssetExecutionContext, documents: DocumentsRoot) -> dg.DataVersionsByPartition:
        versions: dict[str, str] = {}
        for partition_key in context.instance.get_dynamic_partitions(DOCUMENTS.name):
            try:
                versions[partition_key] = content_fingerprint(documents.read(document_key_for(partition_key)))
            except OSError:
                context.log.warning(f"{document_key_for(partition_key)}: missing or unreadable")
        return dg.DataVersionsByPartition(versions)

    return source


def _fail(key: str, message: str, pass_name: str | None = None) -> dg.Failure:
    where = f" [{pass_name}]" if pass_name else ""
    return dg.Failure(description=f"{key}{where}: {message}", metadata={"document": key, "pass": pass_name or ""}, allow_retries=False)


def _load_upstream(store: FieldStore, partition_key: str, doc_key: str, names: set[str], optional: set[str]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for name in sorted(names):
        if store.exists(name, partition_key):
            state[name] = store.read(name, partition_key)
        elif name not in optional:
            raise _fail(doc_key, f"upstream field {name!r} was never materialized; materialize it (or the whole document) first")
    return state


def _check_same_options(instance: dg.DagsterInstance, partition_key: str, doc_key: str, names: set[str], logic: str) -> None:
    """Refuse to combine stored fields computed with other compile options (another mode).

    Only the logic-fingerprint half of the code version is compared: an upstream field with
    an older pass version is merely stale, one from another mode would mix modes in the IR.
    """
    for name in sorted(names):
        result = instance.fetch_materializations(dg.AssetRecordsFilter(asset_key=dg.AssetKey(name), asset_partitions=[partition_key]), limit=1)
        mat = result.records[0].asset_materialization if result.records else None
        version = mat.tags.get("dagster/code_version", "") if mat else ""
        if version and version.rsplit(":", 1)[-1] != logic:
            raise _fail(doc_key, f"stored field {name!r} was computed with other compile options (another mode?); materialize it in this run too")


def _run_passes(to_run: list, state: dict[str, Any], env: PassEnv, doc_key: str) -> dict[str, float]:
    durations: dict[str, float] = {}
    for spec in to_run:
        t0 = time.perf_counter()
        try:
            state.update(execute_pass(spec, state, env))
        except (SourceError, CompileError) as exc:
            raise _fail(doc_key, getattr(exc, "problem", None) or str(exc), spec.name) from exc
        except RecursionError as exc:
            raise _fail(doc_key, "document nesting too deep to process", spec.name) from exc
        if spec.runs_in(env.options.mode):
            durations[spec.name] = (time.perf_counter() - t0) * 1000
    return durations


def build_compile_asset(options: CompileOptions, fields_dir: str) -> dg.AssetsDefinition:
    """The multi-asset for `options`, storing values under `fields_dir` (the IO manager's base)."""
    graph_fp = graph.graph_fingerprint(options)
    logic = options.logic_fingerprint()
    optional_reads = {r for p in PASSES for r in p.optional_reads}

    @dg.multi_asset(
        name=COMPILE_STEP,
        outs=graph.field_outs(options),
        deps=[graph.SOURCE],
        internal_asset_deps=graph.internal_deps(),
        check_specs=checks.check_specs(),
        can_subset=True,
        partitions_def=DOCUMENTS,
        backfill_policy=dg.BackfillPolicy.multi_run(1),
    )
    def compile_document(context: dg.AssetExecutionContext, documents: DocumentsRoot, ir_store: IRStore, llm: LLMResource):
        selected = {k.path[-1] for k in context.selected_asset_keys}
        selected_checks = {k.name for k in context.selected_asset_check_keys}
        partition_key = context.partition_key
        doc_key = document_key_for(partition_key)
        to_run = [p for p in PASSES if selected.intersection(p.writes)]
        written = {w for p in to_run for w in p.writes}
        needed = {r for p in to_run for r in p.all_reads}
        if graph.DOCUMENT_IR in selected:
            needed |= set(graph.assembly_reads())
        store = FieldStore(fields_dir)
        loaded = needed - written - {graph.SOURCE}
        state = _load_upstream(store, partition_key, doc_key, loaded, optional_reads)
        _check_same_options(context.instance, partition_key, doc_key, set(state), logic)
        if graph.SOURCE in needed:
            try:
                data = documents.read(doc_key)
            except OSError as exc:
                raise _fail(doc_key, f"cannot read source: {exc.strerror or exc}") from exc
            state[graph.SOURCE] = SourceDocument(key=doc_key, data=data, path=str(documents.location(doc_key)))
        env = PassEnv(options=options, llm=llm.client())
        started = datetime.now(UTC)
        durations = _run_passes(to_run, state, env, doc_key)

        for name in graph.produced_fields():
            if name in selected and name != graph.DOCUMENT_IR:
                value = state[name]
                yield dg.MaterializeResult(asset_key=name, value=value, data_version=dg.DataVersion(serde.data_version(name, value)), metadata=metadata.for_field(name, value))
        verify_failed = any(d.severity == "error" for d in state.get("verification", []))
        for check in (checks.VALIDATE, checks.VERIFY):
            if check in selected_checks and checks.CHECKED_FIELD[check] in selected:
                yield checks.evaluate(check, state[checks.CHECKED_FIELD[check]])
        if graph.DOCUMENT_IR not in selected:
            return
        if verify_failed:
            if checks.VERIFY in selected_checks and "verification" in selected:
                return  # the failed blocking check fails the step; document_ir is not written
            raise _fail(doc_key, "verify found errors; document_ir not written", "verify")
        doc = assemble_document(state, options, started=started, durations=durations, env=env)
        ir_path = ir_store.write(doc)
        yield dg.MaterializeResult(
            asset_key=graph.DOCUMENT_IR,
            value=doc,
            data_version=dg.DataVersion(serde.data_version(graph.DOCUMENT_IR, doc)),
            metadata=metadata.for_document(doc, ir_path, graph_fp),
        )

    return compile_document
