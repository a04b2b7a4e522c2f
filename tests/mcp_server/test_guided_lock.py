"""A guided `locate` holds no lock while it waits for the model: another client's call is
answered during the LLM's latency, not after the whole search; and a burst of guided calls
takes at most `GUIDED_AT_ONCE` worker threads (issue 25 item 6). In process
(`build_server(..., llm=)` and `MCPServer.call_tool`, tools on worker threads as served),
the model the fake OpenAI-compatible server (real HTTP) with a latency per answer."""

from __future__ import annotations

import json
import time
from typing import Any

import anyio

from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.mcp_server import build_server
from vectorless_assets.mcp_server.library import GUIDED_AT_ONCE, Library

LATENCY = 0.6


def test_other_calls_run_while_a_guided_locate_waits_for_the_model(
    ir_folder: dict[str, Any], monkeypatch: Any
) -> None:
    monkeypatch.setattr(fake_llm, "answer", lambda p: json.dumps({"answer": [], "open": [1, 2]}))
    with FakeLLMServer() as srv:
        srv.delay_s = LATENCY
        llm = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        server = build_server(ir_folder["folder"], llm=llm, check_every=3600)
        done: dict[str, float] = {}

        async def guided() -> None:
            result = await server.call_tool("locate", {"query": "pump priming", "guided": True})
            done["guided"] = time.monotonic()
            assert json.loads(result.content[0].text)["llm_usage"]["calls"] == 3

        async def listing() -> None:
            while srv.requests == 0:  # the guided search is waiting for its first answer
                await anyio.sleep(0.01)
            await server.call_tool("list_documents", {})
            done["list"] = time.monotonic()

        async def main() -> float:
            start = time.monotonic()
            async with anyio.create_task_group() as tg:
                tg.start_soon(guided)
                tg.start_soon(listing)
            return start

        start = anyio.run(main)
    assert done["guided"] - start >= 3 * LATENCY  # three calls, each waited for
    assert done["list"] - start < 2 * LATENCY < done["guided"] - start


def test_a_burst_of_guided_calls_leaves_worker_threads_for_plain_calls(
    ir_folder: dict[str, Any], monkeypatch: Any
) -> None:
    """45 guided calls against a slow model (more than the SDK's 40 worker threads): only
    `GUIDED_AT_ONCE` wait for the model, the others answer at once without it, and a `toc`
    sent meanwhile is answered before the model's first answer (it waited for all 40
    threads, about three answers long, before)."""
    monkeypatch.setattr(fake_llm, "answer", lambda p: json.dumps({"answer": [], "open": [1, 2]}))
    with FakeLLMServer() as srv:
        srv.delay_s = 1.5
        llm = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        server = build_server(ir_folder["folder"], llm=llm, check_every=3600)
        results: list[dict[str, Any]] = []
        took: dict[str, float] = {}

        async def guided() -> None:
            result = await server.call_tool("locate", {"query": "pump priming", "guided": True})
            results.append(json.loads(result.content[0].text))

        async def plain() -> None:
            while srv.in_flight < GUIDED_AT_ONCE:  # the guided slots are all waiting for the model
                await anyio.sleep(0.01)
            await anyio.sleep(0.2)  # the burst has reached the worker threads
            t = time.monotonic()
            await server.call_tool("toc", {"doc": "pump-manual"})
            took["toc"] = time.monotonic() - t

        async def main() -> None:
            async with anyio.create_task_group() as tg:
                for _ in range(45):
                    tg.start_soon(guided)
                tg.start_soon(plain)

        anyio.run(main)
    assert took["toc"] < srv.delay_s
    assert srv.max_in_flight <= GUIDED_AT_ONCE
    assert sum(r["guided"] for r in results) == GUIDED_AT_ONCE
    unguided = [r for r in results if not r["guided"]]
    assert len(unguided) == 45 - GUIDED_AT_ONCE and all(
        r["hits"] and "busy" in r["note"] for r in unguided
    )


def test_plain_calls_hold_no_library_lock(ir_folder: dict[str, Any]) -> None:
    lib = Library(ir_folder["folder"])
    assert not hasattr(lib, "lock")  # calls compute over the catalog's snapshot
