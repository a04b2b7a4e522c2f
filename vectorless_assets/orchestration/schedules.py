"""The recompile schedule: re-observe every document, request batched runs of what is stale.

Each tick lists the documents root and fingerprints every document: files whose size and
mtime match the automation's state file (`doc_state`) reuse the stored fingerprint, the
others are read and hashed (the state file is not written: the sensor keeps its own view).
`stale.stale_documents` then picks the stale and missing documents, and the tick requests
`recompile_documents` runs (`batch`) over exactly those, at most `batch_size` per run: a
pass-version bump over thousands of documents is a handful of runs, not one per document.
Each run re-observes its documents (an `AssetObservation` when the fingerprint moved) and
recomputes only what is stale in them, with early cutoff.

`force=True` (a second schedule, or launch `recompile_documents` with `force: true` and an
empty document list from the Launchpad) requests every document and recompiles every asset.
Stopped by default; nightly at 03:00 unless built with another cron.
"""

from __future__ import annotations

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.doc_state import DocState
from vectorless_assets.orchestration.resources import DocumentsRoot, IRStore
from vectorless_assets.orchestration.scan import list_files
from vectorless_assets.orchestration.sensors import RECOMPILE_JOB, batch_request
from vectorless_assets.orchestration.settings import Settings
from vectorless_assets.orchestration.stale import stale_documents

SCHEDULE_NAME = "recompile_schedule"
FORCE_SCHEDULE_NAME = "force_recompile_schedule"


def current_fingerprints(root: str, documents: DocumentsRoot, state_path: str) -> dict[str, str] | None:
    """`{partition: fingerprint}` of every document under `root` (None: the root is missing)."""
    files = list_files(root)
    if files is None:
        return None
    with DocState(state_path) as state:
        rows = state.load()
    out: dict[str, str] = {}
    for pk, info in files.items():
        row = rows.get(pk)
        if row is not None and row.size == info.size and row.mtime_ns == info.mtime_ns:
            out[pk] = row.fingerprint
            continue
        try:
            out[pk] = content_fingerprint(documents.read(info.document_key))
        except OSError:
            continue
    return out


def build_recompile_schedule(settings: Settings, *, force: bool = False, cron: str = "0 3 * * *", batch_size: int = 200) -> dg.ScheduleDefinition:
    name = FORCE_SCHEDULE_NAME if force else SCHEDULE_NAME

    @dg.schedule(name=name, cron_schedule=cron, job_name=RECOMPILE_JOB, default_status=dg.DefaultScheduleStatus.STOPPED, description=__doc__.split("\n\n")[0])
    def recompile_schedule(context: dg.ScheduleEvaluationContext, documents: DocumentsRoot, ir_store: IRStore):
        fingerprints = current_fingerprints(documents.path, documents, settings.state_path)
        if fingerprints is None:
            return dg.SkipReason(f"documents root {documents.path} does not exist")
        todo = sorted(fingerprints) if force else sorted(stale_documents(context.instance, fingerprints, settings.options, ir_store))
        if not todo:
            return dg.SkipReason(f"all {len(fingerprints)} documents are current")
        when = context.scheduled_execution_time.isoformat()
        return [
            batch_request(todo[i : i + batch_size], run_key=f"{name}:{when}:{i // batch_size}", force=force, tags={"vectorless/trigger": name})
            for i in range(0, len(todo), batch_size)
        ]

    return recompile_schedule
