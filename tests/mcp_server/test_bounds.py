"""Result bounds and catalog queries, through the SDK client connected in-process (fast)."""

from __future__ import annotations

from typing import Any

import anyio
import pytest
from mcp import Client

from vectorless_assets.mcp_server import build_server, server


def call(folder: Any, tool: str, **args: Any) -> tuple[bool, Any]:
    """(is_error, structured result or error text) of one call on a fresh in-process server,
    once it has read the whole folder (before, a list is partial and says `indexing`: on a
    loaded machine CI saw `list_documents` answer before the first card was read)."""

    async def main() -> tuple[bool, Any]:
        async with Client(build_server(folder)) as client:
            while "indexing" in (
                (await client.call_tool("list_documents", {})).structured_content or {}
            ):
                await anyio.sleep(0.05)
            result = await client.call_tool(tool, args)
            return result.is_error, result.content[
                0
            ].text if result.is_error else result.structured_content

    return anyio.run(main)


def test_lists_are_cut_at_their_ceiling(ir_folder: dict[str, Any]) -> None:
    folder = ir_folder["folder"]
    err, toc = call(folder, "toc", doc="release-notes", limit=1)
    assert not err and len(toc["rows"]) == 1 and toc["next_offset"] == 1 and toc["total"] > 5
    # asked for more than the ceiling
    err, toc = call(folder, "toc", doc="release-notes", limit=10**6)
    assert not err and toc["next_offset"] is None and len(toc["rows"]) == toc["total"]
    err, found = call(folder, "find", query="module", limit=3)
    assert not err and len(found["results"]) == 3 and found["truncated"] is True
    err, hits = call(folder, "locate", query="valve sensor display", k=500)
    assert not err and len(hits["hits"]) <= 50
    err, text = call(
        folder, "evidence", items=[{"doc": "release-notes", "node": "Version 1.8"}] * 51
    )
    assert err and "at most 50" in text


def test_an_oversized_result_is_refused_with_a_hint(
    ir_folder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(server, "MAX_RESULT_CHARS", 2000)
    err, text = call(ir_folder["folder"], "toc", doc="release-notes")
    assert err and "result too large" in text and "limit" in text
    err, _ = call(ir_folder["folder"], "toc", doc="release-notes", limit=1)
    assert not err


def test_documents_ranked_by_query(ir_folder: dict[str, Any]) -> None:
    err, listed = call(ir_folder["folder"], "list_documents", query="pump seal priming")
    assert not err and [d["name"] for d in listed["documents"]][0] == "Centrifugal Pump Manual"
    assert (
        listed["documents"][0]["score"] > 0 and "Installation" in listed["documents"][0]["sections"]
    )
