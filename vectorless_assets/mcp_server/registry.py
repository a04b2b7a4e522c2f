"""The MCP tools the server offers: each tool's function and its one-line description, once.

A tool's parameters, their types, defaults, ranges and descriptions are its function's signature
(`tools`, `locating`, `evidence`, typed with `params`); `server.build_server` registers every
`ToolSpec` of `TOOLS` on the SDK server in this order, calling the function by keyword. Parameters
in `llm_only` are offered only by a server with an LLM (`locate`'s `guided`)."""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from vectorless_assets.mcp_server import locating, searching, tools
from vectorless_assets.mcp_server.evidence import evidence


@dataclass(frozen=True)
class ToolSpec:
    """One tool: its function (first parameter: the `Library`) and what agents read about it."""

    fn: Callable[..., dict[str, Any]]
    description: str
    llm_only: tuple[str, ...] = ()

    @property
    def name(self) -> str:
        return self.fn.__name__

    def parameters(self, *, llm: bool) -> list[inspect.Parameter]:
        """The tool's parameters after the library, annotations resolved (with their
        descriptions), the `llm_only` ones left out without an LLM."""
        hints = typing.get_type_hints(self.fn, include_extras=True)
        params = list(inspect.signature(self.fn).parameters.values())[1:]
        return [
            p.replace(annotation=hints[p.name])
            for p in params
            if llm or p.name not in self.llm_only
        ]


TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        tools.list_documents,
        "List the documents (doc_id, name, overview, top sections, tags) and any refused IR files.",
    ),
    ToolSpec(
        tools.toc,
        (
            "Table of contents of a document (or below a node): node ids, titles, "
            "depth, pages/lines, tokens."
        ),
    ),
    ToolSpec(
        tools.open_node,
        (
            "Open a node: its citation, summary, text size and preview, and its "
            "children with descriptions."
        ),
    ),
    ToolSpec(
        tools.read_text,
        "Read a node's text one page at a time; call again with next_offset until it is null.",
    ),
    ToolSpec(
        searching.find, "Find nodes whose title (first) or text contains a string, with snippets."
    ),
    ToolSpec(
        searching.grep, "Lines matching a regular expression, with their node and line number."
    ),
    ToolSpec(
        locating.locate,
        (
            "Rank the sections that best answer a question (in one document or "
            "across the folder), with citations and reasons."
        ),
        llm_only=("guided",),
    ),
    ToolSpec(
        tools.similar,
        (
            "Sections whose content overlaps a node's; without a node, the "
            "document's overlapping and duplicate sections."
        ),
    ),
    ToolSpec(
        tools.chains,
        "Reference chains (e.g. 'see Section 3.1') through a node, or all chains of the document.",
    ),
    ToolSpec(
        evidence,
        (
            "Citations for the sections an answer relies on: document, node id, "
            "title path, pages or lines, excerpt."
        ),
    ),
)
