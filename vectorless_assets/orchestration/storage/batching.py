"""One transaction per document, whatever the event log: the interface both batching event
logs share (`event_log.BatchingSqliteEventLogStorage`,
`pg_event_log.BatchingPostgresEventLogStorage`) and the helpers the document runs call, which
fall back to Dagster's behaviour on any other storage."""

from __future__ import annotations

from contextlib import AbstractContextManager, nullcontext
from typing import Protocol, runtime_checkable

import dagster as dg


@runtime_checkable
class BatchingStorage(Protocol):
    """An event log with `transaction()` (this thread's writes and reads in one transaction
    per database, committed at the end) and `stored_id()` (the storage id of an event stored
    inside it, without a query)."""

    def transaction(self) -> AbstractContextManager[None]: ...

    def stored_id(self, asset_key: dg.AssetKey, partition: str | None) -> int | None: ...


def stored_event_id(
    instance: dg.DagsterInstance, asset_key: dg.AssetKey, partition: str | None
) -> int | None:
    """`stored_id` of the instance's event log when it is a batching one, else None."""
    storage = instance.event_log_storage
    return storage.stored_id(asset_key, partition) if isinstance(storage, BatchingStorage) else None


def document_transaction(instance: dg.DagsterInstance) -> AbstractContextManager[None]:
    """`transaction()` of the instance's event log when it is a batching one (SQLite or
    PostgreSQL), else a no-op (other storages write as they always do)."""
    storage = instance.event_log_storage
    return storage.transaction() if isinstance(storage, BatchingStorage) else nullcontext()
