"""Issue 35, item 2: a lock never outlives the process that took it.

A compile forked its worker pool while it held a document's `flock`; after `kill -9` of the
compile the workers lived on with the lock, and every later compile of that document hung.
Real processes here: a holder that forks (or passes its descriptor to an `exec`ed child)
and is killed with SIGKILL, and a second process that must then get the lock in seconds.
"""

from __future__ import annotations

import contextlib
import os
import select
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

HOLD = textwrap.dedent(
    """
    import os, subprocess, sys, time
    from vectorless_assets.orchestration.storage import locks

    path, how, marker = sys.argv[1], sys.argv[2], sys.argv[3]
    with locks.file_lock(path):
        child = 0
        if how == "fork":  # a child forked while the lock is held (a pool worker)
            child = os.fork()
            if child == 0:
                time.sleep(120)
                os._exit(0)
        elif how == "exec":  # a descendant given the descriptor itself
            fd = locks._held[os.path.abspath(path)][1][0]
            child = subprocess.Popen(["sleep", "120"], pass_fds=[fd]).pid
        with open(marker + ".tmp", "w") as fh:
            fh.write(str(child))
        os.rename(marker + ".tmp", marker)
        time.sleep(120)
    """
)

TAKE = textwrap.dedent(
    """
    import sys, time
    from vectorless_assets.orchestration.storage.locks import file_lock

    t0 = time.monotonic()
    with file_lock(sys.argv[1]):  # waiting is said on stderr (a log warning)
        print(f"got {time.monotonic() - t0:.2f}", flush=True)
    """
)


def _holder(tmp_path: Path, how: str) -> tuple[subprocess.Popen[bytes], Path]:
    lock, marker = tmp_path / "locks" / "doc.lock", tmp_path / "held"
    proc = subprocess.Popen([sys.executable, "-c", HOLD, str(lock), how, str(marker)])
    deadline = time.monotonic() + 30
    while not marker.exists():
        assert proc.poll() is None and time.monotonic() < deadline, "the holder never locked"
        time.sleep(0.05)
    return proc, lock


def _take(lock: Path, timeout: float = 20) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", TAKE, str(lock)], capture_output=True, text=True, timeout=timeout
    )


def _kill(proc: subprocess.Popen[bytes]) -> None:
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()


def _end_child(tmp_path: Path) -> None:
    """End the holder's child (it outlives the holder on purpose)."""
    child = int((tmp_path / "held").read_text() or 0)
    if child:
        with contextlib.suppress(ProcessLookupError):
            os.kill(child, signal.SIGKILL)


def test_a_forked_child_does_not_keep_the_lock_of_a_killed_holder(tmp_path: Path) -> None:
    proc, lock = _holder(tmp_path, "fork")
    _kill(proc)
    try:
        taken = _take(lock)
    finally:
        _end_child(tmp_path)
    assert taken.returncode == 0 and "got" in taken.stdout, taken.stderr[-2000:]


def test_a_lock_kept_by_a_descendant_of_a_dead_holder_is_taken_over(tmp_path: Path) -> None:
    proc, lock = _holder(tmp_path, "exec")
    assert lock.read_text().split()[0] == str(proc.pid)  # the holder is recorded
    _kill(proc)
    try:
        taken = _take(lock)
    finally:
        _end_child(tmp_path)
    assert taken.returncode == 0, taken.stderr[-2000:]
    assert "took over the lock" in taken.stderr and str(proc.pid) in taken.stderr
    assert float(taken.stdout.split("got")[1]) < 5


def test_a_live_holder_is_waited_for_and_named(tmp_path: Path) -> None:
    proc, lock = _holder(tmp_path, "none")
    waiter = subprocess.Popen(
        [sys.executable, "-c", TAKE, str(lock)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert waiter.stderr is not None
    try:
        ready, _, _ = select.select([waiter.stderr], [], [], 15)
        said = waiter.stderr.readline() if ready else ""
        time.sleep(1.0)
        assert waiter.poll() is None  # still waiting while the holder lives
    finally:
        _kill(proc)
    out, _ = waiter.communicate(timeout=20)
    assert f"waiting for process {proc.pid}, which holds the lock {lock}" in said
    assert waiter.returncode == 0 and out.startswith("got")
