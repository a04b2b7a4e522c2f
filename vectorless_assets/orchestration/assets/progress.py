"""Per-document progress of a run, for a listener in the same process (the CLI).

The CLI executes its batched run in process and prints one line per document as soon as
it is known; a listener registered for the run id (`listen`) gets a `Report` for every
document the run finishes (compiled, skipped or failed). Runs with no listener (launched
from the UI, a sensor or a schedule) report to nobody: their outcomes are in the event log.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Literal

Status = Literal["compiled", "skipped", "failed"]


@dataclass(frozen=True)
class Report:
    """One document's outcome in a run (`error`: the problem, without the document key)."""

    partition_key: str
    status: Status
    reason: str = ""
    assets: tuple[str, ...] = ()
    error: str | None = None
    pass_name: str | None = None
    seconds: float = 0.0
    ir_path: str | None = None


_lock = threading.Lock()
_listeners: dict[str, Callable[[Report], None]] = {}


@contextmanager
def listen(run_id: str, callback: Callable[[Report], None]) -> Iterator[None]:
    """Call `callback` with each document's report of run `run_id` while in the block."""
    with _lock:
        _listeners[run_id] = callback
    try:
        yield
    finally:
        with _lock:
            _listeners.pop(run_id, None)


def report(run_id: str, outcome: Report) -> None:
    """Hand `outcome` to the run's listener, if any."""
    with _lock:
        callback = _listeners.get(run_id)
    if callback is not None:
        callback(outcome)
