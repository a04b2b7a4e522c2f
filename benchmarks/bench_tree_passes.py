"""CPU time of the tree passes (split, optimize, enhance, enrich, validate, verify), run by hand.

Parses and builds the document once, then runs each tree pass on the previous one's output
and prints CPU seconds (`time.process_time`, stable on a shared machine) and wall seconds,
plus the output's node count. Default input: the 9.1 MB RFC file of the corpus.

    python benchmarks/bench_tree_passes.py [PATH] [--repeat N]
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

from vectorless_assets.context import PassContext
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes import (
    build,
    enhance,
    enrich,
    optimize,
    parse,
    split,
    validate,
    verify,
)

CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "corpus"
BIG = CORPUS / "md" / "large" / "rust-rfcs-all-in-one.md"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=str(BIG))
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs per pass")
    args = ap.parse_args()
    path = Path(args.path)
    env = PassContext(options=CompileOptions(mode="deep"))
    src = SourceDocument(key=path.name, data=path.read_bytes())
    parsed = parse.run(source=src, ctx=env)
    tree_built = build.run(parsed=parsed, ctx=env)
    print(f"{path.name}: {len(src.data) / 1e6:.2f} MB, {len(tree_built)} built nodes, load {os.getloadavg()[0]:.2f}")
    steps = [
        ("split", lambda s: {"tree_split": split.run(tree=s["tree_built"], ctx=env)}),
        ("optimize", lambda s: {"tree_optimized": optimize.run(tree=s["tree_split"], ctx=env)}),
        ("enhance", lambda s: dict(zip(("tree_enhanced", "summary"), enhance.run(tree=s["tree_optimized"], ctx=env), strict=True))),
        ("enrich", lambda s: dict(zip(("tree", "description"), enrich.run(tree=s["tree_enhanced"], parsed=parsed, summary=s["summary"], ctx=env), strict=True))),
        ("validate", lambda s: {"validation": validate.run(tree=s["tree"], ctx=env)}),
        ("verify", lambda s: {"verification": verify.run(tree=s["tree"], summary=s["summary"], concepts=[], ctx=env)}),
    ]
    state: dict = {"tree_built": tree_built}
    print("| pass | CPU s | wall s | nodes out |\n|---|---|---|---|")
    total = 0.0
    for name, step in steps:
        best_cpu, best_wall, out = float("inf"), float("inf"), {}
        for _ in range(max(1, args.repeat)):
            c, w = time.process_time(), time.perf_counter()
            out = step(state)
            best_cpu = min(best_cpu, time.process_time() - c)
            best_wall = min(best_wall, time.perf_counter() - w)
        state.update(out)
        total += best_cpu
        tree = next((v for v in out.values() if hasattr(v, "nodes")), None)
        print(f"| {name} | {best_cpu:.2f} | {best_wall:.2f} | {len(tree) if tree is not None else '-'} |")
    print(f"| total | {total:.2f} | | |")


if __name__ == "__main__":
    main()
