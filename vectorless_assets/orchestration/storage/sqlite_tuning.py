"""SQLite settings of the local Dagster instance's files: their size, and optional speed.

Always, for the event log's files (`event_log.BatchingSqliteEventLogStorage`): a new file gets
`PAGE_SIZE` pages (`new_database`), and every connection bounds the write-ahead log
(`bounded_wal`); both measured with benchmarks/scale/bench_event_size.py (docs/deployment.md).

Optional: a lower `PRAGMA synchronous`.

Dagster's SQLite storage runs in WAL mode with SQLite's default `synchronous=FULL`: every
commit (several per event, ~90 events per document run) waits for an fsync, ≈ 20 ms each on
a small VM disk, which makes the disk, not the compiler or Dagster's Python, the bottleneck.
In WAL mode `synchronous=NORMAL` syncs at checkpoints only; the database stays consistent,
and an OS crash or power loss can lose the last transactions (here: the record of the last
compiles, which the next `compile` simply redoes). The setting is per connection, so it is
applied with a SQLAlchemy `connect` listener to connections whose database file lies under
the given folder, and only when `compile_paths` is asked to (`compile_paths(sqlite_synchronous=
"NORMAL" | "OFF")`; off by default). `dagster dev` and its launched runs keep Dagster's
defaults. Measured effect: benchmarks/speed/bench_dagster.py `--sqlite-sync`.
"""

from __future__ import annotations

import os
import sqlite3
from contextlib import closing
from typing import Any

from sqlalchemy import event
from sqlalchemy.engine import Engine

_ROOTS: set[str] = set()
_INSTALLED = False
_LEVELS = ("OFF", "NORMAL", "FULL")
_LEVEL = "NORMAL"


def _on_connect(dbapi_connection: Any, _record: Any) -> None:
    if not _ROOTS or not isinstance(dbapi_connection, sqlite3.Connection):
        return
    row = dbapi_connection.execute("PRAGMA database_list").fetchone()
    path = os.path.abspath(row[2]) if row and row[2] else ""
    if path and any(path.startswith(root + os.sep) for root in _ROOTS):
        dbapi_connection.execute("PRAGMA synchronous=" + _LEVEL)


def relax_sync(root: str, level: str = "NORMAL") -> None:
    """Use `PRAGMA synchronous=<level>` for SQLite files under `root` from now on.

    One level per process (the last call wins); `OFF` skips even the checkpoint fsyncs (a
    power loss may then corrupt the instance database: delete it and recompile).
    """
    global _INSTALLED, _LEVEL
    if level.upper() not in _LEVELS:
        raise ValueError(f"synchronous level must be one of {', '.join(_LEVELS)}")
    _LEVEL = level.upper()
    _ROOTS.add(os.path.abspath(root))
    if not _INSTALLED:
        event.listen(Engine, "connect", _on_connect)
        _INSTALLED = True


#: page size of a new database file (SQLite's default: 4096). A stored event is 1-2.5 KB of
#: JSON; in 4 KB pages a row over ~2 KB leaves its page's rest unused (measured: 255 KB of
#: instance per compiled document with 4 KB pages, see docs/deployment.md)
PAGE_SIZE = 16384


#: bytes of write-ahead log kept at most: SQLite checkpoints every 1000 pages (16 MB with
#: `PAGE_SIZE`) and never shrinks the file after a checkpoint, and a process that ends without
#: closing its connections (the CLI) leaves the whole log on disk (measured: 7-16 MB)
WAL_BYTES = 1 << 20


def bounded_wal(dbapi_connection: Any, _record: Any) -> None:
    """Checkpoint every `WAL_BYTES` of log and truncate the log to that after a checkpoint."""
    page_size = dbapi_connection.execute("PRAGMA page_size").fetchone()[0]
    dbapi_connection.execute(f"PRAGMA wal_autocheckpoint={max(1, WAL_BYTES // page_size)}")
    dbapi_connection.execute(f"PRAGMA journal_size_limit={WAL_BYTES}")


def new_database(path: str) -> None:
    """Create the empty database file `path` with `PAGE_SIZE` pages (the page size of a file
    is fixed by its first write: Dagster's DDL would write SQLite's default)."""
    with closing(sqlite3.connect(path)) as conn:
        conn.execute(f"PRAGMA page_size={PAGE_SIZE}")
        conn.execute("VACUUM")
