"""The compile step: one subsettable multi-asset producing every field of one document.

Why one step: Dagster's cost is per step and per event-log row, not per computation (see
docs/dagster.md). A subsettable `multi_asset` keeps one asset per field, each with its own
code version and per-partition data version, while the selected passes run in one step
(≈ 0.7 s per document on SQLite instead of ≈ 3.4 s for one step per pass).

How a (subset) run computes (`compute.compute_document`, shared with the batched
`recompile_documents` runs): the passes writing a selected field run in table order with
the one pass runner (`pipeline.runner`, it handles mode skipping); fields they read that are not
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

import dagster as dg

from vectorless_assets.context import PassContext
from vectorless_assets.orchestration.assets import checks
from vectorless_assets.orchestration.assets.check_runs import stored_check_results
from vectorless_assets.orchestration.assets.compute import compute_document
from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.assets.partitions import DOCUMENTS, key_to_doc_id
from vectorless_assets.orchestration.assets.step_results import step_results
from vectorless_assets.orchestration.base.keys import COMPILE_STEP, SOURCE
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.locks import file_lock
from vectorless_assets.orchestration.storage.orphans import tag_run_with_process
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore, LLMResource


def build_compile_asset(settings: Settings) -> dg.AssetsDefinition:
    """The multi-asset generated from `settings.table` compiled with `settings.options`."""
    graph = AssetGraph(settings.table, settings.options)
    fields_dir, frontends = settings.fields_dir, settings.frontends

    @dg.multi_asset(
        name=COMPILE_STEP,
        outs=graph.outs(),
        deps=[SOURCE],
        internal_asset_deps=graph.internal_deps(),
        check_specs=checks.check_specs(),
        can_subset=True,
        partitions_def=DOCUMENTS,
        backfill_policy=dg.BackfillPolicy.multi_run(1),
    )
    def compile_document(context: dg.AssetExecutionContext, documents: DocumentsRoot, ir_store: IRStore, llm: LLMResource):
        selected = {k.path[-1] for k in context.selected_asset_keys}
        selected_checks = {k.name for k in context.selected_asset_check_keys}
        if not selected:  # only checks: the UI's "Execute" on a check (no partition, no asset)
            yield from stored_check_results(context, selected_checks, FieldStore(fields_dir))
            return
        tag_run_with_process(context.instance, context.run_id)  # a killed run is found (storage.orphans)
        client, cache = llm.client(), llm.cache()
        outs = {}
        for pk in context.partition_keys:  # one, unless a run covers a range (step_results)
            with file_lock(settings.lock_path(key_to_doc_id(pk))):  # one process at a time per document
                outs[pk] = compute_document(
                    instance=context.instance,
                    partition_key=pk,
                    selected=selected,
                    graph=graph,
                    store=FieldStore(fields_dir),
                    documents=documents,
                    ir_store=ir_store,
                    ctx=PassContext(options=graph.options, llm=client, llm_cache=cache, refresh_llm=llm.refresh, llm_concurrency=llm.concurrency, frontends=frontends),
                )
        yield from step_results(context, outs, selected_checks, graph.fingerprint)

    return compile_document
