"""The compile plan: which passes run and which stored fields they read (every path asks here).

A compile of some fields of one document (a Dagster run of selected assets, a batched
recompile after a pass version changed, the CLI's planning) runs the passes that write
them, in table order, and reads every other field those passes (and, when the IR is
assembled, `assemble_document`) need from what an earlier compile stored. `compile_plan` is
that decision as a pure function of the pass table, so the Dagster asset, the batched job
and the CLI plan alike:

* `passes`: the passes writing a selected field, in table order (a pass writing several
  fields runs once);
* `loads`: the fields to read from storage: required and optional reads of those passes,
  plus the assembly reads when the IR is assembled, minus what the passes compute and the
  source (read from the documents root);
* `missing`: the required `loads` that `available` (the stored fields) lacks: such a plan
  cannot run, and callers compile every field instead (or fail naming them);
* optional reads that were never stored are simply absent (the pass gets None), on every path.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from vectorless_assets.pipeline.assemble import assembly_reads
from vectorless_assets.pipeline.passspec import Pass

if TYPE_CHECKING:
    from vectorless_assets.pipeline.tablespec import PassTable

SOURCE = "source"
#: Assembly reads that are diagnostics: loaded when stored, never required (an IR assembled
#: without them lists no findings; their passes rerun whenever the tree they check changes).
DIAGNOSTICS = frozenset({"validation", "verification"})


@dataclass(frozen=True)
class CompilePlan:
    """The passes to run for some fields of one document, and the stored fields they read."""

    passes: tuple[Pass, ...]
    writes: frozenset[str]
    loads: frozenset[str]
    optional: frozenset[str]
    missing: frozenset[str]
    reads_source: bool
    assemble: bool

    @property
    def runnable(self) -> bool:
        """Every required stored field is available."""
        return not self.missing

    @property
    def pass_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.passes)


def compile_plan(
    table: PassTable,
    selected: Iterable[str],
    *,
    assemble: bool = False,
    available: Collection[str] | None = None,
) -> CompilePlan:
    """The plan computing the fields `selected` (and assembling the IR if `assemble`).

    `available` is the set of fields storage holds for the document (None: assume all)."""
    wanted = set(selected)
    passes = tuple(p for p in table.passes if wanted.intersection(p.writes))
    writes = frozenset(w for p in passes for w in p.writes)
    required = {r for p in passes for r in p.reads}
    optional = {r for p in passes for r in p.optional_reads} - required
    if assemble:
        extra = set(assembly_reads(table))
        required |= extra - DIAGNOSTICS
        optional |= extra & DIAGNOSTICS
    optional -= required
    loads = frozenset((required | optional) - writes - {SOURCE})
    optional_loads = frozenset(optional - writes - {SOURCE})
    missing = (
        frozenset()
        if available is None
        else frozenset(n for n in loads - optional_loads if n not in available)
    )
    return CompilePlan(
        passes, writes, loads, optional_loads, missing, SOURCE in required | optional, assemble
    )
