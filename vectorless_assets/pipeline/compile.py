"""In-process compilation: run the pass table over one document, no Dagster needed."""

from __future__ import annotations

import gc
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

from vectorless_assets.environment import DEFAULT_LLM_CONCURRENCY
from vectorless_assets.frontends.registry import REGISTRY, Registry
from vectorless_assets.ir.changes import ChangeSet
from vectorless_assets.ir.document import Document
from vectorless_assets.ir.errors import CompileError, IRIntegrityError
from vectorless_assets.ir.identity import (
    content_fingerprint,
    doc_id_for,
    document_key,
    key_conflict,
    source_path_for,
)
from vectorless_assets.ir.persist import load_ir
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.llm.cache import LLMCache
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.options import MODES, CompileOptions, Mode
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.assemble import assemble_document
from vectorless_assets.pipeline.freshness import resolve_action
from vectorless_assets.pipeline.incremental import Reuse, incremental_ready
from vectorless_assets.pipeline.runner import run_passes, verify_errors
from vectorless_assets.pipeline.table import TABLE, PassTable


def source_from(
    source: str | os.PathLike[str] | bytes | None,
    name: str | None,
    root: str | os.PathLike[str] | None,
    *,
    text: str | None = None,
) -> SourceDocument:
    """The `SourceDocument` of a compile's input: a path (`source` as `str` or `PathLike`, read
    here), content bytes (`source` as `bytes`) or a content string (`text=`); content needs
    `name=` (its key: `notes.md`, whose suffix picks the frontend). Exactly one of `source` and
    `text` (a `str` source is always a path: text goes by keyword, never guessed)."""
    if (source is None) == (text is None):
        raise ValueError(
            "compile_document needs a source path or bytes, or text= (a content string), not both"
        )
    if text is not None:
        if not isinstance(text, str):
            raise TypeError(f"text= is a content string, not {type(text).__name__}")
        if not name:
            raise ValueError("compile_document(text=...) needs name= (e.g. 'notes.md')")
        return SourceDocument(key=document_key(name), data=text.encode("utf-8"))
    assert source is not None
    if isinstance(source, bytes | bytearray):
        if not name:
            raise ValueError("compile_document(bytes) needs name= (e.g. 'notes.md')")
        return SourceDocument(key=document_key(name), data=bytes(source))
    path = Path(source)
    if root is not None:
        key = document_key(os.path.relpath(path, root))
    else:
        key = document_key(name or path.name)
    try:
        data = path.read_bytes()
    except OSError as exc:
        hint = (
            " (a str source is a path: pass a content string as text=...)"
            if isinstance(source, str) and "\n" in source
            else ""
        )
        raise CompileError(key, f"cannot read source: {exc.strerror or exc}{hint}") from exc
    return SourceDocument(key=key, data=data, path=str(path))


@lru_cache(maxsize=len(MODES) + 1)
def default_options(mode: Mode | None) -> CompileOptions:
    """`CompileOptions()` in `mode` (None: the default mode), one object per mode.

    The options are frozen, so one object serves every compile; the per-options memos
    (`optionsmemo.OptionsMemo`: code versions, logic fingerprint) then answer each compile
    from the object they last saw instead of hashing and comparing every option.
    """
    options = CompileOptions()
    return options if mode is None or mode == options.mode else options.with_mode(mode)


@contextmanager
def gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector while passes run.

    Passes build many small acyclic objects; on a 9 MB document full collections over the
    growing heap cost ~0.8 s for nothing. Reference counting still frees memory; the
    collector's previous state is restored afterwards.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


#: The reason of a skip that recorded the IR's key and source (it was written before the key had
#: its own field): the caller writes it, so that the same-key guard protects it from then on.
KEY_RECORDED = "current; its key and source recorded (the IR predates them)"


def compile_document(
    source: str | os.PathLike[str] | bytes | None = None,
    *,
    text: str | None = None,
    mode: Mode | None = None,
    options: CompileOptions | None = None,
    llm: LLMClient | None = None,
    name: str | None = None,
    root: str | os.PathLike[str] | None = None,
    table: PassTable = TABLE,
    frontends: Registry = REGISTRY,
    previous: Document | str | os.PathLike[str] | None = None,
    force: bool = False,
    llm_cache: LLMCache | None = None,
    refresh_llm: bool = False,
    llm_concurrency: int = DEFAULT_LLM_CONCURRENCY,
) -> Document:
    """Compile one document into a Document IR, in process.

    The input is a path (`source`: a `str` or `PathLike`, always read as a file), its content
    as bytes (`source` plus `name=`) or as a string (`text=` plus `name=`, encoded as UTF-8):
    `compile_document(text="# Title\n\nText", name="x.md")`. `name`'s suffix picks the
    frontend and makes the document key.

    `mode` overrides `options.mode`. `root` makes the document key (and so the doc_id) the
    path relative to it; otherwise the key is the file name (or `name`). `table` and
    `frontends` default to the project's pass table and frontend registry (pass others to
    compile through an added pass or frontend). Raises `CompileError` with a one-line reason
    when the source cannot be compiled.

    Incremental compilation: `previous` (the document's last IR, or its path) decides between
    skip (returned as is, `meta.action == "skip"`; an IR without its key gets it and its
    source, with the reason `KEY_RECORDED`: write that one), an incremental update (unchanged
    nodes and passes reused) and a full compile (`pipeline.freshness.resolve_action`; `force` always
    compiles in full). `llm_cache` is the lasting LLM cache (`llm.cache.LLMCache`);
    `refresh_llm` asks the model again even for cached prompts (and stores the answers).
    `llm_concurrency` bounds a document's concurrent LLM calls (the result does not depend on it).
    """
    options = options or default_options(mode)
    if mode is not None and mode != options.mode:
        options = options.with_mode(mode)
    # The model is part of the compile logic: switching it (or switching an LLM on) recompiles.
    # (Options are frozen: an equal value needs no copy.)
    model = llm.model if llm is not None else None
    if model != options.llm_model:
        options = options.model_copy(update={"llm_model": model})
    src = source_from(source, name, root, text=text)
    versions = table.code_versions(options)
    fingerprint = content_fingerprint(src.data)
    prev = _previous(previous, src.key)
    if prev is not None:  # before a skip could hand back the other source's IR
        conflict = key_conflict(
            src.key, source_path_for(src.path), prev.document_key, prev.source_path
        )
        if conflict:
            raise CompileError(src.key, conflict)
    resolution = resolve_action(
        prev.meta.content_fingerprint if prev is not None and prev.meta else None,
        prev.meta.pass_versions if prev is not None and prev.meta else None,
        prev.meta.processing_version if prev is not None and prev.meta else None,
        fingerprint=fingerprint,
        versions=versions,
        processing_version=options.processing_version,
        incremental_ready=prev is not None and incremental_ready(prev),
        redo_fallbacks=llm is not None and prev is not None and _degraded(prev),
        force=force,
        old_schema=prev is not None and prev.is_old,
    )
    if resolution.action == "skip" and prev is not None and prev.meta is not None:
        keyed = prev.document_key is not None
        skipped = {
            "action": "skip",
            "action_reason": resolution.reason if keyed else KEY_RECORDED,
            "changes": ChangeSet(),
        }
        owner = {} if keyed else {"document_key": src.key, "source_path": source_path_for(src.path)}
        return prev.model_copy(update={"meta": prev.meta.model_copy(update=skipped), **owner})
    reuse = (
        Reuse.from_previous(prev, table, versions)
        if resolution.action == "incremental" and prev is not None
        else None
    )
    context = partial(
        PassContext,
        options=options,
        llm=llm,
        llm_cache=llm_cache,
        refresh_llm=refresh_llm,
        llm_concurrency=llm_concurrency,
        frontends=frontends,
        action=resolution.action,
        action_reason=resolution.reason,
        reuse=reuse,
        previous=prev,
    )
    with gc_paused():
        # the context, the state and every intermediate field die when `_run` returns, before
        # the collector is back: its first collection then scans the Document only
        return _run(src, context, table, fingerprint)


def _run(
    src: SourceDocument, context: Callable[[], PassContext], table: PassTable, fingerprint: str
) -> Document:
    """Run the passes on `src` in a new `context()` and assemble the Document (`fingerprint`:
    the source's content fingerprint)."""
    ctx = context()
    state: dict[str, Any] = {"source": src}
    started = datetime.now(UTC)
    for _ in run_passes(state, ctx, key=src.key, table=table):
        pass
    failed = verify_errors(state)
    if failed:
        raise CompileError(src.key, "; ".join(d.message for d in failed), pass_name="verify")
    return assemble_document(state, ctx, started=started, table=table, fingerprint=fingerprint)


def _previous(previous: Document | str | os.PathLike[str] | None, key: str) -> Document | None:
    """The previous IR of the document `key`: None when absent, unreadable or another document's."""
    if previous is None:
        return None
    if not isinstance(previous, Document):
        try:
            previous = load_ir(previous)
        except (OSError, IRIntegrityError):
            return None  # a damaged or missing IR is no basis for reuse: compile in full
    return previous if previous.doc_id == doc_id_for(key) else None


def _degraded(previous: Document) -> bool:
    """The previous IR's LLM work fell back somewhere (a node, or a whole-document call)."""
    meta = previous.meta
    return bool(meta and (meta.llm_failures or meta.llm_skipped)) or any(
        n.llm_fallback for n in previous.tree.nodes
    )
