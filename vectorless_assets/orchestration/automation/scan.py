"""One chunked pass over the documents root: which documents are new, changed or gone.

`list_files` lists every supported document with its size and mtime (the one document
discovery, `frontends.discovery.walk`). `scan` compares the
listing with the stored rows (`doc_state`): a document whose size and mtime are unchanged
is not read; any other is hashed, and it is *changed* when its fingerprint differs from the
stored one (its `changes` counter is then raised). Hashing stops when the tick's budget
(`max_seconds`, `max_hashes`) is spent; the scan resumes after the last processed key at
the next tick (`ScanCursor.pos`, wrapping around), so a tick stays well inside Dagster's
60 s limit at any corpus size and no document starves. Listing and the deleted-file check
(stored or registered keys absent from the listing) are done on every tick.

`mass_deletion` (`frontends.discovery`, shared with `compile --prune`) guards the deletions:
a tick that would take more than half of the known
documents (and at least two) out of service is refused, as a missing root is (an empty
folder where a share was unmounted, a half-synced checkout), unless
`VECTORLESS_SENSOR_ALLOW_MASS_DELETE=1` says the documents really went.
"""

from __future__ import annotations

import bisect
import json
import os
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from vectorless_assets.frontends.discovery import Skip, is_remote, root_exists, walk
from vectorless_assets.frontends.registry import REGISTRY, Registry
from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.batch.partitions import partition_key_for
from vectorless_assets.orchestration.storage.doc_state import Row


@dataclass(frozen=True)
class FileInfo:
    document_key: str
    size: int
    mtime_ns: int


@dataclass(frozen=True)
class ScanCursor:
    """The sensor's whole cursor: where the last chunk stopped and how many full passes ran."""

    pos: str = ""
    passes: int = 0

    @classmethod
    def parse(cls, text: str | None) -> ScanCursor:
        if not text:
            return cls()
        try:
            data = json.loads(text)
            return cls(pos=str(data.get("pos", "")), passes=int(data.get("passes", 0)))
        except (ValueError, AttributeError, TypeError):
            return cls()  # a cursor of an older sensor version: start a fresh pass

    def dumps(self) -> str:
        return json.dumps({"pos": self.pos, "passes": self.passes}, separators=(",", ":"))


@dataclass
class Change:
    partition_key: str
    document_key: str
    fingerprint: str
    changes: int


@dataclass
class ScanResult:
    changed: list[Change] = field(default_factory=list)
    deleted: list[str] = field(default_factory=list)
    rows: dict[str, Row] = field(default_factory=dict)  # rows to save (changed or re-stat'ed)
    unreadable: list[str] = field(default_factory=list)
    hashed: int = 0
    listed: int = 0
    complete: bool = True
    cursor: ScanCursor = field(default_factory=ScanCursor)


def unchanged_fingerprint(info: FileInfo, row: Row | None) -> str | None:
    """The stored fingerprint of a file whose size and mtime match its stored row (the file is
    then trusted unread); None when there is no row or either differs (read and hash it)."""
    if row is not None and row.size == info.size and row.mtime_ns == info.mtime_ns:
        return row.fingerprint
    return None


def list_files(
    root: str, frontends: Registry = REGISTRY, *, on_skip: Skip | None = None
) -> dict[str, FileInfo] | None:
    """Supported documents under `root` by partition key (`frontends.discovery`; a file that
    cannot be a document, such as `a\\b.md`, goes to `on_skip`); None when the root cannot be
    listed now (`root_problem`)."""
    if root_problem(root) is not None:
        return None
    return {
        partition_key_for(f.key): FileInfo(f.key, f.size, f.mtime_ns)
        for f in walk(root, frontends, on_skip=on_skip)
    }


def root_problem(root: str) -> str | None:
    """Why the documents root cannot be listed now: "does not exist", "is not readable" (a
    local root without read permission would otherwise list as empty: every document
    deleted) or "cannot be reached: <error>" (a remote store); None when it can."""
    try:
        if not root_exists(root):
            return "does not exist"
    except Exception as exc:  # noqa: BLE001 - a store's error is reported, never raised
        return f"cannot be reached: {type(exc).__name__}: {exc}"
    if is_remote(root):
        return None
    try:
        with os.scandir(root):
            return None
    except OSError as exc:
        return f"is not readable ({exc.strerror or type(exc).__name__})"


def scan(
    files: dict[str, FileInfo],
    rows: dict[str, Row],
    read: Callable[[str], bytes],
    *,
    cursor: ScanCursor,
    registered: Collection[str] = (),
    max_seconds: float = 15.0,
    max_hashes: int = 2000,
) -> ScanResult:
    """Compare `files` with the stored `rows`; hash at most `max_hashes` files in `max_seconds`.

    A file whose partition is not `registered` is hashed even when its stat is unchanged, so a
    partition removed by hand comes back.
    """
    registered = set(registered)
    result = ScanResult(listed=len(files))
    result.deleted = sorted((set(rows) | registered) - set(files))
    order = sorted(files)
    start = bisect.bisect_right(order, cursor.pos) if cursor.pos else 0
    rotated = order[start:] + order[:start]
    deadline = time.monotonic() + max_seconds
    last = cursor.pos
    for pk in rotated:
        if result.hashed >= max_hashes or time.monotonic() > deadline:
            result.complete = False
            break
        last = pk
        info, row = files[pk], rows.get(pk)
        if pk in registered and unchanged_fingerprint(info, row) is not None:
            continue
        try:
            fingerprint = content_fingerprint(read(info.document_key))
        except (OSError, ValueError):
            result.unreadable.append(info.document_key)
            continue
        result.hashed += 1
        if row is not None and row.fingerprint == fingerprint and pk in registered:
            # touched, same bytes
            result.rows[pk] = Row(info.size, info.mtime_ns, fingerprint, row.changes)
            continue
        changes = (row.changes if row else 0) + 1
        result.rows[pk] = Row(info.size, info.mtime_ns, fingerprint, changes)
        result.changed.append(Change(pk, info.document_key, fingerprint, changes))
    result.cursor = (
        ScanCursor(pos="", passes=cursor.passes + 1)
        if result.complete
        else ScanCursor(pos=last, passes=cursor.passes)
    )
    return result


def current_fingerprints(
    files: dict[str, FileInfo], rows: dict[str, Row], read: Callable[[str], bytes]
) -> dict[str, str]:
    """`{partition: fingerprint}` of `files`: a stored row with the same size and mtime is
    trusted, any other file is read and hashed (unreadable ones are left out)."""
    out: dict[str, str] = {}
    for pk, info in files.items():
        stored = unchanged_fingerprint(info, rows.get(pk))
        if stored is not None:
            out[pk] = stored
            continue
        try:
            out[pk] = content_fingerprint(read(info.document_key))
        except (OSError, ValueError):
            continue
    return out
