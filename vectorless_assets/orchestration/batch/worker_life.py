"""The life of a pool's worker processes: ended with their parent, ended when the pool breaks.

Workers never outlive the step's process: each asks the kernel for SIGKILL when its parent
dies (`PR_SET_PDEATHSIG`, Linux) and polls its parent elsewhere. When a worker dies the pool
is broken: its manager thread terminates the others (SIGTERM) and reaps them; `end` waits for
that, and kills a worker that outlives the SIGTERM (one blocked on a queue lock the dead
worker held), so replacing the pool never waits forever.
"""

from __future__ import annotations

import ctypes
import os
import signal
import sys
import threading
import time
from multiprocessing.connection import wait as mp_wait
from typing import Any

#: `prctl` option: the signal a process gets when its parent dies (linux/prctl.h)
PR_SET_PDEATHSIG = 1


def die_with(parent: int) -> None:
    """End this process when `parent` ends: SIGKILL from the kernel (Linux), else a poll."""
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the kernel was told
        os._exit(1)

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


#: seconds the pool's workers have to end after its SIGTERM before they are killed
END_WAIT = 10.0


def end(manager: threading.Thread | None, processes: Any) -> set[int]:
    """Wait until the broken pool's manager thread has terminated and reaped every worker;
    SIGKILL the workers still there after `END_WAIT` (one blocked on a queue lock a dead
    worker held). Only the manager reaps (two threads reaping one child race: the loser
    reads no exit code). Returns the pids killed here."""
    killed: set[int] = set()
    if manager is None:  # no manager thread (it has not started): nothing to reap
        return killed
    manager.join(END_WAIT)
    if manager.is_alive():
        for process in processes:
            if not mp_wait([process.sentinel], 0):  # running (the test does not reap)
                killed.add(process.pid)
                os.kill(process.pid, signal.SIGKILL)
        manager.join(END_WAIT)
    return killed


def signal_name(code: int | None) -> str:
    if code is None or code >= 0:
        return f"exit code {code}"
    try:
        return f"killed by {signal.Signals(-code).name}"
    except ValueError:
        return f"killed by signal {-code}"
