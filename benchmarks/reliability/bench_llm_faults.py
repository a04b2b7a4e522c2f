"""Wall time of a deep compile of a 100-section document for each LLM fault (issue 11, item 4).

    python benchmarks/reliability/bench_llm_faults.py [--sections 100] [--faults
    hang,500,429,slow,malformed,closed,ok]

The endpoint is `tests/support/faulty_llm.py` on 127.0.0.1 (real HTTP); the client has the
default limits (`llm.guard.LLMLimits`, or the VECTORLESS_LLM_* variables), a fresh breaker
per fault (its own model name), no lasting cache. Prints per fault: seconds, requests the
server saw, the IR's llm_calls/failures/retries/skipped, fallback nodes, and whether the
document compiled. Aim: a hung endpoint costs at most the per-document deadline.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from tests.support import sections as S  # noqa: E402
from tests.support.faulty_llm import FaultyLLMServer, closed_port  # noqa: E402
from vectorless_assets import compile_document  # noqa: E402
from vectorless_assets.llm.guard import LLMLimits  # noqa: E402
from vectorless_assets.llm.openai import OpenAICompatibleClient  # noqa: E402
from vectorless_assets.options import CompileOptions  # noqa: E402


def one(fault: str, doc: Path, root: Path, delay: float) -> str:
    with FaultyLLMServer("ok" if fault == "closed" else fault, delay=delay) as srv:
        url = f"http://127.0.0.1:{closed_port()}/v1" if fault == "closed" else srv.base_url
        client = OpenAICompatibleClient.with_limits(
            url, f"bench-{fault}-{time.monotonic_ns()}", "", LLMLimits.from_env()
        )
        t0 = time.perf_counter()
        try:
            ir = compile_document(doc, options=CompileOptions(mode="deep"), root=root, llm=client)
        except Exception as exc:  # noqa: BLE001 - reported, the bench goes on
            return f"{fault:9s} FAILED after {time.perf_counter() - t0:.1f} s: {exc}"
        seconds = time.perf_counter() - t0
        m = ir.meta
        return (
            f"{fault:9s} {seconds:7.1f} s  requests {srv.requests:4d}  calls "
            f"{m.llm_calls:4d}  failures {m.llm_failures:4d}  "
            f"retries {m.llm_retries:3d}  skipped {m.llm_skipped:4d}  fallback "
            f"nodes {m.llm_fallback_nodes:3d}/{len(ir.tree.nodes)}  compiled"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sections", type=int, default=100)
    parser.add_argument("--faults", default="ok,hang,500,429,slow,malformed,closed")
    parser.add_argument("--delay", type=float, default=0.2, help="seconds per answer for 'slow'")
    args = parser.parse_args()
    print(f"limits: {LLMLimits.from_env()}")
    with tempfile.TemporaryDirectory() as tmp:
        doc = Path(tmp) / "doc.md"
        doc.write_bytes(S.render(S.generate(args.sections)))
        for fault in args.faults.split(","):
            print(one(fault, doc, Path(tmp), args.delay), flush=True)


if __name__ == "__main__":
    main()
