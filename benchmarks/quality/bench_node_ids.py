"""Node ids across an edit elsewhere, measured (issue 38 item 4): each bundled sample is
compiled, a preface section is inserted right before its first top-level section (at that
section's heading level, ATX or setext), and it is
recompiled from the first IR (in process, fast mode). For every section whose title and
text did not change, is its id the one it had?

    python benchmarks/quality/bench_node_ids.py [--code DIR] [--mode fast|standard|deep]

`--code DIR` compiles with the package in DIR instead of this checkout (e.g. an export of
an older commit, to measure the before: `git archive <commit> | tar -x -C DIR`).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "vectorless_assets" / "samples"


def with_preface(text: str, line: int) -> str:
    """`text` with a preface section before its 1-based `line`, a heading, at its level."""
    lines = text.splitlines(keepends=True)
    heading = lines[line - 1]
    if heading.startswith("#"):
        hashes = heading[: len(heading) - len(heading.lstrip("#"))]
    else:  # setext: "===" underlines level 1, "---" level 2
        hashes = "#" if lines[line].startswith("=") else "##"
    preface = f"{hashes} Preface\n\nRead this before anything else.\n\n"
    return "".join([*lines[: line - 1], preface, *lines[line - 1 :]])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--code", type=Path, default=ROOT, help="the checkout whose package compiles")
    ap.add_argument("--mode", default="fast")
    args = ap.parse_args()
    sys.path.insert(0, str(args.code.resolve()))
    from vectorless_assets import compile_document

    print(f"code: {args.code.resolve()}  mode: {args.mode}")
    print(f"{'sample':<22} {'unchanged':>9} {'kept':>5} {'renumbered':>10}  preface id")
    totals = [0, 0]
    for path in sorted(SAMPLES.glob("*.md")):
        text = path.read_text(encoding="utf-8")
        first = compile_document(text.encode(), name=path.name, mode=args.mode)
        again = compile_document(
            with_preface(text, first.tree.top_sections()[0].line_start).encode(),
            name=path.name,
            mode=args.mode,
            previous=first,
        )
        before = {(n.title, n.content.strip()): n.node_id for n in first.tree.nodes}
        after = {(n.title, n.content.strip()): n.node_id for n in again.tree.nodes}
        same = [k for k in before if k in after]
        kept = sum(before[k] == after[k] for k in same)
        preface = next((n.node_id for n in again.tree.nodes if n.title == "Preface"), "-")
        totals[0] += len(same)
        totals[1] += kept
        print(f"{path.name:<22} {len(same):>9} {kept:>5} {len(same) - kept:>10}  {preface}")
    print(f"{'total':<22} {totals[0]:>9} {totals[1]:>5} {totals[0] - totals[1]:>10}")


if __name__ == "__main__":
    main()
