"""Compute the selected fields of one document: shared by the compile asset and batch runs.

`compute_document` runs the passes writing the selected fields in table order
(`pipeline.compile.execute_pass`, which skips passes the mode does not run). Fields they
read that are not computed here come from the JSON field store (what the previous
materialization wrote); stored values computed with other compile options (another mode)
are refused, so an IR never mixes modes. `document_ir` is assembled (and its IR file
written) only when selected and verify found no error.

Errors are `dg.Failure`s naming the document and the pass.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import dagster as dg

from vectorless_assets.context import PassContext
from vectorless_assets.errors import CompileError, SourceError
from vectorless_assets.frontends.raw import SourceDocument
from vectorless_assets.ir.document import Document
from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration import graph
from vectorless_assets.orchestration.io_manager import FieldStore
from vectorless_assets.orchestration.partitions import document_key_for
from vectorless_assets.orchestration.resources import DocumentsRoot, IRStore
from vectorless_assets.pipeline.compile import assemble_document, execute_pass
from vectorless_assets.pipeline.table import PASSES

OPTIONAL_READS = frozenset(r for p in PASSES for r in p.optional_reads)


@dataclass
class Computed:
    """The values of one document's selected fields (`state`), its IR if assembled."""

    state: dict[str, Any]
    selected: set[str]
    verify_failed: bool
    doc: Document | None = None
    ir_path: str | None = None
    loaded: set[str] = field(default_factory=set)

    def field_values(self) -> list[tuple[str, Any]]:
        """The selected fields (not `document_ir`) in production order."""
        return [(n, self.state[n]) for n in graph.produced_fields() if n in self.selected and n != graph.DOCUMENT_IR]


def fail(key: str, message: str, pass_name: str | None = None) -> dg.Failure:
    where = f" [{pass_name}]" if pass_name else ""
    return dg.Failure(description=f"{key}{where}: {message}", metadata={"document": key, "pass": pass_name or ""}, allow_retries=False)


def _load_upstream(store: FieldStore, partition_key: str, doc_key: str, names: set[str]) -> dict[str, Any]:
    state: dict[str, Any] = {}
    for name in sorted(names):
        if store.exists(name, partition_key):
            state[name] = store.read(name, partition_key)
        elif name not in OPTIONAL_READS:
            raise fail(doc_key, f"upstream field {name!r} was never materialized; materialize it (or the whole document) first")
    return state


def _check_same_options(instance: dg.DagsterInstance, partition_key: str, doc_key: str, names: set[str], logic: str) -> None:
    """Refuse to combine stored fields computed with other compile options (another mode).

    Only the logic-fingerprint half of the code version is compared: an upstream field with
    an older pass version is merely stale, one from another mode would mix modes in the IR.
    """
    for name in sorted(names):
        result = instance.fetch_materializations(dg.AssetRecordsFilter(asset_key=dg.AssetKey(name), asset_partitions=[partition_key]), limit=1)
        mat = result.records[0].asset_materialization if result.records else None
        version = mat.tags.get("dagster/code_version", "") if mat else ""
        if version and version.rsplit(":", 1)[-1] != logic:
            raise fail(doc_key, f"stored field {name!r} was computed with other compile options (another mode?); materialize it in this run too")


def _run_passes(to_run: list, state: dict[str, Any], env: PassContext, doc_key: str) -> dict[str, float]:
    durations: dict[str, float] = {}
    for spec in to_run:
        t0 = time.perf_counter()
        try:
            state.update(execute_pass(spec, state, env))
        except (SourceError, CompileError) as exc:
            raise fail(doc_key, getattr(exc, "problem", None) or str(exc), spec.name) from exc
        except RecursionError as exc:
            raise fail(doc_key, "document nesting too deep to process", spec.name) from exc
        if spec.runs_in(env.options.mode):
            durations[spec.name] = (time.perf_counter() - t0) * 1000
    return durations


def compute_document(
    *,
    instance: dg.DagsterInstance,
    partition_key: str,
    selected: set[str],
    options: CompileOptions,
    store: FieldStore,
    documents: DocumentsRoot,
    ir_store: IRStore,
    env: PassContext,
) -> Computed:
    """Run the passes for `selected` on one partition; write the IR file if `document_ir` is selected."""
    doc_key = document_key_for(partition_key)
    to_run = [p for p in PASSES if selected.intersection(p.writes)]
    written = {w for p in to_run for w in p.writes}
    needed = {r for p in to_run for r in p.all_reads}
    if graph.DOCUMENT_IR in selected:
        needed |= set(graph.assembly_reads())
    loaded = needed - written - {graph.SOURCE}
    state = _load_upstream(store, partition_key, doc_key, loaded)
    _check_same_options(instance, partition_key, doc_key, set(state), options.logic_fingerprint())
    if graph.SOURCE in needed:
        try:
            data = documents.read(doc_key)
        except OSError as exc:
            raise fail(doc_key, f"cannot read source: {exc.strerror or exc}") from exc
        state[graph.SOURCE] = SourceDocument(key=doc_key, data=data, path=str(documents.location(doc_key)))
    started = datetime.now(UTC)
    durations = _run_passes(to_run, state, env, doc_key)
    verify_failed = any(d.severity == "error" for d in state.get("verification", []))
    out = Computed(state=state, selected=set(selected), verify_failed=verify_failed, loaded=set(loaded))
    if graph.DOCUMENT_IR in selected and not verify_failed:
        out.doc = assemble_document(state, options, started=started, durations=durations, env=env)
        out.ir_path = ir_store.write(out.doc)
    return out
