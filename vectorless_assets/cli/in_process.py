"""`vectorless compile --in-process`: each source through the core's `compile_document`, no
Dagster.

The IR folder is the memory: a document's previous IR there makes the compile a skip or an
incremental update; a per-document lock in the folder's state directory keeps two compiles of
one document from both writing. Each document's result is a `DocumentOutcome`, the type the
Dagster path reports too (`cli.dagster_bridge`), printed and written as JSON alike
(`cli.results`).
"""

from __future__ import annotations

import time
from contextlib import ExitStack
from pathlib import Path

from vectorless_assets.cli.compile_setup import CompileSetup
from vectorless_assets.cli.output import progress
from vectorless_assets.cli.results import ms
from vectorless_assets.frontends.discovery import SourceRef
from vectorless_assets.ir import save_ir
from vectorless_assets.ir.errors import CompileError, IRWriteError
from vectorless_assets.ir.identity import doc_id_for
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.batch.outcome import DocumentOutcome
from vectorless_assets.pipeline.compile import KEY_RECORDED, compile_document


def compile_in_process(
    refs: list[SourceRef],
    out: Path,
    options: CompileOptions,
    setup: CompileSetup,
    *,
    force: bool = False,
    refresh_llm: bool = False,
    show_progress: bool = True,
) -> list[DocumentOutcome]:
    """Compile each source with `compile_document` and save it; one failure never stops the rest.

    The IR folder is the memory: a document's previous IR there makes the compile a skip or an
    incremental update (`compile_document(previous=)`); the lasting LLM cache lives beside it
    (`locations.cache_path_for`, `setup.llm_cache`).
    """
    from vectorless_assets.llm.cache import LLMCache
    from vectorless_assets.locations import STATE_SUBDIR, cache_path_for, document_lock_path
    from vectorless_assets.orchestration.storage.locks import file_lock  # plain flock: no Dagster

    llm = setup.llm
    cache_path = cache_path_for(out, setup.llm_cache) if llm is not None else None
    cache = LLMCache(cache_path) if cache_path else None
    results: list[DocumentOutcome] = []
    for i, ref in enumerate(refs, start=1):
        t0 = time.perf_counter()
        result = DocumentOutcome(status="failed", document_key=ref.key, path=str(ref.path))
        try:
            # a name that is not UTF-8 fails here, for this document only
            result.doc_id = doc_id_for(ref.key)
            target = out / f"{result.doc_id}.bin"
            # from reading the previous IR (the same-key check) to writing the new one: another
            # compile of this document into this folder (another root's file with the same key)
            # waits, then finds this IR and is refused, instead of both writing
            lock, lock_path = ExitStack(), document_lock_path(out / STATE_SUBDIR, result.doc_id)
            try:
                lock.enter_context(file_lock(lock_path))
            except OSError as exc:  # a read-only or full IR folder
                raise CompileError(ref.key, f"cannot lock {lock_path}: {exc}") from exc
            with lock:
                # forced too: a forced compile reuses nothing but keeps node ids and created_at
                doc = compile_document(
                    ref.path,
                    options=options,
                    root=ref.root,
                    llm=llm,
                    previous=target if target.exists() else None,
                    force=force,
                    llm_cache=cache,
                    refresh_llm=refresh_llm,
                    llm_concurrency=setup.llm_concurrency,
                )
                meta = doc.meta
                if meta is None or meta.action != "skip" or meta.action_reason == KEY_RECORDED:
                    # durable (fsync'd file and folder) before it is reported ok
                    try:
                        save_ir(doc, target)
                    except IRWriteError as exc:
                        # a read-only or full IR folder: this document failed
                        raise CompileError(ref.key, str(exc)) from exc
            result.nodes, result.ir_path = len(doc.tree.nodes), str(target)
            result.reason = (
                f"{meta.action}: {meta.action_reason}" if meta and meta.action_reason else ""
            )
            if meta is not None and meta.action == "skip" and meta.action_reason != KEY_RECORDED:
                result.status = "skipped"
            else:
                # a skip that recorded the document's key was written above: still unchanged
                result.status = (
                    "skipped" if meta is not None and meta.action == "skip" else "compiled"
                )
                result.changes = meta.changes.model_dump() if meta is not None else None
                # frontend warnings (scanned PDF, page limit, ...) and errors (an optional
                # pass that failed and was skipped) are shown
                for d in doc.diagnostics:
                    if (d.source == "parse" and d.severity != "info") or d.severity == "error":
                        progress(f"  {ref.key}: {d.severity}: {d.message}", enabled=show_progress)
        except CompileError as exc:
            result.error, result.status = exc.problem, "failed"
        # a bug in a pass must not stop the batch
        except Exception as exc:
            result.error, result.status = f"internal error: {type(exc).__name__}: {exc}", "failed"
        result.seconds = time.perf_counter() - t0
        results.append(result)
        if not result.ok:
            state = f"FAILED: {result.error}"
        elif result.status == "skipped":
            state = "unchanged, skipped"
        else:
            state = (
                f"ok ({result.nodes} nodes, {ms(result):.0f} "
                f"ms{', ' + result.reason if result.reason else ''})"
            )
        progress(f"[{i}/{len(refs)}] {ref.key} {state}", enabled=show_progress)
    if cache is not None:
        cache.close()
    return results
