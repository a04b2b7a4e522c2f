"""Many documents in one step: select, compute (in a pool), record, and never let one fail the
others.

Every compiling step runs here: the compile asset's step (one partition, or a backfill's
range of partitions: `selection` = the selected assets, computed for every document), and
the batched `recompile_documents` job's chunks and the CLI's run (`selection` None: each
document's stale assets are planned by `selection.select_assets`, with early cutoff). Per
document, under its lock (one process at a time per document):

1. read and fingerprint the source; an `AssetObservation` of `source` when the latest one
   saw other bytes (this re-observation heals missed file events), stored with the
   document's events of step 4 (or at once if the document stops before computing);
2. select what is stale (batched path) or take the selection; refuse stored upstream values
   computed with other compile options, or from other source bytes;
3. compute (`compute.compute`, in this process or a worker: `pool.Workers`);
4. record each computed field through the one writer (`recorder.PartitionRecorder`) and, for
   a computed `validation` / `verification`, one evaluation of its check with the document's
   partition (`evaluations`: every check on the batched path, the selected ones otherwise), the
   document's events (its source observation first) in one event-log transaction: one
   commit per database file per document.

A document that fails (unreadable source, a pass error, verify errors, an unwritable IR
folder) is logged and reported, the others go on, and the step fails at the end naming the
failed documents (`tally.StepTally`). An optional pass that fails is skipped: its fields are
not recorded, the document's other fields and its IR are, and the step fails at the end
naming document and pass (so Dagster shows that field's partition failed, not synced). A
document deleted since the run was planned is skipped with a warning on the batched path
(deleted files are the sensor's business) and fails a selected run.
Each document's `outcome.DocumentOutcome` goes to an in-process listener of the run, if any
(`tally`, through `progress`: the CLI).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Collection, Generator, Iterator
from concurrent.futures import Future
from contextlib import ExitStack
from dataclasses import dataclass
from typing import Any

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch import evaluations
from vectorless_assets.orchestration.batch.compute import DocumentTask
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.partitions import document_key_for, key_to_doc_id
from vectorless_assets.orchestration.batch.pool import Workers
from vectorless_assets.orchestration.batch.recorder import PartitionRecorder
from vectorless_assets.orchestration.batch.selection import basis_problem, select_assets
from vectorless_assets.orchestration.batch.tally import StepTally
from vectorless_assets.orchestration.storage.batching import document_transaction
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.locks import file_lock
from vectorless_assets.orchestration.storage.resources import (
    DocumentsRoot,
    IRStore,
    LLMResource,
    bound,
)

Events = Iterator[Any]


@dataclass
class _Prepared:
    task: DocumentTask
    recorder: PartitionRecorder
    lock: ExitStack
    reason: str
    #: the source's observation, stored with the document's other events (`_record`)
    observation: dg.AssetObservation | None = None


class DocumentRuns:
    """The documents of one step (`keys`, partition keys), compiled as the module says."""

    def __init__(
        self,
        context: dg.OpExecutionContext,
        settings: Settings,
        *,
        selection: frozenset[str] | None = None,
        force: bool = False,
    ) -> None:
        """`selection`: the assets to compute for every document (None: plan each document);
        the resources are the step's (the compiler's documents root, IR store and LLM)."""
        names = settings.names
        self.context, self.instance = context, context.instance
        self.settings, self.selection, self.force, self.workers = (
            settings,
            selection,
            force,
            settings.workers,
        )
        self.documents: DocumentsRoot = bound(context, names.documents)
        self.ir_store: IRStore = bound(context, names.ir_store)
        self.llm: LLMResource = bound(context, names.llm)
        self.graph = AssetGraph(settings.table, settings.options, settings.names)
        self.store = FieldStore(settings.fields_dir)
        self.tally = StepTally(context)
        #: the checks evaluated per computed document (`run`)
        self.checks: Collection[str] = ()
        self.client: Any = None  # the LLM client the plans probe: the worker pool's own, in `run`
        self.pool: Workers | None = None  # the step's workers, in `run`

    def run(self, keys: list[str], checks_selected: Collection[str] = frozenset()) -> Events:
        """The events of compiling `keys`; a `dg.Failure` at the end names the failed ones
        (and the optional passes that failed). `checks_selected`: the checks a selected run
        evaluates (the batched path: all)."""
        self.checks = evaluations.CHECKED_FIELD if self.selection is None else checks_selected
        keys = sorted(dict.fromkeys(keys))  # one lock order in every process: no deadlock
        window: deque[tuple[_Prepared, Future[DocumentOutcome]]] = deque()
        with Workers(self.settings, self.llm, min(self.workers, len(keys))) as pool:
            self.client, self.pool = pool.local.client, pool
            for pk in keys:
                prepared = yield from self._prepare(pk)
                if prepared is None:
                    continue
                window.append((prepared, pool.submit(prepared.task)))
                while window and (len(window) >= 2 * pool.size or window[0][1].done()):
                    yield from self._record(*window.popleft())
            while window:
                yield from self._record(*window.popleft())
        self.tally.end(len(keys))

    def _prepare(self, pk: str) -> Generator[Any, None, _Prepared | None]:
        doc_key = document_key_for(pk)
        lock = ExitStack()
        lock.enter_context(
            file_lock(
                self.settings.lock_path(key_to_doc_id(pk)),
                on_wait=lambda pid: self.context.log.warning(
                    f"{doc_key}: waiting for process {pid}, which is compiling it (its lock "
                    "is released when that process ends)"
                ),
            )
        )
        try:
            # the plan's reads in one transaction (and a document that stops here: its
            # source's observation)
            with document_transaction(self.instance):
                prepared = yield from self._plan(pk, doc_key, lock)
        except Exception as exc:  # noqa: BLE001 - a storage error fails this document only
            self.tally.fail(DocumentOutcome(pk), f"{type(exc).__name__}: {exc}")
            prepared = None
        if prepared is None:
            lock.close()
        return prepared

    def _plan(
        self, pk: str, doc_key: str, lock: ExitStack
    ) -> Generator[Any, None, _Prepared | None]:
        try:
            data = self.documents.read(doc_key)
        except FileNotFoundError as exc:
            if self.selection is None:
                self.context.log.warning(
                    f"{doc_key}: no longer exists (deleted files are the documents sensor's "
                    "business); skipped"
                )
                self.tally.report(DocumentOutcome(pk, "skipped", reason="source deleted"))
                return None
            self.tally.fail(DocumentOutcome(pk), f"cannot read source: {exc.strerror or exc}")
            return None
        except (OSError, ValueError) as exc:
            problem = getattr(exc, "strerror", None) or exc
            self.tally.fail(DocumentOutcome(pk), f"cannot read source: {problem}")
            return None
        fingerprint = content_fingerprint(data)
        recorder = PartitionRecorder(self.instance, pk, self.settings.names)
        graph, produced = self.graph, frozenset(self.graph.produced)
        if self.selection is None:
            chosen = select_assets(
                self.instance,
                pk,
                fingerprint,
                graph,
                ir_store=self.ir_store,
                store=self.store,
                verify=True,
                force=self.force,
                llm=self.client,
            )
            selection, reason = chosen.assets, chosen.reason
        else:
            selection, reason = self.selection, "selected"
        # observed after planning: the plan compares with the previous observation (an edit
        # into a broken state and back is still a change). A document that computes stores it
        # in `_record`'s transaction (one commit for all its events); one that stops here, now
        observation = recorder.observe_source(fingerprint)
        if not selection:
            yield from recorder.observed(observation)
            self.tally.report(DocumentOutcome(pk, "skipped", reason=reason))
            return None
        if not selection >= produced:
            recorder.remember(graph.produced)
        problem = (
            None
            if self.selection is None
            else basis_problem(self.instance, pk, self.graph, selection, recorder.code, fingerprint)
        )
        if problem is not None:
            yield from recorder.observed(observation)
            self.tally.fail(DocumentOutcome(pk), problem)
            return None
        task = DocumentTask(
            partition_key=pk,
            document_key=doc_key,
            data=data,
            path=str(self.documents.location(doc_key)),
            selection=frozenset(selection),
            cutoff=self.selection is None,
            versions=dict(recorder.versions),
            code=dict(recorder.code),
            graph_fp=recorder.graph_fp,
            reuse_previous=not (self.force and self.selection is None),
        )
        return _Prepared(task, recorder, lock, reason, observation)

    def _record(self, prepared: _Prepared, future: Future[DocumentOutcome]) -> Events:
        pk = prepared.task.partition_key
        with prepared.lock:
            try:
                outcome = future.result() if self.pool is None else self.pool.result(future)
            except Exception as exc:  # noqa: BLE001 - a worker that died: this document fails
                with document_transaction(self.instance):  # the source was read all the same
                    yield from prepared.recorder.observed(prepared.observation)
                self.tally.fail(DocumentOutcome(pk), f"{type(exc).__name__}: {exc}")
                return
            recorder = prepared.recorder
            with document_transaction(self.instance):
                yield from recorder.observed(prepared.observation)
                yield from recorder.computed(outcome.records, self.graph)
                yield from evaluations.of_outcome(
                    outcome,
                    self.checks,
                    pointers=recorder.pointers,
                    run_id=self.context.run.run_id,
                    names=self.settings.names,
                    step_blocking=self.selection is not None,  # the batched job: see there
                )
        self.tally.recorded(outcome, prepared.reason)
