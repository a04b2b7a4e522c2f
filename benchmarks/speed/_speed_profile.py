"""Where deep mode spends its CPU (helper of `bench_speed.py`): per pass and per function.

Passes are timed by running the compiler with a copy of the pass table whose `run`
functions add their CPU time to a counter, so every pass is still bound and run by the one
pass runner (`compile_document` -> `run_passes`). Functions are ranked by their own time
under cProfile (which slows everything down about 1.6x: compare shares, not seconds).

    python benchmarks/speed/_speed_profile.py big PATH    # one deep compile of PATH in this process
"""

from __future__ import annotations

import contextlib
import cProfile
import dataclasses
import functools
import pstats
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any


def timed_table(cpu: dict[str, float]) -> Any:
    """The pass table with every pass's CPU seconds added to `cpu[name]`."""
    from vectorless_assets.pipeline.table import TABLE, PassTable

    def timed(name: str, run: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(run)
        def wrapper(**kwargs: Any) -> Any:
            c0 = time.process_time()
            try:
                return run(**kwargs)
            finally:
                cpu[name] += time.process_time() - c0

        return wrapper

    passes = tuple(dataclasses.replace(p, run=timed(p.name, p.run)) for p in TABLE.passes)
    return PassTable(passes, TABLE.fields)


def _compile_all(sources: list[tuple[str, bytes]], table: Any) -> None:
    from vectorless_assets import compile_document
    from vectorless_assets.ir.errors import CompileError

    for name, data in sources:
        with contextlib.suppress(CompileError):  # a failing document still did its work
            compile_document(data, name=name, mode="deep", table=table)


def corpus_profile(sources: list[tuple[str, bytes]], top: int = 15) -> None:
    """Per-pass CPU of deep mode over `sources` (name, bytes), then the top functions by own
    time."""
    from vectorless_assets import compile_document

    cpu: dict[str, float] = defaultdict(float)
    table = timed_table(cpu)
    compile_document(b"# Warm-up\n", name="warm-up.md", mode="deep", table=table)
    cpu.clear()
    c0 = time.process_time()
    _compile_all(sources, table)
    total = time.process_time() - c0
    print(f"Deep mode over the {len(sources)} files: {total:.2f} s CPU; per pass:\n")
    print("| pass | CPU ms | share |")
    print("|---|---|---|")
    for name, sec in sorted(cpu.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {1000 * sec:.0f} | {100 * sec / total:.1f}% |")
    rest = total - sum(cpu.values())
    print(f"| (outside passes: assembly, runner) | {1000 * rest:.0f} | {100 * rest / total:.1f}% |")
    profile = cProfile.Profile()
    profile.enable()
    _compile_all(sources, table)
    profile.disable()
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    rows = sorted(stats.items(), key=lambda kv: -kv[1][2])[:top]
    grand = sum(v[2] for v in stats.values())
    print(f"\nTop {top} functions by own time under cProfile (share of the profiled total):\n")
    print("| function | calls | own s | share | with callees s |")
    print("|---|---|---|---|---|")
    for (path, line, func), (_, calls, own, cum, _) in rows:
        where = f"{Path(path).name}:{line}({func})" if line else func
        print(f"| `{where}` | {calls} | {own:.3f} | {100 * own / grand:.1f}% | {cum:.3f} |")


def big(path: Path) -> None:
    """Deep compile of `path` in this process: CPU, wall, peak RSS, per-pass CPU."""
    from vectorless_assets import compile_document

    cpu: dict[str, float] = defaultdict(float)
    table = timed_table(cpu)
    compile_document(b"# Warm-up\n", name="warm-up.md", mode="deep", table=table)
    cpu.clear()
    data = path.read_bytes()
    base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    w0, c0 = time.perf_counter(), time.process_time()
    doc = compile_document(data, name=path.name, mode="deep", table=table)
    wall, total = time.perf_counter() - w0, time.process_time() - c0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(
        f"{path.name} ({len(data) / 1e6:.1f} MB, {len(doc.tree.nodes)} nodes), deep, fresh process:"
    )
    print(
        f"CPU {total:.2f} s, wall {wall:.2f} s, peak RSS {peak:.0f} MB (before "
        f"the compile: {base:.0f} MB)\n"
    )
    print("| pass | CPU ms |")
    print("|---|---|")
    for name, sec in sorted(cpu.items(), key=lambda kv: -kv[1]):
        print(f"| {name} | {1000 * sec:.0f} |")


if __name__ == "__main__":
    if sys.argv[1:2] == ["big"]:
        big(Path(sys.argv[2]))
    else:
        sys.exit(__doc__)
