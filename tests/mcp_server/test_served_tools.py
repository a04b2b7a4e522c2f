"""The served tools are what they were before they were declared once (issue 30).

`served_tools.json` was listed from the server as it was before the tools' signatures moved
into the tool functions and their registration into a loop (main at 7116da0): names,
descriptions, annotations, input and output schemas, without and with an LLM (`guided`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import anyio

from vectorless_assets.mcp_server import build_server
from vectorless_assets.mcp_server.registry import TOOLS

SNAPSHOT = Path(__file__).with_name("served_tools.json")


class NoCalls:
    """An LLM client the listing never calls (it only switches `guided` on)."""

    model = "fake"

    def complete(self, *args: Any, **kwargs: Any) -> Any:
        raise AssertionError("listing the tools must not call the model")


def served(folder: Path, llm: Any) -> list[dict[str, Any]]:
    server = build_server(folder, check_every=3600, llm=llm)
    listed = anyio.run(server.list_tools)
    return [t.model_dump(mode="json", exclude_none=True) for t in listed]


def test_the_served_tools_are_unchanged(tmp_path: Path) -> None:
    before = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    now = {"no_llm": served(tmp_path, None), "llm": served(tmp_path, NoCalls())}
    assert json.loads(json.dumps(now, sort_keys=True)) == before


def test_every_tool_is_registered_once_from_the_registry(tmp_path: Path) -> None:
    names = [t["name"] for t in served(tmp_path, None)]
    assert names == [spec.name for spec in TOOLS] and len(set(names)) == len(names)
