"""What a compile must materialize for one document partition: everything, a subset, or nothing.

Decided from the instance's records, not from Dagster's stale-status resolver (which loads
the whole asset graph per query):

* no `document_ir` materialization for the partition, a different content fingerprint in its
  metadata, or no IR file -> every asset (the document is new, changed or was never
  finished);
* the latest observation of the source (by a failed compile or the sensor) has another
  fingerprint -> every asset (the stored fields may belong to that other version);
* the same fingerprint and the same graph fingerprint (hash of every asset's code version)
  -> nothing: the document is skipped;
* the same fingerprint, another graph fingerprint -> the assets whose last materialization
  has another code version, plus everything downstream of them (one record query per asset);
  every asset if an upstream value the subset would read is missing.
"""

from __future__ import annotations

from dataclasses import dataclass

import dagster as dg

from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration import graph
from vectorless_assets.orchestration.io_manager import FieldStore
from vectorless_assets.pipeline.table import PASSES

CODE_VERSION_TAG = "dagster/code_version"
DATA_VERSION_TAG = "dagster/data_version"


@dataclass(frozen=True)
class Plan:
    selection: frozenset[str]
    reason: str

    @property
    def skip(self) -> bool:
        return not self.selection


def _latest(instance: dg.DagsterInstance, name: str, partition_key: str) -> dg.EventLogRecord | None:
    result = instance.fetch_materializations(dg.AssetRecordsFilter(asset_key=dg.AssetKey(name), asset_partitions=[partition_key]), limit=1)
    return result.records[0] if result.records else None


def _metadata_text(record: dg.EventLogRecord, key: str) -> str | None:
    mat = record.asset_materialization
    entry = mat.metadata.get(key) if mat is not None else None
    return None if entry is None else str(entry.value)


def _observed_version(instance: dg.DagsterInstance, partition_key: str) -> str | None:
    """Data version of the latest observation of the partition's source (None: never observed)."""
    result = instance.fetch_observations(dg.AssetRecordsFilter(asset_key=dg.AssetKey(graph.SOURCE), asset_partitions=[partition_key]), limit=1)
    if not result.records or result.records[0].asset_observation is None:
        return None
    return result.records[0].asset_observation.tags.get(DATA_VERSION_TAG)


def plan_document(instance: dg.DagsterInstance, partition_key: str, fingerprint: str, options: CompileOptions, *, ir_exists: bool, store: FieldStore, force: bool = False) -> Plan:
    everything = frozenset(graph.produced_fields())
    if force:
        return Plan(everything, "forced")
    last = _latest(instance, graph.DOCUMENT_IR, partition_key)
    if last is None:
        return Plan(everything, "new")
    if _metadata_text(last, "content_fingerprint") != fingerprint:
        return Plan(everything, "source changed")
    if not ir_exists:
        return Plan(everything, "IR file missing")
    if _observed_version(instance, partition_key) not in (None, fingerprint):
        return Plan(everything, "source changed since the last compile")
    if _metadata_text(last, "graph_fingerprint") == graph.graph_fingerprint(options):
        return Plan(frozenset(), "unchanged")
    versions = graph.field_code_versions(options)
    changed = set()
    for name, version in versions.items():
        record = _latest(instance, name, partition_key)
        mat = record.asset_materialization if record else None
        if mat is None or mat.tags.get(CODE_VERSION_TAG) != version:
            changed.add(name)
    selection = graph.downstream_closure(changed)
    computed = {w for p in PASSES if selection.intersection(p.writes) for w in p.writes}
    reads = {r for p in PASSES if selection.intersection(p.writes) for r in p.reads}
    if graph.DOCUMENT_IR in selection:
        reads |= set(graph.assembly_reads()) - {"validation", "verification"}
    missing = reads - computed - {graph.SOURCE}
    if any(not store.exists(name, partition_key) for name in missing):
        return Plan(everything, "stored upstream value missing")
    if selection >= everything:
        return Plan(everything, "logic changed (every asset)")
    return Plan(frozenset(selection), "logic changed: " + ", ".join(sorted(changed)))
