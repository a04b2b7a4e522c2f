"""An MCP server over a folder of compiled Document IRs (`vectorless mcp`).

Agents reach the IRs where they live: the tools mirror the navigator (list documents, toc,
open, read in pages, find/grep, locate, similar, chains, evidence), are stateless (each
call names its document and node) and read-only. `tools.py`, `locating.py` and
`evidence.py` hold the tool functions (plain data over a `Library`, no SDK; their signatures,
typed with `params.py`, are the tools' input schemas), `registry.py` lists them with their
descriptions, `server.py` registers that list on the `mcp` SDK. The SDK is
imported only when `build_server` or `serve` is called; `serve` is the one way to run the
server (`vectorless mcp` calls it).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = ["build_server", "serve"]

#: The HTTP port `serve` (and `vectorless mcp --http`) listens on unless told.
DEFAULT_PORT = 8765


def build_server(folder: str | os.PathLike[str], **options: Any) -> MCPServer:
    """An MCP server over the IR files in `folder` (see `server.build_server`)."""
    from vectorless_assets.mcp_server.server import build_server as build

    return build(folder, **options)


def serve(
    folder: str | os.PathLike[str],
    *,
    http: bool = False,
    port: int = DEFAULT_PORT,
    llm: Any = None,
    ready: Callable[[str], None] | None = None,
) -> None:
    """Serve `folder` over stdio, or streamable HTTP on 127.0.0.1:`port` (path /mcp); `llm`
    (an `LLMClient`) offers the guided `locate`. `ready` is called with where it serves
    ("stdio" or the URL) once the server is built, before it runs (until stopped)."""
    server = build_server(folder, llm=llm)
    if ready is not None:
        ready(f"http://127.0.0.1:{port}/mcp" if http else "stdio")
    if http:
        from vectorless_assets.mcp_server.server import serve_http

        serve_http(server, port=port)  # bounded connections and request bodies
    else:
        server.run("stdio")
