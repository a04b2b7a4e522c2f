"""The MCP server under hostile load and over a thousand IRs (issue 25, "Measure"); run by
`bench_mcp.py --scenario load|startup`.

* **load**: `vectorless mcp --http` over the compiled Rust-book chapters plus one document
  holding a line of 40 `a`s and a `!`; 20 clients x 20 calls (toc, open_node, read_text,
  locate in a document, find, list_documents) while one client repeats the worst-case grep
  `(a|aa)+$` over the folder and another sends a 1 MB `locate` question. Reported: p50, p99
  and max of the 400 calls, and what the two hostile calls got back and how long they took.
* **startup**: 1,000 IRs (copies of the compiled chapters, each with its own doc_id), served
  over HTTP: seconds from spawning the server to the first `list_documents` answer, to the
  end of its background indexing, and the server's RSS then, against a server over an
  empty folder (growth / IR bytes).
"""

from __future__ import annotations

import json
import os
import socket
import statistics
import subprocess
import sys
import time
import uuid
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from vectorless_assets import compile_document, save_ir
from vectorless_assets.ir.identity import canonical_json
from vectorless_assets.ir.persist import payload_checksum
from vectorless_assets.ir.versions import FORMAT_VERSION

ROOT = Path(__file__).resolve().parents[2]
CHAPTERS = Path("md/rust-book/src")
EVIL_PATTERN = r"(a|aa)+$"
CLIENTS, CALLS = 20, 20


def compile_chapters(corpus: Path, out: Path) -> list[Path]:
    """The Rust-book chapters compiled (deep) into `out`; their IR files."""
    out.mkdir(parents=True, exist_ok=True)
    src = corpus / CHAPTERS
    for path in sorted(src.glob("*.md")):
        doc = compile_document(path, mode="deep", root=src)
        save_ir(doc, out / f"{doc.doc_id}.bin")
    return sorted(out.glob("*.bin"))


def copies(irs: list[Path], out: Path, n: int) -> int:
    """`n` IR files in `out`, copies of `irs` round-robin, each re-signed with its own doc_id;
    their total size in bytes."""
    out.mkdir(parents=True, exist_ok=True)
    payloads = [json.loads(p.read_bytes())["payload"] for p in irs]
    size = 0
    for i in range(n):
        payload = dict(payloads[i % len(payloads)])
        payload["doc_id"] = str(uuid.uuid5(uuid.NAMESPACE_URL, f"copy-{i}"))
        data = canonical_json(
            {"version": FORMAT_VERSION, "checksum": payload_checksum(payload), "payload": payload}
        ).encode()
        (out / f"{payload['doc_id']}.bin").write_bytes(data)
        size += len(data)
    return size


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def spawn(folder: Path, port: int) -> subprocess.Popen[bytes]:
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("VECTORLESS_LLM_BASE_URL", None)
    return subprocess.Popen(
        [sys.executable, "-c", code, "mcp", str(folder), "--http", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def first_answer(url: str, deadline_s: float = 120) -> tuple[Client, Any]:
    """Connect as soon as the server listens; the first `list_documents` answer."""
    end = time.monotonic() + deadline_s
    while True:
        try:
            client = Client(url, read_timeout_seconds=120)
            await client.__aenter__()
            return client, await client.call_tool("list_documents", {"limit": 1})
        except Exception:  # noqa: BLE001  # not listening yet
            if time.monotonic() > end:
                raise
            await anyio.sleep(0.02)


async def startup(folder: Path, empty: Path, ir_bytes: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, where in (("empty", empty), ("full", folder)):
        port = free_port()
        proc = spawn(where, port)
        t0 = time.perf_counter()
        try:
            client, listed = await first_answer(f"http://127.0.0.1:{port}/mcp")
            out[f"{name}_first_answer_s"] = round(time.perf_counter() - t0, 2)
            out[f"{name}_rss_first_mb"] = round(rss_mb(proc.pid), 1)
            while listed.structured_content.get("indexing"):
                await anyio.sleep(0.1)
                listed = await client.call_tool("list_documents", {"limit": 1})
            out[f"{name}_indexed_s"] = round(time.perf_counter() - t0, 2)
            out[f"{name}_documents"] = listed.structured_content["total"]
            out[f"{name}_rss_indexed_mb"] = round(rss_mb(proc.pid), 1)
            await client.__aexit__(None, None, None)
        finally:
            proc.kill()
            proc.wait()
    out["ir_mb"] = round(ir_bytes / 2**20, 1)
    for when in ("first", "indexed"):
        growth = out[f"full_rss_{when}_mb"] - out[f"empty_rss_{when}_mb"]
        out[f"growth_{when}_x_ir"] = round(growth / out["ir_mb"], 2)
    return out


def evil_document(out: Path) -> None:
    text = "# Backtracking\n\n## The line\n\n" + "a" * 40 + "!\n"
    doc = compile_document(text.encode(), name="backtracking.md", mode="fast")
    save_ir(doc, out / f"{doc.doc_id}.bin")


async def load(folder: Path, doc: str) -> dict[str, Any]:
    port = free_port()
    proc = spawn(folder, port)
    url = f"http://127.0.0.1:{port}/mcp"
    try:
        client, _ = await first_answer(url)
        await client.__aexit__(None, None, None)
        times: list[float] = []
        hostile: dict[str, list[tuple[float, str]]] = {"grep": [], "locate_1mb": []}
        stop = anyio.Event()
        calls = [
            ("toc", {"doc": doc}),
            ("open_node", {"doc": doc, "node": "/"}),
            ("read_text", {"doc": doc, "node": "/"}),
            ("locate", {"query": "ownership and borrowing", "doc": doc}),
            ("find", {"query": "vector", "doc": doc}),
            ("list_documents", {"limit": 5}),
        ]

        async def worker(i: int) -> None:
            async with Client(url, read_timeout_seconds=120) as c:
                for j in range(CALLS):
                    tool, args = calls[(i + j) % len(calls)]
                    t = time.perf_counter()
                    result = await c.call_tool(tool, args)
                    times.append(time.perf_counter() - t)
                    assert not result.is_error, (tool, result.content[0].text[:200])

        async def attacker(kind: str, tool: str, args: dict[str, Any]) -> None:
            async with Client(url, read_timeout_seconds=120) as c:
                while not stop.is_set():
                    t = time.perf_counter()
                    result = await c.call_tool(tool, args)
                    hostile[kind].append((time.perf_counter() - t, result.content[0].text[:120]))

        async with anyio.create_task_group() as tg:
            tg.start_soon(attacker, "grep", "grep", {"pattern": EVIL_PATTERN})
            tg.start_soon(attacker, "locate_1mb", "locate", {"query": "borrow " * 150_000})
            await anyio.sleep(0.5)  # both are running
            async with anyio.create_task_group() as clients:
                for i in range(CLIENTS):
                    clients.start_soon(worker, i)
            stop.set()
    finally:
        proc.kill()
        proc.wait()
    times.sort()
    out: dict[str, Any] = {
        "calls": len(times),
        "p50_ms": round(statistics.median(times) * 1000, 1),
        "p99_ms": round(times[int(0.99 * (len(times) - 1))] * 1000, 1),
        "max_ms": round(times[-1] * 1000, 1),
    }
    for kind, rows in hostile.items():
        out[f"{kind}_calls"] = len(rows)
        out[f"{kind}_max_s"] = round(max(t for t, _ in rows), 2) if rows else None
        out[f"{kind}_answer"] = rows[0][1] if rows else None
    return out
