"""Generate docs/passes.md from the pass table: `python -m vectorless_assets.pipeline.docs`."""

from __future__ import annotations

import sys
from pathlib import Path

from vectorless_assets.pipeline import table
from vectorless_assets.pipeline.table import TABLE


def passes_markdown() -> str:
    parts = [
        "# Compilation passes",
        "",
        "Generated from `vectorless_assets/pipeline/table.py` by "
        "`python -m vectorless_assets.pipeline.docs`; do not edit by hand.",
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
