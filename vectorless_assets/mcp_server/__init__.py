"""An MCP server over a folder of compiled Document IRs (`vectorless mcp`).

Agents reach the IRs where they live: the tools mirror the navigator (list documents, toc,
open, read in pages, find/grep, locate, similar, chains, evidence), are stateless (each
call names its document and node) and read-only. `tools.py` holds the tool functions
(plain data over a `Library`, no SDK), `server.py` the wiring on the `mcp` SDK. The SDK is
imported only when `build_server` or `serve` is called.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

__all__ = ["build_server", "serve"]


def build_server(folder: str | os.PathLike[str], **options: Any) -> MCPServer:
    """An MCP server over the IR files in `folder` (see `server.build_server`)."""
    from vectorless_assets.mcp_server.server import build_server as build

    return build(folder, **options)


def serve(
    folder: str | os.PathLike[str], *, http: bool = False, port: int = 8765, llm: Any = None
) -> None:
    """Serve `folder` over stdio, or streamable HTTP on 127.0.0.1:`port` (see `server.serve`);
    `llm` (an `LLMClient`) offers the guided `locate`."""
    from vectorless_assets.mcp_server.server import serve as run

    run(folder, http=http, port=port, llm=llm)
