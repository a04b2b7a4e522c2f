"""SDK wiring: the tools of `registry.TOOLS` registered on an `mcp` `MCPServer` by one loop.

Each tool gets a JSON schema from its function's typed, described parameters (`params`) and its
one-line description; the SDK's arguments reach the function by keyword. A call holds no lock while
it computes (`library`: it reads the catalog's current snapshot); a target that does not resolve, an
ambiguous title or a refused IR comes back as a tool error (``isError``) whose text starts ``invalid
request:`` and gives the navigator's message; any other failure is a tool error starting ``server
error:`` (logged on the server's stderr), never a crashed server. Error texts are cut to
`MAX_ERROR_CHARS` (an argument echoed back never makes a 5 MB error). Results larger than
`MAX_RESULT_CHARS` are refused with a hint to narrow them; titles are cut in every result
(`bounds.listed`). Everything is read-only.

Over HTTP (`serve_http`) the server bounds what clients can hold: at most `MAX_CONNECTIONS`
connections and requests at once (more are answered 503 at once), request bodies of at most
`MAX_BODY_BYTES` (a bigger one is answered 413 without being read: its declared length, or as
it arrives). 150 connections each sending a 3.9 MB body added 700 MB that stayed after they
closed; the bounds keep the bodies in flight under 64 MB."""

from __future__ import annotations

import inspect
import json
import logging
import os
from collections.abc import Callable
from typing import Any

from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations

from vectorless_assets.ir.errors import IRIntegrityError
from vectorless_assets.llm.protocol import LLMClient
from vectorless_assets.mcp_server.bounds import (
    MAX_ERROR_CHARS,
    MAX_RESULT_CHARS,
    listed,
    shorten,
)
from vectorless_assets.mcp_server.library import CHECK_EVERY, Library
from vectorless_assets.mcp_server.registry import TOOLS, ToolSpec
from vectorless_assets.navigator import NavigationError
from vectorless_assets.version import __version__

#: HTTP connections (and requests in progress) at once; more are answered 503.
MAX_CONNECTIONS = 256
#: Largest HTTP request body (a tool call is a few kilobytes); bigger ones are answered 413.
MAX_BODY_BYTES = 256 * 1024

READ_ONLY = ToolAnnotations(
    read_only_hint=True, destructive_hint=False, idempotent_hint=True, open_world_hint=False
)

INSTRUCTIONS = """Compiled documents (Document IRs), navigable like a table of contents.
Start with list_documents (what each document covers) or locate (best sections for a
question, across the folder or in one document). Navigate with toc and open_node, read
with read_text (paged: follow next_offset), search with find/grep, follow similar and
chains, and cite with evidence. Every call names its document (doc_id, prefix or name)
and node (node id, title, or title path "A > B"); the server keeps no cursor."""


def keyword_tool(
    spec: ToolSpec, call: Callable[..., Any], *, llm: bool
) -> Callable[..., dict[str, Any]]:
    """A function with `spec`'s parameters (its signature and annotations, for the SDK's
    schema) that runs the tool through `call`, passing every argument by keyword."""

    def run(**arguments: Any) -> Any:
        return call(spec.fn, **arguments)

    params = spec.parameters(llm=llm)
    run.__name__ = run.__qualname__ = spec.name
    run.__doc__ = spec.description
    run.__signature__ = inspect.Signature(params, return_annotation=dict[str, Any])  # type: ignore[attr-defined]
    run.__annotations__ = {p.name: p.annotation for p in params} | {"return": dict[str, Any]}
    return run


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

    def call(fn: Callable[..., dict[str, Any]], **arguments: Any) -> Any:
        """Run a tool function; its result goes out as compact JSON text plus structured content."""
        try:  # no lock: the tool computes over the catalog's current snapshot
            result = listed(fn(lib, **arguments))  # titles cut: `read_text` has them whole
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
                f"result too large ({len(text):,} characters): narrow it with limit, "
                "max_depth, max_chars or a node"
            )
        return CallToolResult(
            content=[TextContent(type="text", text=text)], structured_content=result
        )

    for spec in TOOLS:
        server.add_tool(
            keyword_tool(spec, call, llm=llm is not None),
            name=spec.name,
            description=spec.description,
            annotations=READ_ONLY,
        )
    return server


def serve_http(server: MCPServer, *, host: str = "127.0.0.1", port: int) -> None:
    """Run `server` as streamable HTTP on `host`:`port` (path /mcp) until stopped, with
    `MAX_CONNECTIONS` and `MAX_BODY_BYTES` (the SDK's own `run` sets neither bound)."""
    import uvicorn

    app = server.streamable_http_app(max_request_body_size=MAX_BODY_BYTES, host=host)
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", limit_concurrency=MAX_CONNECTIONS
    )
    uvicorn.Server(config).run()
