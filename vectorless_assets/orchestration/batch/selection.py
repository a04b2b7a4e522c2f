"""What a compile must materialize: the assets of one document (`select_assets`: a
`Selection`) or the stale documents of a corpus (`stale_documents`). (The passes a compile of
some fields runs, and the stored fields they read, are the core's `pipeline.plan`.)

Both decide with the pure freshness rules (`pipeline.freshness`) from the facts the instance
remembers (`storage.records`), never from Dagster's stale-status resolver (which loads the
whole asset graph per query). The logic fingerprint here is the graph fingerprint: a hash of
every asset's code version (pass versions, compile options, mode, processing version, model).
The records read are the compiler's own (`graph.names`: its asset keys).

For one document, a stale verdict selects every asset, except `logic changed`: then only the
assets whose last materialization has another code version are selected, plus everything
downstream of them (one record query per asset), or every asset if a value the subset would
read was never stored.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import dagster as dg

from vectorless_assets.llm.guard import llm_works
from vectorless_assets.orchestration.base.graph import AssetGraph
from vectorless_assets.orchestration.base.keys import DOCUMENT_IR, SOURCE
from vectorless_assets.orchestration.batch.partitions import key_to_doc_id
from vectorless_assets.orchestration.storage import records
from vectorless_assets.orchestration.storage.io_manager import FieldStore
from vectorless_assets.orchestration.storage.resources import IRStore
from vectorless_assets.pipeline.freshness import assess, assess_many


@dataclass(frozen=True)
class Selection:
    """The assets a compile of one document materializes, and why (none: it is current)."""

    assets: frozenset[str]
    reason: str

    @property
    def skip(self) -> bool:
        return not self.assets


def _changed_assets(
    instance: dg.DagsterInstance, partition_key: str, graph: AssetGraph
) -> set[str]:
    return {
        name
        for name, version in graph.code_versions.items()
        if records.code_version_of(records.latest(instance, name, partition_key, graph.names))
        != version
    }


def select_assets(
    instance: dg.DagsterInstance,
    partition_key: str,
    fingerprint: str,
    graph: AssetGraph,
    *,
    ir_store: IRStore,
    store: FieldStore,
    verify: bool = False,
    force: bool = False,
    llm: object | None = None,
    probe_llm: bool = False,
) -> Selection:
    """The assets to materialize for one document whose source has `fingerprint`.

    The IR file's integrity is checked only when the other rules found nothing: fully with
    `verify` (a compile about to skip the document), else against the stamp recorded when it
    was written (sensor ticks). An IR built with LLM fallbacks is stale when `llm` works
    (`llm.guard.llm_works`, with a probe call if `probe_llm`)."""
    everything = frozenset(graph.produced)
    stored = records.stored_ir(instance, partition_key, graph.names)
    doc_id = key_to_doc_id(partition_key)
    verdict = assess(
        stored,
        fingerprint=fingerprint,
        logic=graph.fingerprint,
        ir_intact=lambda: ir_store.state(
            doc_id, stored.ir_stamp if stored else None, verify=verify
        ),
        observed=records.observed_version(instance, partition_key, graph.names),
        force=force,
        redo_fallbacks=lambda: llm_works(llm, probe=probe_llm),
    )
    if verdict.reason == "current":
        return Selection(frozenset(), "current")
    if verdict.reason != "logic changed":
        return Selection(everything, verdict.reason)
    changed = _changed_assets(instance, partition_key, graph)
    selection = graph.downstream_closure(changed)
    compile_plan = graph.table.plan(selection - {DOCUMENT_IR}, assemble=DOCUMENT_IR in selection)
    if any(
        not store.exists(name, partition_key) for name in compile_plan.loads - compile_plan.optional
    ):
        missing = "logic changed (a stored upstream value is missing: every asset)"
        return Selection(everything, missing)
    if selection >= everything:
        return Selection(everything, "logic changed (every asset)")
    return Selection(frozenset(selection), "logic changed: " + ", ".join(sorted(changed)))


def stale_documents(
    instance: dg.DagsterInstance,
    fingerprints: Mapping[str, str],
    graph: AssetGraph,
    ir_store: IRStore | None = None,
    *,
    llm: object | None = None,
) -> dict[str, str]:
    """`{partition: reason}` for every document of `fingerprints` (`{partition: fingerprint}`) that
    needs a compile."""
    stored = records.stored_irs(instance, set(fingerprints), graph.names)

    def intact(pk: str) -> str:
        known = stored.get(pk)
        return (
            ir_store.state(key_to_doc_id(pk), known.ir_stamp if known else None)
            if ir_store is not None
            else "intact"
        )

    return {
        pk: v.reason
        for pk, v in assess_many(
            stored,
            fingerprints,
            logic=graph.fingerprint,
            ir_intact=intact if ir_store is not None else None,
            redo_fallbacks=lambda: llm_works(llm, probe=True),
        ).items()
    }


def basis_problem(
    instance: dg.DagsterInstance,
    partition_key: str,
    graph: AssetGraph,
    selection: frozenset[str],
    code: Mapping[str, str | None],
    fingerprint: str,
) -> str | None:
    """Why a run of the assets `selection` must not combine their new values with the stored
    ones (None: it may): a stored upstream value computed under other compile options (another
    mode: `code` holds the stored code versions), or, when the IR is assembled from stored
    fields, a source that changed after they were computed (the IR would carry the new
    fingerprint over old fields)."""
    plan = graph.table.plan(selection - {DOCUMENT_IR}, assemble=DOCUMENT_IR in selection)
    for name in sorted(plan.loads):
        version, current = code.get(name) or "", graph.code_versions.get(name, "")
        if version and current and version.rsplit(":", 1)[-1] != current.rsplit(":", 1)[-1]:
            return (
                f"stored field {name!r} was computed with other compile options "
                "(another mode?); materialize it in this run too"
            )
    if plan.assemble and plan.loads and not any(SOURCE in p.all_reads for p in plan.passes):
        stored = records.stored_ir(instance, partition_key, graph.names)
        if (
            stored is not None
            and stored.content_fingerprint
            and stored.content_fingerprint != fingerprint
        ):
            return (
                "the source changed after this run was planned (the stored fields were "
                "computed from other bytes); compile the document again"
            )
    return None
