"""The worker pool (`orchestration.batch.pool.Workers`) with real forked processes."""

from __future__ import annotations

import multiprocessing
import os
import signal
import threading
import time
from pathlib import Path

from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch import worker_life
from vectorless_assets.orchestration.batch.compute import DocumentTask
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.pool import Workers
from vectorless_assets.orchestration.storage.resources import LLMResource


def _task(settings: Settings, docs: Path, name: str) -> DocumentTask:
    path = docs / name
    path.write_text(f"# {name}\n\nWhat {name} says about costs.\n\n## Detail\n\nMore of it.\n")
    graph = AssetGraph(settings.table, settings.options, settings.names)
    return DocumentTask(
        partition_key=name,
        document_key=name,
        data=path.read_bytes(),
        path=str(path),
        selection=frozenset(graph.produced),
    )


def test_a_worker_killed_while_idle_does_not_fail_the_next_document(tmp_path: Path) -> None:
    """Before, `submit` on the broken pool raised `BrokenProcessPool` out of the whole step
    (CI saw it when a worker died between two submissions); now the pool is replaced."""
    docs = tmp_path / "docs"
    docs.mkdir()
    settings = Settings.create(docs_dir=docs, ir_dir=tmp_path / "ir")
    with Workers(settings, LLMResource(), 2) as workers:
        first = workers.result(workers.submit(_task(settings, docs, "a.md")))
        assert first.error is None and first.records
        pool = workers._pool
        assert pool is not None
        os.kill(next(iter(pool._processes)), signal.SIGKILL)
        deadline = time.monotonic() + 60
        while not pool._broken and time.monotonic() < deadline:
            time.sleep(0.02)
        assert pool._broken, "the pool never noticed its dead worker"
        second = workers.result(workers.submit(_task(settings, docs, "b.md")))
    assert second.error is None, second.error
    assert {r.name for r in second.records} == {r.name for r in first.records}
    assert second.ir_path and Path(second.ir_path).is_file()


def test_a_worker_killed_beside_a_parent_that_handles_sigterm_does_not_hang(
    tmp_path: Path,
) -> None:
    """A step's process with its own SIGTERM handler (Dagster's run worker has one): forked
    workers inherited it, so the pool's SIGTERM to the survivors of a dead worker ran a
    Python handler and a survivor blocked on a queue lock the dead one held never ended;
    replacing the pool waited for it forever (seen in CI). Workers now end on SIGTERM."""
    previous = signal.signal(signal.SIGTERM, lambda *_: None)
    outcome: dict[str, object] = {}

    def scenario() -> None:
        docs = tmp_path / "docs"
        docs.mkdir()
        settings = Settings.create(docs_dir=docs, ir_dir=tmp_path / "ir")
        with Workers(settings, LLMResource(), 2) as workers:
            workers.result(workers.submit(_task(settings, docs, "a.md")))
            pool = workers._pool
            assert pool is not None
            time.sleep(0.5)  # both idle: one reads the task queue holding its lock, one waits
            os.kill(_reader_of_the_task_queue(pool._processes), signal.SIGKILL)
            while not pool._broken:
                time.sleep(0.02)
            outcome["second"] = workers.result(workers.submit(_task(settings, docs, "b.md")))

    try:
        thread = threading.Thread(target=scenario, daemon=True)
        thread.start()
        thread.join(120)
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert not thread.is_alive(), "replacing the pool hung on a worker that did not end"
    second = outcome["second"]
    assert isinstance(second, DocumentOutcome) and second.error is None, second


def _reader_of_the_task_queue(pids: dict[int, object]) -> int:
    """The idle worker blocked reading the task queue's pipe (it holds the queue's lock);
    any worker where the kernel does not say (the lock is then taken by chance)."""
    for pid in pids:
        try:
            if "pipe" in Path(f"/proc/{pid}/wchan").read_text():
                return pid
        except OSError:
            break
    return next(iter(pids))


def _ignore_sigterm_and_sleep() -> None:
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    time.sleep(60)


def test_end_kills_a_worker_that_outlives_sigterm(monkeypatch) -> None:
    """The last resort: a worker still there `END_WAIT` after SIGTERM is killed, and named as
    killed here (not taken for the worker whose death broke the pool)."""
    monkeypatch.setattr(worker_life, "END_WAIT", 0.5)
    process = multiprocessing.get_context("fork").Process(target=_ignore_sigterm_and_sleep)
    process.start()
    time.sleep(0.3)
    process.terminate()
    started = time.monotonic()
    manager = threading.Thread(target=process.join)  # the pool's manager thread reaps
    manager.start()
    assert worker_life.end(manager, [process]) == {process.pid}
    assert not manager.is_alive() and process.exitcode == -signal.SIGKILL
    assert time.monotonic() - started < 30
