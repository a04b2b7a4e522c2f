"""Generate docs/passes.md from the pass table: `python -m vectorless_assets.pipeline.docs`."""

from __future__ import annotations

import sys
from pathlib import Path

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


def main() -> int:
    target = Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/passes.md")
    target.write_text(passes_markdown(), encoding="utf-8")
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
