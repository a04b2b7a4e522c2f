"""Per-document progress of a run, for a listener in the same process (the CLI).

The CLI executes its batched run in process and prints one line per document as soon as
it is known; a listener registered for the run id (`listen`) gets the `DocumentOutcome` of
every document the run finishes (compiled, skipped or failed). Runs with no listener
(launched from the UI, a sensor or a schedule) report to nobody: their outcomes are in the
event log.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from vectorless_assets.orchestration.batch.outcome import DocumentOutcome

_lock = threading.Lock()
_listeners: dict[str, Callable[[DocumentOutcome], None]] = {}


@contextmanager
def listen(run_id: str, callback: Callable[[DocumentOutcome], None]) -> Iterator[None]:
    """Call `callback` with each document's outcome in run `run_id` while in the block."""
    with _lock:
        _listeners[run_id] = callback
    try:
        yield
    finally:
        with _lock:
            _listeners.pop(run_id, None)


def report(run_id: str, outcome: DocumentOutcome) -> None:
    """Hand `outcome` to the run's listener, if any."""
    with _lock:
        callback = _listeners.get(run_id)
    if callback is not None:
        callback(outcome)
