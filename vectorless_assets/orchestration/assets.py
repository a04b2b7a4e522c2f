"""The compile step: one subsettable multi-asset producing every field of one document.

Why one step: Dagster's cost is per step and per event-log row, not per computation (see
docs/dagster.md). A subsettable `multi_asset` keeps one asset per field, each with its own
code version and per-partition data version, while the selected passes run in one step
(≈ 0.7 s per document on SQLite instead of ≈ 3.4 s for one step per pass).

How a (subset) run computes (`compute.compute_document`, shared with the batched
`recompile_documents` runs): the passes writing a selected field run in table order with
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

import warnings

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration import checks, graph, metadata, serde
from vectorless_assets.orchestration.compute import compute_document, fail
from vectorless_assets.orchestration.io_manager import FieldStore
from vectorless_assets.orchestration.partitions import DOCUMENTS, document_key_for
from vectorless_assets.orchestration.resources import DocumentsRoot, IRStore, LLMResource
from vectorless_assets.passes.env import PassEnv
from vectorless_assets.pipeline.options import CompileOptions

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


def build_compile_asset(options: CompileOptions, fields_dir: str) -> dg.AssetsDefinition:
    """The multi-asset for `options`, storing values under `fields_dir` (the IO manager's base)."""
    graph_fp = graph.graph_fingerprint(options)

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
        doc_key = document_key_for(context.partition_key)
        env = PassEnv(options=options, llm=llm.client())
        out = compute_document(
            instance=context.instance,
            partition_key=context.partition_key,
            selected=selected,
            options=options,
            store=FieldStore(fields_dir),
            documents=documents,
            ir_store=ir_store,
            env=env,
        )
        for name, value in out.field_values():
            yield dg.MaterializeResult(asset_key=name, value=value, data_version=dg.DataVersion(serde.data_version(name, value)), metadata=metadata.for_field(name, value))
        for check in (checks.VALIDATE, checks.VERIFY):
            if check in selected_checks and checks.CHECKED_FIELD[check] in selected:
                yield checks.evaluate(check, out.state[checks.CHECKED_FIELD[check]])
        if graph.DOCUMENT_IR not in selected:
            return
        if out.doc is None:
            if checks.VERIFY in selected_checks and "verification" in selected:
                return  # the failed blocking check fails the step; document_ir is not written
            raise fail(doc_key, "verify found errors; document_ir not written", "verify")
        yield dg.MaterializeResult(
            asset_key=graph.DOCUMENT_IR,
            value=out.doc,
            data_version=dg.DataVersion(serde.data_version(graph.DOCUMENT_IR, out.doc)),
            metadata=metadata.for_document(out.doc, out.ir_path or "", graph_fp),
        )

    return compile_document
