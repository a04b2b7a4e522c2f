"""What the Dagster instance remembers of a document: the facts freshness decides from.

Per partition: the latest materialization of an asset, its metadata and code version, the
latest observation of the source; in bulk: the stored fingerprints of every partition's
latest `document_ir` in two queries (latest storage id per partition, then those records,
in chunks: an IN clause of 100,000 keys would exceed SQLite's limits). Assets are named by
field (`document_ir`); `names` (default: the standalone project's) gives their asset keys.
"""

from __future__ import annotations

from collections.abc import Mapping

import dagster as dg

from vectorless_assets.orchestration.base.keys import (
    CODE_VERSION_TAG,
    CONTENT_FINGERPRINT,
    DATA_VERSION_TAG,
    DOCUMENT_IR,
    GRAPH_FINGERPRINT,
    IR_STAMP,
    LLM_DEGRADED_KEYS,
    SOURCE,
)
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.pipeline.freshness import Stored

CHUNK = 500


def latest(
    instance: dg.DagsterInstance, name: str, partition_key: str, names: Names = STANDALONE
) -> dg.EventLogRecord | None:
    """The latest materialization record of asset `name` for the partition."""
    result = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=names.key(name), asset_partitions=[partition_key]), limit=1
    )
    return result.records[0] if result.records else None


def code_version_of(record: dg.EventLogRecord | None) -> str | None:
    mat = record.asset_materialization if record else None
    return mat.tags.get(CODE_VERSION_TAG) if mat is not None and mat.tags else None


def _stored(mat: dg.AssetMaterialization) -> Stored:
    meta = mat.metadata
    text = {
        name: str(meta[name].value)
        for name in (CONTENT_FINGERPRINT, GRAPH_FINGERPRINT, IR_STAMP)
        if name in meta
    }
    degraded = any(name in meta and meta[name].value for name in LLM_DEGRADED_KEYS)
    return Stored(
        text.get(CONTENT_FINGERPRINT), text.get(GRAPH_FINGERPRINT), text.get(IR_STAMP), degraded
    )


def stored_ir(
    instance: dg.DagsterInstance, partition_key: str, names: Names = STANDALONE
) -> Stored | None:
    """Fingerprints of the partition's latest `document_ir` (None: never compiled)."""
    record = latest(instance, DOCUMENT_IR, partition_key, names)
    mat = record.asset_materialization if record else None
    return _stored(mat) if mat is not None else None


def observed_version(
    instance: dg.DagsterInstance, partition_key: str, names: Names = STANDALONE
) -> str | None:
    """Data version of the latest observation of the partition's source (None: never observed)."""
    result = instance.fetch_observations(
        dg.AssetRecordsFilter(asset_key=names.key(SOURCE), asset_partitions=[partition_key]),
        limit=1,
    )
    if not result.records or result.records[0].asset_observation is None:
        return None
    return result.records[0].asset_observation.tags.get(DATA_VERSION_TAG)


def latest_records(
    instance: dg.DagsterInstance,
    key: dg.AssetKey,
    event_type: dg.DagsterEventType = dg.DagsterEventType.ASSET_MATERIALIZATION,
    partitions: set[str] | None = None,
    known: Mapping[str, int] | None = None,
) -> tuple[dict[str, int], dict[str, dg.EventLogRecord]]:
    """The latest storage id of an event of `event_type` of asset `key` per partition (of
    `partitions`), and those records, in chunks, except for the partitions whose latest id is
    already `known` (`{partition: storage id}`: read earlier, unchanged since)."""
    ids = instance.get_latest_storage_id_by_partition(key, event_type)
    if partitions is not None:
        ids = {pk: sid for pk, sid in ids.items() if pk in partitions}
    known = known or {}
    out: dict[str, dg.EventLogRecord] = {}
    storage_ids = sorted(sid for pk, sid in ids.items() if known.get(pk) != sid)
    fetch = (
        instance.fetch_observations
        if event_type == dg.DagsterEventType.ASSET_OBSERVATION
        else instance.fetch_materializations
    )
    for i in range(0, len(storage_ids), CHUNK):
        chunk = storage_ids[i : i + CHUNK]
        found = fetch(dg.AssetRecordsFilter(asset_key=key, storage_ids=chunk), limit=len(chunk))
        for record in found.records:
            partition = record.partition_key
            if partition is not None:
                out[partition] = record
    return ids, out


def stored_of(record: dg.EventLogRecord) -> Stored | None:
    """The fingerprints a `document_ir` materialization record stored (None: not one)."""
    mat = record.asset_materialization
    return _stored(mat) if mat is not None else None


def stored_irs(
    instance: dg.DagsterInstance, partitions: set[str] | None = None, names: Names = STANDALONE
) -> dict[str, Stored]:
    """`{partition: Stored}` of the latest `document_ir` of each partition (of `partitions`)."""
    _, found = latest_records(instance, names.key(DOCUMENT_IR), partitions=partitions)
    return {pk: s for pk, record in found.items() if (s := stored_of(record)) is not None}
