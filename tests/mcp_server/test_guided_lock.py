"""A guided `locate` lets go of the library's lock while it waits for the model: another
client's call is answered during the LLM's latency, not after the whole search. In process
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
from vectorless_assets.mcp_server.library import Library, UnlockedLLM

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


def test_the_wrapper_gives_the_lock_back_and_keeps_the_client_facts(
    ir_folder: dict[str, Any],
) -> None:
    with FakeLLMServer() as srv:
        llm = OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0)
        lib = Library(ir_folder["folder"], llm=llm)
        wrapped = lib.guided_llm()
        assert isinstance(wrapped, UnlockedLLM) and wrapped.model == "fake"
        assert wrapped.inner is llm and getattr(wrapped, "breaker", None) is getattr(
            llm, "breaker", None
        )
        with lib.lock:
            assert wrapped.complete("hello", max_tokens=20)
            assert lib.lock._is_owned()  # type: ignore[attr-defined]  # taken back
        assert wrapped.complete("hello again", max_tokens=20)  # not held: just calls
    assert Library(ir_folder["folder"]).guided_llm() is None
