"""`vectorless mcp` as a subprocess, driven by the MCP SDK's own client over stdio and HTTP."""

from __future__ import annotations

import json
import shutil
import socket
import subprocess
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.mcp_server.conftest import server_command
from vectorless_assets import compile_document, save_ir
from vectorless_assets.mcp_server.server import MAX_BODY_BYTES

TOOLS = {
    "list_documents",
    "toc",
    "open_node",
    "read_text",
    "find",
    "grep",
    "locate",
    "similar",
    "chains",
    "evidence",
}


async def ok(client: Client, tool: str, **args: Any) -> dict[str, Any]:
    """Call a tool that must succeed; its structured result (equal to its JSON text)."""
    result = await client.call_tool(tool, args)
    assert not result.is_error, f"{tool} {args}: {result.content[0].text}"
    assert json.loads(result.content[0].text) == result.structured_content
    return result.structured_content


async def fails(client: Client, tool: str, **args: Any) -> str:
    """Call a tool that must fail; the error text."""
    result = await client.call_tool(tool, args)
    assert result.is_error, f"{tool} {args} should fail: {result.content[0].text[:200]}"
    return result.content[0].text


async def session(client: Client, ids: dict[str, str]) -> None:
    """The scenario both transports run: tools, toc -> open -> read -> locate, errors, paging."""
    listed = await client.list_tools()
    assert {t.name for t in listed.tools} == TOOLS
    for t in listed.tools:
        assert (
            t.description
            and "\n" not in t.description.strip()
            and t.input_schema["type"] == "object"
        )
        assert t.annotations is not None and t.annotations.read_only_hint

    docs = await ok(client, "list_documents")
    assert {d["name"] for d in docs["documents"]} == {"Centrifugal Pump Manual", "Release notes"}
    # tampered: reported, not served
    assert [r["file"] for r in docs["rejected"]] == [f"{ids['garden.md']}.bin"]
    assert "checksum" in docs["rejected"][0]["problem"]

    toc = await ok(client, "toc", doc="pump-manual")
    titles = [r["title"] for r in toc["rows"]]
    assert (
        titles.index("Installation")
        < titles.index("Priming")
        < titles.index("Appendix A: Torque values")
    )
    assert toc["doc_id"] == ids["pump-manual.md"] and toc["total"] == len(toc["rows"])
    paged = await ok(client, "toc", doc="pump-manual", offset=2, limit=3)
    assert [r["title"] for r in paged["rows"]] == titles[2:5] and paged["next_offset"] == 5

    opened = await ok(client, "open_node", doc="pump-manual", node="Operation")
    assert [c["title"] for c in opened["children"]] == ["Priming", "Checks"]
    priming = opened["children"][0]["node_id"]
    assert (await ok(client, "open_node", doc=ids["pump-manual.md"][:8], node=priming))["path"][
        -1
    ] == "Priming"

    text = await ok(client, "read_text", doc="pump-manual", node="Operation > Priming")
    assert (
        "vent the air" in text["text"]
        and text["next_offset"] is None
        and text["line_start"] is not None
    )

    hits = await ok(
        client, "locate", query="priming the pump before start-up", doc="pump-manual", k=3
    )
    assert hits["hits"][0]["node_id"] == priming and len(hits["hits"]) <= 3
    across = await ok(client, "locate", query="web console sessions expire security fixes")
    assert across["scope"] == "folder" and across["hits"][0]["doc_id"] == ids["release-notes.md"]

    # errors come back as tool errors, with what the agent needs to correct itself
    assert "no node 'Impeller balancing'" in await fails(
        client, "open_node", doc="pump-manual", node="Impeller balancing"
    )
    ambiguous = await fails(client, "read_text", doc="pump-manual", node="Checks")
    checks = [r["node_id"] for r in toc["rows"] if r["title"] == "Checks"]
    assert (
        "ambiguous" in ambiguous
        and all(f"{nid} 'Checks'" in ambiguous for nid in checks)
        and len(checks) == 2
    )
    refused = await fails(client, "toc", doc=ids["garden.md"])
    assert "refused when loaded" in refused and "checksum mismatch" in refused
    assert "no document" in await fails(client, "toc", doc="no-such-document")
    assert "bad regular expression" in await fails(
        client, "grep", pattern="(unclosed", doc="pump-manual"
    )
    # issue 25, items 17 and 20: error texts are typed and bounded (a huge argument is not
    # echoed); as large as HTTP takes (bigger bodies are refused with 413: test_http_bounds)
    huge_key = await fails(client, "toc", doc="x" * (MAX_BODY_BYTES - 4096))
    assert "toc: invalid request: no document" in huge_key and len(huge_key) <= 600

    # a large node comes back in pages that add up to its text
    whole = await ok(client, "read_text", doc="pump-manual", node="Appendix A", max_chars=20_000)
    assert whole["total_chars"] > 8000 and whole["next_offset"] is None
    pages, offset = [], 0
    while offset is not None:
        page = await ok(
            client, "read_text", doc="pump-manual", node="Appendix A", offset=offset, max_chars=2000
        )
        assert len(page["text"]) <= 2000
        pages.append(page["text"])
        offset = page["next_offset"]
    assert len(pages) >= 4 and "".join(pages) == whole["text"]
    huge = await ok(
        client, "read_text", doc="release-notes", node="/", subtree=True, max_chars=10**9
    )
    # bounded whatever is asked
    assert len(huge["text"]) <= 20_000 < huge["total_chars"] and huge["next_offset"]

    found = await ok(client, "find", query="mechanical seal")
    assert {r["doc_id"] for r in found["results"]} == {ids["pump-manual.md"]}
    grep = await ok(client, "grep", pattern=r"\bfirmware\b")
    assert grep["matches"][0]["doc_name"] == "Release notes"
    similar = await ok(client, "similar", doc="pump-manual", node="Operation > Checks")
    assert [r["title"] for r in similar["similar"]] == ["Checks"] and similar["similar"][0][
        "kind"
    ] == "duplicate"
    chains = await ok(client, "chains", doc="pump-manual", node="Piping")
    assert chains["chains"] and chains["chains"][0]["reference_text"] == "See Section 3"

    cited = await ok(
        client,
        "evidence",
        items=[
            {"doc": "pump-manual", "node": priming},
            {"doc": "release-notes", "node": "Version 2.0"},
        ],
    )
    assert cited["count"] == 2 and cited["items"][0]["title"] == "Priming"
    assert (
        cited["items"][1]["title"].startswith("Version 2.0")
        and cited["items"][1]["doc_id"] == ids["release-notes.md"]
    )
    assert cited["items"][0]["citation"].startswith(
        "Centrifugal Pump Manual, Operation > Priming (lines "
    )
    assert "vent the air" in cited["items"][0]["excerpt"]
    assert "item 2" in await fails(
        client,
        "evidence",
        items=[{"doc": "pump-manual", "node": priming}, {"doc": "pump-manual", "node": "Nowhere"}],
    )


def test_stdio_session(ir_folder: dict[str, Any]) -> None:
    command, args, env = server_command(ir_folder["folder"])

    async def main() -> None:
        async with Client(
            StdioServerParameters(command=command, args=args, env=env), read_timeout_seconds=30
        ) as client:
            await session(client, ir_folder["ids"])

    anyio.run(main)


def test_folder_changes_are_picked_up(ir_folder: dict[str, Any], tmp_path: Path) -> None:
    folder = tmp_path / "ir"
    shutil.copytree(ir_folder["folder"], folder)
    command, args, env = server_command(folder)
    extra = compile_document(
        b"# Beekeeping\n\nSmoke calms the bees before the hive is opened.\n",
        name="bees.md",
        mode="fast",
    )

    async def names(client: Client) -> set[str]:
        return {d["name"] for d in (await ok(client, "list_documents"))["documents"]}

    async def main() -> None:
        async with Client(
            StdioServerParameters(command=command, args=args, env=env), read_timeout_seconds=30
        ) as client:
            assert "Beekeeping" not in await names(client)
            save_ir(extra, folder / f"{extra.doc_id}.bin")
            deadline = time.monotonic() + 10
            while "Beekeeping" not in await names(client):
                assert time.monotonic() < deadline, "a new IR file was not picked up"
                await anyio.sleep(0.2)
            hits = await ok(client, "locate", query="smoke the bees")
            assert hits["hits"][0]["doc_id"] == extra.doc_id

    anyio.run(main)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def http_server(ir_folder: dict[str, Any]) -> str:
    """`vectorless mcp --http` on a free port of 127.0.0.1; its URL."""
    port = free_port()
    command, args, env = server_command(ir_folder["folder"], "--http", "--port", str(port))
    proc = subprocess.Popen(
        [command, *args], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE
    )
    try:
        deadline = time.monotonic() + 20
        while True:
            assert proc.poll() is None, proc.stderr.read().decode()
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline, "the HTTP server did not start"
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_http_session_and_shared_server(ir_folder: dict[str, Any], http_server: str) -> None:
    async def main() -> None:
        async with Client(http_server, read_timeout_seconds=30) as client:
            await session(client, ir_folder["ids"])
        results: dict[int, str] = {}

        # several clients, one server, no shared cursor
        async def reader(i: int, node: str) -> None:
            async with Client(http_server, read_timeout_seconds=30) as client:
                for _ in range(3):
                    results[i] = (await ok(client, "read_text", doc="pump-manual", node=node))[
                        "title"
                    ]

        async with anyio.create_task_group() as tg:
            for i, node in enumerate(["Priming", "Piping", "Seal replacement"]):
                tg.start_soon(reader, i, node)
        assert results == {0: "Priming", 1: "Piping", 2: "Seal replacement"}

    anyio.run(main)
