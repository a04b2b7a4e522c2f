"""CPU time of the tree passes (split, optimize, enhance, enrich, validate, verify), run by hand.

Parses and builds the document once, then runs each tree pass through the pass table and the
one pass runner (`pipeline.runner.execute_pass`, which binds every pass's inputs) on the
previous passes' outputs, and prints CPU seconds (`time.process_time`, stable on a shared
machine), wall seconds and the output's node count. Default input: the 9.1 MB RFC file.

    python benchmarks/speed/bench_tree_passes.py [PATH] [--repeat N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

from vectorless_assets.ir.identity import document_key
from vectorless_assets.ir.raw import SourceDocument
from vectorless_assets.options import CompileOptions
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.runner import execute_pass
from vectorless_assets.pipeline.table import TABLE

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import BIG, require  # noqa: E402

TREE_PASSES = ("split", "optimize", "enhance", "enrich", "validate", "verify")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("path", nargs="?", default=str(BIG))
    ap.add_argument("--repeat", type=int, default=1, help="best of N runs per pass")
    args = ap.parse_args()
    path = require(Path(args.path))
    ctx = PassContext(options=CompileOptions(mode="deep"))
    state: dict[str, Any] = {
        "source": SourceDocument(key=document_key(path.name), data=path.read_bytes())
    }
    for name in ("parse", "build"):
        state.update(execute_pass(TABLE.by_name[name], state, ctx))
    print("| pass | CPU s | wall s | nodes out |\n|---|---|---|---|")
    total = 0.0
    for spec in TABLE.passes:
        if spec.name not in TREE_PASSES:
            if spec.name not in ("parse", "build"):
                # an index pass a later tree pass may read
                state.update(execute_pass(spec, state, ctx))
            continue
        best_cpu, best_wall, out = float("inf"), float("inf"), {}
        for _ in range(max(1, args.repeat)):
            c, w = time.process_time(), time.perf_counter()
            out = execute_pass(spec, state, ctx)
            best_cpu = min(best_cpu, time.process_time() - c)
            best_wall = min(best_wall, time.perf_counter() - w)
        state.update(out)
        total += best_cpu
        tree = next((v for v in out.values() if hasattr(v, "nodes")), None)
        print(
            f"| {spec.name} | {best_cpu:.2f} | {best_wall:.2f} | "
            f"{len(tree) if tree is not None else '-'} |"
        )
    print(f"| total | {total:.2f} | | |")


if __name__ == "__main__":
    main()
