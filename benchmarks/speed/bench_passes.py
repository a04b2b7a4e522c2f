"""Benchmark the index passes in deep mode without an LLM (run by hand).

Two measurements:

* ``scaling``: compile ``md/large/rust-rfcs-all-in-one.md`` (9.1 MB, ~9.5k headings) cut to
  1/4, 1/2 and the whole file (cut at a line break), each in a fresh subprocess, and report
  wall time, CPU time, peak RSS and the RSS growth over the process baseline (interpreter +
  imports + source bytes), plus each pass's CPU time, so one can see whether any of them grows
  faster than the input (it should all be close to linear).
* ``corpus``: compile every Markdown file under ``md/`` in deep mode in one process and sum
  each pass's CPU time (and wall time, what ``DocumentMeta.pass_durations_ms`` records):
  total, share, and the slowest document for that pass, sorted slowest pass first.

``overlap`` (not part of "both") times the overlap pass alone on generated trees with many
identical and near-duplicate leaves, to show the output stays compact.

CPU time is the stable figure on a shared machine; the load average is printed alongside.

    python benchmarks/speed/bench_passes.py                  # both
    python benchmarks/speed/bench_passes.py scaling [--file PATH] [--repeat N]
    python benchmarks/speed/bench_passes.py corpus [--skip-large]
    python benchmarks/speed/bench_passes.py overlap          # overlap pass alone, synthetic leaves
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py
from _corpus import BIG, CORPUS, require  # noqa: E402

FRACTIONS = ((1, 4), (1, 2), (1, 1))


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _cpu() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def compile_timed(data: bytes, name: str) -> tuple[Any, dict[str, float], dict[str, float]]:
    """Deep compile of `data` through the pass runner (`run_passes`, as `compile_document`
    does), timing each pass between the runner's yields.

    Returns the Document and per-pass wall and CPU milliseconds (CPU is what a loaded
    machine does not distort).
    """
    from vectorless_assets.ir.identity import document_key
    from vectorless_assets.ir.raw import SourceDocument
    from vectorless_assets.options import CompileOptions
    from vectorless_assets.passes.context import PassContext
    from vectorless_assets.pipeline.assemble import assemble_document
    from vectorless_assets.pipeline.runner import run_passes
    from vectorless_assets.pipeline.table import TABLE

    ctx = PassContext(options=CompileOptions(mode="deep"))
    key = document_key(name)
    state: dict[str, Any] = {"source": SourceDocument(key=key, data=data)}
    wall_ms: dict[str, float] = {}
    cpu_ms: dict[str, float] = {}
    w0, c0 = time.perf_counter(), _cpu()
    for done in run_passes(state, ctx, key=key, table=TABLE):
        if done.ran:
            wall_ms[done.spec.name] = (time.perf_counter() - w0) * 1000
            cpu_ms[done.spec.name] = (_cpu() - c0) * 1000
        w0, c0 = time.perf_counter(), _cpu()
    return assemble_document(state, ctx, table=TABLE), wall_ms, cpu_ms


def child(path: str, num: int, den: int) -> None:
    """One measurement in this (fresh) process; prints one JSON line."""
    data = Path(path).read_bytes()
    if den != num:
        data = data[: len(data) * num // den]
        data = data[: data.rfind(b"\n") + 1]
    base_rss = _maxrss_mb()
    wall, cpu = time.perf_counter(), _cpu()
    doc, _, cpu_ms = compile_timed(data, Path(path).name)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    overlap = doc.content_overlap
    print(
        json.dumps(
            {
                "bytes": len(data),
                "nodes": len(doc.tree.nodes),
                "leaves": len(doc.tree.leaves()),
                "wall_s": wall,
                "cpu_s": cpu,
                "peak_rss_mb": _maxrss_mb(),
                "rss_growth_mb": _maxrss_mb() - base_rss,
                "passes_ms": cpu_ms,
                "overlap_pairs": len(overlap.pairs) if overlap else 0,
                "duplicate_groups": len(overlap.duplicate_groups) if overlap else 0,
                "grouped_leaves": sum(len(g.node_ids) for g in overlap.duplicate_groups)
                if overlap
                else 0,
                "keywords": len(doc.reasoning_index.keywords),
            }
        )
    )


def scaling(path: Path, repeat: int) -> None:
    print(f"## Deep mode, no LLM: {path.name} ({path.stat().st_size / 1e6:.1f} MB)")
    print(f"load average at start: {os.getloadavg()[0]:.2f}\n")
    rows = []
    for num, den in FRACTIONS:
        runs = []
        for _ in range(repeat):
            out = subprocess.run(
                [sys.executable, __file__, "_child", str(path), str(num), str(den)],
                check=True,
                capture_output=True,
                text=True,
            )
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
        best = min(runs, key=lambda r: r["cpu_s"])
        rows.append((f"{num}/{den}", best))
    first = rows[0][1]
    print(
        "| input | MB | nodes | leaves | wall s | CPU s | CPU ×(vs 1/4) | size "
        "× | peak RSS MB | RSS growth MB | overlap pairs | dup groups (leaves) "
        "|"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for label, r in rows:
        print(
            f"| {label} | {r['bytes'] / 1e6:.2f} | {r['nodes']} | {r['leaves']} | "
            f"{r['wall_s']:.2f} "
            f"| {r['cpu_s']:.2f} | {r['cpu_s'] / first['cpu_s']:.2f} | "
            f"{r['bytes'] / first['bytes']:.2f} "
            f"| {r['peak_rss_mb']:.0f} | {r['rss_growth_mb']:.0f} | {r['overlap_pairs']} "
            f"| {r['duplicate_groups']} ({r['grouped_leaves']}) |"
        )
    names = list(rows[-1][1]["passes_ms"])
    print("\nPer pass (CPU ms):\n")
    print("| pass | " + " | ".join(label for label, _ in rows) + " | full ÷ 1/4 |")
    print("|---|" + "---|" * (len(rows) + 1))
    for name in names:
        vals = [r["passes_ms"].get(name, 0.0) for _, r in rows]
        ratio = vals[-1] / vals[0] if vals[0] > 1 else float("nan")
        print(f"| {name} | " + " | ".join(f"{v:.0f}" for v in vals) + f" | {ratio:.2f} |")


def corpus(skip_large: bool) -> None:
    from vectorless_assets.ir.errors import CompileError, SourceError

    root = CORPUS / "md"
    files = sorted(root.rglob("*.md"))
    if skip_large:
        files = [p for p in files if "large" not in p.relative_to(root).parts]
    totals: dict[str, float] = defaultdict(float)
    walls: dict[str, float] = defaultdict(float)
    worst: dict[str, tuple[float, str]] = {}
    failures = 0
    wall, cpu = time.perf_counter(), _cpu()
    for path in files:
        rel = str(path.relative_to(root))
        try:
            _, wall_ms, cpu_ms = compile_timed(path.read_bytes(), rel)
        except (CompileError, SourceError):
            failures += 1
            continue
        for name, ms in cpu_ms.items():
            totals[name] += ms
            walls[name] += wall_ms[name]
            if ms > worst.get(name, (-1.0, ""))[0]:
                worst[name] = (ms, rel)
    wall, cpu = time.perf_counter() - wall, _cpu() - cpu
    size = sum(p.stat().st_size for p in files) / 1e6
    grand = sum(totals.values())
    print(f"## Deep mode, no LLM: {len(files)} Markdown files, {size:.1f} MB, {failures} failures")
    print(
        f"wall {wall:.1f} s, CPU {cpu:.1f} s, peak RSS {_maxrss_mb():.0f} MB, "
        f"load {os.getloadavg()[0]:.2f}\n"
    )
    print("| pass | CPU ms | share | wall ms | slowest document (CPU ms) |")
    print("|---|---|---|---|---|")
    for name, ms in sorted(totals.items(), key=lambda kv: -kv[1]):
        w_ms, w_doc = worst[name]
        print(
            f"| {name} | {ms:.0f} | {100 * ms / grand:.1f}% | {walls[name]:.0f} | "
            f"{w_doc} ({w_ms:.0f}) |"
        )


def synthetic_overlap() -> None:
    """Overlap pass alone on generated trees: 1/3 identical template leaves, 1/3 near
    duplicates (one word changed, ~2 variants per base text), 1/3 unrelated text."""
    import random

    from vectorless_assets.ir.tree import DocumentTree, TreeNode
    from vectorless_assets.options import CompileOptions
    from vectorless_assets.passes import overlap
    from vectorless_assets.passes.context import PassContext

    env = PassContext(options=CompileOptions(mode="deep"))
    template = "This section intentionally left blank; see the template guide for details."
    print(
        "## Overlap pass alone, synthetic leaves (1/3 identical, 1/3 near-duplicate, 1/3 unique)\n"
    )
    print("| leaves | CPU ms | pairs stored | duplicate groups | pairs an all-pairs scan reports |")
    print("|---|---|---|---|---|")
    for n in (2000, 4000, 8000, 16000):
        rnd = random.Random(n)
        vocab = [f"term{i}" for i in range(50_000)]
        bases = [rnd.sample(vocab, 60) for _ in range(n // 6)]  # ~2 variants per base
        texts = []
        for i in range(n):
            kind = i % 3
            if kind == 0:
                texts.append(template)
            elif kind == 1:
                words = list(rnd.choice(bases))
                words[rnd.randrange(60)] = rnd.choice(vocab)
                texts.append(" ".join(words))
            else:
                texts.append(" ".join(rnd.sample(vocab, 60)))
        ids = [f"{i:06d}" for i in range(1, n + 2)]
        nodes = [TreeNode(node_id=ids[0], title="Doc", children=ids[1:])]
        nodes += [
            TreeNode(node_id=ids[i + 1], parent=ids[0], title=f"S{i}", content=t)
            for i, t in enumerate(texts)
        ]
        tree = DocumentTree(nodes=nodes)
        c0 = _cpu()
        result = overlap.run(tree=tree, ctx=env)
        ms = (_cpu() - c0) * 1000
        implied = sum(1 for _ in overlap.expanded_pairs(result))
        print(
            f"| {n} | {ms:.0f} | {len(result.pairs)} | {len(result.duplicate_groups)} | {implied} |"
        )


def main(argv: list[str] | None = None) -> None:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_child"]:
        child(argv[1], int(argv[2]), int(argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "which", nargs="?", choices=["scaling", "corpus", "overlap", "both"], default="both"
    )
    parser.add_argument("--file", type=Path, default=BIG)
    parser.add_argument("--repeat", type=int, default=1, help="runs per size (best CPU kept)")
    parser.add_argument("--skip-large", action="store_true", help="corpus: leave out md/large/")
    args = parser.parse_args(argv)
    require(CORPUS / "md")
    if args.which in ("scaling", "both"):
        scaling(args.file, args.repeat)
        print()
    if args.which in ("corpus", "both"):
        corpus(args.skip_large)
    if args.which == "overlap":
        synthetic_overlap()


if __name__ == "__main__":
    main()
