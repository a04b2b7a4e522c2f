"""Incremental compilation, measured: LLM calls per edit (counted by the fake server over real
HTTP) and CPU of an incremental recompile against a full one (run by hand).

    python benchmarks/speed/bench_incremental.py calls [--sections 100]
    python benchmarks/speed/bench_incremental.py big [PATH]      # the 9.1 MB RFC file, deep, no LLM
    python benchmarks/speed/bench_incremental.py latency [--sections 100] [--delay 0.2]

`calls`: a generated document of N sections, deep mode, the fake OpenAI-compatible server on
127.0.0.1: the first compile, then one paragraph edited, a section inserted at the top, one
deleted, one moved (each from the first compile's IR, lasting cache off, so only reuse
saves calls); a second document sharing half its sections and a forced recompile (lasting
cache on); an overlap-threshold change (no LLM pass reads it).
`big`: full compile CPU, then one section edited and recompiled incrementally, in one run.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # benchmarks/: the shared _corpus.py

from _corpus import BIG, require  # noqa: E402

from tests.support import sections as S  # noqa: E402
from tests.support.fake_llm import FakeLLMServer  # noqa: E402
from vectorless_assets import compile_document  # noqa: E402
from vectorless_assets.llm.cache import LLMCache  # noqa: E402
from vectorless_assets.llm.openai import OpenAICompatibleClient  # noqa: E402
from vectorless_assets.options import CompileOptions  # noqa: E402


def calls(n: int) -> None:
    doc = S.generate(n)
    with FakeLLMServer() as srv, tempfile.TemporaryDirectory() as tmp:
        llm = OpenAICompatibleClient(base_url=srv.base_url, model="fake")

        def run(label: str, sections: list[S.Section], **kw: object) -> object:
            before = srv.requests
            t0 = time.process_time()
            out = compile_document(
                S.render(sections),
                name=str(kw.pop("name", "living.md")),
                mode="deep",
                llm=llm,
                **kw,
            )
            print(
                f"| {label} | {srv.requests - before} | {out.meta.action} | "
                f"{out.meta.reused_nodes} | {out.meta.recomputed_nodes} | "
                f"{out.meta.llm_cache_hits} | {time.process_time() - t0:.2f} |"
            )
            return out

        print(
            f"{n} sections, deep mode\n\n| case | LLM calls | action | reused nodes "
            "| recomputed nodes | cache hits | CPU s "
            "|\n|---|---|---|---|---|---|---|"
        )
        first = run("first compile", doc)
        run("one paragraph edited", S.edit(doc, n // 2 + 1), previous=first)
        run(
            "section inserted at the top",
            S.insert(doc, 0, S.Section(2, "A new first section", S.paragraph(99_999))),
            previous=first,
        )
        run("section deleted", S.delete(doc, n // 3), previous=first)
        run("section moved", S.move(doc, n // 3, 2 * n // 3), previous=first)
        run(
            "overlap threshold 0.8 -> 0.6",
            doc,
            previous=first,
            options=CompileOptions(overlap_threshold=0.6),
        )
        cache = LLMCache(Path(tmp) / "llm.sqlite")
        run("first compile, lasting cache on", doc, llm_cache=cache)
        run("forced recompile (cache)", doc, previous=first, force=True, llm_cache=cache)
        shared = [*doc[: n // 2], *S.generate(n - n // 2, seed=7)]
        run(
            "second document, half its sections shared (cache)",
            shared,
            name="other.md",
            llm_cache=cache,
        )


def latency(n: int, delay: float) -> None:
    data = S.render(S.generate(n))
    with FakeLLMServer() as srv:
        srv.delay_s = delay
        llm = OpenAICompatibleClient(base_url=srv.base_url, model="fake")
        print(
            f"{n} sections, deep, fake LLM with {delay * 1000:.0f} ms latency\n\n| "
            "concurrency | LLM calls | wall s |\n|---|---|---|"
        )
        for workers in (1, 4):
            before, t0 = srv.requests, time.perf_counter()
            compile_document(data, name="living.md", mode="deep", llm=llm, llm_concurrency=workers)
            print(f"| {workers} | {srv.requests - before} | {time.perf_counter() - t0:.1f} |")


def big(path: Path) -> None:
    data = require(path).read_bytes()
    t0 = time.process_time()
    full = compile_document(data, name=path.name, mode="deep")
    full_cpu = time.process_time() - t0
    middle = data.find(b"\n## ", len(data) // 2)
    edited = (
        data[: middle + 1]
        + b"An edited paragraph, written for the benchmark.\n\n"
        + data[middle + 1 :]
    )
    t0 = time.process_time()
    inc = compile_document(edited, name=path.name, mode="deep", previous=full)
    inc_cpu = time.process_time() - t0
    t0 = time.process_time()
    compile_document(edited, name=path.name, mode="deep")
    full2_cpu = time.process_time() - t0
    print(
        f"| {path.name} ({len(data) / 1e6:.1f} MB, {len(full.tree.nodes)} "
        "nodes) | CPU s |\n|---|---|"
    )
    print(
        f"| full compile | {full_cpu:.2f} |\n| full compile of the edited file | {full2_cpu:.2f} |"
    )
    print(
        f"| incremental recompile (one section edited) | {inc_cpu:.2f} "
        f"({inc_cpu / full2_cpu:.0%} of full; {inc.meta.recomputed_nodes} nodes "
        f"recomputed, {inc.meta.reused_nodes} reused) |"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("calls").add_argument("--sections", type=int, default=100)
    sub.add_parser("big").add_argument("path", nargs="?", default=str(BIG))
    lat = sub.add_parser("latency")
    lat.add_argument("--sections", type=int, default=100)
    lat.add_argument("--delay", type=float, default=0.2)
    args = ap.parse_args()
    if args.cmd == "calls":
        calls(args.sections)
    elif args.cmd == "latency":
        latency(args.sections, args.delay)
    else:
        big(Path(args.path))


if __name__ == "__main__":
    main()
