"""The asset graph, generated from the pass table (`pipeline.table.PASSES`) and `FIELDS`.

* one asset per field a pass writes (asset key = field name = IO-manager file name), its
  deps are the fields the pass reads (required and optional), the source document for
  `parse`; tree rewrites are separate assets (`tree_built` ... `tree`), as in the table;
* `document_ir`, the assembled IR, depends on every field `assemble_document` reads;
* group = the pass's phase (`document_ir` in `document`, the source in `sources`);
  description = the pass docstring's first paragraph; kinds `python` or `llm`, tags
  `vectorless/pass`, `vectorless/llm`, `vectorless/modes`;
* code version = `<pass version>:<logic fingerprint of the compile options>` (the logic
  fingerprint covers the mode and the processing version), so a bumped pass version makes
  its assets stale and switching modes makes every asset stale (outputs a mode does not
  change keep their data version, so their consumers stay fresh).
"""

from __future__ import annotations

import hashlib
from typing import Any

import dagster as dg

from vectorless_assets.options import CompileOptions
from vectorless_assets.pipeline.fields import FIELDS
from vectorless_assets.pipeline.table import PASSES, PRODUCER, PassSpec

SOURCE = "source"
#: The asset job over the compile multi-asset (one run per document partition).
COMPILE_JOB = "compile_documents"
DOCUMENT_IR = "document_ir"
DOCUMENT_GROUP = "document"
SOURCE_GROUP = "sources"
#: Bump when `assemble_document` (or how document_ir is written) changes its output.
ASSEMBLY_VERSION = "1"
#: Fields `assemble_document` reads besides the IR's own fields.
ASSEMBLY_EXTRA = ("source", "parsed", "validation", "verification")


def assembly_reads() -> tuple[str, ...]:
    in_ir = tuple(name for name, spec in FIELDS.items() if spec.in_ir)
    return tuple(dict.fromkeys(ASSEMBLY_EXTRA + in_ir))


def code_version(version: str, options: CompileOptions) -> str:
    return f"{version}:{options.logic_fingerprint()}"


def field_code_versions(options: CompileOptions) -> dict[str, str]:
    """Code version of every generated asset (fields and `document_ir`)."""
    versions = {w: code_version(p.version, options) for p in PASSES for w in p.writes}
    versions[DOCUMENT_IR] = code_version(ASSEMBLY_VERSION, options)
    return versions


def graph_fingerprint(options: CompileOptions) -> str:
    """One hash of all code versions: equal iff no asset's code version changed."""
    versions = field_code_versions(options)
    text = "\n".join(f"{k}={v}" for k, v in sorted(versions.items()))
    return hashlib.sha256(text.encode()).hexdigest()[:32]


def _out(pass_spec: PassSpec, field: str, options: CompileOptions) -> dg.AssetOut:
    llm = pass_spec.uses_llm
    modes = ",".join(sorted(pass_spec.modes))
    return dg.AssetOut(
        key=field,
        dagster_type=Any,
        is_required=False,
        group_name=pass_spec.phase,
        description=f"{FIELDS[field].description}\n\nWritten by pass `{pass_spec.name}`: {pass_spec.description}",
        code_version=code_version(pass_spec.version, options),
        kinds={"llm"} if llm else {"python"},
        tags={"vectorless/pass": pass_spec.name, "vectorless/llm": str(llm).lower(), "vectorless/modes": modes.replace(",", "-")},
        metadata={"pass": pass_spec.name, "phase": pass_spec.phase, "modes": modes, "runs_in_mode": pass_spec.runs_in(options.mode)},
    )


def field_outs(options: CompileOptions) -> dict[str, dg.AssetOut]:
    """One output per field written by a pass, in table order, then `document_ir`.

    Outputs rather than `AssetSpec`s: spec outputs are typed `Nothing` and cannot carry a
    value to the IO manager; the per-field deps go to `internal_asset_deps` (`field_deps`).
    """
    outs = {w: _out(p, w, options) for p in PASSES for w in p.writes}
    outs[DOCUMENT_IR] = dg.AssetOut(
        key=DOCUMENT_IR,
        dagster_type=Any,
        is_required=False,
        group_name=DOCUMENT_GROUP,
        description="The assembled Document IR (the single artifact), also written as `<doc_id>.bin` to the IR folder.",
        code_version=code_version(ASSEMBLY_VERSION, options),
        kinds={"python"},
        tags={"vectorless/llm": "false"},
    )
    return outs


def field_deps() -> dict[str, tuple[str, ...]]:
    """Upstream fields of every generated asset, as the pass table declares them."""
    deps = {w: tuple(p.all_reads) for p in PASSES for w in p.writes}
    deps[DOCUMENT_IR] = assembly_reads()
    return deps


def internal_deps() -> dict[str, set[dg.AssetKey]]:
    return {name: {dg.AssetKey(d) for d in ups} for name, ups in field_deps().items()}


def downstream_closure(fields: set[str]) -> set[str]:
    """`fields` and every generated asset that (transitively) reads one of them."""
    deps = field_deps()
    out = set(fields)
    changed = True
    while changed:
        changed = False
        for name, ups in deps.items():
            if name not in out and out.intersection(ups):
                out.add(name)
                changed = True
    return out


def produced_fields() -> tuple[str, ...]:
    return tuple(PRODUCER) + (DOCUMENT_IR,)

