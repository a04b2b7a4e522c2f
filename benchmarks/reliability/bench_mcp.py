"""MCP server benchmark: tool-call latency of `locate` through a real client session.

Two folders of IRs, each served by `vectorless mcp` started as a subprocess and driven by
the MCP SDK's client over stdio (the way an agent host runs it):

* **large**: the IR of ``corpus/md/large/rust-rfcs-all-in-one.md`` (9.1 MB), compiled deep
  in-process once; `locate` in that document.
* **folder**: 100 corpus Markdown files (sorted paths outside ``large/``, evenly spaced),
  compiled deep; `locate` across the folder.

Reported per folder: server start to first answer (spawn, load and verify every IR,
handshake), the first `locate` (builds the lazy term statistics) and the steady-state
latency of the next calls (median, p90, max over ``--repeat`` rounds of the questions),
next to the same `locate` called in-process without MCP.

`--scenario load` and `--scenario startup` measure the server under hostile load and over
1,000 IRs (issue 25; see `_mcp_scale.py`).

Run by hand from the project root:
    python benchmarks/reliability/bench_mcp.py [--corpus ../shared/corpus] [--repeat 3] [--json]
    python benchmarks/reliability/bench_mcp.py --scenario load|startup [--copies 1000] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client, StdioServerParameters

from vectorless_assets import compile_document, save_ir
from vectorless_assets.navigator import Catalog

ROOT = Path(__file__).resolve().parents[2]
LARGE = Path("md/large/rust-rfcs-all-in-one.md")
FOLDER_SIZE = 100

RFC_QUESTIONS = [
    "how does the borrow checker handle non-lexical lifetimes",
    "async await syntax and the Future trait",
    "error handling with the question mark operator",
    "const generics for array lengths",
    "procedural macros and derive attributes",
    "editions and backwards compatibility",
    "unsafe code guidelines for raw pointers",
    "trait objects and dynamic dispatch",
]
FOLDER_QUESTIONS = [
    "how to configure alerting rules",
    "consistent hashing for a distributed cache",
    "extract a tar archive",
    "ownership and borrowing in rust",
    "recording rules and the query language",
    "load balancer versus reverse proxy",
    "list files sorted by size",
    "storage retention of time series",
]


def compile_into(paths: list[Path], out: Path, root: Path) -> float:
    """Compile `paths` (deep) into IR files under `out`; seconds taken."""
    out.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for path in paths:
        doc = compile_document(path, mode="deep", root=root)
        save_ir(doc, out / f"{doc.doc_id}.bin")
    return time.perf_counter() - start


def folder_sources(corpus: Path) -> list[Path]:
    """FOLDER_SIZE Markdown files spread evenly over the corpus (the large ones left out)."""
    md = sorted(
        p
        for p in (corpus / "md").rglob("*.md")
        if "large" not in p.relative_to(corpus / "md").parts
    )
    step = len(md) / FOLDER_SIZE
    return [md[int(i * step)] for i in range(FOLDER_SIZE)]


def in_process(folder: Path, questions: list[str], doc: str | None) -> float:
    """Median seconds of `locate` called directly (navigator, no MCP), after a warm-up."""
    catalog = Catalog(folder)
    run = (lambda q: catalog.get(doc).locate(q, k=5)) if doc else (lambda q: catalog.locate(q, k=5))
    run(questions[0])
    times = []
    for q in questions:
        t = time.perf_counter()
        run(q)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


async def over_mcp(
    folder: Path, questions: list[str], doc: str | None, repeat: int
) -> dict[str, Any]:
    """Latencies of `locate` through the SDK client over stdio to `vectorless mcp`."""
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    params = StdioServerParameters(
        command=sys.executable, args=["-c", code, "mcp", str(folder)], env=env
    )
    args = {"doc": doc} if doc else {}
    t0 = time.perf_counter()
    async with Client(params, read_timeout_seconds=600) as client:
        listed = await client.call_tool("list_documents", {"limit": 1})
        started = time.perf_counter() - t0
        t = time.perf_counter()
        first = await client.call_tool("locate", {"query": questions[0], "k": 5, **args})
        first_s = time.perf_counter() - t
        assert not first.is_error, first.content[0].text
        times = []
        for _ in range(repeat):
            for q in questions:
                t = time.perf_counter()
                result = await client.call_tool("locate", {"query": q, "k": 5, **args})
                times.append(time.perf_counter() - t)
                assert not result.is_error and result.structured_content["hits"], q
    times.sort()
    return {
        "documents": listed.structured_content["total"],
        "start_s": round(started, 2),
        "first_locate_ms": round(first_s * 1000, 1),
        "calls": len(times),
        "median_ms": round(statistics.median(times) * 1000, 1),
        "p90_ms": round(times[int(0.9 * (len(times) - 1))] * 1000, 1),
        "max_ms": round(times[-1] * 1000, 1),
        "top_hit": first.structured_content["hits"][0]["title"],
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--corpus", default=str(ROOT.parent / "shared" / "corpus"))
    parser.add_argument("--repeat", type=int, default=3, help="rounds of the questions (default 3)")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--scenario", choices=("locate", "load", "startup"), default="locate")
    parser.add_argument(
        "--copies", type=int, default=1000, help="IRs served by --scenario startup (default 1000)"
    )
    args = parser.parse_args()
    corpus = Path(args.corpus)
    if args.scenario != "locate":
        return scale(args, corpus)
    if not (corpus / LARGE).is_file():
        print(f"corpus not found: {corpus / LARGE}", file=sys.stderr)
        return 1
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench_mcp_") as tmp:
        large, many = Path(tmp) / "large", Path(tmp) / "folder"
        compile_large = compile_into([corpus / LARGE], large, corpus / "md")
        doc_id = next(large.glob("*.bin")).stem
        compile_many = compile_into(folder_sources(corpus), many, corpus / "md")
        for name, folder, questions, doc, compile_s in (
            ("large (9.1 MB, one document)", large, RFC_QUESTIONS, doc_id, compile_large),
            (f"folder of {FOLDER_SIZE} IRs", many, FOLDER_QUESTIONS, None, compile_many),
        ):
            row = anyio.run(over_mcp, folder, questions, doc, args.repeat)
            row.update(
                name=name,
                compile_s=round(compile_s, 1),
                ir_mb=round(sum(p.stat().st_size for p in folder.glob("*.bin")) / 1e6, 1),
                in_process_median_ms=round(in_process(folder, questions, doc) * 1000, 1),
            )
            rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return 0
    print(
        "| folder | IR MB | compile s | server start s | first locate ms | "
        "locate median ms | p90 ms | max ms | in-process median ms |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['name']} | {r['ir_mb']} | {r['compile_s']} | {r['start_s']} | "
            f"{r['first_locate_ms']} | {r['median_ms']} | {r['p90_ms']} | "
            f"{r['max_ms']} | {r['in_process_median_ms']} |"
        )
    return 0


def scale(args: argparse.Namespace, corpus: Path) -> int:
    """`--scenario load` or `startup` (`_mcp_scale`)."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import _mcp_scale as sc

    if not (corpus / sc.CHAPTERS).is_dir():
        print(f"corpus not found: {corpus / sc.CHAPTERS}", file=sys.stderr)
        return 1
    with tempfile.TemporaryDirectory(prefix="bench_mcp_") as tmp:
        chapters = sc.compile_chapters(corpus, Path(tmp) / "chapters")
        if args.scenario == "load":
            sc.evil_document(Path(tmp) / "chapters")
            doc = json.loads(chapters[0].read_bytes())["payload"]["doc_id"]
            row = anyio.run(sc.load, Path(tmp) / "chapters", doc)
            row["documents"] = len(chapters) + 1
        else:
            ir_bytes = sc.copies(chapters, Path(tmp) / "copies", args.copies)
            (Path(tmp) / "empty").mkdir()
            row = anyio.run(sc.startup, Path(tmp) / "copies", Path(tmp) / "empty", ir_bytes)
    print(
        json.dumps(row, indent=2) if args.json else "\n".join(f"{k}: {v}" for k, v in row.items())
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
