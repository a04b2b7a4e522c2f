"""A child process killed the hard way mid-work (what `kill -9` does to a compile)."""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Callable
from pathlib import Path


def kill_once_started(
    target: Callable[..., object], args: tuple, marker: Path, timeout: float = 60
) -> int:
    """Fork `target(*args)`, wait until it creates `marker`, SIGKILL it; return its pid."""
    child = multiprocessing.get_context("fork").Process(target=target, args=args)
    child.start()
    deadline = time.monotonic() + timeout
    while not marker.exists():
        assert time.monotonic() < deadline and child.is_alive(), "the child never started its work"
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.join()
    return child.pid


def pid_of_client(port: int, among: list[int]) -> int | None:
    """Which of the processes `among` owns the local TCP socket bound to `port` (Linux /proc)."""
    inodes = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        try:
            lines = Path(table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            if int(fields[1].rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{fields[9]}]")
    for pid in among:
        try:
            fds = os.listdir(f"/proc/{pid}/fd")
            if any(os.readlink(f"/proc/{pid}/fd/{fd}") in inodes for fd in fds):
                return pid
        except OSError:
            continue
    return None


def children_of(pid: int) -> list[int]:
    """The live child processes of `pid` (Linux /proc)."""
    out: list[int] = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            text = Path(f"/proc/{pid}/task/{task}/children").read_text()
        except OSError:
            continue
        out.extend(int(p) for p in text.split())
    return out


def alive(pid: int) -> bool:
    """Whether process `pid` runs (a zombie counts as ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"
