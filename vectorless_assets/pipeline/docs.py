"""Generate the docs the code describes: `python -m vectorless_assets.pipeline.docs [FOLDER]`
writes `passes.md` (from the pass table) and `ir.schema.json` (the IR's JSON Schema, from
`ir.schema`) into FOLDER, `docs/` by default."""

from __future__ import annotations

import sys
from pathlib import Path

from vectorless_assets.ir.schema import document_json_schema_text
from vectorless_assets.options import MODES
from vectorless_assets.pipeline import table
from vectorless_assets.pipeline.table import TABLE, PassTable


def modes_markdown(passes: PassTable = TABLE) -> str:
    """The mode table: each mode's passes, as what it adds to the previous (smaller) mode."""
    rows = ["| mode | passes |", "|---|---|"]
    previous: tuple[str, ...] = ()
    for mode in MODES:
        names = tuple(p.name for p in passes.for_mode(mode))
        added = ", ".join(n for n in names if n not in previous)
        if len(names) == len(passes.passes):
            cell = f"all {len(names)} (+ {added})"
        elif previous:
            cell = f"{MODES[MODES.index(mode) - 1]} + {added}"
        else:
            cell = added
        rows.append(f"| {mode} | {cell} |")
        previous = names
    return "\n".join(rows)


def passes_markdown() -> str:
    """docs/passes.md: the count of passes, the mode table, the pass table, the decisions,
    each pass's docstring and the fields."""
    parts = [
        "# Compilation passes",
        "",
        "Generated from `vectorless_assets/pipeline/table.py` by "
        "`python -m vectorless_assets.pipeline.docs`; do not edit by hand.",
        "",
        f"The compiler is one table of {len(TABLE.passes)} passes. The modes run:",
        "",
        modes_markdown(),
        "",
        TABLE.markdown(),
        "",
        "## Decisions",
        "",
        (table.__doc__ or "").split("we decided:", 1)[-1].strip(),
        "",
        "## Passes",
        "",
    ]
    for p in TABLE.passes:
        doc = (p.run.__doc__ or "").strip()
        parts += [f"### {p.name}", "", doc, ""]
    parts += ["## Fields", "", "| field | in IR | description |", "|---|---|---|"]
    parts += [
        f"| `{f.name}` | {'yes' if f.in_ir else 'no'} | {f.description} |"
        for f in TABLE.fields.values()
    ]
    return "\n".join(parts) + "\n"


#: The generated files, by name, and what writes each.
GENERATED = {"passes.md": passes_markdown, "ir.schema.json": document_json_schema_text}


def main() -> int:
    folder = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs")
    for name, render in GENERATED.items():
        target = folder / name
        target.write_text(render(), encoding="utf-8")
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
