"""What the event log stores of an event: Dagster's event without the parts nothing reads.

A compiled document is about 20 asset events (one materialization per field, the source's
observation, its check evaluations), and SQLite stores each of them twice (the run's shard
and the index shard) and a check evaluation a third time (`asset_check_executions`).
Measured on the Rust book's chapters (`benchmarks/scale/bench_event_size.py`), a materialization
is ≈ 2 KB of JSON, of which three parts are never read back:

* `DagsterEvent.logging_tags` (≈ 200 bytes): the step's logging context (job, op, step key,
  run id, resource names, all stored elsewhere in the same entry), used while the step runs,
  never read from a stored event;
* `DagsterEvent.message` when it repeats the entry's `user_message`: `EventLogEntry.message`
  (what the UI's run log shows) falls back to `user_message` when it is None;
* an asset or check event's `DagsterEvent.step_handle` (≈ 120-190 bytes): re-execution reads
  the step handles of the run's step events only (`STEP_START`, `STEP_SUCCESS`, ...: kept);
  read back, an event without one gets `StepHandle(node_handle)` (Dagster's own fallback for
  old events), and its `step_key` and `node_handle` (the UI's step and op) are stored as
  they were.

`slim(entry)` drops them; everything else (data versions, provenance tags, metadata, step
key, node handle, timestamps) is stored as Dagster wrote it, so staleness, lineage and the UI
read the same values. `SlimEventLog` is the storage mixin that stores events so (SQLite and
PostgreSQL), its JSON compact, and serializes each event once.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from dagster._core.events import ASSET_CHECK_EVENTS, ASSET_EVENTS, DagsterEvent
from dagster._core.events.log import EventLogEntry
from dagster._serdes import serialize_value
from dagster._time import datetime_from_timestamp

#: event types whose stored copy has no step handle (nothing reads it back)
NO_STEP_HANDLE = frozenset(ASSET_EVENTS | ASSET_CHECK_EVENTS)


def slim_dagster_event(event: DagsterEvent, user_message: str | None) -> DagsterEvent:
    """`event` without its logging tags, a message equal to `user_message` and, for an
    asset or check event, its step handle."""
    message = None if event.message == user_message else event.message
    step_handle = None if event.event_type in NO_STEP_HANDLE else event.step_handle
    if not event.logging_tags and message == event.message and step_handle is event.step_handle:
        return event
    return event._replace(logging_tags={}, message=message, step_handle=step_handle)


def slim(entry: EventLogEntry) -> EventLogEntry:
    """`entry` as stored: its Dagster event slimmed (`slim_dagster_event`), else unchanged."""
    event = entry.dagster_event
    if event is None:
        return entry
    slimmed = slim_dagster_event(event, entry.user_message)
    return entry if slimmed is event else entry._replace(dagster_event=slimmed)


def compact(entry: EventLogEntry) -> str:
    """`entry` serialized as Dagster serializes it, without the spaces after `,` and `:`
    (`json.dumps`'s default separators; read back the same, ≈ 7% fewer bytes)."""
    return serialize_value(entry, separators=(",", ":"))


def record_json(entry_json: str, storage_id: int) -> str:
    """`serialize_value(EventLogRecord(storage_id, entry))`, compact, from the entry's JSON
    (`compact(entry)`): the asset row's `last_materialization` without serializing again."""
    return (
        f'{{"__class__":"EventLogRecord","event_log_entry":{entry_json},'
        f'"storage_id":{int(storage_id)}}}'
    )


class SlimEventLog:
    """Mixin for a `SqlEventLogStorage` subclass (put it first): stores `slim(event)`, its
    JSON `compact`, serialized once per event (the event row and the asset row's latest
    materialization share the text). Read back through Dagster's own code, unchanged."""

    _serialized = threading.local()  # this thread's last (entry, its compact JSON)

    def store_event(self, event: EventLogEntry) -> None:
        """Dagster's `store_event` of the event without what nothing reads (`slim`)."""
        super().store_event(slim(event))  # type: ignore[misc]

    def store_event_batch(self, events: Sequence[EventLogEntry]) -> None:
        """Dagster's `store_event_batch` of the events, each `slim`."""
        super().store_event_batch([slim(e) for e in events])  # type: ignore[misc]

    def _json(self, event: EventLogEntry) -> str:
        last = getattr(self._serialized, "last", None)
        if last is not None and last[0] is event:
            return last[1]
        text = compact(event)
        self._serialized.last = (event, text)
        return text

    def _event_to_row(self, event: EventLogEntry) -> dict[str, Any]:
        """Dagster's row of the event (`SqlEventLogStorage._event_to_row`), its JSON compact."""
        dagster_event = event.dagster_event
        asset_key = dagster_event.asset_key if dagster_event is not None else None
        return {
            "run_id": event.run_id,
            "event": self._json(event),
            "dagster_event_type": dagster_event.event_type_value if dagster_event else None,
            "timestamp": self._event_insert_timestamp(event),  # type: ignore[attr-defined]
            "step_key": dagster_event.step_key if dagster_event else event.step_key,
            "asset_key": asset_key.to_string() if asset_key is not None else None,
            "partition": (dagster_event.partition or None) if dagster_event else None,
        }

    def _get_asset_entry_values(
        self, event: EventLogEntry, event_id: int, has_asset_key_index_cols: bool
    ) -> dict[str, Any]:
        """Dagster's values of the asset's row (`SqlEventLogStorage._get_asset_entry_values`);
        a materialization's `last_materialization` built from the JSON already written for its
        event row (`record_json`) instead of serializing the event again."""
        dagster_event = event.dagster_event
        if dagster_event is None or not dagster_event.is_step_materialization:
            return super()._get_asset_entry_values(  # type: ignore[misc]
                event, event_id, has_asset_key_index_cols
            )
        values: dict[str, Any] = {
            "last_materialization": record_json(self._json(event), event_id),
            "last_run_id": event.run_id,
        }
        if has_asset_key_index_cols:
            values["last_materialization_timestamp"] = datetime_from_timestamp(event.timestamp)
        return values
