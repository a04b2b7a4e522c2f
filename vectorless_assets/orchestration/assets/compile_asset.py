"""The compile step: one subsettable multi-asset producing every field of many documents.

Why one step: Dagster's cost is per step, per run and per event-log row, not per
computation (see docs/dagster.md). A subsettable `multi_asset` keeps one asset per field,
each with its own code version and per-partition data version, while the selected passes
run in one step.

Runs cover many documents: a backfill ("Materialize all", "Materialize selected" over
many partitions, an API backfill) launches one run per chunk of at most
`Settings.backfill_chunk` contiguous partitions (`BackfillPolicy.multi_run`); one
partition from an asset page is a run of one. The step computes every key of
`context.partition_keys` (`batch.document_runs.DocumentRuns`: in a process pool on a machine
with several cores) and records, per document and per selected field, an
`AssetMaterialization` of that partition with its own data version and provenance
(`batch.recorder`); it never yields an `Output` for those outs, so no two partitions share a data
version (Dagster issues #18649, #34013 concern ranged `Output`s). Every selected field of
every document is recorded, even when its value is unchanged (a targeted partition left
unmaterialized would fail the backfill); an unchanged value keeps its data version, so its
consumers stay fresh (early cutoff).

Errors: a document that cannot be compiled (unreadable source, a pass error, verify
errors: its fields are recorded, its `document_ir` is not) fails alone: the other
documents of the run are recorded, then the step fails naming the failed ones, so the UI
shows the run failed and which partitions have no new materialization. Stored upstream
values computed with other compile options (another mode) are refused, so an IR never
mixes modes. The `validate`/`verify` checks are partitioned: one evaluation per document
and selected check, recorded for that document's partition (`checks`).

The step's function is `compile_partitions`; its op is named `COMPILE_STEP` with the
compiler's prefix (`compile_document`, an op name older than this module, kept so that runs,
tags and the UI's links stay the same), which is not the core's `compile_document`.

Do not add `from __future__ import annotations` here: Dagster reads the context annotation.
"""

import dagster as dg

from vectorless_assets.orchestration.assets import checks
from vectorless_assets.orchestration.assets.check_runs import stored_check_evaluations
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import COMPILE_STEP, SOURCE
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.document_runs import DocumentRuns
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.orphans import tag_run_with_process


def build_compile_asset(settings: Settings) -> dg.AssetsDefinition:
    """The multi-asset generated from `settings.table` compiled with `settings.options`."""
    names = settings.names
    graph = AssetGraph(settings.table, settings.options, names)

    @dg.multi_asset(
        name=names.name(COMPILE_STEP),
        outs=graph.outs(),
        deps=[names.key(SOURCE)],
        internal_asset_deps=graph.internal_deps(),
        check_specs=checks.check_specs(names),
        can_subset=True,
        partitions_def=names.partitions,
        backfill_policy=dg.BackfillPolicy.multi_run(settings.backfill_chunk),
        required_resource_keys={names.documents, names.ir_store, names.llm},
    )
    def compile_partitions(context: dg.AssetExecutionContext):
        selected = frozenset(names.field(k) for k in context.selected_asset_keys)
        selected_checks = {k.name for k in context.selected_asset_check_keys}
        if not selected:  # only checks: the UI's "Execute" on a check (no asset selected)
            yield from stored_check_evaluations(
                context, selected_checks, FieldStore(settings.fields_dir), names
            )
            return
        # a killed run is found (storage.orphans)
        tag_run_with_process(context.instance, context.run.run_id)
        runs = DocumentRuns(context, settings, selection=selected)
        yield from runs.run(list(context.partition_keys), selected_checks)

    return compile_partitions
