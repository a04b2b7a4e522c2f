"""Issue 35, item 3: one `grep` pattern cannot take the MCP server's memory.

The 2 s budget covered matching, not `regex.compile()`: `(?:x{4000}){4000}` took 6 s and
4.3 GB to compile, `(?:x{65535}){65535}` grew until the OOM killer ended the server. The
server runs here under `RLIMIT_AS` (its size at start plus 3 GB), so a regression fails this
test instead of the machine: every bomb must be refused at once, naming why, the server's
peak memory must stay where it was, and an ordinary pattern must still match.
"""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import anyio
from mcp import Client

from tests.mcp_server.conftest import server_command
from tests.mcp_server.test_server import fails, free_port, ok

BOMBS = {
    r"(?:x{65535}){65535}": "expand",
    r"(?:x{4000}){4000}": "expand",
    r"(?:(?:(?:x{100}){100}){100}){100}": "expand",
    r"[a-z]{1,9999}(?:ab{99}){999}": "expand",
    "x" * 5000: "characters",
}
#: what the server may grow beyond its size at start, bytes: room for reading IRs (each read
#: reserves `MAX_IR_BYTES` + 1, 1 GB, at once), well below the 4.3 GB of the issue's bomb
HEADROOM = 3 << 30
LIMITED = (
    "import resource, sys\n"
    "from vectorless_assets.cli import main\n"
    "size = [int(l.split()[1]) * 1024 for l in open('/proc/self/status')"
    " if l.startswith('VmSize:')][0]\n"
    f"resource.setrlimit(resource.RLIMIT_AS, (size + {HEADROOM}, size + {HEADROOM}))\n"
    "sys.exit(main())\n"
)


def _memory(pid: int) -> dict[str, int]:
    """The process's VmRSS and VmHWM (peak resident), kB."""
    out = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            out[key] = int(value.split()[0])
    return out


def test_grep_bombs_are_refused_before_compiling(ir_folder: dict[str, Any]) -> None:
    port = free_port()
    command, args, env = server_command(ir_folder["folder"], "--http", "--port", str(port))
    args = ["-c", LIMITED, *args[2:]]
    proc = subprocess.Popen([command, *args], env=env, stdout=subprocess.DEVNULL)
    seen: dict[str, Any] = {}

    async def main() -> None:
        url = f"http://127.0.0.1:{port}/mcp"
        async with Client(url, read_timeout_seconds=60) as client:
            for _ in range(200):  # the server indexes the folder in the background
                if (await ok(client, "list_documents"))["documents"]:
                    break
                await anyio.sleep(0.1)
            assert (await ok(client, "grep", pattern=r"\bpriming\b"))["matches"]
            seen["before"] = _memory(proc.pid)
            for pattern, why in BOMBS.items():
                t0 = time.monotonic()
                message = await fails(client, "grep", pattern=pattern)
                seen[pattern[:40]] = (time.monotonic() - t0, message)
                assert why in message, message
            seen["after"] = _memory(proc.pid)
            assert (await ok(client, "grep", pattern=r"torque|newton"))["matches"]

    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, "the server did not start"
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        anyio.run(main)
        assert proc.poll() is None  # alive after every bomb
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print({k: v for k, v in seen.items() if k in ("before", "after")})
    assert all(seconds < 2 for k, (seconds, _) in seen.items() if k not in ("before", "after"))
    assert seen["after"]["VmHWM"] - seen["before"]["VmHWM"] < 50_000  # kB: no bomb was built
