"""SDK wiring: the tools of `tools.py` registered on an `mcp` `MCPServer`.

Each tool gets a JSON schema from its typed, described parameters and a one-line
description. A call holds no lock while it computes (`library`: it reads the catalog's
current snapshot); a target that does not resolve, an
ambiguous title or a refused IR comes back as a tool error (``isError``) whose text starts
``invalid request:`` and gives the navigator's message; any other failure is a tool error
starting ``server error:`` (logged on the server's stderr), never a crashed server. Error
texts are cut to `MAX_ERROR_CHARS` (an argument echoed back never makes a 5 MB error). Results larger than `MAX_RESULT_CHARS` are refused with
a hint to narrow them. Everything is read-only.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Callable
from typing import Annotated, Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from pydantic import BaseModel, Field

from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.mcp_server import evidence as evidence_mod
from vectorless_assets.mcp_server import tools
from vectorless_assets.mcp_server.bounds import (
    MAX_ERROR_CHARS,
    MAX_RESULT_CHARS,
    Bound,
    Limit,
    shorten,
)
from vectorless_assets.mcp_server.library import CHECK_EVERY, Library
from vectorless_assets.navigator import NavigationError
from vectorless_assets.version import __version__

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)

INSTRUCTIONS = """Compiled documents (Document IRs), navigable like a table of contents.
Start with list_documents (what each document covers) or locate (best sections for a
question, across the folder or in one document). Navigate with toc and open_node, read
with read_text (paged: follow next_offset), search with find/grep, follow similar and
chains, and cite with evidence. Every call names its document (doc_id, prefix or name)
and node (node id, title, or title path "A > B"); the server keeps no cursor."""

Doc = Annotated[
    str, Field(description="document: doc_id, doc_id prefix, or name (see list_documents)")
]
OptDoc = Annotated[
    str | None,
    Field(description="document (doc_id, prefix or name); omit to search the whole folder"),
]
Node = Annotated[
    str, Field(description="node: node id (e.g. '0007'), title, or title path 'Chapter > Section'")
]
OptNode = Annotated[
    str | None, Field(description="node id, title or title path; omit for the whole document")
]
Offset = Annotated[
    int, Field(description="first row to return (next_offset of the previous call)", ge=0)
]


def bounded(n: Bound, what: str) -> Any:
    """An integer parameter's schema, with its default and range."""
    return Annotated[
        int, Field(description=f"{what} (default {n.default}, at most {n.high})", ge=0)
    ]


class EvidenceItem(BaseModel):
    """One section an answer relies on."""

    doc: str = Field(description="document: doc_id, prefix or name")
    node: str = Field(description="node id, title or title path")


def build_server(
    folder: str | os.PathLike[str],
    *,
    check_every: float = CHECK_EVERY,
    llm: LLMClient | None = None,
) -> MCPServer:
    """An MCP server over the IR files in `folder` (reloaded as files change). Not started.

    With `llm`, `locate` takes `guided` (an LLM-guided search, bounded per request).
    """
    lib = Library(folder, check_every=check_every, llm=llm)
    server = MCPServer(
        "vectorless", instructions=INSTRUCTIONS, version=__version__, log_level="WARNING"
    )

    def call(fn: Callable[..., dict[str, Any]], *args: Any, **kwargs: Any) -> Any:
        """Run a tool function; its result goes out as compact JSON text plus structured content."""
        try:  # no lock: the tool computes over the catalog's current snapshot
            result = fn(lib, *args, **kwargs)
        except (NavigationError, IRIntegrityError) as exc:
            raise ToolError("invalid request: " + shorten(str(exc), MAX_ERROR_CHARS)) from None
        except Exception as exc:  # a fault of the server, not of the request
            logging.getLogger(__name__).exception("tool %s failed", getattr(fn, "__name__", fn))
            raise ToolError(
                f"server error: {type(exc).__name__}: {shorten(str(exc), MAX_ERROR_CHARS)}"
            ) from None
        text = json.dumps(result, ensure_ascii=False, default=str, separators=(",", ":"))
        if len(text) > MAX_RESULT_CHARS:
            raise ToolError(
                f"result too large ({len(text):,} characters): narrow it with limit, max_depth, max_chars or a node"
            )
        return CallToolResult(
            content=[TextContent(type="text", text=text)], structured_content=result
        )

    tool = server.tool(annotations=READ_ONLY)

    @tool
    def list_documents(
        query: Annotated[
            str | None, Field(description="optional: only documents whose card matches, best first")
        ] = None,
        offset: Offset = 0,
        limit: bounded(Limit.documents, "rows") = Limit.documents.default,
    ) -> dict[str, Any]:
        """List the documents (doc_id, name, overview, top sections, tags) and any refused IR files."""
        return call(tools.list_documents, query, offset, limit)

    @tool
    def toc(
        doc: Doc,
        node: OptNode = None,
        max_depth: Annotated[int | None, Field(description="levels below the node", ge=0)] = None,
        offset: Offset = 0,
        limit: bounded(Limit.toc, "rows") = Limit.toc.default,
    ) -> dict[str, Any]:
        """Table of contents of a document (or below a node): node ids, titles, depth, pages/lines, tokens."""
        return call(tools.toc, doc, node, max_depth, offset, limit)

    @tool
    def open_node(
        doc: Doc,
        node: Node,
        max_children: bounded(Limit.children, "children listed") = Limit.children.default,
    ) -> dict[str, Any]:
        """Open a node: its citation, summary, text size and preview, and its children with descriptions."""
        return call(tools.open_node, doc, node, max_children)

    @tool
    def read_text(
        doc: Doc,
        node: Node,
        offset: Annotated[
            int, Field(description="character offset (next_offset of the previous page)", ge=0)
        ] = 0,
        max_chars: bounded(Limit.page, "characters per page") = Limit.page.default,
        subtree: Annotated[
            bool, Field(description="read the node and everything below it")
        ] = False,
    ) -> dict[str, Any]:
        """Read a node's text one page at a time; call again with next_offset until it is null."""
        return call(tools.read_text, doc, node, offset, max_chars, subtree)

    @tool
    def find(
        query: Annotated[str, Field(description="text to look for (case-insensitive)")],
        doc: OptDoc = None,
        node: OptNode = None,
        limit: bounded(Limit.find, "results") = Limit.find.default,
    ) -> dict[str, Any]:
        """Find nodes whose title (first) or text contains a string, with snippets."""
        return call(tools.find, query, doc, node, limit)

    @tool
    def grep(
        pattern: Annotated[str, Field(description="regular expression (Python syntax)")],
        doc: OptDoc = None,
        node: OptNode = None,
        ignore_case: bool = True,
        limit: bounded(Limit.grep, "lines") = Limit.grep.default,
    ) -> dict[str, Any]:
        """Lines matching a regular expression, with their node and line number."""
        return call(tools.grep, pattern, doc, node, ignore_case, limit)

    if llm is None:

        @tool
        def locate(
            query: Annotated[str, Field(description="the question or topic")],
            doc: OptDoc = None,
            k: bounded(Limit.hits, "hits") = Limit.hits.default,
        ) -> dict[str, Any]:
            """Rank the sections that best answer a question (in one document or across the folder), with citations and reasons."""
            return call(tools.locate, query, doc, k)

    else:

        @tool
        def locate(
            query: Annotated[str, Field(description="the question or topic")],
            doc: OptDoc = None,  # noqa: F811
            k: bounded(Limit.hits, "hits") = Limit.hits.default,
            guided: Annotated[
                bool,
                Field(
                    description=f"let the server's LLM read the table of contents first (at most {tools.GUIDED_CALLS} LLM calls; slower)"
                ),
            ] = False,
        ) -> dict[str, Any]:
            """Rank the sections that best answer a question (in one document or across the folder), with citations and reasons."""
            return call(tools.locate, query, doc, k, guided)

    @tool
    def similar(
        doc: Doc,
        node: OptNode = None,
        limit: bounded(Limit.related, "rows") = Limit.related.default,
    ) -> dict[str, Any]:
        """Sections whose content overlaps a node's; without a node, the document's overlapping and duplicate sections."""
        return call(tools.similar, doc, node, limit)

    @tool
    def chains(
        doc: Doc,
        node: OptNode = None,
        limit: bounded(Limit.related, "chains") = Limit.related.default,
    ) -> dict[str, Any]:
        """Reference chains (e.g. 'see Section 3.1') through a node, or all chains of the document."""
        return call(tools.chains, doc, node, limit)

    @tool
    def evidence(
        items: Annotated[
            list[EvidenceItem],
            Field(description=f"the sections relied on (at most {Limit.refs.high})"),
        ],
        excerpt_chars: bounded(
            Limit.excerpt, "characters of text per item"
        ) = Limit.excerpt.default,
    ) -> dict[str, Any]:
        """Citations for the sections an answer relies on: document, node id, title path, pages or lines, excerpt."""
        return call(evidence_mod.evidence, [i.model_dump() for i in items], excerpt_chars)

    return server


def serve(
    folder: str | os.PathLike[str],
    *,
    http: bool = False,
    port: int = 8765,
    llm: LLMClient | None = None,
) -> None:
    """Run the server over stdio, or over streamable HTTP on 127.0.0.1:`port` (path /mcp)."""
    server = build_server(folder, llm=llm)
    if http:
        server.run("streamable-http", host="127.0.0.1", port=port)
    else:
        server.run("stdio")
