"""Many documents in one step: plan, compute (in a pool), record, and never let one fail the others.

Every compiling step runs here: the compile asset's step (one partition, or a backfill's
range of partitions: `selection` = the selected assets, computed for every document), and
the batched `recompile_documents` job's chunks and the CLI's run (`selection` None: each
document's stale assets are planned by `selection.select_assets`, with early cutoff). Per
document, under its lock (one process at a time per document):

1. read and fingerprint the source; an `AssetObservation` of `source` when the latest one
   saw other bytes (this re-observation heals missed file events), stored with the
   document's events of step 4 (or at once if the document stops before computing);
2. plan (batched path) or take the selection; refuse stored upstream values computed with
   other compile options, or from other source bytes;
3. compute (`compute.compute`, in this process or a worker: `pool.Workers`);
4. record each computed field through the one writer (`recorder.PartitionRecorder`) and, for
   a computed `validation` / `verification`, one evaluation of its check with the document's
   partition (`checks`: every check on the batched path, the selected ones otherwise), the
   document's events (its source observation first) in one event-log transaction: one
   commit per database file per document.

A document that fails (unreadable source, a pass error, verify errors, an unwritable IR
folder) is logged and reported, the others go on, and the step fails at the end naming the
failed documents. An optional pass that fails is skipped: its fields are not recorded, the
document's other fields and its IR are, and the step fails at the end naming document and
pass (so Dagster shows that field's partition failed, not synced). A document deleted
since the run was planned is skipped with a warning on the batched path (deleted files are
the sensor's business) and fails a selected run.
Each document's `outcome.DocumentOutcome` goes to an in-process listener of the run, if any
(`progress`: the CLI).
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
from vectorless_assets.orchestration.base.keys import DATA_VERSION_TAG, SOURCE
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch import evaluations, progress
from vectorless_assets.orchestration.batch.compute import DocumentTask
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.partitions import document_key_for, key_to_doc_id
from vectorless_assets.orchestration.batch.pool import Workers
from vectorless_assets.orchestration.batch.recorder import PartitionRecorder
from vectorless_assets.orchestration.batch.selection import basis_problem, select_assets
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


def failure(
    failed: dict[str, str], total: int, skipped_passes: dict[str, str] | None = None
) -> dg.Failure | None:
    """The step failure naming the `failed` documents (`{partition: problem}`) of `total` and
    the optional passes that failed (`{"<partition> [<pass>]": problem}`, their IRs written;
    None: nothing failed): the problem itself for one document, else counts, and the first
    50 in the metadata."""
    skipped_passes = skipped_passes or {}
    problems = {**failed, **skipped_passes}
    if not problems:
        return None
    shown = {pk[:120]: text[:300] for pk, text in list(problems.items())[:50]}
    only = next(iter(problems.values())) if total == 1 else None
    skipped = (
        f"; {len(skipped_passes)} optional passes failed (their IRs written)"
        if skipped_passes
        else ""
    )
    return dg.Failure(
        description=only or f"{len(failed)} of {total} documents failed{skipped}",
        metadata=shown,
        allow_retries=False,
    )


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
        self.failed: dict[str, str] = {}
        #: "<partition> [<pass>]" -> problem: optional passes that failed (`compute`)
        self.skipped_passes: dict[str, str] = {}
        self.compiled = 0
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
        self.context.log.info(
            f"{self.compiled} of {len(keys)} documents compiled, {len(self.failed)} failed"
        )
        problem = failure(self.failed, len(keys), self.skipped_passes)
        if problem is not None:
            raise problem

    def _fail(self, outcome: DocumentOutcome, problem: str, pass_name: str | None = None) -> None:
        """`outcome`'s document failed with `problem` (in `pass_name`): logged, reported."""
        pk, where = outcome.partition_key, f" [{pass_name}]" if pass_name else ""
        self.failed[pk] = f"{document_key_for(pk)}{where}: {problem}"
        self.context.log.error(self.failed[pk])
        self._report(outcome.failed(problem, pass_name))

    def _report(self, outcome: DocumentOutcome) -> None:
        progress.report(self.context.run.run_id, outcome)

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
            self._fail(DocumentOutcome(pk), f"{type(exc).__name__}: {exc}")
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
                self._report(DocumentOutcome(pk, "skipped", reason="source deleted"))
                return None
            self._fail(DocumentOutcome(pk), f"cannot read source: {exc.strerror or exc}")
            return None
        except (OSError, ValueError) as exc:
            problem = getattr(exc, "strerror", None) or exc
            self._fail(DocumentOutcome(pk), f"cannot read source: {problem}")
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
            yield from _observed(recorder, observation)
            self._report(DocumentOutcome(pk, "skipped", reason=reason))
            return None
        if not selection >= produced:
            recorder.remember(graph.produced)
        problem = (
            None
            if self.selection is None
            else basis_problem(self.instance, pk, self.graph, selection, recorder.code, fingerprint)
        )
        if problem is not None:
            yield from _observed(recorder, observation)
            self._fail(DocumentOutcome(pk), problem)
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
        pk, graph = prepared.task.partition_key, self.graph
        with prepared.lock:
            try:
                outcome = future.result() if self.pool is None else self.pool.result(future)
            except Exception as exc:  # noqa: BLE001 - a worker that died: this document fails
                with document_transaction(self.instance):  # the source was read all the same
                    yield from _observed(prepared.recorder, prepared.observation)
                self._fail(DocumentOutcome(pk), f"{type(exc).__name__}: {exc}")
                return
            with document_transaction(self.instance):
                yield from _observed(prepared.recorder, prepared.observation)
                for rec in outcome.records:
                    code_version = graph.code_versions[rec.name]
                    yield prepared.recorder.materialization(
                        rec.name,
                        code_version=code_version,
                        data_version=rec.data_version,
                        deps=graph.deps[rec.name],
                        metadata=rec.metadata,
                    )
                    prepared.recorder.logged(rec.name, rec.data_version, code_version)
                yield from self._evaluations(prepared.recorder, outcome)
        if outcome.error is not None:
            self._fail(outcome, outcome.error, outcome.pass_name)
            return
        for pass_name, message in outcome.failed_passes.items():  # the IR is written
            self.skipped_passes[f"{pk} [{pass_name}]"] = f"{document_key_for(pk)}: {message}"
            self.context.log.error(self.skipped_passes[f"{pk} [{pass_name}]"])
        self._report(outcome.recorded(prepared.reason))
        self.compiled += outcome.status == "compiled"

    def _evaluations(self, recorder: PartitionRecorder, outcome: DocumentOutcome) -> Events:
        """One evaluation of each check whose field this document computed, with its
        partition and the materialization just recorded (`checks`)."""
        for check, field in evaluations.CHECKED_FIELD.items():
            if check in self.checks and field in outcome.findings:
                yield evaluations.evaluation(
                    check,
                    outcome.findings[field],
                    partition=outcome.partition_key,
                    checked=evaluations.target(
                        recorder.pointers.get(field), self.context.run.run_id
                    ),
                    names=self.settings.names,
                    step_blocking=self.selection is not None,  # the batched job: see there
                )


def _observed(recorder: PartitionRecorder, observation: dg.AssetObservation | None) -> Events:
    """The source's `observation` (`PartitionRecorder.observe_source`; None: nothing), then
    the recorder told of it (the fields' input pointers name it)."""
    if observation is not None:
        yield observation
        recorder.logged(SOURCE, str(observation.tags[DATA_VERSION_TAG]))
