"""The pass table (`PassTable`): rows (`passspec.Pass`) in order, checked on creation.

`pipeline.table` holds the project's rows (`TABLE`); this module holds what a table can tell
(producers, parameter binding, absent values, per-pass code versions, Markdown), so the rows
stay readable on their own.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from vectorless_assets.ir.canonical import canonical_json
from vectorless_assets.ir.tree import DocumentTree
from vectorless_assets.options import MODES, CompileOptions, Mode
from vectorless_assets.pipeline.fields import FIELDS, FieldSpec
from vectorless_assets.pipeline.optionsmemo import OptionsMemo
from vectorless_assets.pipeline.passspec import Pass
from vectorless_assets.pipeline.plan import DIAGNOSTICS, CompilePlan

#: The input field every compile starts from.
SOURCE = "source"
#: Fields `assemble_document` reads besides the IR's own fields.
ASSEMBLY_EXTRA = ("source", "parsed", "validation", "verification")
#: The parameter a pass gets its tree version under.
TREE_PARAM = "tree"


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
                raise ValueError(
                    f"pass {p.name!r} reads {sorted(missing)} before any pass writes them"
                )
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
        return {
            name: TREE_PARAM if self._is_tree(self.fields, name) else name for name in self.fields
        }

    @cached_property
    def ir_fields(self) -> tuple[str, ...]:
        return tuple(name for name, spec in self.fields.items() if spec.in_ir)

    def for_mode(self, mode: Mode) -> tuple[Pass, ...]:
        return tuple(p for p in self.passes if p.runs_in(mode))

    def param(self, name: str) -> str:
        """The keyword a pass receives field `name` under (`tree` for every tree version)."""
        return self._params.get(name, name)

    @cached_property
    def bindings(
        self,
    ) -> dict[str, tuple[tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]]:
        """Pass name -> its (field, keyword) pairs: the reads, then the optional reads (the
        runner binds a pass's inputs by these instead of asking `param` per field per run)."""
        return {
            p.name: (
                tuple((r, self.param(r)) for r in p.reads),
                tuple((r, self.param(r)) for r in p.optional_reads),
            )
            for p in self.passes
        }

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
        processing version, and for an LLM pass the model in the modes it asks it, plus its
        `llm_options` when a model is configured)."""
        if self.by_name.get(p.name) is p:  # a row of this table: memoised per options
            return self.code_versions(options)[p.name]
        return _code_version(p, options)

    @cached_property
    def _versions(self) -> OptionsMemo[dict[str, str]]:
        return OptionsMemo()

    def code_versions(self, options: CompileOptions) -> dict[str, str]:
        """Code version of every pass, by pass name (a fresh dict).

        A pure function of the (frozen) options: memoised per table for the last
        `optionsmemo._MEMO_SIZE` options (each is a canonical JSON and a SHA-256 per pass, 30 per
        compile).
        """
        versions = self._versions.get(
            options, lambda: {p.name: _code_version(p, options) for p in self.passes}
        )
        return dict(versions)

    @cached_property
    def assembly_reads(self) -> tuple[str, ...]:
        """Every field the assembled IR depends on: the source, the parse result, the
        diagnostics and the IR's own fields."""
        return tuple(dict.fromkeys(ASSEMBLY_EXTRA + self.ir_fields))

    def plan(
        self,
        selected: Iterable[str],
        *,
        assemble: bool = False,
        available: Iterable[str] | None = None,
    ) -> CompilePlan:
        """Which passes compute the fields `selected` (and the IR, if `assemble`) and which
        stored fields they read (`pipeline.plan`); `available`: the fields storage holds
        (None: assume all)."""
        wanted = set(selected)
        passes = tuple(p for p in self.passes if wanted.intersection(p.writes))
        writes = frozenset(w for p in passes for w in p.writes)
        required = {r for p in passes for r in p.reads}
        optional = {r for p in passes for r in p.optional_reads}
        if assemble:
            required |= set(self.assembly_reads) - DIAGNOSTICS
            optional |= set(self.assembly_reads) & DIAGNOSTICS
        optional -= required
        loads = frozenset((required | optional) - writes - {SOURCE})
        optional_loads = frozenset(optional - writes - {SOURCE})
        stored = None if available is None else frozenset(available)
        missing = (
            frozenset()
            if stored is None
            else frozenset(n for n in loads - optional_loads if n not in stored)
        )
        return CompilePlan(
            passes, writes, loads, optional_loads, missing, SOURCE in required | optional, assemble
        )

    def with_pass(self, new: Pass, *, after: str, fields: Iterable[FieldSpec] = ()) -> PassTable:
        """A new table with `new` inserted after the pass named `after` (plugins, tests)."""
        at = [p.name for p in self.passes].index(after) + 1
        declared = {**self.fields, **{f.name: f for f in fields}}
        return PassTable((*self.passes[:at], new, *self.passes[at:]), declared)

    def replaced(self, name: str, **changes: Any) -> PassTable:
        """A new table with the row `name` changed (e.g. `version=`, `run=`: tests, benchmarks)."""
        if name not in self.by_name:
            raise KeyError(name)
        return PassTable(
            tuple(replace(p, **changes) if p.name == name else p for p in self.passes), self.fields
        )

    def markdown(self) -> str:
        """The table as Markdown (for the docs and the Dagster UI)."""
        rows = [
            "| pass | phase | reads | writes | modes | LLM | options | reuse | version |",
            "|---|---|---|---|---|---|---|---|---|",
        ]
        for p in self.passes:
            reads = ", ".join(p.reads) + (
                f" (optional: {', '.join(p.optional_reads)})" if p.optional_reads else ""
            )
            modes = ", ".join(m for m in MODES if m in p.modes)
            llm = (
                ("yes" + (f" ({p.document_llm_calls})" if p.document_llm_calls else ""))
                if p.llm
                else "no"
            )
            if p.llm and p.llm_modes is not None:
                llm += f", in {', '.join(m for m in MODES if m in p.llm_modes)}"
            options = ", ".join([*p.options, *(f"{o} (with an LLM)" for o in p.llm_options)]) or "-"
            rows.append(
                f"| {p.name} | {p.phase} | {reads} | {', '.join(p.writes)} | {modes} | "
                f"{llm} | {options} | {p.reuse} | {p.version} |"
            )
        return "\n".join(rows)


def _code_version(p: Pass, options: CompileOptions) -> str:
    """`PassTable.code_version` computed (see there)."""
    may_ask = p.may_ask(options.mode)
    asks = may_ask and options.llm_model is not None
    facts = {
        "runs": p.runs_in(options.mode),
        "processing_version": options.processing_version,
        "options": {
            name: getattr(options, name) for name in (*p.options, *(p.llm_options if asks else ()))
        },
        "llm_model": options.llm_model if may_ask else None,
    }
    return f"{p.version}:{hashlib.sha256(canonical_json(facts).encode()).hexdigest()[:16]}"
