"""A cheaper SQLite event log: pooled connections and one transaction per document.

Dagster's `SqliteEventLogStorage` opens a new SQLAlchemy engine and SQLite connection for
every statement group (about ten per stored event) and commits each of them (≈ 80 commits
per compiled document). Measured on the 112 Rust-book chapters (docs/dagster.md, "Cost of
orchestration"), that bookkeeping, not the compiler, is where a document's time goes.

`BatchingSqliteEventLogStorage` is the same storage (same files, same schema, switchable on
an existing instance either way) with two changes:

* one engine per database file, and the table/column-exists checks cached; an asset's row is
  updated first (Dagster inserts first and catches the integrity error every time);
* a new run's database is a copy of the first one this process created (one write and
  fsync instead of Dagster's DDL statements, each committed and synced, and alembic stamp), kept
  open with a connection pool (the index shard, and the
  few most recent run shards: older ones are disposed, so thousands of runs do not keep
  thousands of files open);
* `transaction()`: inside it, every write and read of this thread goes through one
  connection per database file and is committed once at the end (rolled back on an error,
  so a document's events are stored all or nothing). `recompile_documents` opens one per
  document, the CLI's run (`compile_paths`) one per document run. Reads inside see the
  writes before them, so provenance pointers (`dagster/input_event_pointer/...`) stay exact.
  SQLite takes the write lock at the first write and holds it to the commit: other writers
  (the sensor daemon, another run) wait up to the busy timeout, for the rest of that
  document's compile.

Every event is still stored: per-partition materializations, data versions and lineage are
exactly what the default storage records, each event without what nothing reads back
(`slim.SlimEventLog`). `batching` holds the interface the document runs call. Selected in
`dagster.yaml`::

    event_log_storage:
      module: vectorless_assets.orchestration.storage.event_log
      class: BatchingSqliteEventLogStorage

`base_dir` (optional) is the event-log folder, `$DAGSTER_HOME/history/runs` by default (where
Dagster's default SQLite storage keeps it).
"""

from __future__ import annotations

import os
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import dagster as dg
from dagster._core.storage.event_log.sqlite.sqlite_event_log import (
    SQLITE_BUSY_TIMEOUT_SECONDS,
    SqliteEventLogStorage,
)
from dagster._serdes import ConfigurableClassData
from sqlalchemy import create_engine, event
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.pool import NullPool

from vectorless_assets.orchestration.storage.slim import SlimEventLog
from vectorless_assets.orchestration.storage.sqlite_store import PreparedSqliteStore
from vectorless_assets.orchestration.storage.sqlite_tuning import bounded_wal, new_database

#: open engines kept besides the index shard (run shards: the current run and a few before)
MAX_OPEN_SHARDS = 4
INDEX_SHARD = "index"


def _unsynced(dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.execute("PRAGMA synchronous=OFF")


def _dispose_engines(engines: OrderedDict[str, Engine]) -> None:
    for engine in list(engines.values()):
        engine.dispose()


def default_base_dir() -> str:
    """`$DAGSTER_HOME/history/runs`: where Dagster's default SQLite storage keeps event logs."""
    home = os.environ.get("DAGSTER_HOME")
    if not home:
        raise dg.DagsterInvariantViolationError(
            "BatchingSqliteEventLogStorage needs `base_dir` or $DAGSTER_HOME"
        )
    return os.path.join(home, "history", "runs")


class BatchingSqliteEventLogStorage(SlimEventLog, PreparedSqliteStore, SqliteEventLogStorage):
    """Dagster's SQLite event log with pooled connections and `transaction()` (module doc)."""

    def __init__(self, base_dir: str, inst_data: ConfigurableClassData | None = None) -> None:
        self._engines: OrderedDict[str, Engine] = OrderedDict()
        self._local = threading.local()
        self._tables: set[str] = set()
        self._template: bytes | None = None  # a new, empty run database (`_create_shard`)
        # at exit, close the pooled connections even if nobody calls `dispose()` (the CLI):
        # SQLite then checkpoints each file's write-ahead log and deletes it
        weakref.finalize(self, _dispose_engines, self._engines)
        super().__init__(base_dir, inst_data=inst_data)  # may already connect (a new index shard)

    @classmethod
    def config_type(cls) -> dict[str, Any]:
        return {"base_dir": dg.Field(dg.StringSource, is_required=False)}

    @classmethod
    def from_config_value(
        cls, inst_data: ConfigurableClassData | None, config_value: Any
    ) -> BatchingSqliteEventLogStorage:  # type: ignore[override]
        return cls(base_dir=config_value.get("base_dir") or default_base_dir(), inst_data=inst_data)

    def _engine(self, shard: str) -> Engine:
        """The open engine of `shard` (created, and its database initialised, on first use)."""
        engine = self._engines.pop(shard, None)
        if engine is not None and shard not in self._initialized_dbs:  # wiped or upgraded since
            engine.dispose()
            engine = None
        if engine is None:
            if shard not in self._initialized_dbs:
                self._create_shard(shard)
            engine = create_engine(
                self.conn_string_for_shard(shard),
                connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS},
            )
            event.listen(engine, "connect", bounded_wal)
        self._engines[shard] = engine
        runs = [s for s in self._engines if s != INDEX_SHARD]
        for old in runs[: max(0, len(runs) - MAX_OPEN_SHARDS)]:
            self._engines.pop(old).dispose()
        return engine

    def _create_shard(self, shard: str) -> None:
        """Create (or check) the database of `shard` as Dagster does. A new run's file is the
        bytes of the first one this process created (Dagster's DDL and alembic stamp, run once
        with `PRAGMA synchronous=OFF`), written and fsynced once: otherwise ~20 DDL commits
        wait for ~20 fsyncs and alembic loads its scripts (≈ 0.1-0.5 s per run)."""
        path = self.path_for_shard(shard)
        new = shard != INDEX_SHARD and not os.path.exists(path)
        if new and self._template is not None:
            with open(path, "xb") as fh:
                fh.write(self._template)
                fh.flush()
                os.fsync(fh.fileno())
            self._initialized_dbs.add(shard)
            return
        engine = create_engine(
            self.conn_string_for_shard(shard),
            poolclass=NullPool,
            connect_args={"timeout": SQLITE_BUSY_TIMEOUT_SECONDS},
        )
        if new:
            event.listen(engine, "connect", _unsynced)
        try:
            self._initdb(engine)
        finally:
            engine.dispose()  # the last connection closed: WAL checkpointed into the file
        if new:
            with open(path, "rb") as fh:
                self._template = fh.read()
                os.fsync(fh.fileno())
        self._initialized_dbs.add(shard)

    def _initdb(self, engine: Engine, for_index_shard: bool = False) -> None:
        """Dagster's schema in the engine's database; a new file gets `PAGE_SIZE` pages."""
        path = engine.url.database
        if path and not os.path.exists(path):
            new_database(path)
        super()._initdb(engine, for_index_shard=for_index_shard)

    def has_table(self, table_name: str) -> bool:
        """Cached once found (Dagster's asks, through a new connection, at every asset event)."""
        if table_name not in self._tables and super().has_table(table_name):
            self._tables.add(table_name)
        return table_name in self._tables

    def _has_asset_key_col_on_connection(self, conn: Connection, column_name: str) -> bool:
        """Cached once found (asked, with a schema query, at every asset event)."""
        key = f"asset_keys.{column_name}"
        if key not in self._tables and super()._has_asset_key_col_on_connection(conn, column_name):
            self._tables.add(key)
        return key in self._tables

    @contextmanager
    def _connect(self, shard: str) -> Iterator[Connection]:
        held: dict[str, Connection] | None = getattr(self._local, "held", None)
        if held is None:
            with self._db_lock, self._engine(shard).connect() as conn, conn.begin():
                yield conn
            return
        conn = held.get(shard)
        if conn is None:
            with self._db_lock:
                conn = self._engine(shard).connect()
            conn.begin()
            held[shard] = conn
        yield conn

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """This thread's event-log writes and reads in one transaction per database file,
        committed at the end (rolled back if the block raises). Nested calls join the outer one."""
        if getattr(self._local, "held", None) is not None:
            yield
            return
        held: dict[str, Connection] = {}
        self._local.held, self._local.stored = held, {}
        try:
            yield
        except BaseException:
            for conn in held.values():
                conn.rollback()
            raise
        else:
            # run shards first, the index last
            for shard in sorted(held, key=lambda s: s == INDEX_SHARD):
                held[shard].commit()
        finally:
            self._local.held = self._local.stored = None
            for conn in held.values():
                conn.close()

    def _remember(self, event: Any, event_id: int) -> None:
        """Inside `transaction()`, the event's storage id for `stored_id`."""
        stored = getattr(self._local, "stored", None)
        if stored is not None:
            stored[(event.dagster_event.asset_key, event.dagster_event.partition)] = event_id

    def stored_id(self, asset_key: dg.AssetKey, partition: str | None) -> int | None:
        """Storage id of the last event of `asset_key`/`partition` this thread stored in the
        current `transaction()` (None outside one, or if none): what a lookup of the latest
        record would return, without the query."""
        stored = getattr(self._local, "stored", None)
        return stored.get((asset_key, partition)) if stored else None

    def dispose(self) -> None:
        with self._db_lock:
            for engine in self._engines.values():
                engine.dispose()
            self._engines.clear()
        super().dispose()
