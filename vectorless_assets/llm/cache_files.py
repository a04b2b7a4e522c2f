"""Where the lasting LLM cache lives, and the one thing ever done to its files: move a damaged
cache aside.

A cache path comes from a setting (VECTORLESS_LLM_CACHE, or a Component's `<prefix>_CACHE`),
so it may name anything. `CacheFiles.check` runs before SQLite opens it and refuses, with
one line naming the variable (`CacheLocationError`, a `ValueError`) and nothing moved: a
folder, a device, a FIFO or any other non-regular file (also as a `-wal`/`-shm` sidecar), a
file that cannot be read, a file of another kind (not SQLite's, outside the default place
`<ir>/.cache/llm.sqlite`), and a place where no cache can be made (a read-only folder).

Only a regular file that is the project's own (in the default place, or with SQLite's
header) and that SQLite reports as not a database or malformed (or that fails its quick
check) is moved aside, to `<file>.damaged-<time>`, with its sidecars (`move_aside`). A
healthy cache in a read-only place (the file or its folder not writable) is opened
read-only (`open_readonly`; with SQLite's `immutable` flag when the folder does not let it
make its shared-memory file, since a writer there is not expected), or skipped with a
warning when it cannot be read there; a damaged one there is an error, as it cannot be
replaced.
"""

from __future__ import annotations

import os
import sqlite3
import stat
import time
import urllib.parse
import warnings

#: The cache's file inside a local IR folder (hidden: IR readers list `*.bin` only).
CACHE_FILE = os.path.join(".cache", "llm.sqlite")
#: What SQLite says of a file that is not a database, or a damaged one (`SQLITE_NOTADB`,
#: `SQLITE_CORRUPT`): the only errors that move a cache file aside.
DAMAGED_CODES = frozenset({26, 11})
#: The first bytes of every SQLite database file.
SQLITE_HEADER = b"SQLite format 3\x00"
#: The infix of a damaged cache moved aside (the allow-list of file moves checks it).
DAMAGED_INFIX = ".damaged-"
#: The SQLite files of one cache: the database and its write-ahead log and shared memory.
SIDECARS = ("", "-wal", "-shm")


class CacheLocationError(ValueError):
    """The cache path names something that is not (and cannot become) a cache file."""


class Damaged(sqlite3.DatabaseError):
    """A quick check that did not answer "ok"."""


def is_damaged(exc: sqlite3.DatabaseError) -> bool:
    """Whether SQLite's error says the file is not a database or is malformed."""
    return isinstance(exc, Damaged) or getattr(exc, "sqlite_errorcode", None) in DAMAGED_CODES


def _kind(mode: int) -> str:
    for test, name in (
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO"),
        (stat.S_ISSOCK, "a socket"),
    ):
        if test(mode):
            return name
    return "not a regular file"


class CacheFiles:
    """The cache file at `path`, named by the setting `variable`."""

    def __init__(self, path: str, variable: str) -> None:
        self.path, self.variable = path, variable

    def error(self, problem: str) -> CacheLocationError:
        """One line naming the variable, the path and the problem."""
        return CacheLocationError(
            f"{self.variable}: {self.path} {problem}; nothing was moved (name a cache file "
            "in a writable folder, or 'off')"
        )

    def writable(self) -> bool:
        """Whether SQLite can write the cache here: the file (if any) and its folder."""
        folder = os.path.dirname(os.path.abspath(self.path))
        return os.access(folder, os.W_OK | os.X_OK) and (
            not os.path.lexists(self.path) or os.access(self.path, os.W_OK)
        )

    def check(self) -> None:
        """Refuse a path that is not a cache file (or a place where none can be made),
        before SQLite ever opens it."""
        for suffix in SIDECARS:
            try:
                mode = os.stat(self.path + suffix).st_mode
            except FileNotFoundError:
                continue
            except OSError as exc:
                raise self.error(f"cannot be examined ({exc.strerror})") from exc
            if not stat.S_ISREG(mode):
                raise self.error(f"is {_kind(mode)}, not an LLM cache file")
        if os.path.exists(self.path) and not os.access(self.path, os.R_OK):
            raise self.error("cannot be read")
        folder = os.path.dirname(os.path.abspath(self.path))
        try:
            os.makedirs(folder, exist_ok=True)
        except OSError as exc:
            raise self.error(f"cannot be made: its folder: {exc.strerror}") from exc
        if not os.path.exists(self.path) and not self.writable():
            raise self.error("cannot be made: its folder is read-only")
        if not self.ours():
            raise self.error("is not an SQLite database, so not an LLM cache")

    def ours(self) -> bool:
        """Whether the file may be taken for a cache (and moved aside when damaged): none
        yet or empty, one in the default place, or one with SQLite's header."""
        if not os.path.exists(self.path):
            return True
        if os.path.abspath(self.path).endswith(os.sep + CACHE_FILE):
            return True
        with open(self.path, "rb") as fh:
            head = fh.read(len(SQLITE_HEADER))
        return not head or head == SQLITE_HEADER

    def move_aside(self, exc: sqlite3.DatabaseError) -> None:
        """Move the damaged cache and its sidecars (regular files only) aside, warning."""
        aside = f"{self.path}{DAMAGED_INFIX}{time.strftime('%Y%m%dT%H%M%S')}"
        for suffix in SIDECARS:
            if os.path.lexists(self.path + suffix):
                if not stat.S_ISREG(os.lstat(self.path + suffix).st_mode):
                    raise self.error(f"is damaged ({exc}) and {self.path + suffix} is a link")
                os.replace(self.path + suffix, aside + suffix)  # allow-listed: see the module
        warnings.warn(
            f"LLM cache {self.path} is damaged ({exc}): moved aside to {aside}, starting a new one",
            stacklevel=4,
        )

    def _connect_readonly(self) -> tuple[sqlite3.Connection, str]:
        base = "file:" + urllib.parse.quote(os.path.abspath(self.path))
        try:
            db = sqlite3.connect(base + "?mode=ro", uri=True, timeout=30, check_same_thread=False)
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
            return db, "read-only"
        except sqlite3.OperationalError:  # no shared memory file and no right to make one
            db = sqlite3.connect(base + "?immutable=1", uri=True, check_same_thread=False)
            return db, "read-only, as unchanging"

    def open_readonly(self) -> sqlite3.Connection | None:
        """A healthy cache where it cannot be written, opened read-only; None (a warning)
        when SQLite cannot read it here; a `CacheLocationError` when it is damaged."""
        try:
            db, how = self._connect_readonly()
            try:
                (status,) = db.execute("PRAGMA quick_check(1)").fetchone()
                db.execute("SELECT COUNT(*) FROM answers").fetchone()
            except sqlite3.DatabaseError:
                db.close()
                raise
        except sqlite3.DatabaseError as exc:
            if is_damaged(exc):
                raise self.error(f"is damaged ({exc}) and read-only, so not replaced") from exc
            warnings.warn(
                f"LLM cache {self.path} is read-only and cannot be read there ({exc}): "
                "skipped, answers are neither read from nor kept in it",
                stacklevel=4,
            )
            return None
        if status != "ok":
            db.close()
            raise self.error(f"is damaged (quick check: {status}) and read-only, so not replaced")
        warnings.warn(
            f"LLM cache {self.path} is in a read-only place: opened {how}, answers are read "
            "from it and none are kept",
            stacklevel=4,
        )
        return db
