"""The asset graph, generated from a pass table (`pipeline.table.TABLE` unless the settings
name another) and the compile options: `AssetGraph`.

* one asset per field a pass writes (asset key = field name = IO-manager file name), its
  deps are the fields the pass reads (required and optional), the source document for
  `parse`; tree rewrites are separate assets (`tree_built` ... `tree`), as in the table;
* `document_ir`, the assembled IR, depends on every field `assemble_document` reads;
* keys, groups and the IO manager key carry the compiler's prefix (`names`: `docs/tree`,
  group `docs__structure`, `docs__io_manager`); the output names stay the field names;
* group = the pass's phase (`document_ir` in `document`, the source in `sources`);
  description = the pass docstring's first paragraph; kinds `python` or `llm`, tags
  `vectorless/pass`, `vectorless/llm`, `vectorless/modes`;
* code version of a field = its pass's `PassTable.code_version` (`<pass version>:<hash of
  what can change the pass's output>`: the options it reads, whether it runs in the mode, the
  processing version, the model of a pass that may ask one); of `document_ir` =
  `<assembly version>:<logic fingerprint of all compile options>`. A bumped pass version
  makes its assets stale, and switching modes makes `document_ir` and every mode-dependent
  asset stale (outputs a mode does not change keep their data version, so their consumers
  stay fresh).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any

import dagster as dg

from vectorless_assets.options import CompileOptions
from vectorless_assets.orchestration.base.keys import (
    DOCUMENT_GROUP,
    DOCUMENT_IR,
    LLM_TAG,
    MODES_TAG,
    PASS_TAG,
)
from vectorless_assets.orchestration.base.names import STANDALONE, Names
from vectorless_assets.pipeline.assemble import assembly_reads
from vectorless_assets.pipeline.table import Pass, PassTable

#: Bump when `assemble_document` (or how document_ir is written) changes its output.
ASSEMBLY_VERSION = "2"


def code_version(version: str, options: CompileOptions) -> str:
    return f"{version}:{options.logic_fingerprint()}"


@dataclass(frozen=True)
class AssetGraph:
    """The generated assets of `table` compiled with `options`: keys, deps, code versions
    (`names`: the compiler's asset keys, groups and IO manager key)."""

    table: PassTable
    options: CompileOptions
    names: Names = STANDALONE

    @cached_property
    def code_versions(self) -> dict[str, str]:
        """Code version of every generated asset (fields and `document_ir`)."""
        versions = {
            w: self.table.code_version(p, self.options) for p in self.table.passes for w in p.writes
        }
        versions[DOCUMENT_IR] = code_version(ASSEMBLY_VERSION, self.options)
        return versions

    @cached_property
    def fingerprint(self) -> str:
        """One hash of all code versions: equal iff no asset's code version changed."""
        text = "\n".join(f"{k}={v}" for k, v in sorted(self.code_versions.items()))
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    @cached_property
    def produced(self) -> tuple[str, ...]:
        """Every generated asset key, in production order, `document_ir` last."""
        return (*self.table.producer, DOCUMENT_IR)

    @cached_property
    def deps(self) -> dict[str, tuple[str, ...]]:
        """Upstream fields of every generated asset, as the pass table declares them."""
        deps = {w: tuple(p.all_reads) for p in self.table.passes for w in p.writes}
        deps[DOCUMENT_IR] = self.assembly_reads
        return deps

    @cached_property
    def assembly_reads(self) -> tuple[str, ...]:
        return assembly_reads(self.table)

    @cached_property
    def optional_reads(self) -> frozenset[str]:
        return frozenset(r for p in self.table.passes for r in p.optional_reads)

    def internal_deps(self) -> dict[str, set[dg.AssetKey]]:
        """`internal_asset_deps`: output name (field) -> the asset keys it reads."""
        return {name: {self.names.key(d) for d in ups} for name, ups in self.deps.items()}

    def downstream_closure(self, fields: set[str]) -> set[str]:
        """`fields` and every generated asset that (transitively) reads one of them."""
        out = set(fields)
        changed = True
        while changed:
            changed = False
            for name, ups in self.deps.items():
                if name not in out and out.intersection(ups):
                    out.add(name)
                    changed = True
        return out

    def _out(self, p: Pass, field: str) -> dg.AssetOut:
        modes = ",".join(sorted(p.modes))
        return dg.AssetOut(
            key=self.names.key(field),
            dagster_type=Any,
            is_required=False,
            group_name=self.names.name(p.phase),
            io_manager_key=self.names.io_manager,
            description=(
                f"{self.table.fields[field].description}\n\nWritten by pass `{p.name}`: "
                f"{p.description}"
            ),
            code_version=self.code_versions[field],
            kinds={"llm"} if p.llm else {"python"},
            tags={
                PASS_TAG: p.name,
                LLM_TAG: str(p.llm).lower(),
                MODES_TAG: modes.replace(",", "-"),
            },
            metadata={
                "pass": p.name,
                "phase": p.phase,
                "modes": modes,
                "runs_in_mode": p.runs_in(self.options.mode),
            },
        )

    def outs(self) -> dict[str, dg.AssetOut]:
        """One output per field written by a pass, in table order, then `document_ir`.

        Outputs rather than `AssetSpec`s: spec outputs are typed `Nothing` and cannot carry a
        value to the IO manager; the per-field deps go to `internal_asset_deps`.
        """
        outs = {w: self._out(p, w) for p in self.table.passes for w in p.writes}
        outs[DOCUMENT_IR] = dg.AssetOut(
            key=self.names.key(DOCUMENT_IR),
            dagster_type=Any,
            is_required=False,
            group_name=self.names.name(DOCUMENT_GROUP),
            io_manager_key=self.names.io_manager,
            description=(
                "The assembled Document IR (the single artifact), also written as "
                "`<doc_id>.bin` to the IR folder."
            ),
            code_version=self.code_versions[DOCUMENT_IR],
            kinds={"python"},
            tags={LLM_TAG: "false"},
        )
        return outs
