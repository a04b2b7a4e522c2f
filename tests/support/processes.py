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
