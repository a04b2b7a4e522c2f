"""No tool holds a library-wide lock while it computes, questions are bounded, and the folder
is read in the background (issue 25 items 8, 19). In process: `build_server` and
`MCPServer.call_tool`, tools on worker threads as served; races are held open with events."""

from __future__ import annotations

import json
import threading
import time
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp.server.mcpserver.exceptions import ToolError

from vectorless_assets import compile_document, save_ir
from vectorless_assets.mcp_server import build_server, locating, tools
from vectorless_assets.mcp_server.library import Library
from vectorless_assets.navigator.catalog import catalog as catalog_mod
from vectorless_assets.navigator.ranking import locate as locate_mod
from vectorless_assets.navigator.views import MAX_QUERY_CHARS


def test_a_running_locate_does_not_hold_up_another_call(
    ir_folder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A `locate` is held inside its ranking until `list_documents` (another client) has
    been answered; with the old library-wide lock, the listing waited for the locate."""
    inside, listed = threading.Event(), threading.Event()
    real = locate_mod.Locator.locate

    def held(self: Any, query: str, k: int = 5) -> Any:
        inside.set()
        listed.wait(10)
        return real(self, query, k)

    monkeypatch.setattr(locate_mod.Locator, "locate", held)
    server = build_server(ir_folder["folder"], check_every=3600)
    took: dict[str, float] = {}

    async def locate() -> None:
        await server.call_tool("locate", {"query": "pump priming", "doc": "pump-manual"})

    async def listing() -> None:
        while not inside.is_set():
            await anyio.sleep(0.01)
        t = time.monotonic()
        await server.call_tool("list_documents", {})
        took["list"] = time.monotonic() - t
        listed.set()

    async def main() -> None:
        async with anyio.create_task_group() as tg:
            tg.start_soon(locate)
            tg.start_soon(listing)

    anyio.run(main)
    assert took["list"] < 5


def test_a_huge_question_is_refused_at_once(ir_folder: dict[str, Any]) -> None:
    server = build_server(ir_folder["folder"], check_every=3600)

    async def main() -> None:
        await server.call_tool("locate", {"query": "pump priming " * 90_000})

    t = time.monotonic()
    with pytest.raises(ToolError) as failed:
        anyio.run(main)
    text = str(failed.value)
    assert "invalid request: question too long" in text and len(text) < 200
    assert f"at most {MAX_QUERY_CHARS:,}" in text and time.monotonic() - t < 2


def many_irs(folder: Path, n: int) -> None:
    """`n` small compiled documents, each its own doc_id."""
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        doc = compile_document(
            f"# Note {i}\n\n## Part\n\nThe gauge number {i} reads pressure.\n".encode(),
            name=f"note-{i}.md",
            mode="fast",
        )
        save_ir(doc, folder / f"{doc.doc_id}.bin")


def test_the_folder_is_read_in_the_background(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first answer comes while the folder is still being read (the reading is held at
    its third file), says how far it got, and a document named by its file is read at once;
    once the reading ends every document is listed. Nothing is kept loaded meanwhile beyond
    the cache's bound."""
    many_irs(tmp_path, 6)
    gate, reads = threading.Event(), []
    real = catalog_mod.DocumentNavigator.open

    def gated(path: Any, **kw: Any) -> Any:
        if threading.current_thread().name == "vectorless-mcp-index":
            reads.append(path)
            if len(reads) == 3:
                gate.wait(10)
        return real(path, **kw)

    monkeypatch.setattr(catalog_mod.DocumentNavigator, "open", gated)
    lib = Library(tmp_path, check_every=3600, wait_s=0.2, cache_bytes=1)

    t = time.monotonic()
    first = tools.list_documents(lib)
    assert time.monotonic() - t < 2
    assert first["indexing"]["files"] == 6 and first["total"] == first["indexing"]["indexed"] < 3
    last = sorted(tmp_path.glob("*.bin"))[-1].stem
    assert tools.toc(lib, last)["doc_id"] == last  # not indexed yet: read from its file
    gate.set()
    while lib.catalog().progress() is not None:
        time.sleep(0.01)
    done = tools.list_documents(lib)
    assert "indexing" not in done and done["total"] == 6
    assert json.dumps(locating.locate(lib, "gauge pressure"))
    assert len(lib.catalog().cache) == 1  # a bound of 1 byte keeps only the last document used
