"""MCP over HTTP under hostile clients (issue 35, "Measure").

    python benchmarks/reliability/bench_mcp_hostile.py [--pattern '(?:x{65535}){65535}']
        [--slow 150]

`vectorless mcp --http` over 24 compiled documents (one holds a line of 40 `a`s and a `!`);
20 clients x 20 calls (toc, open_node, read_text, locate, find, list_documents) while

* one client repeats a hostile `grep` over the folder (`--pattern`; default the catastrophic
  backtracking `(a|aa)+$`, which the 2 s matching budget bounds; the worst compile bomb
  `(?:x{65535}){65535}` needs the pattern bounds of issue 35 item 3 to be refused, so it is
  opt-in), and
* one client holds `--slow` connections, each trickling a chunked request body towards 3.9 MB
  (64 KiB every `--trickle` seconds) and opening a new one when the server closes it.

The server runs with an address-space limit (`--server-memory-mb`, `RLIMIT_AS`), so a pattern
that is not bounded fails the server instead of the machine. Reported: p50, p99 and max of
the 400 calls of the others, the server's RSS before the load, at its peak (sampled every
0.1 s) and after, the answers the hostile grep got and how the slow connections ended
(HTTP status counts). Pass: p99 under 1 s and RSS growth under 200 MB.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from vectorless_assets import compile_document, save_ir

ROOT = Path(__file__).resolve().parents[2]
CLIENTS, CALLS = 20, 20
BODY = 3_900_000
PIECE = 65_536


def corpus(out: Path, n: int = 24) -> str:
    """`n` compiled documents in `out` (one with a backtracking line); a document's doc_id."""
    first = ""
    for i in range(n):
        parts = "".join(
            f"\n## Part {j}\n\nThe valve {j} of pump {i} is checked weekly; ownership of the "
            f"seal passes to the operator after {j} hours of borrowing the spare.\n"
            for j in range(40)
        )
        evil = "\n## The line\n\n" + "a" * 40 + "!\n" if i == 0 else ""
        doc = compile_document(
            f"# Manual {i}\n\nIntro {i}.\n{parts}{evil}".encode(), name=f"m{i}.md"
        )
        save_ir(doc, out / f"{doc.doc_id}.bin")
        first = first or doc.doc_id
    return first


def spawn(folder: Path, port: int, memory_mb: int) -> subprocess.Popen[bytes]:
    code = "import sys; from vectorless_assets.cli import main; sys.exit(main())"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("VECTORLESS_LLM_BASE_URL", None)
    limit = memory_mb * 1024 * 1024

    def bounded() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return subprocess.Popen(
        [sys.executable, "-c", code, "mcp", str(folder), "--http", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=bounded,
    )


def rss_mb(pid: int) -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def slow_connection(port: int, trickle: float, stop: threading.Event, ends: Counter) -> None:
    """Keep one connection trickling a chunked body towards `BODY` bytes; reopen when closed."""
    head = (
        f"POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nContent-Type: application/json\r\n"
        "Accept: application/json, text/event-stream\r\nTransfer-Encoding: chunked\r\n\r\n"
    ).encode()
    chunk = b"%x\r\n%s\r\n" % (PIECE, b" " * PIECE)
    while not stop.is_set():
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
                sock.sendall(head)
                sent = 0
                while sent < BODY and not stop.is_set():
                    sock.sendall(chunk)
                    sent += PIECE
                    time.sleep(trickle)
                sock.settimeout(0.5 if stop.is_set() else 30)
                answer = sock.recv(64)
                ends[answer.split(b" ", 2)[1].decode() if answer else "closed"] += 1
        except OSError as exc:
            ends[type(exc).__name__] += 1
            time.sleep(0.2)


async def run(args: argparse.Namespace) -> dict[str, Any]:
    work = Path(tempfile.mkdtemp(prefix="bench-mcp-hostile-"))
    doc = corpus(work)
    port = free_port()
    proc = spawn(work, port, args.server_memory_mb)
    url = f"http://127.0.0.1:{port}/mcp"
    peak, sampling = [0.0], threading.Event()

    def sample() -> None:
        while not sampling.is_set():
            peak[0] = max(peak[0], rss_mb(proc.pid))
            time.sleep(0.1)

    try:
        end = time.monotonic() + 60
        while True:  # the first answer, with the folder indexed
            try:
                async with Client(url, read_timeout_seconds=60) as c:
                    while (
                        "indexing" in (await c.call_tool("list_documents", {})).structured_content
                    ):
                        await anyio.sleep(0.1)
                break
            except Exception:
                if time.monotonic() > end or proc.poll() is not None:
                    raise
                await anyio.sleep(0.2)
        before = rss_mb(proc.pid)
        threading.Thread(target=sample, daemon=True).start()
        stop, ends = threading.Event(), Counter()
        slow = [
            threading.Thread(target=slow_connection, args=(port, args.trickle, stop, ends))
            for _ in range(args.slow)
        ]
        for t in slow:
            t.start()
        times: list[float] = []
        errors: list[str] = []
        hostile: list[tuple[float, str]] = []
        done = anyio.Event()
        calls = [
            ("toc", {"doc": doc}),
            ("open_node", {"doc": doc, "node": "/"}),
            ("read_text", {"doc": doc, "node": "/"}),
            ("locate", {"query": "ownership of the seal", "doc": doc}),
            ("find", {"query": "valve 3", "doc": doc}),
            ("list_documents", {"limit": 5}),
        ]

        async def worker(i: int) -> None:
            async with Client(url, read_timeout_seconds=120) as c:
                for j in range(CALLS):
                    tool, arguments = calls[(i + j) % len(calls)]
                    t = time.perf_counter()
                    result = await c.call_tool(tool, arguments)
                    times.append(time.perf_counter() - t)
                    if result.is_error:
                        errors.append(f"{tool}: {result.content[0].text[:120]}")

        async def attacker() -> None:
            async with Client(url, read_timeout_seconds=120) as c:
                while not done.is_set():
                    t = time.perf_counter()
                    result = await c.call_tool("grep", {"pattern": args.pattern})
                    hostile.append((time.perf_counter() - t, result.content[0].text[:160]))

        await anyio.sleep(2.0)  # the slow connections are open and trickling
        async with anyio.create_task_group() as tg:
            tg.start_soon(attacker)
            await anyio.sleep(0.5)
            async with anyio.create_task_group() as clients:
                for i in range(CLIENTS):
                    clients.start_soon(worker, i)
            done.set()
        stop.set()
        for t in slow:
            t.join(5)
        await anyio.sleep(1.0)
        sampling.set()
        after = rss_mb(proc.pid)
        alive = proc.poll() is None
    finally:
        proc.kill()
        proc.wait()
    times.sort()
    return {
        "calls": len(times),
        "errors": len(errors),
        "first_error": errors[0] if errors else None,
        "p50_ms": round(statistics.median(times) * 1000, 1),
        "p99_ms": round(times[int(0.99 * (len(times) - 1))] * 1000, 1),
        "max_ms": round(times[-1] * 1000, 1),
        "rss_before_mb": round(before, 1),
        "rss_peak_mb": round(peak[0], 1),
        "rss_after_mb": round(after, 1),
        "rss_growth_peak_mb": round(peak[0] - before, 1),
        "server_alive": alive,
        "grep_pattern": args.pattern,
        "grep_calls": len(hostile),
        "grep_max_s": round(max(t for t, _ in hostile), 2) if hostile else None,
        "grep_answer": hostile[0][1] if hostile else None,
        "slow_connections": args.slow,
        "slow_connection_ends": dict(ends),
        "pass": bool(times)
        and times[int(0.99 * (len(times) - 1))] < 1.0
        and peak[0] - before < 200
        and alive,
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--pattern", default=r"(a|aa)+$", help="the hostile grep pattern")
    p.add_argument("--slow", type=int, default=150, help="slow connections held")
    p.add_argument("--trickle", type=float, default=0.5, help="seconds between 64 KiB pieces")
    p.add_argument("--server-memory-mb", type=int, default=4096, help="the server's RLIMIT_AS")
    args = p.parse_args()
    print(json.dumps(anyio.run(run, args), indent=2))


if __name__ == "__main__":
    main()
