"""The API the CLI calls: compile documents through Dagster on the local instance.

`compile_paths` turns the paths it is given into document keys (`relative_key`; a discovered
`SourceRef` brings its own), refuses what cannot be compiled (a key leaving the root, a
missing file, the same document twice) and hands the rest to ONE in-process run of the
batched `recompile_documents` job (`jobs.local_run`: only that job and its resources are
built, nothing else of the code location). The run does what the sensor's and the
schedules' runs do (`jobs.recompile`): per document, observe the source, plan what is stale
(unchanged documents are skipped without computing), compute (in a process pool on a
machine with several cores: `batch.pool`) and record every computed field as its own
partition's materialization with its own data version and provenance (`batch.recorder`).
Each document's `DocumentOutcome` (`batch.outcome`, the one made where it was computed, with
the path it was named by and the run) reaches `progress` as soon as it is known. A document
that fails (unreadable source, verify error, any exception) is reported in its outcome and
never stops the others.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Iterable

import dagster as dg

from vectorless_assets.environment import DEFAULT_LLM_CONCURRENCY
from vectorless_assets.frontends.discovery import SourceRef
from vectorless_assets.ir.identity import document_key
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.settings import Settings
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id, partition_key_for
from vectorless_assets.orchestration.jobs.local_run import run_recompile
from vectorless_assets.orchestration.storage.instance import local_instance
from vectorless_assets.orchestration.storage.orphans import fail_orphaned_runs
from vectorless_assets.orchestration.storage.resources import DocumentsRoot, IRStore
from vectorless_assets.orchestration.storage.sqlite_tuning import relax_sync
from vectorless_assets.pipeline.table import TABLE, PassTable


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


Source = str | os.PathLike[str] | SourceRef


def _key_of(item: Source, docs_root: str) -> tuple[str, str]:
    """(path as given, document key): a discovered `SourceRef` brings its key."""
    if isinstance(item, SourceRef):
        return str(item.path), item.key
    return os.fspath(item), relative_key(item, docs_root)


def compile_paths(
    paths: Iterable[Source],
    *,
    docs_root: str | os.PathLike[str],
    ir_dir: str | os.PathLike[str],
    options: CompileOptions | None = None,
    instance: dg.DagsterInstance | None = None,
    progress: Callable[[DocumentOutcome], None] | None = None,
    force: bool = False,
    fields_dir: str | os.PathLike[str] | None = None,
    sqlite_synchronous: str | None = None,
    llm: OpenAICompatibleClient | None = None,
    table: PassTable = TABLE,
    workers: int | None = None,
    llm_cache: str | None = None,
    llm_concurrency: int = DEFAULT_LLM_CONCURRENCY,
) -> list[DocumentOutcome]:
    """Compile `paths` (files under `docs_root` or relative to it, or `SourceRef`s whose root is
    `docs_root`) through Dagster in one run; one result each, in the order given.

    `instance` defaults to `instance.local_instance()`; `fields_dir` (the field store's
    folder) to `<ir_dir>/.fields`. `force` recompiles unchanged documents. `progress` is
    called with each result as soon as it is known. `sqlite_synchronous` ("NORMAL"/"OFF")
    lowers SQLite's fsync level for this process's connections to the instance's files
    (`sqlite_tuning`; faster on slow disks, less durable on power loss). `llm` is the
    optional OpenAI-compatible client (its model becomes part of the compile options). `table`
    is the pass table the assets are generated from; `workers` the processes computing
    documents (default: the machine's cores); `llm_cache` the lasting LLM cache's file or
    "off" (default `<ir_dir>/.cache/llm.sqlite`); `llm_concurrency` a document's concurrent
    LLM calls at most (default `environment.DEFAULT_LLM_CONCURRENCY`). The CLI passes the
    `VECTORLESS_*` values of these three.
    """
    options = (options or CompileOptions()).model_copy(
        update={"llm_model": llm.model if llm else None}
    )
    settings = Settings.create(
        docs_dir=docs_root,
        ir_dir=ir_dir,
        fields_dir=fields_dir,
        options=options,
        llm_base_url=llm.base_url if llm else "",
        llm_api_key=llm.api_key if llm else "",
        llm_limits=llm.limits if llm else None,
        table=table,
        workers=workers,
        llm_cache=llm_cache,
        llm_concurrency=llm_concurrency,
    )
    instance = instance or local_instance()
    # best effort: a storage error shows on the documents below
    with contextlib.suppress(Exception):
        fail_orphaned_runs(instance)
    if sqlite_synchronous and instance.root_directory:
        relax_sync(instance.root_directory, sqlite_synchronous)
    documents = DocumentsRoot(path=settings.docs_dir)
    results: dict[int, DocumentOutcome] = {}
    pending: dict[str, tuple[int, DocumentOutcome]] = {}
    started = time.perf_counter()

    def done(i: int, res: DocumentOutcome) -> None:
        results[i] = res
        if progress is not None:
            progress(res)

    for i, item in enumerate(paths):
        try:
            path, key = _key_of(item, settings.docs_dir)
            pk = partition_key_for(key)
            # refuses keys leaving the root
            exists = documents.location(key).is_file()
        except ValueError as exc:
            given = os.fspath(item.path if isinstance(item, SourceRef) else item)
            done(i, DocumentOutcome(path=given, status="failed", error=str(exc)))
            continue
        res = DocumentOutcome(pk, "failed", path=path, document_key=key, doc_id=key_to_doc_id(pk))
        if not exists:
            res.error = "cannot read source: No such file"
            done(i, res)
            continue
        # the same document twice: one compile, the same result
        if pk in pending:
            res.error = "named twice"
            done(i, res)
            continue
        pending[pk] = (i, res)
    if pending:
        _run(settings, instance, pending, force=force, done=done, started=started)
    return [results[i] for i in sorted(results)]


def _run(
    settings: Settings,
    instance: dg.DagsterInstance,
    pending: dict[str, tuple[int, DocumentOutcome]],
    *,
    force: bool,
    done: Callable[[int, DocumentOutcome], None],
    started: float,
) -> None:
    """One in-process run over the partitions of `pending`; each result is `done` when known."""
    ir_store = IRStore(path=settings.ir_dir)

    def on_report(run_id: str, outcome: DocumentOutcome) -> None:
        entry = pending.pop(outcome.partition_key, None)
        if entry is None:
            return
        i, named = entry
        outcome.path, outcome.document_key, outcome.doc_id, outcome.run_id = (
            named.path,
            named.document_key,
            named.doc_id,
            run_id,
        )
        outcome.seconds = outcome.seconds or time.perf_counter() - started
        if outcome.ok:
            # a compile's outcome carries the file it wrote; a skip's names none
            outcome.ir_path = outcome.ir_path or str(ir_store.location(outcome.doc_id))
        done(i, outcome)

    run_id, problem = run_recompile(
        settings, instance, list(pending), force=force, on_report=on_report
    )
    # documents the run never reported
    for i, res in list(pending.values()):
        res.error, res.run_id = problem or "not compiled (the run ended before it)", run_id
        res.seconds = time.perf_counter() - started
        done(i, res)
