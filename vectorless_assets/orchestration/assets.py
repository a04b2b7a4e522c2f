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
and one bad document would fail the others' run. The step never reads
`context.partition_key` (absent from backfill runs, which carry
`dagster/asset_partition_range_start/end` tags): it computes every key of
`context.partition_keys`, and a range run still works (`step_results`).

Errors: a source the frontends cannot read (`SourceError`, `CompileError`) fails the step
with a one-line `Failure` naming the document and the pass; nothing of that partition is
materialized. Stored upstream values computed with other compile options (another mode)
are refused, so an IR never mixes modes. Verify's error findings fail the blocking `verify` check: the fields are
materialized, `document_ir` is not (see `checks`).

Do not add `from __future__ import annotations` here: Dagster reads the context annotation.
"""

import warnings

import dagster as dg

from vectorless_assets.context import PassContext
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration import checks, graph
from vectorless_assets.orchestration.compute import compute_document
from vectorless_assets.orchestration.io_manager import FieldStore
from vectorless_assets.orchestration.partitions import DOCUMENTS, document_key_for
from vectorless_assets.orchestration.resources import DocumentsRoot, IRStore, LLMResource
from vectorless_assets.orchestration.step_results import step_results

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
        env = PassContext(options=options, llm=llm.client())
        outs = {
            pk: compute_document(
                instance=context.instance,
                partition_key=pk,
                selected=selected,
                options=options,
                store=FieldStore(fields_dir),
                documents=documents,
                ir_store=ir_store,
                env=env,
            )
            for pk in context.partition_keys  # one, unless a run covers a range (step_results)
        }
        yield from step_results(context, outs, selected_checks, graph_fp)

    return compile_document
