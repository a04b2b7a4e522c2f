"""The lasting LLM cache: answers kept across compiles, documents and processes.

Content-addressed: the key is a hash of the namespace (the asking pass, its version and the
processing version), the model, the system prompt, the prompt and the token budget. Stored
in one SQLite file (WAL mode, a busy timeout), so several processes on one machine share it
safely; on a shared or remote IR folder each machine keeps its own cache (a local file).
Bounded: beyond `max_entries` the least recently used answers are dropped. Only real
answers are stored: a failed call or an empty answer never is, so a fallback is redone by
the next compile that reaches a working model.

`CachedLLM` wraps any client with a cache; `llm.ask.ask` consults it before calling.
`refresh=True` skips lookups (every call goes to the model) but still stores the answers.

A cache is only an optimisation, so a damaged one never fails a compile: a regular file that
SQLite reports as not a database or malformed (or that fails its quick check) when opened,
and that is the project's own (in its default place, or with SQLite's header), is moved
aside to `<file>.damaged-<time>` and a new one is made, with a warning naming both; an
error met later while reading or writing is a miss (or a skipped store), warned once.

Nothing else is ever moved (`cache_files`): a path that is no cache file, or a place where
none can be made, is a `CacheLocationError` naming the variable the path came from; a
healthy cache in a read-only place is used read-only.
"""

from __future__ import annotations

import hashlib
import os
import sqlite3
import threading
import time
import warnings
from collections.abc import Callable

from vectorless_assets.llm import cache_files as files
from vectorless_assets.llm.protocol import LLMClient

SCHEMA = """
CREATE TABLE IF NOT EXISTS answers (
    key TEXT PRIMARY KEY,
    answer TEXT NOT NULL,
    used REAL NOT NULL
);
CREATE INDEX IF NOT EXISTS answers_used ON answers(used);
"""


#: The cache's file inside a local IR folder (hidden: IR readers list `*.bin` only).
CACHE_FILE = files.CACHE_FILE
#: The variable a cache path comes from, unless told otherwise (a Component's `<prefix>_CACHE`).
CACHE_VARIABLE = "VECTORLESS_LLM_CACHE"
CacheLocationError = files.CacheLocationError


class LLMCache:
    """A bounded, persistent map from prompt keys to answers (one SQLite file)."""

    def __init__(
        self,
        path: str | os.PathLike[str],
        *,
        max_entries: int = 100_000,
        variable: str = CACHE_VARIABLE,
    ) -> None:
        """Open (or make) the cache at `path`; `variable` names where the path came from in a
        `CacheLocationError`."""
        self.path = os.fspath(path)
        self.max_entries = max_entries
        self.variable = variable
        self.readonly = False
        self._lock = threading.Lock()
        self._warned = False
        where = files.CacheFiles(self.path, variable)
        where.check()
        if not where.writable():
            self.readonly = True
            self._db: sqlite3.Connection | None = where.open_readonly()
            return
        try:
            self._db = self._open()
        except sqlite3.DatabaseError as exc:
            if not files.is_damaged(exc):
                raise where.error(f"cannot be opened ({exc})") from exc
            where.move_aside(exc)
            self._db = self._open()

    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.executescript(SCHEMA)
            (status,) = db.execute("PRAGMA quick_check(1)").fetchone()
            if status != "ok":
                raise files.Damaged(f"quick check: {status}")
        except sqlite3.DatabaseError:
            db.close()
            raise
        return db

    def _damaged(self, exc: sqlite3.DatabaseError) -> None:
        if not self._warned:
            self._warned = True
            warnings.warn(
                (
                    f"LLM cache {self.path} failed ({exc}): answers are neither read from "
                    "nor kept in it"
                ),
                stacklevel=3,
            )

    @staticmethod
    def key(namespace: str, model: str, system: str | None, prompt: str, max_tokens: int) -> str:
        h = hashlib.sha256()
        for part in (namespace, model, system or "", prompt, str(max_tokens)):
            data = part.encode("utf-8", "surrogatepass")
            h.update(len(data).to_bytes(8, "little"))
            h.update(data)
        return h.hexdigest()

    def get(self, key: str) -> str | None:
        if self._db is None:
            return None
        with self._lock:
            try:
                row = self._db.execute(
                    "SELECT answer FROM answers WHERE key = ?", (key,)
                ).fetchone()
                if row is not None and not self.readonly:
                    self._db.execute(
                        "UPDATE answers SET used = ? WHERE key = ?", (time.time(), key)
                    )
            except sqlite3.DatabaseError as exc:
                self._damaged(exc)
                return None
        return None if row is None else str(row[0])

    def put(self, key: str, answer: str) -> None:
        if self._db is None or self.readonly:
            return
        with self._lock:
            try:
                self._put(key, answer)
            except sqlite3.DatabaseError as exc:
                self._damaged(exc)

    def _put(self, key: str, answer: str) -> None:
        """Store one answer and drop the least recently used beyond the bound (under the lock)."""
        assert self._db is not None
        self._db.execute(
            "INSERT OR REPLACE INTO answers(key, answer, used) VALUES (?, ?, ?)",
            (key, answer, time.time()),
        )
        (count,) = self._db.execute("SELECT COUNT(*) FROM answers").fetchone()
        if count > self.max_entries:
            self._db.execute(
                (
                    "DELETE FROM answers WHERE key IN (SELECT key FROM answers ORDER BY "
                    "used ASC LIMIT ?)"
                ),
                (count - self.max_entries,),
            )

    def __len__(self) -> int:
        if self._db is None:
            return 0
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM answers").fetchone()[0])

    def close(self) -> None:
        if self._db is None:
            return
        with self._lock:
            self._db.close()


class CachedLLM:
    """`inner` with a lasting cache; `namespace()` names the asking pass (set by the runner)."""

    def __init__(
        self,
        inner: LLMClient,
        cache: LLMCache,
        namespace: Callable[[], str],
        *,
        refresh: bool = False,
    ) -> None:
        self.inner, self.cache, self.namespace, self.refresh = inner, cache, namespace, refresh

    @property
    def model(self) -> str:
        return self.inner.model

    def _key(self, prompt: str, system: str | None, max_tokens: int) -> str:
        return LLMCache.key(self.namespace(), self.inner.model, system, prompt, max_tokens)

    def lookup(self, prompt: str, *, system: str | None, max_tokens: int) -> str | None:
        """The stored answer, or None (always None with `refresh`)."""
        return None if self.refresh else self.cache.get(self._key(prompt, system, max_tokens))

    def store(self, prompt: str, answer: str, *, system: str | None, max_tokens: int) -> None:
        self.cache.put(self._key(prompt, system, max_tokens), answer)

    def complete(self, prompt: str, *, system: str | None = None, max_tokens: int = 512) -> str:
        return self.inner.complete(prompt, system=system, max_tokens=max_tokens)
