"""The recompile schedule: re-observe every document, request batched runs of what is stale.

Each tick lists the documents root and fingerprints every document: files whose size and
mtime match the automation's state file (`doc_state`) reuse the stored fingerprint, the
others are read and hashed (the state file is not written: the sensor keeps its own view).
`selection.stale_documents` then picks the stale and missing documents, and the tick requests
`recompile_documents` runs (`batch`) over exactly those, at most `batch_size` per run: a
pass-version bump over thousands of documents is a handful of runs, not one per document.
Each run re-observes its documents (an `AssetObservation` when the fingerprint moved) and
recomputes only what is stale in them, with early cutoff.

`force=True` (a second schedule, or launch `recompile_documents` with `force: true` and an
empty document list from the Launchpad) requests every document and recompiles every asset.
Stopped by default; nightly at 03:00 unless built with another cron. Names and resource
keys are the compiler's (`Settings.names`).
"""

from __future__ import annotations

import dagster as dg

from vectorless_assets.orchestration.automation.scan import (
    current_fingerprints,
    list_files,
    root_problem,
)
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import (
    FORCE_SCHEDULE_NAME,
    RECOMPILE_JOB,
    SCHEDULE_NAME,
    TRIGGER_TAG,
)
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.selection import stale_documents
from vectorless_assets.orchestration.jobs.recompile import batch_requests
from vectorless_assets.orchestration.storage.doc_state import DocState
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore, bound


def build_recompile_schedule(
    settings: Settings, *, force: bool = False, cron: str = "0 3 * * *", batch_size: int = 200
) -> dg.ScheduleDefinition:
    """The nightly recompile schedule (`force`: the one recompiling everything)."""
    names = settings.names
    name = names.name(FORCE_SCHEDULE_NAME if force else SCHEDULE_NAME)
    graph = AssetGraph(settings.table, settings.options, names)

    @dg.schedule(
        name=name,
        cron_schedule=cron,
        job_name=names.name(RECOMPILE_JOB),
        default_status=dg.DefaultScheduleStatus.STOPPED,
        description=__doc__.split("\n\n")[0],
        required_resource_keys={names.documents, names.ir_store},
    )
    def recompile_schedule(context: dg.ScheduleEvaluationContext, **_bound: object):
        documents: DocumentsRoot = bound(context, names.documents)
        ir_store: IRStore = bound(context, names.ir_store)
        files = list_files(documents.path, settings.frontends)
        if files is None:
            return dg.SkipReason(
                f"documents root {documents.path} "
                f"{root_problem(documents.path) or 'does not exist'}"
            )
        with DocState(settings.state_path) as state:
            rows = state.load()
        fingerprints = current_fingerprints(files, rows, documents.read)
        todo = (
            sorted(fingerprints)
            if force
            else sorted(
                stale_documents(
                    context.instance, fingerprints, graph, ir_store, llm=settings.llm_client()
                )
            )
        )
        if not todo:
            return dg.SkipReason(f"all {len(fingerprints)} documents are current")
        when = context.scheduled_execution_time.isoformat()
        return batch_requests(
            todo,
            prefix=f"{name}:{when}",
            batch_size=batch_size,
            force=force,
            tags={TRIGGER_TAG: name},
            names=names,
        )

    return recompile_schedule
