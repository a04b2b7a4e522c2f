"""The pass table: the one declaration the compiler, the Dagster assets and the docs come from.

Each row names a pass, its pure function, the fields it reads and writes, its phase, its
version (bump it when the pass's output changes for the same input), the modes that run it
and whether it can use an LLM. Rows are in execution order (a topological order of reads).

Where the spec contradicts itself, we decided:

1. **Modes.** The IR spec's Fast mode lists Parse → Build → Validate → Split → Navigation but
   leaves out Enrich and Verify, which the pass spec marks *required*. Fast runs the required
   passes too: parse, build, validate, split, enrich, navigation, verify. Standard adds
   enhance, reasoning, route and score. Deep runs all 15.
2. **Verify reads concepts**, which only Deep builds. Verify's hard check needs the tree only;
   `summary` and `concepts` are *optional reads*: in a mode that does not build them verify
   sees their empty defaults and reports a warning (empty summary / no concepts). Every mode
   is closed under the required reads (tested).
3. **Several passes rewrite the tree.** Each rewrite writes its own field (`tree_built` →
   `tree_split` → `tree_optimized` → `tree_enhanced` → `tree`); a pass outside the mode
   passes its input tree through unchanged. The IR's `tree` is the last version.
4. **Optimize runs before the indexes.** The spec runs Optimize last (after navigation), which
   would leave every index pointing at nodes that Optimize merged away. Here Optimize runs
   right after Split, before Enhance (so merged leaves are summarised once) and before Enrich
   (so references resolve against the final nodes). Every index is built from the final
   tree, so no index can point at a node that is not in it (tested on every mode).
5. **Validate checks the final tree** (not only Build's output), so it also catches what
   Split and Optimize produce; it never fails a compile (warnings only). Verify fails the
   compile only when the tree has no nodes.
6. **Aliases.** The spec's `navigation_index` is the IR field `nav_index`, its
   `concept_extraction` is `concepts` (`pipeline.fields.ALIASES`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

from vectorless_assets.passes import (
    build,
    chain,
    concept,
    enhance,
    enrich,
    navigation,
    optimize,
    overlap,
    parse,
    reasoning,
    route,
    score,
    split,
    validate,
    verify,
)
from vectorless_assets.pipeline.options import MODES, Mode

Phase = Literal["frontend", "analysis", "transform", "backend"]
ALL: frozenset[Mode] = frozenset(MODES)
STANDARD_UP: frozenset[Mode] = frozenset({"standard", "deep"})
DEEP: frozenset[Mode] = frozenset({"deep"})


@dataclass(frozen=True)
class PassSpec:
    name: str
    fn: Callable[..., Any]
    reads: tuple[str, ...]
    writes: tuple[str, ...]
    phase: Phase
    version: str
    modes: frozenset[Mode]
    uses_llm: bool = False
    optional_reads: tuple[str, ...] = ()
    priority: int = 0
    required: bool = False

    @property
    def all_reads(self) -> tuple[str, ...]:
        return self.reads + self.optional_reads

    @property
    def description(self) -> str:
        """First paragraph of the pass function's docstring."""
        doc = (self.fn.__doc__ or self.fn.__module__ or "").strip()
        return doc.split("\n\n")[0].replace("\n", " ").strip()

    def runs_in(self, mode: Mode) -> bool:
        return mode in self.modes


P = PassSpec
PASSES: tuple[PassSpec, ...] = (
    P("parse", parse.run, ("source",), ("parsed",), "frontend", "1", ALL, priority=10, required=True),
    P("build", build.run, ("parsed",), ("tree_built",), "frontend", "1", ALL, priority=20, required=True),
    P("split", split.run, ("tree_built",), ("tree_split",), "transform", "1", ALL, priority=25),
    P("optimize", optimize.run, ("tree_split",), ("tree_optimized",), "transform", "1", DEEP, priority=60),
    P("enhance", enhance.run, ("tree_optimized",), ("tree_enhanced", "summary"), "analysis", "1", STANDARD_UP, uses_llm=True, priority=30),
    P("enrich", enrich.run, ("tree_enhanced", "parsed"), ("tree", "description"), "transform", "1", ALL, optional_reads=("summary",), priority=40, required=True),
    P("validate", validate.run, ("tree",), ("validation",), "analysis", "1", ALL, priority=22),
    P("reasoning", reasoning.run, ("tree",), ("reasoning_index",), "backend", "1", STANDARD_UP, uses_llm=True, optional_reads=("summary",), priority=45),
    P("concept", concept.run, ("tree", "reasoning_index"), ("concepts",), "backend", "1", DEEP, uses_llm=True, priority=47),
    P("navigation", navigation.run, ("tree", "description"), ("nav_index",), "backend", "1", ALL, optional_reads=("summary",), priority=50),
    P("route", route.run, ("tree", "nav_index"), ("query_routes",), "backend", "1", STANDARD_UP, priority=52),
    P("chain", chain.run, ("tree",), ("chain_index",), "backend", "1", DEEP, priority=54),
    P("overlap", overlap.run, ("tree",), ("content_overlap",), "backend", "1", DEEP, priority=56),
    P("score", score.run, ("tree",), ("evidence_scores",), "backend", "1", STANDARD_UP, priority=58),
    P("verify", verify.run, ("tree",), ("verification",), "backend", "1", ALL, optional_reads=("summary", "concepts"), priority=55, required=True),
)

PASS_BY_NAME: dict[str, PassSpec] = {p.name: p for p in PASSES}
PRODUCER: dict[str, PassSpec] = {w: p for p in PASSES for w in p.writes}
INPUT_FIELDS: tuple[str, ...] = ("source",)


def passes_for(mode: Mode) -> tuple[PassSpec, ...]:
    return tuple(p for p in PASSES if p.runs_in(mode))


def pass_table_markdown() -> str:
    """The table as Markdown (for the docs and the Dagster UI)."""
    rows = ["| pass | phase | reads | writes | modes | LLM | version |", "|---|---|---|---|---|---|---|"]
    for p in PASSES:
        reads = ", ".join(p.reads) + (f" (optional: {', '.join(p.optional_reads)})" if p.optional_reads else "")
        modes = ", ".join(m for m in MODES if m in p.modes)
        rows.append(f"| {p.name} | {p.phase} | {reads} | {', '.join(p.writes)} | {modes} | {'yes' if p.uses_llm else 'no'} | {p.version} |")
    return "\n".join(rows)
