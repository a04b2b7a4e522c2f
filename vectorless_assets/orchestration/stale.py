"""Which documents are stale or missing, from the fingerprints the project stores.

"Stale" here is decided per document from two fingerprints, not from Dagster's stale
status (a frontier over the asset graph whose `stale_assets_only` ignores partitions): a
document is

* `missing` when it has no `document_ir` materialization (new, or never compiled cleanly),
* `source changed` when its current content fingerprint differs from the one stored in the
  metadata of its latest `document_ir`,
* `logic changed` when the graph fingerprint (a hash of every asset's code version: pass
  versions, compile options, mode, PROCESSING_VERSION) stored there differs from the current
  one (a pass-version bump, an option change, a raised processing version),
* `IR file missing` when `<ir_dir>/<doc_id>.bin` is gone,

and current otherwise. Which assets of a stale document are recomputed is decided later, in
the run (`plan.plan_document` + early cutoff in `batch`). Cost: two bulk queries for the
whole corpus (latest `document_ir` storage id per partition, then those records).
"""

from __future__ import annotations

from collections.abc import Mapping

import dagster as dg

from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration import graph
from vectorless_assets.orchestration.partitions import key_to_doc_id
from vectorless_assets.orchestration.resources import IRStore

CHUNK = 500


def latest_ir_metadata(instance: dg.DagsterInstance, partitions: set[str] | None = None) -> dict[str, dict[str, str]]:
    """`{partition: {"content_fingerprint", "graph_fingerprint"}}` of the latest `document_ir` of each partition."""
    key = dg.AssetKey(graph.DOCUMENT_IR)
    # all partitions, filtered here: an IN clause of 100,000 keys would exceed SQLite's limits
    ids = instance.get_latest_storage_id_by_partition(key, dg.DagsterEventType.ASSET_MATERIALIZATION)
    if partitions is not None:
        ids = {pk: sid for pk, sid in ids.items() if pk in partitions}
    out: dict[str, dict[str, str]] = {}
    storage_ids = sorted(ids.values())
    for i in range(0, len(storage_ids), CHUNK):
        records = instance.get_event_records(dg.EventRecordsFilter(dg.DagsterEventType.ASSET_MATERIALIZATION, asset_key=key, storage_ids=storage_ids[i : i + CHUNK]))
        for record in records:
            mat = record.asset_materialization
            if mat is None or mat.partition is None:
                continue
            out[mat.partition] = {name: str(mat.metadata[name].value) for name in ("content_fingerprint", "graph_fingerprint") if name in mat.metadata}
    return out


def stale_documents(instance: dg.DagsterInstance, fingerprints: Mapping[str, str], options: CompileOptions, ir_store: IRStore | None = None) -> dict[str, str]:
    """`{partition: reason}` for every document of `fingerprints` (`{partition: fingerprint}`) that needs a compile."""
    stored = latest_ir_metadata(instance, set(fingerprints))
    graph_fp = graph.graph_fingerprint(options)
    out: dict[str, str] = {}
    for pk in sorted(fingerprints):
        meta = stored.get(pk)
        if meta is None:
            out[pk] = "missing"
        elif meta.get("content_fingerprint") != fingerprints[pk]:
            out[pk] = "source changed"
        elif meta.get("graph_fingerprint") != graph_fp:
            out[pk] = "logic changed"
        elif ir_store is not None and not ir_store.location(key_to_doc_id(pk)).exists():
            out[pk] = "IR file missing"
    return out
