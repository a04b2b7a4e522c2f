"""Durable file writes: a whole new file or the old one, never half a file, after a crash.

`atomic_write_bytes` writes through a temporary file in the same folder (mode `file_mode`,
as the umask allows, not `mkstemp`'s 0600), flushes it, renames it over the target and
flushes the folder, so the rename itself survives a power cut. Only a regular file of its
own is ever replaced. The IR files (`persist.save_ir`), the field store's files and the
corpus CSV are written this way.
"""

from __future__ import annotations

import errno
import os
import tempfile
import threading
from pathlib import Path

_UMASK_GUARD = threading.Lock()


def file_mode() -> int:
    """The mode `open()` would give a new file: 0o666 minus the process umask.

    `tempfile.mkstemp` creates files 0600; the atomic writers chmod their temporary file to
    this, so IR and field files are readable as the umask allows (a webserver or another
    user's navigator can read them), like files written directly."""
    try:
        with open("/proc/self/status", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return 0o666 & ~int(line.split()[1], 8)
    except (OSError, ValueError):
        pass
    with _UMASK_GUARD:  # no /proc: read the umask by setting it (and restoring it at once)
        mask = os.umask(0o022)
        os.umask(mask)
    return 0o666 & ~mask


def atomic_write_bytes(path: str | os.PathLike[str], data: bytes) -> Path:
    """Write `data` to `path` via a temp file in the same folder and a rename (mode:
    `file_mode`)."""
    target = Path(path)
    if target.is_symlink() or (target.exists() and not target.is_file()):
        # only a file of its own is ever replaced: never a folder, device, FIFO or link
        raise IsADirectoryError(errno.EISDIR, "not a regular file", str(target))
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        os.fchmod(fd, file_mode())
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)  # the rename itself is durable only once its folder is flushed
    return target


def _fsync_dir(folder: Path) -> None:
    """Flush a folder's entries to disk (POSIX); a platform without folder fsync skips it."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some filesystems refuse fsync on a folder; the file itself was flushed
    finally:
        os.close(fd)
