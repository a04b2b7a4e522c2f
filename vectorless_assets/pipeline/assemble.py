"""Assembly: the Document IR from the fields of a finished compile (every path uses it).

The IR's LLM counts describe the LLM work its fields carry. A compile that did not run every
pass that asks the model (a Dagster run of some assets, a batched recompile with early
cutoff: the other outputs come from the field store) keeps the previous IR's failed and
skipped calls (`carried_llm_gaps`), so an IR built from a degraded compile's outputs stays
degraded and is recompiled once the model works (`pipeline.freshness`, rule 5b).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

from vectorless_assets.ir.document import Diagnostic, Document, DocumentMeta
from vectorless_assets.ir.errors import CompileError
from vectorless_assets.ir.identity import (
    content_fingerprint,
    doc_id_for,
    key_conflict,
    source_path_for,
)
from vectorless_assets.ir.raw import ParsedDocument, SourceDocument
from vectorless_assets.llm.usage import LLMUsage
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes.common.node_ids import high_water, highest_id
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.incremental import ChangeDetector
from vectorless_assets.pipeline.optionsmemo import OptionsMemo
from vectorless_assets.pipeline.table import TABLE, PassTable
from vectorless_assets.text.llm_tokens import summary_tokens
from vectorless_assets.version import __version__


def assembly_reads(table: PassTable = TABLE) -> tuple[str, ...]:
    """Every field the assembled IR depends on (`PassTable.assembly_reads`)."""
    return table.assembly_reads


_FINGERPRINTS: OptionsMemo[str] = OptionsMemo()


def logic_fingerprint(options: CompileOptions) -> str:
    """`options.logic_fingerprint()`, memoised (a canonical JSON and a SHA-256 per compile)."""
    return _FINGERPRINTS.get(options, options.logic_fingerprint)


def llm_diagnostic(usage: LLMUsage, fallback_nodes: int) -> Diagnostic:
    """The one diagnostic of a compile whose LLM work partly failed: what failed and what it
    costs."""
    why = f" ({', '.join(usage.notes)})" if usage.notes else ""
    return Diagnostic(
        source="llm",
        code="llm-fallback",
        severity="warning",
        message=(
            f"LLM: {usage.failures} of {usage.calls} calls failed after "
            f"{usage.retries} retries, {usage.skipped} not made{why}; "
            f"{fallback_nodes} nodes use LLM-free fallbacks. The IR is recompiled "
            "when a working LLM is configured."
        ),
    )


def carried_llm_gaps(ctx: PassContext, table: PassTable = TABLE) -> int:
    """The previous IR's failed and skipped LLM calls when this compile kept outputs of passes
    that ask the model without re-running them (some such pass did not run in this compile and
    the previous IR was degraded); 0 otherwise. The previous counts are not kept per pass, so
    all of them are carried (an upper bound: a redo may be asked for a pass that did run)."""
    previous = ctx.reuse.previous if ctx.reuse is not None else None
    meta = previous.meta if previous is not None else None
    if ctx.llm is None or meta is None or not (meta.llm_failures or meta.llm_skipped):
        return 0
    mode = ctx.options.mode
    asking = {p.name for p in table.passes if p.runs_in(mode) and p.may_ask(mode)}
    if asking <= ctx.durations.keys():  # each ran, or reused a clean previous result
        return 0
    return meta.llm_failures + meta.llm_skipped


def _with_carried(usage: LLMUsage, carried: int) -> LLMUsage:
    """`usage` with `carried` calls of earlier compiles counted as not made (`skipped`)."""
    if not carried:
        return usage
    note = f"{carried} failed or skipped in the compile whose LLM outputs this one kept"
    return replace(usage, skipped=usage.skipped + carried, notes=[*usage.notes, note])


def assemble_document(
    state: Mapping[str, Any],
    ctx: PassContext,
    *,
    started: datetime | None = None,
    table: PassTable = TABLE,
    fingerprint: str | None = None,
) -> Document:
    """Build the Document IR from the fields of a finished compile.

    With the document's previous IR (`ctx.previous`, or the one `ctx.reuse` carries) the
    first compile's `created_at` is kept and `meta.changes` lists what changed since it;
    without one every node is added. `modified_at` is now.

    `fingerprint`: the source's `content_fingerprint` when the caller has it (else hashed here).
    """
    source: SourceDocument = state["source"]
    parsed: ParsedDocument = state["parsed"]
    tree = state["tree"]
    now = datetime.now(UTC)
    options, durations = ctx.options, ctx.durations
    usage = _with_carried(ctx.usage, carried_llm_gaps(ctx, table))
    reused_nodes = ctx.reuse.reused_nodes if ctx.reuse is not None else 0
    diagnostics: list[Diagnostic] = [
        *parsed.diagnostics,
        *state.get("validation", []),
        *state.get("verification", []),
        *ctx.pass_failures,
    ]
    fallback_nodes = sum(1 for n in tree.nodes if n.llm_fallback) if ctx.llm is not None else 0
    if ctx.llm is not None and (usage.degraded or fallback_nodes):
        diagnostics.append(llm_diagnostic(usage, fallback_nodes))
    previous = (
        ctx.previous
        if ctx.previous is not None
        else (ctx.reuse.previous if ctx.reuse is not None else None)
    )
    if previous is not None:
        conflict = key_conflict(
            source.key, source_path_for(source.path), previous.document_key, previous.source_path
        )
        if conflict:
            raise CompileError(source.key, conflict)
    first = previous.meta.created_at if previous is not None and previous.meta is not None else None
    meta = DocumentMeta(
        created_at=first or started or now,
        modified_at=now,
        content_fingerprint=fingerprint
        if fingerprint is not None
        else content_fingerprint(source.data),
        logic_fingerprint=logic_fingerprint(options),
        processing_version=options.processing_version,
        node_count=len(tree.nodes),
        total_summary_tokens=sum(summary_tokens(n.summary) for n in tree.nodes),
        processing_model=getattr(ctx.llm, "model", None)
        if ctx.llm is not None
        and (usage.calls > usage.failures or usage.cache_hits or reused_nodes)
        else None,
        processing_duration_ms=int(sum(durations.values())),
        line_count=parsed.line_count,
        tool_version=__version__,
        mode=options.mode,
        pass_durations_ms={k: round(v, 3) for k, v in durations.items()},
        llm_calls=usage.calls,
        llm_tokens=usage.tokens,
        action=ctx.action,
        action_reason=ctx.action_reason,
        reused_nodes=reused_nodes,
        recomputed_nodes=ctx.recomputed_nodes,
        reused_passes=list(ctx.reuse.reused_passes) if ctx.reuse is not None else [],
        llm_cache_hits=usage.cache_hits,
        llm_failures=usage.failures,
        llm_retries=usage.retries,
        llm_skipped=usage.skipped,
        llm_fallback_nodes=fallback_nodes,
        pass_versions=table.code_versions(options),
        changes=ChangeDetector().since(previous, tree),
        node_id_high_water=max(high_water(previous), highest_id(tree)),
    )
    ir_values = {
        name: state[name] if name in state else table.absent_value(name, state)
        for name in table.ir_fields
    }
    return Document(
        doc_id=doc_id_for(source.key),
        name=parsed.title or source.stem,
        format=parsed.format,
        source_path=source_path_for(source.path),
        document_key=source.key,
        page_count=parsed.page_count,
        diagnostics=diagnostics,
        meta=meta,
        **ir_values,
    )
