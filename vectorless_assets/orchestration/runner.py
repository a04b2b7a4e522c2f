"""The API the CLI calls: compile documents through Dagster on the local instance.

`compile_paths` registers each document as a partition, reports its content fingerprint as
an observation of the `source` asset, and materializes the planned assets (`plan`) in one
in-process run per document, so every asset gets its own per-partition data version
(runs over several partitions record one data version for all of them, Dagster issues
#18649/#34013). Unchanged documents are skipped without a run. A document that fails
(unreadable source, verify error, any exception) is reported in its `DocResult` and never
stops the others. Console logging of the runs is off (errors come back in the results).
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

import dagster as dg

from vectorless_assets.ir.identity import content_fingerprint, document_key
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.assets.graph import AssetGraph
from vectorless_assets.orchestration.assets.partitions import (
    key_to_doc_id,
    partition_key_for,
    register,
)
from vectorless_assets.orchestration.assets.plan import plan_document
from vectorless_assets.orchestration.base.keys import (
    COMPILE_JOB,
    DATA_VERSION_TAG,
    DOCUMENT_TAG,
    SOURCE,
)
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.definitions import build_defs
from vectorless_assets.orchestration.storage.event_log import document_transaction
from vectorless_assets.orchestration.storage.instance import local_instance
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.locks import file_lock
from vectorless_assets.orchestration.storage.orphans import fail_orphaned_runs, process_tags
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore
from vectorless_assets.orchestration.storage.sqlite_tuning import relax_sync
from vectorless_assets.pipeline.table import TABLE, PassTable

Status = Literal["compiled", "skipped", "failed"]
QUIET = {"loggers": {"console": {"config": {"log_level": "CRITICAL"}}}}


@dataclass
class DocResult:
    """Outcome of one document: `compiled`, `skipped` (current) or `failed` (`error`: the
    problem, without the document key, which is a field of its own)."""

    path: str
    document_key: str
    partition_key: str
    doc_id: str
    status: Status
    ir_path: str | None = None
    error: str | None = None
    run_id: str | None = None
    seconds: float = 0.0
    reason: str = ""
    assets: tuple[str, ...] = ()


def relative_key(path: str | os.PathLike[str], docs_root: str) -> str:
    """Document key of `path` relative to the local folder or URL `docs_root`.

    An absolute path must lie under the root. A relative path is taken relative to the
    current directory when that file exists under the root (`docs/a.md` with root `docs`),
    otherwise relative to the root (`a.md`).
    """
    text = os.fspath(path)
    if "://" in docs_root:
        return document_key(text)
    if not os.path.isabs(text):
        here = os.path.abspath(text)
        inside = not os.path.relpath(here, docs_root).startswith("..")
        if not (inside and os.path.exists(here)):
            return document_key(text)
        text = here
    rel = os.path.relpath(os.path.abspath(text), docs_root)
    if rel == ".." or rel.startswith("../"):
        raise ValueError(f"{text} is not under the documents root {docs_root}")
    return document_key(rel)


def _failure_message(result: dg.ExecuteInProcessResult, store: FieldStore, partition_key: str) -> str:
    for event in result.all_events:
        if event.is_step_failure and event.step_failure_data:
            data = event.step_failure_data
            user = data.user_failure_data
            if user and "problem" in user.metadata:  # our `fail()`: the problem, without the key
                return str(user.metadata["problem"].value)
            if user and user.description:
                return user.description
            if data.error and "blocking asset check" in data.error.message and store.exists("verification", partition_key):
                errors = [d.message for d in store.read("verification", partition_key) if d.severity == "error"]
                return "verify failed: " + "; ".join(errors)
            if data.error:  # the innermost cause says what happened ("No space left on device")
                error = data.error
                while error.cause is not None:
                    error = error.cause
                return error.message.strip().splitlines()[-1]
    return "run failed"


def compile_paths(
    paths: Iterable[str | os.PathLike[str]],
    *,
    docs_root: str | os.PathLike[str],
    ir_dir: str | os.PathLike[str],
    options: CompileOptions | None = None,
    instance: dg.DagsterInstance | None = None,
    progress: Callable[[DocResult], None] | None = None,
    force: bool = False,
    fields_dir: str | os.PathLike[str] | None = None,
    sqlite_synchronous: str | None = None,
    llm: OpenAICompatibleClient | None = None,
    table: PassTable = TABLE,
) -> list[DocResult]:
    """Compile `paths` (under `docs_root`, or relative to it) through Dagster; one result each.

    `instance` defaults to `instance.local_instance()`; `fields_dir` (the JSON IO manager's
    folder) to `<ir_dir>/.fields`. `force` recompiles unchanged documents. `progress` is
    called with each result as soon as it is known. `sqlite_synchronous` ("NORMAL"/"OFF")
    lowers SQLite's fsync level for this process's connections to the instance's files
    (`sqlite_tuning`; faster on slow disks, less durable on power loss). `llm` is the
    optional OpenAI-compatible client (its model becomes part of the compile options). `table` is
the pass table the assets are generated from.
    """
    options = (options or CompileOptions()).model_copy(update={"llm_model": llm.model if llm else None})
    settings = Settings.create(docs_dir=docs_root, ir_dir=ir_dir, fields_dir=fields_dir, options=options, llm_base_url=llm.base_url if llm else "", llm_api_key=llm.api_key if llm else "", llm_limits=llm.limits if llm else None, table=table)
    instance = instance or local_instance()
    with contextlib.suppress(Exception):  # best effort: a storage error shows on the documents below
        fail_orphaned_runs(instance)
    if sqlite_synchronous and instance.root_directory:
        relax_sync(instance.root_directory, sqlite_synchronous)
    graph = AssetGraph(settings.table, settings.options)
    documents, ir_store, store = DocumentsRoot(path=settings.docs_dir), IRStore(path=settings.ir_dir), FieldStore(settings.fields_dir)
    results: list[DocResult] = []
    pending: list[tuple[DocResult, str]] = []

    def done(res: DocResult) -> None:
        results.append(res)
        if progress is not None:
            progress(res)

    for path in paths:
        t0 = time.perf_counter()
        try:
            key = relative_key(path, settings.docs_dir)
            pk = partition_key_for(key)
        except ValueError as exc:
            done(DocResult(os.fspath(path), "", "", "", "failed", error=str(exc)))
            continue
        res = DocResult(os.fspath(path), key, pk, key_to_doc_id(pk), "failed")
        try:
            fingerprint = content_fingerprint(documents.read(key))
        except (OSError, ValueError) as exc:
            res.error, res.seconds = f"cannot read source: {getattr(exc, 'strerror', None) or exc}", time.perf_counter() - t0
            done(res)
            continue
        pending.append((res, fingerprint))
    try:
        job = build_defs(settings).resolve_job_def(COMPILE_JOB)
        register(instance, [res.partition_key for res, _ in pending])
    except Exception as exc:  # noqa: BLE001 - e.g. a full DAGSTER_HOME: every document fails with the message
        for res, _ in pending:
            res.error = f"cannot prepare the compile (Dagster definitions or instance): {type(exc).__name__}: {str(exc).strip().splitlines()[0]}"
            done(res)
        return results

    for res, fingerprint in pending:
        with file_lock(settings.lock_path(res.doc_id)):  # another process compiling it: wait, then plan
            _compile_one(res, fingerprint, instance=instance, job=job, graph=graph, ir_store=ir_store, store=store, force=force, llm=llm)
        done(res)
    return results


def _compile_one(res: DocResult, fingerprint: str, *, instance: dg.DagsterInstance, job: dg.JobDefinition, graph: AssetGraph, ir_store: IRStore, store: FieldStore, force: bool, llm: OpenAICompatibleClient | None) -> None:
    """Plan and (unless current) run one document's compile; the outcome goes into `res`.

    Any error of the instance's storage (a full disk under `DAGSTER_HOME`, a locked
    database) fails this document with its message, never the whole command."""
    t0 = time.perf_counter()
    ir_path = ir_store.location(res.doc_id)
    try:
        plan = plan_document(instance, res.partition_key, fingerprint, graph, ir_store=ir_store, verify=True, store=store, force=force, llm=llm)
        res.reason, res.assets = plan.reason, tuple(sorted(plan.selection))
        if plan.skip:
            res.status, res.ir_path = "skipped", str(ir_path)
            return
        instance.report_runless_asset_event(dg.AssetObservation(SOURCE, partition=res.partition_key, tags={DATA_VERSION_TAG: fingerprint}))
        with document_transaction(instance):  # the run's events in one transaction (storage.event_log)
            run = job.execute_in_process(
                instance=instance,
                partition_key=res.partition_key,
                asset_selection=[dg.AssetKey(name) for name in res.assets],
                run_config=QUIET,
                raise_on_error=False,
                tags={DOCUMENT_TAG: res.document_key[:60], **process_tags()},
            )
    except Exception as exc:  # noqa: BLE001 - one document must never stop the others
        res.error = f"{type(exc).__name__}: {exc}"
    else:
        res.run_id = run.run_id
        if run.success:
            res.status, res.ir_path = "compiled", str(ir_path)
        else:
            res.error = _failure_message(run, store, res.partition_key)
    finally:
        res.seconds = time.perf_counter() - t0
