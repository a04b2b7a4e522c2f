"""`BatchingPostgresEventLogStorage`: dagster-postgres's event log with a connection pool and
one transaction per document, as `event_log.BatchingSqliteEventLogStorage` does for SQLite.

`PostgresEventLogStorage` opens a new database connection (TCP, authentication) for every
statement group, ≈ 5 per stored event, and commits each: ≈ 0.8 s per batched document on
the test machine. This class keeps a small pool (`pool_size`, default 2) and, inside
`transaction()`, runs this thread's event-log statements on one connection in one
transaction (READ COMMITTED), committed at the end. The same tables; the events stored as
the SQLite one stores them (`slim.SlimEventLog`: no logging tags, repeated message or asset
event step handle; compact JSON, serialized once). Selected
with per-storage sections in `dagster.yaml` (docs/dagster.md, "Deployment"):

    event_log_storage:
      module: vectorless_assets.orchestration.storage.pg_event_log
      class: BatchingPostgresEventLogStorage
      config:
        postgres_url: {env: DAGSTER_PG_URL}

Needs dagster-postgres (the `postgres` or `distributed` extra).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from contextlib import contextmanager, nullcontext
from typing import Any

import dagster as dg
from dagster._serdes import ConfigurableClassData
from dagster_postgres.event_log.event_log import PostgresEventLogStorage
from dagster_postgres.utils import create_pg_connection, create_pg_engine, pg_url_from_config
from sqlalchemy.engine import Connection

from vectorless_assets.orchestration.storage.slim import SlimEventLog


class BatchingPostgresEventLogStorage(SlimEventLog, PostgresEventLogStorage):
    """dagster-postgres's event log with pooled connections, `transaction()` and slim events
    (module doc)."""

    def __init__(
        self,
        postgres_url: str,
        should_autocreate_tables: bool = True,
        inst_data: ConfigurableClassData | None = None,
        pool_size: int = 2,
    ) -> None:
        self._local = threading.local()
        super().__init__(
            postgres_url, should_autocreate_tables=should_autocreate_tables, inst_data=inst_data
        )
        self._engine = create_pg_engine(
            self.postgres_url,
            None,
            isolation_level="AUTOCOMMIT",
            pool_size=pool_size,
            max_overflow=2 * pool_size,
            pool_recycle=3600,
            pool_pre_ping=True,
        )

    @classmethod
    def config_type(cls) -> Any:
        return {
            **super().config_type(),
            "pool_size": dg.Field(int, is_required=False, default_value=2),
        }

    @classmethod
    def from_config_value(
        cls, inst_data: ConfigurableClassData | None, config_value: Mapping[str, Any]
    ) -> BatchingPostgresEventLogStorage:  # type: ignore[override]
        return cls(
            postgres_url=pg_url_from_config(config_value),
            should_autocreate_tables=config_value.get("should_autocreate_tables", True),
            inst_data=inst_data,
            pool_size=config_value.get("pool_size", 2),
        )

    def _connect(self) -> Any:
        held: Connection | None = getattr(self._local, "conn", None)
        return nullcontext(held) if held is not None else create_pg_connection(self._engine)

    def _store_asset_event(self, conn: Connection, event: Any, event_id: int) -> None:
        super()._store_asset_event(conn, event, event_id)
        stored = getattr(self._local, "stored", None)
        dagster_event = event.dagster_event
        if stored is not None and dagster_event is not None and dagster_event.asset_key is not None:
            stored[(dagster_event.asset_key, dagster_event.partition)] = event_id

    def stored_id(self, asset_key: dg.AssetKey, partition: str | None) -> int | None:
        """Storage id of the last event of `asset_key`/`partition` stored by this thread in the
        current `transaction()` (None outside one)."""
        stored = getattr(self._local, "stored", None)
        return stored.get((asset_key, partition)) if stored else None

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """This thread's event-log statements on one connection, in one transaction committed
        at the end (rolled back if the block raises). Nested calls join the outer one."""
        if getattr(self._local, "conn", None) is not None:
            yield
            return
        conn = self._engine.connect().execution_options(isolation_level="READ COMMITTED")
        conn.begin()
        self._local.conn, self._local.stored = conn, {}
        try:
            yield
        except BaseException:
            conn.rollback()
            raise
        else:
            conn.commit()
        finally:
            self._local.conn = self._local.stored = None
            conn.close()

    def dispose(self) -> None:
        super().dispose()
        self._engine.dispose()


def postgres_storage_yaml(url: str | None = None, env: str = "DAGSTER_PG_URL") -> str:
    """`dagster.yaml` sections for PostgreSQL storage with this event log: Dagster's run and
    schedule storages and `BatchingPostgresEventLogStorage`, all on `url` (or `$<env>`)."""
    value = f"{url}" if url else f"{{env: {env}}}"
    sections = (
        ("run_storage", "dagster_postgres.run_storage", "PostgresRunStorage"),
        ("event_log_storage", __name__, "BatchingPostgresEventLogStorage"),
        ("schedule_storage", "dagster_postgres.schedule_storage", "PostgresScheduleStorage"),
    )
    return "".join(
        f"{key}:\n  module: {module}\n  class: {cls}\n  config:\n    postgres_url: {value}\n"
        for key, module, cls in sections
    )
