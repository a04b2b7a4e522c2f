"""The automation's memory of the documents root: a small SQLite file beside the IR folder.

One row per document seen by the documents sensor: partition key, file size and mtime (the
cheap pre-check before hashing), content fingerprint, and `changes`, a counter raised every
time the fingerprint differs from the stored one. The file also holds an `epoch` (random,
created with the file): run keys are `<partition>:<epoch>:<changes>`, so every observed
edit gets a new run key (A -> B -> A compiles three times) and a recreated state file never
reuses an old key.

Keeping this map out of the sensor cursor keeps the cursor a few dozen bytes at any corpus
size (a JSON map costs ~80 B per document, 8 MB per tick at 100,000 documents).
Location: `<ir_dir>/.state/documents.sqlite` for a local IR folder (`Settings.state_path`).
Losing the file is harmless: the next tick hashes every document again and the compile
plan (`selection.select_assets`) skips those whose IR is current. So a file that is not a
readable SQLite database (garbage, truncated, failing `PRAGMA quick_check`) is moved aside
to `<path>.damaged-<unix time>` (with its `-journal`/`-wal`/`-shm` companions) and rebuilt,
with a warning: a damaged state file must never stop the automation.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
import time
import uuid
from collections.abc import Iterable
from dataclasses import dataclass

SCHEMA = """
CREATE TABLE IF NOT EXISTS documents (
    partition_key TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    fingerprint TEXT NOT NULL,
    changes INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS irs (
    partition_key TEXT PRIMARY KEY,
    storage_id INTEGER NOT NULL,
    stamp TEXT,
    degraded INTEGER NOT NULL
);
"""


@dataclass(frozen=True)
class Row:
    size: int
    mtime_ns: int
    fingerprint: str
    changes: int


log = logging.getLogger(__name__)


def _open(path: str) -> sqlite3.Connection:
    """Connect, check and create the schema; `sqlite3.DatabaseError` if the file is damaged."""
    db = sqlite3.connect(path, timeout=30)
    try:
        verdict = db.execute("PRAGMA quick_check").fetchone()
        if verdict is None or verdict[0] != "ok":
            raise sqlite3.DatabaseError(f"quick_check: {verdict[0] if verdict else 'no answer'}")
        db.executescript(SCHEMA)
    except BaseException:
        db.close()
        raise
    return db


def _move_aside(path: str) -> str:
    target = f"{path}.damaged-{int(time.time())}"
    for suffix in ("", "-journal", "-wal", "-shm"):
        if os.path.lexists(path + suffix) and stat.S_ISREG(os.lstat(path + suffix).st_mode):
            os.replace(path + suffix, target + suffix)  # its own regular files only
    return target


@dataclass(frozen=True)
class IRFacts:
    storage_id: int
    stamp: str | None
    degraded: bool


class DocState:
    """Read and write the state file at `path` (created on first use; rebuilt if damaged)."""

    def __init__(self, path: str | os.PathLike[str]) -> None:
        self.path = os.fspath(path)
        os.makedirs(os.path.dirname(self.path) or ".", exist_ok=True)
        try:
            self._db = _open(self.path)
        except sqlite3.DatabaseError as exc:  # "file is not a database", "malformed", ...
            if isinstance(exc, sqlite3.OperationalError) and "locked" in str(exc):
                raise  # busy, not damaged
            moved = _move_aside(self.path)
            log.warning(
                (
                    "automation state file %s is damaged (%s); moved to %s and rebuilt "
                    "(every document is hashed again)"
                ),
                self.path,
                exc,
                moved,
            )
            self._db = _open(self.path)
        row = self._db.execute("SELECT value FROM meta WHERE name='epoch'").fetchone()
        if row is None:
            self.epoch = uuid.uuid4().hex[:8]
            with self._db:
                self._db.execute("INSERT OR IGNORE INTO meta VALUES ('epoch', ?)", (self.epoch,))
            self.epoch = self._db.execute("SELECT value FROM meta WHERE name='epoch'").fetchone()[0]
        else:
            self.epoch = row[0]

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> DocState:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def get_meta(self, name: str) -> str | None:
        row = self._db.execute("SELECT value FROM meta WHERE name = ?", (name,)).fetchone()
        return row[0] if row else None

    def set_meta(self, name: str, value: str) -> None:
        with self._db:
            self._db.execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, value))

    def load(self) -> dict[str, Row]:
        """Every stored row, by partition key."""
        cur = self._db.execute(
            "SELECT partition_key, size, mtime_ns, fingerprint, changes FROM documents"
        )
        return {pk: Row(size, mtime, fp, changes) for pk, size, mtime, fp, changes in cur}

    def save(self, rows: dict[str, Row]) -> None:
        """Insert or replace `rows` in one transaction."""
        if not rows:
            return
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO documents VALUES (?, ?, ?, ?, ?)",
                [(pk, r.size, r.mtime_ns, r.fingerprint, r.changes) for pk, r in rows.items()],
            )

    def load_irs(self) -> dict[str, IRFacts]:
        """What the IR check (`automation.ir_health`) remembers of each document's latest
        `document_ir` materialization: its storage id, the IR file's stamp, degraded or not."""
        cur = self._db.execute("SELECT partition_key, storage_id, stamp, degraded FROM irs")
        return {pk: IRFacts(sid, stamp, bool(degraded)) for pk, sid, stamp, degraded in cur}

    def save_irs(self, facts: dict[str, IRFacts], *, drop: Iterable[str] = ()) -> None:
        with self._db:
            self._db.executemany(
                "INSERT OR REPLACE INTO irs VALUES (?, ?, ?, ?)",
                [(pk, f.storage_id, f.stamp, int(f.degraded)) for pk, f in facts.items()],
            )
            self._db.executemany("DELETE FROM irs WHERE partition_key = ?", [(k,) for k in drop])

    def delete(self, keys: Iterable[str]) -> None:
        keys = list(keys)
        if keys:
            with self._db:
                self._db.executemany(
                    "DELETE FROM documents WHERE partition_key = ?", [(k,) for k in keys]
                )
