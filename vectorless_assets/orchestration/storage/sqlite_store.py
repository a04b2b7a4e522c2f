"""Dagster's SQLite store path with prepared statements: `SqliteEventLogStorage.store_event`
and the asset row's upsert, the same rows in the same tables, without building and hashing a
new SQLAlchemy statement for every row.

Dagster builds `insert().values(**row)` per stored event (and again for its index-shard
copy) and `update().values(...)` per asset event: SQLAlchemy then coerces each value into a
bind parameter and walks the statement for its cache key. Measured on the 112 Rust-book
chapters (`benchmarks/speed/bench_dagster.py`, cProfile), that is ≈ 2-3 s of ≈ 11 s of CPU. Here
each statement is built once (module constants; an update's SET clause is the columns of
its parameters) and executed with the row as parameters.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as db
from dagster._core.events import ASSET_CHECK_EVENTS, ASSET_EVENTS, EVENT_TYPE_TO_PIPELINE_RUN_STATUS
from dagster._core.events.log import EventLogEntry
from dagster._core.storage.event_log.schema import AssetKeyTable, SqlEventLogStorageTable
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

INSERT_EVENT = SqlEventLogStorageTable.insert()
INSERT_ASSET = AssetKeyTable.insert()
KEY = "b_asset_key"  # the WHERE parameter's name (not a column's)
#: `UPDATE asset_keys SET <the parameters' columns> WHERE asset_key = :b_asset_key`
UPDATE_ASSET = AssetKeyTable.update().where(AssetKeyTable.c.asset_key == db.bindparam(KEY))


class PreparedSqliteStore:
    """Mixin for `SqliteEventLogStorage` subclasses (before it in the bases): `store_event`
    and `_store_asset_event` as Dagster's, with prepared statements (module doc). Calls the
    storage's `_event_to_row`, `_get_asset_entry_values` and `_remember` hooks."""

    def store_event(self, event: EventLogEntry) -> None:
        """Dagster's `SqliteEventLogStorage.store_event`: the event in its run's shard, an
        asset, check or run-status event mirrored in the index shard (asset events with their
        indexed tags and the asset's row, check events with their execution row)."""
        row = self._event_to_row(event)  # type: ignore[attr-defined]
        kind = event.dagster_event_type
        with self.run_connection(event.run_id) as conn:  # type: ignore[attr-defined]
            conn.execute(INSERT_EVENT, row)
        if kind in ASSET_EVENTS:
            with self.index_transaction() as conn:  # type: ignore[attr-defined]
                event_id = conn.execute(INSERT_EVENT, row).inserted_primary_key[0]
                self._store_asset_event_tags(conn, [event], [event_id])  # type: ignore[attr-defined]
                self._store_asset_event(conn, event, event_id)
        if kind in ASSET_CHECK_EVENTS:
            with self.index_connection() as conn:  # type: ignore[attr-defined]
                event_id = conn.execute(INSERT_EVENT, row).inserted_primary_key[0]
            self.store_asset_check_event(event, event_id)  # type: ignore[attr-defined]
        if kind in EVENT_TYPE_TO_PIPELINE_RUN_STATUS:
            with self.index_connection() as conn:  # type: ignore[attr-defined]
                conn.execute(INSERT_EVENT, row)

    def _store_asset_event(self, conn: Connection, event: Any, event_id: int) -> None:
        """Dagster's upsert of the asset's row (its latest materialization), updating first:
        Dagster inserts first and updates on the integrity error, which is every event of an
        asset after its first. Then `_remember(event, event_id)`."""
        dagster_event = event.dagster_event
        if dagster_event is None or dagster_event.asset_key is None:
            return
        values = self._get_asset_entry_values(  # type: ignore[attr-defined]
            event,
            event_id,
            self._has_asset_key_index_cols_on_connection(conn),  # type: ignore[attr-defined]
        )
        if values:
            key = dagster_event.asset_key.to_string()
            if not conn.execute(UPDATE_ASSET, {KEY: key, **values}).rowcount:
                try:
                    conn.execute(INSERT_ASSET, {"asset_key": key, **values})
                except IntegrityError:  # inserted by another process meanwhile
                    conn.execute(UPDATE_ASSET, {KEY: key, **values})
        self._remember(event, event_id)

    def _remember(self, event: Any, event_id: int) -> None:
        """Called with every stored asset event and its index-shard storage id."""
