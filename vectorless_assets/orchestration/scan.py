"""One chunked pass over the documents root: which documents are new, changed or gone.

`list_files` lists every supported document with its size and mtime (a local folder is
walked with `os.scandir`, any other UPath with `rglob` + `stat`). `scan` compares the
listing with the stored rows (`doc_state`): a document whose size and mtime are unchanged
is not read; any other is hashed, and it is *changed* when its fingerprint differs from the
stored one (its `changes` counter is then raised). Hashing stops when the tick's budget
(`max_seconds`, `max_hashes`) is spent; the scan resumes after the last processed key at
the next tick (`ScanCursor.pos`, wrapping around), so a tick stays well inside Dagster's
60 s limit at any corpus size and no document starves. Listing and the deleted-file check
(stored or registered keys absent from the listing) are done on every tick.
"""

from __future__ import annotations

import bisect
import json
import os
import time
from collections.abc import Callable, Collection
from dataclasses import dataclass, field

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.doc_state import Row
from vectorless_assets.orchestration.partitions import is_document, partition_key_for


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


def _walk_local(base: str) -> dict[str, FileInfo]:
    out: dict[str, FileInfo] = {}
    stack = [""]
    while stack:
        rel_dir = stack.pop()
        try:
            entries = list(os.scandir(os.path.join(base, rel_dir)))
        except OSError:
            continue
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = f"{rel_dir}/{entry.name}" if rel_dir else entry.name
            if entry.is_dir(follow_symlinks=False):
                stack.append(rel)
            elif is_document(entry.name) and entry.is_file():
                st = entry.stat()
                out[partition_key_for(rel)] = FileInfo(rel, st.st_size, st.st_mtime_ns)
    return out


def list_files(root: str) -> dict[str, FileInfo] | None:
    """Supported documents under `root` by partition key; None when the root does not exist."""
    if "://" not in root:
        return _walk_local(root) if os.path.isdir(root) else None
    from upath import UPath

    base = UPath(root)
    if not base.exists():
        return None
    out: dict[str, FileInfo] = {}
    for path in base.rglob("*"):
        rel = path.relative_to(base).as_posix()
        if any(part.startswith(".") for part in rel.split("/")) or not is_document(path.name) or not path.is_file():
            continue
        st = path.stat()
        mtime = getattr(st, "st_mtime", 0) or 0
        out[partition_key_for(rel)] = FileInfo(rel, int(getattr(st, "st_size", 0) or 0), int(mtime * 1e9))
    return out


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
        if row is not None and row.size == info.size and row.mtime_ns == info.mtime_ns and pk in registered:
            continue
        try:
            fingerprint = content_fingerprint(read(info.document_key))
        except OSError:
            result.unreadable.append(info.document_key)
            continue
        result.hashed += 1
        if row is not None and row.fingerprint == fingerprint and pk in registered:
            result.rows[pk] = Row(info.size, info.mtime_ns, fingerprint, row.changes)  # touched, same bytes
            continue
        changes = (row.changes if row else 0) + 1
        result.rows[pk] = Row(info.size, info.mtime_ns, fingerprint, changes)
        result.changed.append(Change(pk, info.document_key, fingerprint, changes))
    result.cursor = ScanCursor(pos="", passes=cursor.passes + 1) if result.complete else ScanCursor(pos=last, passes=cursor.passes)
    return result
