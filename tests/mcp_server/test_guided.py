"""The MCP `locate` tool's `guided` argument: offered only when the server has an LLM
(`VECTORLESS_LLM_*`), its calls counted and bounded per request, a failing model leaves the
no-LLM hits. `vectorless mcp` runs as a subprocess driven by the SDK's client over stdio,
its environment pointing at the fake OpenAI-compatible server (real HTTP)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client, StdioServerParameters

from tests.mcp_server.conftest import server_command
from tests.mcp_server.test_server import ok
from tests.support import fake_llm
from tests.support.fake_llm import FakeLLMServer
from vectorless_assets.llm.openai import OpenAICompatibleClient
from vectorless_assets.mcp_server import locating
from vectorless_assets.mcp_server.library import Library

OPTION = re.compile(r"^(\d+)\. (?:\[[^\]]*\] )?(.+?)(?: \(pages| \[|:)", re.M)
QUESTION = "What must be done before the first start?"


def pump_model(prompt: str) -> str:
    """Opens the pump manual and 'Operation', answers 'Priming'."""
    seen = {m.group(2): int(m.group(1)) for m in OPTION.finditer(prompt)}
    return json.dumps(
        {
            "answer": [seen[t] for t in ("Priming",) if t in seen],
            "open": [seen[t] for t in ("Centrifugal Pump Manual", "Operation") if t in seen],
        }
    )


def llm_env(base_url: str) -> dict[str, str]:
    return {
        "VECTORLESS_LLM_BASE_URL": base_url,
        "VECTORLESS_LLM_MODEL": "fake",
        "VECTORLESS_LLM_RETRIES": "0",
    }


async def locate_schema(client: Client) -> dict[str, Any]:
    listed = await client.list_tools()
    return next(t.input_schema for t in listed.tools if t.name == "locate")


def test_guided_locate_over_stdio(
    ir_folder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(fake_llm, "answer", pump_model)
    folder: Path = ir_folder["folder"]  # type: ignore[assignment]

    with FakeLLMServer() as srv:
        command, args, env = server_command(folder)
        env = {k: v for k, v in env.items() if not k.startswith("VECTORLESS_LLM_")} | llm_env(
            srv.base_url
        )

        async def main() -> None:
            async with Client(
                StdioServerParameters(command=command, args=args, env=env), read_timeout_seconds=60
            ) as client:
                assert "guided" in (await locate_schema(client))["properties"]
                plain = await ok(client, "locate", query=QUESTION)
                assert srv.requests == 0 and "llm_usage" not in plain
                guided = await ok(client, "locate", query=QUESTION, guided=True)
                assert (
                    guided["guided"] is True and guided["llm_usage"]["calls"] == srv.requests == 3
                )
                top = guided["hits"][0]
                assert (top["title"], top["via"], top["doc_name"]) == (
                    "Priming",
                    "llm",
                    "Centrifugal Pump Manual",
                )
                one = await ok(client, "locate", query=QUESTION, doc="pump-manual", guided=True)
                assert one["llm_usage"]["calls"] == 2 and one["hits"][0]["title"] == "Priming"

        anyio.run(main)


def test_without_an_llm_the_tool_has_no_guided_argument(ir_folder: dict[str, Any]) -> None:
    command, args, env = server_command(ir_folder["folder"])  # type: ignore[arg-type]
    env = {k: v for k, v in env.items() if not k.startswith("VECTORLESS_LLM_")}

    async def main() -> None:
        async with Client(
            StdioServerParameters(command=command, args=args, env=env), read_timeout_seconds=60
        ) as client:
            assert "guided" not in (await locate_schema(client))["properties"]

    anyio.run(main)


def test_calls_bounded_per_request_and_fallback(
    ir_folder: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(
        fake_llm, "answer", lambda prompt: json.dumps({"answer": [], "open": list(range(1, 41))})
    )
    with FakeLLMServer() as srv:
        lib = Library(
            ir_folder["folder"],
            llm=OpenAICompatibleClient(base_url=srv.base_url, model="fake", retries=0),
        )  # type: ignore[arg-type]
        result = locating.locate(lib, QUESTION, guided=True)
        assert result["llm_usage"]["calls"] == srv.requests == locating.GUIDED_CALLS
        plain = locating.locate(lib, QUESTION)
        srv.fault = "500"
        failed = locating.locate(lib, QUESTION, guided=True)
    assert failed["llm_usage"]["failures"] == 1
    assert [(h["doc_id"], h["node_id"], h["via"]) for h in failed["hits"]] == [
        (h["doc_id"], h["node_id"], "locate") for h in plain["hits"]
    ]
