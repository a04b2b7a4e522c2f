"""Benchmark: compile the Markdown corpus in fast mode; time the frontend alone (run by hand).

Prints, for the files outside ``large/`` and for ``large/`` separately: files/s, MB/s and
failures of a full fast-mode `compile_document`, then the frontend alone (decode + parse +
build, i.e. the parse and build passes) in MB/s, and the process's peak memory (max RSS).
Rates are given for wall time and for CPU time (the CPU figure is the stable one on a shared
machine).
Reference points from the issue: the original Rust implementation compiles the 384 files
outside ``large/`` at about 0.31 MB/s and fails 13.5% of them; PageIndex's regex tree
builder reads the corpus at about 36 MB/s (but is not lossless).

    python benchmarks/quality/bench_markdown.py                 # whole corpus
    python benchmarks/quality/bench_markdown.py --skip-large    # the 384 small files only
    python benchmarks/quality/bench_markdown.py --frontend-only
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from pathlib import Path

from vectorless_assets.frontends.markdown import parse_markdown
from vectorless_assets.ir.errors import CompileError
from vectorless_assets.passes import build
from vectorless_assets.passes.context import PassContext
from vectorless_assets.pipeline.compile import compile_document

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import MD as CORPUS  # noqa: E402


def groups(root: Path, skip_large: bool) -> dict[str, list[Path]]:
    files = sorted(root.rglob("*.md"))
    small = [p for p in files if "large" not in p.relative_to(root).parts]
    large = [p for p in files if p not in small]
    return {"corpus (outside large/)": small} | ({} if skip_large else {"large/": large})


def bench_compile(paths: list[Path], root: Path, mode: str) -> tuple[float, float, list[str]]:
    """(wall seconds, CPU seconds, failures) of compiling every path."""
    failures: list[str] = []
    t0, c0 = time.perf_counter(), time.process_time()
    for path in paths:
        try:
            compile_document(path, mode=mode, root=root)  # type: ignore[arg-type]
        except CompileError as exc:
            failures.append(str(exc))
    return time.perf_counter() - t0, time.process_time() - c0, failures


def bench_frontend(paths: list[Path], repeat: int) -> tuple[float, float]:
    """Best-of-`repeat` (wall, CPU) seconds for decode + parse + build of all `paths`."""
    blobs = [p.read_bytes() for p in paths]
    env = PassContext()
    best_wall = best_cpu = float("inf")
    for _ in range(repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        for data in blobs:
            build.run(parsed=parse_markdown(data), ctx=env)
        best_wall = min(best_wall, time.perf_counter() - t0)
        best_cpu = min(best_cpu, time.process_time() - c0)
    return best_wall, best_cpu


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--corpus",
        type=Path,
        default=CORPUS,
        help="Markdown corpus root (default: ../shared/corpus/md)",
    )
    ap.add_argument("--mode", default="fast", choices=["fast", "standard", "deep"])
    ap.add_argument("--skip-large", action="store_true", help="only the files outside large/")
    ap.add_argument("--frontend-only", action="store_true", help="skip the full compile")
    ap.add_argument("--repeat", type=int, default=3, help="frontend timing: best of N runs")
    args = ap.parse_args(argv)
    if not args.corpus.is_dir():
        print(f"corpus not found: {args.corpus}", file=sys.stderr)
        return 2
    failed_any = False
    for name, paths in groups(args.corpus, args.skip_large).items():
        mb = sum(p.stat().st_size for p in paths) / 1e6
        print(f"== {name}: {len(paths)} files, {mb:.2f} MB")
        if not args.frontend_only:
            wall, cpu, failures = bench_compile(paths, args.corpus, args.mode)
            failed_any |= bool(failures)
            n = len(paths)
            print(
                f"   compile ({args.mode}): wall {wall:.2f} s = {n / wall:.1f} files/s, "
                f"{mb / wall:.2f} MB/s;"
                f" CPU {cpu:.2f} s = {n / cpu:.1f} files/s, {mb / cpu:.2f} MB/s; "
                f"failures {len(failures)}/{n}"
            )
            for line in failures[:10]:
                print(f"     FAIL {line}")
        wall, cpu = bench_frontend(paths, args.repeat)
        print(
            f"   frontend (decode+parse+build, best of {args.repeat}): wall "
            f"{mb / wall:.2f} MB/s, CPU {mb / cpu:.2f} MB/s"
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # KiB on Linux
    print(f"peak memory (max RSS of this process): {peak:.0f} MiB")
    return 1 if failed_any else 0


if __name__ == "__main__":
    raise SystemExit(main())
