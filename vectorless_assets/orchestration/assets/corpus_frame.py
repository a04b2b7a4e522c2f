"""The `corpus` table from the Dagster instance: one row per document partition.

The columns are the core's (`ir.corpus`); the values come from what the instance recorded,
never from the IR files: each partition's latest `document_ir` materialization (its metadata
holds the IR's numbers, `metadata.for_document`, and its time is `last_compiled`), the
latest observation of its source, and the latest evaluation of each check on it. Freshness
is decided by the one rule set (`pipeline.freshness.assess`) from the stored fingerprints,
the observed source version and the current graph fingerprint (plus the IR file's stamp on a
local IR folder: a `stat` per document); a partition never compiled (or whose compiles all
failed) is `new`. Check status reads per-partition check evaluations
(`AssetCheckEvaluation(partition=...)`) through the event log's `get_asset_check_partition_info`;
evaluations without a partition, or none at all, read `unknown`.

Cost: a handful of queries whatever the number of documents (latest ids per partition,
then the records in chunks of 500; one query per check), no IR read. Decoding a stored
event costs milliseconds (a `document_ir` materialization carries its outline), so what
was read is kept beside the CSV (`RowCache`) and a refresh decodes only the events
recorded since the last one: after a run over k documents, k materializations and
observations, whatever the corpus size.
"""

from __future__ import annotations

import dataclasses
import json
import os
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import dagster as dg
from upath import UPath

from vectorless_assets.ir.corpus import to_frame
from vectorless_assets.ir.stamp import ir_state
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import DATA_VERSION_TAG, DOCUMENT_IR, SOURCE
from vectorless_assets.orchestration.batch.evaluations import CHECKED_FIELD
from vectorless_assets.orchestration.batch.partitions import document_key_for, key_to_doc_id
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.resources import IRStore
from vectorless_assets.pipeline.freshness import Stored, assess

if TYPE_CHECKING:
    import pandas as pd

#: `checks` column values
PASSED, UNKNOWN, FAILED = "passed", "unknown", "failed"


def _value(metadata: dict[str, Any], name: str) -> Any:
    entry = metadata.get(name)
    return getattr(entry, "value", entry)


def ir_row(partition_key: str, record: dg.EventLogRecord | None) -> dict[str, Any]:
    """The core columns of one partition from its latest `document_ir` record (None: never
    compiled; only its key and doc_id are known)."""
    row: dict[str, Any] = {
        "document_key": document_key_for(partition_key),
        "doc_id": key_to_doc_id(partition_key),
    }
    mat = record.asset_materialization if record is not None else None
    if mat is None:
        return row
    meta = dict(mat.metadata)
    row.update(
        name=_value(meta, "name"),
        format=_value(meta, "format"),
        pages=_value(meta, "pages"),
        sections=_value(meta, "nodes"),
        depth=_value(meta, "depth"),
        tokens=_value(meta, "tokens"),
        mode=_value(meta, "mode"),
        llm_calls=_value(meta, "llm_calls"),
        llm_tokens=_value(meta, "llm_tokens"),
        last_compiled=datetime.fromtimestamp(record.timestamp, UTC),  # type: ignore[union-attr]
        ir_path=_value(meta, "ir_path"),
    )
    return row


def check_status(instance: dg.DagsterInstance, graph: AssetGraph) -> dict[str, str]:
    """`{partition: "passed" | "failed: <checks>"}` from the latest evaluation of each check per
    partition (partitions without any: absent, i.e. unknown)."""
    names = graph.names
    keys = [dg.AssetCheckKey(names.key(field), check) for check, field in CHECKED_FIELD.items()]
    try:
        infos = instance.event_log_storage.get_asset_check_partition_info(keys)
    except Exception:  # noqa: BLE001 - a storage without per-partition checks: all unknown
        return {}
    failed: dict[str, list[str]] = {}
    passed: set[str] = set()
    for info in infos:
        pk, status = info.partition_key, info.latest_execution_status.value
        if pk is None:
            continue
        if status == "FAILED":
            failed.setdefault(pk, []).append(info.check_key.name)
        elif status == "SUCCEEDED":
            passed.add(pk)
    out = {pk: PASSED for pk in passed}
    out.update({pk: f"{FAILED}: {', '.join(sorted(n))}" for pk, n in failed.items()})
    return out


class RowCache:
    """What earlier refreshes read from the instance, by partition: the storage id of the latest
    `document_ir` materialization with the row fields and fingerprints taken from it, and of the
    latest source observation with its data version. Kept as JSON beside the corpus CSV, for
    one instance (`home`); unreadable or another instance's: empty."""

    def __init__(self, path: str | None, home: str) -> None:
        self.path, self.home = path, home
        self.irs: dict[str, list[Any]] = {}
        self.seen: dict[str, list[Any]] = {}
        if path is None:
            return
        try:
            data = json.loads(UPath(path).read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if isinstance(data, dict) and data.get("instance") == home:
            self.irs, self.seen = dict(data.get("irs") or {}), dict(data.get("seen") or {})

    def save(self) -> None:
        if self.path is None:
            return
        target = UPath(self.path)
        target.parent.mkdir(parents=True, exist_ok=True)
        payload = {"instance": self.home, "irs": self.irs, "seen": self.seen}
        target.write_text(json.dumps(payload, default=str), encoding="utf-8")


def _ir_entry(pk: str, record: dg.EventLogRecord) -> list[Any]:
    row = ir_row(pk, record)
    row["last_compiled"] = row["last_compiled"].isoformat() if "last_compiled" in row else None
    stored = records.stored_of(record)
    return [row, None if stored is None else dataclasses.astuple(stored)]


def _observed(record: dg.EventLogRecord) -> str | None:
    obs = record.asset_observation
    return obs.tags.get(DATA_VERSION_TAG) if obs is not None and obs.tags else None


def _refreshed(
    instance: dg.DagsterInstance,
    key: dg.AssetKey,
    event_type: dg.DagsterEventType,
    cached: dict[str, list[Any]],
    value: Any,
) -> dict[str, list[Any]]:
    """`{partition: [storage id, value]}` of the latest events, reading only the new ones."""
    ids, fresh = records.latest_records(
        instance, key, event_type, known={pk: entry[0] for pk, entry in cached.items()}
    )
    return {
        pk: [sid, value(pk, fresh[pk])] if pk in fresh else cached[pk]
        for pk, sid in ids.items()
        if pk in fresh or pk in cached
    }


def corpus_frame(
    instance: dg.DagsterInstance,
    graph: AssetGraph,
    ir_store: IRStore | None = None,
    cache_path: str | None = None,
) -> pd.DataFrame:
    """The corpus frame (`ir.corpus.columns(with_instance=True)`): one row per registered
    document partition, in partition-key order. `ir_store` (a local IR folder) adds the
    stamp check of each IR file to freshness (`IR missing`, `IR damaged`). `cache_path` keeps
    what was read (`RowCache`): a refresh then deserializes only the events recorded since
    the last one (an event costs milliseconds to decode; its latest id per partition, not)."""
    names = graph.names
    partitions = sorted(instance.get_dynamic_partitions(names.partitions.name))
    cache = RowCache(cache_path, str(instance.root_directory or ""))
    cache.irs = _refreshed(
        instance,
        names.key(DOCUMENT_IR),
        dg.DagsterEventType.ASSET_MATERIALIZATION,
        cache.irs,
        _ir_entry,
    )
    cache.seen = _refreshed(
        instance,
        names.key(SOURCE),
        dg.DagsterEventType.ASSET_OBSERVATION,
        cache.seen,
        lambda _pk, record: _observed(record),
    )
    cache.save()
    checks = check_status(instance, graph)
    # a local IR folder: the stamp check is one stat (not `IRStore.state`'s UPath per file)
    folder = ir_store.path if ir_store is not None and "://" not in ir_store.path else None
    rows = []
    for pk in partitions:
        entry = cache.irs.get(pk)
        row = dict(entry[1][0]) if entry else ir_row(pk, None)
        stored = Stored(*entry[1][1]) if entry and entry[1][1] else None
        observed = cache.seen[pk][1] if pk in cache.seen else None
        fingerprint = observed or (stored.content_fingerprint if stored else None) or ""
        row["freshness"] = assess(
            stored,
            fingerprint=fingerprint,
            logic=graph.fingerprint,
            ir_intact=(
                (
                    lambda r=row, s=stored: ir_state(
                        os.path.join(folder, f"{r['doc_id']}.bin"), s.ir_stamp
                    )
                )
                if folder and stored is not None
                else True
            ),
        ).reason
        row["checks"] = checks.get(pk, UNKNOWN)
        rows.append(row)
    return to_frame(rows, with_instance=True)
