"""A 280 KB "heading" (a paragraph taken for one) in one document: every listing still answers,
with the title cut, and `read_text` gives it whole (issue 35 item 8: `list_documents`, `grep`
and `find` answered "result too large" for every client)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from mcp import Client

from vectorless_assets import compile_document, save_ir
from vectorless_assets.mcp_server import build_server
from vectorless_assets.navigator.views import TITLE_CHARS

LONG = "word " * 56_000  # 280,000 characters


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two documents; one has a 280 KB heading, the other a 280 KB name (its first heading)."""
    out = tmp_path_factory.mktemp("long-titles")
    for name, text in (
        ("long.md", f"# Long\n\nIntro.\n\n## {LONG}\n\nThe pump body.\n\n## Short\n\nPump.\n"),
        ("named.md", f"# {LONG}\n\nThe pump again.\n"),
    ):
        doc = compile_document(text.encode(), name=name)
        save_ir(doc, out / f"{doc.doc_id}.bin")
    return out


def call(folder: Path, tool: str, **args: Any) -> tuple[bool, Any]:
    """(is_error, structured result or error text) of one call, once the folder is indexed."""

    async def main() -> tuple[bool, Any]:
        async with Client(build_server(folder)) as client:
            while "indexing" in (await client.call_tool("list_documents", {})).structured_content:
                await anyio.sleep(0.05)
            result = await client.call_tool(tool, args)
            return result.is_error, result.content[
                0
            ].text if result.is_error else result.structured_content

    return anyio.run(main)


def _longest_title(value: Any) -> int:
    if isinstance(value, list):
        return max((_longest_title(v) for v in value), default=0)
    if isinstance(value, dict):
        own = [len(v) for k, v in value.items() if k in ("title", "name", "doc_name")]
        own += [
            len(t) for k in ("path", "sections") for t in value.get(k) or [] if isinstance(t, str)
        ]
        return max([*own, *(_longest_title(v) for v in value.values())], default=0)
    return 0


@pytest.mark.parametrize(
    ("tool", "args"),
    [
        ("list_documents", {}),
        ("grep", {"pattern": "pump"}),
        ("find", {"query": "word word"}),
        ("find", {"query": "pump"}),
        ("toc", {"doc": "long"}),
        ("locate", {"query": "pump body"}),
    ],
)
def test_listings_answer_with_titles_cut(folder: Path, tool: str, args: dict[str, Any]) -> None:
    err, result = call(folder, tool, **args)
    assert not err, result
    assert 0 < _longest_title(result) <= TITLE_CHARS + 1


def test_the_whole_title_is_read_with_read_text(folder: Path) -> None:
    err, toc = call(folder, "toc", doc="long")
    assert not err
    node = next(r["node_id"] for r in toc["rows"] if r["title"].startswith("word"))
    text, offset = "", 0
    while offset is not None:
        err, page = call(
            folder, "read_text", doc="long", node=node, offset=offset, max_chars=20_000
        )
        assert not err and len(page["title"]) <= TITLE_CHARS + 1
        text, offset = text + page["text"], page["next_offset"]
    assert text.startswith(LONG.strip()) and text.endswith("The pump body.")
