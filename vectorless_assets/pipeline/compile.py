"""In-process compilation: run the pass table over one document, no Dagster needed."""

from __future__ import annotations

import gc
import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from vectorless_assets.errors import CompileError, SourceError
from vectorless_assets.frontends.raw import ParsedDocument, SourceDocument
from vectorless_assets.ir.document import Diagnostic, Document, DocumentMeta
from vectorless_assets.ir.identity import content_fingerprint, doc_id_for, document_key
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.passes.env import PassEnv
from vectorless_assets.pipeline.fields import FIELDS, absent_value
from vectorless_assets.pipeline.options import CompileOptions, Mode
from vectorless_assets.pipeline.table import PASSES, PassSpec
from vectorless_assets.textutil import estimate_tokens
from vectorless_assets.version import __version__


def execute_pass(spec: PassSpec, state: dict[str, Any], env: PassEnv) -> dict[str, Any]:
    """Run one pass on `state` (fields by name) and return the fields it writes.

    A pass outside the options' mode returns its fields' absent values (tree versions pass
    through, optional indexes are None, required ones empty).
    """
    if not spec.runs_in(env.options.mode):
        return {w: absent_value(w, state) for w in spec.writes}
    kwargs = {r: state[r] for r in spec.reads}
    for r in spec.optional_reads:
        kwargs[r] = state[r] if r in state else absent_value(r, state)
    result = spec.fn(**kwargs, env=env)
    values = result if len(spec.writes) > 1 else (result,)
    return dict(zip(spec.writes, values, strict=True))


def source_from(source: str | os.PathLike[str] | bytes, name: str | None, root: str | os.PathLike[str] | None) -> SourceDocument:
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
        raise CompileError(key, f"cannot read source: {exc.strerror or exc}") from exc
    return SourceDocument(key=key, data=data, path=str(path))


def assemble_document(state: dict[str, Any], options: CompileOptions, *, started: datetime | None = None, durations: dict[str, float] | None = None, env: PassEnv | None = None) -> Document:
    """Build the Document IR from the fields of a finished compile."""
    source: SourceDocument = state["source"]
    parsed: ParsedDocument = state["parsed"]
    tree = state["tree"]
    now = datetime.now(UTC)
    durations = durations or {}
    diagnostics: list[Diagnostic] = [*parsed.diagnostics, *state.get("validation", []), *state.get("verification", [])]
    llm = env.llm if env else None
    meta = DocumentMeta(
        created_at=started or now,
        modified_at=now,
        content_fingerprint=content_fingerprint(source.data),
        logic_fingerprint=options.logic_fingerprint(),
        processing_version=options.processing_version,
        node_count=len(tree.nodes),
        total_summary_tokens=sum(estimate_tokens(n.summary) for n in tree.nodes),
        processing_model=getattr(llm, "model", None) if llm is not None and env and env.usage.calls else None,
        processing_duration_ms=int(sum(durations.values())),
        line_count=parsed.line_count,
        tool_version=__version__,
        mode=options.mode,
        pass_durations_ms={k: round(v, 3) for k, v in durations.items()},
        llm_calls=env.usage.calls if env else 0,
        llm_tokens=(env.usage.prompt_chars + env.usage.completion_chars) // 4 if env else 0,
    )
    ir_values = {name: state.get(name, absent_value(name, state)) for name, spec in FIELDS.items() if spec.in_ir}
    return Document(
        doc_id=doc_id_for(source.key),
        name=parsed.title or source.stem,
        format=parsed.format,
        source_path=source.key,
        page_count=parsed.page_count,
        diagnostics=diagnostics,
        meta=meta,
        **ir_values,
    )


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


def compile_document(
    source: str | os.PathLike[str] | bytes,
    *,
    mode: Mode | None = None,
    options: CompileOptions | None = None,
    llm: LLMClient | None = None,
    name: str | None = None,
    root: str | os.PathLike[str] | None = None,
) -> Document:
    """Compile one document (a path, or bytes plus `name=`) into a Document IR, in process.

    `mode` overrides `options.mode`. `root` makes the document key (and so the doc_id) the
    path relative to it; otherwise the key is the file name (or `name`). Raises
    `CompileError` with a one-line reason when the source cannot be compiled.
    """
    options = options or CompileOptions()
    if mode is not None:
        options = options.with_mode(mode)
    # The model is part of the compile logic: switching it (or switching an LLM on) recompiles.
    options = options.model_copy(update={"llm_model": llm.model if llm is not None else None})
    src = source_from(source, name, root)
    env = PassEnv(options=options, llm=llm)
    state: dict[str, Any] = {"source": src}
    durations: dict[str, float] = {}
    started = datetime.now(UTC)
    with gc_paused():
        for spec in PASSES:
            t0 = time.perf_counter()
            try:
                state.update(execute_pass(spec, state, env))
            except SourceError as exc:
                raise CompileError(src.key, str(exc), pass_name=spec.name) from exc
            except CompileError:
                raise
            except RecursionError as exc:
                raise CompileError(src.key, "document nesting too deep to process", pass_name=spec.name) from exc
            if spec.runs_in(options.mode):
                durations[spec.name] = (time.perf_counter() - t0) * 1000
    failed = [d for d in state.get("verification", []) if d.severity == "error"]
    if failed:
        raise CompileError(src.key, "; ".join(d.message for d in failed), pass_name="verify")
    return assemble_document(state, options, started=started, durations=durations, env=env)
