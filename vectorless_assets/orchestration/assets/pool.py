"""Where a run's documents are computed: in the run's process, or in a bounded process pool.

A compiling step covers many documents; on a machine with more than one core their
computation (`compute.compute`, files only) runs in a pool of worker processes while the
step's own process plans, records events and reports progress. The pool lives inside the
step, so a run pays no executor start-up (Dagster's multiprocess executor costs about 30 s
per run on two cores): workers are forked from the step's process (they inherit the
settings, pass table and frontends, which need not be picklable) and each builds its own
LLM client and cache connection. Results are the same with one process or several (tested):
each document is computed by the same function from the same inputs.

`Workers.submit` returns a future either way; with one worker (or one document) the work
runs at once in this process.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from typing import Any

from vectorless_assets.orchestration.assets.compute import DocumentOutcome, DocumentTask, compute
from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.resources import IRStore, LLMResource
from vectorless_assets.passes.context import PassContext


class _Compiler:
    """One process's means to compute documents of `settings` (built once per process)."""

    def __init__(self, settings: Settings, llm: LLMResource) -> None:
        self.graph = AssetGraph(settings.table, settings.options, settings.names)
        self.store, self.ir_store = FieldStore(settings.fields_dir), IRStore(path=settings.ir_dir)
        self.settings, self.llm = settings, llm
        self.client, self.cache = llm.client(), llm.cache()

    def __call__(self, task: DocumentTask) -> DocumentOutcome:
        # one per document
        ctx = PassContext(
            options=self.settings.options,
            llm=self.client,
            llm_cache=self.cache,
            refresh_llm=self.llm.refresh,
            llm_concurrency=self.llm.concurrency,
            frontends=self.settings.frontends,
        )
        return compute(task, self.graph, self.store, self.ir_store, ctx)


_worker: _Compiler | None = None


def _init(settings: Settings, llm: LLMResource) -> None:
    global _worker
    _worker = _Compiler(settings, llm)


def _run(task: DocumentTask) -> DocumentOutcome:
    assert _worker is not None, "worker not initialised"
    return _worker(task)


class Workers:
    """Compute documents in this process (`size` 1) or in a pool of `size` forked processes."""

    def __init__(self, settings: Settings, llm: LLMResource, size: int) -> None:
        self.size = max(1, size)
        self.local = _Compiler(settings, llm)
        self._pool: ProcessPoolExecutor | None = None
        self._args = (settings, llm)

    def submit(self, task: DocumentTask) -> Future[DocumentOutcome]:
        if self.size == 1:
            return _done(self.local, task)
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                self.size,
                mp_context=multiprocessing.get_context("fork"),
                initializer=_init,
                initargs=self._args,
            )
        return self._pool.submit(_run, task)

    def close(self) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def __enter__(self) -> Workers:
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


def _done(
    fn: Callable[[DocumentTask], DocumentOutcome], task: DocumentTask
) -> Future[DocumentOutcome]:
    future: Future[DocumentOutcome] = Future()
    try:
        future.set_result(fn(task))
    except BaseException as exc:  # noqa: BLE001 - delivered through the future, as from a pool
        future.set_exception(exc)
    return future
