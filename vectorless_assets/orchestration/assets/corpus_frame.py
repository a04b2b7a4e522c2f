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
then the records in chunks of 500; one query per check), no file read.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import dagster as dg

from vectorless_assets.ir.corpus import to_frame
from vectorless_assets.orchestration.assets.checks import CHECKED_FIELD
from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.assets.partitions import document_key_for, key_to_doc_id
from vectorless_assets.orchestration.base.keys import DATA_VERSION_TAG, DOCUMENT_IR, SOURCE
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.resources import IRStore
from vectorless_assets.pipeline.freshness import assess

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


def corpus_frame(
    instance: dg.DagsterInstance, graph: AssetGraph, ir_store: IRStore | None = None
) -> pd.DataFrame:
    """The corpus frame (`ir.corpus.columns(with_instance=True)`): one row per registered
    document partition, in partition-key order. `ir_store` (a local IR folder) adds the
    stamp check of each IR file to freshness (`IR missing`, `IR damaged`)."""
    names = graph.names
    partitions = sorted(instance.get_dynamic_partitions(names.partitions.name))
    irs = records.latest_records(instance, names.key(DOCUMENT_IR))
    observations = records.latest_records(
        instance, names.key(SOURCE), dg.DagsterEventType.ASSET_OBSERVATION
    )
    checks = check_status(instance, graph)
    local = ir_store is not None and "://" not in ir_store.path
    rows = []
    for pk in partitions:
        record = irs.get(pk)
        row = ir_row(pk, record)
        stored = records.stored_of(record) if record is not None else None
        seen = observations.get(pk)
        observed = (
            seen.asset_observation.tags.get(DATA_VERSION_TAG)
            if seen is not None and seen.asset_observation is not None
            else None
        )
        fingerprint = observed or (stored.content_fingerprint if stored else None) or ""
        row["freshness"] = assess(
            stored,
            fingerprint=fingerprint,
            logic=graph.fingerprint,
            ir_intact=(
                (lambda pk=pk, s=stored: ir_store.state(key_to_doc_id(pk), s.ir_stamp))  # type: ignore[union-attr]
                if local and stored is not None
                else True
            ),
        ).reason
        row["checks"] = checks.get(pk, UNKNOWN)
        rows.append(row)
    return to_frame(rows, with_instance=True)
