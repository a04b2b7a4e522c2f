"""The compile plan: which passes run and which stored fields they read (every path asks here).

A compile of some fields of one document (a Dagster run of selected assets, a batched
recompile after a pass version changed, the CLI's planning) runs the passes that write
them, in table order, and reads every other field those passes (and, when the IR is
assembled, `assemble_document`) need from what an earlier compile stored. `PassTable.plan` is
that decision, a pure function of the pass table, so the Dagster asset, the batched job and
the CLI plan alike:

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

from dataclasses import dataclass

from vectorless_assets.pipeline.passspec import Pass

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
    def pass_names(self) -> frozenset[str]:
        return frozenset(p.name for p in self.passes)
