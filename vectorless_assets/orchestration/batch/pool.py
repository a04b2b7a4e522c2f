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
runs at once in this process. Read it with `Workers.result`, which survives a worker that
dies (killed by the OOM killer or `kill -9`): the pool is replaced, the documents that were
waiting or were being computed by the other workers are submitted again, and only the
document the dead worker was computing fails (`WorkerDied`, naming the signal). Each worker
records the task it runs in a shared slot so that document is known.

Workers never outlive the step's process: each asks the kernel for SIGKILL when its parent
dies (`worker_life`: `PR_SET_PDEATHSIG` on Linux, a poll elsewhere), so a killed compile leaves
no worker behind (nor, with `storage.locks`, any lock it held).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.compute import DocumentTask, compute
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.worker_life import die_with, end, signal_name
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


class WorkerDied(RuntimeError):
    """The worker process computing a document died (killed) before it answered."""


_worker: _Compiler | None = None
_slot: tuple[Any, int] = (None, -1)  # (the pool's shared slots, this worker's index)


def _init(settings: Settings, llm: LLMResource, parent: int, slots: Any, claim: Any) -> None:
    global _worker, _slot
    # A handler inherited from the step's process (Dagster's, a test runner's) would turn the
    # pool's SIGTERM into a Python call that a worker blocked on a lock a dead worker held
    # never leaves: a worker ends on SIGTERM
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with(parent)
    with claim:  # one slot per worker process: where it says which task it runs
        index = next(i for i in range(0, len(slots), 2) if slots[i] == 0)
        slots[index], slots[index + 1] = os.getpid(), -1
    _slot = (slots, index)
    _worker = _Compiler(settings, llm)


def _run(seq: int, task: DocumentTask) -> DocumentOutcome:
    assert _worker is not None, "worker not initialised"
    slots, index = _slot
    slots[index + 1] = seq
    try:
        return _worker(task)
    finally:
        slots[index + 1] = -1


class Workers:
    """Compute documents in this process (`size` 1) or in a pool of `size` forked processes."""

    def __init__(self, settings: Settings, llm: LLMResource, size: int) -> None:
        self.size = max(1, size)
        self.local = _Compiler(settings, llm)
        self._pool: ProcessPoolExecutor | None = None
        self._slots: Any = None
        self._args = (settings, llm)
        self._seq = 0
        self._tasks: dict[Future[DocumentOutcome], tuple[int, DocumentTask]] = {}
        self._moved: dict[Future[DocumentOutcome], Future[DocumentOutcome]] = {}
        self._dead: dict[Future[DocumentOutcome], str] = {}

    def _start(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("fork")
            self._slots = ctx.RawArray("q", 2 * self.size)
            self._pool = ProcessPoolExecutor(
                self.size,
                mp_context=ctx,
                initializer=_init,
                initargs=(*self._args, os.getpid(), self._slots, ctx.Lock()),
            )
        return self._pool

    def submit(self, task: DocumentTask) -> Future[DocumentOutcome]:
        if self.size == 1:
            return _done(self.local, task)
        self._seq += 1
        seq = self._seq  # `_replace` below numbers the documents it submits again after this
        while True:
            try:
                future = self._start().submit(_run, seq, task)
            except BrokenProcessPool:  # a worker died since the last look: replace the pool
                self._replace()
                continue
            self._tasks[future] = (seq, task)
            return future

    def result(self, future: Future[DocumentOutcome]) -> DocumentOutcome:
        """The outcome of a submitted document; a `WorkerDied` for the one a dead worker was
        computing, while the others are computed again by a new pool."""
        while True:
            future = self._moved.pop(future, future)
            if future in self._dead:
                self._tasks.pop(future, None)
                raise WorkerDied(self._dead.pop(future))
            try:
                outcome = future.result()
            except BrokenProcessPool:
                if future in self._tasks:
                    self._replace()
                    continue
                raise
            self._tasks.pop(future, None)
            return outcome

    def _replace(self) -> None:
        """After a worker died: name the task it ran, resubmit the others to a new pool."""
        pool, slots = self._pool, self._slots
        assert pool is not None
        processes = dict(getattr(pool, "_processes", None) or {})
        manager = getattr(pool, "_executor_manager_thread", None)
        pool.shutdown(wait=False, cancel_futures=True)  # its manager terminates the others
        self._pool = None
        ended_here = end(manager, processes.values())
        killed = {}
        for i in range(0, len(slots), 2):
            pid, seq = slots[i], slots[i + 1]
            code = getattr(processes.get(pid), "exitcode", None)
            if pid and seq >= 0 and code != -signal.SIGTERM and pid not in ended_here:
                killed[seq] = signal_name(code)
        if not killed:  # no culprit known: those running fail, so every round makes progress
            killed = {slots[i + 1]: "unknown" for i in range(0, len(slots), 2) if slots[i + 1] >= 0}
        for old, (seq, task) in list(self._tasks.items()):
            if not old.done() or not isinstance(old.exception(), BrokenProcessPool):
                continue
            del self._tasks[old]
            if seq in killed:
                self._dead[old] = (
                    f"the worker process computing it died ({killed[seq]}); the other "
                    "documents were computed again"
                )
                self._tasks[old] = (seq, task)
            else:
                self._moved[old] = self.submit(task)

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
