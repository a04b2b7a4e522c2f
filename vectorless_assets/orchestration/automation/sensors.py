"""The documents sensor: new, edited and deleted documents -> partitions, observations, runs.

Each tick lists the documents root (name, size, mtime), compares it with the automation's
state file (`doc_state`, outside the cursor) and hashes only files whose size or mtime
changed, within a time/count budget (`scan`): a large backlog is worked off over several
ticks, resuming where the last one stopped. The cursor is `{"pos": <last key>, "passes": n}`.

For each document whose fingerprint changed (or that has no partition), the `SensorResult`
adds the partition, reports an `AssetObservation` of `source` (data version = fingerprint)
and, when `selection.select_assets` says the stored IR is not current, requests a compile (so
does a completed scan for every compiled document whose IR file is missing or damaged,
checked against the stamp recorded at write time: `ir_health`):

batched runs of `recompile_documents`, at most `batch_size` documents each (one run for
one edit or for a `git pull` of thousands: never a storm of runs), whose run key is a digest
of the documents' `<partition>:<epoch>:<changes>` keys, so each observed edit compiles
(A -> B -> A is three compiles). The run plans each document again when it starts, so an
edit that was already compiled meanwhile costs a plan, not a compile.

A deploy (any asset's code version changed: a pass version, an option, the mode, the
PROCESSING_VERSION) is noticed at the next tick (the graph fingerprint is kept in the state
file): the stale documents (`selection.stale_documents`) are requested once, in batched
`recompile_documents`
runs, which recompute only the assets whose code version changed and, with early cutoff,
their consumers where an output changed. `code_version_changed()` automation conditions
would instead fire for every partition at once (one run per document).

A deleted document (registered or remembered, no longer listed): the partition is removed
through the result (`Names.partitions.build_delete_request`), its IR file is moved aside to
`<ir_dir>/.deleted/<doc_id>.bin` and its field values are deleted. When the root itself is
missing or unreadable (an unmounted share: the tick says why, `scan.root_problem`), or a
tick would take more than half of the known documents out of service (an empty folder in
its place: `frontends.discovery.mass_deletion`, unless
`VECTORLESS_SENSOR_ALLOW_MASS_DELETE=1`), the tick skips and deletes nothing. Stopped by
default. Names, asset keys, partitions and resource keys are the compiler's
(`Settings.names`).
"""

from __future__ import annotations

import contextlib
import hashlib

import dagster as dg

from vectorless_assets.frontends.discovery import mass_deletion
from vectorless_assets.orchestration.automation.ir_health import fault_run_key, ir_faults
from vectorless_assets.orchestration.automation.scan import (
    ScanCursor,
    list_files,
    root_problem,
    scan,
)
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import (
    DATA_VERSION_TAG,
    GRAPH_FINGERPRINT,
    SENSOR_NAME,
    SOURCE,
    TRIGGER_TAG,
)
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.partitions import retire_document
from vectorless_assets.orchestration.batch.selection import select_assets, stale_documents
from vectorless_assets.orchestration.jobs.recompile import batch_requests
from vectorless_assets.orchestration.storage.doc_state import DocState
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.orphans import fail_orphaned_runs
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore, bound


def _after_deploy(
    instance: dg.DagsterInstance,
    state: DocState,
    graph: AssetGraph,
    ir_store: IRStore,
    exclude: set[str],
) -> tuple[list[str], str] | None:
    """After a change of any code version (pass version, options, PROCESSING_VERSION): the stale
    documents.

    The graph fingerprint the last tick saw is kept in the state file; when the running code
    has another one, every known document whose latest `document_ir` was compiled under
    another graph fingerprint (or is missing) is returned once, for batched runs.
    """
    graph_fp = graph.fingerprint
    if state.get_meta(GRAPH_FINGERPRINT) == graph_fp:
        return None
    fingerprints = {pk: row.fingerprint for pk, row in state.load().items() if pk not in exclude}
    stale = stale_documents(instance, fingerprints, graph, ir_store)
    state.set_meta(GRAPH_FINGERPRINT, graph_fp)
    return (sorted(stale), graph_fp) if stale else None


def build_documents_sensor(
    settings: Settings,
    jobs: list,
    *,
    interval_seconds: int = 10,
    batch_size: int = 200,
    max_seconds: float = 15.0,
    max_hashes: int = 2000,
    default_status: dg.DefaultSensorStatus = dg.DefaultSensorStatus.STOPPED,
) -> dg.SensorDefinition:
    """The documents sensor requesting runs of `jobs` (the compile job and
    `recompile_documents`)."""
    names = settings.names
    graph, partitions = AssetGraph(settings.table, settings.options, names), names.partitions

    @dg.sensor(
        name=names.name(SENSOR_NAME),
        jobs=jobs,
        minimum_interval_seconds=interval_seconds,
        default_status=default_status,
        description=__doc__.split("\n\n")[0],
        required_resource_keys={names.documents, names.ir_store},
    )
    def documents_sensor(
        context: dg.SensorEvaluationContext, **_bound: object
    ) -> dg.SensorResult | dg.SkipReason:
        documents: DocumentsRoot = bound(context, names.documents)
        ir_store: IRStore = bound(context, names.ir_store)
        files = list_files(
            documents.path,
            settings.frontends,
            on_skip=lambda name, why: context.log.warning(f"skipped {name}: {why}"),
        )
        if files is None:
            problem = root_problem(documents.path) or "does not exist"
            return dg.SkipReason(
                f"documents root {documents.path} {problem}; nothing scanned or deleted"
            )
        registered = set(context.instance.get_dynamic_partitions(partitions.name))
        # runs of a dead process of this host: failed (storage.orphans)
        with contextlib.suppress(Exception):
            for run_id in fail_orphaned_runs(context.instance):
                context.log.warning(f"run {run_id}: its process is gone; marked failed")
        store = FieldStore(settings.fields_dir)
        with DocState(settings.state_path) as state:
            rows = state.load()
            result = scan(
                files,
                rows,
                documents.read,
                cursor=ScanCursor.parse(context.cursor),
                registered=registered,
                max_seconds=max_seconds,
                max_hashes=max_hashes,
            )
            refused = mass_deletion(len(result.deleted), len(set(rows) | registered))
            if refused is not None:
                context.log.warning(refused)
                return dg.SkipReason(refused)
            todo: list[tuple[str, str, frozenset[str]]] = []
            everything = frozenset(graph.produced)
            for change in result.changed:
                run_key = f"{change.partition_key}:{state.epoch}:{change.changes}"
                # new (or re-added): nothing to plan against
                if change.partition_key not in registered:
                    todo.append((change.partition_key, run_key, everything))
                    continue
                chosen = select_assets(
                    context.instance,
                    change.partition_key,
                    change.fingerprint,
                    graph,
                    ir_store=ir_store,
                    store=store,
                )
                if not chosen.skip:
                    todo.append((change.partition_key, run_key, chosen.assets))
            for key in result.unreadable:
                context.log.warning(f"{key}: cannot read")
            for pk in result.deleted:
                moved = retire_document(pk, ir_store, store, graph.produced)
                context.log.info(
                    f"{pk}: source deleted; partition removed, IR "
                    f"{'moved to ' + moved if moved else 'absent'}"
                )
            if result.complete:  # every compiled document's IR file against its stamp (ir_health)
                busy = {pk for pk, _, _ in todo} | set(result.deleted)
                for pk, fault in ir_faults(
                    context.instance,
                    registered - busy,
                    ir_store,
                    settings.llm_client(),
                    state,
                    names,
                ).items():
                    context.log.warning(f"{pk}: IR file {fault}; recompiling")
                    todo.append(
                        (
                            pk,
                            fault_run_key(context.instance, pk, fault, state.epoch, names),
                            everything,
                        )
                    )
            state.delete(result.deleted)
            state.save(result.rows)
            epoch = state.epoch
            deploy = _after_deploy(
                context.instance, state, graph, ir_store, exclude={pk for pk, _, _ in todo}
            )
        digest = hashlib.sha256("\n".join(rk for _, rk, _ in todo).encode()).hexdigest()[:16]
        runs = batch_requests(
            [pk for pk, _, _ in todo],
            prefix=f"batch:{epoch}:{digest}",
            batch_size=batch_size,
            tags={TRIGGER_TAG: "sensor"},
            names=names,
        )
        if deploy:
            keys, graph_fp = deploy
            context.log.info(
                f"code versions changed (graph {graph_fp}): {len(keys)} documents to "
                "recompile in batched runs"
            )
            runs += batch_requests(
                keys,
                prefix=f"deploy:{epoch}:{graph_fp}",
                batch_size=batch_size,
                tags={TRIGGER_TAG: "deploy"},
                names=names,
            )
        new = sorted({c.partition_key for c in result.changed} - registered)
        gone = [pk for pk in result.deleted if pk in registered]
        requests = ([partitions.build_add_request(new)] if new else []) + (
            [partitions.build_delete_request(gone)] if gone else []
        )
        if not result.complete:
            context.log.info(
                f"scanned up to {result.cursor.pos}: {result.hashed} files hashed; the "
                "scan resumes at the next tick"
            )
        return dg.SensorResult(
            run_requests=runs,
            dynamic_partitions_requests=requests,
            asset_events=[
                dg.AssetObservation(
                    names.key(SOURCE),
                    partition=c.partition_key,
                    tags={DATA_VERSION_TAG: c.fingerprint},
                )
                for c in result.changed
            ],
            cursor=result.cursor.dumps(),
        )

    return documents_sensor
