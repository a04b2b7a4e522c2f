"""The one writer of per-partition results: materializations with their own data versions.

Every run that compiles documents (a partition run or a backfill range of the compile
asset, a chunk of the batched `recompile_documents` job, the CLI's run) records each
computed field of each document as an `AssetMaterialization` of that field's asset for that
partition, with the provenance tags Dagster's own asset runs write:
`dagster/code_version`, `dagster/data_version` (a hash of the value),
`dagster/data_version_is_user_provided` and, per upstream field,
`dagster/input_data_version/<dep>` and `dagster/input_event_pointer/<dep>` (the storage id
of the upstream materialization or observation the value was computed from; `<dep>` is the
dep's asset key string, `docs/tree` for a compiler with the prefix `docs`: `base.names`). Staleness,
lineage and the UI then see exactly what a one-partition run would have recorded, partition
by partition: a run over many partitions never shares one data version between them
(Dagster issues #18649, #34013 concern `Output`s of ranged steps, which are not used).

`PartitionRecorder` remembers, for one partition, the latest data version, storage id and
code version of each asset (`remember`), and updates them as its own events are stored
(`logged`), so a field's input pointers name the events of the same run. A computed
document's events are its source's observation (`observed`), then one materialization per
computed field (`computed`), then its checks' evaluations (`evaluations`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

import dagster as dg

from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import (
    CODE_VERSION_TAG,
    DATA_VERSION_TAG,
    DOCUMENT_IR,
    GRAPH_FINGERPRINT,
    INPUT_DATA_VERSION_TAG,
    INPUT_EVENT_POINTER_TAG,
    SOURCE,
    USER_PROVIDED_TAG,
)
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.orchestration.batch.outcome import FieldRecord
from vectorless_assets.orchestration.storage.batching import stored_event_id


def _record_version(record: dg.EventLogRecord | None) -> str | None:
    if record is None:
        return None
    event = record.asset_materialization or record.asset_observation
    return event.tags.get(DATA_VERSION_TAG) if event is not None and event.tags else None


class PartitionRecorder:
    """What the instance holds for one partition's assets, and the events recording new
    values; assets are named by field (`tree`), keyed by the compiler's `names`."""

    def __init__(
        self, instance: dg.DagsterInstance, partition_key: str, names: Names = STANDALONE
    ) -> None:
        self.instance, self.pk, self.names = instance, partition_key, names
        self.versions: dict[str, str | None] = {}
        self.pointers: dict[str, int | None] = {}
        self.code: dict[str, str | None] = {}
        #: the graph fingerprint stored with the latest `document_ir` (None: never compiled)
        self.graph_fp: str | None = None

    def remember(self, fields: Iterable[str]) -> PartitionRecorder:
        """Latest data version, storage id and code version of each asset in `fields`."""
        for name in fields:
            record = self.instance.get_latest_data_version_record(
                self.names.key(name), name == SOURCE, self.pk
            )
            self.versions[name] = _record_version(record)
            self.pointers[name] = record.storage_id if record else None
            mat = record.asset_materialization if record else None
            self.code[name] = (
                mat.tags.get(CODE_VERSION_TAG) if mat is not None and mat.tags else None
            )
            if name == DOCUMENT_IR and mat is not None and GRAPH_FINGERPRINT in mat.metadata:
                self.graph_fp = str(mat.metadata[GRAPH_FINGERPRINT].value)
        return self

    def observe_source(self, fingerprint: str) -> dg.AssetObservation | None:
        """An observation of the source when the latest one saw other bytes (else None);
        yield it, then call `logged(SOURCE, fingerprint)`."""
        if SOURCE not in self.versions:
            self.remember([SOURCE])
        if self.versions[SOURCE] == fingerprint:
            return None
        return dg.AssetObservation(
            self.names.key(SOURCE), partition=self.pk, tags={DATA_VERSION_TAG: fingerprint}
        )

    def tags(
        self, name: str, code_version: str, data_version: str, deps: Iterable[str]
    ) -> dict[str, str]:
        """The provenance tags of a new value of `name` computed from the current `deps`."""
        tags = {
            CODE_VERSION_TAG: code_version,
            DATA_VERSION_TAG: data_version,
            USER_PROVIDED_TAG: "true",
        }
        for dep in deps:
            pointer = self.pointers.get(dep)
            key = self.names.key_string(dep)
            tags[INPUT_DATA_VERSION_TAG + key] = self.versions.get(dep) or "NULL"
            tags[INPUT_EVENT_POINTER_TAG + key] = "NULL" if pointer is None else str(pointer)
        return tags

    def materialization(
        self,
        name: str,
        *,
        code_version: str,
        data_version: str,
        deps: Iterable[str],
        metadata: dict[str, Any],
    ) -> dg.AssetMaterialization:
        """The event recording a new value of `name` for this partition."""
        return dg.AssetMaterialization(
            self.names.key(name),
            partition=self.pk,
            tags=self.tags(name, code_version, data_version, deps),
            metadata=metadata,
        )

    def logged(self, name: str, data_version: str, code_version: str | None = None) -> None:
        """After `name`'s event was yielded (and stored): its data version, code version and
        storage id, from the event log's document transaction when it can tell, else looked up."""
        storage_id = stored_event_id(self.instance, self.names.key(name), self.pk)
        if storage_id is None:
            self.remember([name])
            return
        self.versions[name], self.pointers[name] = data_version, storage_id
        if code_version is not None:
            self.code[name] = code_version

    def observed(self, observation: dg.AssetObservation | None) -> Iterator[dg.AssetObservation]:
        """The source's `observation` (`observe_source`; None: nothing), then the recorder
        told of it (the fields' input pointers name it)."""
        if observation is not None:
            yield observation
            self.logged(SOURCE, str(observation.tags[DATA_VERSION_TAG]))

    def computed(
        self, records: Iterable[FieldRecord], graph: AssetGraph
    ) -> Iterator[dg.AssetMaterialization]:
        """One materialization per computed field of `records`, with the code version and
        deps of `graph`, each logged once yielded (the next field's pointers name it)."""
        for rec in records:
            code_version = graph.code_versions[rec.name]
            yield self.materialization(
                rec.name,
                code_version=code_version,
                data_version=rec.data_version,
                deps=graph.deps[rec.name],
                metadata=rec.metadata,
            )
            self.logged(rec.name, rec.data_version, code_version)
