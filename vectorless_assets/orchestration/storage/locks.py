"""File locks that hold across processes on one machine: instance creation, one document at a time.

`file_lock(path)` is an exclusive `flock` on `path` (created if needed), re-entrant within a
process: the CLI's run (`compile_paths`) holds a document's lock while the compile step it
runs in the same process takes it again. Threads of one process exclude each other through a
per-path `RLock` taken before the `flock`.

A lock never outlives its holder: the file records the holder's PID (and the process's start
time, so a reused PID is not taken for it), no lock descriptor crosses a fork (a forked child,
such as a worker of `batch.pool`, closes its copies at once: `os.register_at_fork`; `exec`
closes them as every Python descriptor is non-inheritable), and a process that finds the lock
taken waits while the recorded holder lives (saying so once, with its PID, through `on_wait`)
and takes the lock over when the holder is gone but the lock is still held (a descendant kept
it): the stale lock file is unlinked (serialised by a lock on the folder) and a new one made.

What holds where: `flock` is exact on local file systems. On NFS (v4, or v3 with lockd)
Linux maps it to POSIX byte-range locks, which hold across machines only when the server's
lock manager works; on SMB/CIFS and fuse file systems it may be local to one machine. With
the documents or IRs on such storage, run one compiling process per document set, or use
Dagster's own run concurrency limits (a pool on the compile step) across machines.
"""

from __future__ import annotations

import fcntl
import logging
import os
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress

#: seconds between two attempts while another process holds the lock
POLL_SECONDS = 0.2
#: the suffix every lock file carries (the allow-list of file removals checks it)
LOCK_SUFFIX = ".lock"

_log = logging.getLogger(__name__)
_guard = threading.Lock()
_held: dict[str, tuple[threading.RLock, list[int]]] = {}  # path -> (thread lock, [fd, depth])


def _entry(path: str) -> tuple[threading.RLock, list[int]]:
    with _guard:
        if path not in _held:
            _held[path] = (threading.RLock(), [-1, 0])
        return _held[path]


def _forget_in_child() -> None:
    """In a forked child: close the copies of the parent's lock descriptors (never unlock:
    the lock belongs to the parent) and start with no lock held."""
    global _guard
    for _, state in _held.values():
        fd, state[0], state[1] = state[0], -1, -(1 << 30)  # never released by this process
        if fd >= 0:
            with suppress(OSError):
                os.close(fd)
    _held.clear()
    _guard = threading.Lock()


os.register_at_fork(after_in_child=_forget_in_child)


def _start_time(pid: int) -> str:
    """The start time of process `pid` (Linux `/proc`; "" where unknown), or "gone"."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as fh:
            return fh.read().rsplit(b")", 1)[1].split()[19].decode()
    except FileNotFoundError:
        return "gone" if os.path.isdir("/proc/self") else _signal_probe(pid)
    except (OSError, IndexError):
        return ""


def _signal_probe(pid: int) -> str:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return "gone"
    except PermissionError:
        pass
    return ""


def holder_alive(record: str) -> bool:
    """Whether the process a lock file's `record` ("<pid> <start time>") names still runs;
    an unreadable record counts as alive (never take a lock over on a guess)."""
    parts = record.split()
    if not parts or not parts[0].isdigit():
        return True
    started = _start_time(int(parts[0]))
    if started == "gone":
        return False
    return not (started and len(parts) > 1 and parts[1] != started)


def _record() -> bytes:
    return f"{os.getpid()} {_start_time(os.getpid())}\n".encode()


def _read(fd: int) -> str:
    try:
        return os.pread(fd, 64, 0).decode("ascii", "replace").strip()
    except OSError:
        return ""


def _same_file(fd: int, path: str) -> bool:
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)


def _take_over(fd: int, path: str, record: str) -> None:
    """Unlink the lock file `fd` opened (its holder `record` is gone, a descendant keeps the
    lock): serialised by a lock on the folder, and only if `path` still is that file."""
    folder = os.open(os.path.dirname(path) or ".", os.O_RDONLY)
    try:
        fcntl.flock(folder, fcntl.LOCK_EX)
        if path.endswith(LOCK_SUFFIX) and _same_file(fd, path):
            os.unlink(path)  # allow-listed: a `.lock` file whose recorded holder is gone
            _log.warning("took over the lock %s: its holder (process %s) is gone", path, record)
    finally:
        os.close(folder)


def _acquire(path: str, on_wait: Callable[[int], None] | None) -> int:
    """An open descriptor of `path` holding its `flock`, with this process recorded in it."""
    told: set[str] = set()
    while True:
        os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        keep = False
        try:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                record = _read(fd)
                if record and not holder_alive(record):
                    _take_over(fd, path, record)
                    continue
                if record and record not in told:
                    told.add(record)
                    head = record.split()[0]
                    (on_wait or _say_waiting(path))(int(head) if head.isdigit() else -1)
            else:
                if _same_file(fd, path):  # else taken over (unlinked) between open and flock
                    os.ftruncate(fd, 0)
                    os.pwrite(fd, _record(), 0)
                    keep = True
                    return fd
                continue
        finally:
            if not keep:
                os.close(fd)
        time.sleep(POLL_SECONDS)


def _say_waiting(path: str) -> Callable[[int], None]:
    return lambda pid: _log.warning("waiting for process %s, which holds the lock %s", pid, path)


@contextmanager
def file_lock(
    path: str | os.PathLike[str], *, on_wait: Callable[[int], None] | None = None
) -> Iterator[None]:
    """Hold an exclusive lock on `path` (its folder is created) for the `with` block;
    `on_wait(pid)` is told once per holder this process waits for (default: a log warning)."""
    key = os.path.abspath(os.fspath(path))
    rlock, state = _entry(key)
    with rlock:
        if state[1] == 0:
            state[0] = _acquire(key, on_wait)
        state[1] += 1
        try:
            yield
        finally:
            state[1] -= 1
            if state[1] == 0:
                fd, state[0] = state[0], -1
                fcntl.flock(fd, fcntl.LOCK_UN)
                os.close(fd)
