"""The worker pool (`orchestration.batch.pool.Workers`) with real forked processes."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.compute import DocumentTask
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
