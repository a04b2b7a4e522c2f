"""The pass table: the one declaration the compiler, the Dagster assets and the docs come from.

Each row names a pass, its pure function, the fields it reads and writes, its phase, its
version (bump it when the pass's output changes for the same input), the modes that run it
and whether it can use an LLM. Rows are in execution order (a topological order of reads).
A pass that reads a version of the tree gets it as its `tree` argument, whichever version it
is (`tree_built` ... `tree`); every other read is passed under the field's own name. So a
new tree pass is a module and a row: its neighbours' signatures do not change.

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
   passes its input tree through unchanged (`PassTable.absent_value`). The IR's `tree` is the last version.
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
7. **Incremental compilation** (`pipeline.incremental`). Each row names the options the pass
   reads: its code version covers only those (with its version, whether it runs in the mode,
   the processing version and, for an LLM pass, the model), so an option only later passes
   read leaves earlier passes and their LLM calls alone (the spec's "logic fingerprint
   changed -> FullIndex" is read as an incremental update of the passes it affects; a raised
   processing version is still a full compile). `reuse` says what a recompile carries over:
   `node` (enhance: the results of every node whose subtree fingerprint is unchanged; a branch
   is redone when anything under it changed), `field` (the pass's outputs when its code
   version and every input equal the previous IR's; reasoning postings, concepts, overlap,
   routes, chains and scores are recomputed whole when their inputs changed, cheaply and
   LLM-free except the document-level calls) or `none` (frontend and tree rewrites, checks:
   cheap, always recomputed). The document-level LLM calls are named in the LLM column.
"""
from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal

from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.jsonform import canonical_json
from vectorless_assets.options import MODES, CompileOptions, Mode
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
from vectorless_assets.pipeline.fields import FIELDS, FieldSpec

Phase = Literal["frontend", "analysis", "transform", "backend"]
ALL: frozenset[Mode] = frozenset(MODES)
STANDARD_UP: frozenset[Mode] = frozenset({"standard", "deep"})
DEEP: frozenset[Mode] = frozenset({"deep"})
#: The input field every compile starts from.
SOURCE = "source"
#: The parameter a pass gets its tree version under.
TREE_PARAM = "tree"


@dataclass(frozen=True, kw_only=True)
class Pass:
    """One row of the table (see the module docstring)."""

    name: str
    run: Callable[..., Any]
    reads: tuple[str, ...]
    writes: tuple[str, ...]
    phase: Phase
    version: str
    modes: frozenset[Mode]
    llm: bool = False
    #: read when present; a mode that does not build them passes their empty default
    optional_reads: tuple[str, ...] = ()
    #: the spec marks it required: it must run in every mode (tested)
    required: bool = False
    #: the `CompileOptions` it reads: only these (with its version, whether it runs in the
    #: mode, the processing version and, for an LLM pass, the model) make its code version
    options: tuple[str, ...] = ()
    #: what an incremental compile reuses (docs): "node" = per-node results of unchanged
    #: subtrees; "field" = its outputs when its code version and inputs are unchanged;
    #: "none" = always recomputed (cheap)
    reuse: str = "field"
    #: the calls it makes once per document (not per node): redone when what it reads changed
    document_llm_calls: str = ""

    @property
    def all_reads(self) -> tuple[str, ...]:
        return self.reads + self.optional_reads

    @property
    def description(self) -> str:
        """First paragraph of the pass function's docstring."""
        doc = (self.run.__doc__ or self.run.__module__ or "").strip()
        return doc.split("\n\n")[0].replace("\n", " ").strip()

    def runs_in(self, mode: Mode) -> bool:
        return mode in self.modes


@dataclass(frozen=True)
class PassTable:
    """The passes in execution order and the fields they exchange (checked on creation)."""

    passes: tuple[Pass, ...]
    fields: Mapping[str, FieldSpec] = field(default_factory=lambda: FIELDS)

    def __post_init__(self) -> None:
        fields = dict(self.fields)
        available = {SOURCE}
        names: set[str] = set()
        for p in self.passes:
            if p.name in names:
                raise ValueError(f"two passes named {p.name!r}")
            names.add(p.name)
            missing = set(p.all_reads) - available
            if missing:
                raise ValueError(f"pass {p.name!r} reads {sorted(missing)} before any pass writes them")
            for w in p.writes:
                if w in available:
                    raise ValueError(f"field {w!r} has two producers")
                # a field without a declared spec: an intermediate value described by its pass
                fields.setdefault(w, FieldSpec(w, Any, p.description))
            available.update(p.writes)
            if len([r for r in p.all_reads if self._is_tree(fields, r)]) > 1:
                raise ValueError(f"pass {p.name!r} reads two tree versions")
        object.__setattr__(self, "fields", fields)

    @staticmethod
    def _is_tree(fields: Mapping[str, FieldSpec], name: str) -> bool:
        spec = fields.get(name)
        return spec is not None and spec.type is DocumentTree

    @cached_property
    def by_name(self) -> dict[str, Pass]:
        return {p.name: p for p in self.passes}

    @cached_property
    def producer(self) -> dict[str, Pass]:
        """The pass writing each field, in table order."""
        return {w: p for p in self.passes for w in p.writes}

    @cached_property
    def _params(self) -> dict[str, str]:
        return {name: TREE_PARAM if self._is_tree(self.fields, name) else name for name in self.fields}

    @cached_property
    def ir_fields(self) -> tuple[str, ...]:
        return tuple(name for name, spec in self.fields.items() if spec.in_ir)

    def for_mode(self, mode: Mode) -> tuple[Pass, ...]:
        return tuple(p for p in self.passes if p.runs_in(mode))

    def param(self, name: str) -> str:
        """The keyword a pass receives field `name` under (`tree` for every tree version)."""
        return self._params.get(name, name)

    def tree_input(self, p: Pass) -> str | None:
        return next((r for r in p.all_reads if self._is_tree(self.fields, r)), None)

    def absent_value(self, name: str, state: Mapping[str, Any]) -> Any:
        """Value of `name` when its pass does not run in the mode.

        A tree version passes the producing pass's input tree through unchanged; other
        fields take their declared default (None = absent optional field).
        """
        producer = self.producer.get(name)
        if producer is not None and self._is_tree(self.fields, name):
            source = self.tree_input(producer)
            if source is not None:
                return state[source] if source in state else self.absent_value(source, state)
        default = self.fields[name].default
        return default() if default is not None else None

    def code_version(self, p: Pass, options: CompileOptions) -> str:
        """`<version>:<fingerprint>` of a pass under `options`: the fingerprint covers only what
        can change its output (the options it reads, whether it runs in the mode, the
        processing version, and the model for an LLM pass)."""
        facts = {
            "runs": p.runs_in(options.mode),
            "processing_version": options.processing_version,
            "options": {name: getattr(options, name) for name in p.options},
            "llm_model": options.llm_model if p.llm else None,
        }
        return f"{p.version}:{hashlib.sha256(canonical_json(facts).encode()).hexdigest()[:16]}"

    def code_versions(self, options: CompileOptions) -> dict[str, str]:
        """Code version of every pass, by pass name."""
        return {p.name: self.code_version(p, options) for p in self.passes}

    def with_pass(self, new: Pass, *, after: str, fields: Iterable[FieldSpec] = ()) -> PassTable:
        """A new table with `new` inserted after the pass named `after` (plugins, tests)."""
        at = [p.name for p in self.passes].index(after) + 1
        declared = {**self.fields, **{f.name: f for f in fields}}
        return PassTable((*self.passes[:at], new, *self.passes[at:]), declared)

    def replaced(self, name: str, **changes: Any) -> PassTable:
        """A new table with the row `name` changed (e.g. `version=`, `run=`: tests, benchmarks)."""
        if name not in self.by_name:
            raise KeyError(name)
        return PassTable(tuple(replace(p, **changes) if p.name == name else p for p in self.passes), self.fields)

    def markdown(self) -> str:
        """The table as Markdown (for the docs and the Dagster UI)."""
        rows = ["| pass | phase | reads | writes | modes | LLM | options | reuse | version |", "|---|---|---|---|---|---|---|---|---|"]
        for p in self.passes:
            reads = ", ".join(p.reads) + (f" (optional: {', '.join(p.optional_reads)})" if p.optional_reads else "")
            modes = ", ".join(m for m in MODES if m in p.modes)
            llm = ("yes" + (f" ({p.document_llm_calls})" if p.document_llm_calls else "")) if p.llm else "no"
            rows.append(f"| {p.name} | {p.phase} | {reads} | {', '.join(p.writes)} | {modes} | {llm} | {', '.join(p.options) or '-'} | {p.reuse} | {p.version} |")
        return "\n".join(rows)


TABLE = PassTable(
    (
        Pass(
            name="parse", run=parse.run, reads=("source",), writes=("parsed",), phase="frontend", version="1", modes=ALL, required=True,
            options=("use_pdf_outline", "use_printed_toc", "max_pages", "pdf_timeout_seconds", "max_source_bytes"), reuse="none",
        ),
        Pass(
            name="build", run=build.run, reads=("parsed",), writes=("tree_built",), phase="frontend", version="1", modes=ALL, required=True,
            options=("thinning", "thinning_threshold"), reuse="none",
        ),
        Pass(
            name="split", run=split.run, reads=("tree_built",), writes=("tree_split",), phase="transform", version="1", modes=ALL,
            options=("split_max_tokens",), reuse="none",
        ),
        Pass(
            name="optimize", run=optimize.run, reads=("tree_split",), writes=("tree_optimized",), phase="transform", version="1", modes=DEEP,
            options=("optimize_min_tokens", "split_max_tokens"), reuse="none",
        ),
        Pass(
            name="enhance", run=enhance.run, reads=("tree_optimized",), writes=("tree_enhanced", "summary"),
            phase="analysis", version="1", modes=STANDARD_UP, llm=True,
            options=("mode", "summary_max_tokens", "summary_shortcut_tokens"), reuse="node", document_llm_calls="document summary",
        ),
        Pass(
            name="enrich", run=enrich.run, reads=("tree_enhanced", "parsed"), optional_reads=("summary",),
            writes=("tree", "description"), phase="transform", version="1", modes=ALL, required=True,
            reuse="none",
        ),
        Pass(name="validate", run=validate.run, reads=("tree",), writes=("validation",), phase="analysis", version="1", modes=ALL, reuse="none"),
        Pass(
            name="reasoning", run=reasoning.run, reads=("tree",), optional_reads=("summary",), writes=("reasoning_index",),
            phase="backend", version="1", modes=STANDARD_UP, llm=True,
            options=("max_keywords", "postings_per_keyword", "llm_synonyms"), document_llm_calls="synonym expansion",
        ),
        Pass(
            name="concept", run=concept.run, reads=("tree", "reasoning_index"), writes=("concepts",),
            phase="backend", version="1", modes=DEEP, llm=True, options=("max_concepts",), document_llm_calls="concept extraction",
        ),
        Pass(
            name="navigation", run=navigation.run, reads=("tree", "description"), optional_reads=("summary",),
            writes=("nav_index",), phase="backend", version="1", modes=ALL,
        ),
        Pass(name="route", run=route.run, reads=("tree", "nav_index"), writes=("query_routes",), phase="backend", version="1", modes=STANDARD_UP),
        Pass(name="chain", run=chain.run, reads=("tree",), writes=("chain_index",), phase="backend", version="1", modes=DEEP),
        Pass(
            name="overlap", run=overlap.run, reads=("tree",), writes=("content_overlap",), phase="backend", version="1", modes=DEEP,
            options=("overlap_threshold", "overlap_min_chars"),
        ),
        Pass(name="score", run=score.run, reads=("tree",), writes=("evidence_scores",), phase="backend", version="1", modes=STANDARD_UP),
        Pass(
            name="verify", run=verify.run, reads=("tree",), optional_reads=("summary", "concepts"), writes=("verification",),
            phase="backend", version="1", modes=ALL, required=True, options=("mode",), reuse="none",
        ),
    )
)
