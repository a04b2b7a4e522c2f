"""File locks that hold across processes on one machine: instance creation, one document at a time.

`file_lock(path)` is an exclusive `flock` on `path` (created if needed), re-entrant within a
process: the CLI's runner holds a document's lock while the compile step it runs in the same
process takes it again. Threads of one process exclude each other through a per-path
`RLock` taken before the `flock`.

What holds where: `flock` is exact on local file systems. On NFS (v4, or v3 with lockd)
Linux maps it to POSIX byte-range locks, which hold across machines only when the server's
lock manager works; on SMB/CIFS and fuse file systems it may be local to one machine. With
the documents or IRs on such storage, run one compiling process per document set, or use
Dagster's own run concurrency limits (a pool on the compile step) across machines.
"""

from __future__ import annotations

import fcntl
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_guard = threading.Lock()
_held: dict[str, tuple[threading.RLock, list[int]]] = {}  # path -> (thread lock, [fd, depth])


def _entry(path: str) -> tuple[threading.RLock, list[int]]:
    with _guard:
        if path not in _held:
            _held[path] = (threading.RLock(), [-1, 0])
        return _held[path]


@contextmanager
def file_lock(path: str | os.PathLike[str]) -> Iterator[None]:
    """Hold an exclusive lock on `path` (its folder is created) for the `with` block."""
    key = os.path.abspath(os.fspath(path))
    rlock, state = _entry(key)
    with rlock:
        if state[1] == 0:
            os.makedirs(os.path.dirname(key) or ".", exist_ok=True)
            fd = os.open(key, os.O_RDWR | os.O_CREAT, 0o644)
            try:
                fcntl.flock(fd, fcntl.LOCK_EX)
            except BaseException:
                os.close(fd)
                raise
            state[0] = fd
        state[1] += 1
        try:
            yield
        finally:
            state[1] -= 1
            if state[1] == 0:
                fd, state[0] = state[0], -1
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
