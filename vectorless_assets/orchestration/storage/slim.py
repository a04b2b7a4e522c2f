"""What the event log stores of an event: Dagster's event without the parts nothing reads.

A compiled document is about 20 asset events (one materialization per field, the source's
observation, its check evaluations), and SQLite stores each of them twice (the run's shard
and the index shard) and a check evaluation a third time (`asset_check_executions`).
Measured on the Rust book's chapters (`benchmarks/bench_event_size.py`), a materialization
is ≈ 2.3 KB of JSON, of which two parts are never read back:

* `DagsterEvent.logging_tags` (≈ 200 bytes): the step's logging context (job, op, step key,
  run id, resource names, all stored elsewhere in the same entry), used while the step runs,
  never read from a stored event;
* `DagsterEvent.message` when it repeats the entry's `user_message`: `EventLogEntry.message`
  (what the UI's run log shows) falls back to `user_message` when it is None.

`slim(entry)` drops both; everything else (data versions, provenance tags, metadata, step
key and handle, timestamps) is stored as Dagster wrote it, so staleness, lineage and the UI
read the same values.
"""

from __future__ import annotations

from dagster._core.events import DagsterEvent
from dagster._core.events.log import EventLogEntry
from dagster._serdes import serialize_value


def slim_dagster_event(event: DagsterEvent, user_message: str | None) -> DagsterEvent:
    """`event` without its logging tags and without a message equal to `user_message`."""
    message = None if event.message == user_message else event.message
    if not event.logging_tags and message == event.message:
        return event
    return event._replace(logging_tags={}, message=message)


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
